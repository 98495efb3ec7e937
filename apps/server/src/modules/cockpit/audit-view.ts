import { DomainError, type FilterOperator, type GridPage } from '@pp/domain';
import { type AnyColumn, and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { auditLog } from '../../platform/audit/tables';
import type { DbOrTx } from '../../platform/db/client';
import type { RequestContext } from '../../platform/context';
import { buildGridQuery, cappedTotal, type GridColumn, type GridQueryParts } from '../../platform/grid';
import { accounts } from '../account/tables';
import { partners } from '../partner/tables';
import { type AuditChanges, auditChangesOf } from './audit-view-changes';

/** One entry of the trail as the cockpit shows it: who (and as whom), what, when, and the change itself. */
export interface AuditEntryView extends AuditChanges {
  id: number;
  at: Date;
  action: string;
  entity: string | null;
  entityId: string | null;
  partnerId: number | null;
  partnerName: string | null;
  accountId: number | null;
  accountEmail: string | null;
  /** The operator who acted while signed in as the partner's account (impersonation), if any. */
  adminAccountId: number | null;
  adminEmail: string | null;
  apiKeyId: number | null;
  requestId: string | null;
  /** The stored data as JSON text, for the detail's raw view. */
  data: string | null;
}

/** An e-mail names one account (accounts_email_uq on lower(email)): a scalar the planner seeks the index with. */
function accountByEmail(column: AnyColumn) {
  return (filter: { value?: string | null }): SQL =>
    sql`${column} = (select ${accounts.id} from ${accounts} where lower(${accounts.email}) = lower(${filter.value ?? ''}))`;
}

/** Exact match on a plain column, so its (column, at, id) index answers (the grid's text EQUAL folds case). */
function exactly(column: AnyColumn) {
  return (filter: { operator: FilterOperator; value?: string | null; values?: string[] | null }): SQL =>
    filter.operator === 'IN' ? inArray(column, filter.values ?? []) : eq(column, filter.value ?? '');
}

const COLUMNS: readonly GridColumn[] = [
  { field: 'at', sql: auditLog.at, filterType: 'DATETIME', sortable: true },
  { field: 'partnerId', sql: auditLog.partnerId, filterType: 'NUMBER', number: 'int4' },
  {
    field: 'account',
    sql: auditLog.accountId,
    filterType: 'AUTO_COMPLETE',
    filterSql: accountByEmail(auditLog.accountId),
  },
  {
    field: 'operator',
    sql: auditLog.adminAccountId,
    filterType: 'AUTO_COMPLETE',
    filterSql: accountByEmail(auditLog.adminAccountId),
  },
  { field: 'entity', sql: auditLog.entity, filterType: 'AUTO_COMPLETE', filterSql: exactly(auditLog.entity) },
  { field: 'entityId', sql: auditLog.entityId, filterType: 'AUTO_COMPLETE', filterSql: exactly(auditLog.entityId) },
  { field: 'action', sql: auditLog.action, filterType: 'AUTO_COMPLETE', filterSql: exactly(auditLog.action) },
];

/**
 * The operators each filter takes: only those an index answers as one range. A negation or a pattern would
 * read the trail from its newest end until a page is found, which over millions of rows may be all of it.
 */
const INDEXED_OPERATORS: Readonly<Record<string, readonly FilterOperator[]>> = {
  at: ['GREATER_THAN', 'GREATER_THAN_OR_EQUAL', 'LESS_THAN', 'LESS_THAN_OR_EQUAL', 'BETWEEN'],
  partnerId: ['EQUAL', 'IN'],
  account: ['EQUAL'],
  operator: ['EQUAL'],
  entity: ['EQUAL', 'IN'],
  entityId: ['EQUAL'],
  action: ['EQUAL', 'IN'],
};

function refuseUnindexed(grid: unknown) {
  const filters = (grid as { filters?: { field?: unknown; operator?: unknown }[] | null } | null)?.filters ?? [];
  const refused = filters.filter(
    (f) =>
      typeof f?.field === 'string' &&
      f.field in INDEXED_OPERATORS &&
      !INDEXED_OPERATORS[f.field]!.includes(f.operator as FilterOperator),
  );
  if (refused.length) {
    throw new DomainError(
      'VALIDATION_ERROR',
      {},
      refused.map((f) => ({ field: `filter.${String(f.field)}.operator`, rule: 'invalid' })),
    );
  }
  if ((grid as { search?: unknown } | null)?.search) {
    throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'search', rule: 'invalid' }]);
  }
}

