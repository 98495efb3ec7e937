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
import { accountInvitations, accounts } from './tables';

export const ACCOUNT_INVITE_MAIL = 'account-invite';
/** Kept for mails queued before invitations needed consent; nothing queues it any more. */
export const ACCOUNT_LINKED_MAIL = 'account-linked';
/** An existing account is asked to join a partner: its link opens the page where the owner, signed in, answers. */
export const ACCOUNT_JOIN_MAIL = 'account-join';

/** The path of the page where a signed-in account answers an invitation (apps/web features/account). */
export const invitationPath = (token: string) => `/invitation/${token}`;

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
    [ACCOUNT_JOIN_MAIL]: async (db, mail) => {
      const lang = langOf(mail.lang);
      const invitationId = Number((mail.data as { invitationId?: number }).invitationId);
      const [row] = await db
        .select({
          partner: partners.partnerName,
          firstName: accounts.firstName,
          lastName: accounts.lastName,
          expiresAt: accountInvitations.expiresAt,
        })
        .from(accountInvitations)
        .innerJoin(partners, eq(partners.id, accountInvitations.partnerId))
        .leftJoin(accounts, eq(accounts.id, accountInvitations.invitedBy))
        .where(eq(accountInvitations.id, invitationId));
      // Withdrawing an invitation removes its unsent mail too; one caught mid-send has nothing left to offer.
      if (!row) throw new Error('the invitation was withdrawn before its mail left');
      // The link is made now and only its hash kept: a newer mail's link replaces the older one.
      const token = newToken();
      await db
        .update(accountInvitations)
        .set({ tokenHash: hashToken(token) })
        .where(eq(accountInvitations.id, invitationId));
      const inviter = `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || row.partner;
      const subject = translate(lang, 'mail.accountJoin.subject', { partner: row.partner });
      const content = renderMail({
        lang,
        heading: subject,
        paragraphs: [
          translate(lang, 'mail.accountJoin.body', { partner: row.partner, inviter, email: mail.recipient }),
          translate(lang, 'mail.accountJoin.expiry', { days: INVITE_TTL_MS / 86_400_000 }),
        ],
        action: { label: translate(lang, 'mail.accountJoin.action'), url: link(invitationPath(token)) },
      });
      return {
        mail: { to: mail.recipient, subject, ...content },
        discard: async () => {
          await db
            .update(accountInvitations)
            .set({ tokenHash: null })
            .where(and(eq(accountInvitations.id, invitationId), eq(accountInvitations.tokenHash, hashToken(token))));
        },
      };
    },
  };
}
