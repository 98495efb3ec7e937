import { BULK_STATUS_MAX } from '@pp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, type TestServer, signInAsPartner } from '../../test/harness';
import { ORDER_STATUS_CHANGED_JOB } from './service';
import type { orders } from './tables';
import { orderMaker, type OrdersTestBed, startOrdersTestBed } from './test-setup';

let bed: OrdersTestBed;
let server: TestServer;
let cz: number;
let sk: number;
let partnerToken: string;

beforeAll(async () => {
  bed = await startOrdersTestBed();
  ({ server, cz, sk, token: partnerToken } = bed);
});
afterAll(async () => server?.close());

const order = orderMaker(() => bed, 1_000_000_000_000);

const UPDATE = `mutation($id: ID!, $data: OrderStatusInput!) {
  orderUpdate(orderId: $id, data: $data) { id status trackingNumber statusHistory { status source byOperator } } }`;
const BULK = `mutation($ids: [ID!]!, $data: OrderStatusInput!) {
  ordersStatusUpdate(orderIds: $ids, data: $data) { outcome results { orderId ok code message } } }`;

type Updated = { orderUpdate: { id: string; status: string; trackingNumber: string | null; statusHistory: unknown[] } };

function update(id: number, data: Record<string, unknown>, token = partnerToken, partnerId = cz) {
  return server.gql<Updated>(UPDATE, { id, data }, { token, partnerId });
}

async function queuedEvents(orderId: number): Promise<number> {
  const { rows } = await server.database.executeSql(
    "select count(*)::int as n from pgboss.job where name = $1 and (data->>'orderId')::bigint = $2",
    [ORDER_STATUS_CHANGED_JOB, orderId],
  );
  return (rows[0] as { n: number }).n;
}

describe('order status changes', () => {
  it('ships an open order with a tracking number, keeps the history, audits and queues the event', async () => {
    const id = await order();
    const answer = await update(id, { status: 'shipped', trackingNumber: 'DR-123_45' });
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.orderUpdate).toMatchObject({
      status: 'shipped',
      trackingNumber: 'DR-123_45',
      statusHistory: [{ status: 'shipped', source: 'partner', byOperator: false }],
    });
    expect(await queuedEvents(id)).toBe(1);
    const { rows } = await server.database.executeSql(
      "select action, data from audit_log where entity = 'order' and entity_id = $1",
      [String(id)],
    );
    expect(rows).toEqual([{ action: 'order.status', data: { from: 'open', to: 'shipped' } }]);
  });

  it('refuses each rule with its code and changes nothing', async () => {
    const cases: [Partial<typeof orders.$inferInsert>, Record<string, unknown>, string][] = [
      [{ status: 'blocked' }, { status: 'shipped' }, 'ORDER_BLOCKED_STATUS_CANNOT_CHANGE'],
      [{ status: 'open', confirmed: false }, { status: 'shipped' }, 'ORDER_UNCONFIRMED_CANNOT_CHANGE'],
      [
        { status: 'shipped', isMallDelivery: true },
        { status: 'delivered', deliveredAt: new Date() },
        'ORDER_MDP_SHIPPED_CANNOT_CHANGE',
      ],
      [{ status: 'cancelled' }, { status: 'shipping' }, 'ORDER_CANCELLED'],
      [{ status: 'delivered' }, { status: 'returned' }, 'INVALID_OPERATION'],
      [{ status: 'open' }, { status: 'delivered', deliveredAt: new Date() }, 'INVALID_OPERATION'],
    ];
    for (const [values, data, code] of cases) {
      const id = await order(values);
      const answer = await update(id, data);
      expect([values, codeOf(answer)]).toEqual([values, code]);
      const [row] = await server.database
        .executeSql('select status from orders where id = $1', [id])
        .then((r) => r.rows);
      expect(row).toEqual({ status: values.status });
      expect(await queuedEvents(id)).toBe(0);
    }
  });

  it('checks the delivery dates and the tracking number on the server', async () => {
    const created = new Date(Date.now() - 3 * 24 * 60 * 60_000);
    const id = await order({ status: 'shipped', createdAt: created });
    const before = new Date(created.getTime() - 1000);
    expect(codeOf(await update(id, { status: 'delivered', deliveredAt: before }))).toBe(
      'DELIVERY_DATE_BEFORE_CREATION',
    );
    expect(codeOf(await update(id, { status: 'delivered', deliveredAt: new Date(Date.now() + 60_000) }))).toBe(
      'DELIVERY_DATE_IN_FUTURE',
    );
    expect(
      codeOf(await update(id, { status: 'delivered', deliveredAt: new Date(), firstDeliveryAttemptAt: before })),
    ).toBe('FIRST_DELIVERY_ATTEMPT_INVALID');
    expect(codeOf(await update(id, { status: 'delivered' }))).toBe('VALIDATION_ERROR');
    const open = await order();
    const badTracking = await update(open, { status: 'shipped', trackingNumber: 'no spaces' });
    expect(badTracking.errors?.[0]?.extensions.fields).toEqual([
      expect.objectContaining({ field: 'trackingNumber', rule: 'trackingNumber' }),
    ]);
    expect(codeOf(await update(open, { status: 'shipped', trackingUrl: 'javascript:alert(1)' }))).toBe(
      'VALIDATION_ERROR',
    );
    expect(
      codeOf(await update(id, { status: 'delivered', deliveredAt: new Date(), firstDeliveryAttemptAt: created })),
    ).toBe(undefined);
  });

  it("never finds another partner's order, and refuses an account without the orders resource", async () => {
    const foreign = await order({ partnerId: sk });
    expect(codeOf(await update(foreign, { status: 'shipped' }))).toBe('ORDER_NOT_FOUND');
    expect(
      codeOf(
        await server.gql(
          'query($id: ID!) { order(orderId: $id) { id } }',
          { id: foreign },
          { token: partnerToken, partnerId: cz },
        ),
      ),
    ).toBe('ORDER_NOT_FOUND');
    const limited = await server.login('limited@demo.test');
    const own = await order();
    expect(codeOf(await update(own, { status: 'shipped' }, limited.token))).toBe('ACCESS_DENIED');
    for (const bad of ['0', '-5', 'abc', '99999999999999999']) {
      expect(codeOf(await update(bad as unknown as number, { status: 'shipped' }))).toBe('ORDER_ID_INVALID');
    }
  });

  it('records an operator acting for the partner in the history', async () => {
    const id = await order();
    // The operator's real way in: a remote-login link made in the cockpit, spent by loginAsAdmin.
    const adminToken = (await server.login('admin@demo.test')).token;
    const operatorToken = await signInAsPartner(server, adminToken, cz);
    expect((await update(id, { status: 'shipping' }, operatorToken)).errors).toBeUndefined();
    expect((await update(id, { status: 'shipped', trackingNumber: 'DR-777' })).errors).toBeUndefined();
    // The partner reads who moved its order: the operator's move and its own.
    const detail = await server.gql<{ order: { statusHistory: { status: string; byOperator: boolean }[] } }>(
      'query($id: ID!) { order(orderId: $id) { statusHistory { status byOperator } } }',
      { id },
      { token: partnerToken, partnerId: cz },
    );
    expect(detail.data?.order.statusHistory).toEqual(
      expect.arrayContaining([
        { status: 'shipping', byOperator: true },
        { status: 'shipped', byOperator: false },
      ]),
    );
    const { rows } = await server.database.executeSql(
      `select h.status, a.email as operator from order_status_history h
       left join accounts a on a.id = h.admin_account_id where h.partner_id = $1 and h.order_id = $2 order by h.id`,
      [cz, id],
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { status: 'shipping', operator: 'admin@demo.test' },
        { status: 'shipped', operator: null },
      ]),
    );
  });
});

