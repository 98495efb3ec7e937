import { BULK_STATUS_MAX } from '@pp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../platform/i18n';
import { codeOf, type TestServer } from '../../test/harness';
import { captureStream } from '../../test/waits';
import { ORDER_STATUS_CHANGED_JOB } from './service';
import { orders } from './tables';
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

const order = orderMaker(() => bed, 5_000_000_000_000, { createdAt: new Date(Date.now() - 2 * 24 * 60 * 60_000) });

async function rows<T>(text: string, values: unknown[]): Promise<T[]> {
  return (await server.database.executeSql(text, values)).rows as T[];
}

const SHIP = `mutation($items: [OrderShipInput!]!) {
  ordersShip(items: $items) { outcome results { orderId ok code message } } }`;
type ShipAnswer = {
  ordersShip: {
    outcome: string;
    results: { orderId: string; ok: boolean; code: string | null; message: string | null }[];
  };
};

function ship(items: Record<string, unknown>[], options: { token?: string; lang?: string } = {}) {
  return server.gql<ShipAnswer>(
    SHIP,
    { items },
    { token: options.token ?? partnerToken, partnerId: cz, lang: options.lang ?? 'en' },
  );
}

describe('bulk shipment with a tracking number per order', () => {
  it("ships each order with its own tracking number and refuses the others with the reason, another partner's as not found", async () => {
    const open = await order();
    const shipping = await order({ status: 'shipping', trackingNumber: 'EARLIER-1' });
    const blocked = await order({ status: 'blocked' });
    const unconfirmed = await order({ confirmed: false });
    const foreign = await order({ partnerId: sk });
    const stream = await captureStream(server.app.platform, (m) =>
      m.event?.type === 'order_status_changed' ? (m.event.data as { orderId: number }).orderId : undefined,
    );

    const answer = await ship(
      [
        { orderId: open, trackingNumber: 'DR-1001', trackingUrl: 'https://track.example/DR-1001' },
        { orderId: shipping, trackingNumber: '' },
        { orderId: blocked, trackingNumber: 'DR-1003' },
        { orderId: unconfirmed, trackingNumber: 'DR-1004' },
        { orderId: foreign, trackingNumber: 'DR-1005' },
      ],
      { lang: 'cs' },
    );

    expect(answer.errors).toBeUndefined();
    const refused = (id: number, code: string) => ({
      orderId: String(id),
      ok: false,
      code,
      message: translate('cs', `errors.${code}`),
    });
    expect(answer.data?.ordersShip).toEqual({
      outcome: 'statusesUpdateWithErr',
      results: [
        { orderId: String(open), ok: true, code: null, message: null },
        { orderId: String(shipping), ok: true, code: null, message: null },
        refused(blocked, 'ORDER_BLOCKED_STATUS_CANNOT_CHANGE'),
        refused(unconfirmed, 'ORDER_UNCONFIRMED_CANNOT_CHANGE'),
        refused(foreign, 'ORDER_NOT_FOUND'),
      ],
    });
    // Czech reasons, not the codes or English.
    expect(answer.data?.ordersShip.results[2]?.message).not.toBe(
      translate('en', 'errors.ORDER_BLOCKED_STATUS_CANNOT_CHANGE'),
    );

    const ids = [open, shipping, blocked, unconfirmed, foreign];
    expect(
      await rows(
        'select id::text, status, tracking_number, tracking_url, shipped_at is not null as shipped from orders where id = any($1::bigint[]) order by id',
        [ids],
      ),
    ).toEqual([
      {
        id: String(open),
        status: 'shipped',
        tracking_number: 'DR-1001',
        tracking_url: 'https://track.example/DR-1001',
        shipped: true,
      },
      // No new number: the one the order had stays, as in the single change.
      { id: String(shipping), status: 'shipped', tracking_number: 'EARLIER-1', tracking_url: null, shipped: true },
      { id: String(blocked), status: 'blocked', tracking_number: null, tracking_url: null, shipped: false },
      { id: String(unconfirmed), status: 'open', tracking_number: null, tracking_url: null, shipped: false },
      { id: String(foreign), status: 'open', tracking_number: null, tracking_url: null, shipped: false },
    ]);
    expect(
      await rows(
        'select order_id::text, status, source, tracking_number from order_status_history where order_id = any($1::bigint[]) order by order_id',
        [ids],
      ),
    ).toEqual([
      { order_id: String(open), status: 'shipped', source: 'partner', tracking_number: 'DR-1001' },
      { order_id: String(shipping), status: 'shipped', source: 'partner', tracking_number: null },
    ]);
    expect(
      await rows(
        "select entity_id, data, partner_id, account_id is not null as by_account, request_id is not null as with_request from audit_log where entity = 'order' and entity_id = any($1::text[]) order by entity_id",
        [ids.map(String)],
      ),
    ).toEqual([
      {
        entity_id: String(open),
        data: { from: 'open', to: 'shipped' },
        partner_id: cz,
        by_account: true,
        with_request: true,
      },
      {
        entity_id: String(shipping),
        data: { from: 'shipping', to: 'shipped' },
        partner_id: cz,
        by_account: true,
        with_request: true,
      },
    ]);
    expect(
      await rows(
        "select data->>'orderId' as id, data->>'from' as from, data->>'to' as to from pgboss.job where name = $1 and (data->>'orderId')::bigint = any($2::bigint[]) order by 1",
        [ORDER_STATUS_CHANGED_JOB, ids],
      ),
    ).toEqual([
      { id: String(open), from: 'open', to: 'shipped' },
      { id: String(shipping), from: 'shipping', to: 'shipped' },
    ]);
    await stream.stop();
    expect(
      stream.events
        .map(Number)
        .filter((id) => ids.includes(id))
        .sort(),
    ).toEqual([open, shipping]);
  });

  it('refuses a colleague without the right to change orders, and ships nothing', async () => {
    const id = await order();
    const colleague = (await server.login('colleague@demo.test')).token;
    const answer = await ship([{ orderId: id, trackingNumber: 'DR-2001' }], { token: colleague });
    expect(codeOf(answer)).toBe('ACCESS_DENIED');
    expect(await rows('select status, tracking_number from orders where id = $1', [id])).toEqual([
      { status: 'open', tracking_number: null },
    ]);
  });

  it('refuses a wrong tracking number, an order listed twice or too many orders before any order changes', async () => {
    const good = await order();
    const other = await order();
    const badNumber = await ship([
      { orderId: good, trackingNumber: 'DR-3001' },
      { orderId: other, trackingNumber: 'with space' },
    ]);
    expect(codeOf(badNumber)).toBe('VALIDATION_ERROR');
    expect(badNumber.errors?.[0]?.extensions.fields).toEqual([
      expect.objectContaining({ field: 'items.1.trackingNumber', rule: 'trackingNumber' }),
    ]);
    const twice = await ship([
      { orderId: good, trackingNumber: 'DR-3001' },
      { orderId: good, trackingNumber: 'DR-3002' },
    ]);
    expect(twice.errors?.[0]?.extensions.fields).toEqual([
      expect.objectContaining({ field: 'items.1.orderId', rule: 'orderTwice' }),
    ]);
    const tooMany = Array.from({ length: BULK_STATUS_MAX + 1 }, (_, i) => ({ orderId: 1 + i }));
    expect((await ship(tooMany)).errors?.[0]?.extensions.fields).toEqual([
      expect.objectContaining({ field: 'items', rule: 'max' }),
    ]);
    expect(await rows('select status from orders where id = any($1::bigint[])', [[good, other]])).toEqual([
      { status: 'open' },
      { status: 'open' },
    ]);
  });
});

