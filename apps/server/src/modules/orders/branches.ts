import { DomainError } from '@pp/domain';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { partners } from '../partner/tables';
import { orders } from './tables';

/** A carrier's pickup point an order can be sent to. */
export interface CarrierBranch {
  id: string;
  carrier: string;
  name: string;
  street: string;
  zip: string;
  city: string;
  country: string;
}

const branch = (country: string, carrier: string, n: number, name: string, street: string, zip: string, city: string) =>
  ({
    id: `${country}-${carrier.toUpperCase().replace(/\W/g, '')}-${n}`,
    carrier,
    name,
    street,
    zip,
    city,
    country,
  }) as const;

/**
 * The carriers' pickup points per destination country. The carriers' branch registries are the outside world:
 * this fixed list stands in for them (docs/decisions.md, "Labels, import and tools"), so that a change of
 * branch is checked against what the carrier offers, as it will be once their API is connected.
 */
export const CARRIER_BRANCHES: Record<string, readonly CarrierBranch[]> = {
  CZ: [
    branch('CZ', 'Zásilkovna', 1001, 'Praha 1, Národní', 'Národní 25', '110 00', 'Praha'),
    branch('CZ', 'Zásilkovna', 1002, 'Brno, Masarykova', 'Masarykova 10', '602 00', 'Brno'),
    branch('CZ', 'PPL', 2001, 'PPL Parcelshop Ostrava', 'Nádražní 80', '702 00', 'Ostrava'),
    branch('CZ', 'Balíkovna', 3001, 'Balíkovna Plzeň', 'Americká 40', '301 00', 'Plzeň'),
  ],
  SK: [
    branch('SK', 'Packeta', 1001, 'Bratislava, Obchodná', 'Obchodná 12', '811 06', 'Bratislava'),
    branch('SK', 'Packeta', 1002, 'Košice, Hlavná', 'Hlavná 50', '040 01', 'Košice'),
    branch('SK', 'SPS', 2001, 'SPS Žilina', 'Národná 8', '010 01', 'Žilina'),
  ],
  PL: [
    branch('PL', 'InPost', 1001, 'Paczkomat WAW01', 'Marszałkowska 100', '00-026', 'Warszawa'),
    branch('PL', 'InPost', 1002, 'Paczkomat KRA05', 'Floriańska 3', '31-019', 'Kraków'),
    branch('PL', 'DPD', 2001, 'DPD Pickup Gdańsk', 'Długa 20', '80-827', 'Gdańsk'),
  ],
  SI: [
    branch('SI', 'Pošta Slovenije', 1001, 'Paketomat Ljubljana', 'Slovenska 32', '1000', 'Ljubljana'),
    branch('SI', 'GLS', 2001, 'GLS ParcelShop Maribor', 'Partizanska 5', '2000', 'Maribor'),
  ],
  HU: [
    branch('HU', 'Foxpost', 1001, 'Foxpost Budapest Váci', 'Váci utca 10', '1052', 'Budapest'),
    branch('HU', 'GLS', 2001, 'GLS CsomagPont Debrecen', 'Piac utca 20', '4024', 'Debrecen'),
  ],
  HR: [
    branch('HR', 'Hrvatska pošta', 1001, 'Paketomat Zagreb', 'Ilica 15', '10000', 'Zagreb'),
    branch('HR', 'GLS', 2001, 'GLS Split', 'Marmontova 4', '21000', 'Split'),
  ],
};

const BRANCH_CHANGE_STATUSES = ['open', 'shipping'];

export function branchById(id: string | null | undefined): CarrierBranch | null {
  if (!id) return null;
  for (const list of Object.values(CARRIER_BRANCHES)) {
    const found = list.find((b) => b.id === id);
    if (found) return found;
  }
  return null;
}

/** The country the order travels to: its delivery country, else the partner's market. */
async function destinationCountry(db: DbOrTx, partnerId: number, deliveryCountry: string | null): Promise<string> {
  if (deliveryCountry) return deliveryCountry.toUpperCase();
  const [partner] = await db.select({ country: partners.country }).from(partners).where(eq(partners.id, partnerId));
  return partner?.country ?? '';
}

/** The pickup points an order of the caller's partner may be sent to (orderDestinationBranches). */
export async function orderDestinationBranches(ctx: RequestContext, orderId: number): Promise<CarrierBranch[]> {
  const { partnerId } = await ctx.require('orders', 'read');
  const [order] = await ctx.db
    .select({ deliveryCountry: orders.deliveryCountry })
    .from(orders)
    .where(and(eq(orders.partnerId, partnerId), eq(orders.id, orderId)));
  if (!order) throw new DomainError('ORDER_NOT_FOUND', { orderId });
  return [...(CARRIER_BRANCHES[await destinationCountry(ctx.db, partnerId, order.deliveryCountry)] ?? [])];
}

/**
 * Sends a pickup-point order to another branch of its destination. Only while it has not left the seller
 * (open, shipping): after that the parcel is on its way to the old branch.
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
    const country = await destinationCountry(tx, partnerId, order.deliveryCountry);
    const target = (CARRIER_BRANCHES[country] ?? []).find((b) => b.id === branchId);
    if (!target) throw new DomainError('BRANCH_NOT_AVAILABLE', { orderId });
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
