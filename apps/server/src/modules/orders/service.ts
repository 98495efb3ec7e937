import {
  BULK_STATUS_MAX,
  bulkStatusOutcome,
  DomainError,
  type ErrorCode,
  ordersShipSchema,
  type StatusChange,
  statusChangeSchema,
} from '@pp/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { accounts } from '../account/tables';
import type { Actor } from '../../platform/audit/service';
import type { Platform, RequestContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { errorPayload, validationError } from '../../platform/errors';
import { applyStatusChanges, type OrderChange, type OrderChangeResult, refusalError } from './bulk';
import { orderItems, orderShipmentHistory, orderStatusHistory, orders } from './tables';

export { ORDER_STATUS_CHANGED_JOB } from './bulk';

/** The change as the status dialog sends it, checked by the domain schema (VALIDATION_ERROR otherwise). */
export function parseStatusChange(input: unknown): StatusChange {
  const parsed = statusChangeSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** Where a status change came from, kept in the history (the CSV import's rows are `import`, the REST API's `api`). */
export type StatusChangeSource = 'partner' | 'import' | 'api' | 'marketplace';

/**
 * Who makes a change and where it goes: a request's caller, or a job working for the account that asked
 * (the CSV import of a long file). Both write the same history, audit and event.
 */
export interface ChangeAuthor {
  db: Db;
  platform: Platform;
  log: FastifyBaseLogger;
  actor: Actor;
}

export function changeAuthorOf(ctx: RequestContext, partnerId: number): ChangeAuthor {
  return { db: ctx.db, platform: ctx.platform, log: ctx.log, actor: ctx.actor(partnerId) };
}

/**
 * Applies one checked change to one order of the author's partner, in its own transaction: a bulk change of
 * one (bulk.ts judges and writes every partner status change: dialog, bulk change, shipment, CSV import).
 */
export async function applyOrderStatusChange(
  author: ChangeAuthor,
  partnerId: number,
  orderId: number,
  change: StatusChange,
  options: { source?: StatusChangeSource; announce?: boolean } = {},
) {
  const [result] = await applyStatusChanges(author, partnerId, [{ orderId, change }], options);
  if (!result?.ok) throw refusalError(result ?? { orderId, ok: false, code: 'ORDER_NOT_FOUND' });
  return { from: result.from, to: result.to };
}

/** Changes the status of one order (the status dialog, the partner API, the CSV import's rows). */
export async function changeOrderStatus(
  ctx: RequestContext,
  orderId: number,
  input: unknown,
  options: { source?: StatusChangeSource } = {},
) {
  const access = await ctx.require('orders', 'update');
  const change = parseStatusChange(input);
  await applyOrderStatusChange(changeAuthorOf(ctx, access.partnerId), access.partnerId, orderId, change, options);
  return orderDetail(ctx, orderId);
}

export interface BulkStatusResult {
  outcome: ReturnType<typeof bulkStatusOutcome>;
  results: { orderId: number; ok: boolean; code: ErrorCode | null; message: string | null }[];
}

function bulkAnswer(ctx: RequestContext, results: readonly OrderChangeResult[]): BulkStatusResult {
  const answered = results.map((r) =>
    r.ok
      ? { orderId: r.orderId, ok: true, code: null, message: null }
      : { orderId: r.orderId, ok: false, code: r.code, message: errorPayload(refusalError(r), ctx.lang).message },
  );
  return { outcome: bulkStatusOutcome(answered), results: answered };
}

/**
 * Changes many orders with the same rules as one: each order is applied whole or not at all, and the answer
 * says for each whether it changed and, if not, why (the spec's statusesUpdate / WithErr / Err).
 */
export async function changeOrderStatuses(
  ctx: RequestContext,
  orderIds: readonly number[],
  input: unknown,
): Promise<BulkStatusResult> {
  const access = await ctx.require('orders', 'update');
  const change = parseStatusChange(input);
  const unique = [...new Set(orderIds)];
  if (unique.length === 0 || unique.length > BULK_STATUS_MAX) {
    throw new DomainError('VALIDATION_ERROR', {}, [
      { field: 'orderIds', rule: unique.length === 0 ? 'required' : 'max', params: { 0: BULK_STATUS_MAX } },
    ]);
  }
  const changes: OrderChange[] = unique.map((orderId) => ({ orderId, change }));
  return bulkAnswer(ctx, await applyStatusChanges(changeAuthorOf(ctx, access.partnerId), access.partnerId, changes));
}

/**
 * Ships many orders, each with its own tracking number and link (the grid's bulk shipment), by the rules of
 * the single change to shipped; the answer is per order, as for a bulk status change.
 */
export async function shipOrders(ctx: RequestContext, input: unknown): Promise<BulkStatusResult> {
  const access = await ctx.require('orders', 'update');
  const parsed = ordersShipSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const changes: OrderChange[] = parsed.data.items.map((item) => ({
    orderId: item.orderId,
    change: { status: 'shipped', trackingNumber: item.trackingNumber, trackingUrl: item.trackingUrl },
  }));
  return bulkAnswer(ctx, await applyStatusChanges(changeAuthorOf(ctx, access.partnerId), access.partnerId, changes));
}

/** One order of the caller's partner with its items and both histories, or ORDER_NOT_FOUND. */
export async function orderDetail(ctx: RequestContext, orderId: number) {
  const { partnerId } = await ctx.require('orders', 'read');
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.partnerId, partnerId), eq(orders.id, orderId)));
  if (!order) throw new DomainError('ORDER_NOT_FOUND', { orderId });
  const scope = (table: typeof orderItems | typeof orderStatusHistory | typeof orderShipmentHistory) =>
    and(eq(table.partnerId, partnerId), eq(table.orderId, orderId));
  const [items, statusHistory, shipmentHistory] = await Promise.all([
    ctx.db.select().from(orderItems).where(scope(orderItems)).orderBy(asc(orderItems.id)),
    ctx.db
      .select({
        entry: orderStatusHistory,
        // The partner's own people are named; an operator acting for the partner is shown as the marketplace.
        accountName: sql<string | null>`case when ${orderStatusHistory.adminAccountId} is null
          then coalesce(nullif(trim(${accounts.firstName} || ' ' || ${accounts.lastName}), ''), ${accounts.email}) end`,
      })
      .from(orderStatusHistory)
      .leftJoin(accounts, eq(accounts.id, orderStatusHistory.accountId))
      .where(scope(orderStatusHistory))
      .orderBy(asc(orderStatusHistory.id))
      .then((rows) => rows.map((r) => ({ ...r.entry, accountName: r.accountName }))),
    ctx.db.select().from(orderShipmentHistory).where(scope(orderShipmentHistory)).orderBy(asc(orderShipmentHistory.id)),
  ]);
  return { ...order, items, statusHistory, shipmentHistory };
}

export type OrderDetail = Awaited<ReturnType<typeof orderDetail>>;