describe('bulk shipment with a tracking link per order', () => {
  it('keeps each order its own link, and refuses a link that is not http or https, too long or hostile before any order changes', async () => {
    const [first, second, third] = [await order(), await order(), await order()];
    const linked = await ship([
      { orderId: first, trackingNumber: 'DL-1', trackingUrl: ' https://track.example/DL-1 ' },
      { orderId: second, trackingNumber: 'DL-2', trackingUrl: 'http://carrier.example/t?n=DL-2' },
      { orderId: third, trackingNumber: 'DL-3' },
    ]);
    expect(linked.data?.ordersShip.results.map((r) => r.ok)).toEqual([true, true, true]);
    expect(
      await rows('select tracking_url from orders where id = any($1::bigint[]) order by id', [[first, second, third]]),
    ).toEqual([
      { tracking_url: 'https://track.example/DL-1' },
      { tracking_url: 'http://carrier.example/t?n=DL-2' },
      { tracking_url: null },
    ]);

    const open = [await order(), await order(), await order(), await order()];
    const refused = await ship([
      { orderId: open[0], trackingNumber: 'DL-4', trackingUrl: 'javascript:alert(1)' },
      { orderId: open[1], trackingNumber: 'DL-5', trackingUrl: `https://track.example/${'a'.repeat(2000)}` },
      { orderId: open[2], trackingNumber: 'DL-6', trackingUrl: 'https://track.example/\u0000' },
      { orderId: open[3], trackingNumber: 'DL-7', trackingUrl: 'https://track.example/\ud800' },
    ]);
    expect(codeOf(refused)).toBe('VALIDATION_ERROR');
    expect(refused.errors?.[0]?.extensions.fields).toEqual([
      expect.objectContaining({ field: 'items.0.trackingUrl', rule: 'url' }),
      expect.objectContaining({ field: 'items.1.trackingUrl', rule: 'max' }),
      // A NUL or a lone surrogate is refused on its field too (the schema's union with '' names it 'invalid').
      expect.objectContaining({ field: 'items.2.trackingUrl', rule: 'invalid' }),
      expect.objectContaining({ field: 'items.3.trackingUrl', rule: 'invalid' }),
    ]);
    expect(await rows('select distinct status from orders where id = any($1::bigint[])', [open])).toEqual([
      { status: 'open' },
    ]);
  });
});

