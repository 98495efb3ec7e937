import {
  DomainError,
  FEED_RUN_STATUSES,
  FEED_RUN_TRIGGERS,
  FEED_STATS_DAYS,
  FEED_STATS_TIME_ZONE,
  FEED_TYPE_VALUES,
  type GridPage,
} from '@pp/domain';
import { and, asc, eq, getTableColumns, gt, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { type DbOrTx, rowsOf } from '../../platform/db/client';
import type { ExportCell } from '../../platform/exports/registry';
import { buildGridQuery, cappedTotal, type GridColumn } from '../../platform/grid';
import { translate } from '../../platform/i18n';
import type { FeedFormat, FeedType } from './run-types';
import { FEED_RESOURCE, type FeedRunView, runView } from './settings';
import { feedRunErrors, feedRuns } from './tables';

/** The run's start as the grid sorts it: a queued run, not started yet, by the time it was queued. */
const startedOrQueued = sql`coalesce(${feedRuns.startedAt}, ${feedRuns.created})`;

const RUN_COLUMNS: readonly GridColumn[] = [
  { field: 'started', sql: startedOrQueued, notNull: true, filterType: 'DATETIME_BETWEEN', sortable: true },
  { field: 'ended', sql: feedRuns.endedAt, filterType: 'DATETIME_BETWEEN', sortable: true },
  { field: 'processed', sql: feedRuns.processed, filterType: 'NUMBER', sortable: true },
  { field: 'updated', sql: feedRuns.updated, filterType: 'NUMBER', sortable: true },
  { field: 'errors', sql: feedRuns.errors, filterType: 'NUMBER', sortable: true },
  { field: 'type', sql: feedRuns.type, filterType: 'ENUMS', options: FEED_TYPE_VALUES },
  { field: 'status', sql: feedRuns.status, filterType: 'ENUMS', options: FEED_RUN_STATUSES },
  { field: 'trigger', sql: feedRuns.trigger, filterType: 'ENUMS', options: FEED_RUN_TRIGGERS },
  { field: 'feedId', sql: feedRuns.feedId, filterType: 'NUMBER' },
];

/** The job grid of one format's feeds of the selected partner: newest first (spec: by datetimeStarted). */
export async function listFeedRuns(
  ctx: RequestContext,
  format: FeedFormat,
  grid: unknown,
): Promise<GridPage<FeedRunView>> {
  const { partnerId } = await ctx.require(FEED_RESOURCE[format], 'read');
  const q = buildGridQuery(grid, RUN_COLUMNS, {
    idColumn: feedRuns.id,
    defaultSort: { field: 'started', direction: 'DESCENDING' },
  });
  const where = and(eq(feedRuns.partnerId, partnerId), eq(feedRuns.format, format), q.where);
  const rows = await q.readRows((seek, limit, offset) =>
    ctx.db
      .select({ ...getTableColumns(feedRuns), ...q.cursorFields })
      .from(feedRuns)
      .where(and(where, seek))
      .orderBy(...q.orderBy)
      .limit(limit)
      .offset(offset),
  );
  const total = await cappedTotal(ctx.db, feedRuns, where);
  const page = q.toPage(rows, total);
  return { ...page, items: page.items.map(runView) };
}

async function ownRun(ctx: RequestContext, format: FeedFormat, feedId: unknown, runId: unknown) {
  const { partnerId } = await ctx.require(FEED_RESOURCE[format], 'read');
  const feed = Number(feedId);
  const run = Number(runId);
  const valid = (n: number, max: number) => Number.isSafeInteger(n) && n > 0 && n <= max;
  if (!valid(feed, 2_147_483_647) || !valid(run, Number.MAX_SAFE_INTEGER)) throw new DomainError('FEED_RUN_NOT_FOUND');
  const [row] = await ctx.db
    .select()
    .from(feedRuns)
    .where(
      and(
        eq(feedRuns.partnerId, partnerId),
        eq(feedRuns.format, format),
        eq(feedRuns.feedId, feed),
        eq(feedRuns.id, run),
      ),
    );
  if (!row) throw new DomainError('FEED_RUN_NOT_FOUND');
  return { partnerId, run: row };
}

/** One run of the selected partner's feed (the error log's heading). */
export async function getFeedRun(ctx: RequestContext, format: FeedFormat, feedId: unknown, runId: unknown) {
  return runView((await ownRun(ctx, format, feedId, runId)).run);
}

export interface FeedDayStats {
  /** The calendar day in Prague, YYYY-MM-DD. */
  day: string;
  runs: number;
  processed: number;
  updated: number;
  errors: number;
}

/**
 * The runs of one format's feeds by day over the last `days` days (7, 14 or 30), today included, days counted
 * in Prague time; a day without runs is there with zeros, so the chart has every day. A run counts on the day
 * it started (a queued one not yet).
 */
export async function feedStatsByDay(
  ctx: RequestContext,
  format: FeedFormat,
  days: number,
  type?: FeedType | null,
): Promise<FeedDayStats[]> {
  const { partnerId } = await ctx.require(FEED_RESOURCE[format], 'read');
  if (!(FEED_STATS_DAYS as readonly number[]).includes(days)) {
    throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'days', rule: 'invalid' }]);
  }
  if (type != null && !(FEED_TYPE_VALUES as readonly string[]).includes(type)) {
    throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'type', rule: 'invalid' }]);
  }
  const zone = sql`${FEED_STATS_TIME_ZONE}::text`;
  const result = await ctx.db.execute(sql`
    with bounds as (
      select (now() at time zone ${zone})::date as today
    ), series as (
      select (b.today - g)::date as day from bounds b, generate_series(0, ${days - 1}::int) g
    ), runs as (
      select (r.started_at at time zone ${zone})::date as day, count(*)::int as runs,
        coalesce(sum(r.processed), 0)::int as processed, coalesce(sum(r.updated), 0)::int as updated,
        coalesce(sum(r.errors), 0)::int as errors
      from ${feedRuns} r, bounds b
      where r.partner_id = ${partnerId} and r.format = ${format}
        ${type ? sql`and r.type = ${type}` : sql``}
        and r.started_at >= ((b.today - ${days - 1}::int)::timestamp at time zone ${zone})
      group by 1
    )
    select to_char(s.day, 'YYYY-MM-DD') as day, coalesce(r.runs, 0) as runs, coalesce(r.processed, 0) as processed,
      coalesce(r.updated, 0) as updated, coalesce(r.errors, 0) as errors
    from series s left join runs r on r.day = s.day
    order by s.day`);
  return rowsOf<FeedDayStats>(result).map((r) => ({
    day: String(r.day),
    runs: Number(r.runs),
    processed: Number(r.processed),
    updated: Number(r.updated),
    errors: Number(r.errors),
  }));
}

