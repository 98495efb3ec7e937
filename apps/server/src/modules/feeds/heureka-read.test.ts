import { describe, expect, it } from 'vitest';
import { FileRefusal } from '../products/import-read';
import { type HeurekaRead, readHeurekaAvailability, readHeurekaProducts } from './heureka-read';

const encoder = new TextEncoder();

/** The bytes of a text in chunks of `size` bytes (a multi-byte character may be cut between two chunks). */
async function* chunks(text: string, size = 64 * 1024): AsyncGenerator<Uint8Array> {
  const bytes = encoder.encode(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function readAll<T>(batches: AsyncGenerator<HeurekaRead<T>[], number>): Promise<HeurekaRead<T>[]> {
  const all: HeurekaRead<T>[] = [];
  for await (const batch of batches) all.push(...batch);
  return all;
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; params: Record<string, unknown> }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FileRefusal) return { code: error.code, params: error.params };
    throw error;
  }
  throw new Error('the file was read');
}

const FEED = `<?xml version="1.0" encoding="utf-8"?>
<SHOP>
  <SHOPITEM>
    <ITEM_ID>HELMA-1</ITEM_ID>
    <PRODUCTNAME>Přilba Abus &amp; spol. &#8211; M</PRODUCTNAME>
    <DESCRIPTION><![CDATA[<p>Lehká <b>přilba</b></p>]]></DESCRIPTION>
    <URL>https://shop.example/helma?a=1&amp;b=2</URL>
    <IMGURL>https://shop.example/helma.jpg</IMGURL>
    <IMGURL_ALTERNATIVE>https://shop.example/helma-2.jpg</IMGURL_ALTERNATIVE>
    <PRICE_VAT>1 299,50</PRICE_VAT>
    <VAT>21%</VAT>
    <EAN>8594001234561</EAN>
    <MANUFACTURER>Abus</MANUFACTURER>
    <CATEGORYTEXT>Heureka.cz | Sport | Cyklistika | Přilby</CATEGORYTEXT>
    <PARAM><PARAM_NAME>Barva</PARAM_NAME><VAL>černá</VAL></PARAM>
    <PARAM><PARAM_NAME>Velikost</PARAM_NAME><VAL>M</VAL></PARAM>
    <ITEMGROUP_ID>HELMA</ITEMGROUP_ID>
    <DELIVERY_DATE>0</DELIVERY_DATE>
    <DELIVERY><DELIVERY_ID>PPL</DELIVERY_ID><DELIVERY_PRICE>89</DELIVERY_PRICE></DELIVERY>
    <HEUREKA_CPC>4,50</HEUREKA_CPC>
    <GIFT>Láhev</GIFT>
  </SHOPITEM>
  <SHOPITEM>
    <PRICE_VAT>1299.5</PRICE_VAT>
    <CATEGORYTEXT>Heureka.cz | Sport | Cyklistika | Přilby</CATEGORYTEXT>
    <PRODUCTNAME>Přilba Abus L&nbsp;(velká)</PRODUCTNAME>
    <ITEMGROUP_ID>HELMA</ITEMGROUP_ID>
    <ITEM_ID>HELMA-2</ITEM_ID>
    <PARAM><PARAM_NAME>Velikost</PARAM_NAME><VAL>L</VAL></PARAM>
    <EAN/>
    <VAT></VAT>
    <MANUFACTURER>Abus</MANUFACTURER>
  </SHOPITEM>
  <SHOPITEM>
    <ITEM_ID>BROKEN</ITEM_ID>
    <PRICE_VAT>zdarma</PRICE_VAT>
    <EAN>123</EAN>
  </SHOPITEM>
  <SHOPITEM>
    <ITEM_ID>HELMA-1</ITEM_ID>
    <PRODUCTNAME>Přilba podruhé</PRODUCTNAME>
    <PRICE_VAT>10</PRICE_VAT>
  </SHOPITEM>
  <ADVERT>not an item</ADVERT>
</SHOP>
`;

/** The lines (1-based) where the SHOPITEMs of FEED start. */
const ITEM_LINES = FEED.split('\n').flatMap((text, i) => (text.includes('<SHOPITEM>') ? [i + 1] : []));

