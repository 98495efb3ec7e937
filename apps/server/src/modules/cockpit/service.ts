import {
  availableShopIds,
  broadcastSchema,
  DomainError,
  type GridPage,
  INTEGRATION_KINDS,
  isOnboarding,
  ONBOARDING_WORKFLOW_STATUSES,
  PROVIDER_TYPES,
  WORKFLOW_STATUSES,
} from '@pp/domain';
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import { validationError } from '../../platform/errors';
import { accentInsensitive, buildGridQuery, cappedTotal, type GridColumn } from '../../platform/grid';
import { livePartner, partners } from '../partner/tables';

export interface CockpitPartnerRow {
  id: number;
  sapId: string | null;
  shopId: string;
  partnerName: string;
  mallName: string | null;
  workflowStatus: string;
  provider: string | null;
  pluginProvider: string | null;
  kam: string | null;
  farmer: string | null;
  onboarding: boolean;
  rating: number | null;
  created: Date;
}

const onboardingSql = sql`(${partners.workflowStatus} in (${sql.join(
  ONBOARDING_WORKFLOW_STATUSES.map((s) => sql`${s}`),
  sql`, `,
)}))`;

function columns(shopIds: readonly string[]): GridColumn[] {
  return [
    { field: 'id', sql: partners.id, filterType: 'NUMBER', number: 'int4', sortable: true },
    { field: 'sapId', sql: partners.sapId, filterType: 'TEXT', sortable: true },
    { field: 'shopId', sql: partners.shopId, filterType: 'ENUMS', options: shopIds, sortable: true },
    { field: 'partnerName', sql: partners.partnerName, filterType: 'TEXT', sortable: true, foldAccents: true },
    { field: 'mallName', sql: partners.mallName, filterType: 'TEXT', sortable: true, foldAccents: true },
    {
      field: 'workflowStatus',
      sql: partners.workflowStatus,
      filterType: 'ENUMS',
      options: WORKFLOW_STATUSES,
      sortable: true,
    },
    { field: 'provider', sql: partners.provider, filterType: 'ENUMS', options: PROVIDER_TYPES, sortable: true },
    // The integration kind (domain INTEGRATION_KINDS): filtered by kind, as the provider is.
    {
      field: 'pluginProvider',
      sql: partners.pluginProvider,
      filterType: 'ENUMS',
      options: INTEGRATION_KINDS,
      sortable: true,
    },
    { field: 'kam', sql: partners.kam, filterType: 'TEXT', sortable: true, foldAccents: true },
    { field: 'farmer', sql: partners.farmer, filterType: 'TEXT', sortable: true, foldAccents: true },
    { field: 'onboarding', sql: onboardingSql, filterType: 'BOOLEAN' },
    { field: 'rating', sql: partners.rating, filterType: 'NUMBER', number: 'real', sortable: true },
    {
      field: 'created',
      sql: partners.created,
      filterType: 'DATE',
      sortable: true,
      filterSql: (filter) => dayFilter(sql`(${partners.created} at time zone 'UTC')::date`, filter),
    },
  ];
}

/**
 * A DATE filter on a moment: the grid shows the day a partner registered, so operators filter by days
 * (UTC), while the sort keeps the exact moment.
 */
export function dayFilter(
  day: SQL,
  filter: { operator: string; value?: string | null; values?: readonly string[] | null },
): SQL {
  const v = (filter.value ?? '').slice(0, 10);
  const [from, to] = (filter.values ?? []).map((x) => x.slice(0, 10));
  switch (filter.operator) {
    case 'EQUAL':
      return sql`${day} = ${v}::date`;
    case 'GREATER_THAN':
      return sql`${day} > ${v}::date`;
    case 'GREATER_THAN_OR_EQUAL':
      return sql`${day} >= ${v}::date`;
    case 'LESS_THAN':
      return sql`${day} < ${v}::date`;
    case 'LESS_THAN_OR_EQUAL':
      return sql`${day} <= ${v}::date`;
    case 'BETWEEN':
      return sql`${day} between ${from}::date and ${to}::date`;
    case 'NEMPTY':
      return sql`true`;
    default:
      // EMPTY: every partner has a registration moment.
      return sql`false`;
  }
}

/** The operators' grid of all partners (cockpit). Markets switched off by feature flag are left out. */
export async function cockpitPartners(ctx: RequestContext, grid: unknown): Promise<GridPage<CockpitPartnerRow>> {
  ctx.requireOperator('partners', 'read');
  const shopIds = availableShopIds(await ctx.flags());
  const q = buildGridQuery(grid, columns(shopIds), {
    idColumn: partners.id,
    searchColumns: [accentInsensitive(partners.partnerName), partners.sapId, accentInsensitive(partners.mallName)],
  });
  // Sandboxes are no partners of the marketplace: never listed, counted or found (issue 20).
  const where = and(livePartner, inArray(partners.shopId, shopIds), q.where);
  const [rows, total] = await Promise.all([
    q.readRows((seek, limit, offset) =>
      ctx.db
        .select({ partner: partners, ...q.cursorFields })
        .from(partners)
        .where(and(where, seek))
        .orderBy(...q.orderBy)
        .limit(limit)
        .offset(offset),
    ),
    cappedTotal(ctx.db, partners, where),
  ]);
  return q.toPage(
    rows.map((r) => ({ ...toRow(r.partner), gridSortKey: r.gridSortKey, gridRowKey: r.gridRowKey })),
    total,
  );
}

function toRow(r: typeof partners.$inferSelect): CockpitPartnerRow {
  return {
    id: r.id,
    sapId: r.sapId,
    shopId: r.shopId,
    partnerName: r.partnerName,
    mallName: r.mallName,
    workflowStatus: r.workflowStatus,
    provider: r.provider,
    pluginProvider: r.pluginProvider,
    kam: r.kam,
    farmer: r.farmer,
    onboarding: isOnboarding(r.workflowStatus),
    rating: r.rating,
    created: r.created,
  };
}

/**
 * An operator's notice, delivered live by every server process: to everybody signed in, or to the sellers
 * of the chosen markets — one NOTIFY either way; each process knows the markets of the sockets it holds.
 */
export async function broadcast(ctx: RequestContext, input: unknown): Promise<{ partners: number | null }> {
  ctx.requireOperator('content', 'update');
  const parsed = broadcastSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const { message, markets } = parsed.data;
  const available = availableShopIds(await ctx.flags());
  // A market switched off by its flag is not offered, so it cannot be chosen either.
  if (markets?.some((m) => !available.includes(m))) {
    throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'markets', rule: 'invalid' }]);
  }
  await recordAudit(ctx.db, ctx.actor(null), {
    action: 'cockpit.broadcast',
    data: { message, markets },
    partnerId: null,
  });
  const event = { type: 'broadcast' as const, data: { message } };
  if (!markets) {
    await ctx.platform.stream.publish({ all: true }, event);
    return { partners: null };
  }
  await ctx.platform.stream.publish({ shops: markets }, event);
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(partners)
    .where(inArray(partners.shopId, markets));
  return { partners: row?.n ?? 0 };
}
