import { shopDay } from '@pp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { orderItemCommission } from './lookup';

let server: TestServer;
let admin: string;
let partner: string;
let czId: number;
let skId: number;
let today: string;
let year: number;
const cat: Record<string, number> = {};

interface Node {
  id: string;
  priceListItemId: string | null;
  name: string;
  level: number;
  commission: number | null;
  effectiveCommission: number;
  brands: { brandId: string; name: string; commission: number }[];
  children: Node[];
}
interface Version {
  id: string;
  priceListId: string;
  validFrom: string;
  validTo: string | null;
  state: string;
  commission: number;
}

const NODE = 'id priceListItemId name level commission effectiveCommission brands { brandId name commission }';
const TREE = `tree { ${NODE} children { ${NODE} children { ${NODE} } } }`;
const VERSION = 'version { id priceListId validFrom validTo state commission }';
const PRICE_LIST = `{ priceList { priceList { ${VERSION} ${TREE} next { id validFrom state } } fees { type amount currency } } }`;
const NEW_VERSION = `mutation($l: ID!, $f: String!, $c: Float) { cockpitCreatePriceListVersion(priceListId: $l, validFrom: $f, commission: $c) { ${VERSION} } }`;
const SET_NODE = `mutation($v: ID!, $c: ID!, $r: Float, $b: [PriceListBrandExceptionInput!]) {
  cockpitSetPriceListNode(versionId: $v, categoryId: $c, commission: $r, brands: $b) { ${VERSION} ${TREE} } }`;
const ASSIGN =
  'mutation($p: ID!, $l: ID!, $f: String) { cockpitAssignPriceList(partnerId: $p, priceListId: $l, validFrom: $f) }';
const LISTS = `query($s: String) { cockpitPriceLists(shopId: $s) { id name shopId versions { id validFrom validTo state } partners { id name } } }`;

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
/** Noon on a day in Prague (an order's instant well inside that shop day). */
const noon = (day: string) => new Date(`${day}T11:00:00Z`);

function find(tree: Node[], id: number): Node | undefined {
  for (const n of tree ?? []) {
    if (Number(n.id) === id) return n;
    const inner = find(n.children, id);
    if (inner) return inner;
  }
  return undefined;
}

async function readList(token: string, partnerId?: number) {
  const res = await server.gql<{
    priceList: {
      priceList: { version: Version; tree: Node[]; next: Version | null } | null;
      fees: { type: string; amount: number; currency: string }[];
    };
  }>(PRICE_LIST, {}, { token, ...(partnerId ? { partnerId } : {}) });
  expect(res.errors).toBeUndefined();
  return res.data!.priceList;
}

const commission = (categoryId: number, brandId: string | null, orderedAt: Date, partnerId = czId) =>
  orderItemCommission(server.database.db, { partnerId, shopId: 'CZ10MA', categoryId, brandId, orderedAt });

beforeAll(async () => {
  server = await startTestServer();
  admin = (await server.login('admin@demo.test')).token;
  partner = (await server.login('partner@demo.test')).token;
  czId = await partnerIdByShop(server.database, '100001');
  skId = await partnerIdByShop(server.database, '100002');
  today = shopDay(new Date(), 'CZ10MA');
  year = Number(today.slice(0, 4));
  const { rows } = await server.database.executeSql(
    "select id, names->>'en' as name from categories where shop_id = 'CZ10MA' and names->>'en' in ('Electronics', 'Phones', 'Smartphones', 'Phone cases', 'Fashion')",
  );
  for (const r of rows as { id: number; name: string }[]) cat[r.name] = r.id;
  const leaves = await server.database.executeSql(
    `select c.id, c.names->>'en' as name, p.names->>'en' as parent from categories c join categories p on p.id = c.parent_id
     where c.shop_id = 'CZ10MA' and c.level = 3 and p.names->>'en' = 'Phones' and c.names->>'en' not in ('Smartphones', 'Phone cases')
     order by c.id limit 1`,
  );
  cat.otherPhone = (leaves.rows[0] as { id: number }).id;
  const fashionLeaf = await server.database.executeSql(
    `select c.id from categories c join categories p on p.id = c.parent_id join categories d on d.id = p.parent_id
     where c.shop_id = 'CZ10MA' and c.level = 3 and d.names->>'en' = 'Fashion' order by c.id limit 1`,
  );
  cat.fashionLeaf = (fashionLeaf.rows[0] as { id: number }).id;
  const tv = await server.database.executeSql(
    `select c.id from categories c join categories p on p.id = c.parent_id join categories d on d.id = p.parent_id
     where c.shop_id = 'CZ10MA' and c.level = 3 and d.names->>'en' = 'Electronics' and p.names->>'en' <> 'Phones'
       and c.names->>'en' not in ('Laptops', 'Game consoles', 'Televisions', 'Memory cards') order by c.id limit 1`,
  );
  cat.electronicsLeaf = (tv.rows[0] as { id: number }).id;
});
afterAll(() => server.close());

