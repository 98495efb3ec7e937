import type { JobDefinition } from '../../platform/jobs';
import { ORDER_STATUS_CHANGED_JOB } from './service';

/**
 * Order domain events are queued here; the partner area's webhook deliverer works this queue (issue 10).
 * Until then the events wait in it, so none is lost.
 */
export function ordersJobs(): JobDefinition<never>[] {
  return [{ name: ORDER_STATUS_CHANGED_JOB, retryLimit: 10 }];
}
