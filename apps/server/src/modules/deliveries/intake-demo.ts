import {
  carriersOf,
  DEMO_ORDERS_PER_MINUTE_MAX,
  type IntakeOrderInput,
  isShopId,
  MARKETS,
  type ShopId,
} from '@pp/domain';
import { inArray, sql } from 'drizzle-orm';
import type { Platform } from '../../platform/context';
import { rowsOf } from '../../platform/db/client';
import { MARKET_CONTENT, PAYMENT_WEIGHTS } from '../../seed/order-markets';
import { partners } from '../partner/tables';
import { type IntakeAnswer, takeMarketplaceOrder } from './intake';
import { demoOrderIds } from './tables';

/** The demo shops that have an order book (seed/demo.ts): the Czech, Slovak, Polish and Croatian shops. */
export const DEMO_SHOP_SAP_IDS = ['100001', '100002', '100003', '100004'] as const;

function weighted<T>(random: () => number, options: readonly (readonly [T, number])[]): T {
  const total = options.reduce((sum, [, w]) => sum + w, 0);
  let roll = random() * total;
  for (const [value, weight] of options) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return options[options.length - 1]![0];
}

/**
 * A plausible order of a market as the marketplace would send it: a customer of the market's names and
 * places, one to three of its goods at its VAT, a carrier of the market delivering to the address, and a
 * payment type as often as customers choose it. The demo generator and the intake bench send these.
 */
export function demoOrderInput(
  partner: { id: number; shopId: ShopId },
  orderId: number,
  random: () => number = Math.random,
): IntakeOrderInput {
  const content = MARKET_CONTENT[partner.shopId];
  const market = MARKETS[partner.shopId];
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const female = random() < 0.55;
  const first = pick(female ? content.femaleFirst : content.maleFirst);
  const last = pick(female ? content.femaleLast : content.maleLast);
  const [city, zip, street] = pick(content.places);
  const carrier = carriersOf(partner.shopId).find((c) => !c.isPickupPoint) ?? carriersOf(partner.shopId)[0];
  const paymentType = weighted(random, PAYMENT_WEIGHTS);
  const lines = 1 + Math.floor(random() * 3);
  const items = Array.from({ length: lines }, (_, i) => {
    const [title, price] = pick(content.goods);
    return {
      id: i + 1,
      articleId: `MP-${orderId}-${i + 1}`,
      title,
      quantity: random() < 0.85 ? 1 : 2,
      unitPrice: content.wholePrices ? Math.round(price) : price,
      vat: content.vat,
    };
  });
  const cashOnDelivery = paymentType === 'A' || paymentType === '9';
  return {
    orderId,
    partnerId: partner.id,
    purchaseId: `P${orderId}`,
    paymentType,
    currency: market.currency,
    // Most orders arrive paid or on cash on delivery; a few wait for a bank transfer.
    confirmed: paymentType !== 'B' || random() < 0.5,
    customer: {
      name: content.familyNameFirst ? `${last} ${first}` : `${first} ${last}`,
      email: `${first}.${last}@${pick(content.mailDomains)}`
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        // Letters NFD does not take apart (ł, đ) have no place in an address either.
        .replace(/[^a-z0-9.@-]/g, ''),
      phone: `${content.phonePrefix}${String(600_000_000 + Math.floor(random() * 99_999_999))}`,
    },
    address: { street, city, zip, country: content.country },
    transport: { deliveryType: 'ADDRESS', transportId: carrier?.code ?? null },
    prices: { delivery: content.deliveryPrice.address, codFee: cashOnDelivery ? content.codFee : 0 },
    items,
  };
}

/**
 * One tick of the demo generator (every minute while DEMO_ORDERS is on): each demo shop gets an order with
 * some chance, so a few arrive a minute in all, never more than DEMO_ORDERS_PER_MINUTE_MAX. They come through
 * the intake itself (`takeMarketplaceOrder`, channel demo): history, audit, events and notifications as any.
 */
export async function generateDemoOrders(platform: Platform, random: () => number = Math.random) {
  if (!platform.config.marketplace.demoOrders) return [] as IntakeAnswer[];
  const db = platform.database.db;
  const shops = await db
    .select({ id: partners.id, shopId: partners.shopId })
    .from(partners)
    .where(inArray(partners.sapId, [...DEMO_SHOP_SAP_IDS]));
  const inputs: IntakeOrderInput[] = [];
  for (const shop of shops) {
    if (inputs.length >= DEMO_ORDERS_PER_MINUTE_MAX || !isShopId(shop.shopId) || random() >= 0.5) continue;
    const [{ id }] = rowsOf<{ id: string }>(await db.execute(sql`select nextval(${demoOrderIds.seqName}) as id`)) as [
      { id: string },
    ];
    inputs.push(demoOrderInput({ id: shop.id, shopId: shop.shopId }, Number(id), random));
  }
  // Handed in together, they are written in one batch of the intake.
  return Promise.all(inputs.map((input) => takeMarketplaceOrder(platform, input, { channel: 'demo' })));
}
