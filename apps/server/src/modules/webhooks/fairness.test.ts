import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { type LocalReceiver, startLocalReceiver } from '../../test/receiver';
import { emitPartnerEvent } from '../events/emit';
import { WEBHOOK_HOOK_CONCURRENCY, WEBHOOK_PARTNER_CONCURRENCY } from './dispatch';
import { startImmediateWebhookDelivery } from './jobs';
import { webhookDeliveries, webhooks } from './tables';

let server: TestServer;
let receiver: LocalReceiver;
let cz: number;
let sk: number;

beforeAll(async () => {
  // /hang answers only when the test releases it, anything else answers at once.
  receiver = await startLocalReceiver({ hold: (path) => path.startsWith('/hang'), answer: (_, res) => res.end('ok') });
  // The deadline is long: nothing here may end by it, every hanging answer is released by the test.
  server = await startTestServer({ config: { webhooks: { allowPrivateUrls: true, timeoutMs: 30_000 } } });
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  await server.database.db.delete(webhooks);
});
afterAll(async () => {
  receiver?.release();
  await server?.close();
  await receiver?.close();
});

async function createHook(partnerId: number, email: string, path: string): Promise<number> {
  const { token } = await server.login(email);
  const result = await server.gql<{ webhookCreate: { webhook: { id: string } } }>(
    'mutation($data: WebhookInput!) { webhookCreate(data: $data) { webhook { id } } }',
    { data: { url: `${receiver.base}${path}`, event: 'ORDER_CREATED', isEnabled: true } },
    { token, partnerId },
  );
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return Number(result.data.webhookCreate.webhook.id);
}

async function emit(partnerId: number, orderId: number) {
  await server.database.db.transaction((tx) =>
    emitPartnerEvent(tx, { partnerId, type: 'ORDER_CREATED', data: { orderId }, at: new Date().toISOString() }),
  );
}

describe('webhook delivery between partners', () => {
  it("sends another partner's event while one partner's receivers never answer", async () => {
    const slowHooks: number[] = [];
    for (let i = 1; i <= 5; i += 1) slowHooks.push(await createHook(cz, 'partner@demo.test', `/hang/${i}`));
    const quickHook = await createHook(sk, 'multi@demo.test', '/ok');
    const stop = await startImmediateWebhookDelivery(server.app.platform, 10);
    try {
      // Three events for each of the five hanging hooks: fifteen deliveries that would fill every slot.
      for (let event = 1; event <= 3; event += 1) await emit(cz, event);
      await receiver.until(() => receiver.open.length >= WEBHOOK_PARTNER_CONCURRENCY);

      await emit(sk, 99);
      // Whichever comes first: the other partner's delivery, or the hanging partner's first give-up.
      await receiver.until(() => receiver.seen.includes('/ok') || receiver.closedEarly > 0);
      expect(receiver.seen.filter((p) => p === '/ok')).toHaveLength(1);
      expect(receiver.closedEarly).toBe(0);
      // The hanging partner holds its share of the slots and no more, and one hook no more than its own.
      expect(receiver.open).toHaveLength(WEBHOOK_PARTNER_CONCURRENCY);
      expect(receiver.maxOpen).toBe(WEBHOOK_PARTNER_CONCURRENCY);
      expect(Math.max(...receiver.maxOpenByGroup.values())).toBeLessThanOrEqual(WEBHOOK_HOOK_CONCURRENCY);

      // Released, the rest of the hanging partner's queue goes out as slots free up: nothing is lost.
      receiver.release();
      await receiver.until(() => receiver.seen.filter((p) => p.startsWith('/hang')).length >= 15);
    } finally {
      receiver.release();
      await stop();
    }
    const states = await server.database.db
      .select({ webhookId: webhookDeliveries.webhookId, state: webhookDeliveries.state })
      .from(webhookDeliveries);
    const slow = states.filter((s) => slowHooks.includes(s.webhookId));
    expect(slow).toHaveLength(15);
    expect(slow.every((s) => s.state === 'SENT')).toBe(true);
    const [quick] = await server.database.db
      .select({ state: webhookDeliveries.state })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, quickHook));
    expect(quick?.state).toBe('SENT');
  });
});
