import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { CATEGORY_SEARCH_LIMIT } from './categories';
import { loadBrandNames, loadCategoryRules } from './rules';
import { categoryLocks } from './tables';
import {
  insertBrands,
  insertCategories,
  insertParameters,
  revokePolicies,
  TEST_CATEGORY_BASE as B,
} from './test-fixtures';

let server: TestServer;
let cz: number;
let sk: number;
let token: string;
let limitedToken: string;
let multiToken: string;

const TREE = `query($parentId: Int) { categoryTree(parentId: $parentId) {
  id name level parentId sapId hasChildren locked recyclingFee energyLabelRequired informationSheetRequired path } }`;
const DETAIL = `query($id: Int!) { category(id: $id) { id name path conditions locked keywords
  parameters { code name unit multiple class mandatoryForListing variant options { value text } constraint { type values } } } }`;
const SEARCH = `query($q: String!, $language: String) { categorySearch(query: $q, language: $language) { id name level path } }`;

type Node = { id: number; name: string; level: number; hasChildren: boolean; locked: boolean; path: string[] };

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  const db = server.database.db;
  await insertCategories(db, [
    { id: B + 1, names: { en: 'Electronics', cs: 'Elektronika' }, position: 2, keywords: 'electronics elektronika' },
    { id: B + 2, parentId: B + 1, level: 2, names: { en: 'Phones', cs: 'Telefony' }, keywords: 'phones telefony' },
    {
      id: B + 3,
      parentId: B + 2,
      level: 3,
      names: { en: 'Smartphones', cs: 'Chytré telefony' },
      keywords: 'smartphones chytre telefony mobil',
      energyLabelRequired: true,
    },
    {
      id: B + 4,
      parentId: B + 2,
      level: 3,
      names: { en: 'Phone cases' },
      keywords: 'phone cases obaly na telefony',
      recyclingFee: true,
    },
    { id: B + 5, names: { en: 'Garden', cs: 'Zahrada' }, position: 1, keywords: 'garden zahrada' },
    // Locked for the whole shop on level 2: its leaf is closed too.
    { id: B + 6, parentId: B + 5, level: 2, names: { en: 'Tools' }, locked: true, keywords: 'tools naradi' },
    {
      id: B + 7,
      parentId: B + 6,
      level: 3,
      names: { en: 'Red hoses', cs: 'Červené hadice' },
      keywords: 'cervene hadice red hoses',
    },
    { id: B + 10, parentId: B + 6, level: 3, names: { en: 'TV / Audio: [Best]' }, position: 9 },
    // Hidden at the top: nothing below it is shown.
    { id: B + 8, names: { en: 'Hidden' }, visible: false, keywords: 'hidden skryte' },
    { id: B + 9, parentId: B + 8, level: 2, names: { en: 'Hidden child' }, keywords: 'hidden child telefony' },
    {
      id: B + 100,
      shopId: 'SK10MA',
      names: { en: 'Slovak only', sk: 'Len slovenská' },
      keywords: 'telefony slovensko',
    },
  ]);
  await insertParameters(db, [
    {
      id: B + 1,
      categoryId: B + 3,
      code: 'COLOR',
      names: { en: 'Colour', cs: 'Barva' },
      class: 'ENUM',
      variant: true,
      mandatoryForListing: true,
      options: [
        { value: 'RED', text: { en: 'Red', cs: 'Červená' } },
        { value: 'BLUE', text: { en: 'Blue' } },
      ],
      position: 1,
    },
    {
      id: B + 2,
      categoryId: B + 3,
      code: 'SCREEN',
      names: { en: 'Screen size' },
      unit: 'in',
      class: 'NUMBER',
      constraint: { type: 'BETWEEN', values: ['3', '8'] },
      position: 2,
    },
    { id: B + 3, categoryId: B + 3, code: 'TAGS', names: { en: 'Tags' }, multiple: true, position: 3 },
  ]);
  await db.insert(categoryLocks).values({ partnerId: cz, categoryId: B + 4 });
  await insertBrands(db, [{ name: 'Acme Test' }, { name: 'Pending Test', accepted: false }]);
  await revokePolicies(db, 'limited@demo.test', cz, 'catalog', ['read', 'create', 'update', 'delete']);
  token = (await server.login('partner@demo.test')).token;
  limitedToken = (await server.login('limited@demo.test')).token;
  multiToken = (await server.login('multi@demo.test')).token;
});
afterAll(async () => server?.close());

