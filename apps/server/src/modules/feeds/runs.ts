import { DomainError, type FeedRunTrigger } from '@pp/domain';
import { and, eq, lt, not, or, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { Platform, RequestContext } from '../../platform/context';
import { type DbOrTx, rowsOf } from '../../platform/db/client';
import { emitPartnerEvent } from '../events/emit';
import { requireModuleOn } from '../partner/service-modules';
import { partnerServiceModules } from '../partner/service-modules-tables';
import { openFeed } from './fetch';
import { forgetFeedHashes } from './hashes';
import { feedProcessorOf } from './processors';
import type { FeedFormat, FeedItemError, FeedRunContext, FeedRunTotals, FeedType } from './run-types';
import {
  FEED_EVENTS,
  FEED_RESOURCE,
  type FeedRow,
  type FeedRunView,
  feedBasicAuth,
  findFeed,
  runView,
} from './settings';
import { feedRunErrors, feedRuns, feeds } from './tables';

export const FEED_RUN_JOB = 'feeds.run';

/**
 * A run unfinished this long after it was queued is closed as interrupted whatever its job says: the last
 * resort, so that nothing holds a feed's next run back for ever (the partial unique index allows one open run).
 */
export const FEED_RUN_ABANDONED_AFTER_MS = 6 * 60 * 60_000;
/** Progress goes out at most this often on the live stream; the run's row follows every batch. */
const PROGRESS_INTERVAL_MS = 500;

export interface FeedRunJob {
  runId: number;
  feedId: number;
  partnerId: number;
}

const OPEN = sql`${feedRuns.status} in ('QUEUED', 'RUNNING')`;

/**
 * Closes the open runs that can no longer finish, releasing their feed: those whose job is no longer waiting or
 * running in the job system (failed for good, expired after its process ended, removed) and those older than
 * FEED_RUN_ABANDONED_AFTER_MS. `feedId` narrows it to one feed (a person's enqueue); without, every feed (the
 * schedule's minute).
 */
export async function closeDeadRuns(db: DbOrTx, feedId?: number): Promise<number> {
  const jobPending = sql`exists (select 1 from pgboss.job j where j.name = ${FEED_RUN_JOB}
    and j.state in ('created', 'retry', 'active') and (j.data->>'runId')::bigint = ${feedRuns.id})`;
  const closed = await db
    .update(feedRuns)
    .set({ status: 'FAILED', errorCode: 'FEED_RUN_INTERRUPTED', endedAt: new Date() })
    .where(
      and(
        OPEN,
        feedId === undefined ? undefined : eq(feedRuns.feedId, feedId),
        or(lt(feedRuns.created, new Date(Date.now() - FEED_RUN_ABANDONED_AFTER_MS)), not(jobPending)),
      ),
    )
    .returning({ id: feedRuns.id });
  return closed.length;
}

/**
 * Queues runs of the given feeds in one statement; a feed that already has an open run gets none (the partial
 * unique index decides, whichever process asks). Answers the runs queued, their jobs queued in `tx` too.
 */
export async function insertRuns(
  platform: Platform,
  tx: DbOrTx,
  list: readonly Pick<FeedRow, 'id' | 'partnerId' | 'format' | 'type'>[],
  trigger: FeedRunTrigger,
): Promise<(typeof feedRuns.$inferSelect)[]> {
  if (list.length === 0) return [];
  const runs = await tx
    .insert(feedRuns)
    .values(
      list.map((f) => ({
        feedId: f.id,
        partnerId: f.partnerId,
        format: f.format,
        type: f.type,
        trigger,
        status: 'QUEUED',
      })),
    )
    .onConflictDoNothing()
    .returning();
  if (runs.length === 0) return [];
  await tx.execute(sql`update ${feeds} set last_run_id = r.run_id
    from unnest(${sql.param(runs.map((r) => r.feedId))}::int[], ${sql.param(runs.map((r) => r.id))}::bigint[])
      as r(feed_id, run_id)
    where ${feeds.id} = r.feed_id`);
  await platform.jobs.sendMany<FeedRunJob>(
    FEED_RUN_JOB,
    runs.map((r) => ({ runId: r.id, feedId: r.feedId, partnerId: r.partnerId })),
    { tx },
  );
  return runs;
}

async function queueRun(
  ctx: RequestContext,
  format: FeedFormat,
  type: FeedType,
  trigger: FeedRunTrigger,
): Promise<FeedRunView> {
  const { partnerId } = await ctx.require(FEED_RESOURCE[format], 'update');
  return queueRunOf(ctx, await findFeed(ctx.db, partnerId, format, type), trigger);
}

/**
 * A run of the feed now, with the limits of every person's enqueue (a URL, switched on, one open run at a time),
 * for whoever was allowed to ask: the partner's people above, or an operator in the cockpit's list of feeds.
 * Audited as the request's account.
 */
export async function queueRunOf(
  ctx: RequestContext,
  feed: FeedRow | undefined,
  trigger: FeedRunTrigger,
): Promise<FeedRunView> {
  if (!feed?.url) throw new DomainError('FEED_URL_MISSING');
  const { partnerId } = feed;
  const format = feed.format as FeedFormat;
  const type = feed.type as FeedType;
  if (!feed.enabled) throw new DomainError('FEED_DISABLED');
  // An availability feed writes stock, the availability module's: switched off, nobody queues its runs.
  if (type === 'AVAILABILITY') await requireModuleOn(ctx.db, partnerId, 'availability');
  await closeDeadRuns(ctx.db, feed.id);
  return ctx.db.transaction(async (tx) => {
    // A reset forgets what was applied, so every item of the next run is applied again (a full resync).
    if (trigger === 'RESET') await forgetFeedHashes(tx, feed.id);
    const [run] = await insertRuns(ctx.platform, tx, [feed], trigger);
    if (!run) throw new DomainError('IMPORT_IN_PROGRESS');
    await recordAudit(tx, ctx.actor(partnerId), {
      action: trigger === 'RESET' ? 'feed.reset' : 'feed.enqueue',
      entity: 'feed',
      entityId: feed.id,
      data: { format, type, runId: run.id },
    });
    return runView(run);
  });
}

/** "Enqueue for processing": a run of the feed now, whatever its schedule. */
export function enqueueFeedRun(ctx: RequestContext, format: FeedFormat, type: FeedType): Promise<FeedRunView> {
  return queueRun(ctx, format, type, 'MANUAL');
}

/** The feed's reset: forgets every item's content hash and queues a run that applies the whole file again. */
export function resetFeed(ctx: RequestContext, format: FeedFormat, type: FeedType): Promise<FeedRunView> {
  return queueRun(ctx, format, type, 'RESET');
}

// ---------------------------------------------------------------------------------------------------------
// The job.

type RunRow = typeof feedRuns.$inferSelect;

function publisher(platform: Platform, run: Pick<RunRow, 'id' | 'feedId' | 'partnerId' | 'format' | 'type'>) {
  const type = FEED_EVENTS[run.format as FeedFormat].run;
  return (data: Record<string, unknown>) =>
    platform.stream
      .publish(
        { partnerId: run.partnerId },
        { type, data: { feedId: run.feedId, runId: run.id, type: run.type, ...data } },
      )
      .catch((error) => platform.log.warn({ err: error, runId: run.id }, 'feed run progress not published'));
}

/** The run's error log rows of one batch, in one statement (columns as arrays through unnest). */
async function insertErrors(db: DbOrTx, run: RunRow, url: string, items: readonly FeedItemError[]): Promise<void> {
  if (items.length === 0) return;
  const column = <T>(pick: (item: FeedItemError) => T) => sql.param(items.map(pick));
  await db.execute(sql`insert into ${feedRunErrors} (run_id, partner_id, item_code, error_code, params, field, line, url)
    select ${run.id}::bigint, ${run.partnerId}::int, c, e, p::jsonb, f, l, ${url}::text
    from unnest(
      ${column((i) => i.itemCode)}::text[],
      ${column((i) => i.errorCode)}::text[],
      ${column((i) => (i.params ? JSON.stringify(i.params) : null))}::text[],
      ${column((i) => i.field ?? null)}::text[],
      ${column((i) => i.line)}::int[]
    ) as t(c, e, p, f, l)`);
}

/** Tells the partner of a run that refused items or failed whole (notification settings decide who hears). */
async function announceErrors(
  tx: DbOrTx,
  run: RunRow,
  totals: FeedRunTotals,
  status: string,
  errorCode: string | null,
) {
  if (totals.errors === 0 && !errorCode) return;
  await emitPartnerEvent(tx, {
    partnerId: run.partnerId,
    type: 'FEED_RUN_WITH_ERRORS',
    data: {
      feedId: run.feedId,
      runId: run.id,
      feed: `${run.format}_${run.type}`,
      status,
      processed: totals.processed,
      updated: totals.updated,
      errors: totals.errors,
      errorCode,
    },
    at: new Date().toISOString(),
  });
}

/**
 * Works one run: claims it (QUEUED → RUNNING), opens the feed's URL as a stream and hands it to the processor
 * of the feed's format and type, which applies the items batch by batch and reports; ends the run DONE with its
 * counts, or FAILED with the code of what stopped it (the items applied until then stay, each one whole).
 *
 * A run is worked at most once. An attempt that finds its run RUNNING comes after an attempt that ended with
 * its process (a restart, an out-of-memory this very file may have caused): it fails the run as
 * FEED_RUN_INTERRUPTED instead of reading the file again, so a file cannot end the server twice. The next run
 * (the schedule's or a person's) reads the file again; unchanged items are skipped by their hash.
 */
export async function runFeed(platform: Platform, job: FeedRunJob): Promise<void> {
  const db = platform.database.db;
  const where = and(eq(feedRuns.partnerId, job.partnerId), eq(feedRuns.id, job.runId));
  const running = and(where, eq(feedRuns.status, 'RUNNING'));
  const [claimed] = await db
    .update(feedRuns)
    .set({ status: 'RUNNING', startedAt: new Date(), processed: 0, updated: 0, unchanged: 0, errors: 0 })
    .where(and(where, eq(feedRuns.status, 'QUEUED')))
    .returning();
  if (!claimed) {
    // Finished already, never claimed, or claimed by an attempt that did not finish.
    const interrupted = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(feedRuns)
        .set({ status: 'FAILED', errorCode: 'FEED_RUN_INTERRUPTED', endedAt: new Date() })
        .where(running)
        .returning();
      if (row) await announceErrors(tx, row, row, 'FAILED', 'FEED_RUN_INTERRUPTED');
      return row;
    });
    if (interrupted) {
      platform.log.warn({ runId: job.runId }, 'feed run interrupted by the end of its process');
      await publisher(platform, interrupted)({ status: 'ERROR', code: 'FEED_RUN_INTERRUPTED' });
    }
    return;
  }
  const run = claimed;
  const publish = publisher(platform, run);
  const totals: FeedRunTotals = { processed: 0, updated: 0, unchanged: 0, errors: 0 };
  let url: string | null = null;
  try {
    const [feed] = await db
      .select()
      .from(feeds)
      .where(and(eq(feeds.partnerId, run.partnerId), eq(feeds.id, run.feedId)));
    if (!feed?.url) throw new DomainError('FEED_URL_MISSING');
    // A run queued before the availability module was switched off fails as a queue would have been refused.
    if (run.type === 'AVAILABILITY') await requireModuleOn(db, run.partnerId, 'availability');
    url = feed.url;
    const feedUrl = feed.url;
    const processor = feedProcessorOf(run.format as FeedFormat, run.type as FeedType);
    if (!processor) throw new Error(`no processor reads ${run.format} ${run.type} feeds`);
    await publish({ status: 'BEGIN', ...totals });
    let published = Date.now();
    const context: FeedRunContext = {
      platform,
      partnerId: run.partnerId,
      feedId: run.feedId,
      runId: run.id,
      format: run.format as FeedFormat,
      type: run.type as FeedType,
      actor: { accountId: null, adminAccountId: null, partnerId: run.partnerId, requestId: `feed-run:${run.id}` },
      async progress(now) {
        Object.assign(totals, now);
        await db
          .update(feedRuns)
          .set({ ...totals })
          .where(running);
        if (Date.now() - published >= PROGRESS_INTERVAL_MS) {
          published = Date.now();
          await publish({ status: 'PROGRESS', ...totals });
        }
      },
      errors: (items) => insertErrors(db, run, feedUrl, items),
    };
    const opened = await openFeed(platform, { url: feed.url, basicAuth: feedBasicAuth(platform, feed) });
    try {
      Object.assign(totals, await processor(context, opened.body));
    } finally {
      opened.close();
    }
    const ended = await db.transaction(async (tx) => {
      // Only a run still RUNNING ends DONE: one closed as interrupted meanwhile keeps that answer.
      const [row] = await tx
        .update(feedRuns)
        .set({ status: 'DONE', endedAt: new Date(), ...totals })
        .where(running)
        .returning();
      if (row) await announceErrors(tx, row, totals, 'DONE', null);
      return row;
    });
    if (ended) await publish({ status: 'END', ...totals });
  } catch (error) {
    const code = error instanceof DomainError ? error.code : 'INTERNAL';
    if (!(error instanceof DomainError)) platform.log.error({ err: error, runId: run.id }, 'feed run failed');
    // FAILED releases the feed's one open run (the unique index counts only QUEUED and RUNNING).
    const failed = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(feedRuns)
        .set({
          status: 'FAILED',
          errorCode: code,
          errorParams: error instanceof DomainError ? error.params : null,
          endedAt: new Date(),
          ...totals,
        })
        .where(running)
        .returning();
      if (row) await announceErrors(tx, row, totals, 'FAILED', code);
      return row;
    });
    if (failed) {
      await publish({ status: 'ERROR', code, ...(error instanceof DomainError ? error.params : {}), ...totals });
    }
    platform.log.info({ runId: run.id, code, url: url ? new URL(url).host : null }, 'feed run ended in failure');
  }
}

