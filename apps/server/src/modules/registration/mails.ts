import { isLanguage, type Language, REGISTRATION_CONFIRM_TTL_MS } from '@pp/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Platform } from '../../platform/context';
import { translate } from '../../platform/i18n';
import { renderMail } from '../../platform/mail/html';
import type { MailRenderer, QueuedMail } from '../../platform/mail/jobs';
import { accounts } from '../account/tables';
import { loginTokens } from '../auth/tables';
import { hashToken } from '../auth/tokens';
import { issueConfirmToken } from './service';
import { registrations } from './tables';

/**
 * registration-confirm: the link registration-confirm/{token}, made when the mail is sent, so the outbox
 * never holds a live token. A mail the relay refuses spends its token.
 */
export function registrationMailRenderers(platform: Platform): Record<string, MailRenderer> {
  const langOf = (mail: QueuedMail): Language => (isLanguage(mail.lang) ? mail.lang : 'en');
  return {
    'registration-confirm': async (db, mail) => {
      const lang = langOf(mail);
      const accountId = Number((mail.data as { accountId?: number }).accountId);
      const [who] = await db
        .select({ firstName: accounts.firstName, shopName: registrations.shopName })
        .from(accounts)
        .leftJoin(registrations, eq(registrations.accountId, accounts.id))
        .where(eq(accounts.id, accountId))
        .limit(1);
      const token = await issueConfirmToken(db, accountId);
      const url = new URL(`/registration-confirm/${token}`, platform.config.publicUrl).toString();
      const params = {
        name: who?.firstName ?? '',
        shop: who?.shopName ?? '',
        hours: REGISTRATION_CONFIRM_TTL_MS / 3_600_000,
      };
      const subject = translate(lang, 'mail.registrationConfirm.subject', params);
      const parts = renderMail({
        lang,
        heading: subject,
        paragraphs: [
          translate(lang, 'mail.registrationConfirm.greeting', params),
          translate(lang, 'mail.registrationConfirm.body', params),
          translate(lang, 'mail.registrationConfirm.expiry', params),
          translate(lang, 'mail.registrationConfirm.notYou', params),
        ],
        action: { label: translate(lang, 'mail.registrationConfirm.action'), url },
      });
      return {
        mail: { to: mail.recipient, subject, ...parts },
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
