import { brandIdOf, type HeurekaItem, PRODUCT_XML_HEAD, PRODUCT_XML_TAIL, searchKey, type XmlNode } from '@pp/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { loadBrandNames } from '../catalog/rules';
import { IMPORT_BATCH } from '../products/import-read';
import { products, productVariants } from '../products/tables';
import { readHeurekaProducts } from './heureka-read';
import { processMallProducts } from './mall-products';
import { heurekaPairings, noteHeurekaCategories } from './pairing';
import type { FeedItemError, FeedProcessor, FeedRunContext, FeedRunTotals } from './run-types';

/**
 * The Heureka product feed (SHOP/SHOPITEM) into products. Items of a category paired with a marketplace
 * category, whose MANUFACTURER is a marketplace brand, become ITEMs of the marketplace's own format and go
 * through the marketplace feed's processor (mall-products.ts) and so through the product import's pipeline:
 * the same grouping of variants by ITEMGROUP_ID, the same rules, the same content hashes, the same writes.
 * Each ITEM is written on the line where its SHOPITEM starts in the seller's file, so every refusal the
 * pipeline reports names the seller's line. What this adds: every CATEGORYTEXT is noted for pairing (new
 * paths are paired automatically when the match is clear), and an item of an unpaired category or an unknown
 * brand is refused with a code that says what to pair.
 *
 * Not yet carried (issue 21's params-values pairing and the Heureka settings are separate work): PARAMs (their
 * names are the seller's words, not the marketplace's parameter codes), the settings' default VAT, box type and
 * price rounding. Stock is the availability feed's: each product keeps the stock it has.
 */

const encoder = new TextEncoder();

/** Text as one line of XML: newlines as character references, so that an ITEM never spans two lines. */
function lineText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;')
    .replace(/\n/g, '&#10;');
}

function nodeLine(n: XmlNode): string {
  const body = n.children.length ? n.children.map(nodeLine).join('') : lineText(n.text);
  return `<${n.name}>${body}</${n.name}>`;
}

const el = (name: string, text: string | number | null | undefined, children: XmlNode[] = []): XmlNode[] =>
  text === null || text === undefined || text === ''
    ? children.length
      ? [{ name, text: '', children }]
      : []
    : [{ name, text: String(text), children }];

/** The product type: the name without the brand in front, as the marketplace builds titles from both. */
export function productTypeOf(name: string, brandName: string | null): string {
  if (!brandName) return name;
  const rest = name.slice(brandName.length).trim();
  return searchKey(name).startsWith(`${searchKey(brandName)} `) && rest !== '' ? rest : name;
}

/** One SHOPITEM as the marketplace feed's flat ITEM. */
export function mallItemOf(
  item: HeurekaItem,
  categoryId: number,
  brand: { id: string; name: string } | null,
  inStock: number | null,
): XmlNode {
  return {
    name: 'ITEM',
    text: '',
    children: [
      ...el('ID', item.itemId),
      ...el('ITEMGROUP_ID', item.itemGroupId),
      ...el('CATEGORY_ID', categoryId),
      ...el('BRAND_ID', brand?.id),
      ...el('PRODUCT_TYPE', productTypeOf(item.name, brand?.name ?? null)),
      ...el('LONGDESC', item.description),
      ...el('BARCODE', item.ean),
      ...el('PRICE', item.priceVat),
      ...el('VAT', item.vat),
      // Zero is what an absent IN_STOCK means: left out, so that an item's content hash does not change with it.
      ...el('IN_STOCK', inStock ? inStock : null),
      ...el('DELIVERY_DELAY', item.deliveryDays),
      ...item.images.flatMap((url, i) =>
        el('MEDIA', null, [...el('URL', url), ...el('MAIN', i === 0 ? 'true' : 'false')]),
      ),
    ],
  };
}

/** The stock each product or variant of these ids has now (the availability feed's), to keep it. */
async function currentStock(db: DbOrTx, partnerId: number, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const [own, variants] = await Promise.all([
    db
      .select({ id: products.id, inStock: products.inStock })
      .from(products)
      .where(and(eq(products.partnerId, partnerId), inArray(products.id, ids))),
    db
      .select({ id: productVariants.id, inStock: productVariants.inStock })
      .from(productVariants)
      .where(and(eq(productVariants.partnerId, partnerId), inArray(productVariants.id, ids))),
  ]);
  return new Map([...own, ...variants].map((r) => [r.id, r.inStock]));
}

