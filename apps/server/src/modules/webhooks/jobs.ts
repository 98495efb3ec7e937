import { WEBHOOK_LOG_RETENTION_DAYS } from '@pp/domain';
import { sql } from 'drizzle-orm';
import type { Platform } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import type { JobDefinition } from '../../platform/jobs';
import { workOnNotify } from '../../platform/work-on-notify';
import { deliverDueWebhooks, startDueWebhooks, stopWebhookDispatch } from './dispatch';
import { flushOrderBatches, WEBHOOK_ORDER_BATCH_JOB } from './order-batches';
import { WEBHOOK_QUEUED_CHANNEL } from './queue';
import { webhookDeliveries, webhookLogs } from './tables';

export const WEBHOOK_DELIVER_JOB = 'webhooks.deliver';
export const WEBHOOK_RETENTION_JOB = 'webhooks.retention';

/** Attempts older than the retention period go, with the finished deliveries they belonged to. */
export async function purgeWebhookLogs(db: Db, days = WEBHOOK_LOG_RETENTION_DAYS): Promise<number> {
  const interval = `${days} days`;
  const gone = await db
    .delete(webhookLogs)
    .where(sql`${webhookLogs.timestamp} < now() - ${interval}::interval`)
    .returning({ id: webhookLogs.id });
  await db
    .delete(webhookDeliveries)
    .where(
      sql`${webhookDeliveries.state} <> 'PENDING' and ${webhookDeliveries.created} < now() - ${interval}::interval`,
    );
  return gone.length;
}

export function webhookJobs(platform: Platform): JobDefinition<Record<string, never>>[] {
  return [
    // The safety net: retries whose back-off ended, and anything a missed notification left behind.
    { name: WEBHOOK_DELIVER_JOB, cron: '* * * * *', handler: () => deliverDueWebhooks(platform) },
    // The ORDERS_CHANGED hooks' batch of the minute (order-batches.ts); its deliveries go out at once.
    { name: WEBHOOK_ORDER_BATCH_JOB, cron: '* * * * *', handler: () => flushOrderBatches(platform) },
    {
      name: WEBHOOK_RETENTION_JOB,
      cron: '17 4 * * *',
      handler: async () => ({ removed: await purgeWebhookLogs(platform.database.db) }),
    },
  ];
}

/**
 * Immediate delivery: queueWebhookDeliveries notifies WEBHOOK_QUEUED_CHANNEL inside the change's transaction,
 * and PostgreSQL passes that on at commit to every process. A notification only fills free slots and returns:
 * it never waits for attempts in flight, so an event queued while another partner's receivers hang goes out
 * at once. Across processes the claim keeps them apart. The stop function waits for the attempts in flight.
 */
export async function startImmediateWebhookDelivery(
  platform: Platform,
  debounceMs = 100,
): Promise<() => Promise<void>> {
  const stop = await workOnNotify(platform, WEBHOOK_QUEUED_CHANNEL, () => startDueWebhooks(platform), {
    debounceMs,
    what: 'webhook delivery',
  });
  return async () => {
    await stop();
    await stopWebhookDispatch(platform);
  };
}
