import {
  DomainError,
  FEED_FORMAT_VALUES,
  FEED_RUN_STATUSES,
  FEED_TYPE_VALUES,
  type GridPage,
  WEBHOOK_EVENTS,
  WEBHOOK_STATUSES,
  type WebhookStatus,
} from '@pp/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { accentInsensitive, buildGridQuery, type GridColumn } from '../../platform/grid';
import { literalBooleanFilter, literalEnumFilter } from '../../platform/grid-literal-filters';
import { queueRunOf } from '../feeds/runs';
import { type FeedRunView, runView } from '../feeds/settings';
import { feedRuns, feeds } from '../feeds/tables';
import { partners } from '../partner/tables';
import { reenableHookOf, viewFields, type WebhookFailure, type WebhookReenabled } from '../webhooks/service';
import { webhooks } from '../webhooks/tables';

/**
 * The operators' lists behind the home's "broken webhooks" and "failed feeds" (issue 24 point 8): every partner's
 * webhooks and feeds, with what an operator with the `api` area's update may do about them — the owner's own
 * re-enable and "enqueue for processing", audited as the operator.
 */

// ---------------------------------------------------------------------------------------------------------
// Webhooks.

export interface CockpitWebhookRow {
  id: number;
  partnerId: number;
  partnerName: string;
  shopId: string;
  url: string;
  event: string;
  isEnabled: boolean;
  status: WebhookStatus;
  failedInRow: number;
  brokenAt: Date | null;
  lastAttemptAt: Date | null;
  /** The newest failed attempt of a BROKEN hook (the reason it broke), whether or not its owner switched it off. */
  lastFailure: WebhookFailure | null;
}

const WEBHOOK_COLUMNS: readonly GridColumn[] = [
  { field: 'id', sql: webhooks.id, filterType: 'NUMBER', sortable: true },
  { field: 'partnerId', sql: webhooks.partnerId, filterType: 'NUMBER', number: 'int4' },
  { field: 'partnerName', sql: partners.partnerName, filterType: 'TEXT', sortable: true, foldAccents: true },
  { field: 'shopId', sql: partners.shopId, filterType: 'TEXT', sortable: true },
  { field: 'url', sql: webhooks.url, filterType: 'TEXT' },
  { field: 'event', sql: webhooks.event, filterType: 'ENUMS', options: WEBHOOK_EVENTS, sortable: true },
  {
    field: 'status',
    sql: webhooks.status,
    filterType: 'ENUMS',
    options: WEBHOOK_STATUSES,
    sortable: true,
    filterSql: literalEnumFilter(webhooks.status, WEBHOOK_STATUSES),
  },
  { field: 'isEnabled', sql: webhooks.isEnabled, filterType: 'BOOLEAN' },
  { field: 'failedInRow', sql: webhooks.failedInRow, filterType: 'NUMBER', sortable: true },
  { field: 'brokenAt', sql: webhooks.brokenAt, filterType: 'DATETIME', sortable: true },
];

/**
 * Every partner's webhooks, the newest broken first (a hook that never broke after every broken one). The home's
 * link filters `status` to BROKEN, the count's own condition, read through the partial index of broken hooks.
 */
export async function cockpitWebhooks(ctx: RequestContext, grid: unknown): Promise<GridPage<CockpitWebhookRow>> {
  ctx.requireOperator('api', 'read');
  const q = buildGridQuery(grid, WEBHOOK_COLUMNS, {
    idColumn: webhooks.id,
    defaultSort: { field: 'brokenAt', direction: 'DESCENDING' },
    searchColumns: [accentInsensitive(partners.partnerName), partners.sapId, webhooks.url],
  });
  const [rows, [count]] = await Promise.all([
    q.readRows((seek, limit, offset) =>
      ctx.db
        .select({
          ...viewFields,
          partnerId: webhooks.partnerId,
          partnerName: partners.partnerName,
          shopId: partners.shopId,
          ...q.cursorFields,
        })
        .from(webhooks)
        .innerJoin(partners, eq(partners.id, webhooks.partnerId))
        .where(and(q.where, seek))
        .orderBy(...q.orderBy)
        .limit(limit)
        .offset(offset),
    ),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(webhooks)
      .innerJoin(partners, eq(partners.id, webhooks.partnerId))
      .where(q.where),
  ]);
  // At most five hooks a partner: an exact count stays cheap, and the home's count must equal it.
  return q.toPage(
    rows.map((r) => ({
      id: r.id,
      partnerId: r.partnerId,
      partnerName: r.partnerName,
      shopId: r.shopId,
      url: r.url,
      event: r.event,
      isEnabled: r.isEnabled,
      status: r.status,
      failedInRow: r.failedInRow,
      brokenAt: r.brokenAt,
      lastAttemptAt: r.lastAttemptAt,
      lastFailure: r.failure ? { ...r.failure, at: new Date(r.failure.at) } : null,
      gridSortKey: r.gridSortKey,
      gridRowKey: r.gridRowKey,
    })),
    { total: count?.n ?? 0, totalExact: true },
  );
}

function positiveId(id: string | number, notFound: 'WEBHOOK_NOT_FOUND' | 'FEED_NOT_FOUND'): number {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647) throw new DomainError(notFound);
  return n;
}

/**
 * An operator re-enables a partner's broken hook as its owner would (webhooks service `reenableHookOf`): enabled,
 * failures forgotten, a test event sent at once; the audit names the operator. Only a BROKEN hook: one its owner
 * switched off stays off.
 */
