import { randomUUID } from 'node:crypto';
import {
  DomainError,
  FEED_MAX_GROUP_ITEMS,
  type FeedProduct,
  type GroupRefusal,
  MallItemGrouper,
  PRODUCT_XML_ITEM,
  PRODUCT_XML_ROOT,
  type XmlNode,
} from '@pp/domain';
import { FileRefusal, IMPORT_BATCH, IMPORT_BATCH_ELEMENTS, readLinedItems } from '../products/import-read';
import { type ParsedBatch, parseBatch } from '../products/import-prepare';
import type { ImportJobScope, Refused } from '../products/import-types';
import { type CommitResult, writeBatches } from '../products/import-write';
import { partnerShopOf } from '../products/shop';
import { nodeHash, storedHashes, storedRawHashes, storeHashes, storeRawHashes } from './hashes';
import { firstLook, type RawSeen, textKey } from './first-look';
import type { FeedItemError, FeedProcessor, FeedRunContext, FeedRunTotals } from './run-types';

/**
 * The marketplace's product feed (ITEMS/ITEM): the product XML import's format, read by its reader and written
 * by its pipeline (products/import-*.ts), so that a feed, an upload and the API obey the same rules and write
 * the same rows. What the feed adds: flat ITEMs of one ITEMGROUP_ID become one product with variants (domain
 * feeds/mall-groups.ts), an item whose content hash did not change since it was last applied is skipped, and
 * every refusal names the line of the file where its ITEM starts.
 */

/** Bumped when the mapping of an ITEM changes: every item then counts as changed once. */
const HASH_KIND = 'mall-products/1';
/** The same for the products' exact texts (raw-items.ts). */
const RAW_KIND = 'mall-products-raw/1';
/** A feed may be larger than an upload; its items still stream, a batch at a time. */
const FEED_MAX_ITEMS = 5_000_000;

/** A batch of the feed on its way through the pipeline, with what the run needs to report on it. */
interface FeedBatch extends ParsedBatch {
  /** The batch's products by id (the last of an id, as the pipeline keeps it). */
  products: Map<string, FeedProduct & { hash: string; rawHash: string | null; notes?: unknown }>;
  /** ITEM elements read for this batch, skipped ones included. */
  read: number;
  unchanged: number;
  /** Groups refused before any rule ran. */
  groupRefusals: GroupRefusal[];
}

function elementsOf(node: XmlNode): number {
  let n = 1;
  for (const child of node.children) n += elementsOf(child);
  return n;
}

/** A refused group's entry in the error log. */
function groupError(refusal: GroupRefusal): FeedItemError {
  return refusal.code === 'FEED_ITEMGROUP_SPLIT'
    ? { itemCode: refusal.group, errorCode: refusal.code, params: { group: refusal.group }, line: refusal.line }
    : {
        itemCode: refusal.group,
        errorCode: 'VALIDATION_ERROR',
        field: 'variants',
        params: { rule: 'max', 0: FEED_MAX_GROUP_ITEMS },
        line: refusal.line,
      };
}

/**
 * A refused product's entries: one per reason, at the line of the variant's ITEM when the reason is a
 * variant's (field `variants.<n>.…`), else at the product's first ITEM. The reasons are the form's field
 * rules: the log shows them as the errors tab does (code VALIDATION_ERROR, the rule in `params.rule`).
 */
function refusedErrors(batch: FeedBatch, refused: Refused): FeedItemError[] {
  const product = batch.products.get(refused.productId);
  return refused.issues.map((issue) => {
    const variant = /^variants\.(\d+)\.(.+)$/.exec(issue.field);
    const own = variant ? product?.variants[Number(variant[1])] : undefined;
    return {
      itemCode: own?.id || refused.productId || null,
      errorCode: 'VALIDATION_ERROR',
      field: own ? variant![2]! : issue.field,
      params: { rule: issue.rule, ...issue.params },
      line: own?.line ?? product?.line ?? null,
    };
  });
}

async function scopeOf(ctx: FeedRunContext): Promise<ImportJobScope> {
  const db = ctx.platform.database.db;
  const { shopId } = await partnerShopOf(db, ctx.partnerId);
  return {
    db,
    partnerId: ctx.partnerId,
    shopId,
    // The run's own id for what the pipeline files under an import: price holds and the errors tab.
    importId: randomUUID(),
    feedRunId: ctx.runId,
    jobs: ctx.platform.jobs,
    actor: ctx.actor,
  };
}

/**
 * The first look a run of the marketplace's ITEMs is given (first-look.ts): by default the file's own, keyed by
 * each product's exact text; the Heureka feed brings its own, keyed by its SHOPITEMs and what they are mapped
 * with, and hands on the ITEMs it made of the rest.
 */
export interface MallItemsLook {
  input: AsyncIterable<string | Uint8Array>;
  /** Per product id handed on: its key and what to remember beside it (null: nothing is known). */
  handed: Map<string, RawSeen | null>;
}

export const processMallProducts: FeedProcessor = (ctx, body) =>
  processMallItems(ctx, (grouper, leftOut) =>
    firstLook(body, {
      item: PRODUCT_XML_ITEM,
      stored: (ids) => storedRawHashes(ctx.platform.database.db, ctx.partnerId, ctx.feedId, ids),
      keys: textKey(RAW_KIND),
      async leftOut(products) {
        for (const p of products) if (p.groupId) grouper.markSeen(p.groupId);
        await leftOut(products.reduce((n, p) => n + p.items.length, 0));
      },
    }),
  );

