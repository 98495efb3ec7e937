import { hashToken } from '../../modules/auth/tokens';
import { newClientId } from '../../modules/api/keys';
import { ensureSandboxPartner } from '../../modules/api/sandbox-partner';
import { sandboxAccounts } from '../../modules/api/tables';
import type { DbOrTx } from '../../platform/db/client';
import type { DemoIds } from './ids';

/**
 * The REST API sandbox client id of partner@demo.test's shop (the secret of its sandbox account), known so the
 * sandbox can be tried against a fresh `npm start` at once: `GET /v1/orders?client_id=…` answers the sandbox's
 * test orders, never the shop's own. Demo data only.
 */
export const DEMO_SANDBOX_CLIENT_ID = 'demo-partner-sandbox-client-id-cz10ma';

const DAY = 86_400_000;

/** One sandbox account of the Czech demo shop, and with it the shop's sandbox and its test data. */
export async function seedSandbox(tx: DbOrTx, ids: DemoIds, now: Date = new Date()): Promise<void> {
  await tx.insert(sandboxAccounts).values({
    partnerId: ids.cz,
    email: 'integrace@sport-demo.cz',
    clientId: newClientId('sb'),
    secretHash: hashToken(DEMO_SANDBOX_CLIENT_ID),
    createdBy: ids.partnerAcc,
    created: new Date(now.getTime() - 30 * DAY),
  });
  await ensureSandboxPartner(tx, ids.cz, now);
}
