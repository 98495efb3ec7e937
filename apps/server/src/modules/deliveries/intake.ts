import {
  type CalendarCountry,
  DomainError,
  type IntakeOrder,
  intakeOrderIssues,
  intakeOrderSchema,
  intakeShapeRefusal,
  intakeTotals,
  isShopId,
  type ShopId,
} from '@pp/domain';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../platform/audit/service';
import { recordAudit } from '../../platform/audit/service';
import type { Platform } from '../../platform/context';
import type { DbOrTx, Tx } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { publishInTransaction } from '../../platform/stream/hub';
import { orderItems, orderStatusHistory, orders } from '../orders/tables';
import { partners } from '../partner/tables';
import { marketplaceOrderIntake } from './tables';
import { orderDatesFor } from './warehouse/settings';

/** Queued in the intake's transaction; its job emits ORDER_CREATED (webhooks, notifications) once. */
export const ORDER_CREATED_JOB = 'order.created';

/** How an order reached the intake: posted by the shop, pulled from the feed, or made by the demo generator. */
export type IntakeChannel = 'push' | 'feed' | 'demo';

export interface IntakeAnswer {
  orderId: number;
  partnerId: number;
  /** False when the marketplace had handed this order in before: nothing was written this time. */
  created: boolean;
}

/** The marketplace acting: no account, the partner the order belongs to, the request that carried it. */
export function marketplaceActor(partnerId: number, requestId: string | null): Actor {
  return { accountId: null, adminAccountId: null, partnerId, requestId };
}

/**
 * The order's expected delivery date (the missing-status rule counts from it). Kept in this one function so the
 * rule of the dates has one door: the warehouse calendar's `expectedOrderDates` with the partner's settings.
 * A carrier's own delay is not on the order; one working day from dispatch is the marketplace's promise.
 */
async function expectedDeliveryDate(db: DbOrTx, partnerId: number, order: IntakeOrder, createdAt: Date) {
  const country = order.address.country as CalendarCountry | null;
  const known = ['CZ', 'SK', 'PL', 'SI', 'HU', 'HR'];
  const dates = await orderDatesFor(db, partnerId, {
    createdAt,
    deliveryDelay: order.transport.deliveryType === 'PERSONAL_PICKUP' ? 0 : 1,
    ...(country && known.includes(country) ? { deliveryCountry: country } : {}),
  });
  return new Date(`${dates.deliveryBy}T00:00:00Z`);
}

