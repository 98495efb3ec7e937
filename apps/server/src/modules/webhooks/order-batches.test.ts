import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signatureBase, WEBHOOK_HEADERS } from '@pp/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import { partnerIdByShop, startTestServer, type TestServer, testConfig } from '../../test/harness';
import { demoOrderInput } from '../deliveries/intake-demo';
import { orders } from '../orders/tables';
import { deliverDueWebhooks } from './dispatch';
import { flushOrderBatches } from './order-batches';
import { webhookLogs, webhookOrderChanges, webhooks } from './tables';

/** A receiver on loopback, as the partner's system: what each POST carried. */
interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

const INTAKE_TOKEN = 'order-batches-test-intake-credential-0123456789';
let server: TestServer;
let receiver: http.Server;
let base: string;
let received: Received[] = [];
let cz: number;
let sk: number;
let czToken: string;
let skToken: string;
let nextOrderId = 4_700_000_000_000;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  server = await startTestServer({ config: { webhooks: { allowPrivateUrls: true, timeoutMs: 2000 } } });
  server.app.platform.config.marketplace.intakeTokenHash = createHash('sha256').update(INTAKE_TOKEN).digest();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  // The demo's own hooks are not these tests' receivers.
  await server.database.db.delete(webhooks);
  czToken = (await server.login('partner@demo.test')).token;
  skToken = (await server.login('multi@demo.test')).token;
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});
beforeEach(async () => {
  await server.database.db.delete(webhooks);
  received = [];
});

const CREATE = `mutation($data: WebhookInput!) { webhookCreate(data: $data) { secret webhook { id event } } }`;

async function createHook(options: { token?: string; partnerId?: number; event?: string } = {}) {
  const result = await server.gql<{ webhookCreate: { secret: string; webhook: { id: string } } }>(
    CREATE,
    { data: { url: `${base}/orders`, event: options.event ?? 'ORDERS_CHANGED', isEnabled: true } },
    { token: options.token ?? czToken, partnerId: options.partnerId ?? cz },
  );
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return { id: Number(result.data.webhookCreate.webhook.id), secret: result.data.webhookCreate.secret };
}

/** An order the marketplace sends in (its intake), unconfirmed until the customer pays. */
async function intakeOrder(partnerId = cz, shopId: 'CZ10MA' | 'SK10MA' = 'CZ10MA'): Promise<number> {
  const id = nextOrderId++;
  const answer = await server.app.app.inject({
    method: 'POST',
    url: '/internal/marketplace/orders',
    headers: { authorization: `Bearer ${INTAKE_TOKEN}` },
    payload: { ...demoOrderInput({ id: partnerId, shopId }, id, () => 0.3), confirmed: false } as object,
  });
  expect(answer.statusCode).toBe(201);
  return id;
}

async function confirmByMarketplace(orderId: number): Promise<void> {
  const answer = await server.app.app.inject({
    method: 'POST',
    url: `/internal/marketplace/orders/${orderId}/events`,
    headers: { authorization: `Bearer ${INTAKE_TOKEN}` },
    payload: { partnerId: cz, event: { type: 'confirmation', confirmed: true } },
  });
  expect(answer.statusCode).toBeLessThan(300);
}

/** An open, confirmed order already there before the test's hook exists. */
async function existingOrder(partnerId = cz): Promise<number> {
  const id = nextOrderId++;
  await server.database.db.insert(orders).values({
    partnerId,
    id,
    status: 'open',
    paymentType: 'A',
    currency: 'CZK',
    customerName: 'Jana Nováková',
  });
  return id;
}

/** The partner ships the order in the portal, with a tracking number. */
async function shipInPortal(
  orderId: number,
  status: 'shipping' | 'shipped' = 'shipping',
  token = czToken,
  partnerId = cz,
) {
  const answer = await server.gql(
    `mutation($id: ID!, $status: OrderStatus!) {
      orderUpdate(orderId: $id, data: { status: $status, trackingNumber: "TRK-1" }) { id } }`,
    { id: orderId, status },
    { token, partnerId },
  );
  expect(answer.errors).toBeUndefined();
}

function verifies(secret: string, message: Received): boolean {
  const timestamp = message.headers[WEBHOOK_HEADERS.timestamp] as string;
  const expected = createHmac('sha256', secret).update(signatureBase(timestamp, message.body)).digest('hex');
  return message.headers[WEBHOOK_HEADERS.signature] === `sha256=${expected}`;
}

/** A clock minute of the tests' own: each test moves it on, so the real clock never decides. */
let minute = Math.floor(Date.now() / 60_000) * 60_000 + 600_000;
const nextMinute = (secondsIn = 5) => {
  minute += 60_000;
  return new Date(minute + secondsIn * 1000);
};

