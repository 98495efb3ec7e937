import { randomBytes, randomUUID } from 'node:crypto';
import { WEBHOOK_BROKEN_AFTER } from '@pp/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { webhookDeliveries, webhookLogs, webhooks } from '../../modules/webhooks/tables';
import type { DemoIds } from './ids';

const MINUTE = 60_000;

/**
 * Two hooks of the Czech demo shop: a working one with a history of mostly good deliveries, and one that
 * kept failing and is BROKEN. Their hosts are reserved names (.example), so the demo never reaches anybody:
 * the working hook listens to product imports only, which the demo rarely makes.
 */
export async function seedWebhooks(tx: DbOrTx, ids: DemoIds): Promise<void> {
  const now = Date.now();
  const [ok, broken] = await tx
    .insert(webhooks)
    .values([
      {
        partnerId: ids.cz,
        url: 'https://erp.demo-shop.example/hooks/product-imports',
        event: 'PRODUCT_IMPORT_FINISHED',
        secretSalt: randomBytes(16).toString('base64url'),
        created: new Date(now - 40 * 24 * 60 * MINUTE),
      },
      {
        partnerId: ids.cz,
        url: 'https://old-erp.demo-shop.example/orders/status',
        event: 'ORDER_STATUS_CHANGED',
        status: 'BROKEN',
        failedInRow: WEBHOOK_BROKEN_AFTER,
        brokenAt: new Date(now - 15 * 60 * MINUTE),
        secretSalt: randomBytes(16).toString('base64url'),
        created: new Date(now - 20 * 24 * 60 * MINUTE),
      },
    ])
    .returning({ id: webhooks.id });

  // The working hook: 22 attempts over three weeks, a few slow or refused answers retried and then sent.
  const okAnswers: [sent: boolean, code: number | null, timeout: boolean, ms: number, err: string | null][] = [];
  for (let i = 0; i < 22; i += 1) {
    if (i % 9 === 4) okAnswers.push([false, null, true, 10_000, 'timeout']);
    else if (i % 7 === 3) okAnswers.push([false, 502, false, 180 + i, 'HTTP 502']);
    else okAnswers.push([true, i % 5 === 0 ? 204 : 200, false, 90 + ((i * 37) % 400), null]);
  }
  // The broken one: three deliveries, each given up after its attempts.
  const brokenAnswers: typeof okAnswers = [];
  for (let i = 0; i < 9; i += 1) {
    brokenAnswers.push(
      i % 3 === 1 ? [false, null, false, 3 + i, 'connection refused'] : [false, 503, false, 40 + i, 'HTTP 503'],
    );
  }
  // Attempts are spaced so that the last one lies in the past: 22 × 22 h within three weeks, 9 × 7 h within three days.
  for (const [hook, event, answers, start, step] of [
    [ok!.id, 'PRODUCT_IMPORT_FINISHED', okAnswers, now - 21 * 24 * 60 * MINUTE, 22 * 60 * MINUTE],
    [broken!.id, 'ORDER_STATUS_CHANGED', brokenAnswers, now - 3 * 24 * 60 * MINUTE, 7 * 60 * MINUTE],
  ] as const) {
    let attempt = 0;
    let deliveryId = 0;
    for (let i = 0; i < answers.length; i += 1) {
      const [sent, responseCode, isTimeout, timing, err] = answers[i]!;
      if (attempt === 0) {
        const eventId = randomUUID();
        const at = new Date(start + i * step);
        const [delivery] = await tx
          .insert(webhookDeliveries)
          .values({
            partnerId: ids.cz,
            webhookId: hook,
            eventId,
            event,
            payload: { id: eventId, type: event, at: at.toISOString(), partnerId: ids.cz, data: {} },
            state: 'PENDING',
            created: at,
          })
          .returning({ id: webhookDeliveries.id });
        deliveryId = delivery!.id;
      }
      attempt += 1;
      await tx.insert(webhookLogs).values({
        partnerId: ids.cz,
        webhookId: hook,
        deliveryId,
        event,
        attempt,
        timestamp: new Date(start + i * step + attempt * MINUTE),
        sent,
        responseCode,
        isTimeout,
        timing,
        err,
      });
      const givenUp = hook === broken!.id && attempt === 3;
      if (sent || givenUp) {
        await tx
          .update(webhookDeliveries)
          .set({ state: sent ? 'SENT' : 'FAILED', attempts: attempt })
          .where(eqId(deliveryId));
        attempt = 0;
      }
    }
  }
}

function eqId(id: number) {
  return eq(webhookDeliveries.id, id);
}
