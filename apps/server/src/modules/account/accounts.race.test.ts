import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, startTestServer, type TestServer } from '../../test/harness';
import { administratorCount } from './people';
import { liveSellers, partnerWithoutMaster } from './test-accounts';

let server: TestServer;
let sellers: string[];

const UNLINK = 'mutation($id: ID!) { unlinkPartnerAccount(accountId: $id) }';

beforeAll(async () => {
  server = await startTestServer();
  sellers = await liveSellers(server);
});
afterAll(async () => server?.close());

describe('never fewer than one administrator', () => {
  it('lets only one of two administrators unlinking each other at once succeed', async () => {
    const { partnerId, owner, second } = await partnerWithoutMaster(server, sellers[2]!, 2);
    const results = await Promise.all([
      server.gql(UNLINK, { id: second.id }, { token: owner.token, partnerId }),
      server.gql(UNLINK, { id: owner.id }, { token: second.token, partnerId }),
    ]);
    expect(results.filter((r) => r.data?.unlinkPartnerAccount === true)).toHaveLength(1);
    expect(results.map(codeOf).filter(Boolean)).toHaveLength(1);
    expect(await administratorCount(server.database.db, partnerId)).toBe(1);
  });
});
