import { INVITE_TTL_MS, isLanguage, type Language } from '@pp/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Platform } from '../../platform/context';
import { translate } from '../../platform/i18n';
import { renderMail } from '../../platform/mail/html';
import type { MailRenderer } from '../../platform/mail/jobs';
import { issueInviteToken } from '../account/mails';
import { loginTokens } from '../auth/tables';
import { hashToken } from '../auth/tokens';
import { OPERATOR_INVITE_MAIL } from './operators';

/**
 * The invitation of a new operator: its link (made when the mail is sent, like every link here) opens the page that
 * sets a first password and so confirms the account.
 */
export function operatorMailRenderers(platform: Platform): Record<string, MailRenderer> {
  return {
    [OPERATOR_INVITE_MAIL]: async (db, mail) => {
      const lang: Language = isLanguage(mail.lang) ? mail.lang : 'en';
      const accountId = Number((mail.data as { accountId?: number }).accountId);
      const token = await issueInviteToken(db, accountId, null);
      const url = new URL(`/login/reset-password/${token}`, platform.config.publicUrl).toString();
      const subject = translate(lang, 'mail.operatorInvite.subject');
      const content = renderMail({
        lang,
        heading: subject,
        paragraphs: [
          translate(lang, 'mail.operatorInvite.body', { email: mail.recipient }),
          translate(lang, 'mail.accountInvite.expiry', { days: INVITE_TTL_MS / 86_400_000 }),
        ],
        action: { label: translate(lang, 'mail.accountInvite.action'), url },
      });
      return {
        mail: { to: mail.recipient, subject, ...content },
        discard: async () => {
          await db
            .update(loginTokens)
            .set({ usedAt: sql`now()` })
            .where(and(eq(loginTokens.tokenHash, hashToken(token)), isNull(loginTokens.usedAt)));
        },
      };
    },
  };
}