export interface FeedRunErrorRow {
  id: number;
  itemCode: string | null;
  errorCode: string;
  /** The code's message in the caller's language, filled with the error's parameters. */
  message: string;
  field: string | null;
  line: number | null;
  url: string | null;
  created: Date;
}

const ERROR_COLUMNS: readonly GridColumn[] = [
  { field: 'id', sql: feedRunErrors.id, filterType: 'NUMBER', number: 'int8', sortable: true },
  { field: 'itemCode', sql: feedRunErrors.itemCode, filterType: 'TEXT', sortable: true },
  { field: 'errorCode', sql: feedRunErrors.errorCode, filterType: 'TEXT', sortable: true },
  { field: 'line', sql: feedRunErrors.line, filterType: 'NUMBER', sortable: true },
];

const errorFields = {
  id: feedRunErrors.id,
  itemCode: feedRunErrors.itemCode,
  errorCode: feedRunErrors.errorCode,
  params: feedRunErrors.params,
  field: feedRunErrors.field,
  line: feedRunErrors.line,
  url: feedRunErrors.url,
  created: feedRunErrors.created,
};

/**
 * The log's message: a refused field says what its rule asks (the errors tab's text, `validation.<rule>`), so a
 * seller reads "Enter a valid EAN…" rather than "some fields are not filled in correctly"; other codes say
 * their own message.
 */
