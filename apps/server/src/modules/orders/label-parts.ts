import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { products } from '../products/tables';
import { partnerAddresses, partnerContracts, partnerDeliveries, partners } from '../partner/tables';
import type { CarrierBranch } from '../deliveries/carriers/branches';
import { orderItems, type orders } from './tables';

/**
 * What a carrier needs on a label beside the order itself: who sends (the warehouse the parcel leaves from),
 * who carries it, to which pickup point, and how heavy it is. Read once per print for all its orders.
 */

/** Where the parcel leaves from, in this order of preference (spec §3 Address types). */
const SENDER_ADDRESS_TYPES = ['MAIN_WAREHOUSE', 'WAREHOUSE', 'DEFAULT'] as const;

export interface Sender {
  name: string;
  /** Street, "zip city", country code; empty when the partner has no address at all. */
  address: string[];
}

/**
 * The sender: the partner's company (the contract's name, else the shop's), at its main warehouse, else any
 * warehouse, else its default address; a partner with none of them yet is printed at its registered seat,
 * and without that only with its name and market (the label still names who sends).
 */
export async function labelSender(db: DbOrTx, partnerId: number): Promise<Sender> {
  const [partner] = await db
    .select({ name: partners.partnerName, country: partners.country, company: partnerContracts.company })
    .from(partners)
    .leftJoin(partnerContracts, eq(partnerContracts.partnerId, partners.id))
    .where(eq(partners.id, partnerId));
  const name = partner?.company || partner?.name || '';
  const addresses = await db
    .select()
    .from(partnerAddresses)
    .where(eq(partnerAddresses.partnerId, partnerId))
    .orderBy(asc(partnerAddresses.id));
  for (const type of SENDER_ADDRESS_TYPES) {
    const found = addresses.find((a) => a.types.includes(type));
    if (found) return { name, address: [found.street, `${found.zip} ${found.city}`, found.state] };
  }
  const [seat] = await db.select().from(partnerContracts).where(eq(partnerContracts.partnerId, partnerId));
  if (seat?.street && seat.city) return { name, address: [seat.street, `${seat.zip} ${seat.city}`.trim(), seat.state] };
  return { name, address: [partner?.country ?? ''].filter(Boolean) };
}

export interface Carriage {
  /** The carrier's name, or null when nothing says which carrier takes the parcel. */
  carrier: string | null;
  /** The pickup point of a pickup-point order, from the carrier's registry (null when it is not there). */
  branch: CarrierBranch | null;
}

type OrderForCarriage = Pick<typeof orders.$inferSelect, 'deliveryType' | 'branchId' | 'isMallDelivery'>;

/**
 * The partner's active delivery methods (deliveries area), the first of each kind: orders carry no carrier
 * of their own, so a home delivery goes with the partner's home-delivery carrier, and a pickup point whose
 * branch the registry does not know with the partner's pickup-point network.
 */
export async function partnerCarriers(
  db: DbOrTx,
  partnerId: number,
): Promise<{ home: string | null; pickup: string | null }> {
  const rows = await db
    .select({ title: partnerDeliveries.title, isPickupPoint: partnerDeliveries.isPickupPoint })
    .from(partnerDeliveries)
    .where(and(eq(partnerDeliveries.partnerId, partnerId), eq(partnerDeliveries.active, true)))
    .orderBy(asc(partnerDeliveries.id));
  return {
    home: rows.find((r) => !r.isPickupPoint)?.title ?? null,
    pickup: rows.find((r) => r.isPickupPoint)?.title ?? null,
  };
}

/** MALL Delivery parcels travel with the marketplace's own service, whatever the partner offers. */
export const MALL_DELIVERY_CARRIER = 'MALL Delivery';

/** `branches`: the print's pickup points by id (carrier_branches), read once for all its orders. */
export function carriageOf(
  order: OrderForCarriage,
  carriers: { home: string | null; pickup: string | null },
  branches: ReadonlyMap<string, CarrierBranch>,
): Carriage {
  if (order.isMallDelivery) return { carrier: MALL_DELIVERY_CARRIER, branch: null };
  if (order.deliveryType === 'PICKUP_POINT') {
    const branch = (order.branchId && branches.get(order.branchId)) || null;
    return { carrier: branch?.carrierTitle ?? carriers.pickup, branch };
  }
  if (order.deliveryType === 'PERSONAL_PICKUP') return { carrier: null, branch: null };
  return { carrier: carriers.home, branch: null };
}

/**
 * Each order's weight in kilograms, when every item's product (by the partner's article id) has one; an order
 * with an item of unknown weight is left out, so a label never states a weight that is too low.
 */
export async function orderWeights(db: DbOrTx, partnerId: number, orderIds: number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: orderItems.orderId,
      kg: sql<string | null>`sum(${orderItems.quantity} * ${products.weight})`,
      unknown: sql<number>`count(*) filter (where ${products.weight} is null)::int`,
    })
    .from(orderItems)
    .leftJoin(products, and(eq(products.partnerId, orderItems.partnerId), eq(products.id, orderItems.partnerArticleId)))
    .where(and(eq(orderItems.partnerId, partnerId), inArray(orderItems.orderId, orderIds)))
    .groupBy(orderItems.orderId);
  return new Map(
    rows.filter((r) => r.unknown === 0 && r.kg !== null && Number(r.kg) > 0).map((r) => [r.orderId, Number(r.kg)]),
  );
}
