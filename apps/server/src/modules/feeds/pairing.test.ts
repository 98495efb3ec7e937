import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/tables';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { categories } from '../catalog/tables';
import { revokePolicies } from '../catalog/test-fixtures';
import { noteHeurekaCategories } from './pairing';
import { heurekaCategories } from './tables-heureka';

let server: TestServer;
let cz: number;
let sk: number;
let token: string;
let limitedToken: string;
let readlessToken: string;

const HELMETS = 'Heureka.cz | Sport | Cyklistika | Přilby';
const SHOES = 'Heureka.cz | Móda | Boty';
const NONSENSE = 'Heureka.cz | Qwerty | Zxcvb';

const GRID = `query($grid: GridInput, $paired: Boolean) { heurekaCategories(grid: $grid, paired: $paired) {
  items { id categoryText itemCount categoryId categoryPath pairedBy pairedScore } total } }`;
const ONE = 'query($id: ID!) { heurekaCategory(id: $id) { id categoryText categoryId pairedBy } }';
const RECOMMEND = `query($id: ID!, $search: String) { heurekaCategoryRecommendations(id: $id, search: $search) {
  categoryId score name path locked } }`;
const PAIR = `mutation($id: ID!, $categoryId: Int!) { heurekaCategoryPair(id: $id, categoryId: $categoryId) {
  id categoryId categoryPath pairedBy pairedScore } }`;
const UNPAIR = 'mutation($id: ID!) { heurekaCategoryUnpair(id: $id) { id categoryId pairedBy } }';
const AUTO = 'mutation { heurekaCategoriesAutoPair }';

type Row = {
  id: string;
  categoryText: string;
  itemCount: number;
  categoryId: number | null;
  categoryPath: string[] | null;
  pairedBy: string | null;
  pairedScore: number | null;
};

async function leafId(shopId: string, en: string): Promise<number> {
  const [row] = await server.database.db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.shopId, shopId), sql`${categories.names}->>'en' = ${en}`));
  return row!.id;
}

async function note(partnerId: number, counts: [string, number][]) {
  return server.database.db.transaction((tx) => noteHeurekaCategories(tx, partnerId, new Map(counts)));
}

async function rowOf(partnerId: number, text: string) {
  const [row] = await server.database.db
    .select()
    .from(heurekaCategories)
    .where(and(eq(heurekaCategories.partnerId, partnerId), eq(heurekaCategories.categoryText, text)));
  return row!;
}

async function grid(variables: Record<string, unknown> = {}, as = token) {
  const result = await server.gql<{ heurekaCategories: { items: Row[]; total: number } }>(GRID, variables, {
    token: as,
    partnerId: cz,
    lang: 'en',
  });
  expect(result.errors).toBeUndefined();
  return result.data!.heurekaCategories;
}

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  await revokePolicies(server.database.db, 'limited@demo.test', cz, 'heurekaFeed', ['update']);
  // multi@ is a member of the Czech shop with every permission: here without reading the Heureka feed.
  await revokePolicies(server.database.db, 'multi@demo.test', cz, 'heurekaFeed', ['read']);
  token = (await server.login('partner@demo.test')).token;
  limitedToken = (await server.login('limited@demo.test')).token;
  readlessToken = (await server.login('multi@demo.test')).token;
});
afterAll(async () => server?.close());

describe('noting the categories a feed run saw', () => {
  it('keeps one row per path with its item count, and pairs a clear match automatically', async () => {
    const result = await note(cz, [
      [HELMETS, 12],
      ['Heureka.cz|Sport|Cyklistika|Přilby ', 3],
      [SHOES, 7],
      [NONSENSE, 1],
      ['', 4],
    ]);
    expect(result).toEqual({ noted: 3, autoPaired: 1 });
    const helmets = await rowOf(cz, HELMETS);
    expect(helmets).toMatchObject({
      itemCount: 15,
      categoryId: await leafId('CZ10MA', 'Bike helmets'),
      pairedBy: 'AUTO',
    });
    expect(helmets.pairedScore).toBeGreaterThan(0.8);
    // Shoes could be several leaves; nonsense is like none: both wait for a person.
    expect(await rowOf(cz, SHOES)).toMatchObject({ itemCount: 7, categoryId: null, pairedBy: null });
    expect(await rowOf(cz, NONSENSE)).toMatchObject({ categoryId: null, pairedBy: null });
  });

  it('refreshes the count on the next run and keeps the pairing', async () => {
    expect(await note(cz, [[HELMETS, 4]])).toEqual({ noted: 1, autoPaired: 0 });
    expect(await rowOf(cz, HELMETS)).toMatchObject({ itemCount: 4, pairedBy: 'AUTO' });
  });
});

