import { availableShopIds, checklistProgress, COCKPIT_ONBOARDING_STATUSES, type GridPage } from '@pp/domain';
import { and, inArray, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { rowsOf } from '../../platform/db/client';
import { accentInsensitive, buildGridQuery, cappedTotal, type GridColumn } from '../../platform/grid';
import { loadChecklists } from '../onboarding/checklist';
import { livePartner, partners } from '../partner/tables';
import { dayFilter } from './service';

export interface OnboardingLastMove {
  at: Date;
  fromStatus: string;
  toStatus: string;
  byOperator: boolean;
  /** Who moved it: the account's name (an operator, or the partner's own account); null once deleted. */
  by: string | null;
}

export interface OnboardingQueueRow {
  id: number;
  partnerName: string;
  shopId: string;
  workflowStatus: string;
  created: Date;
  lastMove: OnboardingLastMove | null;
  checklistDone: number;
  checklistTotal: number;
}

const lastMoveAt = sql`(select max(h.created) from workflow_history h where h.partner_id = ${partners.id})`;
const cancelled = sql`(${partners.workflowStatus} = 'ONBOARDING_CANCELLED')`;

function columns(shopIds: readonly string[]): GridColumn[] {
  return [
    { field: 'partnerName', sql: partners.partnerName, filterType: 'TEXT', sortable: true, foldAccents: true },
    { field: 'shopId', sql: partners.shopId, filterType: 'ENUMS', options: shopIds, sortable: true },
    {
      field: 'workflowStatus',
      sql: partners.workflowStatus,
      filterType: 'ENUMS',
      options: COCKPIT_ONBOARDING_STATUSES,
      sortable: true,
    },
    // The queue's two tabs: partners still on their way, and those whose onboarding was cancelled.
    { field: 'cancelled', sql: cancelled, filterType: 'BOOLEAN', notNull: true },
    {
      field: 'created',
      sql: partners.created,
      filterType: 'DATE',
      sortable: true,
      filterSql: (filter) => dayFilter(sql`(${partners.created} at time zone 'UTC')::date`, filter),
    },
    {
      field: 'lastMoveAt',
      sql: lastMoveAt,
      filterType: 'DATE',
      sortable: true,
      filterSql: (filter) => dayFilter(sql`(${lastMoveAt} at time zone 'UTC')::date`, filter),
    },
  ];
}

/**
 * The operators' onboarding queue: partners in an onboarding status or cancelled, each with its last move
 * and how much of the onboarding checklist it has done. The page's extras are read for the page's rows only:
 * one statement for the last moves, one for the checklists (the onboarding module's own reader).
 */
export async function cockpitOnboardingQueue(
  ctx: RequestContext,
  grid: unknown,
): Promise<GridPage<OnboardingQueueRow>> {
  ctx.requireOperator('onboarding', 'read');
  const shopIds = availableShopIds(await ctx.flags());
  const q = buildGridQuery(grid, columns(shopIds), {
    idColumn: partners.id,
    defaultSort: { field: 'created', direction: 'DESCENDING' },
    searchColumns: [accentInsensitive(partners.partnerName), partners.sapId, accentInsensitive(partners.mallName)],
  });
  const where = and(
    livePartner,
    inArray(partners.shopId, shopIds),
    inArray(partners.workflowStatus, [...COCKPIT_ONBOARDING_STATUSES]),
    q.where,
  );
  const [rows, total] = await Promise.all([
    q.readRows((seek, limit, offset) =>
      ctx.db
        .select({
          id: partners.id,
          partnerName: partners.partnerName,
          shopId: partners.shopId,
          workflowStatus: partners.workflowStatus,
          created: partners.created,
          ...q.cursorFields,
        })
        .from(partners)
        .where(and(where, seek))
        .orderBy(...q.orderBy)
        .limit(limit)
        .offset(offset),
    ),
    cappedTotal(ctx.db, partners, where),
  ]);
  const ids = rows.map((r) => r.id);
  const [moves, checklists] = await Promise.all([lastMoves(ctx, ids), loadChecklists(ctx.db, ids)]);
  return q.toPage(
    rows.map((r) => {
      const checklist = checklists.get(r.id);
      const progress = checklist ? checklistProgress(checklist) : { done: 0, total: 0 };
      return {
        ...r,
        lastMove: moves.get(r.id) ?? null,
        checklistDone: progress.done,
        checklistTotal: progress.total,
      };
    }),
    total,
  );
}

/** The newest move of each partner of the page, with who made it (one statement). */
async function lastMoves(ctx: RequestContext, partnerIds: number[]): Promise<Map<number, OnboardingLastMove>> {
  if (partnerIds.length === 0) return new Map();
  const result = await ctx.db.execute(sql`
    select distinct on (h.partner_id) h.partner_id, h.created, h.from_status, h.to_status, h.by_operator,
      nullif(btrim(concat_ws(' ', a.first_name, a.last_name)), '') as name, a.email
    from workflow_history h
    left join accounts a on a.id = h.account_id
    where h.partner_id = any(${sql.param(partnerIds)}::int[])
    order by h.partner_id, h.id desc`);
  type Row = {
    partner_id: number;
    created: string | Date;
    from_status: string;
    to_status: string;
    by_operator: boolean;
    name: string | null;
    email: string | null;
  };
  return new Map(
    rowsOf<Row>(result).map((r) => [
      Number(r.partner_id),
      {
        at: new Date(r.created),
        fromStatus: r.from_status,
        toStatus: r.to_status,
        byOperator: r.by_operator,
        by: r.name ?? r.email,
      },
    ]),
  );
}
