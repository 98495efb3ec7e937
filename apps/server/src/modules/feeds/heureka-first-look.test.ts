import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { categories } from '../catalog/tables';
import { processHeurekaProducts } from './heureka-products';
import { feedRuns } from './tables';
import { heurekaCategories } from './tables-heureka';
import { heurekaBrands, heurekaParams, heurekaParamValues } from './tables-heureka-params';
import { createFeed, runContext } from './test-feeds';

/**
 * The Heureka feed's first look (first-look.ts with heureka-products.ts): a product whose SHOPITEMs' exact text
 * was applied before, under the same pairings, options and overrides, is left out of the parse on the next run,
 * and still counts in everything the run notes (categories, manufacturers, parameters and their values, variant
 * groups, the feed summary) as if it had been read.
 */

let server: TestServer;
let cz: number;
let feedId: number;

const encoder = new TextEncoder();
async function* body(text: string): AsyncGenerator<Uint8Array> {
  const bytes = encoder.encode(text);
  for (let i = 0; i < bytes.length; i += 1000) yield bytes.subarray(i, i + 1000);
}

const HELMETS = 'Heureka.cz | Sport | Cyklistika | Přilby';
const item = (id: string, extra = '', group = '') =>
  `<SHOPITEM><ITEM_ID>${id}</ITEM_ID>${group ? `<ITEMGROUP_ID>${group}</ITEMGROUP_ID>` : ''}
<PRODUCTNAME>Abus Přilba ${id}</PRODUCTNAME><PRICE_VAT>1299</PRICE_VAT><VAT>21</VAT><MANUFACTURER>Abus</MANUFACTURER>
<IMGURL>https://img.example/${id}.jpg</IMGURL><CATEGORYTEXT>${HELMETS}</CATEGORYTEXT>${extra}</SHOPITEM>`;
const param = (name: string, value: string) => `<PARAM><PARAM_NAME>${name}</PARAM_NAME><VAL>${value}</VAL></PARAM>`;

const ITEMS = [
  item('FL-1', `<DESCRIPTION><![CDATA[<p>Lehká </SHOPITEM> přilba.</p>]]></DESCRIPTION>${param('Velikost', 'M')}`),
  item('FL-2', param('Velikost', 'L')),
  item('FL-G-1', param('Barva', 'červená'), 'FL-G'),
  item('FL-G-2', param('Barva', 'modrá'), 'FL-G'),
];
const feedOf = (items: string[]) => `<?xml version="1.0" encoding="utf-8"?>\n<SHOP>\n${items.join('\n')}\n</SHOP>\n`;

/** One run as the run job makes it: a run row (where the summary is left), the processor, the run closed. */
async function run(text: string) {
  const { ctx, errors } = runContext(server, cz, feedId, 'PRODUCTS');
  const [row] = await server.database.db
    .insert(feedRuns)
    .values({ feedId, partnerId: cz, format: 'HEUREKA', type: 'PRODUCTS', trigger: 'MANUAL', status: 'RUNNING' })
    .returning({ id: feedRuns.id });
  const totals = await processHeurekaProducts({ ...ctx, runId: row!.id, format: 'HEUREKA' }, body(text));
  const [done] = await server.database.db
    .update(feedRuns)
    .set({ status: 'DONE' })
    .where(eq(feedRuns.id, row!.id))
    .returning({ summary: feedRuns.summary });
  return { totals, errors, summary: done!.summary };
}

/** Everything a run notes for the pairing pages, as they read it. */
async function notes() {
  const db = server.database.db;
  const [category] = await db
    .select({ items: heurekaCategories.itemCount })
    .from(heurekaCategories)
    .where(and(eq(heurekaCategories.partnerId, cz), eq(heurekaCategories.categoryText, HELMETS)));
  const [maker] = await db
    .select({ items: heurekaBrands.itemCount })
    .from(heurekaBrands)
    .where(and(eq(heurekaBrands.partnerId, cz), eq(heurekaBrands.manufacturer, 'Abus')));
  const params = await db
    .select({ name: heurekaParams.name, items: heurekaParams.itemCount, groups: heurekaParams.variantGroups })
    .from(heurekaParams)
    .where(eq(heurekaParams.partnerId, cz))
    .orderBy(heurekaParams.name);
  const values = await db
    .select({ value: heurekaParamValues.value, items: heurekaParamValues.itemCount })
    .from(heurekaParamValues)
    .where(eq(heurekaParamValues.partnerId, cz))
    .orderBy(heurekaParamValues.value);
  return { category: category?.items, maker: maker?.items, params, values };
}

