import { DomainError, type IntakeOrder, intakeOrderIssues, intakeTotals, isShopId, type ShopId } from '@pp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Actor, recordAudits } from '../../platform/audit/service';
import type { Platform } from '../../platform/context';
import { rowsOf, type Tx } from '../../platform/db/client';
import { publishManyInTransaction } from '../../platform/stream/hub';
import { type NewOrderFacts, newOrderDates, newOrderFactsOf } from './warehouse/settings';

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
export function marketplaceActor(partnerId: number | null, requestId: string | null): Actor {
  return { accountId: null, adminAccountId: null, partnerId, requestId };
}

/** One order waiting to be written: checked already on its own, with who sent it and when it arrived. */
export interface IntakeEntry {
  order: IntakeOrder;
  channel: IntakeChannel;
  requestId: string | null;
  receivedAt: Date;
}

export type IntakeOutcome = { ok: true; answer: IntakeAnswer } | { ok: false; error: DomainError };

/** An order that goes into the batch's transaction: the first valid entry of its id, dated. */
interface Candidate {
  entry: IntakeEntry;
  createdAt: Date;
  dispatchBy: string;
  deliveryBy: string;
}

/** Who holds an order id after the transaction, and whether this batch wrote the order. */
interface Owner {
  partnerId: number;
  created: boolean;
}

/**
 * A batch's rows as one JSON parameter for `jsonb_to_recordset` (as the product import does): one parameter per
 * statement whatever the batch, no bound of 65,535 parameters for 200 orders of 100 items, and text arrays
 * (serial numbers, references) travel as JSON arrays instead of a literal built per element.
 */
const recordset = (rows: object[]): SQL => sql`${JSON.stringify(rows)}::jsonb`;

/**
 * Writes a batch of orders in one transaction and answers each one on its own. Before the transaction, per
 * order: the partner must exist with a market, and the order must keep its market's rules (currency, VAT,
 * transport); one that does not gets its code and the others go on. The partners' facts (market, warehouse
 * settings, methods) are read once for the batch, so a change of settings applies to the next batch.
 *
 * In the transaction, set-based: the intake keys (`on conflict do nothing`, in id order so two processes'
 * batches wait for each other instead of deadlocking), the orders, their items, first statuses, audit entries,
 * ORDER_CREATED jobs and stream notices, one statement each. An id given twice in the batch is written once:
 * the second is "existed" for the same partner, CONFLICT for another, exactly as if it had come later.
 */
export async function writeIntakeBatch(platform: Platform, entries: readonly IntakeEntry[]): Promise<IntakeOutcome[]> {
  const facts = await newOrderFactsOf(
    platform.database.db,
    entries.map((e) => e.order.partnerId),
  );
  const outcomes: (IntakeOutcome | null)[] = entries.map(() => null);
  const candidates = new Map<number, Candidate>();
  entries.forEach((entry, index) => {
    const refusal = refusalOf(entry.order, facts.get(entry.order.partnerId));
    if (refusal) outcomes[index] = { ok: false, error: refusal };
    else if (!candidates.has(entry.order.orderId)) {
      candidates.set(entry.order.orderId, dated(entry, facts.get(entry.order.partnerId)!));
    }
  });
  const owners =
    candidates.size > 0
      ? await platform.database.db.transaction((tx) => writeCandidates(tx, platform, [...candidates.values()]))
      : new Map<number, Owner>();
  return entries.map((entry, index) => {
    const decided = outcomes[index];
    if (decided) return decided;
    const { orderId, partnerId } = entry.order;
    const owner = owners.get(orderId);
    if (!owner || owner.partnerId !== partnerId) {
      return { ok: false, error: new DomainError('CONFLICT', { orderId }) };
    }
    const created = owner.created && candidates.get(orderId)?.entry === entry;
    return { ok: true, answer: { orderId, partnerId, created } };
  });
}

/** Why the partner cannot take this order (unknown partner, its market's rules), or null. */
function refusalOf(order: IntakeOrder, facts: NewOrderFacts | undefined): DomainError | null {
  if (!facts || !isShopId(facts.shopId)) return new DomainError('INVALID_PARTNER_ID');
  const issues = intakeOrderIssues(order, facts.shopId as ShopId);
  return issues.length ? new DomainError('VALIDATION_ERROR', {}, issues) : null;
}

function dated(entry: IntakeEntry, facts: NewOrderFacts): Candidate {
  const { order } = entry;
  const createdAt = order.createdAt ?? entry.receivedAt;
  const dates = newOrderDates(facts, {
    createdAt,
    deliveryType: order.transport.deliveryType,
    transportId: order.transport.transportId,
    deliveryCountry: order.address.country ?? null,
  });
  return { entry, createdAt, dispatchBy: dates.dispatchBy, deliveryBy: dates.deliveryBy };
}

