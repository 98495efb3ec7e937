import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signatureBase, WEBHOOK_BROKEN_AFTER } from '@pp/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { emitPartnerEvent } from '../events/emit';
import { ORDER_STATUS_CHANGED_JOB } from '../orders/service';
import { orders } from '../orders/tables';
import { PRODUCT_IMPORT_JOB } from '../products/xml-import';
import { partnerNotifications } from '../notifications/tables';
import { partnerContacts } from '../partner/tables';
import { deliverDueWebhooks } from './dispatch';
import { startImmediateWebhookDelivery } from './jobs';
import { webhookDeliveries, webhookLogs, webhooks } from './tables';
import { webhookDns } from './url-check';

/** What the receiver on loopback saw: headers, body, and whether the signature verified with a given secret. */
interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: TestServer;
let receiver: http.Server;
let base: string;
let received: Received[] = [];
/** Answers the receiver holds back (path /hang): released by the test or after it, never by a timer. */
let held: http.ServerResponse[] = [];
let onReceived: (() => void)[] = [];
let cz: number;
let sk: number;
let czToken: string;
let skToken: string;
const realResolve = webhookDns.resolve;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      for (const wake of onReceived) wake();
      if (path.startsWith('/hang')) {
        held.push(res);
      } else if (path.startsWith('/fail')) {
        res.statusCode = 503;
        res.end('down');
      } else if (path.startsWith('/redirect')) {
        res.statusCode = 302;
        res.setHeader('location', `${base}/ok-after-redirect`);
        res.end();
      } else {
        res.end('ok');
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  server = await startTestServer({
    // Back-offs far longer than any test: they pass only when a test moves the clock (backOffPassed).
    config: { webhooks: { allowPrivateUrls: true, timeoutMs: 300, retryDelaysMs: [60_000, 120_000] } },
  });
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  // The demo's own hooks would receive the same events: these tests count only their own.
  await server.database.db.delete(webhooks);
  czToken = (await server.login('partner@demo.test')).token;
  skToken = (await server.login('multi@demo.test')).token;
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});
afterEach(async () => {
  for (const res of held) res.end('late');
  held = [];
  webhookDns.resolve = realResolve;
  server.app.platform.config.webhooks.allowPrivateUrls = true;
  await server.database.db.delete(webhooks);
  received = [];
});

const CREATE = `mutation($data: WebhookInput!) { webhookCreate(data: $data) {
  secret webhook { id url event isEnabled status } } }`;
const LOGS = `query($id: ID!, $grid: GridInput) { webhookLogs(webhookId: $id, grid: $grid) {
  total nextCursor items { id event attempt sent responseCode isTimeout timing err } } }`;

type Created = { webhookCreate: { secret: string; webhook: { id: string; status: string } } };

async function createHook(path: string, event = 'ORDER_CREATED', options: { token?: string; partnerId?: number } = {}) {
  const result = await server.gql<Created>(
    CREATE,
    { data: { url: `${base}${path}`, event, isEnabled: true } },
    { token: options.token ?? czToken, partnerId: options.partnerId ?? cz },
  );
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return { id: Number(result.data.webhookCreate.webhook.id), secret: result.data.webhookCreate.secret };
}

async function emit(partnerId: number, type = 'ORDER_CREATED', data: Record<string, string | number> = { orderId: 1 }) {
  await server.database.db.transaction((tx) =>
    emitPartnerEvent(tx, { partnerId, type: type as 'ORDER_CREATED', data, at: new Date().toISOString() }),
  );
}

async function logsOf(webhookId: number) {
  return server.database.db
    .select()
    .from(webhookLogs)
    .where(eq(webhookLogs.webhookId, webhookId))
    .orderBy(webhookLogs.id);
}

async function deliveriesOf(webhookId: number) {
  return server.database.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(webhookDeliveries.id);
}

