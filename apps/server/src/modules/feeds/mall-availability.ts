import { DomainError, isProductId, STOCK_MAX, type XmlNode } from '@pp/domain';
import { rowsOf } from '../../platform/db/client';
import { withDeadlockRetry } from '../../platform/db/pg-errors';
import { requireModuleOn } from '../partner/service-modules';
import { availabilityStatement, checkedChanges, lockInOrder } from '../products/availability';
import { FileRefusal, IMPORT_BATCH, readLinedItems } from '../products/import-read';
import { firstLook, textKey } from './first-look';
import { storedHashes, storedRawHashes, storeHashes, storeRawHashes, valuesHash } from './hashes';
import type { FeedItemError, FeedProcessor, FeedRunContext, FeedRunTotals } from './run-types';

/**
 * The marketplace's availability feed:
 * ```xml
 * <AVAILABILITIES>
 *   <AVAILABILITY><ID>product or variant id</ID><IN_STOCK>0…9999</IN_STOCK><ACTIVE>true|false</ACTIVE></AVAILABILITY>
 * </AVAILABILITIES>
 * ```
 * Read by the product import's streaming reader (other element names, the same bounds), judged by the rules of
 * the availability API (products/availability.ts: stock 0…STOCK_MAX, ACTIVE or INACTIVE, NOT_FOR_RESALE stays
 * the marketplace's) and written through its batch statement, a batch at a time. Unlike an API command, one
 * unknown id or bad value refuses only its item, which the error log names with its line.
 */

const HASH_KIND = 'mall-availability/1';
/** The same for an item's exact text (first-look.ts). */
const RAW_KIND = 'mall-availability-raw/1';
const ROOT = 'AVAILABILITIES';
const ITEM = 'AVAILABILITY';
const FEED_MAX_ITEMS = 5_000_000;

interface Change {
  id: string;
  inStock: number;
  status: 'ACTIVE' | 'INACTIVE' | null;
  line: number;
  hash: string;
  /** The hash of its exact text when the first look handed it on alone (null: not known). */
  rawHash?: string | null;
  /** The one stored for it before. */
  storedRaw?: string;
}

const textOf = (node: XmlNode, name: string) => node.children.find((c) => c.name === name)?.text;

/** One AVAILABILITY as a change, or its reasons (the API's field rules, one entry each). */
function changeOf(node: XmlNode, line: number): Change | FeedItemError[] {
  const id = textOf(node, 'ID') ?? '';
  const stock = textOf(node, 'IN_STOCK') ?? '';
  const active = (textOf(node, 'ACTIVE') ?? '').toLowerCase();
  const itemCode = id || null;
  const issue = (field: string, rule: string, params: Record<string, string | number> = {}): FeedItemError => ({
    itemCode,
    errorCode: 'VALIDATION_ERROR',
    field,
    params: { rule, ...params },
    line,
  });
  const errors: FeedItemError[] = [];
  if (!id) errors.push(issue('ID', 'required'));
  else if (!isProductId(id)) errors.push(issue('ID', 'productId'));
  if (stock === '') errors.push(issue('IN_STOCK', 'required'));
  else if (!/^\d{1,9}$/.test(stock) || Number(stock) > STOCK_MAX) {
    errors.push(issue('IN_STOCK', 'numberBetween', { 0: 0, 1: STOCK_MAX }));
  }
  let status: Change['status'] = null;
  if (active === 'true' || active === '1') status = 'ACTIVE';
  else if (active === 'false' || active === '0') status = 'INACTIVE';
  else if (active !== '') errors.push(issue('ACTIVE', 'invalid'));
  if (errors.length) return errors;
  const inStock = Number(stock);
  return { id, inStock, status, line, hash: valuesHash(HASH_KIND, [id, inStock, status]) };
}

/**
 * Writes a batch of changes (one per id) in one transaction with their hashes: the statement writes the ids it
 * finds and answers them; the others are answered as unknown (refused item by item in the error log).
 */
