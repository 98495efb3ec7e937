import { DomainError, PICKING_LIST_MAX } from '@pp/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { orderItems, orders } from './tables';

/**
 * The picking list of chosen orders (orders-stock-export/{ids}): what to take from the shelves for each,
 * in the order the seller chose them. Ids of other partners' orders name nothing and are left out.
 */
export async function ordersPickingList(ctx: RequestContext, orderIds: readonly number[]) {
  const { partnerId } = await ctx.require('orders', 'read');
  const unique = [...new Set(orderIds)];
  if (unique.length === 0 || unique.length > PICKING_LIST_MAX) {
    throw new DomainError('VALIDATION_ERROR', {}, [
      { field: 'orderIds', rule: unique.length === 0 ? 'required' : 'max', params: { 0: PICKING_LIST_MAX } },
    ]);
  }
  const [rows, items] = await Promise.all([
    ctx.db
      .select({
        id: orders.id,
        purchaseId: orders.purchaseId,
        status: orders.status,
        createdAt: orders.createdAt,
        customerName: orders.customerName,
        deliveryType: orders.deliveryType,
        branchId: orders.branchId,
        deliveryCity: orders.deliveryCity,
        parcelCount: orders.parcelCount,
      })
      .from(orders)
      .where(and(eq(orders.partnerId, partnerId), inArray(orders.id, unique))),
    ctx.db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.partnerId, partnerId), inArray(orderItems.orderId, unique)))
      .orderBy(asc(orderItems.orderId), asc(orderItems.id)),
  ]);
  const byId = new Map(rows.map((r) => [r.id, { ...r, items: [] as (typeof items)[number][] }]));
  for (const item of items) byId.get(item.orderId)?.items.push(item);
  return unique.flatMap((id) => {
    const order = byId.get(id);
    return order ? [order] : [];
  });
}

export type PickingListOrder = Awaited<ReturnType<typeof ordersPickingList>>[number];