describe('order webhooks in batches', () => {
  it('sends the ids of every changed order, each once, as one signed POST of a JSON array', async () => {
    const shippedLater = await existingOrder();
    const hook = await createHook();
    const otherShop = await existingOrder(sk);
    // Created and then confirmed by the marketplace: two changes, one id.
    const created = await intakeOrder();
    await confirmByMarketplace(created);
    // Shipped in the portal with a tracking number, then marked shipped: two changes, one id.
    await shipInPortal(shippedLater, 'shipping');
    await shipInPortal(shippedLater, 'shipped');
    // Another partner's change is not this hook's business.
    await shipInPortal(otherShop, 'shipping', skToken, sk);

    expect(await flushOrderBatches(server.app.platform, nextMinute())).toEqual({ batches: 1, orders: 2 });
    await deliverDueWebhooks(server.app.platform);

    expect(received).toHaveLength(1);
    const [post] = received;
    expect(JSON.parse(post!.body)).toEqual([created, shippedLater].sort((a, b) => a - b));
    expect(post!.headers['content-type']).toBe('application/json');
    expect(post!.headers[WEBHOOK_HEADERS.event]).toBe('ORDERS_CHANGED');
    expect(verifies(hook.secret, post!)).toBe(true);
    // The batch is in the hook's logs like any other delivery.
    const logs = await server.database.db.select().from(webhookLogs).where(eq(webhookLogs.webhookId, hook.id));
    expect(logs.map((l) => [l.event, l.sent, l.responseCode])).toEqual([['ORDERS_CHANGED', true, 200]]);
  });

  it('sends nothing when nothing changed, and a change made after this minute s batch waits for the next minute', async () => {
    const order = await existingOrder();
    await createHook();
    const now = nextMinute();
    expect(await flushOrderBatches(server.app.platform, now)).toEqual({ batches: 0, orders: 0 });
    await shipInPortal(order);
    expect(await flushOrderBatches(server.app.platform, now)).toEqual({ batches: 1, orders: 1 });
    await shipInPortal(order, 'shipped');
    // The same minute, later: the hook had its batch.
    expect(await flushOrderBatches(server.app.platform, new Date(now.getTime() + 50_000))).toEqual({
      batches: 0,
      orders: 0,
    });
    await deliverDueWebhooks(server.app.platform);
    expect(received.map((r) => JSON.parse(r.body))).toEqual([[order]]);
    expect(await flushOrderBatches(server.app.platform, nextMinute())).toEqual({ batches: 1, orders: 1 });
    await deliverDueWebhooks(server.app.platform);
    expect(received.map((r) => JSON.parse(r.body))).toEqual([[order], [order]]);
    // Nothing changed since: no POST.
    expect(await flushOrderBatches(server.app.platform, nextMinute())).toEqual({ batches: 0, orders: 0 });
    await deliverDueWebhooks(server.app.platform);
    expect(received).toHaveLength(2);
  });

  it('feeds each of the partner s ORDERS_CHANGED hooks, and none subscribed to another event or disabled', async () => {
    const order = await existingOrder();
    const first = await createHook();
    const second = await createHook();
    await createHook({ event: 'ORDER_STATUS_CHANGED' });
    const disabled = await createHook();
    await server.database.db.update(webhooks).set({ isEnabled: false }).where(eq(webhooks.id, disabled.id));
    await shipInPortal(order);
    expect(await flushOrderBatches(server.app.platform, nextMinute())).toEqual({ batches: 2, orders: 2 });
    await deliverDueWebhooks(server.app.platform);
    const byHook = received.map((r) => [verifies(first.secret, r) || verifies(second.secret, r), JSON.parse(r.body)]);
    expect(byHook).toEqual([
      [true, [order]],
      [true, [order]],
    ]);
  });
});

describe('batches across restarts and processes', () => {
  let second: App;
  beforeAll(async () => {
    second = await buildApp({
      config: testConfig({ databaseUrl: server.url, jobsEnabled: false, webhooks: { allowPrivateUrls: true } }),
      database: server.database,
    });
  });
  afterAll(async () => second?.close());

  it('keeps the changed ids in the database, so another process (or this one restarted) sends them', async () => {
    const order = await existingOrder();
    const hook = await createHook();
    await shipInPortal(order);
    const noted = await server.database.db
      .select({ orderId: webhookOrderChanges.orderId })
      .from(webhookOrderChanges)
      .where(eq(webhookOrderChanges.webhookId, hook.id));
    expect(noted).toEqual([{ orderId: order }]);
    expect(await flushOrderBatches(second.platform, nextMinute())).toEqual({ batches: 1, orders: 1 });
    await deliverDueWebhooks(second.platform);
    expect(received.map((r) => JSON.parse(r.body))).toEqual([[order]]);
    expect(verifies(hook.secret, received[0]!)).toBe(true);
  });

  it('makes exactly one batch a minute when two processes run the job together', async () => {
    const orderIds = [await existingOrder(), await existingOrder(), await existingOrder()];
    await createHook();
    for (const id of orderIds) await shipInPortal(id);
    const now = nextMinute();
    const runs = await Promise.all([
      flushOrderBatches(server.app.platform, now),
      flushOrderBatches(second.platform, now),
      flushOrderBatches(server.app.platform, new Date(now.getTime() + 1000)),
    ]);
    expect(runs.reduce((sum, r) => sum + r.batches, 0)).toBe(1);
    expect(runs.reduce((sum, r) => sum + r.orders, 0)).toBe(3);
    await Promise.all([deliverDueWebhooks(server.app.platform), deliverDueWebhooks(second.platform)]);
    expect(received.map((r) => JSON.parse(r.body))).toEqual([orderIds]);
  });
});
