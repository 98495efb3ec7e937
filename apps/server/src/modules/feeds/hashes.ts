import { createHash, type Hash } from 'node:crypto';
import type { XmlNode } from '@pp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../platform/db/client';

/**
 * Content hashes of a feed's items (table feed_item_hashes): a run skips an item whose hash is the one stored
 * when it was last applied, so that an unchanged feed costs a read and a look-up per batch instead of the
 * whole product pipeline. The hash is of the item as parsed (element names and trimmed texts), so neither the
 * layout of the file nor whitespace around elements counts; what a processor hashes starts with its own name,
 * so that a change of its mapping (a new version) makes every item count as changed once.
 */

/**
 * The tree as one text, hashed at once (an update per piece cost a tenth of an unchanged run). Separators XML
 * 1.0 forbids in names and texts, so no two different trees give the same text.
 */
function nodeText(node: XmlNode): string {
  let text = `${node.name}\u0001${node.text}\u0002`;
  for (const child of node.children) text += nodeText(child);
  return `${text}\u0003`;
}

/** 128 bits of SHA-256, base64url: plenty to tell an item's versions apart, short to store and compare. */
const digest = (hash: Hash) => hash.digest('base64url').slice(0, 22);

/** The hash of a parsed item (a product's ITEM, nested when it was a group of variants). */
export function nodeHash(kind: string, node: XmlNode): string {
  const hash = createHash('sha256');
  hash.update(`${kind}\u0000${nodeText(node)}`);
  return digest(hash);
}

/** The hash of an item already reduced to its values (an availability: id, stock, status). */
export function valuesHash(kind: string, values: readonly (string | number | null)[]): string {
  const hash = createHash('sha256');
  hash.update(kind);
  for (const value of values) {
    hash.update('\u0000');
    hash.update(value === null ? '\u0001' : String(value));
  }
  return digest(hash);
}

/**
 * One item's row, found by the primary key for each id of a batch. The lookup is a nested loop by construction
 * (`offset 0` keeps the planner from flattening it): with `item_id = any(…)` the planner chose, whenever a feed's
 * rows were newer than the table's statistics (a new feed, or one feed's rows among millions), to read every
 * row of the feed and filter them — a first run of 30,000 items read its growing feed once per batch.
 */
const probe = (feedId: number, partnerId: number, columns: SQL) =>
  sql`select ${columns} from feed_item_hashes where feed_id = ${feedId} and item_id = t.item_id
    and partner_id = ${partnerId} offset 0`;

/** The stored hashes of these items of a feed. */
export async function storedHashes(
  db: DbOrTx,
  partnerId: number,
  feedId: number,
  itemIds: readonly string[],
): Promise<Map<string, string>> {
  if (!itemIds.length) return new Map();
  const rows = rowsOf<{ item_id: string; hash: string }>(
    await db.execute(sql`select t.item_id, h.hash from unnest(${sql.param([...itemIds])}::text[]) as t(item_id)
      cross join lateral (${probe(feedId, partnerId, sql`hash`)}) h`),
  );
  return new Map(rows.map((r) => [r.item_id, r.hash]));
}

/** The stored hashes of these items' exact texts (raw-items.ts), with the notes kept beside them. */
export async function storedRawHashes(
  db: DbOrTx,
  partnerId: number,
  feedId: number,
  itemIds: readonly string[],
): Promise<Map<string, { rawHash: string; notes: unknown }>> {
  if (!itemIds.length) return new Map();
  const rows = rowsOf<{ item_id: string; raw_hash: string | null; notes: unknown }>(
    await db.execute(sql`select t.item_id, h.raw_hash, h.notes from unnest(${sql.param([...itemIds])}::text[]) as t(item_id)
      cross join lateral (${probe(feedId, partnerId, sql`raw_hash, notes`)}) h where h.raw_hash is not null`),
  );
  return new Map(rows.map((r) => [r.item_id, { rawHash: r.raw_hash!, notes: r.notes }]));
}

/**
 * Records the hashes of items just applied, in the transaction that applied them, with the hash of their exact
 * text when it is known (null otherwise: the next run parses the item again).
 */
export async function storeHashes(
  tx: DbOrTx,
  partnerId: number,
  feedId: number,
  entries: readonly { itemId: string; hash: string; rawHash?: string | null; notes?: unknown }[],
): Promise<void> {
  if (!entries.length) return;
  // One row per item: a statement may not update the same row twice.
  const byId = new Map(entries.map((e) => [e.itemId, e]));
  const list = [...byId.values()];
  await tx.execute(sql`insert into feed_item_hashes (feed_id, partner_id, item_id, hash, raw_hash, notes)
    select ${feedId}, ${partnerId}, item_id, hash, raw_hash, notes::jsonb
    from unnest(${sql.param(list.map((e) => e.itemId))}::text[], ${sql.param(list.map((e) => e.hash))}::text[],
      ${sql.param(list.map((e) => e.rawHash ?? null))}::text[],
      ${sql.param(list.map((e) => (e.notes === undefined ? null : JSON.stringify(e.notes))))}::text[]) as t(item_id, hash, raw_hash, notes)
    on conflict (feed_id, item_id) do update set hash = excluded.hash, raw_hash = excluded.raw_hash, notes = excluded.notes`);
}

/**
 * Notes the exact text of items found unchanged by their parsed content (the file's layout changed): the next
 * run leaves them out of the parse. Only where the content hash is still the one compared.
 */
export async function storeRawHashes(
  db: DbOrTx,
  partnerId: number,
  feedId: number,
  entries: readonly { itemId: string; hash: string; rawHash: string; notes?: unknown }[],
): Promise<void> {
  if (!entries.length) return;
  await db.execute(sql`update feed_item_hashes h set raw_hash = t.raw_hash, notes = t.notes::jsonb
    from unnest(${sql.param(entries.map((e) => e.itemId))}::text[], ${sql.param(entries.map((e) => e.hash))}::text[],
      ${sql.param(entries.map((e) => e.rawHash))}::text[],
      ${sql.param(entries.map((e) => (e.notes === undefined ? null : JSON.stringify(e.notes))))}::text[]) as t(item_id, hash, raw_hash, notes)
    where h.feed_id = ${feedId} and h.partner_id = ${partnerId} and h.item_id = t.item_id and h.hash = t.hash
      and h.raw_hash is distinct from t.raw_hash`);
}

/** Forgets what a feed applied (its reset): the next run applies every item again. */
export async function forgetFeedHashes(tx: DbOrTx, feedId: number): Promise<void> {
  await tx.execute(sql`delete from feed_item_hashes where feed_id = ${feedId}`);
}