/** The back-off of every waiting delivery has passed: the test moves the clock instead of sleeping. */
async function backOffPassed() {
  await server.database.db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(webhookDeliveries.state, 'PENDING'));
}

/** Works deliveries as the workers would, each back-off passing at once, until none is pending. */
async function drain(maxRounds = 40) {
  for (let round = 0; round < maxRounds; round += 1) {
    await deliverDueWebhooks(server.app.platform);
    const [{ n }] = (await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.state, 'PENDING'))) as [{ n: number }];
    if (n === 0) return;
    await backOffPassed();
  }
  throw new Error('deliveries still pending');
}

/** Resolves once the receiver has seen `count` requests. */
function receivedCount(count: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (received.length < count) return;
      onReceived = onReceived.filter((w) => w !== check);
      resolve();
    };
    onReceived.push(check);
    check();
  });
}

function verifies(secret: string, r: Received): boolean {
  const timestamp = String(r.headers['x-webhook-timestamp']);
  const expected = `sha256=${createHmac('sha256', secret).update(signatureBase(timestamp, r.body)).digest('hex')}`;
  return r.headers['x-webhook-signature'] === expected;
}

describe('webhook delivery', () => {
  it('posts the event signed: the receiver verifies it with the secret shown at creation', async () => {
    const hook = await createHook('/ok');
    const before = Math.floor(Date.now() / 1000);
    await emit(cz, 'ORDER_CREATED', { orderId: 4711 });
    await drain();
    const after = Math.ceil(Date.now() / 1000);
    expect(received).toHaveLength(1);
    const [r] = received as [Received];
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.headers['x-webhook-event']).toBe('ORDER_CREATED');
    expect(r.headers['user-agent']).toMatch(/PartnerPortal/);
    // Signed at sending: between the event and the end of the delivery.
    expect(Number(r.headers['x-webhook-timestamp'])).toBeGreaterThanOrEqual(before);
    expect(Number(r.headers['x-webhook-timestamp'])).toBeLessThanOrEqual(after);
    const body = JSON.parse(r.body);
    expect(body).toMatchObject({ type: 'ORDER_CREATED', partnerId: cz, data: { orderId: 4711 } });
    expect(r.headers['x-webhook-id']).toBe(body.id);
    expect(verifies(hook.secret, r)).toBe(true);
    // A wrong secret does not verify, nor does a changed body.
    expect(verifies(`${hook.secret}x`, r)).toBe(false);
    expect(verifies(hook.secret, { ...r, body: r.body.replace('4711', '4712') })).toBe(false);
    const [log] = await logsOf(hook.id);
    expect(log).toMatchObject({ sent: true, responseCode: 200, isTimeout: false, attempt: 1, err: null });
    expect((await deliveriesOf(hook.id))[0]).toMatchObject({ state: 'SENT', attempts: 1 });
    // The list shows each hook's own last attempt.
    const quiet = await createHook('/ok', 'BRAND_REQUEST_DECIDED');
    const listed = await server.gql<{
      webhooks: { id: string; lastAttemptAt: string | null; lastAttemptSent: boolean | null }[];
    }>('{ webhooks { id lastAttemptAt lastAttemptSent } }', {}, { token: czToken, partnerId: cz });
    const byId = new Map(listed.data!.webhooks.map((w) => [Number(w.id), w]));
    expect(byId.get(hook.id)).toMatchObject({ lastAttemptSent: true, lastAttemptAt: log!.timestamp.toISOString() });
    expect(byId.get(quiet.id)).toMatchObject({ lastAttemptSent: null, lastAttemptAt: null });
  });

  it('delivers within moments of the commit on the notification, without waiting for the cron', async () => {
    const stop = await startImmediateWebhookDelivery(server.app.platform, 10);
    try {
      const hook = await createHook('/ok');
      await emit(cz);
      // No cron run and no call of ours: only the notification at commit can bring it.
      await receivedCount(1);
      expect(received).toHaveLength(1);
      expect(verifies(hook.secret, received[0]!)).toBe(true);
    } finally {
      await stop();
    }
  });

  it('a rotated secret replaces the old one at once', async () => {
    const hook = await createHook('/ok');
    const rotated = await server.gql<{ webhookRotateSecret: { secret: string } }>(
      'mutation($id: ID!) { webhookRotateSecret(id: $id) { secret } }',
      { id: hook.id },
      { token: czToken, partnerId: cz },
    );
    const secret = rotated.data!.webhookRotateSecret.secret;
    expect(secret).not.toBe(hook.secret);
    expect(secret.length).toBeGreaterThanOrEqual(43);
    await emit(cz);
    await drain();
    expect(verifies(secret, received[0]!)).toBe(true);
    expect(verifies(hook.secret, received[0]!)).toBe(false);
  });

  it('logs a receiver that does not answer as a timeout and tries again later', async () => {
    const hook = await createHook('/hang');
    await emit(cz);
    await deliverDueWebhooks(server.app.platform);
    expect(held).toHaveLength(1);
    const [log] = await logsOf(hook.id);
    expect(log).toMatchObject({ sent: false, isTimeout: true, responseCode: null, err: 'timeout' });
    // The attempt waited out its whole deadline (300 ms here) before giving up; a busy machine only adds.
    expect(log!.timing).toBeGreaterThanOrEqual(250);
    expect((await deliveriesOf(hook.id))[0]).toMatchObject({ state: 'PENDING', attempts: 1 });
  });

  it('retries a 5xx with growing back-off, then gives the delivery up', async () => {
    const hook = await createHook('/fail');
    await emit(cz);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await deliverDueWebhooks(server.app.platform);
      const [delivery] = await deliveriesOf(hook.id);
      expect(delivery!.attempts).toBe(attempt);
      if (attempt < 3) {
        expect(delivery!.state).toBe('PENDING');
        // The log line and the next attempt are written in one transaction: their distance is the back-off.
        const log = (await logsOf(hook.id)).at(-1)!;
        waits.push(delivery!.nextAttemptAt.getTime() - log.timestamp.getTime());
        // Not due yet: a run now leaves it waiting.
        await deliverDueWebhooks(server.app.platform);
        expect((await deliveriesOf(hook.id))[0]!.attempts).toBe(attempt);
        await backOffPassed();
      } else {
        expect(delivery!.state).toBe('FAILED');
      }
    }
    expect(waits).toEqual([60_000, 120_000]);
    const logs = await logsOf(hook.id);
    expect(logs.map((l) => [l.attempt, l.sent, l.responseCode, l.err])).toEqual([
      [1, false, 503, 'HTTP 503'],
      [2, false, 503, 'HTTP 503'],
      [3, false, 503, 'HTTP 503'],
    ]);
    const [row] = await server.database.db.select().from(webhooks).where(eq(webhooks.id, hook.id));
    expect(row).toMatchObject({ failedInRow: 1, status: 'OK' });
  });

  it('turns a hook broken after repeated give-ups, tells the TECH contacts, and feeds it no more', async () => {
    await server.database.db.insert(partnerContacts).values({
      partnerId: cz,
      firstName: 'Tereza',
      lastName: 'Technická',
      email: 'tech-hooks@demo-shop.example',
      phone: '+420 601 000 111',
      roles: ['TECH'],
    });
    const hook = await createHook('/fail');
    for (let i = 0; i < WEBHOOK_BROKEN_AFTER; i += 1) await emit(cz);
    await drain();
    const [row] = await server.database.db.select().from(webhooks).where(eq(webhooks.id, hook.id));
    expect(row).toMatchObject({ status: 'BROKEN', failedInRow: WEBHOOK_BROKEN_AFTER });
    expect(row!.brokenAt).toBeInstanceOf(Date);
    const notes = await server.database.db
      .select()
      .from(partnerNotifications)
      .where(and(eq(partnerNotifications.partnerId, cz), eq(partnerNotifications.eventType, 'WEBHOOK_BROKEN')));
    const ours = notes.filter((n) => Number(n.params.webhookId) === hook.id);
    expect(ours).toHaveLength(1);
    expect(ours[0]!.recipients).toContain('tech-hooks@demo-shop.example');
    const sent = await server.deliverMail();
    expect(sent.map((m) => m.to)).toContain('tech-hooks@demo-shop.example');
    // Told once: nobody else is mailed by the fallback, since a contact hears of it.
    expect(sent.filter((m) => m.to === 'partner@demo.test')).toHaveLength(0);
    // A broken hook gets no new deliveries…
    await emit(cz);
    expect(await deliveriesOf(hook.id)).toHaveLength(WEBHOOK_BROKEN_AFTER);
    // …until its owner re-enables it (saving it enabled), which resets it.
    const revived = await server.gql<{ webhookUpdate: { status: string; failedInRow: number } }>(
      'mutation($id: ID!, $data: WebhookInput!) { webhookUpdate(id: $id, data: $data) { status failedInRow } }',
      { id: hook.id, data: { url: `${base}/ok`, event: 'ORDER_CREATED', isEnabled: true } },
      { token: czToken, partnerId: cz },
    );
    expect(revived.data?.webhookUpdate).toEqual({ status: 'OK', failedInRow: 0 });
    await emit(cz);
    await drain();
    expect(received.at(-1)?.path).toBe('/ok');
    await server.database.db.delete(partnerContacts).where(eq(partnerContacts.email, 'tech-hooks@demo-shop.example'));
  });

  it('mails the master account when no TECH contact would hear of a broken hook', async () => {
    // The SK shop has no notification setting of its own (default: the TECH group) and, here, no TECH contact.
    const contacts = await server.database.db
      .select({ id: partnerContacts.id, roles: partnerContacts.roles })
      .from(partnerContacts)
      .where(eq(partnerContacts.partnerId, sk));
    for (const c of contacts.filter((c) => c.roles.includes('TECH'))) {
      await server.database.db.delete(partnerContacts).where(eq(partnerContacts.id, c.id));
    }
    const hook = await createHook('/fail', 'ORDER_CREATED', { token: skToken, partnerId: sk });
    for (let i = 0; i < WEBHOOK_BROKEN_AFTER; i += 1) await emit(sk);
    await drain();
    const [row] = await server.database.db.select().from(webhooks).where(eq(webhooks.id, hook.id));
    expect(row!.status).toBe('BROKEN');
    const sent = await server.deliverMail();
    const master = sent.filter((m) => m.to === 'multi@demo.test');
    expect(master).toHaveLength(1);
    expect(master[0]!.text).toContain(`${base}/fail`);
    // multi@ is the master of several shops: the link selects this one before it opens the webhooks.
    expect(master[0]!.text).toContain(`/switch-partner/${sk}?to=%2Fpartner%2Fwebhook`);
  });

  it('does not follow redirects', async () => {
    const hook = await createHook('/redirect');
    await emit(cz);
    await deliverDueWebhooks(server.app.platform);
    expect(received.map((r) => r.path)).toEqual(['/redirect']);
    const [log] = await logsOf(hook.id);
    expect(log).toMatchObject({ sent: false, responseCode: 302, err: 'redirect not followed' });
  });

  it('drops what a disabled hook still had pending, and queues nothing new for it', async () => {
    const hook = await createHook('/hang');
    await emit(cz);
    await server.gql(
      'mutation($id: ID!, $data: WebhookInput!) { webhookUpdate(id: $id, data: $data) { id } }',
      { id: hook.id, data: { url: `${base}/hang`, event: 'ORDER_CREATED', isEnabled: false } },
      { token: czToken, partnerId: cz },
    );
    await emit(cz);
    const deliveries = await deliveriesOf(hook.id);
    expect(deliveries.map((d) => d.state)).toEqual(['FAILED']);
    expect((await logsOf(hook.id)).map((l) => [l.sent, l.err])).toEqual([[false, 'disabled']]);
    await deliverDueWebhooks(server.app.platform);
    expect(received).toHaveLength(0);
  });

  it('delivers an order status change made in the portal with its from and to', async () => {
    const hook = await createHook('/ok', 'ORDER_STATUS_CHANGED');
    const orderId = 2_000_000_000_001;
    await server.database.db.insert(orders).values({
      partnerId: cz,
      id: orderId,
      status: 'open',
      confirmed: true,
      paymentType: 'A',
      currency: 'CZK',
      customerName: 'Jana Nováková',
      createdAt: new Date(Date.now() - 86_400_000),
    });
    const changed = await server.gql(
      'mutation($id: ID!, $data: OrderStatusInput!) { orderUpdate(orderId: $id, data: $data) { status } }',
      { id: orderId, data: { status: 'shipped', trackingNumber: 'TRK-1' } },
      { token: czToken, partnerId: cz },
    );
    expect(changed.errors).toBeUndefined();
    await server.app.platform.jobs.runQueued(ORDER_STATUS_CHANGED_JOB);
    await drain();
    const body = JSON.parse(received.at(-1)!.body);
    expect(body).toMatchObject({
      type: 'ORDER_STATUS_CHANGED',
      partnerId: cz,
      data: { orderId, from: 'open', to: 'shipped' },
    });
    expect(verifies(hook.secret, received.at(-1)!)).toBe(true);
  });

  it('delivers a test order created in the portal as ORDER_CREATED', async () => {
    const hook = await createHook('/ok', 'ORDER_CREATED');
    const created = await server.gql<{ orderTestCreate: { id: string } }>(
      'mutation($input: TestOrderInput!) { orderTestCreate(input: $input) { id } }',
      { input: { deliveryType: 'PICKUP_POINT', paymentType: 'A', items: [{ title: 'Míč', quantity: 1, price: 499 }] } },
      { token: czToken, partnerId: cz },
    );
    expect(created.errors).toBeUndefined();
    await drain();
    const body = JSON.parse(received.at(-1)!.body);
    expect(body).toMatchObject({ type: 'ORDER_CREATED', data: { orderId: Number(created.data!.orderTestCreate.id) } });
    expect(verifies(hook.secret, received.at(-1)!)).toBe(true);
  });

  it("delivers an operator's brand request decision to the requesting partner", async () => {
    await createHook('/ok', 'BRAND_REQUEST_DECIDED');
    const [request] = (
      await server.database.executeSql(
        "select id, partner_id, name from brand_requests where status = 'PENDING' order by id limit 1",
      )
    ).rows as { id: number; partner_id: number; name: string }[];
    expect(request).toBeDefined();
    // The hook belongs to CZ; the request is moved to CZ so the decision is CZ's event.
    await server.database.executeSql('update brand_requests set partner_id = $1 where id = $2', [cz, request!.id]);
    const admin = (await server.login('admin@demo.test')).token;
    const decided = await server.gql(
      'mutation($id: ID!, $p: Int!, $r: String!) { brandRequestReject(id: $id, partnerId: $p, reason: $r) { status } }',
      { id: request!.id, p: cz, r: 'Není to značka.' },
      { token: admin },
    );
    expect(decided.errors).toBeUndefined();
    await drain();
    expect(JSON.parse(received.at(-1)!.body)).toMatchObject({
      type: 'BRAND_REQUEST_DECIDED',
      partnerId: cz,
      data: { requestId: Number(request!.id), brand: request!.name, decision: 'REJECTED' },
    });
  });

  it('delivers the end of an XML product import with its counts', async () => {
    await createHook('/ok', 'PRODUCT_IMPORT_FINISHED');
    const upload = await server.app.app.inject({
      method: 'POST',
      url: '/portal/import/partner-products',
      headers: { authorization: `Bearer ${czToken}`, 'x-partner-id': String(cz), 'content-type': 'application/xml' },
      payload:
        '<?xml version="1.0" encoding="UTF-8"?>\n<ITEMS><ITEM><ID>hook-1</ID><PRODUCT_TYPE>T-shirt</PRODUCT_TYPE><PRICE>499</PRICE></ITEM></ITEMS>\n',
    });
    expect(upload.statusCode, upload.payload).toBe(202);
    const { importId } = upload.json() as { importId: string };
    await server.app.platform.jobs.runQueued(PRODUCT_IMPORT_JOB);
    await drain();
    const body = JSON.parse(received.at(-1)!.body);
    expect(body).toMatchObject({ type: 'PRODUCT_IMPORT_FINISHED', partnerId: cz, data: { jobId: importId } });
    expect(body.data.imported + body.data.refused).toBe(1);
  });

  it('sends a test PING at once and answers with the attempt', async () => {
    const hook = await createHook('/ok');
    const result = await server.gql<{ webhookTest: { sent: boolean; responseCode: number } }>(
      'mutation($id: ID!) { webhookTest(id: $id) { sent responseCode timing err } }',
      { id: hook.id },
      { token: czToken, partnerId: cz },
    );
    expect(result.data?.webhookTest).toMatchObject({ sent: true, responseCode: 200 });
    expect(received[0]!.headers['x-webhook-event']).toBe('PING');
    expect(verifies(hook.secret, received[0]!)).toBe(true);
  });
});

