import {
  API_DOMAINS,
  API_LIMIT_TIME_ZONE,
  type ApiDomain,
  apiDayOf,
  apiDayStart,
  availableShopIds,
  DomainError,
  GRID_TOTAL_CAP,
  type GridPage,
  INTEGRATION_KINDS,
  nextApiDay,
  PROVIDER_TYPES,
  previousApiDay,
  usedPercentage,
  WORKFLOW_STATUSES,
} from '@pp/domain';
import { and, asc, desc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import { type DbOrTx, rowsOf } from '../../platform/db/client';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { accentInsensitive, buildGridQuery, type GridColumn } from '../../platform/grid';
import { livePartner, partners } from '../partner/tables';
import { apiTiers, apiUsageDaily, partnerApiTiers } from './tables';
import { tierIdAt } from './tiers';

/** Tier changes shown to a partner: operators change tiers rarely, so this is years of history. */
const HISTORY_SHOWN = 50;

export type TierRow = typeof apiTiers.$inferSelect;

export interface ApiTierView {
  id: number;
  name: string;
  limits: { domain: ApiDomain; maxRequests: number }[];
}

export interface DomainUsage {
  domain: ApiDomain;
  usedRequests: number;
  maxRequests: number;
  usedPercentage: number;
  lastUpdatedDate: Date | null;
}

export interface ApiLimitView {
  tier: ApiTierView;
  history: { tierId: number; tierName: string; date: Date }[];
  today: { day: string; domains: DomainUsage[] };
  yesterday: { day: string; domains: DomainUsage[] };
  /** When today's counts start again from zero. */
  renewsAt: Date;
  timeZone: string;
}

export function maxOf(tier: TierRow, domain: ApiDomain): number {
  switch (domain) {
    case 'products':
      return tier.productsLimit;
    case 'availability':
      return tier.availabilityLimit;
    case 'orders':
      return tier.ordersLimit;
    default:
      return tier.otherLimit;
  }
}

function tierView(tier: TierRow): ApiTierView {
  return {
    id: tier.id,
    name: tier.name,
    limits: API_DOMAINS.map((domain) => ({ domain, maxRequests: maxOf(tier, domain) })),
  };
}

async function loadTiers(db: DbOrTx): Promise<Map<number, TierRow>> {
  const rows = await db.select().from(apiTiers).orderBy(asc(apiTiers.id));
  return new Map(rows.map((t) => [t.id, t]));
}

async function tierAt(db: DbOrTx, tiers: Map<number, TierRow>, partnerId: number, at: Date): Promise<TierRow> {
  const [row] = rowsOf<{ id: number }>(await db.execute(sql`select ${tierIdAt(partnerId, at)} as id`));
  const tier = tiers.get(Number(row?.id));
  if (!tier) throw new DomainError('API_TIER_NOT_FOUND');
  return tier;
}

/**
 * The selected partner's API limits: its tier (a partner without a tier row has Basic), the tier's history,
 * and the requests counted today and yesterday per domain. Days are limit days, midnight to midnight in
 * Prague; yesterday is measured against the tier it had when the day ended.
 */
export async function apiLimit(ctx: RequestContext, now: Date = new Date()): Promise<ApiLimitView> {
  const { partnerId } = await ctx.require('apiLimit', 'read');
  const today = apiDayOf(now);
  const yesterday = previousApiDay(today);
  const tiers = await loadTiers(ctx.db);
  const [current, before, history, usage] = await Promise.all([
    tierAt(ctx.db, tiers, partnerId, now),
    tierAt(ctx.db, tiers, partnerId, new Date(apiDayStart(today).getTime() - 1)),
    ctx.db
      .select({ tierId: partnerApiTiers.tierId, tierName: apiTiers.name, date: partnerApiTiers.since })
      .from(partnerApiTiers)
      .innerJoin(apiTiers, eq(apiTiers.id, partnerApiTiers.tierId))
      .where(eq(partnerApiTiers.partnerId, partnerId))
      .orderBy(desc(partnerApiTiers.since), desc(partnerApiTiers.id))
      .limit(HISTORY_SHOWN),
    ctx.db
      .select()
      .from(apiUsageDaily)
      .where(and(eq(apiUsageDaily.partnerId, partnerId), inArray(apiUsageDaily.day, [today, yesterday]))),
  ]);
  const dayOf = (day: string, tier: TierRow) => ({
    day,
    domains: API_DOMAINS.map((domain): DomainUsage => {
      const row = usage.find((u) => u.day === day && u.domain === domain);
      const used = row?.usedRequests ?? 0;
      const max = maxOf(tier, domain);
      return {
        domain,
        usedRequests: used,
        maxRequests: max,
        usedPercentage: usedPercentage(used, max),
        lastUpdatedDate: row?.lastUpdated ?? null,
      };
    }),
  });
  return {
    tier: tierView(current),
    history,
    today: dayOf(today, current),
    yesterday: dayOf(yesterday, before),
    renewsAt: apiDayStart(nextApiDay(today)),
    timeZone: API_LIMIT_TIME_ZONE,
  };
}

/** Administrators: the tiers an operator can give a partner. */
export async function listApiTiers(ctx: RequestContext): Promise<ApiTierView[]> {
  ctx.requireOperator('api', 'read');
  return [...(await loadTiers(ctx.db)).values()].map(tierView);
}

export interface UsageCell {
  used: number;
  max: number;
  percentage: number;
}

export interface CockpitApiLimitRow {
  id: number;
  sapId: string | null;
  shopId: string;
  partnerName: string;
  tierId: number;
  tierName: string;
  workflowStatus: string;
  kam: string | null;
  farmer: string | null;
  onboarding: string | null;
  provider: string | null;
  pluginProvider: string | null;
  products: UsageCell;
  availability: UsageCell;
  orders: UsageCell;
  other: UsageCell;
}

/**
 * The outer row's partner id inside a correlated subquery, always qualified: drizzle prints a column of a
 * one-table select bare ("id"), which inside the subquery would name the subquery's own id.
 */
const outerPartnerId = sql`${sql.identifier('partners')}.${sql.identifier('id')}`;

/** Today's count of one domain of the row's partner: one primary-key lookup per row of the page. */
function usedToday(day: string, domain: ApiDomain): SQL<number | null> {
  return sql<number | null>`(select u.used_requests from api_usage_daily u
    where u.partner_id = ${outerPartnerId} and u.day = ${day}::date and u.domain = ${domain})`;
}

function columns(shopIds: readonly string[], tierNames: readonly string[], tierName: GridColumn['sql']): GridColumn[] {
  const text = (field: string, column: GridColumn['sql']): GridColumn => ({
    field,
    sql: column,
    filterType: 'TEXT',
    sortable: true,
  });
  return [
    { field: 'id', sql: partners.id, filterType: 'NUMBER', number: 'int4', sortable: true },
    text('sapId', partners.sapId),
    { field: 'shopId', sql: partners.shopId, filterType: 'ENUMS', options: shopIds, sortable: true },
    { ...text('partnerName', partners.partnerName), foldAccents: true },
    { field: 'tierName', sql: tierName, filterType: 'ENUMS', options: tierNames, sortable: true },
    {
      field: 'workflowStatus',
      sql: partners.workflowStatus,
      filterType: 'ENUMS',
      options: WORKFLOW_STATUSES,
      sortable: true,
    },
    { ...text('kam', partners.kam), foldAccents: true },
    { ...text('farmer', partners.farmer), foldAccents: true },
    text('onboarding', partners.onboarding),
    { field: 'provider', sql: partners.provider, filterType: 'ENUMS', options: PROVIDER_TYPES, sortable: true },
    // The integration kind (domain INTEGRATION_KINDS), filtered by kind as on the cockpit's partner grid.
    {
      field: 'pluginProvider',
      sql: partners.pluginProvider,
      filterType: 'ENUMS',
      options: INTEGRATION_KINDS,
      sortable: true,
    },
  ];
}

/**
 * Administrators: every partner with its tier and today's use per domain (spec rate limit grid), as one
 * query. Filtered or sorted by tier, partners are joined to their current tiers (the latest history row of
 * each partner, read once as a set; none means Basic); otherwise the partner columns page by their indexes
 * and the tier, like each usage cell, is an index lookup evaluated only for the page's rows.
 */
export async function cockpitApiLimits(
  ctx: RequestContext,
  grid: unknown,
  now: Date = new Date(),
): Promise<GridPage<CockpitApiLimitRow>> {
  ctx.requireOperator('api', 'read');
  const tiers = await loadTiers(ctx.db);
  const basic = [...tiers.values()].find((t) => t.name === 'Basic') ?? [...tiers.values()][0];
  if (!basic) throw new DomainError('API_TIER_NOT_FOUND');
  const shopIds = availableShopIds(await ctx.flags());
  const current = ctx.db
    .selectDistinctOn([partnerApiTiers.partnerId], {
      partnerId: partnerApiTiers.partnerId,
      tierId: partnerApiTiers.tierId,
    })
    .from(partnerApiTiers)
    .where(lte(partnerApiTiers.since, now))
    .orderBy(partnerApiTiers.partnerId, desc(partnerApiTiers.since), desc(partnerApiTiers.id))
    .as('current_tier');
  const tierIdSql = sql<number>`coalesce(${current.tierId}, ${basic.id}::int)`;
  const names = [...new Set([...tiers.values()].map((t) => t.name))];
  const q = buildGridQuery(grid, columns(shopIds, names, apiTiers.name), {
    idColumn: partners.id,
    searchColumns: [accentInsensitive(partners.partnerName), partners.sapId],
  });
  // A sandbox's limits are its own and no operator's business: sandboxes are not listed (issue 20).
  const where = and(livePartner, inArray(partners.shopId, shopIds), q.where);
  const byTier = q.request.sort?.field === 'tierName' || q.request.filters.some((f) => f.field === 'tierName');
  // Without a tier condition the join would read every partner's tier history for one page.
  const withTier = <Q extends PgSelect>(query: Q): Q =>
    byTier
      ? (query
          .leftJoin(current, eq(current.partnerId, partners.id))
          .innerJoin(apiTiers, eq(apiTiers.id, tierIdSql)) as unknown as Q)
      : query;
  const day = apiDayOf(now);
  const [rows, total] = await Promise.all([
    q.readRows((seek, limit, offset) =>
      withTier(
        ctx.db
          .select({
            id: partners.id,
            sapId: partners.sapId,
            shopId: partners.shopId,
            partnerName: partners.partnerName,
            workflowStatus: partners.workflowStatus,
            kam: partners.kam,
            farmer: partners.farmer,
            onboarding: partners.onboarding,
            provider: partners.provider,
            pluginProvider: partners.pluginProvider,
            tierId: byTier ? tierIdSql : tierIdAt(outerPartnerId, now),
            products: usedToday(day, 'products'),
            availability: usedToday(day, 'availability'),
            orders: usedToday(day, 'orders'),
            other: usedToday(day, 'other'),
            ...q.cursorFields,
          })
          .from(partners)
          .$dynamic(),
      )
        .where(and(where, seek))
        .orderBy(...q.orderBy)
        .limit(limit)
        .offset(offset),
    ),
    (async () => {
      const limited = withTier(ctx.db.select({ one: sql`1` }).from(partners).$dynamic())
        .where(where)
        .limit(GRID_TOTAL_CAP + 1)
        .as('limited');
      const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(limited);
      const n = row?.n ?? 0;
      return n > GRID_TOTAL_CAP ? { total: GRID_TOTAL_CAP, totalExact: false } : { total: n, totalExact: true };
    })(),
  ]);
  return q.toPage(
    rows.map((r) => {
      const tier = tiers.get(Number(r.tierId)) ?? basic;
      const cell = (domain: ApiDomain): UsageCell => {
        const used = Number(r[domain] ?? 0);
        const max = maxOf(tier, domain);
        return { used, max, percentage: usedPercentage(used, max) };
      };
      return {
        ...r,
        tierId: tier.id,
        tierName: tier.name,
        products: cell('products'),
        availability: cell('availability'),
        orders: cell('orders'),
        other: cell('other'),
      };
    }) as unknown as (CockpitApiLimitRow & { gridSortKey: string | null; gridRowKey: string })[],
    total,
  );
}

/**
 * Administrators: gives a partner another tier from now on, as a new history row (the history is the
 * record). Choosing the tier the partner already has writes nothing.
 */
export async function setPartnerApiTier(ctx: RequestContext, partnerId: number, tierId: number): Promise<ApiTierView> {
  const admin = ctx.requireOperator('api', 'update');
  const tiers = await loadTiers(ctx.db);
  const tier = tiers.get(tierId);
  if (!tier) throw new DomainError('API_TIER_NOT_FOUND');
  return ctx.db.transaction(async (tx) => {
    // The partner row's lock orders two operators' changes of one partner.
    const [partner] = await tx
      .select({ id: partners.id })
      .from(partners)
      .where(eq(partners.id, partnerId))
      .for('update');
    if (!partner) throw new DomainError('ENTITY_NOT_FOUND');
    const [latest] = await tx
      .select({ tierId: partnerApiTiers.tierId })
      .from(partnerApiTiers)
      .where(eq(partnerApiTiers.partnerId, partnerId))
      .orderBy(desc(partnerApiTiers.since), desc(partnerApiTiers.id))
      .limit(1);
    if (latest?.tierId === tierId) return tierView(tier);
    const previous = latest ? tiers.get(latest.tierId)?.name : null;
    await tx.insert(partnerApiTiers).values({ partnerId, tierId, since: new Date(), changedBy: admin.account.id });
    await recordAudit(tx, ctx.actor(null), {
      action: 'api.tier.set',
      entity: 'partner',
      entityId: partnerId,
      partnerId,
      data: { tierId, tierName: tier.name, from: previous ?? null },
    });
    return tierView(tier);
  });
}
