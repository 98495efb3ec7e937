import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/tables';
import { setFeatureFlag } from '../../platform/flags/service';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { revokePolicies } from '../catalog/test-fixtures';
import { partnerAddresses, partners } from './tables';

let server: TestServer;
let cz: number;
let sk: number;
let czToken: string;
let multiToken: string;
let limitedToken: string;

const FIELDS = 'id street city state zip types';
const GRID = `query($grid: GridInput) { addressesGrid(grid: $grid) { items { ${FIELDS} } total page perPage nextCursor } }`;
const SAVE = `mutation($id: ID, $input: AddressInput!) { saveAddress(id: $id, input: $input) { ${FIELDS} } }`;
const DELETE = 'mutation($id: ID!) { deleteAddress(id: $id) }';
const STATE_ALLOWED = 'query($s: String!, $t: [String!]!) { addressStateAllowed(stateCode: $s, types: $t) }';

type Address = { id: string; street: string; city: string; state: string; zip: string; types: string[] };
type Page = { items: Address[]; total: number; page: number; perPage: number; nextCursor: string | null };

const warehouse = { street: 'Kurýrní 1', city: 'Brno', state: 'CZ', zip: '602 00', types: ['MDP_WAREHOUSE'] };
const plain = { street: 'Skladová 5', city: 'Brno', state: 'CZ', zip: '602 00', types: ['WAREHOUSE'] };

const asCz = () => ({ token: czToken, partnerId: cz });
const asSk = () => ({ token: multiToken, partnerId: sk });

async function grid(as: { token: string; partnerId: number }, request: Record<string, unknown> = {}) {
  const result = await server.gql<{ addressesGrid: Page }>(GRID, { grid: request }, as);
  expect(result.errors).toBeUndefined();
  return result.data!.addressesGrid;
}

async function rowsOf(partnerId: number) {
  return server.database.db.select().from(partnerAddresses).where(eq(partnerAddresses.partnerId, partnerId));
}

async function setMdp(partnerId: number, status: string) {
  await server.database.db.update(partners).set({ mdpStatus: status }).where(eq(partners.id, partnerId));
}

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  await revokePolicies(server.database.db, 'limited@demo.test', cz, 'partner', ['create', 'update', 'delete']);
  czToken = (await server.login('partner@demo.test')).token;
  multiToken = (await server.login('multi@demo.test')).token;
  limitedToken = (await server.login('limited@demo.test')).token;
});
afterAll(async () => server?.close());

describe('addresses grid', () => {
  it('shows 10 addresses a page whatever the caller asks, and pages on by cursor', async () => {
    const first = await grid(asCz(), { perPage: 50 });
    expect(first.perPage).toBe(10);
    expect(first.items).toHaveLength(10);
    expect(first.total).toBe(14);
    const second = await grid(asCz(), { perPage: 50, page: 2, after: first.nextCursor });
    expect(second.items).toHaveLength(4);
    const ids = [...first.items, ...second.items].map((a) => a.id);
    expect(new Set(ids).size).toBe(14);
    expect(second.nextCursor).toBeNull();
  });

  it('filters by type, sorts and searches', async () => {
    const mdp = await grid(asCz(), {
      filters: [{ field: 'types', operator: 'IN', values: ['MDP_WAREHOUSE', 'MAIN_WAREHOUSE'] }],
    });
    expect(mdp.items.map((a) => a.city).sort()).toEqual(['Brno', 'Jihlava']);
    const notWarehouses = await grid(asCz(), { filters: [{ field: 'types', operator: 'NIN', values: ['WAREHOUSE'] }] });
    expect(notWarehouses.total).toBe(4);
    const sorted = await grid(asCz(), { sort: { field: 'city', direction: 'ASCENDING' } });
    expect(sorted.items[0]!.city).toBe('Bratislava');
    const searched = await grid(asCz(), { search: 'olomouc' });
    expect(searched.items.map((a) => a.street)).toEqual(['Polní 33']);
    const foreign = await grid(asCz(), { filters: [{ field: 'state', operator: 'EQUAL', value: 'pl' }] });
    expect(foreign.items.map((a) => a.city)).toEqual(['Katowice']);
  });

  it('refuses a filter on a type that does not exist, with a translated error', async () => {
    const result = await server.gql(
      GRID,
      { grid: { filters: [{ field: 'types', operator: 'IN', values: ['CASTLE'] }] } },
      asCz(),
    );
    expect(codeOf(result)).toBe('VALIDATION_ERROR');
  });

  it("never shows another partner's addresses", async () => {
    const page = await grid(asSk());
    expect(page.total).toBe(3);
    expect(page.items.every((a) => a.state === 'SK')).toBe(true);
  });

  it('lets an account read without changing, and refuses one without the partner resource', async () => {
    expect((await grid({ token: limitedToken, partnerId: cz })).total).toBe(14);
    const [someone] = (await grid(asCz())).items;
    expect(codeOf(await server.gql(SAVE, { input: plain }, { token: limitedToken, partnerId: cz }))).toBe(
      'ACCESS_DENIED',
    );
    expect(
      codeOf(await server.gql(SAVE, { id: someone!.id, input: plain }, { token: limitedToken, partnerId: cz })),
    ).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(DELETE, { id: someone!.id }, { token: limitedToken, partnerId: cz }))).toBe(
      'ACCESS_DENIED',
    );
    await revokePolicies(server.database.db, 'limited@demo.test', cz, 'partner', ['read']);
    // The policy cache learns of the change as the permissions editor would announce it.
    await server.app.platform.authCache.changed({ all: true });
    const denied = await server.gql(GRID, {}, { token: limitedToken, partnerId: cz });
    expect(codeOf(denied)).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(STATE_ALLOWED, { s: 'CZ', t: [] }, { token: limitedToken, partnerId: cz }))).toBe(
      'ACCESS_DENIED',
    );
  });
});

