import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, startTestServer, type TestServer } from '../../test/harness';
import { czPartnerWithoutTitle } from './test-partners';

let server: TestServer;
let twinA: number;
let twinB: number;
let single: number;
let czToken: string;

const SET_TITLE = 'mutation($t: String!) { setPublicTitle(title: $t) { publicTitle } }';

beforeAll(async () => {
  server = await startTestServer();
  twinA = await czPartnerWithoutTitle(server.database.db, 'Dvojče A s.r.o.');
  twinB = await czPartnerWithoutTitle(server.database.db, 'Dvojče B s.r.o.');
  single = await czPartnerWithoutTitle(server.database.db, 'Jediný s.r.o.');
  czToken = (await server.login('partner@demo.test')).token;
});
afterAll(async () => server?.close());

describe('public title', () => {
  it('lets exactly one of two partners of a shop claim the same title at once', async () => {
    const results = await Promise.all([
      server.gql(SET_TITLE, { t: 'Dvojčata' }, { token: czToken, partnerId: twinA }),
      server.gql(SET_TITLE, { t: 'dvojčata' }, { token: czToken, partnerId: twinB }),
    ]);
    const codes = results.map((r) => codeOf(r) ?? 'OK').sort();
    expect(codes).toEqual(['OK', 'PUBLIC_TITLE_TAKEN']);
  });

  it('lets one of two parallel first settings of one partner pass, the other finds it fixed', async () => {
    const as = { token: czToken, partnerId: single };
    const results = await Promise.all([
      server.gql(SET_TITLE, { t: 'Jediny A' }, as),
      server.gql(SET_TITLE, { t: 'Jediny B' }, as),
    ]);
    expect(results.map((r) => codeOf(r) ?? 'OK').sort()).toEqual(['OK', 'PUBLIC_TITLE_FIXED']);
  });
});
