import { ORDER_STATUSES, type OrderStatus } from '@pp/domain';
import { and, eq, gte, not, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { orders } from './tables';

/**
 * How many of the partner's orders created in the last `days` days are in each status now, test orders aside
 * (the partner API's `/orders/stats?days=`). One pass over the (partner, status, created) index of real orders.
 */
export async function orderStatusStats(ctx: RequestContext, days: number): Promise<Record<OrderStatus, number>> {
  const { partnerId } = await ctx.require('orders', 'read');
  const since = new Date(Date.now() - days * 86_400_000);
  const rows = await ctx.db
    .select({ status: orders.status, n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.partnerId, partnerId), not(orders.isTest), gte(orders.createdAt, since)))
    .groupBy(orders.status);
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  for (const row of rows) if (row.status in counts) counts[row.status as OrderStatus] = row.n;
  return counts;
}
