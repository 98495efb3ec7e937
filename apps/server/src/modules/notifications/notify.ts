import type { PartnerEvent } from '@pp/domain';
import type { DbOrTx } from '../../platform/db/client';

/** Records the notification and queues its e-mails as the partner's settings say (notifications part). */
export async function notifyPartner(_tx: DbOrTx, _event: PartnerEvent): Promise<void> {}