describe("the partner's standard price list", () => {
  it('shows the tree in force with commissions per level, brand exceptions, validity and the fee types', async () => {
    const page = await readList(partner);
    const list = page.priceList!;
    expect(list.version).toMatchObject({ validFrom: `${year}-01-01`, validTo: null, state: 'ACTIVE', commission: 12 });
    const electronics = find(list.tree, cat.Electronics!)!;
    expect(electronics).toMatchObject({ level: 1, commission: 8, effectiveCommission: 8 });
    expect(find(list.tree, cat.Phones!)).toMatchObject({ level: 2, commission: 7, effectiveCommission: 7 });
    expect(find(list.tree, cat.otherPhone!)).toMatchObject({ level: 3, commission: null, effectiveCommission: 7 });
    const smartphones = find(list.tree, cat.Smartphones!)!;
    expect(smartphones).toMatchObject({ level: 3, commission: 6, effectiveCommission: 6 });
    expect(smartphones.brands).toEqual([
      { brandId: 'APPLE', name: 'Apple', commission: 5 },
      { brandId: 'SAMSUNG', name: 'Samsung', commission: 5 },
    ]);
    expect(page.fees).toHaveLength(5);
    expect(page.fees.find((f) => f.type === 'MONTHLY_FEE')).toEqual({
      type: 'MONTHLY_FEE',
      amount: 499,
      currency: 'CZK',
    });
  });

  it('keeps another partner out and refuses an account without the brands permission', async () => {
    expect(codeOf(await server.gql(PRICE_LIST, {}, { token: partner, partnerId: skId }))).toBe('ACCESS_DENIED');
    const multi = (await server.login('multi@demo.test')).token;
    const sk = await readList(multi, skId);
    const cz = await readList(partner);
    expect(sk.priceList!.version.priceListId).not.toBe(cz.priceList!.version.priceListId);
    expect(sk.fees.find((f) => f.type === 'MONTHLY_FEE')?.currency).toBe('EUR');

    const limited = await server.login('limited@demo.test');
    const { rows } = await server.database.executeSql("select id from accounts where email = 'limited@demo.test'");
    const limitedId = (rows[0] as { id: number }).id;
    await server.database.executeSql(
      "update access_policies set is_active = false where account_id = $1 and subject = 'brands'",
      [limitedId],
    );
    await server.app.platform.authCache.changed({ accounts: [limitedId] });
    expect(codeOf(await server.gql(PRICE_LIST, {}, { token: limited.token, partnerId: czId }))).toBe('ACCESS_DENIED');
  });

  it('refuses the operator commands to a partner', async () => {
    const listId = (await readList(partner)).priceList!.version.priceListId;
    const versionId = (await readList(partner)).priceList!.version.id;
    for (const [query, variables] of [
      [NEW_VERSION, { l: listId, f: addDays(today, 30) }],
      [SET_NODE, { v: versionId, c: cat.Smartphones, r: 1 }],
      [ASSIGN, { p: czId, l: listId }],
      [LISTS, {}],
      ['mutation { cockpitSetShopFee(shopId: "CZ10MA", type: "ORDER_FEE", amount: 1) { type } }', {}],
    ] as const) {
      expect(codeOf(await server.gql(query, variables, { token: partner }))).toBe('ACCESS_DENIED');
    }
    expect((await readList(partner)).fees.find((f) => f.type === 'ORDER_FEE')?.amount).toBe(5);
  });
});

