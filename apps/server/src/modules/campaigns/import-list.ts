import { CAMPAIGN_ERROR_TYPES, CAMPAIGN_IMPORT_STATUSES, DomainError, type GridPage } from '@pp/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { buildGridQuery, cappedTotal, type GridColumn } from '../../platform/grid';
import { campaignImportErrors as e, campaignImports as ci } from './tables';

/** The partner's reads of campaign imports: the imports grid, the last import, an import's errors. */

export type CampaignImportRow = typeof ci.$inferSelect;
export type CampaignImportErrorRow = typeof e.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function campaignIdOf(value: string | number): number {
  const id = Number(value);
  // An id that cannot be a campaign's names none: an empty answer, not a database error.
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : -1;
}

const IMPORT_COLUMNS: readonly GridColumn[] = [
  { field: 'createdAt', sql: ci.createdAt, filterType: 'DATE', sortable: true },
  { field: 'status', sql: ci.status, filterType: 'ENUMS', options: CAMPAIGN_IMPORT_STATUSES, sortable: true },
  { field: 'fileName', sql: ci.fileName, filterType: 'TEXT', sortable: true },
  { field: 'productsCount', sql: ci.productsCount, filterType: 'NUMBER', sortable: true },
  { field: 'errorsCount', sql: ci.errorsCount, filterType: 'NUMBER', sortable: true },
];

/** The partner's imports of a campaign as a grid (spec §2: by created_at, newest first). */
export async function campaignImportsGrid(
  ctx: RequestContext,
  campaignId: string | number,
  grid: unknown,
): Promise<GridPage<CampaignImportRow>> {
  const { partnerId } = await ctx.require('campaigns', 'read');
  const q = buildGridQuery(grid, IMPORT_COLUMNS, {
    idColumn: ci.id,
    idNumber: 'text',
    defaultSort: { field: 'createdAt', direction: 'DESCENDING' },
    searchColumns: [ci.fileName],
  });
  const where = and(eq(ci.partnerId, partnerId), eq(ci.campaignId, campaignIdOf(campaignId)), q.where);
  const [rows, total] = await Promise.all([
    q.readRows((seek, limit, offset) =>
      ctx.db
        .select({ row: ci, ...q.cursorFields })
        .from(ci)
        .where(and(where, seek))
        .orderBy(...q.orderBy)
        .limit(limit)
        .offset(offset),
    ),
    cappedTotal(ctx.db, ci, where),
  ]);
  return q.toPage(
    rows.map((r) => ({ ...r.row, gridSortKey: r.gridSortKey, gridRowKey: r.gridRowKey })),
    total,
  );
}

/** The partner's newest import of a campaign, or null. */
export async function campaignLastImport(ctx: RequestContext, campaignId: string | number) {
  const { partnerId } = await ctx.require('campaigns', 'read');
  const [row] = await ctx.db
    .select()
    .from(ci)
    .where(and(eq(ci.partnerId, partnerId), eq(ci.campaignId, campaignIdOf(campaignId))))
    .orderBy(desc(ci.createdAt), desc(ci.id))
    .limit(1);
  return row ?? null;
}

/** One of the partner's imports (NOT_FOUND for any other id, another partner's included). */
export async function campaignImportOf(ctx: RequestContext, importId: string): Promise<CampaignImportRow> {
  const { partnerId } = await ctx.require('campaigns', 'read');
  if (!UUID.test(importId)) throw new DomainError('NOT_FOUND');
  const [row] = await ctx.db
    .select()
    .from(ci)
    .where(and(eq(ci.partnerId, partnerId), eq(ci.id, importId)));
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
}

const ERROR_COLUMNS: readonly GridColumn[] = [
  { field: 'line', sql: e.line, filterType: 'NUMBER', sortable: true },
  { field: 'articleId', sql: e.articleId, filterType: 'TEXT', sortable: true },
  { field: 'type', sql: e.type, filterType: 'ENUMS', options: CAMPAIGN_ERROR_TYPES, sortable: true },
];

/** The structured errors of one of the partner's imports, by line (the file's errors first: line null last). */
export async function campaignImportErrorsGrid(
  ctx: RequestContext,
  importId: string,
  grid: unknown,
): Promise<GridPage<CampaignImportErrorRow>> {
  const found = await campaignImportOf(ctx, importId);
  const q = buildGridQuery(grid, ERROR_COLUMNS, {
    idColumn: e.id,
    defaultSort: { field: 'line', direction: 'ASCENDING' },
    searchColumns: [e.articleId],
  });
  const where = and(eq(e.partnerId, found.partnerId), eq(e.importId, found.id), q.where);
  const [rows, total] = await Promise.all([
    q.readRows((seek, limit, offset) =>
      ctx.db
        .select({ row: e, ...q.cursorFields })
        .from(e)
        .where(and(where, seek))
        .orderBy(...q.orderBy)
        .limit(limit)
        .offset(offset),
    ),
    cappedTotal(ctx.db, e, where),
  ]);
  return q.toPage(
    rows.map((r) => ({ ...r.row, gridSortKey: r.gridSortKey, gridRowKey: r.gridRowKey })),
    total,
  );
}
