import type { PartnerEvent } from '@pp/domain';
import type { DbOrTx } from '../../platform/db/client';

/** Queues one delivery per enabled webhook of the partner that subscribes to the event (webhooks part). */
export async function queueWebhookDeliveries(_tx: DbOrTx, _event: PartnerEvent): Promise<void> {}
