import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { categories } from '../catalog/tables';
import { processHeurekaAvailability } from './heureka-availability';
import { processHeurekaProducts, productTypeOf } from './heureka-products';
import { heurekaCategories } from './tables-heureka';
import { createFeed, runContext } from './test-feeds';

let server: TestServer;
let cz: number;
let feedId: number;
let availabilityFeedId: number;
let helmetsId: number;
let bootsId: number;

const encoder = new TextEncoder();

async function* body(text: string): AsyncGenerator<Uint8Array> {
  const bytes = encoder.encode(text);
  for (let i = 0; i < bytes.length; i += 4096) yield bytes.subarray(i, i + 4096);
}

async function run(text: string) {
  const { ctx, errors, progress } = runContext(server, cz, feedId, 'PRODUCTS');
  const totals = await processHeurekaProducts({ ...ctx, format: 'HEUREKA' }, body(text));
  return { totals, errors, progress };
}

async function product(id: string) {
  const { rows } = await server.database.executeSql('select * from products where partner_id = $1 and id = $2', [
    cz,
    id,
  ]);
  return rows[0] as Record<string, unknown> | undefined;
}

async function leafId(en: string): Promise<number> {
  const [row] = await server.database.db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.shopId, 'CZ10MA'), sql`${categories.names}->>'en' = ${en}`));
  return row!.id;
}

const HELMETS = 'Heureka.cz | Sport | Cyklistika | Přilby';
const SHOES = 'Heureka.cz | Móda | Boty';

const shopItem = (fields: string) => `  <SHOPITEM>\n${fields}\n  </SHOPITEM>`;
const FEED = `<?xml version="1.0" encoding="utf-8"?>
<SHOP>
${shopItem(`    <ITEM_ID>HELMA-1</ITEM_ID>
    <PRODUCTNAME>Abus Přilba Aduro M</PRODUCTNAME>
    <DESCRIPTION><![CDATA[<p>Lehká přilba.</p>
<p>Druhý odstavec.</p>]]></DESCRIPTION>
    <IMGURL>https://img.example/helma.jpg</IMGURL>
    <PRICE_VAT>1299,00</PRICE_VAT>
    <VAT>21%</VAT>
    <MANUFACTURER>Abus</MANUFACTURER>
    <CATEGORYTEXT>${HELMETS}</CATEGORYTEXT>`)}
${shopItem(`    <ITEM_ID>BOTY-1</ITEM_ID>
    <PRODUCTNAME>Kozačky Zima</PRODUCTNAME>
    <PRICE_VAT>999</PRICE_VAT>
    <VAT>21</VAT>
    <CATEGORYTEXT>${SHOES}</CATEGORYTEXT>`)}
${shopItem(`    <ITEM_ID>HELMA-2</ITEM_ID>
    <PRODUCTNAME>Přilba Noname</PRODUCTNAME>
    <PRICE_VAT>499</PRICE_VAT>
    <VAT>21</VAT>
    <MANUFACTURER>Neznámá Značka</MANUFACTURER>
    <CATEGORYTEXT>${HELMETS}</CATEGORYTEXT>`)}
${shopItem(`    <ITEM_ID>HELMA-3</ITEM_ID>
    <PRODUCTNAME>Přilba Abus Bez ceny</PRODUCTNAME>
    <PRICE_VAT>zdarma</PRICE_VAT>
    <CATEGORYTEXT>${HELMETS}</CATEGORYTEXT>`)}
${shopItem(`    <ITEM_ID>HELMA-4</ITEM_ID>
    <PRODUCTNAME>Abus Přilba Divná DPH</PRODUCTNAME>
    <PRICE_VAT>799</PRICE_VAT>
    <VAT>15</VAT>
    <MANUFACTURER>ABUS</MANUFACTURER>
    <CATEGORYTEXT>${HELMETS}</CATEGORYTEXT>`)}
${shopItem(`    <ITEM_ID>BEZ-KATEGORIE</ITEM_ID>
    <PRODUCTNAME>Něco</PRODUCTNAME>
    <PRICE_VAT>10</PRICE_VAT>`)}
</SHOP>
`;

/** The line where the SHOPITEM with this id starts in FEED. */
function lineOf(id: string): number {
  const lines = FEED.split('\n');
  return lines.findIndex((l) => l.includes(`<ITEM_ID>${id}</ITEM_ID>`));
}

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  feedId = await createFeed(server, cz, 'HEUREKA', 'PRODUCTS');
  availabilityFeedId = await createFeed(server, cz, 'HEUREKA', 'AVAILABILITY');
  // Abus is one of the demo's accepted brands.
  helmetsId = await leafId('Bike helmets');
  bootsId = await leafId('Boots');
});
afterAll(async () => server?.close());

