import type { DbOrTx } from '../../platform/db/client';
import type { DemoIds } from './ids';

/** Demo data of this part of the partner area (issue 10). */
export async function seedAddressesAndContacts(_tx: DbOrTx, _ids: DemoIds): Promise<void> {}