describe('versions', () => {
  let listId: string;
  let currentId: string;
  let planned: Version;
  const changeDay = () => addDays(today, 10);

  it('adds a version from a later day as a copy, ending the current one there and leaving it intact', async () => {
    const before = (await readList(partner)).priceList!;
    listId = before.version.priceListId;
    currentId = before.version.id;
    const created = await server.gql<{ cockpitCreatePriceListVersion: { version: Version } }>(
      NEW_VERSION,
      { l: listId, f: changeDay() },
      { token: admin },
    );
    expect(created.errors).toBeUndefined();
    planned = created.data!.cockpitCreatePriceListVersion.version;
    expect(planned).toMatchObject({ validFrom: changeDay(), validTo: null, state: 'PLANNED', commission: 12 });

    const set = await server.gql<{ cockpitSetPriceListNode: { tree: Node[] } }>(
      SET_NODE,
      {
        v: planned.id,
        c: cat.Smartphones,
        r: 4,
        b: [
          { brandId: 'APPLE', commission: 3 },
          { brandId: 'XIAOMI', commission: 4.5 },
        ],
      },
      { token: admin },
    );
    expect(set.errors).toBeUndefined();
    expect(find(set.data!.cockpitSetPriceListNode.tree, cat.Smartphones!)).toMatchObject({
      commission: 4,
      brands: [
        { brandId: 'APPLE', commission: 3 },
        { brandId: 'XIAOMI', commission: 4.5 },
      ],
    });
    // The copy carried the rest of the tree over.
    expect(find(set.data!.cockpitSetPriceListNode.tree, cat.Phones!)?.commission).toBe(7);

    const after = (await readList(partner)).priceList!;
    expect(after.version).toMatchObject({ id: currentId, validTo: changeDay(), state: 'ACTIVE' });
    expect(after.next).toMatchObject({ id: planned.id, validFrom: changeDay(), state: 'PLANNED' });
    const smartphones = find(after.tree, cat.Smartphones!)!;
    expect(smartphones.commission).toBe(6);
    expect(smartphones.brands.map((b) => [b.brandId, b.commission])).toEqual([
      ['APPLE', 5],
      ['SAMSUNG', 5],
    ]);
  });

  it('never changes a version in force or over, and starts new ones only after today and the last', async () => {
    expect(codeOf(await server.gql(SET_NODE, { v: currentId, c: cat.Smartphones, r: 1 }, { token: admin }))).toBe(
      'PRICE_LIST_VERSION_LOCKED',
    );
    const lists = await server.gql<{ cockpitPriceLists: { versions: Version[] }[] }>(
      LISTS,
      { s: 'CZ10MA' },
      { token: admin },
    );
    const expired = lists.data!.cockpitPriceLists[0]!.versions.find((v) => v.state === 'EXPIRED')!;
    expect(expired).toMatchObject({ validFrom: `${year - 1}-01-01`, validTo: `${year}-01-01` });
    expect(codeOf(await server.gql(SET_NODE, { v: expired.id, c: cat.Smartphones, r: 1 }, { token: admin }))).toBe(
      'PRICE_LIST_VERSION_LOCKED',
    );

    const todayVersion = await server.gql(NEW_VERSION, { l: listId, f: today }, { token: admin });
    expect(todayVersion.errors?.[0]?.extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: [{ field: 'validFrom', rule: 'priceListValidFromPast' }],
    });
    const beforeLast = await server.gql(NEW_VERSION, { l: listId, f: addDays(today, 5) }, { token: admin });
    expect(beforeLast.errors?.[0]?.extensions.fields).toMatchObject([
      { field: 'validFrom', rule: 'priceListValidFromBeforeLast' },
    ]);
    expect(codeOf(await server.gql(NEW_VERSION, { l: 999_999, f: addDays(today, 50) }, { token: admin }))).toBe(
      'PRICE_LIST_NOT_FOUND',
    );
  });

  it('lets only one of two operators adding a version at once win, the other told why', async () => {
    const day = addDays(today, 40);
    const both = await Promise.all([
      server.gql(NEW_VERSION, { l: listId, f: day }, { token: admin }),
      server.gql(NEW_VERSION, { l: listId, f: day }, { token: admin }),
    ]);
    expect(both.map((r) => codeOf(r)).sort()).toEqual([undefined, 'VALIDATION_ERROR'].sort());
    const lists = await server.gql<{ cockpitPriceLists: { id: string; versions: Version[] }[] }>(
      LISTS,
      { s: 'CZ10MA' },
      { token: admin },
    );
    const versions = lists.data!.cockpitPriceLists.find((l) => l.id === listId)!.versions;
    expect(versions.filter((v) => v.validFrom === day)).toHaveLength(1);
    // The chain stays gapless: the planned version now ends where the newest begins.
    expect(versions.find((v) => v.id === planned.id)?.validTo).toBe(day);
  });

  it('refuses an unknown brand, a category of another shop and a commission out of range', async () => {
    const unknown = await server.gql(
      SET_NODE,
      { v: planned.id, c: cat.Smartphones, r: 4, b: [{ brandId: 'NOSUCHBRAND', commission: 2 }] },
      { token: admin },
    );
    expect(unknown.errors?.[0]?.extensions.fields).toMatchObject([
      { field: 'brands.0.brandId', rule: 'priceListBrandUnknown' },
    ]);
    const { rows } = await server.database.executeSql(
      "select id from categories where shop_id = 'SK10MA' and level = 1 limit 1",
    );
    const skCategory = (rows[0] as { id: number }).id;
    const foreign = await server.gql(SET_NODE, { v: planned.id, c: skCategory, r: 4 }, { token: admin });
    expect(foreign.errors?.[0]?.extensions.fields).toMatchObject([
      { field: 'categoryId', rule: 'priceListCategoryOutside' },
    ]);
    const high = await server.gql(SET_NODE, { v: planned.id, c: cat.Smartphones, r: 120 }, { token: admin });
    expect(high.errors?.[0]?.extensions.fields).toMatchObject([{ field: 'commission', rule: 'numberOutOfRange' }]);
  });

  it("charges each order item by the version in force on the order's day in the shop", async () => {
    const day = changeDay();
    const last = addDays(day, -1);
    // Before the change: the current version.
    expect(await commission(cat.Smartphones!, 'XIAOMI', noon(last))).toMatchObject({
      commission: 6,
      source: { kind: 'NODE', level: 3 },
      versionId: Number(currentId),
    });
    expect((await commission(cat.Smartphones!, 'APPLE', noon(last)))?.commission).toBe(5);
    // From the change on: the planned version, brand exceptions included.
    expect(await commission(cat.Smartphones!, 'XIAOMI', noon(day))).toMatchObject({
      commission: 4.5,
      source: { kind: 'BRAND', level: 3, brandId: 'XIAOMI' },
      versionId: Number(planned.id),
    });
    expect((await commission(cat.Smartphones!, 'APPLE', noon(day)))?.commission).toBe(3);
    expect((await commission(cat.Smartphones!, 'SAMSUNG', noon(day)))?.commission).toBe(4);
    // The first minutes of the day in Prague already count for that day (23:30 UTC the day before).
    expect((await commission(cat.Smartphones!, 'APPLE', new Date(`${last}T23:30:00Z`)))?.commission).toBe(3);
    // Inherited levels: a phone leaf without its own rate takes the category's, other electronics the division's.
    expect(await commission(cat.otherPhone!, 'APPLE', noon(day))).toMatchObject({
      commission: 7,
      source: { kind: 'NODE', level: 2 },
    });
    expect(await commission(cat.electronicsLeaf!, null, noon(day))).toMatchObject({
      commission: 8,
      source: { kind: 'NODE', level: 1 },
    });
    // Last year's version: electronics one point dearer.
    expect((await commission(cat.electronicsLeaf!, null, noon(`${year - 1}-06-15`)))?.commission).toBe(9);
    // Before any list of the partner: nothing to charge by.
    expect(await commission(cat.electronicsLeaf!, null, noon(`${year - 2}-06-15`))).toBeNull();
  });
});