/**
 * Marketplace ITEMs into products: `lookAt` gives the text to parse (the grouper, to mark groups left out as
 * seen, and a count of items left out unchanged are its to use).
 */
export async function processMallItems(
  ctx: FeedRunContext,
  lookAt: (grouper: MallItemGrouper, leftOut: (items: number) => Promise<void>) => MallItemsLook,
): Promise<FeedRunTotals> {
  const scope = await scopeOf(ctx);
  const db = scope.db;
  const totals: FeedRunTotals = { processed: 0, updated: 0, unchanged: 0, errors: 0 };
  const grouper = new MallItemGrouper();
  const look = lookAt(grouper, async (items) => {
    totals.processed += items;
    totals.unchanged += items;
    await ctx.progress({ ...totals });
  });
  const reader = readLinedItems(look.input, true, {
    root: PRODUCT_XML_ROOT,
    item: PRODUCT_XML_ITEM,
    maxItems: FEED_MAX_ITEMS,
  });

  let pending: FeedProduct[] = [];
  let refusals: GroupRefusal[] = [];
  let read = 0;
  let elements = 0;

  /** The products gathered so far as a batch: the unchanged ones counted and left out, the rest parsed. */
  async function cut(): Promise<FeedBatch | null> {
    const products = pending;
    const groupRefusals = refusals;
    const items = read;
    pending = [];
    refusals = [];
    read = 0;
    elements = 0;
    // The last ITEM of an id wins (as in the pipeline) before hashes are compared: an earlier one that changed
    // must not be written over a last one that did not.
    const last = [...new Map(products.map((p) => [p.id, p])).values()];
    const hashed = last.map((p) => {
      // The exact text is known when the first look handed this product on whole, once.
      const raw = p.id ? look.handed.get(p.id) : undefined;
      // Needed once: memory keeps what the parser has not reached yet, not the whole file's.
      if (p.id) look.handed.delete(p.id);
      return { ...p, hash: nodeHash(HASH_KIND, p.node), raw: raw && raw.items === p.items ? raw : null };
    });
    const stored = await storedHashes(db, ctx.partnerId, ctx.feedId, hashed.map((p) => p.id).filter(Boolean));
    const changed = hashed
      .filter((p) => !p.id || stored.get(p.id) !== p.hash)
      .map((p) => ({ ...p, rawHash: p.raw?.hash ?? null, notes: p.raw?.notes }));
    const same = hashed.filter((p) => p.id && stored.get(p.id) === p.hash);
    const unchanged = same.reduce((n, p) => n + p.items, 0);
    // Unchanged in content but not in text (the file's layout changed): the next run leaves them out unparsed.
    await storeRawHashes(
      db,
      ctx.partnerId,
      ctx.feedId,
      same.flatMap((p) =>
        p.raw && p.raw.stored !== p.raw.hash
          ? [{ itemId: p.id, hash: p.hash, rawHash: p.raw.hash, notes: p.raw.notes }]
          : [],
      ),
    );
    if (!changed.length && !groupRefusals.length) {
      // Nothing to write: counted here, with no transaction.
      totals.processed += items;
      totals.unchanged += unchanged;
      if (items) await ctx.progress({ ...totals });
      return null;
    }
    return {
      ...parseBatch(changed.map((p) => p.node)),
      products: new Map(changed.map((p) => [p.id, p])),
      read: items,
      unchanged,
      groupRefusals,
    };
  }

  const take = (out: { products: FeedProduct[]; refused: GroupRefusal[] }) => {
    for (const p of out.products) {
      pending.push(p);
      elements += elementsOf(p.node);
    }
    refusals.push(...out.refused);
  };
  const full = () => pending.length >= IMPORT_BATCH || elements >= IMPORT_BATCH_ELEMENTS;

  let ended = false;
  /** The next batch that has something to write; null at the end of the file. */
  async function next(): Promise<FeedBatch | null> {
    while (!ended) {
      const step = await reader.next();
      if (step.done) {
        ended = true;
        take(grouper.end());
        break;
      }
      for (const item of step.value) {
        read++;
        take(grouper.push(item));
      }
      if (full()) {
        const batch = await cut();
        if (batch) return batch;
      }
    }
    if (!pending.length && !refusals.length && !read) return null;
    return (await cut()) ?? next();
  }

  try {
    await writeBatches(scope, next, {
      async afterWrite(tx, batch, result: CommitResult) {
        const entries = result.written.flatMap((id) => {
          const product = batch.products.get(id);
          return product ? [{ itemId: id, hash: product.hash, rawHash: product.rawHash, notes: product.notes }] : [];
        });
        await storeHashes(tx, ctx.partnerId, ctx.feedId, entries);
      },
      async committed(batch, result) {
        const errors = [
          ...batch.groupRefusals.map(groupError),
          ...result.refused.flatMap((r) => refusedErrors(batch, r)),
        ];
        const itemsOf = (id: string) => batch.products.get(id)?.items ?? 1;
        totals.processed += batch.read;
        totals.unchanged += batch.unchanged;
        totals.updated += result.written.reduce((n, id) => n + itemsOf(id), 0);
        totals.errors +=
          batch.groupRefusals.reduce((n, r) => n + r.items, 0) +
          result.refused.reduce((n, r) => n + itemsOf(r.productId), 0);
        if (errors.length) await ctx.errors(errors);
        await ctx.progress({ ...totals });
      },
    });
  } catch (error) {
    if (error instanceof FileRefusal) throw new DomainError(error.code, error.params);
    throw error;
  } finally {
    await reader.return(0).catch(() => undefined);
  }
  return totals;
}
