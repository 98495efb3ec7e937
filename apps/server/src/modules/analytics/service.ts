import {
  DomainError,
  USAGE_DAYS_MAX,
  USAGE_RETENTION_DAYS,
  USAGE_SESSION_LIMIT,
  type UsageEvent,
  usageBatchSchema,
} from '@pp/domain';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { type DbOrTx, rowsOf } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { takeAttempt } from '../auth/throttle';
import { usageEvents } from './tables';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A browser's clock may be wrong and a queued batch may arrive late: an event is never dated in the future
 * nor earlier than a day before it arrived, so one bad client cannot move another day's figures.
 */
export function clampOccurredAt(at: string, now: Date): Date {
  const time = Date.parse(at);
  return new Date(Math.min(now.getTime(), Math.max(now.getTime() - DAY_MS, time)));
}

/**
 * Stores one batch of page views and clicks of the signed-in caller (`POST /portal/usage`). The selected
 * partner, when the request names one, must be the caller's; an operator signed in as a partner is an
 * employee session (spec §1) and counted apart, as is an operator's own use of the cockpit. Not audited: the events are themselves the record.
 */
export async function recordUsage(ctx: RequestContext, body: unknown): Promise<number> {
  const auth = ctx.requireAuth();
  // An operator in the cockpit acts for no partner, whatever partner the browser still remembers.
  const inCockpit = auth.account.isAdmin && auth.admin === null;
  const partnerId = ctx.requestedPartnerId === null || inCockpit ? null : (await ctx.requirePartner()).partnerId;
  const parsed = usageBatchSchema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  // Counted per session in one statement, so parallel batches cannot slip past the limit together.
  if (!(await takeAttempt(ctx.db, `usage:${auth.sessionId}`, USAGE_SESSION_LIMIT))) {
    throw new DomainError('TOO_MANY_REQUESTS');
  }
  // Operators in the cockpit count apart from sellers just as when they are signed in as a partner.
  const employee = auth.admin !== null || inCockpit;
  const now = new Date();
  await ctx.db.insert(usageEvents).values(
    parsed.data.map((event: UsageEvent) => ({
      kind: event.kind,
      route: event.route,
      label: event.kind === 'click' && event.label ? event.label : null,
      accountId: auth.account.id,
      partnerId,
      employee,
      occurredAt: clampOccurredAt(event.at, now),
    })),
  );
  return parsed.data.length;
}

export interface UsageDay {
  day: string;
  route: string;
  views: number;
  clicks: number;
  employeeViews: number;
}

/**
 * Operators only: views and clicks per route and (UTC) day over the last `days` days, today included.
 * Sellers' views and clicks are counted apart from employee (impersonation) views. The range condition on
 * occurred_at alone lets the planner use usage_events_occurred_idx.
 */
export async function cockpitUsage(ctx: RequestContext, days: number): Promise<UsageDay[]> {
  ctx.requireOperator('usage', 'read');
  if (!Number.isInteger(days) || days < 1 || days > USAGE_DAYS_MAX) {
    throw new DomainError('VALIDATION_ERROR', {}, [
      { field: 'days', rule: 'numberBetween', params: { 0: 1, 1: USAGE_DAYS_MAX } },
    ]);
  }
  const result = await ctx.db.execute(usageQuery(days));
  return rowsOf<{ day: string; route: string; views: string; clicks: string; employee_views: string }>(result).map(
    (row) => ({
      day: row.day,
      route: row.route,
      views: Number(row.views),
      clicks: Number(row.clicks),
      employeeViews: Number(row.employee_views),
    }),
  );
}

export function usageQuery(days: number) {
  return sql`
    select to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD') as day, route,
      count(*) filter (where kind = 'view' and not employee) as views,
      count(*) filter (where kind = 'click' and not employee) as clicks,
      count(*) filter (where kind = 'view' and employee) as employee_views
    from usage_events
    where occurred_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - ${days - 1} * interval '1 day'
    group by 1, 2
    order by 1 desc, 3 desc, 2`;
}

/** Rows removed per statement: a long delete would hold its locks and bloat one transaction. */
export const USAGE_RETENTION_CHUNK = 5000;

/** Deletes events older than the retention period, a chunk at a time; returns how many went. */
export async function deleteOldUsage(db: DbOrTx, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - USAGE_RETENTION_DAYS * DAY_MS);
  let removed = 0;
  for (;;) {
    const result = await db.execute(sql`
      delete from usage_events where id in (
        select id from usage_events where occurred_at < ${before.toISOString()}::timestamptz limit ${USAGE_RETENTION_CHUNK})
      returning id`);
    const count = rowsOf(result).length;
    removed += count;
    if (count < USAGE_RETENTION_CHUNK) return removed;
  }
}