async function price(id: string) {
  const { rows } = await server.database.executeSql('select price from products where partner_id = $1 and id = $2', [
    cz,
    id,
  ]);
  return rows[0] ? Number((rows[0] as { price: string }).price) : undefined;
}

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  feedId = await createFeed(server, cz, 'HEUREKA', 'PRODUCTS');
  const [helmets] = await server.database.db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.shopId, 'CZ10MA'), sql`${categories.names}->>'en' = 'Bike helmets'`));
  await server.database.db
    .insert(heurekaCategories)
    .values({ partnerId: cz, categoryText: HELMETS, categoryId: helmets!.id, pairedBy: 'PERSON' });
});
afterAll(async () => server?.close());

describe('the Heureka feed’s first look', () => {
  let first: Awaited<ReturnType<typeof notes>>;
  let firstSummary: unknown;

  it('applies every product of a first run and notes what the items say', async () => {
    const { totals, errors, summary } = await run(feedOf(ITEMS));
    expect(errors).toEqual([]);
    expect(totals).toEqual({ processed: 4, updated: 4, unchanged: 0, errors: 0 });
    expect(await price('FL-1')).toBe(1299);
    first = await notes();
    firstSummary = summary;
    expect(first.category).toBe(4);
    expect(first.params.map((p) => [p.name, p.items, p.groups])).toEqual([
      ['Barva', 2, 1],
      ['Velikost', 2, 0],
    ]);
    expect(summary).toEqual({ items: 4, invalidTitles: 0, missingDescriptions: 3, missingPictures: 0 });
  });

  it('leaves every unchanged product out on the next run, and notes and sums up the file as the first did', async () => {
    // The first run paired the manufacturer on its way (the pairings changed under its first items): the next
    // run reads those once more and remembers them; from then on every product's text is known.
    expect((await run(feedOf(ITEMS))).totals).toMatchObject({ unchanged: 4, updated: 0 });
    const { rows } = await server.database.executeSql(
      'select count(*)::int as n from feed_item_hashes where feed_id = $1 and raw_hash is not null and notes is not null',
      [feedId],
    );
    expect(rows[0]).toEqual({ n: 3 });
    const { totals, errors, summary } = await run(feedOf(ITEMS));
    expect(errors).toEqual([]);
    expect(totals).toEqual({ processed: 4, updated: 0, unchanged: 4, errors: 0 });
    // The counts are the whole file's again (not only of what was parsed), values and variant groups included.
    expect(await notes()).toEqual(first);
    expect(summary).toEqual(firstSummary);
  });

  it('still refuses a later item with the id of one left out, and a split variant group', async () => {
    const duplicate = item('FL-1').replace('1299', '5');
    const split = item('FL-G-3', param('Barva', 'zelená'), 'FL-G');
    const { totals, errors } = await run(feedOf([...ITEMS, duplicate, split]));
    expect(errors.map((e) => [e.itemCode, e.errorCode])).toEqual(
      expect.arrayContaining([
        ['FL-1', 'HEUREKA_ITEM_ID_DUPLICATE'],
        ['FL-G', 'FEED_ITEMGROUP_SPLIT'],
      ]),
    );
    expect(totals).toMatchObject({ unchanged: 4, updated: 0 });
    expect(await price('FL-1')).toBe(1299);
  });

  it('parses and writes again what a changed pairing maps otherwise', async () => {
    const [other] = await server.database.db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.shopId, 'CZ10MA'), sql`${categories.names}->>'en' = 'Boots'`));
    await server.database.db
      .update(heurekaCategories)
      .set({ categoryId: other!.id })
      .where(and(eq(heurekaCategories.partnerId, cz), eq(heurekaCategories.categoryText, HELMETS)));
    const { totals } = await run(feedOf(ITEMS));
    expect(totals).toMatchObject({ processed: 4, updated: 4, unchanged: 0 });
    const { rows } = await server.database.executeSql(
      'select count(*)::int as n from products where partner_id = $1 and id like $2 and category_id = $3',
      [cz, 'FL-%', other!.id],
    );
    expect(rows[0]).toEqual({ n: 3 });
    // And the run after it leaves them out again.
    expect((await run(feedOf(ITEMS))).totals).toMatchObject({ unchanged: 4, updated: 0 });
  });

  it('reads a changed item again, whatever else stayed the same', async () => {
    const changed = [...ITEMS];
    changed[1] = changed[1]!.replace('1299', '1199');
    const { totals } = await run(feedOf(changed));
    expect(totals).toEqual({ processed: 4, updated: 1, unchanged: 3, errors: 0 });
    expect(await price('FL-2')).toBe(1199);
  });
});
