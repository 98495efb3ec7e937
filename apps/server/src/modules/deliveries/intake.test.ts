import { createHash } from 'node:crypto';
import { DomainError, expectedOrderDates, type IntakeOrderInput } from '@pp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf } from '../../test/harness';
import { captureStream } from '../../test/waits';
import { ORDER_STATUS_CHANGED_JOB } from '../orders/service';
import { orderMaker, type OrdersTestBed, startOrdersTestBed } from '../orders/test-setup';
import { partnerDeliveries } from '../partner/tables';
import { ORDER_CREATED_JOB, takeMarketplaceOrder } from './intake';
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

/** Hands orders to the intake in one turn, as parallel requests arrive: they are written in one batch. */
const together = (...inputs: unknown[]) =>
  Promise.allSettled(inputs.map((input) => takeMarketplaceOrder(bed.server.app.platform, input, { channel: 'push' })));

const codeOfRefusal = (result: PromiseSettledResult<unknown>) =>
  result.status === 'rejected' && result.reason instanceof DomainError ? result.reason.code : result.status;

/** Rows each order left, in the order of `ids`: the order, its items, first status, audit, job and intake key. */
async function traces(ids: number[]) {
  return sql<{ orders: number; items: number; history: number; audit: number; jobs: number; keys: number }>(
    `select (select count(*)::int from orders where id = i.id) as orders,
      (select count(*)::int from order_items where order_id = i.id) as items,
      (select count(*)::int from order_status_history where order_id = i.id) as history,
      (select count(*)::int from audit_log where entity = 'order' and entity_id = i.id::text) as audit,
      (select count(*)::int from pgboss.job where name = $2 and (data->>'orderId')::bigint = i.id) as jobs,
      (select count(*)::int from marketplace_order_intake where order_id = i.id) as keys
     from unnest($1::bigint[]) with ordinality as i(id, n) order by i.n`,
    [ids, ORDER_CREATED_JOB],
  );
}

/** Distinct transaction times of the orders' intake keys: one when they were written in one transaction. */
async function transactionsOf(ids: number[]) {
  const rows = await sql<{ at: string }>(
    'select distinct received_at::text as at from marketplace_order_intake where order_id = any($1::bigint[])',
    [ids],
  );
  return rows.length;
}

const skOrder = (orderId = nextId++) => demoOrderInput({ id: bed.sk, shopId: 'SK10MA' }, orderId, () => 0.3);