describe('assignments and fees', () => {
  it("moves a partner to another list of its shop from a day, never into another shop's list or the past", async () => {
    const created = await server.gql<{ cockpitCreatePriceList: { version: Version } }>(
      'mutation { cockpitCreatePriceList(shopId: "CZ10MA", name: "Top sellers", commission: 9.5, validFrom: "' +
        today +
        '") { version { id priceListId state } } }',
      {},
      { token: admin },
    );
    expect(created.errors).toBeUndefined();
    const topId = created.data!.cockpitCreatePriceList.version.priceListId;
    const from = addDays(today, 20);
    expect(codeOf(await server.gql(ASSIGN, { p: czId, l: topId, f: from }, { token: admin }))).toBeUndefined();
    // Until that day the standard list applies; from it, the new list's default.
    expect((await commission(cat.electronicsLeaf!, null, noon(addDays(from, -1))))?.commission).toBe(8);
    expect(await commission(cat.electronicsLeaf!, null, noon(from))).toMatchObject({
      commission: 9.5,
      source: { kind: 'DEFAULT' },
      priceListId: Number(topId),
    });

    const sk = await server.gql<{ cockpitPriceLists: { id: string }[] }>(LISTS, { s: 'SK10MA' }, { token: admin });
    const mismatch = await server.gql(ASSIGN, { p: czId, l: sk.data!.cockpitPriceLists[0]!.id }, { token: admin });
    expect(mismatch.errors?.[0]?.extensions.fields).toMatchObject([
      { field: 'priceListId', rule: 'priceListShopMismatch' },
    ]);
    const past = await server.gql(ASSIGN, { p: czId, l: topId, f: addDays(today, -1) }, { token: admin });
    expect(past.errors?.[0]?.extensions.fields).toMatchObject([{ field: 'validFrom', rule: 'termsValidFromPast' }]);
    expect(codeOf(await server.gql(ASSIGN, { p: 999_999, l: topId }, { token: admin }))).toBe('ENTITY_NOT_FOUND');
  });

  it('keeps one source for onboarding step 2 and the price list: fee amounts and the commission list', async () => {
    const FEES =
      '{ fees { fees { type amount } commissions(search: "chytre telefony") { items { subcategory brands commission } } } }';
    const set = await server.gql(
      'mutation { cockpitSetShopFee(shopId: "CZ10MA", type: "ORDER_FEE", amount: 6) { type amount } }',
      {},
      { token: admin },
    );
    expect(set.errors).toBeUndefined();
    const fractional = await server.gql(
      'mutation { cockpitSetShopFee(shopId: "CZ10MA", type: "ORDER_FEE", amount: 6.5) { type } }',
      {},
      { token: admin },
    );
    expect(fractional.errors?.[0]?.extensions.fields).toMatchObject([{ field: 'amount', rule: 'numberOutOfRange' }]);
    expect((await readList(partner)).fees.find((f) => f.type === 'ORDER_FEE')?.amount).toBe(6);

    const onboarding = await server.gql<{
      fees: {
        fees: { type: string; amount: number }[];
        commissions: { items: { subcategory: string; brands: string[]; commission: number }[] };
      };
    }>(FEES, {}, { token: partner, lang: 'cs' });
    expect(onboarding.data?.fees.fees.find((f) => f.type === 'ORDER_FEE')?.amount).toBe(6);
    expect(onboarding.data?.fees.commissions.items).toEqual([
      { subcategory: 'Chytré telefony', brands: [], commission: 6 },
      { subcategory: 'Chytré telefony', brands: ['Apple', 'Samsung'], commission: 5 },
    ]);

    // A list in force from today with only a default: both readers show it at once.
    const created = await server.gql<{ cockpitCreatePriceList: { version: Version } }>(
      `mutation { cockpitCreatePriceList(shopId: "CZ10MA", name: "Flat", commission: 10, validFrom: "${today}") { version { priceListId } } }`,
      {},
      { token: admin },
    );
    expect(
      codeOf(
        await server.gql(
          ASSIGN,
          { p: czId, l: created.data!.cockpitCreatePriceList.version.priceListId },
          { token: admin },
        ),
      ),
    ).toBeUndefined();
    const flat = await server.gql<typeof onboarding.data>(FEES, {}, { token: partner, lang: 'cs' });
    expect(flat.data?.fees.commissions.items).toEqual([{ subcategory: 'Chytré telefony', brands: [], commission: 10 }]);
    const page = (await readList(partner)).priceList!;
    expect(page.version).toMatchObject({ commission: 10, state: 'ACTIVE' });
    expect(find(page.tree, cat.Smartphones!)).toMatchObject({ commission: null, effectiveCommission: 10, brands: [] });
  });
});
