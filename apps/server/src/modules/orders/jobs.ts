import type { Platform } from '../../platform/context';
import type { JobDefinition } from '../../platform/jobs';
import { emitPartnerEvent } from '../events/emit';
import { ORDER_STATUS_CHANGED_JOB } from './service';

export interface OrderStatusChangedJob {
  partnerId: number;
  orderId: number;
  from: string;
  to: string;
  at: string;
}

/**
 * Order status changes are queued in the change's transaction; this job turns each into the partner event
 * (webhook deliveries and notifications) in one transaction of its own, so a retry after a failure emits it
 * once.
 */
export function ordersJobs(platform: Platform): JobDefinition<OrderStatusChangedJob>[] {
  return [
    {
      name: ORDER_STATUS_CHANGED_JOB,
      retryLimit: 10,
      handler: (data) =>
        platform.database.db.transaction((tx) =>
          emitPartnerEvent(tx, {
            partnerId: Number(data.partnerId),
            type: 'ORDER_STATUS_CHANGED',
            data: { orderId: Number(data.orderId), from: data.from, to: data.to },
            at: data.at,
          }),
        ),
    },
  ];
}