describe('the Heureka product feed into products', () => {
  it('writes items of paired categories with their brand and refuses the others, each at its line', async () => {
    const { totals, errors, progress } = await run(FEED);
    expect(await product('HELMA-1')).toMatchObject({
      category_id: helmetsId,
      brand_id: 'ABUS',
      product_type: 'Přilba Aduro M',
      vat: '21.00',
    });
    expect(Number((await product('HELMA-1'))!.price)).toBe(1299);
    expect(String((await product('HELMA-1'))!.long_desc)).toContain('Druhý odstavec.');
    const byItem = errors.map((e) => [e.itemCode, e.errorCode, e.line]);
    expect(byItem).toEqual(
      expect.arrayContaining([
        ['BOTY-1', 'HEUREKA_CATEGORY_UNPAIRED', lineOf('BOTY-1')],
        ['HELMA-2', 'HEUREKA_BRAND_UNPAIRED', lineOf('HELMA-2')],
        ['HELMA-3', 'HEUREKA_PRICE_INVALID', lineOf('HELMA-3')],
        ['BEZ-KATEGORIE', 'HEUREKA_CATEGORY_MISSING', lineOf('BEZ-KATEGORIE')],
        // Refused by the product rules (no such VAT rate in the Czech shop), at the seller's line.
        ['HELMA-4', 'VALIDATION_ERROR', lineOf('HELMA-4')],
      ]),
    );
    expect(new Set(errors.map((e) => e.itemCode)).size).toBe(5);
    expect(totals).toEqual({ processed: 6, updated: 1, unchanged: 0, errors: 5 });
    expect(progress.at(-1)).toEqual(totals);
    for (const id of ['BOTY-1', 'HELMA-2', 'HELMA-3', 'HELMA-4']) expect(await product(id)).toBeUndefined();
  });

  it('notes the feed’s categories for pairing with the whole file’s counts', async () => {
    const rows = await server.database.db.select().from(heurekaCategories).where(eq(heurekaCategories.partnerId, cz));
    const byText = new Map(rows.map((r) => [r.categoryText, r]));
    expect(byText.get(HELMETS)).toMatchObject({ itemCount: 3, categoryId: helmetsId, pairedBy: 'AUTO' });
    expect(byText.get(SHOES)).toMatchObject({ itemCount: 1, categoryId: null });
  });

  it('skips unchanged items on the next run and writes the items of a category paired meanwhile', async () => {
    await server.database.db
      .update(heurekaCategories)
      .set({ categoryId: bootsId, pairedBy: 'PERSON' })
      .where(and(eq(heurekaCategories.partnerId, cz), eq(heurekaCategories.categoryText, SHOES)));
    const { totals, errors } = await run(FEED);
    expect(totals).toEqual({ processed: 6, updated: 1, unchanged: 1, errors: 4 });
    expect(errors.map((e) => e.itemCode)).not.toContain('BOTY-1');
    expect(await product('BOTY-1')).toMatchObject({
      category_id: bootsId,
      brand_id: null,
      product_type: 'Kozačky Zima',
    });
  });

  it('keeps the stock the availability feed gave a product', async () => {
    await server.database.executeSql(`update products set in_stock = 9 where partner_id = $1 and id = 'HELMA-1'`, [cz]);
    const changed = FEED.replace('1299,00', '1349');
    expect((await run(changed)).totals.updated).toBe(1);
    expect(await product('HELMA-1')).toMatchObject({ in_stock: 9 });
    expect(Number((await product('HELMA-1'))!.price)).toBe(1349);
  });
});

describe('the Heureka availability feed into stock', () => {
  const AVAILABILITY = `<?xml version="1.0" encoding="utf-8"?>
<item_list>
  <item id="HELMA-1"><stock_quantity>5</stock_quantity></item>
  <item id="BOTY-1"><stock_quantity>20000</stock_quantity><depot id="P"><stock_quantity>3</stock_quantity></depot></item>
  <item id="NEZNAMY"><stock_quantity>1</stock_quantity></item>
  <item id="HELMA-9"><stock_quantity>lots</stock_quantity></item>
  <item id="POZDE"><delivery_time orderDeadline="2026-11-30 12:00">2026-12-01 14:00</delivery_time></item>
</item_list>
`;

  it('sets the stock of known products, capped at the marketplace’s bound, and refuses the rest at their line', async () => {
    const { ctx, errors, progress } = runContext(server, cz, availabilityFeedId, 'AVAILABILITY');
    const totals = await processHeurekaAvailability({ ...ctx, format: 'HEUREKA' }, body(AVAILABILITY));
    expect(await product('HELMA-1')).toMatchObject({ in_stock: 5 });
    expect(await product('BOTY-1')).toMatchObject({ in_stock: 9999 });
    expect(errors.map((e) => [e.itemCode, e.errorCode, e.line])).toEqual(
      expect.arrayContaining([
        ['HELMA-9', 'HEUREKA_STOCK_INVALID', 6],
        ['NEZNAMY', 'PRODUCT_NOT_FOUND', 5],
      ]),
    );
    expect(errors).toHaveLength(2);
    expect(totals).toEqual({ processed: 5, updated: 2, unchanged: 1, errors: 2 });
    expect(progress.at(-1)).toEqual(totals);
  });
});

describe('the product type', () => {
  it('is the name without the brand in front, whatever its case or diacritics', () => {
    expect(productTypeOf('Abus Přilba M', 'Abus')).toBe('Přilba M');
    expect(productTypeOf('ŠKODA Octavia', 'Skoda')).toBe('Octavia');
    expect(productTypeOf('Přilba Abus', 'Abus')).toBe('Přilba Abus');
    expect(productTypeOf('Abus', 'Abus')).toBe('Abus');
    expect(productTypeOf('Abusový kryt', 'Abus')).toBe('Abusový kryt');
    expect(productTypeOf('Přilba', null)).toBe('Přilba');
  });
});