async function tree(parentId: number | null, lang = 'en', as = token, partnerId = cz) {
  const result = await server.gql<{ categoryTree: Node[] }>(TREE, { parentId }, { token: as, partnerId, lang });
  expect(result.errors).toBeUndefined();
  return result.data!.categoryTree;
}

describe('category tree', () => {
  it("lists the shop's top level in the marketplace's order, without hidden categories or another shop's", async () => {
    const top = await tree(null);
    const mine = top.filter((c) => c.id >= B);
    expect(mine.map((c) => c.name)).toEqual(['Garden', 'Electronics']);
    expect(mine.every((c) => c.level === 1 && c.hasChildren)).toBe(true);
    const skTop = await tree(null, 'en', multiToken, sk);
    expect(skTop.map((c) => c.id)).toContain(B + 100);
    expect(skTop.map((c) => c.id)).not.toContain(B + 1);
  });

  it("names the children in the caller's language with the path from the top, English when a name is missing", async () => {
    const leaves = await tree(B + 2, 'cs');
    expect(leaves.map((c) => c.name)).toEqual(['Chytré telefony', 'Phone cases']);
    expect(leaves[0]!.path).toEqual(['Elektronika', 'Telefony', 'Chytré telefony']);
    expect(leaves[0]!.hasChildren).toBe(false);
    expect(await tree(B + 8)).toEqual([]);
    // Another shop's category has no children here.
    expect(await tree(B + 100)).toEqual([]);
  });

  it('marks a category locked for the shop, below a locked one, or for this partner only', async () => {
    const [tools] = await tree(B + 5);
    expect(tools).toMatchObject({ id: B + 6, locked: true });
    const [hoses] = await tree(B + 6);
    expect(hoses).toMatchObject({ id: B + 7, locked: true });
    const phones = await tree(B + 2);
    expect(phones.find((c) => c.id === B + 4)?.locked).toBe(true);
    expect(phones.find((c) => c.id === B + 3)?.locked).toBe(false);
    // The partner's own lock closes nothing for another partner of the same shop.
    const rules = await loadCategoryRules(server.database.db, 'CZ10MA', cz + 1000, [B + 4, B + 7]);
    expect(rules.get(B + 4)?.locked).toBe(false);
    expect(rules.get(B + 7)?.locked).toBe(true);
  });

  it('refuses an account without the catalog permission', async () => {
    const result = await server.gql(TREE, { parentId: null }, { token: limitedToken, partnerId: cz });
    expect(codeOf(result)).toBe('ACCESS_DENIED');
    const search = await server.gql(SEARCH, { q: 'telefony' }, { token: limitedToken, partnerId: cz });
    expect(codeOf(search)).toBe('ACCESS_DENIED');
  });
});

