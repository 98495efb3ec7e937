import { createHash } from 'node:crypto';
import {
  FEED_MAX_GROUP_ITEMS,
  type HeurekaItem,
  heurekaSummaryFlags,
  PRODUCT_XML_HEAD,
  PRODUCT_XML_TAIL,
  searchKey,
  varyingParamNames,
  type XmlNode,
} from '@pp/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { IMPORT_BATCH } from '../products/import-read';
import { products, productVariants } from '../products/tables';
import { heurekaBrandPairings, MANUFACTURER_MAX, noteHeurekaBrands } from './brand-pairing';
import { firstLook, type LeftOut, type RawSeen, type StoredRaw } from './first-look';
import { HEUREKA_RAW_KIND, isProductNote, type ProductNote, stable } from './heureka-notes';
import { storedRawHashes } from './hashes';
import { readHeurekaProducts } from './heureka-read';
import { boxElementsOf, heurekaRunSettings } from './heureka-settings';
import { processMallItems } from './mall-products';
import {
  type HeurekaOverride,
  heurekaOverridesDigest,
  heurekaOverridesFor,
  overrideIdsOf,
  overrideOf,
  withHeurekaOverrides,
} from './overrides';
import { heurekaPairings, noteHeurekaCategories } from './pairing';
import {
  loadParamPairings,
  marketplaceParams,
  noteHeurekaParams,
  ParamNotes,
  paramKey,
  variableCodes,
} from './param-pairing';
import { rawGroupHash, shopItemIds } from './raw-items';
import type { FeedItemError, FeedProcessor, FeedRunContext, FeedRunTotals } from './run-types';

/**
 * The Heureka product feed (SHOP/SHOPITEM) into products. Items of a category paired with a marketplace
 * category, whose MANUFACTURER is a marketplace brand, become ITEMs of the marketplace's own format and go
 * through the marketplace feed's processor (mall-products.ts) and so through the product import's pipeline:
 * the same grouping of variants by ITEMGROUP_ID, the same rules, the same content hashes, the same writes.
 * Each ITEM is written on the line where its SHOPITEM starts in the seller's file, so every refusal the
 * pipeline reports names the seller's line. What this adds: every CATEGORYTEXT, PARAM (name, values, which
 * names vary in variant groups) and MANUFACTURER is noted for pairing (paired automatically when the match is
 * clear); an item of an unpaired category or manufacturer is refused with a code that says what to pair; the
 * paired PARAMs become the marketplace's parameters (unpaired ones are left out, so a missing mandatory
 * parameter is the product rules' usual refusal) and a group's varying paired PARAMs its VARIABLE_PARAMS.
 * Pairings are part of the generated ITEM, so a changed pairing changes the content hash and the next run
 * writes the product again: no hash needs forgetting.
 *
 * The partner's Heureka options (heureka-settings.ts) and the seller's overrides (overrides.ts) apply to each
 * item on the way. Stock is the availability feed's: each product keeps the stock it has.
 */

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

