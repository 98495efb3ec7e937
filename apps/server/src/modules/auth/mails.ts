import { isLanguage, type Language, LOGIN_TOKEN_TTL_MS, PASSWORD_RESET_TTL_MS } from '@pp/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Platform } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { translate } from '../../platform/i18n';
import { renderMailHtml } from '../../platform/mail/html';
import type { MailRenderer, QueuedMail } from '../../platform/mail/jobs';
import { loginTokens } from './tables';
import { hashToken } from './tokens';
import { issueLoginToken, issueResetToken } from './service';

/**
 * The HTML part of a mail whose text is one translated body: its paragraphs, with the paragraph that is
 * only the link turned into the button, so both parts say the same in the recipient's language.
 */
function bodyAsHtml(lang: Language, subject: string, body: string, link: string, actionLabel: string): string {
  const paragraphs = body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p && p !== link);
  return renderMailHtml({ lang, heading: subject, paragraphs, action: { label: actionLabel, url: link } });
}

/** The accounts' e-mails. Links are made at send time (see MailRenderer); the outbox keeps only the account id. */
export function authMailRenderer(platform: Platform): Record<string, MailRenderer> {
  const link = (path: string) => new URL(path, platform.config.publicUrl).toString();
  const langOf = (mail: QueuedMail): Language => (isLanguage(mail.lang) ? mail.lang : 'en');
  const accountIdOf = (mail: QueuedMail) => Number((mail.data as { accountId?: number }).accountId);
  /** A link that was made but not delivered is spent at once. */
  const spend = (db: Db, token: string) => async () => {
    await db
      .update(loginTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(loginTokens.tokenHash, hashToken(token)), isNull(loginTokens.usedAt)));
  };

  /** A mail whose link carries a one-time token made now; a mail the relay refuses spends it. */
  const linkMail =
    (texts: string, issue: (db: Db, accountId: number) => Promise<string>, path: string, ttlMs: number): MailRenderer =>
    async (db, mail) => {
      const lang = langOf(mail);
      const token = await issue(db, accountIdOf(mail));
      const params = { link: link(`${path}/${token}`), minutes: ttlMs / 60_000 };
      const subject = translate(lang, `mail.${texts}.subject`);
      const text = translate(lang, `mail.${texts}.body`, params);
      return {
        mail: {
          to: mail.recipient,
          subject,
          text,
          html: bodyAsHtml(lang, subject, text, params.link, translate(lang, `mail.${texts}.action`)),
        },
        discard: spend(db, token),
      };
    };

  return {
    'password-reset': linkMail('passwordReset', issueResetToken, '/login/reset-password', PASSWORD_RESET_TTL_MS),
    'login-link': linkMail('loginLink', issueLoginToken, '/login/token', LOGIN_TOKEN_TTL_MS),
    'account-activation': async (_db, mail) => {
      const lang = langOf(mail);
      const subject = translate(lang, 'mail.accountActivation.subject');
      const text = translate(lang, 'mail.accountActivation.body', { link: link('/login') });
      return {
        mail: {
          to: mail.recipient,
          subject,
          text,
          html: bodyAsHtml(lang, subject, text, link('/login'), translate(lang, 'mail.accountActivation.action')),
        },
      };
    },
  };
}

/** One renderer over every area's templates. */
export function mailRenderer(byTemplate: Record<string, MailRenderer>): MailRenderer {
  return (db, mail) => {
    const render = byTemplate[mail.template];
    if (!render) throw new Error(`no renderer for mail template ${mail.template}`);
    return render(db, mail);
  };
}
