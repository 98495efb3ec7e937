import type { DbOrTx } from '../../platform/db/client';
import type { DemoMedia } from '../products';
import { seedAccounts } from './accounts';
import { seedAddressesAndContacts } from './addresses';
import { seedApi } from './api';
import type { DemoIds } from './ids';
import { seedInfo } from './info';
import { seedMessages } from './messages';
import { seedNotifications } from './notifications';
import { seedSandbox } from './sandbox';
import { seedWebhooks } from './webhooks';

export type { DemoIds } from './ids';

/** The partner area's demo data: each part seeds its own rows. */
export async function seedPartnerArea(tx: DbOrTx, ids: DemoIds, media?: DemoMedia): Promise<void> {
  await seedInfo(tx, ids, media);
  await seedAddressesAndContacts(tx, ids);
  await seedAccounts(tx, ids);
  await seedNotifications(tx, ids);
  await seedWebhooks(tx, ids);
  await seedApi(tx, ids);
  await seedSandbox(tx, ids);
  await seedMessages(tx, ids);
}
