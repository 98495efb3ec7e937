import { isLanguage, type Language, switchPartnerLink } from '@pp/domain';
import { eq } from 'drizzle-orm';
import type { Platform } from '../../../platform/context';
import { translate } from '../../../platform/i18n';
import { renderMail } from '../../../platform/mail/html';
import type { MailRenderer } from '../../../platform/mail/jobs';
import { partners } from '../../partner/tables';
import { MALL_DELIVERY_DECIDED_MAIL } from './decide';

/**
 * The master's mail about a MALL Delivery decision, in the master's language (queued with it). The outbox
 * keeps the state and the operator's reason; the shop's name is read at send time.
 */
export function mallDeliveryMailRenderers(platform: Platform): Record<string, MailRenderer> {
  return {
    [MALL_DELIVERY_DECIDED_MAIL]: async (db, mail) => {
      const lang: Language = isLanguage(mail.lang) ? mail.lang : 'en';
      const data = mail.data as { partnerId?: number; state?: string; reason?: string | null };
      const [partner] = await db
        .select({ name: partners.partnerName })
        .from(partners)
        .where(eq(partners.id, Number(data.partnerId)));
      const state = String(data.state ?? '');
      const subject = translate(lang, `mail.mallDelivery.subject.${state}`);
      const content = renderMail({
        lang,
        heading: subject,
        paragraphs: [
          translate(lang, `mail.mallDelivery.body.${state}`, { partner: partner?.name ?? '' }),
          // The operator's words, as written: why it was declined or switched off, and what to fix.
          ...(data.reason ? [translate(lang, 'mail.mallDelivery.reason', { reason: data.reason })] : []),
        ],
        action: {
          label: translate(lang, 'mail.mallDelivery.action'),
          url: new URL(
            switchPartnerLink(String(data.partnerId), '/deliveries/mall'),
            platform.config.publicUrl,
          ).toString(),
        },
      });
      return { mail: { to: mail.recipient, subject, ...content } };
    },
  };
}
