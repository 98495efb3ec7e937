import { addDays, BILLING_DUE_DAYS, billingPeriodSchema, periodEnd, previousPeriod, shopDay } from '@pp/domain';
import { sql } from 'drizzle-orm';
import type { Platform } from '../../platform/context';
import { type Db, type DbOrTx, rowsOf } from '../../platform/db/client';
import type { JobDefinition } from '../../platform/jobs';
import { publishEachInTransaction, publishInTransaction } from '../../platform/stream/hub';
import type { IssueOptions } from './issue';
import { billChunk, type ChunkPeriod } from './run-chunk';

/**
 * A billing run issues one period's documents (docs/decisions.md, "Billing run"): for every live partner (the
 * monthly schedule) or for one (an operator). It goes by partner id in chunks, each chunk one transaction that
 * also moves the run's bookmark, so a run stopped by a restart continues where it was and a partner is never
 * billed twice. Runs of one period take the period's lock per chunk: a monthly run and an operator's run of
 * the same month interleave chunk by chunk and each sees what the other issued.
 */

export const BILLING_RUN_JOB = 'billing.run';
export const BILLING_SCHEDULE_JOB = 'billing.schedule';
/** Partners per chunk: a chunk's temporary tables stay small, its transaction short. */
export const BILLING_CHUNK = 1000;

export function chunkPeriod(period: string): ChunkPeriod {
  return { period, first: `${period}-01`, next: periodEnd(period) };
}

/** Dates of the documents a run issues today: the taxable supply on the period's last day. */
export function issueOptions(period: string, runId: number | null, now = new Date()): IssueOptions {
  const issueDay = shopDay(now, 'CZ10MA');
  return {
    period: `${period}-01`,
    runId,
    referenceId: period,
    issueDay,
    deliveryDay: addDays(periodEnd(period), -1),
    dueDay: addDays(issueDay, BILLING_DUE_DAYS),
  };
}

/** Records a run and queues its job in the caller's transaction. */
export async function queueRun(
  tx: DbOrTx,
  platform: Platform,
  input: { period: string; partnerId: number | null; requestedBy: number | null },
): Promise<number> {
  const period = billingPeriodSchema.parse(input.period);
  const [row] = rowsOf<{ id: number }>(
    await tx.execute(sql`insert into billing_runs (period, partner_id, requested_by)
      values (${`${period}-01`}::date, ${input.partnerId}, ${input.requestedBy}) returning id`),
  );
  await platform.jobs.send(BILLING_RUN_JOB, { runId: row!.id }, { tx, singletonKey: `billing-run-${row!.id}` });
  return row!.id;
}

interface RunRow {
  id: number;
  period: string;
  partner_id: number | null;
  status: string;
  last_partner_id: number;
}

/** The next partners of a run after its bookmark: live partners by id, or the run's one partner. */
async function nextPartners(tx: DbOrTx, run: RunRow): Promise<number[]> {
  if (run.partner_id != null) return run.last_partner_id >= run.partner_id ? [] : [run.partner_id];
  return rowsOf<{ id: number }>(
    await tx.execute(sql`select id from partners where id > ${run.last_partner_id} and sandbox_of is null
      order by id limit ${BILLING_CHUNK}`),
  ).map((r) => r.id);
}

/** Works a run to its end (the job's handler; tests call it directly). */
export async function workRun(db: Db, runId: number, now = new Date()): Promise<void> {
  const [start] = rowsOf<RunRow>(
    await db.execute(sql`update billing_runs set status = 'RUNNING', started_at = coalesce(started_at, now()), error = null
      where id = ${runId} and status in ('QUEUED', 'RUNNING', 'FAILED')
      returning id, to_char(period, 'YYYY-MM') as period, partner_id, status, last_partner_id`),
  );
  if (!start) return;
  const period = chunkPeriod(start.period);
  const issue = issueOptions(start.period, runId, now);
  try {
    for (;;) {
      const more = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('billing-period'), hashtext(${start.period}))`);
        const [run] = rowsOf<RunRow>(
          await tx.execute(sql`select id, to_char(period, 'YYYY-MM') as period, partner_id, status, last_partner_id
            from billing_runs where id = ${runId} for update`),
        );
        const ids = await nextPartners(tx, run!);
        if (!ids.length) return false;
        const result = await billChunk(tx, ids, period, issue);
        const billed = rowsOf<{ partner_id: number; n: number }>(
          await tx.execute(sql`select partner_id, count(*)::int as n from billing_documents
            where run_id = ${runId} and partner_id = any(${sql.param(ids)}::int[]) group by partner_id`),
        );
        await tx.execute(sql`update billing_runs set last_partner_id = ${Math.max(...ids)},
          counts = jsonb_build_object(
            'partners', coalesce((counts->>'partners')::int, 0) + ${ids.length},
            'documents', coalesce((counts->>'documents')::int, 0) + ${result.documents},
            'offsets', coalesce((counts->>'offsets')::int, 0) + ${result.offsets})
          where id = ${runId}`);
        await publishEachInTransaction(
          tx,
          billed.map((b) => ({
            audience: { partnerId: b.partner_id },
            event: { type: 'billing_documents_issued', data: { period: start.period, documents: b.n } },
          })),
        );
        await announceRun(tx, runId);
        return true;
      });
      if (!more) break;
    }
    await db.execute(sql`update billing_runs set status = 'DONE', finished_at = now() where id = ${runId}`);
    await announceRun(db, runId);
  } catch (error) {
    await db.execute(sql`update billing_runs set status = 'FAILED', error = ${String((error as Error).message).slice(0, 500)}
      where id = ${runId}`);
    await announceRun(db, runId);
    throw error;
  }
}

async function announceRun(db: DbOrTx, runId: number): Promise<void> {
  const [run] = rowsOf<{ status: string; documents: number; offsets: number }>(
    await db.execute(sql`select status, coalesce((counts->>'documents')::int, 0) as documents,
      coalesce((counts->>'offsets')::int, 0) as offsets from billing_runs where id = ${runId}`),
  );
  if (!run) return;
  await publishInTransaction(db, { operators: true }, { type: 'billing_run_progress', data: { runId, ...run } });
}

/**
 * The monthly schedule: on the first days of a month the previous month is billed for every partner, once
 * (a run of the period already queued or done is not repeated; a failed one is continued by its job's retry).
 */
export async function scheduleMonthlyRun(db: Db, platform: Platform, now = new Date()): Promise<number | null> {
  const period = previousPeriod(shopDay(now, 'CZ10MA'));
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('billing-schedule'), hashtext(${period}))`);
    const [existing] = rowsOf<{ id: number }>(
      await tx.execute(
        sql`select id from billing_runs where period = ${`${period}-01`}::date and partner_id is null limit 1`,
      ),
    );
    if (existing) return null;
    return queueRun(tx, platform, { period, partnerId: null, requestedBy: null });
  });
}

export function billingRunJobs(platform: Platform): JobDefinition<never>[] {
  return [
    {
      name: BILLING_RUN_JOB,
      retryLimit: 3,
      expireInSeconds: 60 * 60,
      handler: (data: { runId: number }) => workRun(platform.database.db, data.runId),
    },
    // 03:00 on the first day: the month's last deliveries have arrived by then.
    {
      name: BILLING_SCHEDULE_JOB,
      cron: '0 3 1 * *',
      retryLimit: 2,
      handler: () => scheduleMonthlyRun(platform.database.db, platform),
    },
  ] as JobDefinition<never>[];
}
