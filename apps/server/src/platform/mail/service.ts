import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { mailOutbox } from './tables';

/** Every area's templates; each has a renderer wired in src/jobs.ts. */
export type MailTemplate =
  | 'account-activation'
  | 'password-reset'
  | 'login-link'
  | 'account-invite'
  | 'account-linked'
  | 'account-join'
  | 'registration-confirm'
  | 'workflow-changed'
  | 'terms-published'
  | 'partner-notification'
  | 'webhook-broken'
  | 'mall-delivery-decided'
  | 'operator-invite';

/** Notified (on commit only, as PostgreSQL does) whenever a mail is queued: see startImmediateMailDelivery. */
export const MAIL_QUEUED_CHANNEL = 'pp_mail_queued';

/**
 * Queues an e-mail in the outbox within the caller's transaction; it leaves within seconds of the commit
 * (the notification below) or at the latest with the minute's mail.send job. A rolled-back command
 * sends nothing: both the row and the notification belong to the transaction.
 */
export async function queueMail(
  tx: DbOrTx,
  mail: { to: string; template: MailTemplate; lang: string; data: Record<string, unknown> },
): Promise<number> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({ recipient: mail.to, template: mail.template, lang: mail.lang, data: mail.data })
    .returning({ id: mailOutbox.id });
  await tx.execute(sql`select pg_notify(${MAIL_QUEUED_CHANNEL}, '')`);
  return row!.id;
}