describe('MALL Delivery warehouse', () => {
  it('is unique per partner: a second one is refused and nothing is written', async () => {
    const before = await rowsOf(cz);
    const result = await server.gql(SAVE, { input: warehouse }, asCz());
    expect(codeOf(result)).toBe('MDP_WAREHOUSE_NOT_UNIQUE');
    expect(result.errors![0]!.message).toBe('There can be only one MALL Delivery warehouse address.');
    expect(await rowsOf(cz)).toHaveLength(before.length);
  });

  it('stands alone, needs every field, and only in a supported country', async () => {
    expect(
      codeOf(await server.gql(SAVE, { input: { ...warehouse, types: ['MDP_WAREHOUSE', 'WAREHOUSE'] } }, asSk())),
    ).toBe('MDP_WAREHOUSE_STANDALONE_TYPE');
    const blank = await server.gql(SAVE, { input: { ...warehouse, city: ' ', zip: '' } }, asSk());
    expect(codeOf(blank)).toBe('MDP_WAREHOUSE_ALL_FIELDS_MANDATORY');
    expect(blank.errors![0]!.extensions).toMatchObject({
      fields: [
        { field: 'city', rule: 'required' },
        { field: 'zip', rule: 'required' },
      ],
    });
    const austria = await server.gql(SAVE, { input: { ...warehouse, state: 'AT', zip: '1010' } }, asSk());
    expect(codeOf(austria)).toBe('MDP_WAREHOUSE_UNSUPPORTED_COUNTRY');
    expect(austria.errors![0]!.message).toBe(
      'Selected country is not allowed for address type MALL Delivery warehouse',
    );
    const czech = await server.gql(
      SAVE,
      { input: { ...warehouse, state: 'AT', zip: '1010' } },
      { ...asSk(), lang: 'cs' },
    );
    expect(czech.errors![0]!.message).not.toBe(austria.errors![0]!.message);
    // An ordinary address may be anywhere.
    expect((await server.gql(SAVE, { input: { ...plain, state: 'AT', zip: '1010' } }, asSk())).errors).toBeUndefined();
    expect((await rowsOf(sk)).filter((r) => r.types.includes('MDP_WAREHOUSE'))).toHaveLength(0);
  });

  it('takes Croatia only while the Croatian market is on, and says so through the state check', async () => {
    const croatian = { ...warehouse, state: 'HR', zip: '10000' };
    expect(codeOf(await server.gql(SAVE, { input: croatian }, asSk()))).toBe('MDP_WAREHOUSE_UNSUPPORTED_COUNTRY');
    const allowed = (s: string, t: string[]) =>
      server
        .gql<{ addressStateAllowed: boolean }>(STATE_ALLOWED, { s, t }, asSk())
        .then((r) => r.data!.addressStateAllowed);
    expect(await allowed('HR', ['MDP_WAREHOUSE'])).toBe(false);
    expect(await allowed('HR', ['WAREHOUSE'])).toBe(true);
    expect(await allowed('sk', ['MDP_WAREHOUSE'])).toBe(true);
    await setFeatureFlag(server.database.db, 'croatiaEnabled', true);
    try {
      expect(await allowed('HR', ['MDP_WAREHOUSE'])).toBe(true);
      const saved = await server.gql<{ saveAddress: Address }>(SAVE, { input: croatian }, asSk());
      expect(saved.errors).toBeUndefined();
      expect(codeOf(await server.gql(DELETE, { id: saved.data!.saveAddress.id }, asSk()))).toBeUndefined();
    } finally {
      await setFeatureFlag(server.database.db, 'croatiaEnabled', false);
    }
  });

  it('cannot be deleted nor turned into another type while MALL Delivery is active', async () => {
    const [mine] = (await rowsOf(cz)).filter((r) => r.types.includes('MDP_WAREHOUSE'));
    const id = String(mine!.id);
    const gone = await server.gql(DELETE, { id }, asCz());
    expect(codeOf(gone)).toBe('MDP_WAREHOUSE_ADDRESS_MANDATORY');
    expect(codeOf(await server.gql(SAVE, { id, input: { ...plain, types: ['WAREHOUSE'] } }, asCz()))).toBe(
      'MDP_WAREHOUSE_ADDRESS_MANDATORY',
    );
    // Still its own: it may move within a supported country.
    const moved = await server.gql<{ saveAddress: Address }>(
      SAVE,
      { id, input: { ...warehouse, city: 'Třebíč', zip: '674 01' } },
      asCz(),
    );
    expect(moved.data!.saveAddress.city).toBe('Třebíč');
    await setMdp(cz, 'inactive');
    try {
      expect(codeOf(await server.gql(SAVE, { id, input: { ...plain, types: ['WAREHOUSE'] } }, asCz()))).toBeUndefined();
      expect(codeOf(await server.gql(DELETE, { id }, asCz()))).toBeUndefined();
      const audits = await server.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.partnerId, cz), eq(auditLog.action, 'partner.address.delete')));
      expect(audits).toEqual([expect.objectContaining({ entityId: id, data: { types: ['WAREHOUSE'] } })]);
      const again = await server.gql<{ saveAddress: Address }>(SAVE, { input: warehouse }, asCz());
      expect(again.errors).toBeUndefined();
    } finally {
      await setMdp(cz, 'active');
    }
  });
});