/** The e-mails and partner names of a page's rows, read by primary key after the page (the page's plan stays one index range). */
async function namesOf(db: DbOrTx, rows: readonly (typeof auditLog.$inferSelect)[]) {
  const accountIds = [...new Set(rows.flatMap((r) => [r.accountId, r.adminAccountId]).filter((id) => id !== null))];
  const partnerIds = [...new Set(rows.map((r) => r.partnerId).filter((id) => id !== null))];
  const [emails, names] = await Promise.all([
    accountIds.length
      ? db.select({ id: accounts.id, email: accounts.email }).from(accounts).where(inArray(accounts.id, accountIds))
      : [],
    partnerIds.length
      ? db
          .select({ id: partners.id, name: partners.partnerName })
          .from(partners)
          .where(inArray(partners.id, partnerIds))
      : [],
  ]);
  return {
    email: new Map(emails.map((a) => [a.id, a.email])),
    partner: new Map(names.map((p) => [p.id, p.name])),
  };
}

function viewsOf(rows: readonly (typeof auditLog.$inferSelect)[], names: Awaited<ReturnType<typeof namesOf>>) {
  return rows.map(
    (r): AuditEntryView => ({
      id: r.id,
      at: r.at,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      partnerId: r.partnerId,
      partnerName: r.partnerId === null ? null : (names.partner.get(r.partnerId) ?? null),
      accountId: r.accountId,
      accountEmail: r.accountId === null ? null : (names.email.get(r.accountId) ?? null),
      adminAccountId: r.adminAccountId,
      adminEmail: r.adminAccountId === null ? null : (names.email.get(r.adminAccountId) ?? null),
      apiKeyId: r.apiKeyId,
      requestId: r.requestId,
      data: r.data === null ? null : JSON.stringify(r.data),
      ...auditChangesOf(r.data),
    }),
  );
}

/** The grid request as SQL parts; refuses a filter no index answers. */
export function auditGridQuery(grid: unknown): GridQueryParts {
  refuseUnindexed(grid);
  return buildGridQuery(grid, COLUMNS, {
    idColumn: auditLog.id,
    defaultSort: { field: 'at', direction: 'DESCENDING' },
  });
}

/** One read of a page (the bench explains exactly this statement). */
export function auditPageQuery(db: DbOrTx, q: GridQueryParts, seek: SQL | undefined, limit: number, offset: number) {
  return db
    .select({ row: auditLog, ...q.cursorFields })
    .from(auditLog)
    .where(and(q.where, seek))
    .orderBy(...q.orderBy)
    .limit(limit)
    .offset(offset);
}

/**
 * Operators (administrator, support): the audit trail, newest first, keyset-paged by (at, id) so that a page
 * boundary between entries of one moment neither skips nor repeats one. Each filter reads its own index.
 */
export async function cockpitAuditLog(ctx: RequestContext, grid: unknown): Promise<GridPage<AuditEntryView>> {
  ctx.requireOperator('audit', 'read');
  const q = auditGridQuery(grid);
  const [rows, total] = await Promise.all([
    q.readRows((seek, limit, offset) => auditPageQuery(ctx.db, q, seek, limit, offset)),
    cappedTotal(ctx.db, auditLog, q.where),
  ]);
  const entries = rows.map((r) => r.row);
  const views = viewsOf(entries, await namesOf(ctx.db, entries));
  return q.toPage(
    views.map((v, i) => ({ ...v, gridSortKey: rows[i]!.gridSortKey, gridRowKey: rows[i]!.gridRowKey })),
    total,
  );
}

/** One entry with its whole data (the detail drawer); ENTITY_NOT_FOUND for an unknown id. */
export async function cockpitAuditEntry(ctx: RequestContext, id: number): Promise<AuditEntryView> {
  ctx.requireOperator('audit', 'read');
  if (!Number.isSafeInteger(id) || id <= 0) throw new DomainError('ENTITY_NOT_FOUND');
  const [row] = await ctx.db.select().from(auditLog).where(eq(auditLog.id, id));
  if (!row) throw new DomainError('ENTITY_NOT_FOUND');
  return viewsOf([row], await namesOf(ctx.db, [row]))[0]!;
}