describe('the feed categories grid', () => {
  it('lists the partner’s categories, paired or unpaired, with the paired category’s path, and searches them', async () => {
    const all = await grid();
    expect(all.items.map((r) => r.categoryText).sort()).toEqual([HELMETS, NONSENSE, SHOES].sort());
    const paired = await grid({ paired: true });
    expect(paired.items).toEqual([
      expect.objectContaining({ categoryText: HELMETS, categoryPath: ['Sport', 'Cycling', 'Bike helmets'] }),
    ]);
    const unpaired = await grid({ paired: false });
    expect(unpaired.items.map((r) => r.categoryText).sort()).toEqual([NONSENSE, SHOES].sort());
    const searched = await grid({ grid: { search: 'moda' } });
    expect(searched.items.map((r) => r.categoryText)).toEqual([SHOES]);
  });

  it('sums up how many categories are paired, automatically or by a person, and the items waiting', async () => {
    const result = await server.gql<{ heurekaCategorySummary: Record<string, number> }>(
      '{ heurekaCategorySummary { total paired pairedAutomatically unpaired unpairedItems } }',
      {},
      { token, partnerId: cz },
    );
    expect(result.data!.heurekaCategorySummary).toEqual({
      total: 3,
      paired: 1,
      pairedAutomatically: 1,
      unpaired: 2,
      unpairedItems: 8,
    });
  });

  it('never shows another partner’s categories', async () => {
    await note(sk, [['Heureka.sk | Móda | Topánky', 3]]);
    const all = await grid();
    expect(all.items.map((r) => r.categoryText)).not.toContain('Heureka.sk | Móda | Topánky');
  });
});

describe('recommendations', () => {
  it('ranks the shop’s categories for a feed category by similarity, best first, with their paths', async () => {
    const shoes = await rowOf(cz, SHOES);
    const result = await server.gql<{
      heurekaCategoryRecommendations: { categoryId: number; score: number; name: string; path: string[] }[];
    }>(RECOMMEND, { id: shoes.id }, { token, partnerId: cz, lang: 'en' });
    expect(result.errors).toBeUndefined();
    const list = result.data!.heurekaCategoryRecommendations;
    expect(list.length).toBeGreaterThan(1);
    expect(list.length).toBeLessThanOrEqual(20);
    expect(list.map((r) => r.score)).toEqual([...list.map((r) => r.score)].sort((a, b) => b - a));
    expect(list.slice(0, 3).map((r) => r.name)).toContain('Boots');
    expect(list[0]!.path.slice(0, 2)).toEqual(['Fashion', 'Shoes']);
    const shopIds = await server.database.db
      .select({ shopId: categories.shopId })
      .from(categories)
      .where(
        inArray(
          categories.id,
          list.map((r) => r.categoryId),
        ),
      );
    expect(new Set(shopIds.map((r) => r.shopId))).toEqual(new Set(['CZ10MA']));
  });

  it('narrows the list to what a person searches for, similar ones first', async () => {
    const shoes = await rowOf(cz, SHOES);
    const result = await server.gql<{ heurekaCategoryRecommendations: { name: string; score: number }[] }>(
      RECOMMEND,
      { id: shoes.id, search: 'sandaly' },
      { token, partnerId: cz, lang: 'en' },
    );
    expect(result.data!.heurekaCategoryRecommendations).toEqual([expect.objectContaining({ name: 'Sandals' })]);
  });
});