describe('intake batches', () => {
  it("writes two partners' orders in one transaction, each in its own market and with its own audit", async () => {
    const cz = newOrder();
    const sk = skOrder();
    const [a, b] = await together(cz, sk);
    expect(a).toEqual({ status: 'fulfilled', value: { orderId: cz.orderId, partnerId: bed.cz, created: true } });
    expect(b).toEqual({ status: 'fulfilled', value: { orderId: sk.orderId, partnerId: bed.sk, created: true } });
    expect(await transactionsOf([cz.orderId, sk.orderId])).toBe(1);
    const rows = await sql<{ partner_id: number; currency: string; audit_partner: number }>(
      `select o.partner_id, o.currency, a.partner_id as audit_partner from orders o
       join audit_log a on a.entity = 'order' and a.entity_id = o.id::text
       where o.id = any($1::bigint[]) order by o.id`,
      [[cz.orderId, sk.orderId]],
    );
    expect(rows).toEqual([
      { partner_id: bed.cz, currency: 'CZK', audit_partner: bed.cz },
      { partner_id: bed.sk, currency: 'EUR', audit_partner: bed.sk },
    ]);
  });

  it('refuses a bad order beside good ones and writes the good ones whole', async () => {
    const good = [newOrder(), newOrder()];
    const wrongCurrency = newOrder({ currency: 'EUR' });
    const unknownPartner = { ...newOrder(), partnerId: 999_999 };
    const badShape = { ...newOrder(), orderId: 'x' };
    const results = await together(good[0], wrongCurrency, unknownPartner, badShape, good[1]);
    expect(results.map(codeOfRefusal)).toEqual([
      'fulfilled',
      'VALIDATION_ERROR',
      'INVALID_PARTNER_ID',
      'INVALID_ORDER_ID',
      'fulfilled',
    ]);
    const ids = [good[0]!.orderId, good[1]!.orderId];
    expect(await transactionsOf(ids)).toBe(1);
    const left = await traces([...ids, wrongCurrency.orderId, unknownPartner.orderId]);
    expect(left).toEqual([
      { orders: 1, items: good[0]!.items.length, history: 1, audit: 1, jobs: 1, keys: 1 },
      { orders: 1, items: good[1]!.items.length, history: 1, audit: 1, jobs: 1, keys: 1 },
      { orders: 0, items: 0, history: 0, audit: 0, jobs: 0, keys: 0 },
      { orders: 0, items: 0, history: 0, audit: 0, jobs: 0, keys: 0 },
    ]);
  });

  it('writes an order id given twice in one batch once; the same id for another partner is a conflict', async () => {
    const input = newOrder();
    const results = await together(input, input, skOrder(input.orderId));
    expect(results[0]).toEqual({
      status: 'fulfilled',
      value: { orderId: input.orderId, partnerId: bed.cz, created: true },
    });
    expect(results[1]).toEqual({
      status: 'fulfilled',
      value: { orderId: input.orderId, partnerId: bed.cz, created: false },
    });
    expect(codeOfRefusal(results[2]!)).toBe('CONFLICT');
    const [left] = await traces([input.orderId]);
    expect(left).toMatchObject({ orders: 1, items: input.items.length, history: 1, audit: 1, jobs: 1, keys: 1 });
  });

  it('writes nothing of an order the database refuses, and the rest of its batch goes in', async () => {
    const good = [newOrder(), newOrder()];
    const broken = newOrder();
    // A fault no check foresees (the disk, a constraint added later): the database refuses this order's items.
    await sql(`create function intake_test_fault() returns trigger language plpgsql as $$
      begin if new.order_id = ${broken.orderId} then raise exception 'refused by the test'; end if; return new; end $$`);
    await sql(
      'create trigger intake_test_fault before insert on order_items for each row execute function intake_test_fault()',
    );
    try {
      const results = await together(good[0], broken, good[1]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    } finally {
      await sql('drop trigger intake_test_fault on order_items');
      await sql('drop function intake_test_fault()');
    }
    const left = await traces([good[0]!.orderId, good[1]!.orderId, broken.orderId]);
    expect(left).toEqual([
      { orders: 1, items: good[0]!.items.length, history: 1, audit: 1, jobs: 1, keys: 1 },
      { orders: 1, items: good[1]!.items.length, history: 1, audit: 1, jobs: 1, keys: 1 },
      { orders: 0, items: 0, history: 0, audit: 0, jobs: 0, keys: 0 },
    ]);
    // Refused once, the order may come again: the marketplace's retry takes it.
    expect((await post('/internal/marketplace/orders', broken)).statusCode).toBe(201);
  });
});

describe('the dates of a new order', () => {
  const SETTINGS = `calendarCountry calendarType supplyDelayFrom supplyDelayTo carrierCloseTime postponementEnabled
    codPaymentDisabled`;

  async function settings() {
    const seen = await bed.server.gql<{ warehouseSettings: Record<string, unknown> }>(
      `{ warehouseSettings { ${SETTINGS} } }`,
      {},
      { token: bed.token, partnerId: bed.cz },
    );
    return seen.data!.warehouseSettings as {
      calendarCountry: 'CZ';
      supplyDelayFrom: number;
      supplyDelayTo: number;
      carrierCloseTime: string;
    };
  }

  async function saveSettings(input: Record<string, unknown>) {
    const saved = await bed.server.gql(
      'mutation($input: WarehouseSettingsInput!) { warehouseSettingsUpdate(input: $input) { supplyDelayTo } }',
      { input },
      { token: bed.token, partnerId: bed.cz },
    );
    expect(saved.errors).toBeUndefined();
  }

  async function datesOf(orderId: number) {
    const [row] = await sql<{ dispatch: string; delivery: string; created: number }>(
      `select dispatch_date::text as dispatch, delivery_date::text as delivery,
         (extract(epoch from created_at) * 1000)::float8 as created
       from orders where id = $1`,
      [orderId],
    );
    return row!;
  }

  /** What the calendar says for an order of the Czech shop at `createdAt` with these settings and carrier days. */
  function expected(s: Awaited<ReturnType<typeof settings>>, createdAt: Date, deliveryDelay: number) {
    const dates = expectedOrderDates({
      createdAt,
      calendarCountry: s.calendarCountry,
      carrierCloseTime: s.carrierCloseTime,
      supplyDelayFrom: s.supplyDelayFrom,
      supplyDelayTo: s.supplyDelayTo,
      deliveryDelay,
      deliveryCountry: 'CZ',
    });
    return { dispatch: dates.dispatchBy, delivery: dates.deliveryBy };
  }

  it("takes the partner's settings as they are when the order arrives, and the delay of its method", async () => {
    const before = await settings();
    // A week ago at 09:00 UTC (10:00 in Prague in winter, 11:00 in summer): the cut-off decides whether it counts.
    const createdAt = new Date(Date.now() - 7 * 24 * 60 * 60_000);
    createdAt.setUTCHours(9, 0, 0, 0);
    const first = newOrder({ createdAt: createdAt.toISOString() });
    expect((await post('/internal/marketplace/orders', first)).statusCode).toBe(201);
    // No method on the order's carrier (PPL): one working day from dispatch.
    expect(await datesOf(first.orderId)).toMatchObject(expected(before, createdAt, 1));

    // Longer supply and an earlier cut-off than before: the next order is due later.
    const later = {
      ...before,
      supplyDelayFrom: before.supplyDelayTo + 1,
      supplyDelayTo: before.supplyDelayTo + 2,
      carrierCloseTime: '08:00',
    };
    await saveSettings(later);
    await bed.server.database.db
      .insert(partnerDeliveries)
      .values({ partnerId: bed.cz, code: 'PPL-SLOW', title: 'PPL', transport: 'PPL', price: 99, deliveryDelay: 4 });
    try {
      const second = newOrder({ createdAt: createdAt.toISOString() });
      expect(second.transport.transportId).toBe('PPL');
      expect((await post('/internal/marketplace/orders', second)).statusCode).toBe(201);
      const dates = await datesOf(second.orderId);
      expect(dates).toMatchObject(expected(later, createdAt, 4));
      expect(dates.dispatch > (await datesOf(first.orderId)).dispatch).toBe(true);
      // A personal pickup is handed over at the warehouse: delivered the day it is dispatched.
      const pickup = newOrder({
        createdAt: createdAt.toISOString(),
        transport: { deliveryType: 'PERSONAL_PICKUP', transportId: null },
      });
      expect((await post('/internal/marketplace/orders', pickup)).statusCode).toBe(201);
      expect(await datesOf(pickup.orderId)).toMatchObject(expected(later, createdAt, 0));

      // A test order is dated the same way, by the method on its pickup-point carrier.
      await bed.server.database.db
        .insert(partnerDeliveries)
        .values({ partnerId: bed.cz, code: 'ZAS', title: 'Z', transport: 'ZASILKOVNA', price: 79, deliveryDelay: 2 });
      const made = await bed.server.gql<{ orderTestCreate: { id: string } }>(
        'mutation($input: TestOrderInput!) { orderTestCreate(input: $input) { id } }',
        { input: { deliveryType: 'PICKUP_POINT', items: [{ title: 'Míč', quantity: 1, price: 499 }] } },
        { token: bed.token, partnerId: bed.cz },
      );
      expect(made.errors).toBeUndefined();
      const test = await datesOf(Number(made.data!.orderTestCreate.id));
      expect(test).toMatchObject(expected(later, new Date(test.created), 2));
    } finally {
      await saveSettings(before);
      await sql('delete from partner_deliveries where partner_id = $1 and code = any($2::text[])', [
        bed.cz,
        ['PPL-SLOW', 'ZAS'],
      ]);
    }
  });

  it('refuses an order whose purchase time cannot be dated', async () => {
    const future = new Date(Date.now() + 3 * 24 * 60 * 60_000).toISOString();
    for (const createdAt of ['1999-12-31T23:00:00Z', future, 'yesterday', true]) {
      const answer = await post('/internal/marketplace/orders', { ...newOrder(), createdAt });
      expect([answer.statusCode, answer.json().code], String(createdAt)).toEqual([400, 'VALIDATION_ERROR']);
      expect(answer.json().fields.map((f: { field: string }) => f.field)).toEqual(['createdAt']);
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
