import { formatWireDate, LANGUAGES, parseWireDate } from '@pp/domain';
import Ajv2020 from 'ajv/dist/2020';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../platform/i18n';
import { DEMO_API_CLIENT_ID } from '../../../seed/partner-area/api';
import { partnerIdByShop, startTestServer, type TestServer } from '../../../test/harness';
import { orders } from '../../orders/tables';
import { issueKey } from './test-v1';

let server: TestServer;
let cz: number;
let sk: number;
const demo = DEMO_API_CLIENT_ID;
const WIRE_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** A call as the marketplace's PHP client makes it: JSON body on every method (`[]` when empty), client_id last. */
function call(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body: unknown = [],
  options: { clientId?: string; lang?: string } = {},
): Promise<LightMyRequestResponse> {
  const join = path.includes('?') ? '&' : '?';
  return server.app.app.inject({
    method,
    url: `${path}${join}client_id=${encodeURIComponent(options.clientId ?? demo)}`,
    headers: { 'accept-language': options.lang ?? 'en', 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
const get = (path: string, options: { clientId?: string; lang?: string } = {}) => call('GET', path, [], options);
const put = (path: string, body: unknown, options: { clientId?: string; lang?: string } = {}) =>
  call('PUT', path, body, options);

type Basic = {
  id: number;
  status: string;
  confirmed: boolean;
  created: string;
  test: boolean;
  tracking_number: string | null;
  ship_date: string | null;
};
const basic = async (query: string) => {
  const size = query.includes('page_size=') ? '' : 'page_size=500&';
  const answer = await get(`/v1/orders?filter=basic&${size}${query}`);
  expect(answer.statusCode, query).toBe(200);
  return answer.json().data as Basic[];
};

/** Orders of a partner picked by SQL (the fixture's own choice, never what the API says). */
async function orderIds(where: string, partnerId = cz, limit = 5): Promise<number[]> {
  const { rows } = await server.database.executeSql(
    `select id::text as id from orders where partner_id = $1 and ${where} order by id desc limit ${limit}`,
    [partnerId],
  );
  return (rows as { id: string }[]).map((r) => Number(r.id));
}

function refusal(answer: LightMyRequestResponse) {
  const body = answer.json();
  return { status: answer.statusCode, code: body.errorCodes?.[0]?.errorCode as string, body };
}

const PORTAL_ORDER = `query($id: ID!) { order(orderId: $id) {
  status trackingNumber trackingUrl items { id serialNumbers } statusHistory { status source trackingNumber } } }`;

async function portalOrder(id: number) {
  const { token } = await server.login('partner@demo.test');
  const result = await server.gql<{
    order: {
      status: string;
      trackingNumber: string | null;
      trackingUrl: string | null;
      items: { id: string; serialNumbers: string[] }[];
      statusHistory: { status: string; source: string; trackingNumber: string | null }[];
    };
  }>(PORTAL_ORDER, { id: String(id) }, { token, partnerId: cz });
  expect(result.errors).toBeUndefined();
  return result.data!.order;
}

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
});
afterAll(async () => server?.close());

describe('the demo seed (issue 20 point 11)', () => {
  it('keeps unconfirmed open orders for partner@demo.test, listed by the demo client id', async () => {
    const answer = await get('/v1/orders/unconfirmed?filter=basic&page_size=500');
    expect(answer.statusCode).toBe(200);
    const waiting = answer.json().data as Basic[];
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((o) => o.status === 'open' && !o.confirmed && !o.test)).toBe(true);
    // The same orders as the list's own filter, in the same order.
    expect((await basic('confirmed=eq:false&status=eq:open')).map((o) => o.id)).toEqual(waiting.map((o) => o.id));
    expect((await get('/v1/orders/unconfirmed?page_size=500')).json().data).toEqual(waiting.map((o) => o.id));
  });
});

describe('the order list', () => {
  it('writes each basic order as its detail says, dates in Prague time in summer and in winter', async () => {
    // Two orders moved to moments either side of the summer-time change (and delivered), and one with COD cents.
    const [summer, winter] = await orderIds("not is_test and status = 'delivered'", cz, 2);
    const moments = { [summer!]: new Date('2026-07-01T22:30:05Z'), [winter!]: new Date('2026-01-15T23:30:00Z') };
    for (const [id, at] of Object.entries(moments)) {
      await server.database.db
        .update(orders)
        .set({ createdAt: at, deliveredAt: at, cod: 1234.5 })
        .where(eq(orders.id, Number(id)));
    }
    const listed = (await get(`/v1/orders?filter=basic&id=in:${summer},${winter}`)).json().data as Record<
      string,
      unknown
    >[];
    expect(listed).toHaveLength(2);
    for (const order of listed) {
      const detail = (await get(`/v1/orders/${order.id}`)).json().data;
      const fields = Object.keys(order).filter((key) => key !== 'customer' && key !== 'customer_id');
      expect(order, String(order.id)).toEqual({
        ...Object.fromEntries(fields.map((key) => [key, detail[key]])),
        customer: detail.address.name,
        customer_id: null,
      });
      const at = moments[order.id as number]!;
      expect(order.created).toBe(formatWireDate(at));
      expect(order.cod).toBe(1234.5);
    }
    // 22:30 UTC on 1 July is half past midnight of 2 July in Prague (UTC+2); 23:30 UTC on 15 January is 00:30 on 16.
    expect(listed.find((o) => o.id === summer)!.created).toBe('2026-07-02 00:30:05');
    expect(listed.find((o) => o.id === winter)!.delivered_at).toBe('2026-01-16 00:30:00');
  });

  it('lists ids newest first, or basic orders with filter=basic, page by page', async () => {
    const first = (await get('/v1/orders?page_size=5')).json();
    expect(first.data).toHaveLength(5);
    expect(first.data).toEqual([...first.data].sort((a: number, b: number) => b - a));
    expect(first.paging).toMatchObject({ size: 5, page: 1, pages: Math.ceil(first.paging.total / 5) });
    const second = (await get('/v1/orders?page=2&page_size=5')).json();
    expect(second.paging.page).toBe(2);
    expect(Math.max(...second.data)).toBeLessThan(Math.min(...first.data));
    const orders = await basic('page_size=5');
    expect(orders.map((o) => o.id)).toEqual(first.data);
    expect(orders[0]).toEqual({
      id: expect.any(Number),
      purchase_id: expect.any(String),
      external_id: expect.toBeOneOf([null, expect.any(String)]),
      customer_id: null,
      customer: expect.any(String),
      cod: expect.any(Number),
      payment_type: expect.any(String),
      ship_date: expect.toBeOneOf([null, expect.stringMatching(WIRE_DATE)]),
      tracking_number: expect.toBeOneOf([null, expect.any(String)]),
      tracking_url: expect.toBeOneOf([null, expect.any(String)]),
      delivered_at: expect.toBeOneOf([null, expect.stringMatching(WIRE_DATE)]),
      created: expect.stringMatching(WIRE_DATE),
      status: expect.any(String),
      confirmed: expect.any(Boolean),
      test: false,
      mdp: expect.any(Boolean),
    });
  });

  it('reads the query the marketplace’s PHP client builds (bare value, ne, list, two sort columns, page)', async () => {
    // Filter::buildFilterQuery: `column=value` for the operator-less item, `column=op:v1,v2` otherwise.
    const query =
      'filter=basic&confirmed=true&status=nin:shipped,delivered&payment_type=ne:B&_sort=created:asc,id:desc&page=1&page_size=50';
    const answer = await get(`/v1/orders?${query}`);
    expect(answer.statusCode).toBe(200);
    const rows = answer.json().data as (Basic & { payment_type: string })[];
    expect(rows.length).toBeGreaterThan(0);
    expect(
      rows.every((o) => o.confirmed && !['shipped', 'delivered'].includes(o.status) && o.payment_type !== 'B'),
    ).toBe(true);
    expect(rows.map((o) => o.created)).toEqual([...rows.map((o) => o.created)].sort());
  });

  it('filters with every operator, as the orders grid does', async () => {
    const total = async (query: string) => (await get(`/v1/orders?page_size=1&${query}`)).json().paging.total as number;
    // The newest hundred orders: a window every id filter runs inside, so each answer fits one page.
    const pivot = (await basic('_sort=created:desc&page_size=100')).at(-1)!.created;
    const window = `created=ge:${encodeURIComponent(pivot)}`;
    const all = await basic(`${window}&_sort=id:asc`);
    expect(all.length).toBeGreaterThan(20);
    const ids = all.map((o) => o.id);
    const [a, b] = [ids[5]!, ids[15]!];
    const idsOf = async (query: string) => (await basic(`${window}&_sort=id:asc&${query}`)).map((o) => o.id);
    expect(await idsOf(`id=eq:${a}`)).toEqual([a]);
    expect(await idsOf(`id=${a}`)).toEqual([a]);
    expect(await idsOf(`id=neq:${a}`)).toEqual(ids.filter((id) => id !== a));
    expect(await idsOf(`id=gt:${a}`)).toEqual(ids.filter((id) => id > a));
    expect(await idsOf(`id=ge:${a}`)).toEqual(ids.filter((id) => id >= a));
    expect(await idsOf(`id=lt:${b}`)).toEqual(ids.filter((id) => id < b));
    expect(await idsOf(`id=le:${b}`)).toEqual(ids.filter((id) => id <= b));
    expect(await idsOf(`id=in:${a},${b}`)).toEqual([a, b]);
    expect(await idsOf(`id=nin:${a},${b}`)).toEqual(ids.filter((id) => id !== a && id !== b));
    expect(await idsOf(`id=bt:${a},${b}`)).toEqual(ids.filter((id) => id >= a && id <= b));
    expect(await idsOf(`id=nbt:${a},${b}`)).toEqual(ids.filter((id) => id < a || id > b));

    // Statuses, one and many.
    expect((await basic('status=eq:open')).every((o) => o.status === 'open')).toBe(true);
    expect((await basic('status=neq:open')).some((o) => o.status === 'open')).toBe(false);
    const shippedOrDelivered = await basic('status=in:shipped,delivered');
    expect(shippedOrDelivered.length).toBeGreaterThan(0);
    expect(shippedOrDelivered.every((o) => ['shipped', 'delivered'].includes(o.status))).toBe(true);
    expect(shippedOrDelivered.length + (await total('status=nin:shipped,delivered'))).toBe(await total(''));

    // Dates in the wire's format, Prague time, over the whole book.
    const everything = await total('');
    const byCreated = [...all].sort((x, y) => x.created.localeCompare(y.created));
    const [from, to] = [byCreated[4]!.created, byCreated[12]!.created];
    const range = encodeURIComponent(`${from},${to}`);
    const inside = await basic(`created=bt:${range}`);
    expect(inside.map((o) => o.id).sort()).toEqual(
      all
        .filter((o) => o.created >= from && o.created <= to)
        .map((o) => o.id)
        .sort(),
    );
    const outside = await basic(`created=nbt:${range}`);
    expect(outside.every((o) => o.created < from || o.created > to)).toBe(true);
    expect(inside.length + (await total(`created=nbt:${range}`))).toBe(everything);
    expect(await total(`created=ge:${encodeURIComponent(from)}`)).toBe(all.filter((o) => o.created >= from).length);
    expect(await total(`created=lt:${encodeURIComponent(from)}`)).toBe(
      everything - all.filter((o) => o.created >= from).length,
    );
    const day = all.find((o) => o.ship_date)!.ship_date!.slice(0, 10);
    const sameDay = await basic(`ship_date=eq:${day}`);
    expect(sameDay.length).toBeGreaterThan(0);
    expect(sameDay.every((o) => o.ship_date === `${day} 00:00:00`)).toBe(true);

    // $null: no value, and neq:$null: some value.
    const untracked = await basic(`${window}&tracking_number=$null`);
    const tracked = await basic(`${window}&tracking_number=neq:$null`);
    expect(untracked.every((o) => o.tracking_number === null || o.tracking_number === '')).toBe(true);
    expect(tracked.every((o) => !!o.tracking_number)).toBe(true);
    expect(untracked.length + tracked.length).toBe(all.length);
    expect(untracked.length * tracked.length).toBeGreaterThan(0);

    // Booleans as true/false/1/0.
    const unconfirmed = await total('confirmed=eq:0');
    expect(unconfirmed).toBeGreaterThan(0);
    expect(unconfirmed + (await total('confirmed=1'))).toBe(everything);
    expect((await basic('confirmed=false')).every((o) => !o.confirmed)).toBe(true);
  });

  it('sorts ascending and descending by the column named', async () => {
    const asc = await basic('_sort=created:asc&page_size=30');
    const desc = await basic('_sort=created:desc&page_size=30');
    expect(asc.map((o) => o.created)).toEqual([...asc.map((o) => o.created)].sort());
    expect(desc.map((o) => o.created)).toEqual([...desc.map((o) => o.created)].sort().reverse());
    expect(asc[0]!.created < desc[0]!.created).toBe(true);
  });

  it('shows test orders only when asked with test=1', async () => {
    const [id] = await orderIds(`status = 'open' and confirmed and not is_test`, cz, 1);
    const testId = 9_000_000_000_777;
    const [source] = await server.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.partnerId, cz), eq(orders.id, id!)));
    await server.database.db.insert(orders).values({ ...source!, id: testId, isTest: true });
    expect((await basic('')).some((o) => o.id === testId)).toBe(false);
    const tests = await basic('test=1');
    expect(tests.map((o) => o.id)).toContain(testId);
    expect(tests.every((o) => o.test)).toBe(true);
    expect((await basic('test=0')).some((o) => o.test)).toBe(false);
  });

  it('refuses what a filter cannot read, naming the column', async () => {
    for (const [query, field] of [
      ['created=gt:yesterday', 'query.created'],
      ['id=nbt:1', 'query.id'],
      ['id=bt:1,2,3', 'query.id'],
      ['_sort=customer_id:asc', 'query._sort'],
      // A value the grid's column refuses is named by the grid's own field.
      ['status=eq:nonsense', 'status'],
    ] as const) {
      const answer = await get(`/v1/orders?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().errorCodes[0].errorCode, query).toBe('VALIDATION_ERROR');
      expect(String(answer.json().errorCodes[0].errorAttributes.field), query).toContain(field);
    }
  });

  it('lists only the key’s partner’s orders', async () => {
    const ids = (await get('/v1/orders?page_size=500')).json().data as number[];
    const { rows } = await server.database.executeSql(
      'select count(*)::int as n from orders where id = any($1::bigint[]) and partner_id <> $2',
      [ids, cz],
    );
    expect((rows[0] as { n: number }).n).toBe(0);
  });
});

describe('order statistics', () => {
  it('counts the orders of the asked days by status, as the list counts them', async () => {
    const answer = await get('/v1/orders/stats?days=30');
    expect(answer.statusCode).toBe(200);
    const stats = answer.json().data as Record<string, number>;
    expect(Object.keys(stats).sort()).toEqual(
      ['blocked', 'cancelled', 'delivered', 'lost', 'open', 'returned', 'shipped', 'shipping'].sort(),
    );
    // The window starts 30 days before the call: between the lists of a minute less and a minute more.
    const listed = async (status: string, shift: number) => {
      const since = formatWireDate(new Date(Date.now() - 30 * 86_400_000 + shift));
      const page = await get(`/v1/orders?status=${status}&created=ge:${encodeURIComponent(since)}&page_size=1`);
      return page.json().paging.total as number;
    };
    for (const status of ['open', 'shipped', 'delivered', 'cancelled']) {
      expect(stats[status], status).toBeGreaterThanOrEqual(await listed(status, 60_000));
      expect(stats[status], status).toBeLessThanOrEqual(await listed(status, -60_000));
    }
    const oneDay = (await get('/v1/orders/stats?days=1')).json().data as Record<string, number>;
    const total = (s: Record<string, number>) => Object.values(s).reduce((x, y) => x + y, 0);
    expect(total(oneDay)).toBeLessThanOrEqual(total(stats));
    expect(total((await get('/v1/orders/stats')).json().data)).toBe(total(stats));
    for (const days of ['0', 'abc', '366']) {
      const refused = await get(`/v1/orders/stats?days=${days}`);
      expect(refused.statusCode, days).toBe(400);
      expect(refused.json().errorCodes[0].errorAttributes.field).toBe('query.days');
    }
  });
});

describe('one order', () => {
  it('answers the full order as the client reads it', async () => {
    const [id] = await orderIds(`status = 'delivered' and not is_test`, cz, 1);
    const answer = await get(`/v1/orders/${id}`);
    expect(answer.statusCode).toBe(200);
    const order = answer.json().data;
    expect(order).toMatchObject({
      id,
      purchase_id: expect.any(String),
      currency: 'CZK',
      status: 'delivered',
      confirmed: true,
      test: false,
      cod: expect.any(Number),
      cod_price: expect.any(Number),
      delivery_price: expect.any(Number),
      discount: expect.any(Number),
      payment_type: expect.any(String),
      delivery_method: expect.any(String),
      delivery_method_id: expect.any(String),
      created: expect.stringMatching(WIRE_DATE),
      delivered_at: expect.stringMatching(WIRE_DATE),
      delivered: expect.stringMatching(WIRE_DATE),
      shipped: expect.stringMatching(WIRE_DATE),
      address: {
        customer_id: null,
        name: expect.any(String),
        phone: expect.any(String),
        email: expect.any(String),
        street: expect.any(String),
        city: expect.any(String),
        zip: expect.any(String),
        country: expect.any(String),
      },
      branches: { branch_id: order.branch_id },
      ulozenka_status_history: expect.any(Array),
    });
    expect(order.items.length).toBeGreaterThan(0);
    for (const item of order.items) {
      expect(item).toMatchObject({
        id: expect.stringMatching(/^\d+$/),
        title: expect.any(String),
        quantity: expect.any(Number),
        price: expect.any(Number),
        vat: expect.any(Number),
        serial_numbers: expect.any(Array),
      });
    }
    // The moment of the delivery is the order's own, in Prague time.
    const [row] = await server.database.db
      .select({ deliveredAt: orders.deliveredAt })
      .from(orders)
      .where(and(eq(orders.partnerId, cz), eq(orders.id, id!)));
    expect(parseWireDate(order.delivered_at)?.getTime()).toBe(Math.floor(row!.deliveredAt!.getTime() / 1000) * 1000);
  });

  it('answers ORDER_ID_INVALID for a malformed id and 404 for an unknown or another partner’s order', async () => {
    const [foreign] = await orderIds('true', sk, 1);
    for (const path of [`/v1/orders/${foreign}`, '/v1/orders/999999999999']) {
      const answer = refusal(await get(path));
      expect(answer, path).toMatchObject({ status: 404, code: 'ORDER_NOT_FOUND' });
      const change = refusal(await put(path, { status: 'shipping' }));
      expect(change, path).toMatchObject({ status: 404, code: 'ORDER_NOT_FOUND' });
      const tracking = refusal(await put(`${path}/tracking`, { tracking_number: 'T1' }));
      expect(tracking, path).toMatchObject({ status: 404, code: 'ORDER_NOT_FOUND' });
    }
    for (const id of ['abc', '0', '-5', '1.5', '99999999999999999999', '%00', '1%20or%201']) {
      expect(refusal(await get(`/v1/orders/${id}`)), id).toMatchObject({ status: 400, code: 'ORDER_ID_INVALID' });
      expect(refusal(await put(`/v1/orders/${id}`, { status: 'shipped' })), id).toMatchObject({
        status: 400,
        code: 'ORDER_ID_INVALID',
      });
    }
  });
});

describe('changing an order', () => {
  it('answers 400 for a body that is not JSON, never 500', async () => {
    const [id] = await orderIds(`status = 'open' and confirmed and not is_test`);
    for (const body of ['{"status":', 'status=shipped', '"shipped"', '42']) {
      const answer = await call('PUT', `/v1/orders/${id}`, body);
      expect(answer.statusCode, body).toBe(400);
      expect(answer.json().errorCodes.length, body).toBeGreaterThan(0);
    }
  });

  it('ships an order with tracking, seen in the portal with the API as the source', async () => {
    const [id] = await orderIds(`status = 'open' and confirmed and not is_test and not is_mall_delivery`);
    const answer = await put(`/v1/orders/${id}`, {
      status: 'shipped',
      tracking_number: 'TRK-2026_001',
      tracking_url: 'https://track.example/TRK-2026_001',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({
      id,
      status: 'shipped',
      tracking_number: 'TRK-2026_001',
      tracking_url: 'https://track.example/TRK-2026_001',
      shipped: expect.stringMatching(WIRE_DATE),
    });
    const portal = await portalOrder(id!);
    expect(portal).toMatchObject({
      status: 'shipped',
      trackingNumber: 'TRK-2026_001',
      trackingUrl: 'https://track.example/TRK-2026_001',
    });
    expect(portal.statusHistory.at(-1)).toEqual({ status: 'shipped', source: 'api', trackingNumber: 'TRK-2026_001' });

    // The carrier's corrected number, without a move: by /tracking and by the same status again.
    const tracked = await put(`/v1/orders/${id}/tracking`, { tracking_number: 'TRK-2026_002', tracking_url: '' });
    expect(tracked.statusCode).toBe(200);
    expect(await portalOrder(id!)).toMatchObject({
      status: 'shipped',
      trackingNumber: 'TRK-2026_002',
      trackingUrl: null,
    });
    await put(`/v1/orders/${id}`, { status: 'shipped', tracking_number: 'TRK-2026_003' });
    const again = await portalOrder(id!);
    expect(again.trackingNumber).toBe('TRK-2026_003');
    expect(again.statusHistory.filter((h) => h.status === 'shipped')).toHaveLength(1);

    // Delivered with the client's dates (its DATE_TIME_FORMAT), then final.
    const deliveredAt = formatWireDate(new Date());
    const delivered = await put(`/v1/orders/${id}`, {
      status: 'delivered',
      delivered_at: deliveredAt,
      first_delivery_attempt: deliveredAt,
    });
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json().data).toMatchObject({
      status: 'delivered',
      delivered_at: deliveredAt,
      first_delivery_attempt: deliveredAt,
    });
    expect((await portalOrder(id!)).status).toBe('delivered');
    expect(refusal(await put(`/v1/orders/${id}`, { status: 'returned' }))).toMatchObject({ status: 400 });
    expect(refusal(await put(`/v1/orders/${id}/tracking`, { tracking_number: 'LATE' }))).toMatchObject({
      status: 400,
      code: 'INVALID_OPERATION',
    });
  });

  it('acknowledges an order the marketplace confirmed and changes nothing', async () => {
    const [id] = await orderIds(`status = 'shipping' and confirmed and not is_test`);
    const answer = await put(`/v1/orders/${id}`, { confirmed: true });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ id, status: 'shipping', confirmed: true });
    expect((await portalOrder(id!)).status).toBe('shipping');
  });

  it('refuses with every partner-API order error of the spec, translated, and changes nothing', async () => {
    const [open] = await orderIds(`status = 'open' and confirmed and not is_test and not is_mall_delivery`);
    const [waiting] = await orderIds(`status = 'open' and not confirmed`);
    const [shipping] = await orderIds(`status = 'shipping'`);
    const [blocked] = await orderIds(`status = 'blocked'`);
    const [cancelled] = await orderIds(`status = 'cancelled'`);
    const [mdp] = await orderIds(`status = 'shipped' and not is_test`);
    await server.database.db
      .update(orders)
      .set({ isMallDelivery: true })
      .where(and(eq(orders.partnerId, cz), eq(orders.id, mdp!)));

    const cases: [string, number, unknown, number, string][] = [
      ['confirmed false', open!, { confirmed: false }, 400, 'ORDER_INVALID_CONFIRMED_VALUE'],
      ['confirmed maybe', open!, { confirmed: 'maybe', status: 'shipping' }, 400, 'ORDER_INVALID_CONFIRMED_VALUE'],
      [
        'tracking format',
        open!,
        { status: 'shipped', tracking_number: 'TRK 1/2' },
        400,
        'ORDER_INVALID_TRACKING_NUMBER',
      ],
      ['nothing to do', open!, {}, 400, 'ORDER_MISSING_CONFIRMED_AND_STATUS'],
      ['empty PHP array', open!, [], 400, 'ORDER_MISSING_CONFIRMED_AND_STATUS'],
      ['only tracking', open!, { tracking_number: 'TRK1' }, 400, 'ORDER_MISSING_CONFIRMED_AND_STATUS'],
      ['unknown status', open!, { status: 'teleported' }, 400, 'VALIDATION_ERROR'],
      ['back to open', shipping!, { status: 'open' }, 400, 'INVALID_OPERATION'],
      ['MDP shipped', mdp!, { status: 'delivered' }, 409, 'ORDER_MDP_SHIPPED_CANNOT_CHANGE'],
      ['blocked', blocked!, { status: 'shipping' }, 409, 'ORDER_BLOCKED_STATUS_CANNOT_CHANGE'],
      ['blocked opened', blocked!, { status: 'open' }, 409, 'ORDER_BLOCKED_STATUS_CANNOT_CHANGE'],
      ['unconfirmed', waiting!, { status: 'shipped', tracking_number: 'TRK1' }, 409, 'ORDER_UNCONFIRMED_CANNOT_CHANGE'],
      ['unconfirmed confirmed', waiting!, { confirmed: true }, 409, 'ORDER_UNCONFIRMED_CANNOT_CHANGE'],
      ['cancelled', cancelled!, { status: 'shipped' }, 409, 'ORDER_CANCELLED'],
    ];
    for (const [name, id, body, status, code] of cases) {
      const before = await portalOrder(id);
      const answer = refusal(await put(`/v1/orders/${id}`, body));
      expect(answer.status, name).toBe(status);
      expect(answer.code, name).toBe(code);
      expect(answer.body.result).toMatchObject({ code: status, status: 'ERROR' });
      expect(answer.body.result.message, name).toBe(translate('en', `errors.${code}`));
      expect(await portalOrder(id), name).toEqual(before);
    }
    // A date the wire format cannot read, and a delivery the order rules refuse.
    const future = formatWireDate(new Date(Date.now() + 86_400_000));
    expect(refusal(await put(`/v1/orders/${open}`, { status: 'shipped' })).status).toBe(200);
    expect(refusal(await put(`/v1/orders/${open}`, { status: 'delivered', delivered_at: 'yesterday' }))).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
    });
    expect(refusal(await put(`/v1/orders/${open}`, { status: 'delivered', delivered_at: future }))).toMatchObject({
      status: 400,
      code: 'DELIVERY_DATE_IN_FUTURE',
    });

    // The message in the caller's language, in every language the portal speaks.
    const czech = refusal(await put(`/v1/orders/${blocked}`, { status: 'shipping' }, { lang: 'cs' }));
    expect(czech.body.errorCodes[0].message).toBe(translate('cs', 'errors.ORDER_BLOCKED_STATUS_CANNOT_CHANGE'));
    for (const code of new Set(cases.map((c) => c[4]))) {
      const texts = LANGUAGES.map((lang) => translate(lang, `errors.${code}`));
      expect(
        texts.every((t) => t !== `errors.${code}` && t.length > 0),
        code,
      ).toBe(true);
      expect(new Set(texts).size, code).toBeGreaterThan(3);
    }
  });

  it('refuses a tracking number of the wrong format on /tracking, and an order that cannot take one', async () => {
    const [shipping] = await orderIds(`status = 'shipping' and confirmed and not is_test and not is_mall_delivery`);
    const [blocked] = await orderIds(`status = 'blocked'`);
    for (const body of [{ tracking_number: 'no spaces allowed' }, { tracking_url: 'https://x.example' }, []]) {
      expect(refusal(await put(`/v1/orders/${shipping}/tracking`, body)), JSON.stringify(body)).toMatchObject({
        status: 400,
        code: 'ORDER_INVALID_TRACKING_NUMBER',
      });
    }
    expect(
      refusal(await put(`/v1/orders/${shipping}/tracking`, { tracking_number: 'OK1', tracking_url: 'javascript:x' })),
    ).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(refusal(await put(`/v1/orders/${blocked}/tracking`, { tracking_number: 'OK1' }))).toMatchObject({
      status: 409,
      code: 'ORDER_BLOCKED_STATUS_CANNOT_CHANGE',
    });
    const ok = await put(`/v1/orders/${shipping}/tracking`, {
      tracking_number: 'OK-1',
      tracking_url: 'https://t.example/1',
    });
    expect(ok.statusCode).toBe(200);
    expect(await portalOrder(shipping!)).toMatchObject({
      status: 'shipping',
      trackingNumber: 'OK-1',
      trackingUrl: 'https://t.example/1',
    });
  });
});

describe('serial numbers', () => {
  it('sets an item’s serial numbers, seen in the portal, and refuses blanks and unknown items', async () => {
    const [id] = await orderIds(`status = 'shipped' and not is_test and not is_mall_delivery`);
    const itemId = (await get(`/v1/orders/${id}`)).json().data.items[0].id as string;
    const path = `/v1/orders/${id}/items/${itemId}/serial-numbers`;
    const answer = await put(path, ['SN-001', 'SN-002', 'SN-001']);
    expect(answer.statusCode).toBe(200);
    const item = answer.json().data.items.find((i: { id: string }) => i.id === itemId);
    expect(item.serial_numbers).toEqual(['SN-001', 'SN-002']);
    expect((await portalOrder(id!)).items.find((i) => i.id === itemId)?.serialNumbers).toEqual(['SN-001', 'SN-002']);

    expect(refusal(await put(path, ['SN-003', '  ']))).toMatchObject({ status: 400, code: 'MISSING_SERIAL_NUMBER' });
    expect(refusal(await put(`/v1/orders/${id}/items/424242/serial-numbers`, ['SN']))).toMatchObject({
      status: 400,
      code: 'MISSING_ITEM_ID',
    });
    const [foreign] = await orderIds('true', sk, 1);
    expect(refusal(await put(`/v1/orders/${foreign}/items/${itemId}/serial-numbers`, ['SN']))).toMatchObject({
      status: 404,
      code: 'ORDER_NOT_FOUND',
    });
    expect((await portalOrder(id!)).items.find((i) => i.id === itemId)?.serialNumbers).toEqual(['SN-001', 'SN-002']);
    expect((await put(path, [])).json().data.items.find((i: { id: string }) => i.id === itemId).serial_numbers).toEqual(
      [],
    );
  });
});

describe('labels', () => {
  it('answers the labels as a base64 PDF with each parcel’s barcode', async () => {
    const ids = await orderIds(`status in ('shipping', 'shipped') and confirmed and not is_test`, cz, 2);
    const answer = await call('POST', '/v1/orders/labels', {
      labels_type: 'pdf',
      first_position: 2,
      labels_per_page: 4,
      labels: [
        { order_id: ids[0], parcel_count: 2 },
        { order_id: ids[1], parcel_count: 1 },
      ],
    });
    expect(answer.statusCode).toBe(200);
    const data = answer.json().data as { orders: { order_id: number; barcodes: string[] }[]; labels_raw: string };
    expect(data.orders.map((o) => o.order_id)).toEqual(ids);
    expect(data.orders[0]!.barcodes).toEqual([`${ids[0]}001`, `${ids[0]}002`]);
    expect(data.orders[1]!.barcodes).toHaveLength(1);
    const pdf = Buffer.from(data.labels_raw, 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const zpl = await call('POST', '/v1/orders/labels', { labels_type: 'zpl', labels: [{ order_id: ids[0] }] });
    expect(zpl.statusCode).toBe(200);
    const text = Buffer.from(zpl.json().data.labels_raw, 'base64').toString('utf8');
    expect(text.startsWith('^XA')).toBe(true);
  });

  it('refuses an order without a consignment, another partner’s order and a bad request', async () => {
    const [waiting] = await orderIds(`status = 'open' and not confirmed`);
    const [foreign] = await orderIds('true', sk, 1);
    const labels = (body: unknown) => call('POST', '/v1/orders/labels', body).then(refusal);
    expect(await labels({ labels_type: 'pdf', labels: [{ order_id: waiting, parcel_count: 1 }] })).toMatchObject({
      status: 400,
      code: 'CONSIGNMENT_MISSING',
    });
    expect(await labels({ labels_type: 'pdf', labels: [{ order_id: foreign }] })).toMatchObject({
      status: 404,
      code: 'ORDER_NOT_FOUND',
    });
    for (const body of [
      { labels_type: 'png', labels: [{ order_id: waiting }] },
      { labels_type: 'pdf', labels: [] },
      { labels_type: 'pdf', labels_per_page: 2, labels: [{ order_id: waiting }] },
      { labels_type: 'pdf', first_position: 5, labels: [{ order_id: waiting }] },
      { labels_type: 'pdf', labels: [{ order_id: waiting, parcel_count: 0 }] },
    ]) {
      expect(await labels(body), JSON.stringify(body)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    }
  });
});

describe('rights', () => {
  it('refuses every order endpoint to a key without the orders right, and changes nothing', async () => {
    const { clientId } = await issueKey(server, 'limited@demo.test', cz, { type: 'legacy' });
    const [id] = await orderIds(`status = 'open' and confirmed and not is_test and not is_mall_delivery`);
    const before = await portalOrder(id!);
    for (const [method, path, body] of [
      ['GET', '/v1/orders', []],
      ['GET', '/v1/orders/unconfirmed', []],
      ['GET', '/v1/orders/stats', []],
      ['GET', `/v1/orders/${id}`, []],
      ['PUT', `/v1/orders/${id}`, { status: 'shipping' }],
      ['PUT', `/v1/orders/${id}/tracking`, { tracking_number: 'X1' }],
      ['PUT', `/v1/orders/${id}/items/1/serial-numbers`, ['S']],
      ['POST', '/v1/orders/labels', { labels_type: 'pdf', labels: [{ order_id: id }] }],
    ] as const) {
      const answer = refusal(await call(method, path, body, { clientId }));
      expect(answer, `${method} ${path}`).toMatchObject({ status: 403, code: 'ACCESS_DENIED' });
    }
    expect(await portalOrder(id!)).toEqual(before);
  });
});

describe('the OpenAPI document', () => {
  it('describes the answers of the order endpoints, changes and labels included', async () => {
    const document = (await get('/v1/openapi.json')).json();
    // The refusals of an order that cannot change are documented as such.
    expect(document.paths['/v1/orders/{id}'].put.responses['409']).toBeDefined();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema(document, 'openapi');
    const pointer = (...parts: string[]) =>
      parts.map((p) => encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');
    const check = (path: string, method: string, answer: LightMyRequestResponse) => {
      const status = String(answer.statusCode);
      const ref =
        status === '200'
          ? `openapi#/${pointer('paths', path, method, 'responses', '200', 'content', 'application/json', 'schema')}`
          : 'openapi#/components/schemas/Error';
      const validate = ajv.compile({ $ref: ref });
      expect(validate(answer.json()) ? [] : validate.errors, `${method} ${path} ${status}`).toEqual([]);
    };
    const [shipping] = await orderIds(`status = 'shipping' and confirmed and not is_test and not is_mall_delivery`);
    const itemId = (await get(`/v1/orders/${shipping}`)).json().data.items[0].id;
    check('/v1/orders', 'get', await get('/v1/orders?filter=basic&page_size=20'));
    check('/v1/orders', 'get', await get('/v1/orders?page_size=20'));
    check('/v1/orders/unconfirmed', 'get', await get('/v1/orders/unconfirmed?filter=basic'));
    check('/v1/orders/stats', 'get', await get('/v1/orders/stats?days=7'));
    check('/v1/orders/{id}', 'get', await get(`/v1/orders/${shipping}`));
    check('/v1/orders/{id}/tracking', 'put', await put(`/v1/orders/${shipping}/tracking`, { tracking_number: 'DOC1' }));
    check(
      '/v1/orders/{id}/items/{itemId}/serial-numbers',
      'put',
      await put(`/v1/orders/${shipping}/items/${itemId}/serial-numbers`, ['DOC-SN']),
    );
    check('/v1/orders/{id}', 'put', await put(`/v1/orders/${shipping}`, { status: 'shipped' }));
    check('/v1/orders/{id}', 'put', await put(`/v1/orders/${shipping}`, { confirmed: false }));
    check(
      '/v1/orders/labels',
      'post',
      await call('POST', '/v1/orders/labels', { labels_type: 'zpl', labels: [{ order_id: shipping }] }),
    );
  });
});
