import { DomainError, type GridPage, NOTIFICATION_EVENT_TYPES } from '@pp/domain';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import { buildGridQuery, cappedTotal, type GridColumn } from '../../platform/grid';
import { notificationReads, partnerNotifications } from './tables';

export interface NotificationRow {
  id: number;
  eventType: string;
  params: Record<string, string | number>;
  created: Date;
  read: boolean;
}

/** The badge says "99+" past this: counting further costs reads and tells nobody anything. */
export const UNREAD_COUNT_CAP = 99;
/** One call marks at most a page's worth of chosen rows; "all" has no such bound. */
const MARK_IDS_MAX = 200;

function readBy(accountId: number): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${notificationReads} where ${notificationReads.notificationId} = ${partnerNotifications.id} and ${notificationReads.accountId} = ${accountId})`;
}

function columns(accountId: number): GridColumn[] {
  return [
    { field: 'id', sql: partnerNotifications.id, filterType: 'NUMBER', number: 'int8', sortable: true },
    { field: 'eventType', sql: partnerNotifications.eventType, filterType: 'ENUMS', options: NOTIFICATION_EVENT_TYPES },
    { field: 'created', sql: partnerNotifications.created, filterType: 'DATETIME', sortable: true },
    { field: 'read', sql: readBy(accountId), filterType: 'BOOLEAN', notNull: true },
  ];
}

/**
 * What happened to the selected partner, newest first, with whether this account has read each. Any member
 * of the partner sees the list (the contract: a signed-in account of the partner); reads are per account.
 */
export async function partnerNotificationList(ctx: RequestContext, grid: unknown): Promise<GridPage<NotificationRow>> {
  const { partnerId } = await ctx.requirePartner();
  const accountId = ctx.requireAuth().account.id;
  const q = buildGridQuery(grid, columns(accountId), {
    idColumn: partnerNotifications.id,
    defaultSort: { field: 'id', direction: 'DESCENDING' },
  });
  const where = and(eq(partnerNotifications.partnerId, partnerId), q.where);
  const [rows, total] = await Promise.all([
    q.readRows((seek, limit, offset) =>
      ctx.db
        .select({
          id: partnerNotifications.id,
          eventType: partnerNotifications.eventType,
          params: partnerNotifications.params,
          created: partnerNotifications.created,
          read: readBy(accountId),
          ...q.cursorFields,
        })
        .from(partnerNotifications)
        .where(and(where, seek))
        .orderBy(...q.orderBy)
        .limit(limit)
        .offset(offset),
    ),
    cappedTotal(ctx.db, partnerNotifications, where),
  ]);
  return q.toPage(rows, total);
}

/** How many of the partner's notifications this account has not read, up to the cap. */
export async function unreadNotificationCount(ctx: RequestContext): Promise<number> {
  const { partnerId } = await ctx.requirePartner();
  const accountId = ctx.requireAuth().account.id;
  const { total } = await cappedTotal(
    ctx.db,
    partnerNotifications,
    and(eq(partnerNotifications.partnerId, partnerId), sql`not ${readBy(accountId)}`),
    UNREAD_COUNT_CAP,
  );
  return total;
}

/**
 * Marks the chosen notifications (or all of the partner's) read for this account. Ids of another partner
 * are ignored like unknown ones: the answer counts only what was newly marked.
 */
export async function markNotificationsRead(
  ctx: RequestContext,
  input: { ids?: readonly (string | number)[] | null; all?: boolean | null },
): Promise<number> {
  const { partnerId } = await ctx.requirePartner();
  const accountId = ctx.requireAuth().account.id;
  const all = input.all === true;
  const ids = [...new Set((input.ids ?? []).map((id) => String(id)))];
  if (!all && ids.length === 0) return 0;
  if (ids.length > MARK_IDS_MAX || ids.some((id) => !/^[1-9]\d{0,15}$/.test(id))) {
    throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'ids', rule: 'invalid' }]);
  }
  return ctx.db.transaction(async (tx) => {
    const chosen = and(
      eq(partnerNotifications.partnerId, partnerId),
      all ? undefined : inArray(partnerNotifications.id, ids.map(Number)),
      sql`not ${readBy(accountId)}`,
    );
    const marked = await tx
      .insert(notificationReads)
      .select(
        tx
          .select({
            notificationId: partnerNotifications.id,
            accountId: sql<number>`${accountId}::int`.as('account_id'),
            readAt: sql<Date>`now()`.as('read_at'),
          })
          .from(partnerNotifications)
          .where(chosen),
      )
      .onConflictDoNothing()
      .returning({ id: notificationReads.notificationId });
    if (marked.length > 0) {
      await recordAudit(tx, ctx.actor(partnerId), {
        action: 'notifications.read',
        entity: 'partner_notification',
        data: { count: marked.length, all },
      });
    }
    return marked.length;
  });
}
