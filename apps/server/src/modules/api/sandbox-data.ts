import { carriersOf, MARKETS, type ShopId } from '@pp/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { MARKET_CONTENT } from '../../seed/order-markets';
import { categories } from '../catalog/tables';
import { orderItems, orderStatusHistory, orders } from '../orders/tables';
import { partnerDeliveries } from '../partner/tables';
import { products } from '../products/tables';

/**
 * The test data a sandbox starts with (issue 20, point 7): a few products of the partner's market in its
 * shop's categories, the live partner's delivery methods (so the codes an integration knows work here too),
 * and a few orders of those products in every state an integration handles first — two open orders waiting for
 * the marketplace's confirmation, an open confirmed one, a shipped and a delivered one. Deterministic: the
 * same sandbox always starts with the same data, and regenerating gives it again.
 */

export const SANDBOX_PRODUCT_COUNT = 5;

/**
 * Sandbox orders get ids of their own range, per sandbox: below the portal's test orders
 * (TEST_ORDER_ID_BASE, 9e12) and far above the marketplace's ids, so a sandbox order never shares an id with
 * an order the marketplace sends (the intake's order ids are unique across partners).
 */
export const SANDBOX_ORDER_ID_BASE = 8_000_000_000_000;
const ORDERS_PER_SANDBOX_RANGE = 1_000;

