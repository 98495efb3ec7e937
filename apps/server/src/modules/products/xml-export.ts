import { Readable } from 'node:stream';
import {
  PRODUCT_XML_HEAD,
  PRODUCT_XML_TAIL,
  type ProductXmlSource,
  productToXmlItem,
  productXmlFileName,
  xmlNodeText,
  campaignDay,
} from '@pp/domain';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { productMedia, products, productVariants } from './tables';

/** Products read per query: the export holds one batch at a time, whatever the catalogue's size. */
export const EXPORT_BATCH = 1000;

/** The partner's products in id order, a keyset batch at a time, as export items. */
export async function* productXmlSources(db: DbOrTx, partnerId: number): AsyncGenerator<ProductXmlSource[]> {
  let after: string | null = null;
  for (;;) {
    const batch = await db
      .select()
      .from(products)
      .where(
        after === null
          ? eq(products.partnerId, partnerId)
          : and(eq(products.partnerId, partnerId), gt(products.id, after)),
      )
      .orderBy(asc(products.id))
      .limit(EXPORT_BATCH);
    if (!batch.length) return;
    after = batch.at(-1)!.id;
    const ids = batch.map((p) => p.id);
    const [variants, media] = await Promise.all([
      db
        .select()
        .from(productVariants)
        .where(and(eq(productVariants.partnerId, partnerId), inArray(productVariants.productId, ids)))
        .orderBy(asc(productVariants.productId), asc(productVariants.position)),
      db
        .select()
        .from(productMedia)
        .where(and(eq(productMedia.partnerId, partnerId), inArray(productMedia.productId, ids)))
        .orderBy(asc(productMedia.productId), asc(productMedia.position)),
    ]);
    const variantsOf = groupBy(variants, (v) => v.productId);
    const mediaOf = groupBy(media, (m) => m.productId);
    yield batch.map((p) => ({
      ...p,
      media: (mediaOf.get(p.id) ?? []).map((m) => ({
        url: m.url,
        main: m.main,
        energyLabel: m.energyLabel,
        informationList: m.informationList,
      })),
      variants: (variantsOf.get(p.id) ?? []).map((v) => ({
        id: v.id,
        price: v.price,
        rrp: v.rrp,
        inStock: v.inStock,
        barcode: v.barcode,
        imageUrl: v.imageUrl,
        deliveryDelay: v.deliveryDelay,
        status: v.status,
        parameters: v.parameters,
      })),
    }));
    if (batch.length < EXPORT_BATCH) return;
  }
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/**
 * The partner's catalogue as product XML (GET /portal/export/partner-products): the format the import reads,
 * so exporting and importing the file changes nothing (the campaigns' entries and EFFECTIVE_PRICE are
 * written for the reader and skipped by the import). Written as it is read, one batch of text per chunk.
 */
export async function exportProductsXml(ctx: RequestContext): Promise<{ fileName: string; body: Readable }> {
  const { partnerId } = await ctx.require('products', 'read');
  const db = ctx.db;
  // Every item's EFFECTIVE_PRICE is that of one day, the day the export began (as the REST API answers today).
  const today = campaignDay();
  async function* chunks() {
    yield PRODUCT_XML_HEAD;
    for await (const batch of productXmlSources(db, partnerId)) {
      yield batch.map((p) => `${xmlNodeText(productToXmlItem(p, today))}\n`).join('');
    }
    yield PRODUCT_XML_TAIL;
  }
  return { fileName: productXmlFileName(new Date()), body: Readable.from(chunks(), { objectMode: false }) };
}