describe('private addresses', () => {
  it('refuses a loopback or private URL at create when private targets are not allowed', async () => {
    server.app.platform.config.webhooks.allowPrivateUrls = false;
    for (const url of [
      `${base}/ok`,
      'http://10.1.2.3/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x',
      'http://[::ffff:127.0.0.1]/x',
      'http://100.64.0.1/x',
      'http://0.0.0.0/x',
    ]) {
      const result = await server.gql(
        CREATE,
        { data: { url, event: 'ORDER_CREATED', isEnabled: true } },
        {
          token: czToken,
          partnerId: cz,
        },
      );
      expect(codeOf(result), url).toBe('WEBHOOK_URL_NOT_ALLOWED');
    }
    webhookDns.resolve = async () => [{ address: '10.0.0.7', family: 4 }];
    const byName = await server.gql(
      CREATE,
      { data: { url: 'https://intranet.example.test/hook', event: 'ORDER_CREATED', isEnabled: true } },
      { token: czToken, partnerId: cz },
    );
    expect(codeOf(byName)).toBe('WEBHOOK_URL_NOT_ALLOWED');
    expect(byName.errors?.[0]?.message).toMatch(/webhook/i);
    expect(await server.database.db.select().from(webhooks)).toHaveLength(0);
  });

  it('checks again when connecting: a name that turned private since (DNS rebinding) is not reached', async () => {
    server.app.platform.config.webhooks.allowPrivateUrls = false;
    const port = (receiver.address() as AddressInfo).port;
    webhookDns.resolve = async () => [{ address: '93.184.215.14', family: 4 }];
    const result = await server.gql<Created>(
      CREATE,
      { data: { url: `http://rebind.example.test:${port}/ok`, event: 'ORDER_CREATED', isEnabled: true } },
      { token: czToken, partnerId: cz },
    );
    expect(result.errors).toBeUndefined();
    const id = Number(result.data!.webhookCreate.webhook.id);
    webhookDns.resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    await emit(cz);
    await deliverDueWebhooks(server.app.platform);
    expect(received).toHaveLength(0);
    const [log] = await logsOf(id);
    expect(log).toMatchObject({ sent: false, err: 'address not allowed', responseCode: null });
    // With private targets allowed (a test network) the same name is reached.
    server.app.platform.config.webhooks.allowPrivateUrls = true;
    await server.database.db.update(webhookDeliveries).set({ nextAttemptAt: new Date() });
    await deliverDueWebhooks(server.app.platform);
    expect(received).toHaveLength(1);
  });
});

