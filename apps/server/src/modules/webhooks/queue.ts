import { randomUUID } from 'node:crypto';
import { type PartnerEvent, WEBHOOK_EVENTS } from '@pp/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { webhookDeliveries, webhooks } from './tables';

/** Notified inside the transaction that queued deliveries: PostgreSQL passes it on only at commit. */
export const WEBHOOK_QUEUED_CHANNEL = 'pp_webhook_queued';

/** An event as a webhook (or a PING) carries it; `type` may be PING, which no business event is. */
export interface DeliveredEvent extends Omit<PartnerEvent, 'type'> {
  type: string;
}

/** Writes one delivery row of an event for one hook; the body is fixed now, so every retry sends the same bytes. */
export async function insertDelivery(
  tx: DbOrTx,
  webhookId: number,
  event: DeliveredEvent,
  nextAttemptAt?: Date,
): Promise<number> {
  const eventId = randomUUID();
  const [row] = await tx
    .insert(webhookDeliveries)
    .values({
      partnerId: event.partnerId,
      webhookId,
      eventId,
      event: event.type,
      payload: { id: eventId, type: event.type, at: event.at, partnerId: event.partnerId, data: event.data },
      ...(nextAttemptAt ? { nextAttemptAt } : {}),
    })
    .returning({ id: webhookDeliveries.id });
  return row!.id;
}

/** Queues one delivery per enabled webhook of the partner that subscribes to the event (webhooks part). */
export async function queueWebhookDeliveries(tx: DbOrTx, event: PartnerEvent): Promise<void> {
  if (!(WEBHOOK_EVENTS as readonly string[]).includes(event.type)) return;
  // A broken hook is not fed: its owner re-enables it once the receiver works again.
  const hooks = await tx
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(
      and(
        eq(webhooks.partnerId, event.partnerId),
        eq(webhooks.event, event.type),
        eq(webhooks.isEnabled, true),
        eq(webhooks.status, 'OK'),
      ),
    );
  if (hooks.length === 0) return;
  for (const hook of hooks) await insertDelivery(tx, hook.id, event);
  await tx.execute(sql`select pg_notify(${WEBHOOK_QUEUED_CHANNEL}, ${String(event.partnerId)})`);
}