describe('reading a Heureka product feed', () => {
  it('reads valid items whatever the order of their elements, with comma prices, entities, CDATA and empty elements', async () => {
    const items = await readAll(readHeurekaProducts(chunks(FEED)));
    expect(items.map((i) => [i.itemId, i.line])).toEqual([
      ['HELMA-1', ITEM_LINES[0]],
      ['HELMA-2', ITEM_LINES[1]],
      ['BROKEN', ITEM_LINES[2]],
      ['HELMA-1', ITEM_LINES[3]],
    ]);
    expect(ITEM_LINES[0]).toBe(3);
    const [first, second] = items;
    expect(first!.issues).toEqual([]);
    expect(first!.item).toMatchObject({
      name: 'Přilba Abus & spol. – M',
      description: '<p>Lehká <b>přilba</b></p>',
      url: 'https://shop.example/helma?a=1&b=2',
      images: ['https://shop.example/helma.jpg', 'https://shop.example/helma-2.jpg'],
      priceVat: 1299.5,
      vat: 21,
      ean: '8594001234561',
      params: [
        { name: 'Barva', value: 'černá' },
        { name: 'Velikost', value: 'M' },
      ],
      deliveries: [{ id: 'PPL', price: 89, priceCod: null }],
    });
    expect(second!.issues).toEqual([]);
    // A no-break space is a space in a name, as every run of white space is.
    expect(second!.item).toMatchObject({ name: 'Přilba Abus L (velká)', priceVat: 1299.5, vat: null, ean: null });
  });

  it('keeps the variants of one ITEMGROUP_ID together by their group id', async () => {
    const items = await readAll(readHeurekaProducts(chunks(FEED)));
    const group = items.filter((i) => i.item?.itemGroupId === 'HELMA').map((i) => i.itemId);
    expect(group).toEqual(['HELMA-1', 'HELMA-2']);
  });

  it('refuses invalid items with every reason and the line, and a repeated ITEM_ID after the first', async () => {
    const items = await readAll(readHeurekaProducts(chunks(FEED)));
    expect(items[2]).toMatchObject({ itemId: 'BROKEN', line: ITEM_LINES[2], item: null });
    expect(items[2]!.issues.map((i) => i.code)).toEqual([
      'HEUREKA_NAME_MISSING',
      'HEUREKA_PRICE_INVALID',
      'HEUREKA_EAN_INVALID',
    ]);
    expect(items[3]).toMatchObject({
      itemId: 'HELMA-1',
      line: ITEM_LINES[3],
      item: null,
      issues: [{ code: 'HEUREKA_ITEM_ID_DUPLICATE', field: 'ITEM_ID' }],
    });
  });

  it('reads the same items however the bytes are cut, even inside a character', async () => {
    const whole = await readAll(readHeurekaProducts(chunks(FEED)));
    const byByte = await readAll(readHeurekaProducts(chunks(FEED, 1), 2));
    expect(byByte).toEqual(whole);
  });

  it('hands items over in batches of the given size', async () => {
    const sizes: number[] = [];
    for await (const batch of readHeurekaProducts(chunks(FEED), 3)) sizes.push(batch.length);
    expect(sizes).toEqual([3, 1]);
  });

  it('refuses a file that is not XML, names the line, and refuses another root or a DOCTYPE', async () => {
    const broken = FEED.replace('</PRODUCTNAME>\n    <DESCRIPTION>', '</PRODUCTNAM>\n    <DESCRIPTION>');
    expect(await refusal(readAll(readHeurekaProducts(chunks(broken))))).toMatchObject({
      code: 'INVALID_XML',
      params: { line: 5 },
    });
    expect(await refusal(readAll(readHeurekaProducts(chunks('<ITEMS><ITEM/></ITEMS>'))))).toEqual({
      code: 'HEUREKA_XML_ROOT_INVALID',
      params: { root: 'SHOP' },
    });
    const doctype = '<?xml version="1.0"?><!DOCTYPE SHOP [<!ENTITY x "y">]><SHOP></SHOP>';
    expect((await refusal(readAll(readHeurekaProducts(chunks(doctype))))).code).toBe('XML_DOCTYPE_NOT_ALLOWED');
    expect(
      (await refusal(readAll(readHeurekaProducts(chunks('<SHOP><SHOPITEM>&bogus;</SHOPITEM></SHOP>'))))).code,
    ).toBe('INVALID_XML');
    expect((await refusal(readAll(readHeurekaProducts(chunks(''))))).code).toBe('INVALID_XML');
    expect((await refusal(readAll(readHeurekaProducts(chunks('<?xml version="1.0"?>\n'))))).code).toBe('INVALID_XML');
  });

  it('refuses bytes that are not UTF-8', async () => {
    async function* latin1() {
      yield encoder.encode('<SHOP><SHOPITEM><PRODUCTNAME>');
      yield new Uint8Array([0xe8, 0x65]);
      yield encoder.encode('</PRODUCTNAME></SHOPITEM></SHOP>');
    }
    expect((await refusal(readAll(readHeurekaProducts(latin1())))).code).toBe('INVALID_XML');
  });

  it('reads a stream far longer than memory a batch at a time, never far ahead of what it handed over', async () => {
    const item = (n: number) =>
      `<SHOPITEM><ITEM_ID>P${n}</ITEM_ID><PRODUCTNAME>Produkt ${n}</PRODUCTNAME><PRICE_VAT>${n},50</PRICE_VAT>` +
      `<CATEGORYTEXT>Heureka.cz | Sport | Cyklistika | Přilby</CATEGORYTEXT><DESCRIPTION>${'x'.repeat(200)}</DESCRIPTION></SHOPITEM>\n`;
    const itemBytes = encoder.encode(item(1_000_000)).length;
    // Ten million items, about 3 GB: more than this process may hold, so only a streaming reader gets through.
    const total = 10_000_000;
    const chunkSize = 64 * 1024;
    let produced = 0;
    async function* source(): AsyncGenerator<Uint8Array> {
      yield encoder.encode('<?xml version="1.0"?>\n<SHOP>\n');
      let pending = '';
      for (let n = 1; n <= total; n++) {
        pending += item(n);
        if (pending.length >= chunkSize) {
          const bytes = encoder.encode(pending);
          produced += bytes.length;
          pending = '';
          yield bytes;
        }
      }
      yield encoder.encode(`${pending}</SHOP>`);
    }
    const batch = 500;
    const reader = readHeurekaProducts(source(), batch);
    let read = 0;
    let lastLine = 0;
    for await (const items of reader) {
      read += items.length;
      expect(items.length).toBeLessThanOrEqual(batch);
      expect(items.every((i) => i.issues.length === 0)).toBe(true);
      lastLine = items.at(-1)!.line;
      // What was read from the source is what was handed over, one batch and one chunk: nothing piles up.
      expect(produced).toBeLessThanOrEqual((read + batch) * itemBytes + 2 * chunkSize);
      if (read >= 60_000) break;
    }
    expect(read).toBe(60_000);
    expect(lastLine).toBe(60_000 + 2);
    expect(produced).toBeLessThan((total * itemBytes) / 100);
  });
});

