import { brandLetterOf } from '@pp/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { brands } from './tables';
import { insertBrands, revokePolicies } from './test-fixtures';

let server: TestServer;
let cz: number;
let token: string;
let limitedToken: string;

const BRANDS = `query($grid: GridInput, $letter: String) { brands(grid: $grid, letter: $letter) {
  items { id name logoUrl mallBrand description } total totalExact page perPage nextCursor } }`;

type Row = { id: string; name: string; logoUrl: string | null; mallBrand: boolean; description: string | null };
type Page = {
  items: Row[];
  total: number;
  totalExact: boolean;
  page: number;
  perPage: number;
  nextCursor: string | null;
};

const MINE = [
  'Škoda Zqx',
  'samsung zqx',
  'Sony Zqx',
  '3M Zqx',
  '#1 Zqx',
  "L'Oréal Zqx",
  'Ωmega Zqx',
  'Łódź Zqx',
  'apple zqx',
  'Banana Zqx',
];

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  await insertBrands(server.database.db, [
    ...MINE.map((name) => ({ name, description: { en: `About ${name}`, cs: `O značce ${name}` } })),
    { name: 'Hidden Zqx', accepted: false },
    { name: 'Mall Zqx', mallBrand: true },
  ]);
  await server.database.db
    .update(brands)
    .set({ mediaId: '0b5a4a39-4b8e-4d51-9b8f-6a1f0b0c1d2e' })
    .where(eq(brands.id, 'SONYZQX'));
  await revokePolicies(server.database.db, 'limited@demo.test', cz, 'brands', ['read', 'create', 'update', 'delete']);
  token = (await server.login('partner@demo.test')).token;
  limitedToken = (await server.login('limited@demo.test')).token;
});
afterAll(async () => server?.close());

async function page(grid: Record<string, unknown> = {}, letter?: string, lang = 'en'): Promise<Page> {
  const result = await server.gql<{ brands: Page }>(BRANDS, { grid, letter }, { token, partnerId: cz, lang });
  expect(result.errors).toBeUndefined();
  return result.data!.brands;
}

/** Every brand the list gives for a letter (the demo seed adds its own brands beside these). */
async function all(letter?: string, search?: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let n = 1; ; n++) {
    const p = await page({ perPage: 500, page: n, ...(search ? { search } : {}) }, letter);
    rows.push(...p.items);
    if (p.items.length < 500) return rows;
  }
}

