import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { partnerAddresses, partners } from './tables';

let server: TestServer;
let pl: number;
let multiToken: string;

const SAVE = 'mutation($id: ID, $input: AddressInput!) { saveAddress(id: $id, input: $input) { id } }';

const warehouse = { street: 'Kurýrní 1', city: 'Brno', state: 'CZ', zip: '602 00', types: ['MDP_WAREHOUSE'] };
const plain = { street: 'Skladová 5', city: 'Brno', state: 'CZ', zip: '602 00', types: ['WAREHOUSE'] };

const asPl = () => ({ token: multiToken, partnerId: pl });

async function rowsOf(partnerId: number) {
  return server.database.db.select().from(partnerAddresses).where(eq(partnerAddresses.partnerId, partnerId));
}

async function setMdp(partnerId: number, status: string) {
  await server.database.db.update(partners).set({ mdpStatus: status }).where(eq(partners.id, partnerId));
}

beforeAll(async () => {
  server = await startTestServer();
  pl = await partnerIdByShop(server.database, '100003');
  multiToken = (await server.login('multi@demo.test')).token;
});
afterAll(async () => server?.close());

describe('MALL Delivery warehouse', () => {
  it('lets exactly one of two parallel warehouses pass', async () => {
    await setMdp(pl, 'inactive');
    const results = await Promise.all(
      [warehouse, { ...warehouse, street: 'Kurýrní 2' }].map((input) =>
        server.gql(SAVE, { input: { ...input, state: 'PL', zip: '00-950' } }, asPl()),
      ),
    );
    expect(results.map((r) => codeOf(r) ?? 'saved').sort()).toEqual(['MDP_WAREHOUSE_NOT_UNIQUE', 'saved']);
    const rows = await rowsOf(pl);
    expect(rows.filter((r) => r.types.includes('MDP_WAREHOUSE'))).toHaveLength(1);
  });
});

describe('address limit', () => {
  // docs/security.md promise 31: 50 addresses per partner.
  it('keeps at most 50 addresses, counted even when requests race', async () => {
    const have = (await rowsOf(pl)).length;
    await server.database.db.insert(partnerAddresses).values(
      Array.from({ length: 50 - have - 1 }, (_, i) => ({
        partnerId: pl,
        ...plain,
        street: `Street ${i}`,
      })),
    );
    const results = await Promise.all(
      [1, 2, 3].map((n) =>
        server.gql(SAVE, { input: { ...plain, street: `Last ${n}`, state: 'PL', zip: '00-950' } }, asPl()),
      ),
    );
    expect(results.map((r) => codeOf(r) ?? 'saved').sort()).toEqual([
      'ADDRESS_LIMIT_EXCEEDED',
      'ADDRESS_LIMIT_EXCEEDED',
      'saved',
    ]);
    expect(await rowsOf(pl)).toHaveLength(50);
    const full = await server.gql(SAVE, { input: { ...plain, state: 'PL', zip: '00-950' } }, { ...asPl(), lang: 'pl' });
    expect(codeOf(full)).toBe('ADDRESS_LIMIT_EXCEEDED');
  });
});