describe('pairing by a person', () => {
  it('pairs a feed category with a leaf, audited, and the grid shows it paired by a person', async () => {
    const shoes = await rowOf(cz, SHOES);
    const boots = await leafId('CZ10MA', 'Boots');
    const result = await server.gql<{ heurekaCategoryPair: Row }>(
      PAIR,
      { id: shoes.id, categoryId: boots },
      { token, partnerId: cz, lang: 'en' },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.heurekaCategoryPair).toMatchObject({
      categoryId: boots,
      categoryPath: ['Fashion', 'Shoes', 'Boots'],
      pairedBy: 'PERSON',
      pairedScore: null,
    });
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'heureka.category.pair'), eq(auditLog.entityId, String(shoes.id))));
    expect(audit).toMatchObject({ partnerId: cz, entity: 'heureka_category' });
    expect((await grid({ paired: true })).items.map((r) => r.categoryText).sort()).toEqual([HELMETS, SHOES].sort());
  });

  it('refuses a category that is not a leaf, another shop’s, or an unknown one, and changes nothing', async () => {
    const nonsense = await rowOf(cz, NONSENSE);
    const [group] = await server.database.db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.shopId, 'CZ10MA'), eq(categories.level, 2)))
      .limit(1);
    const pair = (categoryId: number) =>
      server.gql(PAIR, { id: nonsense.id, categoryId }, { token, partnerId: cz, lang: 'en' });
    expect(codeOf(await pair(group!.id))).toBe('HEUREKA_CATEGORY_NOT_LEAF');
    expect(codeOf(await pair(await leafId('SK10MA', 'Boots')))).toBe('CATEGORY_NOT_FOUND');
    expect(codeOf(await pair(999_999_999))).toBe('CATEGORY_NOT_FOUND');
    expect(await rowOf(cz, NONSENSE)).toMatchObject({ categoryId: null, pairedBy: null });
  });

  it('unpairs, audited, and the automatic pairing leaves a category a person unpaired alone', async () => {
    const helmets = await rowOf(cz, HELMETS);
    const result = await server.gql<{ heurekaCategoryUnpair: Row }>(
      UNPAIR,
      { id: helmets.id },
      { token, partnerId: cz },
    );
    expect(result.data!.heurekaCategoryUnpair).toMatchObject({ categoryId: null, pairedBy: 'PERSON' });
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'heureka.category.unpair'), eq(auditLog.entityId, String(helmets.id))));
    expect(audits).toHaveLength(1);
    expect(await note(cz, [[HELMETS, 4]])).toEqual({ noted: 1, autoPaired: 0 });
    const auto = await server.gql<{ heurekaCategoriesAutoPair: number }>(AUTO, {}, { token, partnerId: cz });
    expect(auto.data!.heurekaCategoriesAutoPair).toBe(0);
    expect(await rowOf(cz, HELMETS)).toMatchObject({ categoryId: null, pairedBy: 'PERSON' });
  });

  it('pairs undecided categories automatically on request when the match is clear', async () => {
    await note(cz, [['Heureka.cz | Dům a zahrada | Zahrada | Sekačky na trávu', 2]]);
    // Noting pairs it at once; undo that directly to leave an undecided row for the request.
    await server.database.db
      .update(heurekaCategories)
      .set({ categoryId: null, pairedBy: null, pairedScore: null })
      .where(eq(heurekaCategories.categoryText, 'Heureka.cz | Dům a zahrada | Zahrada | Sekačky na trávu'));
    const auto = await server.gql<{ heurekaCategoriesAutoPair: number }>(AUTO, {}, { token, partnerId: cz });
    expect(auto.data!.heurekaCategoriesAutoPair).toBe(1);
    expect(await rowOf(cz, 'Heureka.cz | Dům a zahrada | Zahrada | Sekačky na trávu')).toMatchObject({
      categoryId: await leafId('CZ10MA', 'Lawn mowers'),
      pairedBy: 'AUTO',
    });
  });
});

describe('access', () => {
  it('does not find another partner’s feed category, whatever the operation, and leaves it as it was', async () => {
    const foreign = await rowOf(sk, 'Heureka.sk | Móda | Topánky');
    const boots = await leafId('CZ10MA', 'Boots');
    const as = { token, partnerId: cz };
    // The caller's own category is found by the same query: the refusals below are about ownership.
    const own = await rowOf(cz, SHOES);
    const found = await server.gql<{ heurekaCategory: { categoryText: string } }>(ONE, { id: own.id }, as);
    expect(found.data?.heurekaCategory.categoryText).toBe(SHOES);
    expect(codeOf(await server.gql(ONE, { id: foreign.id }, as))).toBe('HEUREKA_CATEGORY_NOT_FOUND');
    expect(codeOf(await server.gql(RECOMMEND, { id: foreign.id }, as))).toBe('HEUREKA_CATEGORY_NOT_FOUND');
    expect(codeOf(await server.gql(PAIR, { id: foreign.id, categoryId: boots }, as))).toBe(
      'HEUREKA_CATEGORY_NOT_FOUND',
    );
    expect(codeOf(await server.gql(UNPAIR, { id: foreign.id }, as))).toBe('HEUREKA_CATEGORY_NOT_FOUND');
    expect(codeOf(await server.gql(ONE, { id: 'abc' }, as))).toBe('HEUREKA_CATEGORY_NOT_FOUND');
    expect(await rowOf(sk, 'Heureka.sk | Móda | Topánky')).toEqual(foreign);
  });

  it('lets an account without the Heureka feed update right read but not pair, unpair or auto-pair', async () => {
    const nonsense = await rowOf(cz, NONSENSE);
    const as = { token: limitedToken, partnerId: cz };
    expect((await grid({}, limitedToken)).items.length).toBeGreaterThan(0);
    expect(codeOf(await server.gql(PAIR, { id: nonsense.id, categoryId: await leafId('CZ10MA', 'Boots') }, as))).toBe(
      'ACCESS_DENIED',
    );
    expect(codeOf(await server.gql(UNPAIR, { id: nonsense.id }, as))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(AUTO, {}, as))).toBe('ACCESS_DENIED');
    expect(await rowOf(cz, NONSENSE)).toMatchObject({ categoryId: null, pairedBy: null });
  });

  it('refuses an account without the Heureka feed read right even the grid', async () => {
    expect(codeOf(await server.gql(GRID, {}, { token: readlessToken, partnerId: cz }))).toBe('ACCESS_DENIED');
    const nonsense = await rowOf(cz, NONSENSE);
    expect(codeOf(await server.gql(RECOMMEND, { id: nonsense.id }, { token: readlessToken, partnerId: cz }))).toBe(
      'ACCESS_DENIED',
    );
  });
});
