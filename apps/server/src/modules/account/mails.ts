import { INVITE_TTL_MS, isLanguage, type Language } from '@pp/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Platform } from '../../platform/context';
import type { Db, DbOrTx } from '../../platform/db/client';
import { translate } from '../../platform/i18n';
import { renderMail } from '../../platform/mail/html';
import type { MailRenderer } from '../../platform/mail/jobs';
import { loginTokens } from '../auth/tables';
import { hashToken, newToken } from '../auth/tokens';
import { partners } from '../partner/tables';

export const ACCOUNT_INVITE_MAIL = 'account-invite';
export const ACCOUNT_LINKED_MAIL = 'account-linked';

/**
 * A new invitation token for the mail being sent now (only its hash is stored). Its link is the reset
 * page's: setting the password there also confirms the account.
 */
export async function issueInviteToken(db: DbOrTx, accountId: number, partnerId: number | null): Promise<string> {
  const token = newToken();
  await db.insert(loginTokens).values({
    tokenHash: hashToken(token),
    purpose: 'invite',
    accountId,
    partnerId,
    expiresAt: new Date(Date.now() + INVITE_TTL_MS),
  });
  return token;
}

async function partnerName(db: Db, partnerId: number): Promise<string> {
  const [row] = await db.select({ name: partners.partnerName }).from(partners).where(eq(partners.id, partnerId));
  return row?.name ?? '';
}

/**
 * The accounts tab's mails, in the recipient account's language. The outbox keeps only ids: the partner's
 * name is read and the invitation link made when the mail is sent, so no live link waits in the outbox.
 */
export function accountMailRenderers(platform: Platform): Record<string, MailRenderer> {
  const link = (path: string) => new URL(path, platform.config.publicUrl).toString();
  const langOf = (lang: string): Language => (isLanguage(lang) ? lang : 'en');
  const dataOf = (data: unknown) => {
    const d = data as { accountId?: number; partnerId?: number };
    return { accountId: Number(d.accountId), partnerId: Number(d.partnerId) };
  };

  return {
    [ACCOUNT_INVITE_MAIL]: async (db, mail) => {
      const lang = langOf(mail.lang);
      const { accountId, partnerId } = dataOf(mail.data);
      const partner = await partnerName(db, partnerId);
      const token = await issueInviteToken(db, accountId, partnerId);
      const url = link(`/login/reset-password/${token}`);
      const subject = translate(lang, 'mail.accountInvite.subject', { partner });
      const content = renderMail({
        lang,
        heading: subject,
        paragraphs: [
          translate(lang, 'mail.accountInvite.body', { partner, email: mail.recipient }),
          translate(lang, 'mail.accountInvite.expiry', { days: INVITE_TTL_MS / 86_400_000 }),
        ],
        action: { label: translate(lang, 'mail.accountInvite.action'), url },
      });
      return {
        mail: { to: mail.recipient, subject, ...content },
        // A link that was made but never delivered is spent at once.
        discard: async () => {
          await db
            .update(loginTokens)
            .set({ usedAt: sql`now()` })
            .where(and(eq(loginTokens.tokenHash, hashToken(token)), isNull(loginTokens.usedAt)));
        },
      };
    },
    [ACCOUNT_LINKED_MAIL]: async (db, mail) => {
      const lang = langOf(mail.lang);
      const { partnerId } = dataOf(mail.data);
      const partner = await partnerName(db, partnerId);
      const subject = translate(lang, 'mail.accountLinked.subject', { partner });
      const content = renderMail({
        lang,
        heading: subject,
        paragraphs: [translate(lang, 'mail.accountLinked.body', { partner })],
        action: { label: translate(lang, 'mail.accountLinked.action'), url: link('/login') },
      });
      return { mail: { to: mail.recipient, subject, ...content } };
    },
  };
}
