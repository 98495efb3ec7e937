import type { GridPage } from '@pp/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { accentInsensitive, buildGridQuery, cappedTotal, type GridColumn } from '../../platform/grid';
import { partnerContracts, partners } from '../partner/tables';
import type { BillingRunView, SelfBillingRequestView } from './commands';
import type { DocumentSummary } from './read';
import { documentsPage } from './service';
import { billingRuns } from './tables';

/** The operators' billing lists. */

const runColumns: GridColumn[] = [
  { field: 'id', sql: billingRuns.id, filterType: 'NUMBER', sortable: true },
  { field: 'period', sql: sql`to_char(${billingRuns.period}, 'YYYY-MM')`, notNull: true, filterType: 'TEXT' },
  {
    field: 'status',
    sql: billingRuns.status,
    filterType: 'ENUMS',
    options: ['QUEUED', 'RUNNING', 'DONE', 'FAILED'],
  },
  { field: 'createdAt', sql: billingRuns.createdAt, filterType: 'DATETIME', sortable: true },
];

export async function cockpitBillingRuns(ctx: RequestContext, grid: unknown): Promise<GridPage<BillingRunView>> {
  ctx.requireOperator('billing', 'read');
  const q = buildGridQuery(grid, runColumns, {
    idColumn: billingRuns.id,
    defaultSort: { field: 'createdAt', direction: 'DESCENDING' },
  });
  const [rows, total] = await Promise.all([
    q.readRows((seek, limit, offset) =>
      ctx.db
        .select({
          id: billingRuns.id,
          period: sql<string>`to_char(${billingRuns.period}, 'YYYY-MM')`,
          partnerId: billingRuns.partnerId,
          partnerName: partners.partnerName,
          status: billingRuns.status,
          createdAt: billingRuns.createdAt,
          startedAt: billingRuns.startedAt,
          finishedAt: billingRuns.finishedAt,
          documents: sql<number>`coalesce((${billingRuns.counts}->>'documents')::int, 0)`,
          offsets: sql<number>`coalesce((${billingRuns.counts}->>'offsets')::int, 0)`,
          partners: sql<number>`coalesce((${billingRuns.counts}->>'partners')::int, 0)`,
          error: billingRuns.error,
          ...q.cursorFields,
        })
        .from(billingRuns)
        .leftJoin(partners, eq(partners.id, billingRuns.partnerId))
        .where(and(q.where, seek))
        .orderBy(...q.orderBy)
        .limit(limit)
        .offset(offset),
    ),
    cappedTotal(ctx.db, billingRuns, q.where),
  ]);
  return q.toPage(rows, total);
}

// Spelled out: drizzle may leave a column unqualified, which inside the subquery would name `d`'s own.
const requestedAt = sql<Date | null>`(select max(d.decided_at) from self_billing_decisions d
  where d.partner_id = partners.id and d.decision = 'REQUESTED')`;

const requestColumns: GridColumn[] = [
  { field: 'partnerId', sql: partners.id, filterType: 'NUMBER', sortable: true },
  { field: 'partnerName', sql: partners.partnerName, filterType: 'TEXT', sortable: true, foldAccents: true },
  { field: 'shopId', sql: partners.shopId, filterType: 'TEXT' },
  {
    field: 'status',
    sql: partners.billingStatus,
    filterType: 'ENUMS',
    options: ['inactive', 'requested', 'active'],
  },
];

/** Partners waiting for a self-billing decision (the status filter shows the active or declined ones too). */
export async function cockpitSelfBillingRequests(
  ctx: RequestContext,
  grid: unknown,
): Promise<GridPage<SelfBillingRequestView>> {
  ctx.requireOperator('billing', 'read');
  const q = buildGridQuery(grid, requestColumns, {
    idColumn: partners.id,
    defaultSort: { field: 'partnerId', direction: 'DESCENDING' },
    searchColumns: [accentInsensitive(partners.partnerName)],
  });
  const filtered = (grid as { filters?: { field: string }[] } | null)?.filters?.some((f) => f.field === 'status');
  const where = and(
    sql`${partners.sandboxOf} is null`,
    filtered ? undefined : eq(partners.billingStatus, 'requested'),
    q.where,
  );
  const [rows, total] = await Promise.all([
    q.readRows((seek, limit, offset) =>
      ctx.db
        .select({
          partnerId: partners.id,
          partnerName: partners.partnerName,
          shopId: partners.shopId,
          country: sql<string>`coalesce(nullif(${partnerContracts.state}, ''), ${partners.country})`,
          vatId: sql<string>`coalesce(${partnerContracts.vatId}, '')`,
          status: partners.billingStatus,
          requestedAt,
          ...q.cursorFields,
        })
        .from(partners)
        .leftJoin(partnerContracts, eq(partnerContracts.partnerId, partners.id))
        .where(and(where, seek))
        .orderBy(...q.orderBy)
        .limit(limit)
        .offset(offset),
    ),
    cappedTotal(ctx.db, partners, where),
  ]);
  return q.toPage(
    rows.map((r) => ({ ...r, requestedAt: r.requestedAt == null ? null : new Date(r.requestedAt) })),
    total,
  );
}

/** An operator's look at one partner's documents. */
export async function cockpitPartnerInvoices(
  ctx: RequestContext,
  partnerId: number,
  grid: unknown,
): Promise<GridPage<DocumentSummary>> {
  ctx.requireOperator('billing', 'read');
  return documentsPage(ctx, partnerId, grid);
}
