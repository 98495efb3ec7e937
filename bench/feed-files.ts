import type { ServerResponse } from 'node:http';

/**
 * The feeds the feeds bench serves (bench/feeds.ts), generated as the reader takes them: memory holds a piece of
 * the file, never the file. `round` changes nothing but the layout, so a second run finds every item unchanged.
 */

/** A valid EAN-13 of its own for every item (the variants of a product may not share one). */
export function ean13(n: number): string {
  const body = `40${String(n).padStart(10, '0')}`;
  let sum = 0;
  for (let k = 0; k < 12; k++) sum += Number(body[k]) * (k % 2 ? 3 : 1);
  return body + ((10 - (sum % 10)) % 10);
}

/**
 * The marketplace's product feed of `count` ITEMs, written to the response as the reader takes it (never the
 * whole text in memory): one ITEM in five is a variant of a flat group of two (ITEMGROUP_ID), most have
 * parameters, images and a promotion, one in a hundred is refused (a wrong barcode). `round` changes nothing
 * but the layout, so a second run finds every item unchanged.
 */
export function productFeed(res: ServerResponse, count: number, round: number) {
  let i = 0;
  const indent = round % 2 ? '\n  ' : '';
  const next = (): string => {
    const id = `FEED-${i}`;
    const price = 100 + (i % 5000);
    // Items 5k and 5k+1 are the red and blue variants of group FEED-G-k.
    const group = i % 5 === 0 || i % 5 === 1 ? `FEED-G-${Math.floor(i / 5)}` : null;
    const color = i % 5 === 1 ? 'blue' : 'red';
    const grouping = group
      ? `<ITEMGROUP_ID>${group}</ITEMGROUP_ID><ITEMGROUP_TITLE>Bench kettle</ITEMGROUP_TITLE><VARIABLE_PARAMS><PARAM>COLOR</PARAM></VARIABLE_PARAMS>`
      : '';
    const text =
      `<ITEM>${indent}<ID>${id}</ID>${grouping}<STAGE>${i % 3 === 0 ? 'DRAFT' : 'LIVE'}</STAGE><CATEGORY_ID>900903</CATEGORY_ID><BRAND_ID>BENCHBRAND</BRAND_ID>` +
      `<PRODUCT_TYPE>Bench kettle ${group ? 'g' : i % 100}</PRODUCT_TYPE><LINE>Line ${i % 7}</LINE><SHORTDESC>A kettle for the bench &amp; more</SHORTDESC>` +
      `<LONGDESC><![CDATA[<p>Boils <strong>fast</strong>.</p><ul><li>1.7 l</li></ul>]]></LONGDESC>` +
      `<BARCODE>${i % 100 === 99 ? '1234567890123' : ean13(i)}</BARCODE><PRICE>${price}</PRICE><RRP>${price + 50}</RRP><VAT>21</VAT>` +
      `<IN_STOCK>${i % 50}</IN_STOCK><DELIVERY_DELAY>${i % 4}</DELIVERY_DELAY><FREE_DELIVERY>${i % 2 === 0}</FREE_DELIVERY>` +
      `<PACKAGE_SIZE>smallbox</PACKAGE_SIZE><DIMENSIONS><WEIGHT>1.5</WEIGHT><WIDTH>20</WIDTH><LENGTH>25</LENGTH><HEIGHT>30</HEIGHT></DIMENSIONS>` +
      `<STATUS>ACTIVE</STATUS><PARAM><NAME>COLOR</NAME><VALUE>${color}</VALUE></PARAM><PARAM><NAME>POWER</NAME><VALUE>${1000 + (i % 1200)}</VALUE></PARAM>` +
      `<MEDIA><URL>https://img.example/${id}.jpg</URL><MAIN>true</MAIN></MEDIA><MEDIA><URL>https://img.example/${id}-2.jpg</URL></MEDIA>` +
      // A promotion is a product's price: a group's product has its variants' prices instead.
      `${group ? '' : `<PROMOTION><PRICE>${price - 10}</PRICE><FROM>2026-12-01</FROM><TO>2026-12-24</TO></PROMOTION>`}${indent}</ITEM>\n`;
    i++;
    return text;
  };
  stream(res, '<?xml version="1.0" encoding="UTF-8"?>\n<ITEMS>\n', () => (i < count ? next() : null), '</ITEMS>\n');
}