describe('category detail', () => {
  it('gives the parameters in order with translated names, options and the constraint', async () => {
    const result = await server.gql<{ category: Record<string, unknown> & { parameters: Record<string, unknown>[] } }>(
      DETAIL,
      { id: B + 3 },
      { token, partnerId: cz, lang: 'cs' },
    );
    const category = result.data!.category;
    expect(category).toMatchObject({ id: B + 3, name: 'Chytré telefony', conditions: 'AND', locked: false });
    // The query keywords the catalogue search finds it by, word by word as stored.
    expect(category.keywords).toEqual(['smartphones', 'chytre', 'telefony', 'mobil']);
    expect(category.parameters.map((p) => p.code)).toEqual(['COLOR', 'SCREEN', 'TAGS']);
    expect(category.parameters[0]).toEqual({
      code: 'COLOR',
      name: 'Barva',
      unit: null,
      multiple: false,
      class: 'ENUM',
      mandatoryForListing: true,
      variant: true,
      options: [
        { value: 'RED', text: 'Červená' },
        { value: 'BLUE', text: 'Blue' },
      ],
      constraint: null,
    });
    expect(category.parameters[1]).toMatchObject({ unit: 'in', constraint: { type: 'BETWEEN', values: ['3', '8'] } });
  });

  it("answers null for another shop's, a hidden or an unknown category", async () => {
    for (const id of [B + 100, B + 9, B + 999]) {
      const result = await server.gql<{ category: unknown }>(DETAIL, { id }, { token, partnerId: cz });
      expect(result.errors).toBeUndefined();
      expect(result.data!.category).toBeNull();
    }
  });
});

describe('catalogue search', () => {
  async function search(q: string, language?: string) {
    const result = await server.gql<{ categorySearch: Node[] }>(SEARCH, { q, language }, { token, partnerId: cz });
    expect(result.errors).toBeUndefined();
    return result.data!.categorySearch.filter((c) => c.id >= B);
  }

  it('finds by keywords without diacritics or case, every word must match, leaves first', async () => {
    expect((await search('ČERVENÉ')).map((c) => c.id)).toEqual([B + 7]);
    const phones = await search('telefony');
    expect(phones.map((c) => c.id)).toEqual([B + 3, B + 4, B + 2]);
    expect((await search('obaly telefony')).map((c) => c.id)).toEqual([B + 4]);
    expect(await search('telefony zahrada')).toEqual([]);
    expect(await search('   ')).toEqual([]);
  });

  it("never finds hidden categories or another shop's, and names them in the asked language", async () => {
    const ids = (await search('telefony')).map((c) => c.id);
    expect(ids).not.toContain(B + 9);
    expect(ids).not.toContain(B + 100);
    const [smart] = await search('smartphones', 'cs');
    expect(smart).toMatchObject({ name: 'Chytré telefony', path: ['Elektronika', 'Telefony', 'Chytré telefony'] });
    const wrong = await server.gql(SEARCH, { q: 'x', language: 'de' }, { token, partnerId: cz });
    expect(codeOf(wrong)).toBe('VALIDATION_ERROR');
    const nul = await server.gql(SEARCH, { q: 'tele\u0000fony' }, { token, partnerId: cz });
    expect(codeOf(nul)).toBe('VALIDATION_ERROR');
    // LIKE's own characters are plain text here.
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
  });

  it('lists 50 categories at most', async () => {
    await insertCategories(
      server.database.db,
      Array.from({ length: 60 }, (_, i) => ({ id: B + 1000 + i, keywords: 'manyresults' })),
    );
    const result = await server.gql<{ categorySearch: Node[] }>(SEARCH, { q: 'manyresults' }, { token, partnerId: cz });
    expect(result.data!.categorySearch).toHaveLength(CATEGORY_SEARCH_LIMIT);
  });
});

