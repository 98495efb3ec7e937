import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { PRODUCT_ACTIVATION_JOB, PRODUCT_BATCH_JOB } from './jobs';

let server: TestServer;
let cz: number;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  token = (await server.login('partner@demo.test')).token;
});
afterAll(async () => server?.close());

const ACTIVATE = 'mutation { productsActivateAll { jobId } }';

describe('activate all', () => {
  // docs/security.md promise 22: one products job per partner, decided under a lock on the partner.
  it('queues one job of five parallel clicks and refuses the rest', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => server.gql(ACTIVATE, {}, { token, partnerId: cz })),
    );
    expect(answers.filter((a) => !a.errors)).toHaveLength(1);
    expect(answers.map(codeOf).filter(Boolean)).toEqual(Array(4).fill('PRODUCT_JOB_IN_PROGRESS'));
    const { rows } = await server.database.executeSql(
      `select count(*)::int as n from pgboss.job where name = any($1::text[]) and (data->>'partnerId')::int = $2`,
      [[PRODUCT_ACTIVATION_JOB, PRODUCT_BATCH_JOB], cz],
    );
    expect(rows).toEqual([{ n: 1 }]);
  });
});
