import {
  type DeliveryAlert,
  type DeliveryCheck,
  type DeliveryCheckCounts,
  type DeliveryCheckProduct,
  deliveryAlerts,
  deliveryChecks,
} from '@pp/domain';
import { eq, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { products } from '../products/tables';
import { deliveryFilterSql, loadCheckMethods } from './checks-sql';

/**
 * The deliveries page's alerts: the partner's active methods read first, then every count in one pass over
 * its products with the same SQL the products grid filters by, so an alert's count is the number of rows its
 * link shows.
 */
export async function partnerDeliveryAlerts(ctx: RequestContext): Promise<DeliveryAlert[]> {
  const { partnerId } = await ctx.require('deliveries', 'read');
  const methods = await loadCheckMethods(ctx.db, partnerId);
  const count = (value: keyof DeliveryCheckCounts) =>
    sql<number>`(count(*) filter (where ${deliveryFilterSql(methods, value)}))::int`;
  const [row] = await ctx.db
    .select({
      UNDELIVERABLE: count('UNDELIVERABLE'),
      NO_METHOD_FOR_SMALLBOX: count('NO_METHOD_FOR_SMALLBOX'),
      NO_METHOD_FOR_BIGBOX: count('NO_METHOD_FOR_BIGBOX'),
      WEIGHT_MISSING: count('WEIGHT_MISSING'),
    })
    .from(products)
    .where(eq(products.partnerId, partnerId));
  return deliveryAlerts(methods.length, row!);
}

/** A product's delivery problems with the partner's active methods (the product detail). */
export async function productDeliveryCheck(ctx: RequestContext, product: DeliveryCheckProduct): Promise<DeliveryCheck> {
  const { partnerId } = await ctx.require('products', 'read');
  return deliveryChecks(product, await loadCheckMethods(ctx.db, partnerId));
}