describe('bulk status change', () => {
  it('applies each order whole or not at all and reports each result', async () => {
    const good = [await order(), await order({ status: 'shipping' })];
    const blocked = await order({ status: 'blocked' });
    const foreign = await order({ partnerId: sk });
    const answer = await server.gql<{
      ordersStatusUpdate: {
        outcome: string;
        results: { orderId: string; ok: boolean; code: string | null; message: string | null }[];
      };
    }>(
      BULK,
      { ids: [...good, blocked, foreign], data: { status: 'shipped' } },
      { token: partnerToken, partnerId: cz, lang: 'cs' },
    );
    expect(answer.data?.ordersStatusUpdate.outcome).toBe('statusesUpdateWithErr');
    expect(answer.data?.ordersStatusUpdate.results).toEqual([
      { orderId: String(good[0]), ok: true, code: null, message: null },
      { orderId: String(good[1]), ok: true, code: null, message: null },
      { orderId: String(blocked), ok: false, code: 'ORDER_BLOCKED_STATUS_CANNOT_CHANGE', message: expect.any(String) },
      { orderId: String(foreign), ok: false, code: 'ORDER_NOT_FOUND', message: expect.any(String) },
    ]);
    const { rows } = await server.database.executeSql(
      'select id, status from orders where id = any($1::bigint[]) order by id',
      [[...good, blocked, foreign]],
    );
    expect(rows.map((r) => (r as { status: string }).status)).toEqual(['shipped', 'shipped', 'blocked', 'open']);
  });

  it('says statusesUpdate when all changed, statusesUpdateErr when none did, and limits the selection', async () => {
    const all = await server.gql<{ ordersStatusUpdate: { outcome: string } }>(
      BULK,
      { ids: [await order(), await order()], data: { status: 'cancelled' } },
      { token: partnerToken, partnerId: cz },
    );
    expect(all.data?.ordersStatusUpdate.outcome).toBe('statusesUpdate');
    const none = await server.gql<{ ordersStatusUpdate: { outcome: string } }>(
      BULK,
      { ids: [await order({ status: 'delivered' })], data: { status: 'cancelled' } },
      { token: partnerToken, partnerId: cz },
    );
    expect(none.data?.ordersStatusUpdate.outcome).toBe('statusesUpdateErr');
    // The bound itself: BULK_STATUS_MAX orders are taken (each answered), one more is refused whole.
    const atBound = Array.from({ length: BULK_STATUS_MAX }, (_, i) => 9_000_000_000_000 + i);
    const taken = await server.gql<{ ordersStatusUpdate: { outcome: string } }>(
      BULK,
      { ids: atBound, data: { status: 'shipped' } },
      { token: partnerToken, partnerId: cz },
    );
    expect(taken.data?.ordersStatusUpdate.outcome).toBe('statusesUpdateErr');
    const tooMany = Array.from({ length: BULK_STATUS_MAX + 1 }, (_, i) => i + 1);
    expect(
      codeOf(
        await server.gql(BULK, { ids: tooMany, data: { status: 'shipped' } }, { token: partnerToken, partnerId: cz }),
      ),
    ).toBe('VALIDATION_ERROR');
  });
});