export function sandboxOrderId(sandboxPartnerId: number, n: number): number {
  return SANDBOX_ORDER_ID_BASE + sandboxPartnerId * ORDERS_PER_SANDBOX_RANGE + n;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A small deterministic sequence, so a sandbox's data is the same every time it is generated. */
function sequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

interface PlannedOrder {
  status: 'open' | 'shipped' | 'delivered';
  confirmed: boolean;
  ageHours: number;
}

/** Two unconfirmed open orders first: confirming an order is what most integrations try first. */
const PLAN: readonly PlannedOrder[] = [
  { status: 'open', confirmed: false, ageHours: 1 },
  { status: 'open', confirmed: false, ageHours: 3 },
  { status: 'open', confirmed: true, ageHours: 26 },
  { status: 'shipped', confirmed: true, ageHours: 50 },
  { status: 'delivered', confirmed: true, ageHours: 6 * 24 },
];

const dateOnly = (ms: number) => new Date(new Date(ms).toISOString().slice(0, 10));

/** Writes the sandbox's starting data; the sandbox must hold none of it yet (a new or emptied sandbox). */
export async function generateSandboxData(
  tx: DbOrTx,
  sandbox: { id: number; shopId: ShopId; livePartnerId: number },
  now: Date = new Date(),
): Promise<void> {
  const content = MARKET_CONTENT[sandbox.shopId];
  await copyDeliveries(tx, sandbox, content.deliveryPrice.address);

  // Leaves of the shop's tree that take products and need no parameter for listing.
  const leaves = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        eq(categories.shopId, sandbox.shopId),
        eq(categories.visible, true),
        eq(categories.locked, false),
        sql`not exists (select 1 from ${categories} c where c.parent_id = ${categories.id})`,
        sql`not exists (select 1 from category_parameters p where p.category_id = ${categories.id}
          and p.mandatory_for_listing)`,
      ),
    )
    .orderBy(asc(categories.id))
    .limit(SANDBOX_PRODUCT_COUNT);
  const goods = content.goods.slice(0, SANDBOX_PRODUCT_COUNT);
  const made = goods.map(([title, price], i) => ({
    partnerId: sandbox.id,
    id: `SANDBOX-${i + 1}`,
    title,
    productType: title,
    shortDesc: title,
    categoryId: leaves.length ? leaves[i % leaves.length]!.id : null,
    price,
    vat: content.vat,
    inStock: 10 + i * 5,
    deliveryDelay: 1,
    packageSize: 'smallbox',
    weight: 1 + i,
    width: 20,
    length: 30,
    height: 10,
    status: 'ACTIVE',
    stage: 'LIVE',
    createdAt: new Date(now.getTime() - 30 * DAY),
    updatedAt: new Date(now.getTime() - 30 * DAY),
  }));
  if (made.length) await tx.insert(products).values(made);

  const random = sequence(7_000 + sandbox.id);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const tracking = content.addressCarrier;
  const carrier = carriersOf(sandbox.shopId).find((c) => !c.isPickupPoint) ?? null;
  for (const [index, plan] of PLAN.entries()) {
    const n = index + 1;
    const id = sandboxOrderId(sandbox.id, n);
    const created = now.getTime() - plan.ageHours * HOUR;
    const lines = made.slice(index % made.length, (index % made.length) + 1 + (index % 2));
    const items = lines.map((p, i) => ({
      partnerId: sandbox.id,
      orderId: id,
      id: i + 1,
      articleId: `MP-${id}-${i + 1}`,
      partnerArticleId: p.id,
      title: p.title,
      quantity: 1,
      unitPrice: p.price,
      vat: content.vat,
    }));
    const female = random() < 0.5;
    const first = pick(female ? content.femaleFirst : content.maleFirst);
    const last = pick(female ? content.femaleLast : content.maleLast);
    const [city, zip, street] = pick(content.places);
    // Every other order is cash on delivery ('A'), the others paid by card ('C').
    const cashOnDelivery = index % 2 === 0;
    const delivery = content.deliveryPrice.address;
    const codFee = cashOnDelivery ? content.codFee : 0;
    const itemsTotal = items.reduce((sum, i) => sum + Math.round(i.unitPrice * 100), 0);
    const total = (itemsTotal + Math.round(delivery * 100) + Math.round(codFee * 100)) / 100;
    const shippedAt = plan.status === 'open' ? null : new Date(created + 20 * HOUR);
    const deliveredAt = plan.status === 'delivered' ? new Date(created + 3 * DAY) : null;
    await tx.insert(orders).values({
      partnerId: sandbox.id,
      id,
      purchaseId: `SANDBOX-${id}`,
      status: plan.status,
      confirmed: plan.confirmed,
      deliveryType: 'ADDRESS',
      paymentType: cashOnDelivery ? 'A' : 'C',
      currency: MARKETS[sandbox.shopId].currency,
      trackingNumber:
        plan.status === 'open'
          ? null
          : `${tracking.prefix}${String(id).slice(-tracking.digits).padStart(tracking.digits, '0')}`,
      customerName: content.familyNameFirst ? `${last} ${first}` : `${first} ${last}`,
      customerEmail: `sandbox-${n}@example.com`,
      customerPhone: `${content.phonePrefix}${String(600_000_000 + n)}`,
      deliveryStreet: `${street} ${n}`,
      deliveryCity: city,
      deliveryZip: zip,
      deliveryCountry: content.country,
      transportId: carrier?.code ?? null,
      total,
      cod: cashOnDelivery ? total : 0,
      deliveryPrice: delivery,
      codFee,
      createdAt: new Date(created),
      dispatchDate: dateOnly(created + DAY),
      deliveryDate: dateOnly(created + 3 * DAY),
      shippedAt,
      deliveredAt,
      updatedAt: new Date(deliveredAt?.getTime() ?? shippedAt?.getTime() ?? created),
    });
    await tx.insert(orderItems).values(items);
    const history: { status: string; at: Date }[] = [{ status: 'open', at: new Date(created) }];
    if (shippedAt) history.push({ status: 'shipped', at: shippedAt });
    if (deliveredAt) history.push({ status: 'delivered', at: deliveredAt });
    await tx
      .insert(orderStatusHistory)
      .values(
        history.map((h) => ({ partnerId: sandbox.id, orderId: id, status: h.status, at: h.at, source: 'marketplace' })),
      );
  }
}

/** The live partner's delivery methods under the same codes; a partner without any gets one of its market. */
async function copyDeliveries(
  tx: DbOrTx,
  sandbox: { id: number; shopId: ShopId; livePartnerId: number },
  price: number,
): Promise<void> {
  const live = await tx
    .select()
    .from(partnerDeliveries)
    .where(eq(partnerDeliveries.partnerId, sandbox.livePartnerId))
    .orderBy(asc(partnerDeliveries.id));
  if (live.length) {
    await tx
      .insert(partnerDeliveries)
      .values(live.map(({ id: _id, created: _c, updated: _u, ...method }) => ({ ...method, partnerId: sandbox.id })));
    return;
  }
  const carrier = carriersOf(sandbox.shopId).find((c) => !c.isPickupPoint) ?? carriersOf(sandbox.shopId)[0];
  if (!carrier) return;
  await tx.insert(partnerDeliveries).values({
    partnerId: sandbox.id,
    code: 'sandbox-home',
    title: carrier.title,
    transport: carrier.code,
    price,
    packageSize: 'SMALLBOX',
  });
}
