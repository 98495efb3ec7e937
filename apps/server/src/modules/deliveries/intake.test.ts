import { createHash } from 'node:crypto';
import type { IntakeOrderInput } from '@pp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf } from '../../test/harness';
import { captureStream } from '../../test/waits';
import { ORDER_STATUS_CHANGED_JOB } from '../orders/service';
import { orderMaker, type OrdersTestBed, startOrdersTestBed } from '../orders/test-setup';
import { ORDER_CREATED_JOB } from './intake';
import { demoOrderInput, generateDemoOrders } from './intake-demo';

const TOKEN = 'intake-test-service-credential-0123456789';
let bed: OrdersTestBed;

beforeAll(async () => {
  bed = await startOrdersTestBed();
  bed.server.app.platform.config.marketplace.intakeTokenHash = createHash('sha256').update(TOKEN).digest();
});
afterAll(async () => bed?.server.close());

const sql = async <T>(text: string, values: unknown[] = []) =>
  (await bed.server.database.executeSql(text, values)).rows as T[];

function post(url: string, body: unknown, token: string | null = TOKEN) {
  return bed.server.app.app.inject({
    method: 'POST',
    url,
    headers: { 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body as object,
  });
}

let nextId = 4_100_000_000_000;
function newOrder(overrides: Partial<IntakeOrderInput> = {}): IntakeOrderInput {
  const base = demoOrderInput({ id: bed.cz, shopId: 'CZ10MA' }, nextId++, () => 0.3);
  return { ...base, ...overrides };
}

const event = (orderId: number, body: Record<string, unknown>, partnerId = bed.cz) =>
  post(`/internal/marketplace/orders/${orderId}/events`, { partnerId, event: body });

const order = orderMaker(() => bed, 4_200_000_000_000, { paymentType: 'A', deliveryType: 'ADDRESS' });

async function row(id: number) {
  const [found] = await sql<{
    status: string;
    confirmed: boolean;
    ready_to_return: boolean;
    cancel_requested: boolean;
  }>(
    `select status, confirmed, ready_to_return, cancel_requested_at is not null as cancel_requested
     from orders where id = $1`,
    [id],
  );
  return found!;
}

describe('the intake credential', () => {
  it('does not exist without a configured credential, and refuses a missing or wrong one', async () => {
    const config = bed.server.app.platform.config.marketplace;
    const hash = config.intakeTokenHash;
    config.intakeTokenHash = null;
    try {
      expect((await post('/internal/marketplace/orders', newOrder())).statusCode).toBe(404);
    } finally {
      config.intakeTokenHash = hash;
    }
    const missing = await post('/internal/marketplace/orders', newOrder(), null);
    expect([missing.statusCode, missing.json().code]).toEqual([401, 'AUTHENTICATION_ERROR']);
    const wrong = await post('/internal/marketplace/orders', newOrder(), `${TOKEN}x`);
    expect([wrong.statusCode, wrong.json().code]).toEqual([401, 'AUTHENTICATION_ERROR']);
    // A partner's session token is not the marketplace's credential either.
    const partner = await post('/internal/marketplace/orders', newOrder(), bed.token);
    expect(partner.statusCode).toBe(401);
    const right = await post('/internal/marketplace/orders', newOrder());
    expect(right.statusCode).toBe(201);
  });
});

describe('taking an order', () => {
  it('writes the order with its items, first status, audit, event job and live event', async () => {
    const stream = await captureStream(bed.server.app.platform, ({ audience, event }) =>
      event?.type === 'order_created' ? { audience, data: event.data as { orderId: number } } : undefined,
    );
    const input = newOrder({ confirmed: true, paymentType: 'A' });
    const answer = await post('/internal/marketplace/orders', input);
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toEqual({ orderId: input.orderId, partnerId: bed.cz, created: true });

    const seen = await bed.server.gql<{
      order: {
        status: string;
        currency: string;
        total: number;
        cod: number;
        items: { title: string; quantity: number }[];
        statusHistory: { status: string }[];
      };
    }>(
      'query($id: ID!) { order(orderId: $id) { status currency total cod items { title quantity } statusHistory { status } } }',
      { id: input.orderId },
      { token: bed.token, partnerId: bed.cz },
    );
    expect(seen.errors).toBeUndefined();
    const o = seen.data!.order;
    expect(o.status).toBe('open');
    expect(o.currency).toBe('CZK');
    expect(o.items.map((i) => i.title)).toEqual(input.items.map((i) => i.title));
    const itemsTotal = input.items.reduce((s, i) => s + i.unitPrice * i.quantity, 0);
    expect(o.total).toBe(itemsTotal + input.prices!.delivery! + input.prices!.codFee!);
    expect(o.cod).toBe(o.total);
    expect(o.statusHistory.map((h) => h.status)).toEqual(['open']);

    const [history] = await sql<{ source: string; account_id: number | null }>(
      'select source, account_id from order_status_history where order_id = $1',
      [input.orderId],
    );
    expect(history).toEqual({ source: 'marketplace', account_id: null });
    const audit = await sql<{ action: string; account_id: number | null; partner_id: number }>(
      "select action, account_id, partner_id from audit_log where entity = 'order' and entity_id = $1",
      [String(input.orderId)],
    );
    expect(audit).toEqual([{ action: 'order.create', account_id: null, partner_id: bed.cz }]);
    const live = await stream.next('the order_created event', (e) => e.data.orderId === input.orderId);
    expect(live.audience).toEqual({ partnerId: bed.cz });
    await stream.stop();

    // The queued event becomes the partner's notification (new orders go to the sales contacts by default).
    const mails = await bed.server.deliverMail(ORDER_CREATED_JOB);
    const [notification] = await sql<{ event_type: string }>(
      "select event_type from partner_notifications where partner_id = $1 and params->>'orderId' = $2",
      [bed.cz, String(input.orderId)],
    );
    expect(notification?.event_type).toBe('ORDER_CREATED');
    expect(mails.some((m) => m.subject.includes(String(input.orderId)))).toBe(true);
  });

  it('answers the spec codes for bad input and writes nothing', async () => {
    const before = await sql<{ n: number }>('select count(*)::int as n from orders');
    const cases: [unknown, string, string?][] = [
      [{ ...newOrder(), orderId: undefined }, 'MISSING_ORDER_ID'],
      [{ ...newOrder(), orderId: 'abc' }, 'INVALID_ORDER_ID'],
      [{ ...newOrder(), orderId: 9_000_000_000_001 }, 'INVALID_ORDER_ID'],
      [{ ...newOrder(), partnerId: 999_999 }, 'INVALID_PARTNER_ID'],
      [{ ...newOrder(), items: [{ title: 'x', quantity: 1, unitPrice: 1, vat: 21 }] }, 'MISSING_ITEM_ID'],
      [newOrder({ currency: 'EUR' }), 'VALIDATION_ERROR', 'currency'],
      [
        newOrder({ items: [{ id: 1, title: 'Kettle', quantity: 1, unitPrice: 100, vat: 20 }] }),
        'VALIDATION_ERROR',
        'items.0.vat',
      ],
      [
        newOrder({ items: [{ id: 1, title: 'Kettle', quantity: 1, unitPrice: 99.5, vat: 21 }] }),
        'VALIDATION_ERROR',
        'items.0.unitPrice',
      ],
      [newOrder({ items: [] }), 'VALIDATION_ERROR', 'items'],
      [newOrder({ paymentType: 'Z' }), 'VALIDATION_ERROR', 'paymentType'],
      [
        newOrder({ transport: { deliveryType: 'PICKUP_POINT', transportId: 'ZASILKOVNA' } }),
        'VALIDATION_ERROR',
        'transport.branchId',
      ],
      [
        newOrder({ transport: { deliveryType: 'ADDRESS', transportId: 'PPL', isMdp: true } }),
        'VALIDATION_ERROR',
        'transport.isMallDelivery',
      ],
      [newOrder({ customer: { name: 'Eva\u0000' } }), 'VALIDATION_ERROR', 'customer.name'],
    ];
    for (const [body, code, field] of cases) {
      const answer = await post('/internal/marketplace/orders', body);
      expect(answer.statusCode, code).toBe(400);
      const json = answer.json() as { code: string; message: string; fields: { field: string }[] };
      expect(json.code, JSON.stringify(json)).toBe(code);
      expect(json.message).not.toMatch(/^errors\./);
      if (field) expect(json.fields.map((f) => f.field)).toContain(field);
    }
    expect(await sql<{ n: number }>('select count(*)::int as n from orders')).toEqual(before);
  });

  it('takes the same order once: the second delivery says it existed, another partner is a conflict', async () => {
    const input = newOrder();
    expect((await post('/internal/marketplace/orders', input)).statusCode).toBe(201);
    const again = await post('/internal/marketplace/orders', input);
    expect([again.statusCode, again.json().created]).toEqual([200, false]);
    const elsewhere = await post('/internal/marketplace/orders', {
      ...demoOrderInput({ id: bed.sk, shopId: 'SK10MA' }, input.orderId, () => 0.3),
    });
    expect(elsewhere.json().code).toBe('CONFLICT');
    const counts = await sql<{ orders: number; history: number; audit: number }>(
      `select (select count(*)::int from orders where id = $1) as orders,
        (select count(*)::int from order_status_history where order_id = $1) as history,
        (select count(*)::int from audit_log where entity = 'order' and entity_id = $1::text) as audit`,
      [input.orderId],
    );
    expect(counts).toEqual([{ orders: 1, history: 1, audit: 1 }]);
  });

  it('brings demo orders through the same intake only when the demo generator is on', async () => {
    const config = bed.server.app.platform.config.marketplace;
    expect(await generateDemoOrders(bed.server.app.platform, () => 0.1)).toEqual([]);
    config.demoOrders = true;
    try {
      const made = await generateDemoOrders(bed.server.app.platform, () => 0.1);
      expect(made.length).toBeGreaterThan(0);
      expect(made.length).toBeLessThanOrEqual(3);
      const channels = await sql<{ channel: string; history: string }>(
        `select i.channel, h.source as history from marketplace_order_intake i
         join order_status_history h on h.order_id = i.order_id where i.order_id = any($1::bigint[])`,
        [made.map((m) => m.orderId)],
      );
      expect(channels.every((c) => c.channel === 'demo' && c.history === 'marketplace')).toBe(true);
    } finally {
      config.demoOrders = false;
    }
  });
});

describe('customer cancellation', () => {
  it('cancels an open order, confirmed or not, with the marketplace in the history and the event queued', async () => {
    for (const confirmed of [true, false]) {
      const id = await order({ confirmed });
      const answer = await event(id, { type: 'customerCancellation' });
      expect(answer.json()).toEqual({ orderId: id, status: 'cancelled', outcome: 'changed' });
      expect((await row(id)).status).toBe('cancelled');
      const [history] = await sql<{ source: string }>(
        "select source from order_status_history where order_id = $1 and status = 'cancelled'",
        [id],
      );
      expect(history?.source).toBe('marketplace');
      const [job] = await sql<{ n: number }>(
        "select count(*)::int as n from pgboss.job where name = $1 and (data->>'orderId')::bigint = $2",
        [ORDER_STATUS_CHANGED_JOB, id],
      );
      expect(job?.n).toBe(1);
    }
  });

  it('asks the partner to call for an order in shipping or shipped, and notifies the sales contacts', async () => {
    for (const status of ['shipping', 'shipped']) {
      const id = await order({ status });
      const answer = await event(id, { type: 'customerCancellation' });
      expect(answer.json()).toEqual({ orderId: id, status, outcome: 'requested' });
      expect(await row(id)).toMatchObject({ status, cancel_requested: true });
      const seen = await bed.server.gql<{ order: { cancelRequestedAt: string | null } }>(
        'query($id: ID!) { order(orderId: $id) { cancelRequestedAt } }',
        { id },
        { token: bed.token, partnerId: bed.cz },
      );
      expect(seen.data?.order.cancelRequestedAt).toBeTruthy();
      const [note] = await sql<{ event_type: string }>(
        "select event_type from partner_notifications where params->>'orderId' = $1",
        [String(id)],
      );
      expect(note?.event_type).toBe('ORDER_CANCELLATION_REQUESTED');
    }
  });

  it('refuses it for a blocked order and a finished one, and repeats nothing for a cancelled one', async () => {
    const blocked = await order({ status: 'blocked' });
    expect((await event(blocked, { type: 'customerCancellation' })).json().code).toBe(
      'ORDER_BLOCKED_STATUS_CANNOT_CHANGE',
    );
    for (const status of ['delivered', 'returned', 'lost']) {
      const id = await order({ status });
      expect((await event(id, { type: 'customerCancellation' })).json().code).toBe('ORDER_NOT_AVAILABLE');
      expect((await row(id)).status).toBe(status);
    }
    const cancelled = await order({ status: 'cancelled' });
    expect((await event(cancelled, { type: 'customerCancellation' })).json().outcome).toBe('unchanged');
  });
});

describe('marketplace events', () => {
  it('opens or cancels a blocked order, and refuses to unblock one that is not blocked', async () => {
    const opened = await order({ status: 'blocked' });
    expect((await event(opened, { type: 'unblock', status: 'open' })).json().status).toBe('open');
    const cancelled = await order({ status: 'blocked' });
    expect((await event(cancelled, { type: 'unblock', status: 'cancelled' })).json().status).toBe('cancelled');
    const open = await order();
    expect((await event(open, { type: 'unblock', status: 'cancelled' })).json().code).toBe('INVALID_OPERATION');
    expect((await row(open)).status).toBe('open');
  });

  it('sets and re-sets the unconfirmed flag; the partner may change the order only while confirmed', async () => {
    const id = await order({ confirmed: false });
    const ship = () =>
      bed.server.gql(
        'mutation($id: ID!, $data: OrderStatusInput!) { orderUpdate(orderId: $id, data: $data) { status } }',
        { id, data: { status: 'shipping' } },
        { token: bed.token, partnerId: bed.cz },
      );
    expect(codeOf(await ship())).toBe('ORDER_UNCONFIRMED_CANNOT_CHANGE');
    expect((await event(id, { type: 'confirmation', confirmed: true })).json().outcome).toBe('changed');
    expect((await event(id, { type: 'confirmation', confirmed: true })).json().outcome).toBe('unchanged');
    expect((await event(id, { type: 'confirmation', confirmed: false })).json().outcome).toBe('changed');
    expect(codeOf(await ship())).toBe('ORDER_UNCONFIRMED_CANNOT_CHANGE');
    await event(id, { type: 'confirmation', confirmed: true });
    expect(codeOf(await ship())).toBeUndefined();
    expect((await event(id, { type: 'confirmation', confirmed: false })).json().code).toBe(
      'ORDER_INVALID_CONFIRMED_VALUE',
    );
  });

  it('follows a MALL Delivery consignment into the order, its shipment history and ready-to-return', async () => {
    const plain = await order();
    expect((await event(plain, { type: 'consignment', status: 'CREATED' })).json().code).toBe('ONLY_FOR_MDP_ORDERS');

    const delivered = await order({ isMallDelivery: true, isMdp: true });
    for (const status of ['CREATED', 'RECEIVED', 'DELIVERING', 'DELIVERED']) {
      expect((await event(delivered, { type: 'consignment', status })).statusCode).toBe(200);
    }
    expect((await row(delivered)).status).toBe('delivered');
    const shipments = await sql<{ status: string }>(
      'select status from order_shipment_history where order_id = $1 order by id',
      [delivered],
    );
    expect(shipments.map((s) => s.status)).toEqual(['CREATED', 'RECEIVED', 'DELIVERING', 'DELIVERED']);
    const moves = await sql<{ status: string }>(
      "select status from order_status_history where order_id = $1 and source = 'marketplace' order by id",
      [delivered],
    );
    expect(moves.map((m) => m.status)).toEqual(['shipped', 'delivered']);

    const returned = await order({ isMallDelivery: true, isDip: true, status: 'shipped' });
    await event(returned, { type: 'consignment', status: 'RETURNING' });
    await event(returned, { type: 'consignment', status: 'RETURN_READY_FOR_PICKUP' });
    expect(await row(returned)).toMatchObject({ status: 'shipped', ready_to_return: true });
    await event(returned, { type: 'consignment', status: 'RETURNED' });
    expect(await row(returned)).toMatchObject({ status: 'returned', ready_to_return: false });

    const lost = await order({ isMallDelivery: true, status: 'shipped' });
    await event(lost, { type: 'consignment', status: 'LOST' });
    expect((await row(lost)).status).toBe('lost');

    const cancelled = await order({ isMallDelivery: true, status: 'cancelled' });
    expect((await event(cancelled, { type: 'consignment', status: 'RECEIVED' })).json().code).toBe(
      'WRONG_STATUS_FOR_CONSIGNMENT',
    );
    const unconfirmed = await order({ isMallDelivery: true, confirmed: false });
    expect((await event(unconfirmed, { type: 'consignment', status: 'RECEIVED' })).json().code).toBe(
      'WRONG_STATUS_FOR_CONSIGNMENT',
    );
  });

  it('answers unknown orders, another partner and bad events with their codes', async () => {
    const id = await order();
    expect((await event(id, { type: 'customerCancellation' }, bed.sk)).json().code).toBe('ORDER_NOT_FOUND');
    expect((await post('/internal/marketplace/orders/abc/events', { partnerId: bed.cz, event: {} })).json().code).toBe(
      'INVALID_ORDER_ID',
    );
    const bad = await event(id, { type: 'consignment', status: 'TELEPORTED' });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    expect((await event(id, { type: 'customerCancellation' }, bed.cz)).statusCode).toBe(200);
  });
});