describe('the log grid', () => {
  it('pages newest first by keyset, filters, and shows nothing of another partner', async () => {
    const hook = await createHook('/fail');
    for (let i = 0; i < 3; i += 1) await emit(cz);
    await drain();
    const asCz = { token: czToken, partnerId: cz };
    const first = await server.gql<{ webhookLogs: { total: number; nextCursor: string; items: { id: string }[] } }>(
      LOGS,
      { id: hook.id, grid: { perPage: 5, sort: { field: 'id', direction: 'DESCENDING' } } },
      asCz,
    );
    expect(first.errors).toBeUndefined();
    expect(first.data!.webhookLogs.total).toBe(9);
    const ids = first.data!.webhookLogs.items.map((i) => Number(i.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second = await server.gql<{ webhookLogs: { items: { id: string }[] } }>(
      LOGS,
      {
        id: hook.id,
        grid: { perPage: 5, sort: { field: 'id', direction: 'DESCENDING' }, after: first.data!.webhookLogs.nextCursor },
      },
      asCz,
    );
    expect(second.data!.webhookLogs.items).toHaveLength(4);
    expect(Number(second.data!.webhookLogs.items[0]!.id)).toBeLessThan(ids.at(-1)!);
    const filtered = await server.gql<{ webhookLogs: { total: number } }>(
      LOGS,
      { id: hook.id, grid: { filters: [{ field: 'sent', operator: 'EQUAL', value: 'true' }] } },
      asCz,
    );
    expect(filtered.data!.webhookLogs.total).toBe(0);
    // Another partner's member (multi@ is a member of CZ, so SK's own master asks for SK's view of it).
    const other = await server.gql(LOGS, { id: hook.id }, { token: skToken, partnerId: sk });
    expect(codeOf(other)).toBe('WEBHOOK_NOT_FOUND');
    const rows = await server.database.db
      .select()
      .from(webhookLogs)
      .where(and(eq(webhookLogs.partnerId, sk), eq(webhookLogs.webhookId, hook.id)));
    expect(rows).toHaveLength(0);
  });

  it('answers "The query timed out after 10 seconds" when the query runs past its deadline', async () => {
    const hook = await createHook('/ok');
    const settings = server.app.platform.config.webhooks;
    settings.logsTimeoutMs = 100;
    // PostgreSQL must cancel a statement far longer than the deadline; PGlite cannot be interrupted and runs
    // its statement to the end, so there it is only a little longer.
    settings.logsQueryDelayMs = server.url ? 120_000 : 600;
    try {
      const result = await server.gql(LOGS, { id: hook.id }, { token: czToken, partnerId: cz });
      expect(codeOf(result)).toBe('WEBHOOK_LOGS_QUERY_TIMEOUT');
      expect(result.errors![0]!.message).toBe('The query timed out after 10 seconds');
      if (server.url) {
        // Cancelled by the server, not merely abandoned: the sleeping statement ends long before its two
        // minutes (a statement only abandoned would keep this loop, and the test, waiting).
        for (;;) {
          const { rows } = await server.database.executeSql(
            "select count(*)::int as n from pg_stat_activity where state = 'active' and query like '%pg_sleep%' and pid <> pg_backend_pid()",
          );
          if ((rows[0] as { n: number }).n === 0) break;
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
    } finally {
      settings.logsTimeoutMs = undefined;
      settings.logsQueryDelayMs = undefined;
    }
    const after = await server.gql(LOGS, { id: hook.id }, { token: czToken, partnerId: cz });
    expect(after.errors).toBeUndefined();
  });
});
