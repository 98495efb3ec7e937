import {
  DomainError,
  isBranchCountry,
  isShopId,
  MARKETS,
  TEST_ORDERS_PER_DAY,
  testOrderPriceIssues,
  testOrderSchema,
} from '@pp/domain';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import { emitPartnerEvent } from '../events/emit';
import type { RequestContext } from '../../platform/context';
import { rowsOf } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { partners } from '../partner/tables';
import { searchBranches } from '../deliveries/carriers/branches';
import { newOrderDates, newOrderFactsOf } from '../deliveries/warehouse/settings';
import { orderItems, orderStatusHistory, orders } from './tables';

/**
 * Test orders get ids from this number up, per partner: far above the marketplace's own ids, so a test order
 * never takes the id a real order will have (docs/decisions.md, "Labels, import and tools").
 */
export const TEST_ORDER_ID_BASE = 9_000_000_000_000;

/** Test orders and the daily count share one lock per partner: two parallel requests cannot both be the 50th. */
const TEST_ORDER_LOCK = 7_000_001;

/**
 * Creates a test order the partner can try an integration with: open, confirmed, marked as a test, with the
 * items and delivery method the partner named, in the partner's market currency. At most
 * TEST_ORDERS_PER_DAY a day (UTC) per partner, counted under a per-partner lock in the same transaction.
 */
export async function createTestOrder(ctx: RequestContext, input: unknown) {
  const { partnerId } = await ctx.require('orders', 'create');
  const parsed = testOrderSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const data = parsed.data;
  const auth = ctx.requireAuth();
  const [partner] = await ctx.db.select().from(partners).where(eq(partners.id, partnerId));
  if (!partner) throw new DomainError('NOT_FOUND');
  const market = isShopId(partner.shopId) ? MARKETS[partner.shopId] : MARKETS.CZ10MA;
  const wrongPrices = testOrderPriceIssues(data, market.wholePrices);
  if (wrongPrices.length) {
    throw new DomainError(
      'VALIDATION_ERROR',
      {},
      wrongPrices.map((i) => ({ field: `items.${i}.price`, rule: 'invalid' })),
    );
  }
  const today = new Date(new Date().toISOString().slice(0, 10));
  const country = partner.country;
  // A pickup-point test order goes to a real branch of the market (the first by name), with its carrier.
  const branch =
    data.deliveryType === 'PICKUP_POINT' && isBranchCountry(country)
      ? ((await searchBranches(ctx.db, { country, first: 1 })).nodes[0] ?? null)
      : null;
  const total = Math.round(data.items.reduce((sum, i) => sum + i.price * i.quantity, 0) * 100) / 100;
  // Dated as the intake dates a real order: ship-by by the warehouse calendar, delivery by the method's delay.
  const facts = (await newOrderFactsOf(ctx.db, [partnerId])).get(partnerId);
  if (!facts) throw new DomainError('NOT_FOUND');
  const now = new Date();
  const dates = newOrderDates(facts, {
    createdAt: now,
    deliveryType: data.deliveryType,
    transportId: branch?.carrier ?? null,
    deliveryCountry: country,
  });

  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${TEST_ORDER_LOCK}, ${partnerId})`);
    const [{ made, last }] = rowsOf<{ made: number; last: string | null }>(
      await tx.execute(sql`select
          (select count(*)::int from ${orders} where ${orders.partnerId} = ${partnerId}
             and ${orders.isTest} and ${orders.id} >= ${TEST_ORDER_ID_BASE} and ${orders.createdAt} >= ${today}) as made,
          (select max(${orders.id})::text from ${orders} where ${orders.partnerId} = ${partnerId}
             and ${orders.id} >= ${TEST_ORDER_ID_BASE}) as last`),
    ) as [{ made: number; last: string | null }];
    if (made >= TEST_ORDERS_PER_DAY) throw new DomainError('TEST_ORDER_DAILY_LIMIT', { 0: TEST_ORDERS_PER_DAY });
    const id = last ? Number(last) + 1 : TEST_ORDER_ID_BASE + 1;
    await tx.insert(orders).values({
      partnerId,
      id,
      purchaseId: `TEST-${id}`,
      status: 'open',
      confirmed: true,
      isTest: true,
      deliveryType: data.deliveryType,
      paymentType: data.paymentType,
      currency: market.currency,
      customerName: 'Test Customer',
      customerEmail: 'test.customer@example.com',
      deliveryStreet: branch ? null : 'Testovací 1',
      deliveryCity: branch ? branch.city : 'Test',
      deliveryZip: branch ? branch.zip : '00000',
      deliveryCountry: country,
      branchId: branch?.id ?? null,
      transportId: branch?.carrier ?? null,
      total,
      cod: ['A', '9'].includes(data.paymentType) ? total : 0,
      createdAt: now,
      dispatchDate: new Date(`${dates.dispatchBy}T00:00:00Z`),
      deliveryDate: new Date(`${dates.deliveryBy}T00:00:00Z`),
      updatedAt: now,
    });
    await tx.insert(orderItems).values(
      data.items.map((item, i) => ({
        partnerId,
        orderId: id,
        id: i + 1,
        articleId: `TEST-${i + 1}`,
        partnerArticleId: `TEST-${i + 1}`,
        title: item.title,
        quantity: item.quantity,
        unitPrice: item.price,
        vat: 21,
      })),
    );
    await tx.insert(orderStatusHistory).values({
      partnerId,
      orderId: id,
      status: 'open',
      at: now,
      source: 'partner',
      accountId: auth.account.id,
      adminAccountId: auth.admin?.id ?? null,
    });
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'order.test-create',
      entity: 'order',
      entityId: id,
      data: { deliveryType: data.deliveryType, paymentType: data.paymentType, items: data.items.length },
    });
    await emitPartnerEvent(tx, { partnerId, type: 'ORDER_CREATED', data: { orderId: id }, at: now.toISOString() });
    return { id, madeToday: made + 1, limit: TEST_ORDERS_PER_DAY };
  });
}