export async function cockpitReenableWebhook(ctx: RequestContext, id: string | number): Promise<WebhookReenabled> {
  ctx.requireOperator('api', 'update');
  const webhookId = positiveId(id, 'WEBHOOK_NOT_FOUND');
  const [hook] = await ctx.db
    .select({ partnerId: webhooks.partnerId })
    .from(webhooks)
    .where(eq(webhooks.id, webhookId));
  if (!hook) throw new DomainError('WEBHOOK_NOT_FOUND');
  return reenableHookOf(ctx, hook.partnerId, webhookId, { brokenOnly: true });
}

// ---------------------------------------------------------------------------------------------------------
// Feeds.

export interface CockpitFeedRow {
  id: number;
  partnerId: number;
  partnerName: string;
  shopId: string;
  format: string;
  type: string;
  url: string | null;
  enabled: boolean;
  scheduleMinutes: number | null;
  lastRun: FeedRunView | null;
}

/** When the last run last moved: its end, else its start, else when it was queued. */
const lastRunAt = sql`coalesce(${feedRuns.endedAt}, ${feedRuns.startedAt}, ${feedRuns.created})`;

const FEED_COLUMNS: readonly GridColumn[] = [
  { field: 'id', sql: feeds.id, filterType: 'NUMBER', sortable: true },
  { field: 'partnerId', sql: feeds.partnerId, filterType: 'NUMBER', number: 'int4' },
  { field: 'partnerName', sql: partners.partnerName, filterType: 'TEXT', sortable: true, foldAccents: true },
  { field: 'shopId', sql: partners.shopId, filterType: 'TEXT', sortable: true },
  { field: 'format', sql: feeds.format, filterType: 'ENUMS', options: FEED_FORMAT_VALUES, sortable: true },
  { field: 'type', sql: feeds.type, filterType: 'ENUMS', options: FEED_TYPE_VALUES, sortable: true },
  { field: 'url', sql: feeds.url, filterType: 'TEXT' },
  { field: 'enabled', sql: feeds.enabled, filterType: 'BOOLEAN', filterSql: literalBooleanFilter(feeds.enabled) },
  {
    field: 'lastRunStatus',
    sql: feedRuns.status,
    filterType: 'ENUMS',
    options: FEED_RUN_STATUSES,
    sortable: true,
    filterSql: literalEnumFilter(feedRuns.status, FEED_RUN_STATUSES),
  },
  { field: 'lastRunAt', sql: lastRunAt, filterType: 'DATETIME', sortable: true },
  { field: 'lastRunErrorCode', sql: feedRuns.errorCode, filterType: 'TEXT' },
];

/**
 * Every partner's feeds with their last run, the latest run first. The home's link filters switched-on feeds whose
 * last run FAILED, the count's own condition: the partial index of switched-on feeds by their last run, then
 * each run by its key.
 */
export async function cockpitFeeds(ctx: RequestContext, grid: unknown): Promise<GridPage<CockpitFeedRow>> {
  ctx.requireOperator('api', 'read');
  const q = buildGridQuery(grid, FEED_COLUMNS, {
    idColumn: feeds.id,
    defaultSort: { field: 'lastRunAt', direction: 'DESCENDING' },
    searchColumns: [accentInsensitive(partners.partnerName), partners.sapId, feeds.url],
  });
  const runOfFeed = eq(feedRuns.id, feeds.lastRunId);
  const [rows, [count]] = await Promise.all([
    q.readRows((seek, limit, offset) =>
      ctx.db
        .select({
          id: feeds.id,
          partnerId: feeds.partnerId,
          partnerName: partners.partnerName,
          shopId: partners.shopId,
          format: feeds.format,
          type: feeds.type,
          url: feeds.url,
          enabled: feeds.enabled,
          scheduleMinutes: feeds.scheduleMinutes,
          run: feedRuns,
          ...q.cursorFields,
        })
        .from(feeds)
        .innerJoin(partners, eq(partners.id, feeds.partnerId))
        .leftJoin(feedRuns, runOfFeed)
        .where(and(q.where, seek))
        .orderBy(...q.orderBy)
        .limit(limit)
        .offset(offset),
    ),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(feeds)
      .innerJoin(partners, eq(partners.id, feeds.partnerId))
      .leftJoin(feedRuns, runOfFeed)
      .where(q.where),
  ]);
  // A few feeds a partner: an exact count stays cheap, and the home's count must equal it.
  return q.toPage(
    rows.map(({ run, ...r }) => ({ ...r, lastRun: run ? runView(run) : null })),
    { total: count?.n ?? 0, totalExact: true },
  );
}

/**
 * An operator's "enqueue for processing" of a partner's feed, with the owner's limits (feeds `queueRunOf`: a URL,
 * switched on, one open run at a time); the audit names the operator.
 */
export async function cockpitRunFeed(ctx: RequestContext, id: string | number): Promise<FeedRunView> {
  ctx.requireOperator('api', 'update');
  const feedId = positiveId(id, 'FEED_NOT_FOUND');
  const [feed] = await ctx.db.select().from(feeds).where(eq(feeds.id, feedId));
  if (!feed) throw new DomainError('FEED_NOT_FOUND');
  return queueRunOf(ctx, feed, 'MANUAL');
}