/** One SHOPITEM as the marketplace feed's flat ITEM, with its paired parameters and its group's variant codes. */
export function mallItemOf(
  item: HeurekaItem,
  categoryId: number,
  brand: { id: string; name: string } | null,
  inStock: number | null,
  params: readonly { code: string; value: string }[] = [],
  variableCodes: readonly string[] = [],
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
      ...boxElementsOf(item),
      ...el('DELIVERY_DELAY', item.deliveryDays),
      ...params.flatMap((p) => el('PARAM', null, [...el('NAME', p.code), ...el('VALUE', p.value)])),
      ...el(
        'VARIABLE_PARAMS',
        null,
        variableCodes.flatMap((code) => el('PARAM', code)),
      ),
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

/** An item ready to become an ITEM, kept while its variant group is still open. */
interface Ready {
  /** The item as read (what the run's notes count). */
  read: HeurekaItem;
  item: HeurekaItem;
  line: number;
  categoryId: number;
  brand: { id: string; name: string } | null;
  inStock: number | null;
  /** The seller's overrides of the item (overrides.ts). */
  override?: HeurekaOverride;
}

export const processHeurekaProducts: FeedProcessor = async (ctx, body) => {
  const db = ctx.platform.database.db;
  /** Items refused here, before the pipeline: they count as read and as errors. */
  const own = { processed: 0, errors: 0 };
  const counts = new Map<string, number>();
  const noted = new Set<string>();
  let pairings = await heurekaPairings(db, ctx.partnerId);
  const makers = new Map<string, number>();
  const notedMakers = new Set<string>();
  let brands = await heurekaBrandPairings(db, ctx.partnerId);
  const params = new ParamNotes();
  const notedParams = new Set<string>();
  let paramPairings = await loadParamPairings(db, ctx.partnerId);
  // The partner's options (VAT, box, rounding, description) and the feed summary: heureka-settings.ts.
  const settings = await heurekaRunSettings(ctx);
  const overridesDigest = await heurekaOverridesDigest(db, ctx.partnerId);
  /** What items are mapped with now, as one hash: renewed whenever a pairing is loaded again. */
  let version = '';
  const renewVersion = () => {
    version = createHash('sha256')
      .update(JSON.stringify(stable([pairings, brands, paramPairings, settings.options, overridesDigest])))
      .digest('base64url');
  };
  renewVersion();
  /** The version each product handed on was keyed with: a product mapped under another is not remembered. */
  const keyedWith = new Map<string, string>();

  async function note(texts: string[]) {
    await db.transaction((tx) =>
      noteHeurekaCategories(tx, ctx.partnerId, new Map(texts.map((t) => [t, counts.get(t) ?? 0]))),
    );
    for (const t of texts) noted.add(t);
    pairings = await heurekaPairings(db, ctx.partnerId);
    renewVersion();
  }

  async function noteMakers(names: string[]) {
    await db.transaction((tx) =>
      noteHeurekaBrands(tx, ctx.partnerId, new Map(names.map((m) => [m, makers.get(m) ?? 0]))),
    );
    for (const m of names) notedMakers.add(m);
    brands = await heurekaBrandPairings(db, ctx.partnerId);
    renewVersion();
  }

  /**
   * The names not noted yet in this run (or, at the end, every name with its values and the whole file's
   * counts), then the pairings the next items map with.
   */
  async function noteParams(final: boolean) {
    const notes = final ? params : params.without(notedParams);
    await db.transaction((tx) => noteHeurekaParams(tx, ctx.partnerId, notes, { values: final }));
    for (const key of notes.keys()) notedParams.add(key);
    paramPairings = await loadParamPairings(db, ctx.partnerId);
    renewVersion();
  }

  /** The first look at the file (first-look.ts), and the ids of the items it left out unparsed. */
  let look: { handed: Map<string, RawSeen | null> } | null = null;
  const readIds = new Set<string>();

  /** The open variant group: its items wait until the group ends, since VARIABLE_PARAMS are the group's. */
  let open: { group: string; items: Ready[] } | null = null;

  /** One line of ITEMs for items of one group (or one item), each down to the seller's line. */
  let line = PRODUCT_XML_HEAD.split('\n').length;
  function emit(ready: Ready[]): string {
    let text = '';
    const first = ready[0]!;
    const categoryText = first.item.categoryText!;
    let codes: string[] = [];
    let varying: string[] = [];
    if (ready.length > 1) {
      varying = varyingParamNames(ready.map((r) => r.item.params));
      params.group(categoryText, varying);
      codes = variableCodes(paramPairings, categoryText, varying);
    }
    remember(ready, varying);
    for (const r of ready) {
      const node = mallItemOf(
        r.item,
        r.categoryId,
        r.brand,
        r.inStock,
        marketplaceParams(paramPairings, r.item.categoryText!, r.item.params),
        codes,
      );
      // Down to the seller's line, so that the pipeline's refusals name it; items sharing a line share it.
      if (r.line > line) {
        text += '\n'.repeat(r.line - line);
        line = r.line;
      }
      text += nodeLine(withHeurekaOverrides(node, r.override));
    }
    return text;
  }

  /**
   * What the product's items added to the notes, kept with its key for the next run to count when it leaves the
   * same text out; nothing is kept when the pairings changed since the key was made.
   */
  function remember(ready: readonly Ready[], varying: string[]) {
    const id = ready[0]!.item.itemGroupId ?? ready[0]!.item.itemId;
    const seen = look?.handed.get(id);
    if (seen) {
      if (keyedWith.get(id) !== version) look!.handed.set(id, null);
      else {
        seen.notes = {
          i: ready.map(({ read }) => ({
            c: read.categoryText!,
            m: read.manufacturer,
            p: read.params.map((p) => [p.name, p.value]),
            f: heurekaSummaryFlags(read),
          })),
          v: varying,
        } satisfies ProductNote;
      }
    }
    keyedWith.delete(id);
  }

  /** Products left out of the parse: counted into the notes and the summary as if read. */
  function replay(products: readonly LeftOut[]) {
    for (const product of products) {
      const note = product.notes as ProductNote;
      for (const item of note.i) {
        counts.set(item.c, (counts.get(item.c) ?? 0) + 1);
        if (item.m !== null && item.m.length <= MANUFACTURER_MAX) makers.set(item.m, (makers.get(item.m) ?? 0) + 1);
        params.item(
          item.c,
          item.p.map(([name, value]) => ({ name, value })),
        );
        settings.countLeftOut(item.f);
      }
      if (note.v.length) params.group(note.i[0]!.c, note.v);
      for (const raw of product.items) if (raw.itemId) readIds.add(raw.itemId);
    }
  }

  function closeGroup(): string {
    const group = open;
    open = null;
    return group ? emit(group.items) : '';
  }

  async function* mallFeed(input: AsyncIterable<string>): AsyncGenerator<string> {
    yield PRODUCT_XML_HEAD;
    for await (const batch of readHeurekaProducts(input, IMPORT_BATCH, readIds)) {
      await settings.batch(batch);
      const errors: FeedItemError[] = [];
      const refuse = (itemCode: string | null, lineOf: number, error: Omit<FeedItemError, 'itemCode' | 'line'>) => {
        own.processed++;
        own.errors++;
        errors.push({ itemCode, line: lineOf, ...error });
      };
      const valid: { item: HeurekaItem; line: number }[] = [];
      for (const read of batch) {
        if (!read.item) {
          own.processed++;
          own.errors++;
          for (const issue of read.issues) {
            errors.push({
              itemCode: read.itemId,
              line: read.line,
              errorCode: issue.code,
              field: issue.field,
              params: issue.params,
            });
          }
        } else if (read.item.categoryText === null) {
          refuse(read.itemId, read.line, { errorCode: 'HEUREKA_CATEGORY_MISSING', field: 'CATEGORYTEXT' });
        } else {
          const text = read.item.categoryText;
          counts.set(text, (counts.get(text) ?? 0) + 1);
          const maker = read.item.manufacturer;
          if (maker !== null && maker.length <= MANUFACTURER_MAX) makers.set(maker, (makers.get(maker) ?? 0) + 1);
          params.item(text, read.item.params);
          valid.push({ item: read.item, line: read.line });
        }
      }
      const fresh = [...new Set(valid.map((v) => v.item.categoryText!))].filter((t) => !noted.has(t));
      if (fresh.length) await note(fresh);
      const freshMakers = [...new Set(valid.flatMap((v) => (v.item.manufacturer ? [v.item.manufacturer] : [])))].filter(
        (m) => makers.has(m) && !notedMakers.has(m),
      );
      if (freshMakers.length) await noteMakers(freshMakers);
      // Names past the bounds are never noted: only those the notes keep count as new.
      if (valid.some((v) => v.item.params.some((p) => !notedParams.has(paramKey(v.item.categoryText!, p.name))))) {
        if (params.without(notedParams).byCategory.size) await noteParams(false);
      }
      const stock = await currentStock(
        db,
        ctx.partnerId,
        valid.map((v) => v.item.itemId),
      );
      const overrides = await heurekaOverridesFor(
        db,
        ctx.partnerId,
        valid.flatMap((v) => overrideIdsOf(v.item)),
      );
      let text = '';
      for (const { item, line: at } of valid) {
        // A category override wins over the pairing: its item goes on even when the feed's category is unpaired.
        const categoryId = overrideOf(overrides, item)?.categoryId ?? pairings.get(item.categoryText!);
        if (categoryId === undefined) {
          refuse(item.itemId, at, {
            errorCode: 'HEUREKA_CATEGORY_UNPAIRED',
            field: 'CATEGORYTEXT',
            params: { category: item.categoryText! },
          });
          continue;
        }
        const brand = item.manufacturer ? brands.get(item.manufacturer) : null;
        if (brand === undefined) {
          refuse(item.itemId, at, {
            errorCode: 'HEUREKA_BRAND_UNPAIRED',
            field: 'MANUFACTURER',
            params: { manufacturer: item.manufacturer! },
          });
          continue;
        }
        const ready: Ready = {
          read: item,
          item: settings.apply(item),
          line: at,
          categoryId,
          brand,
          inStock: stock.get(item.itemId) ?? null,
          override: overrideOf(overrides, item),
        };
        const group = item.itemGroupId;
        if (group && open?.group === group && open.items.length <= FEED_MAX_GROUP_ITEMS) {
          open.items.push(ready);
          continue;
        }
        text += closeGroup();
        if (group) open = { group, items: [ready] };
        else text += emit([ready]);
      }
      if (errors.length) await ctx.errors(errors);
      if (text) yield text;
    }
    const last = closeGroup();
    if (last) yield last;
    // The final counts of the whole file replace those noted on the way.
    if (counts.size) await note([...counts.keys()]);
    if (makers.size) await noteMakers([...makers.keys()]);
    if (params.byCategory.size) await noteParams(true);
    await settings.finish();
    yield `\n${PRODUCT_XML_TAIL}`;
  }

  const plus = (t: FeedRunTotals): FeedRunTotals => ({
    ...t,
    processed: t.processed + own.processed,
    errors: t.errors + own.errors,
  });
  const wrapped: FeedRunContext = { ...ctx, progress: (t) => ctx.progress(plus(t)) };
  return plus(
    await processMallItems(wrapped, (grouper, leftOut) => {
      const seen = firstLook(body, {
        item: 'SHOPITEM',
        ids: shopItemIds,
        async stored(ids) {
          const stored: Map<string, StoredRaw> = await storedRawHashes(db, ctx.partnerId, ctx.feedId, ids);
          // A key kept without its notes (or with notes of another shape) cannot be counted: parsed again.
          for (const [id, entry] of stored) if (!isProductNote(entry.notes)) stored.delete(id);
          return stored;
        },
        async keys(ids) {
          const measures = await settings.measuresOf(ids);
          const at = version;
          return (id, group) => {
            if (id !== null) keyedWith.set(id, at);
            const m = id === null ? undefined : measures.get(id);
            return rawGroupHash(`${HEUREKA_RAW_KIND}\u0000${at}\u0000${m ? JSON.stringify(stable(m)) : ''}`, group);
          };
        },
        async leftOut(products) {
          replay(products);
          for (const product of products) {
            if (product.groupId) grouper.markSeen(product.groupId);
            keyedWith.delete(product.items[0]!.productId!);
          }
          await leftOut(products.reduce((n, p) => n + p.items.length, 0));
        },
      });
      look = seen;
      return { input: mallFeed(seen.input), handed: seen.handed };
    }),
  );
};