describe('brand list', () => {
  it('lists accepted brands by name ascending whatever the case, with logo and description', async () => {
    const mine = (await page({ search: 'zqx', perPage: 50 })).items;
    expect(mine).toHaveLength(11);
    // Case does not matter; names beyond ASCII sort as the database's collation says.
    const ascii = ['apple zqx', 'Banana Zqx', 'Mall Zqx', 'samsung zqx', 'Sony Zqx'];
    expect(mine.map((b) => b.name).filter((n) => ascii.includes(n))).toEqual(ascii);
    const sony = mine.find((b) => b.id === 'SONYZQX')!;
    expect(sony).toEqual({
      id: 'SONYZQX',
      name: 'Sony Zqx',
      logoUrl: '/media/0b5a4a39-4b8e-4d51-9b8f-6a1f0b0c1d2e',
      mallBrand: false,
      description: 'About Sony Zqx',
    });
    expect(mine.find((b) => b.id === 'MALLZQX')?.mallBrand).toBe(true);
    const czech = await server.gql<{ brands: Page }>(
      BRANDS,
      { grid: { search: 'sony zqx' } },
      { token, partnerId: cz, lang: 'cs' },
    );
    expect(czech.data!.brands.items[0]!.description).toBe('O značce Sony Zqx');
  });

  it('finds a brand by a part of its name without diacritics or punctuation, or by its id', async () => {
    expect((await page({ search: 'oreal zq' })).items.map((b) => b.id)).toEqual(['LOREALZQX']);
    expect((await page({ search: 'LODZZQX' })).items.map((b) => b.name)).toEqual(['Łódź Zqx']);
    expect((await page({ search: 'hidden zqx' })).items).toEqual([]);
  });

  it('lists under a letter exactly the brands whose first character, without diacritics, is that letter', async () => {
    const s = await all('S');
    expect(s.every((b) => brandLetterOf(b.name) === 'S')).toBe(true);
    expect(s.map((b) => b.name)).toEqual(expect.arrayContaining(['Škoda Zqx', 'samsung zqx', 'Sony Zqx']));
    const l = await all('L');
    expect(l.map((b) => b.name)).toEqual(expect.arrayContaining(["L'Oréal Zqx", 'Łódź Zqx']));
    expect(l.every((b) => brandLetterOf(b.name) === 'L')).toBe(true);
    const digits = await all('0-9');
    expect(digits.map((b) => b.name)).toContain('3M Zqx');
    expect(digits.every((b) => brandLetterOf(b.name) === '0-9')).toBe(true);
    const others = await all('#');
    expect(others.map((b) => b.name)).toEqual(expect.arrayContaining(['#1 Zqx', 'Ωmega Zqx']));
    expect(others.every((b) => brandLetterOf(b.name) === '#')).toBe(true);
    // Every accepted brand is under exactly one entry of the index.
    const letters = [
      'A',
      'B',
      'C',
      'D',
      'E',
      'F',
      'G',
      'H',
      'I',
      'J',
      'K',
      'L',
      'M',
      'N',
      'O',
      'P',
      'Q',
      'R',
      'S',
      'T',
      'U',
      'V',
      'W',
      'X',
      'Y',
      'Z',
      '0-9',
      '#',
    ];
    let listed = 0;
    for (const letter of letters) listed += (await page({ perPage: 1 }, letter)).total;
    expect(listed).toBe((await page({ perPage: 1 })).total);
  });

  it('pages by offset, five a page when asked, and refuses a cursor or an unknown letter', async () => {
    const whole = await page({ search: 'zqx', perPage: 50 });
    const first = await page({ search: 'zqx', perPage: 5 });
    const second = await page({ search: 'zqx', perPage: 5, page: 2 });
    const third = await page({ search: 'zqx', perPage: 5, page: 3 });
    expect(first).toMatchObject({ total: 11, totalExact: true, page: 1, perPage: 5, nextCursor: null });
    expect([...first.items, ...second.items, ...third.items]).toEqual(whole.items);
    expect(third.items).toHaveLength(1);
    const cursor = await server.gql(BRANDS, { grid: { after: 'abc' } }, { token, partnerId: cz });
    expect(codeOf(cursor)).toBe('VALIDATION_ERROR');
    const letter = await server.gql(BRANDS, { letter: 'ab' }, { token, partnerId: cz });
    expect(codeOf(letter)).toBe('VALIDATION_ERROR');
    const sortedById = await page({ search: 'zqx', perPage: 3, sort: { field: 'id', direction: 'DESCENDING' } });
    expect(sortedById.items.map((b) => b.id)).toEqual(['SONYZQX', 'SKODAZQX', 'SAMSUNGZQX']);
  });

  it("gives each brand the spec's guid, accepted, claimed and url key", async () => {
    await server.database.db.update(brands).set({ claimed: true }).where(eq(brands.id, 'SAMSUNGZQX'));
    const result = await server.gql<{ brands: { items: Record<string, unknown>[] } }>(
      '{ brands(grid: { search: "samsung zqx" }) { items { id guid accepted claimed urlKey } } }',
      {},
      { token, partnerId: cz },
    );
    expect(result.errors).toBeUndefined();
    const [row] = await server.database.db.select().from(brands).where(eq(brands.id, 'SAMSUNGZQX'));
    expect(result.data!.brands.items).toEqual([
      { id: 'SAMSUNGZQX', guid: row!.guid, accepted: true, claimed: true, urlKey: row!.urlKey },
    ]);
    expect(row!.guid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses an account without the brands permission', async () => {
    const result = await server.gql(BRANDS, {}, { token: limitedToken, partnerId: cz });
    expect(codeOf(result)).toBe('ACCESS_DENIED');
  });
});