async function writeCandidates(tx: Tx, platform: Platform, all: Candidate[]): Promise<Map<number, Owner>> {
  const candidates = [...all].sort((a, b) => a.entry.order.orderId - b.entry.order.orderId);
  const owners = new Map<number, Owner>();
  const keys = rowsOf<{ order_id: string }>(
    await tx.execute(sql`insert into marketplace_order_intake (order_id, partner_id, channel)
      select order_id, partner_id, channel
      from jsonb_to_recordset(${recordset(
        candidates.map(({ entry }) => ({
          order_id: entry.order.orderId,
          partner_id: entry.order.partnerId,
          channel: entry.channel,
        })),
      )}) as t(order_id bigint, partner_id int, channel text)
      order by order_id
      on conflict do nothing
      returning order_id`),
  );
  const taken = new Set(keys.map((k) => Number(k.order_id)));
  const before = candidates.filter((c) => !taken.has(c.entry.order.orderId));
  if (before.length > 0) {
    // Handed in before (or by another batch that just committed): whose it is decides "existed" or CONFLICT.
    const held = rowsOf<{ order_id: string; partner_id: number }>(
      await tx.execute(sql`select order_id, partner_id from marketplace_order_intake
        where order_id = any(${sql.param(before.map((c) => c.entry.order.orderId))}::bigint[])`),
    );
    for (const row of held) owners.set(Number(row.order_id), { partnerId: row.partner_id, created: false });
  }
  const fresh = candidates.filter((c) => taken.has(c.entry.order.orderId));
  if (fresh.length === 0) return owners;
  const written = await insertOrders(tx, fresh);
  for (const c of fresh) {
    const { orderId, partnerId } = c.entry.order;
    // An order the book already holds under this id (a seed's): the marketplace's id is the order's, so it existed.
    owners.set(orderId, { partnerId, created: written.has(orderId) });
  }
  const created = fresh.filter((c) => written.has(c.entry.order.orderId));
  if (created.length > 0) await announce(tx, platform, created);
  return owners;
}

/** The orders themselves; answers the ids written (an id the partner's book already holds is skipped). */
async function insertOrders(tx: Tx, fresh: Candidate[]): Promise<Set<number>> {
  const rows = fresh.map(({ entry: { order }, createdAt, dispatchBy, deliveryBy }) => {
    const { total, totalDiscount, cod } = intakeTotals(order);
    const t = order.transport;
    return {
      partner_id: order.partnerId,
      id: order.orderId,
      purchase_id: order.purchaseId,
      external_id: order.externalId,
      status: order.status,
      confirmed: order.confirmed,
      order_type: order.orderType,
      delivery_type: t.deliveryType,
      payment_type: order.paymentType,
      currency: order.currency,
      customer_name: order.customer.name,
      customer_email: order.customer.email ?? null,
      customer_phone: order.customer.phone,
      delivery_company: order.address.company,
      delivery_street: order.address.street,
      delivery_city: order.address.city,
      delivery_zip: order.address.zip,
      delivery_country: order.address.country ?? null,
      branch_id: t.branchId,
      secondary_branch_id: t.secondaryBranchId,
      transport_id: t.transportId,
      is_mall_delivery: t.isMallDelivery,
      is_mdp: t.isMdp,
      is_dip: t.isDip,
      total,
      total_discount: totalDiscount,
      cod,
      delivery_price: order.prices.delivery,
      cod_fee: order.prices.codFee,
      created_at: createdAt.toISOString(),
      dispatch_date: dispatchBy,
      delivery_date: deliveryBy,
      blocked_at: order.status === 'blocked' ? createdAt.toISOString() : null,
    };
  });
  const inserted = rowsOf<{ id: string }>(
    await tx.execute(sql`insert into orders (partner_id, id, purchase_id, external_id, status, confirmed, order_type,
        delivery_type, payment_type, currency, customer_name, customer_email, customer_phone, delivery_company,
        delivery_street, delivery_city, delivery_zip, delivery_country, branch_id, secondary_branch_id, transport_id,
        is_mall_delivery, is_mdp, is_dip, total, total_discount, cod, delivery_price, cod_fee, created_at,
        dispatch_date, delivery_date, blocked_at, updated_at)
      select partner_id, id, purchase_id, external_id, status, confirmed, order_type, delivery_type, payment_type,
        currency, customer_name, customer_email, customer_phone, delivery_company, delivery_street, delivery_city,
        delivery_zip, delivery_country, branch_id, secondary_branch_id, transport_id, is_mall_delivery, is_mdp, is_dip,
        total, total_discount, cod, delivery_price, cod_fee, created_at, dispatch_date, delivery_date, blocked_at,
        created_at
      from jsonb_to_recordset(${recordset(rows)}) as t(partner_id int, id bigint, purchase_id text, external_id text,
        status text, confirmed boolean, order_type text, delivery_type text, payment_type text, currency text,
        customer_name text, customer_email text, customer_phone text, delivery_company text, delivery_street text,
        delivery_city text, delivery_zip text, delivery_country text, branch_id text, secondary_branch_id text,
        transport_id text, is_mall_delivery boolean, is_mdp boolean, is_dip boolean, total numeric,
        total_discount numeric, cod numeric, delivery_price numeric, cod_fee numeric, created_at timestamptz,
        dispatch_date date, delivery_date date, blocked_at timestamptz)
      on conflict do nothing
      returning id`),
  );
  return new Set(inserted.map((r) => Number(r.id)));
}