const AVAILABILITY = `<?xml version="1.0" encoding="utf-8"?>
<item_list>
  <item id="HELMA-1">
    <stock_quantity>5</stock_quantity>
    <delivery_time orderDeadline="2026-11-30 12:00">2026-12-01 14:00</delivery_time>
    <depot id="PRAHA"><stock_quantity>2</stock_quantity><pickup_time orderDeadline="2026-11-30 10:00">2026-11-30 16:00</pickup_time></depot>
  </item>
  <item id="HELMA-2">
    <delivery_time>2026-12-03 14:00</delivery_time>
  </item>
  <item>
    <stock_quantity>1</stock_quantity>
  </item>
  <item id="HELMA-3"><stock_quantity>lots</stock_quantity></item>
  <item id="HELMA-1"><stock_quantity>0</stock_quantity></item>
</item_list>
`;

describe('reading a Heureka availability feed', () => {
  it('reads stock, delivery times with their order deadline, and depots, by the item attribute id', async () => {
    const items = await readAll(readHeurekaAvailability(chunks(AVAILABILITY)));
    expect(items.map((i) => [i.itemId, i.line, i.issues.map((x) => x.code)])).toEqual([
      ['HELMA-1', 3, []],
      ['HELMA-2', 8, []],
      [null, 11, ['MISSING_ITEM_ID']],
      ['HELMA-3', 14, ['HEUREKA_STOCK_INVALID']],
      ['HELMA-1', 15, ['HEUREKA_ITEM_ID_DUPLICATE']],
    ]);
    expect(items[0]!.item).toEqual({
      itemId: 'HELMA-1',
      stockQuantity: 5,
      deliveryTime: '2026-12-01 14:00',
      orderDeadline: '2026-11-30 12:00',
      depots: [{ id: 'PRAHA', stockQuantity: 2, pickupTime: '2026-11-30 16:00', orderDeadline: '2026-11-30 10:00' }],
    });
    expect(items[1]!.item).toMatchObject({ stockQuantity: null, deliveryTime: '2026-12-03 14:00' });
    expect(items[4]!.issues[0]!.field).toBe('id');
  });

  it('refuses a product feed given as the availability feed', async () => {
    expect(await refusal(readAll(readHeurekaAvailability(chunks(FEED))))).toEqual({
      code: 'HEUREKA_XML_ROOT_INVALID',
      params: { root: 'item_list' },
    });
  });
});