/** Reads and checks an order as the marketplace sends it: the spec's Orders API codes, fields named. */
export function parseIntakeOrder(input: unknown): IntakeOrder {
  const shape = intakeShapeRefusal(input);
  if (shape) throw new DomainError(shape);
  const parsed = intakeOrderSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/**
 * Takes one order from the marketplace: checks it against the partner's market, then writes in one
 * transaction what a new order needs — the order, its items, its first status, the audit entry, the
 * ORDER_CREATED job (webhooks and notifications) and the live event. The intake row's primary key decides
 * idempotency: of twenty parallel deliveries of one order one inserts, the others wait for it and answer
 * `created: false`. The demo generator and the feed pull come through here too (one writer).
 */
export async function takeMarketplaceOrder(
  platform: Platform,
  input: unknown,
  options: { channel: IntakeChannel; requestId?: string | null },
): Promise<IntakeAnswer> {
  const order = parseIntakeOrder(input);
  const db = platform.database.db;
  const [partner] = await db
    .select({ id: partners.id, shopId: partners.shopId })
    .from(partners)
    .where(eq(partners.id, order.partnerId));
  if (!partner || !isShopId(partner.shopId)) throw new DomainError('INVALID_PARTNER_ID');
  const issues = intakeOrderIssues(order, partner.shopId as ShopId);
  if (issues.length) throw new DomainError('VALIDATION_ERROR', {}, issues);
  const createdAt = order.createdAt ?? new Date();
  const deliveryDate = await expectedDeliveryDate(db, partner.id, order, createdAt);

  return db.transaction(async (tx) => {
    const [taken] = await tx
      .insert(marketplaceOrderIntake)
      .values({ orderId: order.orderId, partnerId: partner.id, channel: options.channel })
      .onConflictDoNothing()
      .returning({ orderId: marketplaceOrderIntake.orderId });
    if (!taken) return existing(tx, order);
    const written = await writeOrder(tx, order, createdAt, deliveryDate);
    // An order the seed already holds under this id: the marketplace's id is the order's, so it existed.
    if (!written) return { orderId: order.orderId, partnerId: partner.id, created: false };
    await recordAudit(tx, marketplaceActor(partner.id, options.requestId ?? null), {
      action: 'order.create',
      entity: 'order',
      entityId: order.orderId,
      data: { source: 'marketplace', channel: options.channel, items: order.items.length, status: order.status },
    });
    await platform.jobs.send(
      ORDER_CREATED_JOB,
      { partnerId: partner.id, orderId: order.orderId, status: order.status, at: createdAt.toISOString() },
      { tx },
    );
    await publishInTransaction(
      tx,
      { partnerId: partner.id },
      { type: 'order_created', data: { orderId: order.orderId, status: order.status } },
    );
    return { orderId: order.orderId, partnerId: partner.id, created: true };
  });
}

/** The answer to an order handed in before: the same partner's is "it existed", another partner's a conflict. */
async function existing(tx: Tx, order: IntakeOrder): Promise<IntakeAnswer> {
  const [row] = await tx
    .select({ partnerId: marketplaceOrderIntake.partnerId })
    .from(marketplaceOrderIntake)
    .where(eq(marketplaceOrderIntake.orderId, order.orderId));
  if (!row || row.partnerId !== order.partnerId) throw new DomainError('CONFLICT', { orderId: order.orderId });
  return { orderId: order.orderId, partnerId: row.partnerId, created: false };
}

/** The order, its items and its first status; false when the partner's book already holds the id. */
async function writeOrder(tx: Tx, order: IntakeOrder, createdAt: Date, deliveryDate: Date): Promise<boolean> {
  const { total, totalDiscount, cod } = intakeTotals(order);
  const t = order.transport;
  const [row] = await tx
    .insert(orders)
    .values({
      partnerId: order.partnerId,
      id: order.orderId,
      purchaseId: order.purchaseId,
      externalId: order.externalId,
      status: order.status,
      confirmed: order.confirmed,
      orderType: order.orderType,
      deliveryType: t.deliveryType,
      paymentType: order.paymentType,
      currency: order.currency,
      customerName: order.customer.name,
      customerEmail: order.customer.email ?? null,
      customerPhone: order.customer.phone,
      deliveryCompany: order.address.company,
      deliveryStreet: order.address.street,
      deliveryCity: order.address.city,
      deliveryZip: order.address.zip,
      deliveryCountry: order.address.country ?? null,
      branchId: t.branchId,
      secondaryBranchId: t.secondaryBranchId,
      transportId: t.transportId,
      isMallDelivery: t.isMallDelivery,
      isMdp: t.isMdp,
      isDip: t.isDip,
      total,
      totalDiscount,
      cod,
      deliveryPrice: order.prices.delivery,
      codFee: order.prices.codFee,
      createdAt,
      deliveryDate,
      blockedAt: order.status === 'blocked' ? createdAt : null,
      updatedAt: createdAt,
    })
    .onConflictDoNothing()
    .returning({ id: orders.id });
  if (!row) return false;
  await tx.insert(orderItems).values(
    order.items.map((item) => ({
      partnerId: order.partnerId,
      orderId: order.orderId,
      id: item.id,
      articleId: item.articleId,
      partnerArticleId: item.partnerArticleId,
      title: item.title,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      totalDiscount: item.totalDiscount,
      vat: item.vat,
      commission: item.commission,
      codFee: item.codFee,
      prepaid: item.prepaid,
      purchasePrice: item.purchasePrice ?? null,
      serialNumbers: item.serialNumbers,
      references: item.references,
    })),
  );
  await tx.insert(orderStatusHistory).values({
    partnerId: order.partnerId,
    orderId: order.orderId,
    status: order.status,
    at: createdAt,
    source: 'marketplace',
  });
  return true;
}
