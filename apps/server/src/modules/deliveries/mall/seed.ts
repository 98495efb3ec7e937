import type { DbOrTx } from '../../../platform/db/client';
import { mallDeliveryConfigs, mallDeliveryRequests } from './tables';

const WEEKDAY = { from: '07:00', to: '15:30' };

/**
 * The Czech demo shop runs MALL Delivery (the seed makes it active): the request an operator accepted a year
 * ago and the settings it agreed, so its pages show a working service rather than empty fields.
 */
export async function seedMallDelivery(tx: DbOrTx, czPartnerId: number): Promise<void> {
  const requestedAt = new Date(Date.now() - 380 * 86_400_000);
  await tx.insert(mallDeliveryRequests).values({
    partnerId: czPartnerId,
    status: 'accepted',
    requestedAt,
    decidedAt: new Date(requestedAt.getTime() + 2 * 86_400_000),
  });
  await tx.insert(mallDeliveryConfigs).values({
    partnerId: czPartnerId,
    fee: 39,
    spectrumFee: 45,
    registerBranch: 'CZ-PRG-ZLI',
    returnBranch: 'CZ-BRN-CER',
    returnPin: '2580',
    openingHours: { mon: WEEKDAY, tue: WEEKDAY, wed: WEEKDAY, thu: WEEKDAY, fri: WEEKDAY, sat: null, sun: null },
    labelType: 'pdf',
  });
}
