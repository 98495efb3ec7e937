import { setPriceSource } from './price-history';
import { ACTIVATION_BATCH, DomainError, parameterIssues, type StreamEventType } from '@pp/domain';
import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { type Actor, recordAudit } from '../../platform/audit/service';
import type { Platform, RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import type { JobDefinition } from '../../platform/jobs';
import { loadBrandNames, loadCategoryRules } from '../catalog/rules';
import { isModuleOn, requireModuleOn } from '../partner/service-modules';
import { BATCH_FIELDS, type BatchField, type BatchValue, batchValue, holdBatchPriceJumps } from './batch';
import { productIdsArg } from './service';
import { partnerShop, partnerShopOf } from './shop';
import { REMOTE_MEDIA_JOB } from './remote-media';
import { fetchDueRemoteMedia } from './remote-media-fetcher';
import { products } from './tables';

export const PRODUCT_ACTIVATION_JOB = 'products.activate-all';
export const PRODUCT_BATCH_JOB = 'products.batch-apply';
const PRODUCT_JOBS = [PRODUCT_ACTIVATION_JOB, PRODUCT_BATCH_JOB];

interface JobProgress {
  /** How many products the job has handled, kept with the job so a restart goes on from there. */
  done: number;
  /** Activation: the last product id handled (keyset). Batch: the index in `ids` to go on from. */
  after: string | number | null;
  failed: number;
  /** Batch apply of a price: changes over the 30 % bound held for confirmation. */
  held?: number;
}

export interface ActivationJob extends Partial<JobProgress> {
  partnerId: number;
  actor: Actor;
  total: number;
}

export interface BatchJob extends Partial<JobProgress> {
  partnerId: number;
  actor: Actor;
  ids: string[];
  field: BatchField;
  value: BatchValue;
  /** A price batch that applies changes over 30 % at once (the caller's force_price), audited as forced. */
  forcePrice?: boolean;
}

/**
 * Queues one job for many products of the partner, one at a time per partner: two clicks, or activate-all
 * while a batch change runs, would work on the same rows. A lock on the partner makes the check and the
 * queueing one step, so parallel requests cannot both pass.
 */
async function queueProductJob(ctx: RequestContext, partnerId: number, name: string, data: object): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('products-job'), ${partnerId})`);
    const running = await tx.execute(
      sql`select 1 from pgboss.job where name = any(${sql.param(PRODUCT_JOBS)}::text[])
          and state in ('created', 'retry', 'active') and (data->>'partnerId')::int = ${partnerId} limit 1`,
    );
    if (rowsOf(running).length) throw new DomainError('PRODUCT_JOB_IN_PROGRESS');
    const jobId = await ctx.enqueue(tx, name, data);
    if (!jobId) throw new DomainError('PRODUCT_JOB_IN_PROGRESS');
    return jobId;
  });
}

function rowsOf(result: unknown): unknown[] {
  return Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
}

/** Keeps the job's progress in its own row, in the batch's transaction: a restart continues after it. */
async function saveProgress(tx: DbOrTx, jobId: string, progress: JobProgress): Promise<void> {
  await tx.execute(
    sql`update pgboss.job set data = data || ${JSON.stringify(progress)}::jsonb where id = ${jobId}::uuid`,
  );
}

async function announce(
  platform: Platform,
  partnerId: number,
  type: StreamEventType,
  data: {
    jobId: string;
    status: 'BEGIN' | 'PROGRESS' | 'END' | 'ERROR';
    done: number;
    total: number;
    failed?: number;
    held?: number;
    code?: string;
  },
) {
  await platform.stream
    .publish({ partnerId }, { type, data })
    .catch((error) => platform.log.warn({ err: error, jobId: data.jobId }, 'product job progress not published'));
}

/** Starts "activate all": every INACTIVE product of the partner becomes ACTIVE, in batches, by a job. */
export async function activateAllProducts(ctx: RequestContext): Promise<{ jobId: string }> {
  const { partnerId } = await ctx.require('products', 'update');
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(and(eq(products.partnerId, partnerId), eq(products.status, 'INACTIVE')));
  const data: ActivationJob = { partnerId, actor: ctx.actor(partnerId), total: row?.n ?? 0 };
  return { jobId: await queueProductJob(ctx, partnerId, PRODUCT_ACTIVATION_JOB, data) };
}

/** Works "activate all" in batches of ACTIVATION_BATCH by product id, each batch one transaction. */
export async function runActivation(platform: Platform, data: ActivationJob, jobId: string): Promise<void> {
  const db = platform.database.db;
  const { partnerId, total } = data;
  let done = data.done ?? 0;
  let after = typeof data.after === 'string' ? data.after : null;
  const event = 'product_activation_progress' as const;
  await announce(platform, partnerId, event, { jobId, status: 'BEGIN', done, total });
  try {
    for (;;) {
      const changed = await db.transaction(async (tx) => {
        const batch = tx
          .select({ id: products.id })
          .from(products)
          .where(
            and(
              eq(products.partnerId, partnerId),
              eq(products.status, 'INACTIVE'),
              after === null ? undefined : gt(products.id, after),
            ),
          )
          .orderBy(asc(products.id))
          .limit(ACTIVATION_BATCH);
        const rows = await tx
          .update(products)
          .set({ status: 'ACTIVE', updatedAt: new Date() })
          .where(and(eq(products.partnerId, partnerId), inArray(products.id, batch)))
          .returning({ id: products.id });
        if (!rows.length) return 0;
        const last = rows.reduce((max, r) => (r.id > max ? r.id : max), rows[0]!.id);
        await saveProgress(tx, jobId, { done: done + rows.length, after: last, failed: 0 });
        after = last;
        return rows.length;
      });
      if (!changed) break;
      done += changed;
      await announce(platform, partnerId, event, { jobId, status: 'PROGRESS', done, total: Math.max(total, done) });
    }
    await db.transaction(async (tx) => {
      await recordAudit(tx, data.actor, { action: 'product.activateAll', entity: 'product', data: { count: done } });
    });
    await announce(platform, partnerId, event, { jobId, status: 'END', done, total: Math.max(total, done) });
  } catch (error) {
    platform.log.error({ err: error, jobId }, 'product activation failed');
    await announce(platform, partnerId, event, {
      jobId,
      status: 'ERROR',
      done,
      total,
      code: error instanceof DomainError ? error.code : 'INTERNAL',
    });
    throw error;
  }
}

/** Starts a batch change of one field to one value over up to 10,000 products of the partner. */
export async function startProductBatch(
  ctx: RequestContext,
  rawIds: readonly string[],
  field: string,
  value: unknown,
  forcePrice = false,
): Promise<{ jobId: string }> {
  const { partnerId } = await ctx.require('products', 'update');
  const ids = productIdsArg(rawIds).sort();
  const shop = await partnerShop(ctx, partnerId);
  const checked = batchValue(field, value, shop.shopId);
  // Forcing means something only for a price: asked for another field it is the caller's mistake.
  if (forcePrice && checked.field !== 'price') {
    throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'forcePrice', rule: 'invalid' }]);
  }
  // Stock is the availability module's, which operators may switch off (it has no resource of its own).
  if (checked.field === 'inStock') await requireModuleOn(ctx.db, partnerId, 'availability');
  if (checked.field === 'brandId' && checked.value !== null) {
    const names = await loadBrandNames(ctx.db, [checked.value as string]);
    if (!names.has(checked.value as string))
      throw new DomainError('BRAND_NOT_FOUND', { brandId: checked.value as string });
  }
  const data: BatchJob = {
    partnerId,
    actor: ctx.actor(partnerId),
    ids,
    ...checked,
    ...(forcePrice ? { forcePrice } : {}),
  };
  return { jobId: await queueProductJob(ctx, partnerId, PRODUCT_BATCH_JOB, data) };
}

/**
 * The ids of a batch the value may be written to. The marketplace's NOT_FOR_RESALE is never overwritten by a
 * status; stock is written only while the availability module is on; going live needs an unblocked product whose category has every parameter it needs for listing.
 */
async function writableIds(tx: DbOrTx, data: BatchJob, ids: string[]): Promise<string[]> {
  const scope = and(eq(products.partnerId, data.partnerId), inArray(products.id, ids));
  // A stock batch queued before the availability module was switched off writes nothing more (counted failed).
  if (data.field === 'inStock' && !(await isModuleOn(tx, data.partnerId, 'availability'))) return [];
  if (data.field === 'status') {
    const rows = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(scope, ne(products.status, 'NOT_FOR_RESALE')));
    return rows.map((r) => r.id);
  }
  if (data.field === 'stage' && data.value === 'LIVE') {
    const rows = await tx
      .select({
        id: products.id,
        blocked: products.blocked,
        categoryId: products.categoryId,
        parameters: products.parameters,
      })
      .from(products)
      .where(scope);
    const shop = await partnerShopOf(tx, data.partnerId);
    const rules = await loadCategoryRules(
      tx,
      shop.shopId,
      data.partnerId,
      rows.map((r) => r.categoryId).filter((c): c is number => c !== null),
    );
    return rows
      .filter((r) => {
        const category = r.categoryId !== null ? rules.get(r.categoryId) : undefined;
        return (
          !r.blocked &&
          category &&
          parameterIssues(category.parameters, r.parameters, { forListing: true }).length === 0
        );
      })
      .map((r) => r.id);
  }
  const rows = await tx.select({ id: products.id }).from(products).where(scope);
  return rows.map((r) => r.id);
}

export async function runBatch(platform: Platform, data: BatchJob, jobId: string): Promise<void> {
  const db = platform.database.db;
  const { partnerId } = data;
  const total = data.ids.length;
  let done = data.done ?? 0;
  let failed = data.failed ?? 0;
  let held = data.held ?? 0;
  let index = typeof data.after === 'number' ? data.after : 0;
  const event = 'product_batch_progress' as const;
  await announce(platform, partnerId, event, { jobId, status: 'BEGIN', done, total, failed, held });
  try {
    while (index < total) {
      const slice = data.ids.slice(index, index + ACTIVATION_BATCH);
      const [written, heldNow] = await db.transaction(async (tx) => {
        let ids = await writableIds(tx, data, slice);
        let heldNow = 0;
        if (data.field === 'price') {
          await setPriceSource(tx, 'BATCH');
          ({ ids, held: heldNow } = await holdBatchPriceJumps(tx, data, jobId, ids, data.value as number));
        }
        if (ids.length) {
          await tx
            .update(products)
            .set({ [data.field]: data.value, updatedAt: new Date() } as Partial<typeof products.$inferInsert>)
            .where(and(eq(products.partnerId, partnerId), inArray(products.id, ids)));
        }
        await saveProgress(tx, jobId, {
          done: done + slice.length,
          after: index + slice.length,
          failed: failed + slice.length - ids.length - heldNow,
          held: held + heldNow,
        });
        return [ids.length, heldNow];
      });
      done += slice.length;
      failed += slice.length - written - heldNow;
      held += heldNow;
      index += slice.length;
      await announce(platform, partnerId, event, { jobId, status: 'PROGRESS', done, total, failed, held });
    }
    await db.transaction(async (tx) => {
      await recordAudit(tx, data.actor, {
        action: 'product.batch',
        entity: 'product',
        data: { field: data.field, value: data.value, count: done - failed - held, failed, held },
      });
    });
    await announce(platform, partnerId, event, { jobId, status: 'END', done, total, failed, held });
  } catch (error) {
    platform.log.error({ err: error, jobId }, 'product batch change failed');
    await announce(platform, partnerId, event, {
      jobId,
      status: 'ERROR',
      done,
      total,
      failed,
      code: error instanceof DomainError ? error.code : 'INTERNAL',
    });
    throw error;
  }
}

export function productJobs(platform: Platform): JobDefinition<ActivationJob | BatchJob>[] {
  return [
    {
      name: PRODUCT_ACTIVATION_JOB,
      retryLimit: 3,
      handler: (data, job) => runActivation(platform, data as ActivationJob, job.id),
    },
    { name: PRODUCT_BATCH_JOB, retryLimit: 3, handler: (data, job) => runBatch(platform, data as BatchJob, job.id) },
    // Images at sellers' URLs: queued by queueRemoteMedia, and every minute for retries and anything missed.
    { name: REMOTE_MEDIA_JOB, cron: '* * * * *', retryLimit: 2, handler: () => fetchDueRemoteMedia(platform) },
  ];
}

/** The columns a batch may write, for the tests and the docs. */
export const BATCH_FIELD_NAMES = Object.keys(BATCH_FIELDS) as BatchField[];
