import { isLanguage, type Language, switchPartnerLink } from '@pp/domain';
import { and, eq } from 'drizzle-orm';
import type { Platform } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { translate } from '../../platform/i18n';
import { renderMail } from '../../platform/mail/html';
import type { MailRenderer } from '../../platform/mail/jobs';
import { queueMail } from '../../platform/mail/service';
import { accounts } from '../account/tables';
import { effectiveSetting, notificationRecipients } from '../notifications/notify';
import { accountPartners, partners } from '../partner/tables';

export const WEBHOOK_BROKEN_MAIL = 'webhook-broken';

/**
 * A broken hook stops the partner's integration, so somebody must hear of it. The notification settings
 * decide first (default: the TECH contacts); when they are active but reach nobody (no TECH contact), the
 * master account is mailed instead, in its own language. A partner that switched the event off is not mailed.
 */
export async function tellMasterIfNobodyHears(
  tx: DbOrTx,
  partnerId: number,
  webhookId: number,
  url: string,
): Promise<boolean> {
  const setting = await effectiveSetting(tx, partnerId, 'WEBHOOK_BROKEN');
  if (!setting.active) return false;
  if ((await notificationRecipients(tx, partnerId, 'WEBHOOK_BROKEN')).length > 0) return false;
  const [master] = await tx
    .select({ email: accounts.email, lang: accounts.lang })
    .from(accountPartners)
    .innerJoin(accounts, eq(accounts.id, accountPartners.accountId))
    .where(
      and(eq(accountPartners.partnerId, partnerId), eq(accountPartners.isMaster, true), eq(accounts.isActive, true)),
    )
    .limit(1);
  if (!master) return false;
  await queueMail(tx, {
    to: master.email,
    template: WEBHOOK_BROKEN_MAIL,
    lang: master.lang,
    data: { partnerId, webhookId, url },
  });
  return true;
}

export function webhookMailRenderers(platform: Platform): Record<string, MailRenderer> {
  return {
    [WEBHOOK_BROKEN_MAIL]: async (db, mail) => {
      const lang: Language = isLanguage(mail.lang) ? mail.lang : 'en';
      const data = mail.data as { partnerId?: number; webhookId?: number; url?: string };
      const [partner] = await db
        .select({ name: partners.partnerName })
        .from(partners)
        .where(eq(partners.id, Number(data.partnerId)));
      const subject = translate(lang, 'mail.webhookBroken.subject');
      const content = renderMail({
        lang,
        heading: subject,
        paragraphs: [
          translate(lang, 'mail.webhookBroken.body', { partner: partner?.name ?? '', url: data.url ?? '' }),
          translate(lang, 'mail.webhookBroken.next'),
        ],
        action: {
          label: translate(lang, 'mail.webhookBroken.action'),
          url: new URL(
            switchPartnerLink(String(data.partnerId), '/partner/webhook'),
            platform.config.publicUrl,
          ).toString(),
        },
      });
      return { mail: { to: mail.recipient, subject, ...content } };
    },
  };
}