function messageOf(
  lang: RequestContext['lang'],
  e: { errorCode: string; params: Record<string, string | number> | null },
): string {
  const params = e.params ?? {};
  const rule = e.errorCode === 'VALIDATION_ERROR' && typeof params.rule === 'string' ? params.rule : null;
  if (rule) {
    const text = translate(lang, `validation.${rule}`, params);
    if (text !== `validation.${rule}`) return text;
  }
  return translate(lang, `errors.${e.errorCode}`, params);
}

/** The error log of one run, in file order by default, searchable by item code. */
export async function listFeedRunErrors(
  ctx: RequestContext,
  format: FeedFormat,
  feedId: unknown,
  runId: unknown,
  grid: unknown,
): Promise<GridPage<FeedRunErrorRow>> {
  const { partnerId, run } = await ownRun(ctx, format, feedId, runId);
  const q = buildGridQuery(grid, ERROR_COLUMNS, {
    idColumn: feedRunErrors.id,
    defaultSort: { field: 'id', direction: 'ASCENDING' },
    searchColumns: [feedRunErrors.itemCode],
  });
  const where = and(eq(feedRunErrors.partnerId, partnerId), eq(feedRunErrors.runId, run.id), q.where);
  const rows = await q.readRows((seek, limit, offset) =>
    ctx.db
      .select({ ...errorFields, ...q.cursorFields })
      .from(feedRunErrors)
      .where(and(where, seek))
      .orderBy(...q.orderBy)
      .limit(limit)
      .offset(offset),
  );
  const total = await cappedTotal(ctx.db, feedRunErrors, where);
  const page = q.toPage(rows, total);
  return {
    ...page,
    items: page.items.map((row) => ({
      id: row.id,
      itemCode: row.itemCode,
      errorCode: row.errorCode,
      message: messageOf(ctx.lang, row),
      field: row.field,
      line: row.line,
      url: row.url,
      created: row.created,
    })),
  };
}

export const FEED_PROTOCOL_COLUMNS = ['itemCode', 'errorCode', 'message', 'field', 'line', 'url'] as const;
const PROTOCOL_BATCH = 2000;

/**
 * The downloadable protocol of one run: its whole error log as CSV rows, read by keyset in batches, so a run
 * with a million refused items is never held in memory at once.
 */
export async function feedRunProtocol(
  ctx: RequestContext,
  format: FeedFormat,
  feedId: unknown,
  runId: unknown,
): Promise<{ header: string[]; rows: AsyncIterable<ExportCell[][]>; fileName: string }> {
  const { partnerId, run } = await ownRun(ctx, format, feedId, runId);
  const lang = ctx.lang;
  const db: DbOrTx = ctx.db;
  async function* rows() {
    let after = 0;
    for (;;) {
      const batch = await db
        .select(errorFields)
        .from(feedRunErrors)
        .where(
          and(eq(feedRunErrors.partnerId, partnerId), eq(feedRunErrors.runId, run.id), gt(feedRunErrors.id, after)),
        )
        .orderBy(asc(feedRunErrors.id))
        .limit(PROTOCOL_BATCH);
      if (batch.length === 0) return;
      after = batch.at(-1)!.id;
      yield batch.map((e): ExportCell[] => [e.itemCode, e.errorCode, messageOf(lang, e), e.field, e.line, e.url]);
      if (batch.length < PROTOCOL_BATCH) return;
    }
  }
  return {
    header: FEED_PROTOCOL_COLUMNS.map((c) => translate(lang, `feeds.protocol.columns.${c}`)),
    rows: rows(),
    fileName: `feed-${run.feedId}-run-${run.id}-errors.csv`,
  };
}
