import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_BROKEN_AFTER } from '@pp/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/tables';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { revokePolicies } from '../catalog/test-fixtures';
import { emitPartnerEvent } from '../events/emit';
import { deliverDueWebhooks } from './dispatch';
import { webhookDeliveries, webhooks } from './tables';

/**
 * A broken hook reads BROKEN (not "enabled") with the reason it broke, and its owner re-enables it in one step,
 * which forgets the failures and tries the receiver at once.
 */
let receiver: http.Server;
let base: string;
/** What the receiver answers: the test switches it from failing to working, as a fixed receiver would. */
let answer = 503;
let server: TestServer;
let cz: number;
let czToken: string;
let limitedToken: string;

const FIELDS = 'id isEnabled status failedInRow state lastFailure { at responseCode isTimeout err }';
const LIST = `{ webhooks { ${FIELDS} } }`;
const ONE = `query($id: ID!) { webhook(id: $id) { ${FIELDS} } }`;
const REENABLE = `mutation($id: ID!) { webhookReenable(id: $id) {
  webhook { ${FIELDS} } attempt { sent responseCode } } }`;

interface Hook {
  id: string;
  isEnabled: boolean;
  status: string;
  failedInRow: number;
  state: string;
  lastFailure: { at: string; responseCode: number | null; isTimeout: boolean; err: string | null } | null;
}

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.statusCode = answer;
      res.end(answer === 200 ? 'ok' : 'down');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  server = await startTestServer({
    // One attempt per delivery: each failed event is a give-up, so the hook breaks after WEBHOOK_BROKEN_AFTER.
    config: { webhooks: { allowPrivateUrls: true, timeoutMs: 2_000, retryDelaysMs: [] } },
  });
  cz = await partnerIdByShop(server.database, '100001');
  await server.database.db.delete(webhooks);
  await revokePolicies(server.database.db, 'limited@demo.test', cz, 'webhook', ['update']);
  czToken = (await server.login('partner@demo.test')).token;
  limitedToken = (await server.login('limited@demo.test')).token;
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const asCz = () => ({ token: czToken, partnerId: cz });

/** Works deliveries as the workers would until none is pending (each back-off passing at once). */
async function drain() {
  for (let round = 0; round < 40; round += 1) {
    await deliverDueWebhooks(server.app.platform);
    const [{ n }] = (await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.state, 'PENDING'))) as [{ n: number }];
    if (n === 0) return;
    await server.database.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(webhookDeliveries.state, 'PENDING'));
  }
  throw new Error('deliveries still pending');
}

async function brokenHook(): Promise<string> {
  answer = 503;
  const created = await server.gql<{ webhookCreate: { webhook: { id: string } } }>(
    'mutation($data: WebhookInput!) { webhookCreate(data: $data) { webhook { id } } }',
    { data: { url: `${base}/orders`, event: 'ORDER_CREATED', isEnabled: true } },
    asCz(),
  );
  const id = created.data!.webhookCreate.webhook.id;
  for (let i = 0; i < WEBHOOK_BROKEN_AFTER; i += 1) {
    await server.database.db.transaction((tx) =>
      emitPartnerEvent(tx, {
        partnerId: cz,
        type: 'ORDER_CREATED',
        data: { orderId: i },
        at: new Date().toISOString(),
      }),
    );
  }
  await drain();
  return id;
}

describe('a broken webhook', () => {
  it('reads BROKEN, not enabled, with the failure that broke it and when', async () => {
    const before = Date.now();
    const id = await brokenHook();
    const list = await server.gql<{ webhooks: Hook[] }>(LIST, {}, asCz());
    const hook = list.data!.webhooks.find((h) => h.id === id)!;
    expect(hook).toMatchObject({ isEnabled: true, status: 'BROKEN', state: 'BROKEN' });
    // The reason is the receiver's answer, not the "broken" lines of the deliveries dropped after it.
    expect(hook.lastFailure).toMatchObject({ responseCode: 503, isTimeout: false, err: 'HTTP 503' });
    expect(Date.parse(hook.lastFailure!.at)).toBeGreaterThanOrEqual(before - 1000);
    const one = await server.gql<{ webhook: Hook }>(ONE, { id }, asCz());
    expect(one.data!.webhook).toEqual(hook);
  });

  it('is re-enabled by its owner: failures forgotten, the receiver tried at once, ENABLED again and audited', async () => {
    const id = await brokenHook();
    answer = 200;
    const result = await server.gql<{ webhookReenable: { webhook: Hook; attempt: { sent: boolean } } }>(
      REENABLE,
      { id },
      asCz(),
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.webhookReenable.attempt).toEqual({ sent: true, responseCode: 200 });
    expect(result.data!.webhookReenable.webhook).toMatchObject({
      state: 'ENABLED',
      status: 'OK',
      isEnabled: true,
      failedInRow: 0,
      lastFailure: null,
    });
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'webhook.reenable'), eq(auditLog.entityId, id)));
    expect(audit).toMatchObject({ partnerId: cz, data: { reactivated: true } });
    // It gets events again.
    await server.database.db.transaction((tx) =>
      emitPartnerEvent(tx, {
        partnerId: cz,
        type: 'ORDER_CREATED',
        data: { orderId: 99 },
        at: new Date().toISOString(),
      }),
    );
    const queued = await server.database.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.webhookId, Number(id)), eq(webhookDeliveries.state, 'PENDING')));
    expect(queued).toHaveLength(1);
  });

  it('enables a disabled hook too, and shows DISABLED until then', async () => {
    answer = 200;
    const created = await server.gql<{ webhookCreate: { webhook: Hook } }>(
      `mutation($data: WebhookInput!) { webhookCreate(data: $data) { webhook { ${FIELDS} } } }`,
      { data: { url: `${base}/off`, event: 'ORDER_CREATED', isEnabled: false } },
      asCz(),
    );
    expect(created.data!.webhookCreate.webhook).toMatchObject({ state: 'DISABLED', lastFailure: null });
    const id = created.data!.webhookCreate.webhook.id;
    const result = await server.gql<{ webhookReenable: { webhook: Hook } }>(REENABLE, { id }, asCz());
    expect(result.data!.webhookReenable.webhook).toMatchObject({ state: 'ENABLED', isEnabled: true });
  });

  it('may be re-enabled only with webhook/update, and only by its own partner', async () => {
    const id = await brokenHook();
    const refused = await server.gql(REENABLE, { id }, { token: limitedToken, partnerId: cz });
    expect(codeOf(refused)).toBe('ACCESS_DENIED');
    const sk = await partnerIdByShop(server.database, '100002');
    const skToken = (await server.login('multi@demo.test')).token;
    expect(codeOf(await server.gql(REENABLE, { id }, { token: skToken, partnerId: sk }))).toBe('WEBHOOK_NOT_FOUND');
    const [row] = await server.database.db
      .select()
      .from(webhooks)
      .where(eq(webhooks.id, Number(id)));
    expect(row).toMatchObject({ status: 'BROKEN', failedInRow: WEBHOOK_BROKEN_AFTER });
    expect(codeOf(await server.gql(REENABLE, { id: 'x' }, asCz()))).toBe('WEBHOOK_NOT_FOUND');
  });
});
