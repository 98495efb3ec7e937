import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import type { SecretBox } from '../../platform/secrets';
import { accounts } from '../account/tables';
import { enrolKnownTotpSecret } from './two-factor';

/**
 * The demo operators' authenticator secret, published like the demo password (printed at start): every operator
 * must have a second factor, so the demo's have this one, and tests and e2e compute their codes from it.
 */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** Enrols every demo operator's authenticator with the published secret (sealed like any other). */
export async function seedDemoTwoFactor(tx: DbOrTx, box: SecretBox): Promise<void> {
  const operators = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.isAdmin, true));
  for (const { id } of operators) await enrolKnownTotpSecret(tx, box, id, DEMO_TOTP_SECRET);
}
