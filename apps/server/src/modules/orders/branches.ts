import { DomainError } from '@pp/domain';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import {
  type BranchPage,
  branchById,
  type CarrierBranch,
  hasBranchNetwork,
  searchBranches,
} from '../deliveries/carriers/branches';
import { partners } from '../partner/tables';
import { orders } from './tables';

export type { CarrierBranch };

const BRANCH_CHANGE_STATUSES = ['open', 'shipping'];

type OrderForBranches = Pick<typeof orders.$inferSelect, 'deliveryCountry' | 'transportId' | 'branchId'>;

/**
 * Where a pickup-point order may go: its destination country (its delivery country, else the partner's
 * market) and the carrier whose network carries it — the order's transport when that carrier has branches
 * there, else the carrier of its present branch; null when neither says (any network of the country).
 */
async function destinationOf(
  db: DbOrTx,
  partnerId: number,
  order: OrderForBranches,
): Promise<{ country: string; carrier: string | null }> {
  let country = order.deliveryCountry?.toUpperCase() ?? '';
  if (!country) {
    const [partner] = await db.select({ country: partners.country }).from(partners).where(eq(partners.id, partnerId));
    country = partner?.country ?? '';
  }
  if (order.transportId && (await hasBranchNetwork(db, country, order.transportId))) {
    return { country, carrier: order.transportId };
  }
  const present = await branchById(db, order.branchId);
  return { country, carrier: present && present.country === country ? present.carrier : null };
}

/**
 * The pickup points an order of the caller's partner may be sent to (the spec's "destination branches"):
 * active branches of its destination, searched by name, city, zip or street, a page at a time.
 */
export async function orderDestinationBranches(
  ctx: RequestContext,
  orderId: number,
  query: { search?: string | null; first?: number | null; after?: string | null } = {},
): Promise<BranchPage> {
  const { partnerId } = await ctx.require('orders', 'read');
  const [order] = await ctx.db
    .select({ deliveryCountry: orders.deliveryCountry, transportId: orders.transportId, branchId: orders.branchId })
    .from(orders)
    .where(and(eq(orders.partnerId, partnerId), eq(orders.id, orderId)));
  if (!order) throw new DomainError('ORDER_NOT_FOUND', { orderId });
  const { country, carrier } = await destinationOf(ctx.db, partnerId, order);
  if (!country) return { nodes: [], nextCursor: null };
  return searchBranches(ctx.db, { country, carrier, ...query });
}

/**
 * Sends a pickup-point order to another branch of its destination. Only while it has not left the seller
 * (open, shipping): after that the parcel is on its way to the old branch. The branch must exist, be active
 * and belong to the order's destination country and carrier.
 */
export async function changeOrderBranch(ctx: RequestContext, orderId: number, branchId: string) {
  const { partnerId } = await ctx.require('orders', 'update');
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.partnerId, partnerId), eq(orders.id, orderId)))
      .for('update');
    if (!order) throw new DomainError('ORDER_NOT_FOUND', { orderId });
    if (order.deliveryType !== 'PICKUP_POINT') throw new DomainError('BRANCH_CHANGE_ONLY_PICKUP_POINT', { orderId });
    if (!BRANCH_CHANGE_STATUSES.includes(order.status)) {
      throw new DomainError('INVALID_STATUS_FOR_BRANCH_CHANGE', { orderId });
    }
    const { country, carrier } = await destinationOf(tx, partnerId, order);
    const target = await branchById(tx, branchId);
    if (!target || !target.active || target.country !== country || (carrier && target.carrier !== carrier)) {
      throw new DomainError('BRANCH_NOT_AVAILABLE', { orderId });
    }
    await tx
      .update(orders)
      .set({ branchId: target.id, updatedAt: new Date() })
      .where(and(eq(orders.partnerId, partnerId), eq(orders.id, orderId)));
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'order.branch',
      entity: 'order',
      entityId: orderId,
      data: { from: order.branchId, to: target.id },
    });
    return { orderId, branchId: target.id, branch: target };
  });
}