describe('a bulk change of many orders', () => {
  it('changes 500 orders in a handful of transactions, each with its history, audit row and event', async () => {
    const ids = order.takeIds(BULK_STATUS_MAX);
    await server.database.db.insert(orders).values(
      ids.map((id) => ({
        partnerId: cz,
        id,
        status: 'open',
        paymentType: 'A',
        currency: 'CZK',
        createdAt: new Date(Date.now() - 86_400_000),
      })),
    );
    // Every transaction that writes takes a transaction id: one per order was the old way (500 and more).
    // Here a group of orders per transaction, and a few for the request itself (its session, counters).
    const xid = async () => Number((await rows<{ x: string }>('select pg_current_xact_id()::text as x', []))[0]?.x);
    const before = await xid();
    const answer = await ship(ids.map((id, i) => ({ orderId: id, trackingNumber: `BULK-${i}` })));
    const spent = (await xid()) - before - 1;
    expect(answer.data?.ordersShip.outcome).toBe('statusesUpdate');
    expect(answer.data?.ordersShip.results.map((r) => Number(r.orderId))).toEqual(ids);
    expect(spent).toBeLessThan(BULK_STATUS_MAX / 10);
    const [counts] = await rows<Record<string, number>>(
      `select
        (select count(*)::int from orders where id = any($1::bigint[]) and status = 'shipped'
          and tracking_number = 'BULK-' || (id - $2::bigint)::text) as shipped,
        (select count(*)::int from order_status_history where order_id = any($1::bigint[])) as history,
        (select count(*)::int from audit_log where entity = 'order' and entity_id = any($1::text[])) as audited,
        (select count(*)::int from pgboss.job where name = $3 and (data->>'orderId')::bigint = any($1::bigint[])) as events`,
      [ids, ids[0], ORDER_STATUS_CHANGED_JOB],
    );
    expect(counts).toEqual({ shipped: 500, history: 500, audited: 500, events: 500 });

    // The bulk status change of the grid's menu works the same way.
    const beforeStatus = await xid();
    const delivered = await server.gql<{ ordersStatusUpdate: { outcome: string } }>(
      `mutation($ids: [ID!]!, $data: OrderStatusInput!) { ordersStatusUpdate(orderIds: $ids, data: $data) { outcome } }`,
      { ids, data: { status: 'delivered', deliveredAt: new Date().toISOString() } },
      { token: partnerToken, partnerId: cz },
    );
    expect(delivered.data?.ordersStatusUpdate.outcome).toBe('statusesUpdate');
    expect((await xid()) - beforeStatus - 1).toBeLessThan(BULK_STATUS_MAX / 10);
    expect(
      await rows("select count(*)::int as n from orders where id = any($1::bigint[]) and status = 'delivered'", [ids]),
    ).toEqual([{ n: 500 }]);
  });
});
