import type { PartnerEvent } from '@pp/domain';
import type { DbOrTx } from '../../platform/db/client';
import { notifyPartner } from '../notifications/notify';
import { queueWebhookDeliveries } from '../webhooks/queue';

/**
 * The one door for a partner event: inside the transaction of the change that caused it, it queues the
 * deliveries to the partner's webhooks that subscribe to it and the notification (list entry and e-mails)
 * its settings ask for. A change that rolls back leaves neither behind.
 */
export async function emitPartnerEvent(tx: DbOrTx, event: PartnerEvent): Promise<void> {
  await queueWebhookDeliveries(tx, event);
  await notifyPartner(tx, event);
}