// ---------------------------------------------------------------------------------------------------------
// The schedule.

/** Feeds queued per statement by the schedule's minute. */
const SCHEDULE_BATCH = 500;

/**
 * The schedule's minute (`feeds.schedule`, cron every minute): queues a run of every enabled feed whose next run
 * is due, and moves its next run one period on, in one statement per batch. The UPDATE … RETURNING takes each
 * due feed once however many processes tick at the same minute (rows taken by another are skipped, and a moved
 * next_run_at no longer qualifies); the partial unique index refuses a second open run of a feed. A feed whose
 * previous run is still open gets no run this time: its next run is due a period later. An availability feed
 * of a partner whose availability module is off is left due, and runs at the first minute after it is on again.
 */
export async function queueScheduledRuns(platform: Platform): Promise<number> {
  const db = platform.database.db;
  await closeDeadRuns(db);
  let queued = 0;
  for (;;) {
    const due = await db.transaction(async (tx) => {
      const rows = rowsOf<Pick<FeedRow, 'id' | 'partnerId' | 'format' | 'type'>>(
        await tx.execute(sql`update ${feeds} f
          set next_run_at = now() + f.schedule_minutes * interval '1 minute'
          where f.id in (
            select id from ${feeds}
            where next_run_at <= now() and enabled and url is not null and schedule_minutes is not null
              and not (type = 'AVAILABILITY' and exists (select 1 from ${partnerServiceModules} m
                where m.partner_id = ${feeds}.partner_id and m.module = 'availability' and not m.enabled))
            order by next_run_at
            limit ${SCHEDULE_BATCH}
            for update skip locked)
          returning f.id, f.partner_id as "partnerId", f.format, f.type`),
      );
      const runs = await insertRuns(platform, tx, rows, 'SCHEDULE');
      queued += runs.length;
      return rows.length;
    });
    if (due < SCHEDULE_BATCH) break;
  }
  return queued;
}

export const FEED_SCHEDULE_JOB = 'feeds.schedule';
