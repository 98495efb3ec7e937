import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { partnerContacts } from './tables';
import { courierContact as courier, sellerContact as seller } from './test-partners';

let server: TestServer;
let sk: number;
let pl: number;
let multiToken: string;

const SAVE = 'mutation($id: ID, $input: ContactInput!) { saveContact(id: $id, input: $input) { id } }';

const asSk = () => ({ token: multiToken, partnerId: sk });
const asPl = () => ({ token: multiToken, partnerId: pl });

async function rowsOf(partnerId: number) {
  return server.database.db.select().from(partnerContacts).where(eq(partnerContacts.partnerId, partnerId));
}

beforeAll(async () => {
  server = await startTestServer();
  sk = await partnerIdByShop(server.database, '100002');
  pl = await partnerIdByShop(server.database, '100003');
  multiToken = (await server.login('multi@demo.test')).token;
});
afterAll(async () => server?.close());

describe('MALL Delivery contact', () => {
  it('is exactly one, also when two are sent at once', async () => {
    const results = await Promise.all(
      ['karel', 'marta'].map((name) =>
        server.gql(
          SAVE,
          { input: { ...courier, email: `${name}@zahrada-demo.sk`, phone: '+421 905 111 222' } },
          asSk(),
        ),
      ),
    );
    expect(results.map((r) => codeOf(r) ?? 'saved').sort()).toEqual(['MALL_DELIVERY_CONTACT_NOT_UNIQUE', 'saved']);
    expect((await rowsOf(sk)).filter((c) => c.roles.includes('MALL_DELIVERY'))).toHaveLength(1);
  });
});

describe('contact limit', () => {
  // docs/security.md promise 31: 50 contacts per partner.
  it('keeps at most 50 contacts, counted even when requests race', async () => {
    const have = (await rowsOf(pl)).length;
    await server.database.db.insert(partnerContacts).values(
      Array.from({ length: 50 - have - 1 }, (_, i) => ({
        partnerId: pl,
        ...seller,
        email: `c${i}@dom-demo.pl`,
      })),
    );
    const results = await Promise.all(
      [1, 2, 3].map((n) => server.gql(SAVE, { input: { ...seller, email: `last${n}@dom-demo.pl` } }, asPl())),
    );
    expect(results.map((r) => codeOf(r) ?? 'saved').sort()).toEqual([
      'CONTACT_LIMIT_EXCEEDED',
      'CONTACT_LIMIT_EXCEEDED',
      'saved',
    ]);
    expect(await rowsOf(pl)).toHaveLength(50);
  });
});