/**
 * What a new order brings besides its row, for every order the batch created: items, the first status, the
 * audit entry (each with the request that carried it), the ORDER_CREATED job (webhooks, notifications) and the
 * live notice to its partner's open grids, which NOTIFY delivers at commit.
 */
async function announce(tx: Tx, platform: Platform, created: Candidate[]) {
  const orders = created.map((c) => c.entry.order);
  await tx.execute(sql`insert into order_items (partner_id, order_id, id, article_id, partner_article_id, title,
      quantity, unit_price, total_discount, vat, commission, cod_fee, prepaid, purchase_price, serial_numbers,
      item_references)
    select partner_id, order_id, id, article_id, partner_article_id, title, quantity, unit_price, total_discount, vat,
      commission, cod_fee, prepaid, purchase_price, array(select jsonb_array_elements_text(serial_numbers)),
      array(select jsonb_array_elements_text(item_references))
    from jsonb_to_recordset(${recordset(
      orders.flatMap((order) =>
        order.items.map((item) => ({
          partner_id: order.partnerId,
          order_id: order.orderId,
          id: item.id,
          article_id: item.articleId,
          partner_article_id: item.partnerArticleId,
          title: item.title,
          quantity: item.quantity,
          unit_price: item.unitPrice,
          total_discount: item.totalDiscount,
          vat: item.vat,
          commission: item.commission,
          cod_fee: item.codFee,
          prepaid: item.prepaid,
          purchase_price: item.purchasePrice ?? null,
          serial_numbers: item.serialNumbers,
          item_references: item.references,
        })),
      ),
    )}) as t(partner_id int, order_id bigint, id bigint, article_id text, partner_article_id text, title text,
      quantity int, unit_price numeric, total_discount numeric, vat numeric, commission numeric, cod_fee numeric,
      prepaid numeric, purchase_price numeric, serial_numbers jsonb, item_references jsonb)`);
  await tx.execute(sql`insert into order_status_history (partner_id, order_id, status, at, source)
    select partner_id, order_id, status, at, 'marketplace'
    from jsonb_to_recordset(${recordset(
      created.map(({ entry: { order }, createdAt }) => ({
        partner_id: order.partnerId,
        order_id: order.orderId,
        status: order.status,
        at: createdAt.toISOString(),
      })),
    )}) as t(partner_id int, order_id bigint, status text, at timestamptz)`);
  await recordAudits(
    tx,
    marketplaceActor(null, null),
    created.map(({ entry }) => ({
      action: 'order.create',
      entity: 'order',
      entityId: entry.order.orderId,
      partnerId: entry.order.partnerId,
      requestId: entry.requestId,
      data: {
        source: 'marketplace',
        channel: entry.channel,
        items: entry.order.items.length,
        status: entry.order.status,
      },
    })),
  );
  await platform.jobs.sendMany(
    ORDER_CREATED_JOB,
    created.map(({ entry: { order }, createdAt }) => ({
      partnerId: order.partnerId,
      orderId: order.orderId,
      status: order.status,
      at: createdAt.toISOString(),
    })),
    { tx },
  );
  const byPartner = new Map<number, IntakeOrder[]>();
  for (const order of orders) {
    const theirs = byPartner.get(order.partnerId);
    if (theirs) theirs.push(order);
    else byPartner.set(order.partnerId, [order]);
  }
  for (const [partnerId, theirs] of byPartner) {
    await publishManyInTransaction(
      tx,
      { partnerId },
      theirs.map((order) => ({
        type: 'order_created' as const,
        data: { orderId: order.orderId, status: order.status },
      })),
    );
  }
}