describe('rules for products (loadCategoryRules, loadBrandNames)', () => {
  it("gives the shop's categories with flags and parameters, and nothing of another shop", async () => {
    const rules = await loadCategoryRules(server.database.db, 'CZ10MA', cz, [B + 3, B + 4, B + 100, B + 999]);
    expect([...rules.keys()].sort()).toEqual([B + 3, B + 4]);
    expect(rules.get(B + 3)).toMatchObject({ level: 3, locked: false, energyLabelRequired: true, recyclingFee: false });
    expect(rules.get(B + 3)!.parameters.map((p) => p.code)).toEqual(['COLOR', 'SCREEN', 'TAGS']);
    expect(rules.get(B + 3)!.parameters[0]).toEqual({
      code: 'COLOR',
      class: 'ENUM',
      unit: null,
      multiple: false,
      mandatoryForListing: true,
      variant: true,
      // Texts in the shop's language (Czech here, English where Czech is missing): variant titles use them.
      options: [
        { value: 'RED', text: 'Červená' },
        { value: 'BLUE', text: 'Blue' },
      ],
      constraint: null,
    });
    expect(rules.get(B + 4)).toMatchObject({ locked: true, recyclingFee: true, parameters: [] });
    expect((await loadCategoryRules(server.database.db, 'CZ10MA', cz, [])).size).toBe(0);
  });

  it('names accepted brands only', async () => {
    const names = await loadBrandNames(server.database.db, ['ACMETEST', 'PENDINGTEST', 'NOSUCHBRAND']);
    expect([...names.entries()]).toEqual([['ACMETEST', 'Acme Test']]);
  });
});

describe('category export', () => {
  function download(id: number | string, query = '', as = token, lang = 'cs') {
    return server.app.app.inject({
      method: 'GET',
      url: `/portal/export/category/${id}${query}`,
      headers: { authorization: `Bearer ${as}`, 'x-partner-id': String(cz), 'accept-language': lang },
    });
  }

  it('gives the category and a line per parameter as CSV in the asked language', async () => {
    const response = await download(B + 3, '?type=CSV&language=cs');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain(`category-NP${B + 3}.csv`);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(4);
    const header = lines[0]!.split(';');
    expect(header).toContain('Kód parametru');
    expect(header).toContain('Povinný pro zalistování');
    const color = lines[1]!.split(';');
    expect(color[header.indexOf('Kategorie')]).toBe('Elektronika > Telefony > Chytré telefony');
    expect(color[header.indexOf('Kód parametru')]).toBe('COLOR');
    expect(color[header.indexOf('Parametr')]).toBe('Barva');
    expect(color[header.indexOf('Možnosti')]).toBe('Červená [RED] | Blue [BLUE]');
    expect(color[header.indexOf('Variantní parametr')]).toBe('Ano');
    const screen = lines[2]!.split(';');
    expect(screen[header.indexOf('Jednotka')]).toBe('in');
    expect(screen[header.indexOf('Podmínka')]).toBe('3 – 8');
  });

  it('gives a category without parameters as one line, and XLSX when asked', async () => {
    const csv = await download(B + 4, '?type=csv&language=en');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Electronics > Phones > Phone cases');
    const xlsx = await download(B + 3, '?type=XLSX&language=en');
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(1).values).toContain('Parameter code');
    expect(sheet.getRow(3).values).toContain('SCREEN');
    // Excel refuses some characters in a sheet's name: the file must open undamaged.
    const odd = await download(B + 10, '?type=XLSX&language=en');
    const oddBook = new ExcelJS.Workbook();
    await oddBook.xlsx.load(odd.rawPayload as unknown as ArrayBuffer);
    expect(oddBook.worksheets[0]!.name).toBe('TV   Audio   Best');
  });

  it("answers 404 CATEGORY_NOT_FOUND for another shop's or an unknown category, and refuses bad input", async () => {
    for (const id of [B + 100, B + 999, 'abc', '99999999999']) {
      const response = await download(id, '?type=CSV', token, 'en');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'CATEGORY_NOT_FOUND', message: expect.any(String) });
    }
    expect((await download(B + 3, '?type=PDF')).json().code).toBe('VALIDATION_ERROR');
    const refused = await download(B + 3, '?type=CSV', limitedToken);
    expect(refused.statusCode).toBe(403);
    const anonymous = await server.app.app.inject({ method: 'GET', url: `/portal/export/category/${B + 3}?type=CSV` });
    expect(anonymous.statusCode).toBe(401);
  });
});
