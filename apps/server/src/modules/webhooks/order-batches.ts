import { randomUUID } from 'node:crypto';
import { WEBHOOK_ORDERS_BATCH_EVENT, WEBHOOK_ORDERS_BATCH_MAX_IDS } from '@pp/domain';
import { sql } from 'drizzle-orm';
import type { Platform } from '../../platform/context';
import { rowsOf } from '../../platform/db/client';
import { WEBHOOK_QUEUED_CHANNEL } from './queue';
import { webhookDeliveries, webhookOrderChanges, webhooks } from './tables';

/**
 * The marketplace's order webhook (issue 20, point 8): an ORDERS_CHANGED hook receives a POST whose body is a
 * JSON array of the ids of its partner's orders that changed since its last batch, at most once in each clock
 * minute. The ids are noted by the trigger on `orders` (migration 0034), whoever changed the order, in the
 * change's own transaction; this job turns each hook's noted ids into one delivery row, which the ordinary
 * webhook machinery then signs, sends, retries and logs like any other event (dispatch.ts, delivery.ts).
 *
 * Exactly once, whatever the processes: a hook's batch is made in one transaction holding the hook's row
 * (`for update skip locked`: a process that finds it held leaves it to the holder) that deletes the ids it
 * sends, writes the delivery and stamps the minute. So an id is either still noted or in exactly one delivery
 * (none lost, none sent twice), and a second run in the same minute, here or in another process, finds the
 * minute stamped and sends nothing. An order changed while a batch is being made is noted again after it (the
 * key waits for the deleting transaction) and goes in the next one.
 */

export const WEBHOOK_ORDER_BATCH_JOB = 'webhooks.order-batches';

export interface OrderBatchRun {
  /** Deliveries made (one per hook with something noted). */
  batches: number;
  /** Order ids put into them. */
  orders: number;
}

/** Makes this minute's batch for every ORDERS_CHANGED hook that has changed orders noted. `now` is for tests. */
export async function flushOrderBatches(platform: Platform, now: Date = new Date()): Promise<OrderBatchRun> {
  const db = platform.database.db;
  await dropUnsubscribed(platform);
  const hooks = rowsOf<{ id: number }>(
    await db.execute(sql`
      select w.id from ${webhooks} w
      where w.event = ${WEBHOOK_ORDERS_BATCH_EVENT}
        and exists (select 1 from ${webhookOrderChanges} c where c.webhook_id = w.id)
      order by w.id`),
  );
  const run: OrderBatchRun = { batches: 0, orders: 0 };
  for (const hook of hooks) {
    const sent = await flushHook(platform, Number(hook.id), now);
    if (sent > 0) {
      run.batches += 1;
      run.orders += sent;
    }
  }
  return run;
}

/**
 * Ids noted for a hook that no longer takes batches (disabled, broken, or now subscribed to another event)
 * are dropped, as a disabled hook's waiting deliveries are: its owner gets nothing until it works again.
 */
async function dropUnsubscribed(platform: Platform): Promise<void> {
  await platform.database.db.execute(sql`
    delete from ${webhookOrderChanges} c using ${webhooks} w
    where w.id = c.webhook_id
      and not (w.event = ${WEBHOOK_ORDERS_BATCH_EVENT} and w.is_enabled and w.status = 'OK')`);
}

/** One hook's batch of this minute, in one transaction; answers how many ids it sent (0: nothing to do). */
async function flushHook(platform: Platform, webhookId: number, now: Date): Promise<number> {
  return platform.database.db.transaction(async (tx) => {
    const minute = sql`date_trunc('minute', ${now.toISOString()}::timestamptz)`;
    const [hook] = rowsOf<{ partner_id: number; due: boolean }>(
      await tx.execute(sql`
        select partner_id, (orders_batch_minute is null or orders_batch_minute < ${minute}) as due
        from ${webhooks}
        where id = ${webhookId} and event = ${WEBHOOK_ORDERS_BATCH_EVENT} and is_enabled and status = 'OK'
        for update skip locked`),
    );
    if (!hook?.due) return 0;
    const taken = rowsOf<{ order_id: number | string }>(
      await tx.execute(sql`
        delete from ${webhookOrderChanges}
        where webhook_id = ${webhookId} and order_id in (
          select order_id from ${webhookOrderChanges} where webhook_id = ${webhookId}
          order by noted_at, order_id limit ${WEBHOOK_ORDERS_BATCH_MAX_IDS})
        returning order_id`),
    );
    if (taken.length === 0) return 0;
    const ids = taken.map((r) => Number(r.order_id)).sort((a, b) => a - b);
    const partnerId = Number(hook.partner_id);
    // The body is the array itself, as the marketplace sends it; the event id rides in X-Webhook-Id.
    await tx.insert(webhookDeliveries).values({
      partnerId,
      webhookId,
      eventId: randomUUID(),
      event: WEBHOOK_ORDERS_BATCH_EVENT,
      payload: ids,
    });
    await tx.execute(sql`update ${webhooks} set orders_batch_minute = ${minute} where id = ${webhookId}`);
    await tx.execute(sql`select pg_notify(${WEBHOOK_QUEUED_CHANNEL}, ${String(partnerId)})`);
    return ids.length;
  });
}
