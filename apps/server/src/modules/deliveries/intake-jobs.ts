import { ORDER_FEED_CRON } from '@pp/domain';
import type { Platform } from '../../platform/context';
import type { JobDefinition } from '../../platform/jobs';
import { emitPartnerEvent } from '../events/emit';
import { ORDER_CREATED_JOB } from './intake';
import { generateDemoOrders } from './intake-demo';
import { pullOrderFeed } from './intake-feed';

export const DEMO_ORDERS_JOB = 'deliveries.demo-orders';
export const ORDER_FEED_JOB = 'deliveries.order-feed';

export interface OrderCreatedJob {
  partnerId: number;
  orderId: number;
  status: string;
  at: string;
}

/**
 * The intake's jobs: the ORDER_CREATED event (webhooks and notifications, in one transaction of its own, so a
 * retry emits it once), the demo generator every minute (it does nothing unless DEMO_ORDERS is on) and the
 * 15-minute pull of the marketplace's order feed (nothing unless MARKETPLACE_ORDER_FEED_URL is set).
 */
export function intakeJobs(platform: Platform): JobDefinition<never>[] {
  const created: JobDefinition<OrderCreatedJob> = {
    name: ORDER_CREATED_JOB,
    retryLimit: 10,
    handler: (data) =>
      platform.database.db.transaction((tx) =>
        emitPartnerEvent(tx, {
          partnerId: Number(data.partnerId),
          type: 'ORDER_CREATED',
          data: { orderId: Number(data.orderId), status: data.status },
          at: data.at,
        }),
      ),
  };
  const demo: JobDefinition<Record<string, never>> = {
    name: DEMO_ORDERS_JOB,
    cron: '* * * * *',
    retryLimit: 0,
    handler: () => generateDemoOrders(platform),
  };
  const feed: JobDefinition<Record<string, never>> = {
    name: ORDER_FEED_JOB,
    cron: ORDER_FEED_CRON,
    retryLimit: 1,
    handler: () => pullOrderFeed(platform),
  };
  return [created, demo, feed] as JobDefinition<never>[];
}
