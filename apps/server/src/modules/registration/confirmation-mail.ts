import { REGISTRATION_RESEND_LIMIT } from '@pp/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { queueMail } from '../../platform/mail/service';
import { takeAttempt } from '../auth/throttle';
import { registrations } from './tables';

/** Whether the account came from the public registration (its activation is the registration-confirm link). */
export async function isRegisteredAccount(db: DbOrTx, accountId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(eq(registrations.accountId, accountId))
    .limit(1);
  return row !== undefined;
}

/**
 * Queues a new confirmation mail unless the account has had its share this hour: the link goes only to the
 * registered address, but nobody may use the portal to flood that mailbox. Kept apart from the service so
 * sign-in (auth) can send it without depending on the registration flow.
 */
export async function queueConfirmationMail(
  db: DbOrTx,
  account: { id: number; email: string; lang: string },
): Promise<boolean> {
  if (!(await takeAttempt(db, `registration-resend:${account.id}`, REGISTRATION_RESEND_LIMIT))) return false;
  await queueMail(db, {
    to: account.email,
    template: 'registration-confirm',
    lang: account.lang,
    data: { accountId: account.id },
  });
  return true;
}