/** The availability feed of the same items: stock and status of each product and variant. */
export function availabilityFeed(res: ServerResponse, count: number) {
  let i = 0;
  const next = () =>
    i < count
      ? `<AVAILABILITY><ID>FEED-${i}</ID><IN_STOCK>${(i++ * 7) % 100}</IN_STOCK><ACTIVE>${i % 9 !== 0}</ACTIVE></AVAILABILITY>\n`
      : null;
  stream(res, '<?xml version="1.0" encoding="UTF-8"?>\n<AVAILABILITIES>\n', next, '</AVAILABILITIES>\n');
}

/** Writes a generated body in 64 KB pieces, waiting for the socket to drain: memory holds a piece, not the file. */
export function stream(res: ServerResponse, head: string, next: () => string | null, tail: string) {
  res.writeHead(200, { 'content-type': 'application/xml' });
  let piece = head;
  const pump = () => {
    for (;;) {
      let text = next();
      while (text !== null && piece.length < 64 * 1024) {
        piece += text;
        text = next();
      }
      if (text === null) {
        res.end(piece + tail);
        return;
      }
      const more = res.write(piece);
      piece = text;
      if (!more) {
        res.once('drain', pump);
        return;
      }
    }
  };
  pump();
}

/**
 * A Heureka shop of `count` SHOPITEMs in the bench's one paired category: one in five pairs is a variant group of
 * two (ITEMGROUP_ID), prices with a comma, two pictures and two parameters each; one in a hundred is refused (a
 * wrong EAN).
 */
export function heurekaFeed(res: ServerResponse, count: number, round: number, category: string) {
  let i = 0;
  const indent = round % 2 ? '\n    ' : '';
  const next = (): string => {
    const id = `HEU-${i}`;
    const group = i % 5 === 0 || i % 5 === 1 ? `<ITEMGROUP_ID>HEU-G-${Math.floor(i / 5)}</ITEMGROUP_ID>` : '';
    // Whole crowns (the Czech shop has no cents), written with a comma as Czech shops do.
    const price = `${100 + (i % 5000)},00`;
    const text =
      `<SHOPITEM>${indent}<ITEM_ID>${id}</ITEM_ID>${group}<PRODUCTNAME>BenchBrand Konvice ${i % 100} ${i % 5 === 1 ? 'modrá' : 'červená'}</PRODUCTNAME>` +
      `<DESCRIPTION><![CDATA[<p>Vaří <strong>rychle</strong>.</p>]]></DESCRIPTION><URL>https://shop.example/p/${id}</URL>` +
      `<IMGURL>https://img.example/${id}.jpg</IMGURL><IMGURL_ALTERNATIVE>https://img.example/${id}-2.jpg</IMGURL_ALTERNATIVE>` +
      `<PRICE_VAT>${price}</PRICE_VAT><VAT>21%</VAT><EAN>${i % 100 === 99 ? '1234567890123' : ean13(500_000 + i)}</EAN>` +
      `<MANUFACTURER>BenchBrand</MANUFACTURER><CATEGORYTEXT>${category}</CATEGORYTEXT><DELIVERY_DATE>${i % 4}</DELIVERY_DATE>` +
      `<PARAM><PARAM_NAME>Barva</PARAM_NAME><VAL>${i % 5 === 1 ? 'modrá' : 'červená'}</VAL></PARAM>` +
      `<PARAM><PARAM_NAME>Příkon</PARAM_NAME><VAL>${1000 + (i % 1200)} W</VAL></PARAM>${indent}</SHOPITEM>\n`;
    i++;
    return text;
  };
  stream(res, '<?xml version="1.0" encoding="utf-8"?>\n<SHOP>\n', () => (i < count ? next() : null), '</SHOP>\n');
}