export const processHeurekaProducts: FeedProcessor = async (ctx, body) => {
  const db = ctx.platform.database.db;
  /** Items refused here, before the pipeline: they count as read and as errors. */
  const own = { processed: 0, errors: 0 };
  const counts = new Map<string, number>();
  const noted = new Set<string>();
  let pairings = await heurekaPairings(db, ctx.partnerId);
  const brands = new Map<string, string | null>();

  async function note(texts: string[]) {
    await db.transaction((tx) =>
      noteHeurekaCategories(tx, ctx.partnerId, new Map(texts.map((t) => [t, counts.get(t) ?? 0]))),
    );
    for (const t of texts) noted.add(t);
    pairings = await heurekaPairings(db, ctx.partnerId);
  }

  async function* mallFeed(): AsyncGenerator<Uint8Array> {
    yield encoder.encode(PRODUCT_XML_HEAD);
    // The head ends with a newline after <ITEMS>: the next ITEM starts on line 3.
    let line = PRODUCT_XML_HEAD.split('\n').length;
    for await (const batch of readHeurekaProducts(body, IMPORT_BATCH)) {
      const errors: FeedItemError[] = [];
      const refuse = (itemCode: string | null, lineOf: number, error: Omit<FeedItemError, 'itemCode' | 'line'>) => {
        errors.push({ itemCode, line: lineOf, ...error });
      };
      const valid: { item: HeurekaItem; line: number }[] = [];
      for (const read of batch) {
        if (!read.item) {
          own.processed++;
          own.errors++;
          for (const issue of read.issues) {
            refuse(read.itemId, read.line, { errorCode: issue.code, field: issue.field, params: issue.params });
          }
        } else if (read.item.categoryText === null) {
          own.processed++;
          own.errors++;
          refuse(read.itemId, read.line, { errorCode: 'HEUREKA_CATEGORY_MISSING', field: 'CATEGORYTEXT' });
        } else {
          counts.set(read.item.categoryText, (counts.get(read.item.categoryText) ?? 0) + 1);
          valid.push({ item: read.item, line: read.line });
        }
      }
      const fresh = [...new Set(valid.map((v) => v.item.categoryText!))].filter((t) => !noted.has(t));
      if (fresh.length) await note(fresh);
      const brandIds = [
        ...new Set(valid.flatMap((v) => (v.item.manufacturer ? [brandIdOf(v.item.manufacturer)] : []))),
      ].filter((id) => !brands.has(id));
      if (brandIds.length) {
        const names = await loadBrandNames(db, brandIds);
        for (const id of brandIds) brands.set(id, names.get(id) ?? null);
      }
      const stock = await currentStock(
        db,
        ctx.partnerId,
        valid.map((v) => v.item.itemId),
      );
      let text = '';
      for (const { item, line: at } of valid) {
        const categoryId = pairings.get(item.categoryText!);
        const brandId = item.manufacturer ? brandIdOf(item.manufacturer) : null;
        const brandName = brandId ? (brands.get(brandId) ?? null) : null;
        if (categoryId === undefined) {
          own.processed++;
          own.errors++;
          refuse(item.itemId, at, {
            errorCode: 'HEUREKA_CATEGORY_UNPAIRED',
            field: 'CATEGORYTEXT',
            params: { category: item.categoryText! },
          });
          continue;
        }
        if (brandId !== null && brandName === null) {
          own.processed++;
          own.errors++;
          refuse(item.itemId, at, {
            errorCode: 'HEUREKA_BRAND_UNPAIRED',
            field: 'MANUFACTURER',
            params: { manufacturer: item.manufacturer! },
          });
          continue;
        }
        const node = mallItemOf(
          item,
          categoryId,
          brandId && brandName ? { id: brandId, name: brandName } : null,
          stock.get(item.itemId) ?? null,
        );
        // Down to the seller's line, so that the pipeline's refusals name it; items sharing a line share it.
        if (at > line) {
          text += '\n'.repeat(at - line);
          line = at;
        }
        text += nodeLine(node);
      }
      if (errors.length) await ctx.errors(errors);
      if (text) yield encoder.encode(text);
    }
    // The final counts of the whole file replace those noted on the way.
    if (counts.size) await note([...counts.keys()]);
    yield encoder.encode(`\n${PRODUCT_XML_TAIL}`);
  }

  const plus = (t: FeedRunTotals): FeedRunTotals => ({
    ...t,
    processed: t.processed + own.processed,
    errors: t.errors + own.errors,
  });
  const wrapped: FeedRunContext = { ...ctx, progress: (t) => ctx.progress(plus(t)) };
  return plus(await processMallProducts(wrapped, mallFeed()));
};
