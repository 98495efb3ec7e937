import type { DbOrTx } from '../db/client';
import { mailOutbox } from './tables';

export type MailTemplate = 'account-activation' | 'password-reset' | 'login-link';

/**
 * Queues an e-mail in the outbox within the caller's transaction; the mail.send job delivers it.
 * Delivery itself is the outside world (an SMTP relay), configured in production and logged in the demo.
 */
export async function queueMail(
  tx: DbOrTx,
  mail: { to: string; template: MailTemplate; lang: string; data: Record<string, unknown> },
): Promise<number> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({ recipient: mail.to, template: mail.template, lang: mail.lang, data: mail.data })
    .returning({ id: mailOutbox.id });
  return row!.id;
}