async function writeChanges(ctx: FeedRunContext, changes: Change[]): Promise<Change[]> {
  const db = ctx.platform.database.db;
  const items = checkedChanges('ITEM', changes);
  const found = await withDeadlockRetry(() =>
    db.transaction(async (tx) => {
      // Switched off during the run, the availability module stops it here: what was written stays, nothing more.
      await requireModuleOn(tx, ctx.partnerId, 'availability');
      await lockInOrder(tx, ctx.partnerId, 'ITEM', items);
      const rows = rowsOf<{ n: number }>(
        await tx.execute(availabilityStatement(ctx.partnerId, 'ITEM', items, ctx.actor, true)),
      );
      const hit = new Set(rows.map((r) => Number(r.n)));
      await storeHashes(
        tx,
        ctx.partnerId,
        ctx.feedId,
        changes.filter((_, n) => hit.has(n)).map((c) => ({ itemId: c.id, hash: c.hash, rawHash: c.rawHash })),
      );
      return hit;
    }),
  );
  return changes.filter((_, n) => !found.has(n));
}

export const processMallAvailability: FeedProcessor = async (ctx, body) => {
  const db = ctx.platform.database.db;
  const totals: FeedRunTotals = { processed: 0, updated: 0, unchanged: 0, errors: 0 };
  // Items whose exact text was applied before are left out of the parse (counted as read and unchanged).
  const look = firstLook(body, {
    item: ITEM,
    // An availability is a hundred bytes: a batch's look-up, not its scan, is what an unchanged run waits for.
    batch: IMPORT_BATCH,
    stored: (ids) => storedRawHashes(db, ctx.partnerId, ctx.feedId, ids),
    keys: textKey(RAW_KIND),
    async leftOut(products) {
      const items = products.reduce((n, p) => n + p.items.length, 0);
      totals.processed += items;
      totals.unchanged += items;
      await ctx.progress({ ...totals });
    },
  });
  const reader = readLinedItems(look.input, true, { root: ROOT, item: ITEM, maxItems: FEED_MAX_ITEMS });
  let batch: Change[] = [];
  let errors: FeedItemError[] = [];
  let read = 0;
  let invalid = 0;

  const flush = async () => {
    // The same id twice: its last AVAILABILITY wins, as in an API command.
    const last = new Map(batch.map((c) => [c.id, c]));
    for (const c of last.values()) {
      // Needed once: memory keeps what the parser has not reached yet, not the whole file's.
      const raw = look.handed.get(c.id);
      look.handed.delete(c.id);
      if (raw && raw.items === 1) Object.assign(c, { rawHash: raw.hash, storedRaw: raw.stored });
    }
    const stored = await storedHashes(db, ctx.partnerId, ctx.feedId, [...last.keys()]);
    const changed = [...last.values()].filter((c) => stored.get(c.id) !== c.hash);
    // Unchanged in content but not in text (the file's layout changed): the next run leaves them out unparsed.
    await storeRawHashes(
      db,
      ctx.partnerId,
      ctx.feedId,
      [...last.values()].flatMap((c) =>
        stored.get(c.id) === c.hash && c.rawHash && c.rawHash !== c.storedRaw
          ? [{ itemId: c.id, hash: c.hash, rawHash: c.rawHash }]
          : [],
      ),
    );
    const unknown = changed.length ? await writeChanges(ctx, changed) : [];
    for (const c of unknown) {
      errors.push({ itemCode: c.id, errorCode: 'PRODUCT_NOT_FOUND', params: { productId: c.id }, line: c.line });
    }
    totals.processed += read;
    totals.unchanged += last.size - changed.length;
    totals.updated += changed.length - unknown.length;
    totals.errors += invalid + unknown.length;
    if (errors.length) await ctx.errors(errors);
    await ctx.progress({ ...totals });
    batch = [];
    errors = [];
    read = 0;
    invalid = 0;
  };

  try {
    for await (const items of reader) {
      for (const { node, line } of items) {
        read++;
        const change = changeOf(node, line);
        if (Array.isArray(change)) {
          errors.push(...change);
          invalid++;
        } else {
          batch.push(change);
        }
      }
      if (batch.length + invalid >= IMPORT_BATCH) await flush();
    }
    if (read) await flush();
  } catch (error) {
    if (error instanceof FileRefusal) throw new DomainError(error.code, error.params);
    throw error;
  }
  return totals;
};
