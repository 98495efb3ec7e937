import { setPriceSource } from './price-history';
import { checkProduct, type FieldIssue, mediaToSave } from '@pp/domain';
import { sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import { type DbOrTx, rowsOf } from '../../platform/db/client';
import { newImportCache, type PreparedBatch, prepareBatch } from './import-lookups';
import type { ParsedBatch } from './import-prepare';
import { holdPriceJumps } from './import-prices';
import { writeErrors, writeProducts } from './import-rows';
import { isModuleOn } from '../partner/service-modules';
import type { Accepted, Existing, ExistingMedia, ImportJobScope, Refused } from './import-types';
import { queueRemoteMedia } from './remote-media';

/**
 * Judges a prepared batch with the form's rules and writes it in one transaction: valid items are upserted
 * whole (product, variants and media replaced together), refused ones get their reasons in the errors tab,
 * and every product of the batch loses the reasons an earlier import gave. A price that would move by more
 * than 30 % (the form's rule, `judgePriceChanges`) is not written: the item is written with its stored price
 * and the change is held for the seller to confirm (price-holds.ts), as the form would have asked.
 */
export interface CommitResult {
  created: number;
  updated: number;
  failed: number;
  held: number;
  forced: number;
  /** The products written, and the ones refused with their reasons. */
  written: string[];
  refused: Refused[];
}

export async function commitBatch(
  scope: ImportJobScope,
  batch: PreparedBatch,
  /** More work of the same transaction once the batch is written (a feed stores its items' hashes). */
  afterWrite?: (tx: DbOrTx, result: CommitResult) => Promise<void>,
): Promise<CommitResult> {
  return scope.db.transaction(async (tx) => {
    // The price history names who wrote the prices (migration 0047's triggers read it).
    await setPriceSource(tx, scope.feedRunId === undefined ? 'IMPORT' : 'FEED');
    const existing = new Map(
      rowsOf<Existing>(
        await tx.execute(sql`select id, status, stage, promotions, labels from products
          where partner_id = ${scope.partnerId} and id = any(${sql.param(batch.ids)}::text[]) for update`),
      ).map((row) => [row.id, row]),
    );

    const accepted: Accepted[] = [];
    const refused: Refused[] = [...batch.refused];
    for (const { input, stage, keepStatus, category, brandName, issues } of batch.candidates) {
      // A product keeps its stage when the file names none: the listing rules follow the stage it will have.
      const effectiveStage = stage ?? existing.get(input.id)?.stage ?? 'DRAFT';
      const check = checkProduct(input, {
        shopId: scope.shopId,
        category,
        brandName,
        forListing: effectiveStage === 'LIVE',
      });
      const all = [...issues, ...check.issues];
      if (all.length) refused.push({ productId: input.id, issues: all });
      else accepted.push({ input, title: check.title, stage, keepStatus, category });
    }
    await refuseTakenVariantIds(tx, scope.partnerId, accepted, refused);
    const { held, forced } = await holdPriceJumps(tx, scope, accepted);

    const written = accepted.map((a) => a.input.id);
    const oldMedia = rowsOf<ExistingMedia>(
      await tx.execute(sql`select product_id, url, file_id, thumb_url, width, height from product_media
        where partner_id = ${scope.partnerId} and product_id = any(${sql.param(written)}::text[])`),
    );
    const mediaByUrl = new Map(oldMedia.map((m) => [`${m.product_id}\n${m.url}`, m]));
    // Reasons the form or the marketplace gave stay, and keep the product flagged.
    const flagged = new Set(
      rowsOf<{ product_id: string }>(
        await tx.execute(sql`select distinct product_id from product_errors where partner_id = ${scope.partnerId}
          and source <> 'IMPORT' and product_id = any(${sql.param(written)}::text[])`),
      ).map((row) => row.product_id),
    );
    const keepStock = !(await isModuleOn(tx, scope.partnerId, 'availability'));
    await writeProducts(tx, scope, accepted, existing, mediaByUrl, flagged, keepStock);
    await writeErrors(tx, scope, batch.ids, refused);
    // Images at the seller's URLs: fetched by a job, the ones already stored not again (remote-media.ts).
    await queueRemoteMedia(
      tx,
      scope.jobs,
      scope.partnerId,
      accepted.map((a) => ({ productId: a.input.id, media: mediaToSave(a.input.media) })),
    );

    const created = accepted.filter((a) => !existing.has(a.input.id)).length;
    const counts = { created, updated: accepted.length - created, failed: refused.length, held, forced };
    if (scope.feedRunId === undefined) {
      await tx.execute(sql`update product_imports set done = done + ${batch.items}, created = created + ${counts.created},
          updated = updated + ${counts.updated}, failed = failed + ${counts.failed}, held = held + ${counts.held},
          forced = forced + ${counts.forced}
        where partner_id = ${scope.partnerId} and id = ${scope.importId}`);
    }
    await recordAudit(
      tx,
      scope.actor,
      scope.feedRunId === undefined
        ? {
            action: 'product.import.batch',
            entity: 'product_import',
            entityId: scope.importId,
            data: { ...counts, productIds: written },
          }
        : {
            action: 'product.feed.batch',
            entity: 'feed_run',
            entityId: scope.feedRunId,
            data: { ...counts, productIds: written },
          },
    );
    const result = { ...counts, written, refused };
    await afterWrite?.(tx, result);
    return result;
  });
}

/**
 * Runs the pipeline over a source of parsed batches (the upload's worker, a feed's reader): each batch is
 * looked up (import-lookups.ts) while the one before is written, so that the database, this thread and the
 * parser work at once. Batches still commit one after the other, in file order (the last ITEM of an id wins).
 * `committed` hears each batch's result after its transaction; `afterWrite` works inside it.
 */
export async function writeBatches<B extends ParsedBatch>(
  scope: ImportJobScope,
  next: () => Promise<B | null>,
  hooks: {
    committed(batch: B, result: CommitResult): Promise<void>;
    afterWrite?(tx: DbOrTx, batch: B, result: CommitResult): Promise<void>;
  },
): Promise<void> {
  const cache = newImportCache();
  const afterWrite = hooks.afterWrite;
  let writing: Promise<void> = Promise.resolve();
  let writeFailure: unknown = null;
  for (;;) {
    let batch: B | null;
    let prepared: Awaited<ReturnType<typeof prepareBatch>>;
    try {
      batch = await next();
      if (!batch) break;
      prepared = await prepareBatch(scope, cache, batch);
    } catch (error) {
      // The file failed (a download cut off, a broken tail): the batch being written still ends before the
      // caller hears of it, so a run that follows at once never writes the same products beside it.
      await writing;
      throw error;
    }
    await writing;
    if (writeFailure) throw writeFailure;
    const current = batch;
    writing = commitBatch(scope, prepared, afterWrite && ((tx, result) => afterWrite(tx, current, result)))
      .then((result) => hooks.committed(current, result))
      // Kept, not thrown here: nobody awaits this promise until the next batch is ready.
      .catch((error: unknown) => {
        writeFailure = error;
      });
  }
  await writing;
  if (writeFailure) throw writeFailure;
}

/**
 * A variant id is an item of its own in the marketplace: unique across the partner's products. A variant id
 * already used by another product, or by an earlier item of this batch, refuses the item.
 */
async function refuseTakenVariantIds(tx: DbOrTx, partnerId: number, accepted: Accepted[], refused: Refused[]) {
  const variantIds = accepted.flatMap((a) => a.input.variants.map((v) => v.id));
  if (!variantIds.length) return;
  const owners = new Map(
    rowsOf<{ id: string; product_id: string }>(
      await tx.execute(sql`select id, product_id from product_variants
        where partner_id = ${partnerId} and id = any(${sql.param(variantIds)}::text[])`),
    ).map((row) => [row.id, row.product_id]),
  );
  const claimed = new Set<string>();
  for (let i = 0; i < accepted.length; i++) {
    const { input } = accepted[i]!;
    const issues: FieldIssue[] = [];
    input.variants.forEach((v, n) => {
      const owner = owners.get(v.id);
      if ((owner !== undefined && owner !== input.id) || claimed.has(v.id)) {
        issues.push({ field: `variants.${n}.id`, rule: 'variantIdDuplicate' });
      }
    });
    if (issues.length) {
      refused.push({ productId: input.id, issues });
      accepted.splice(i--, 1);
    } else {
      for (const v of input.variants) claimed.add(v.id);
    }
  }
}
