import {
  isLanguage,
  type Language,
  notificationLink,
  notificationTextKeys,
  notificationTextParams,
  switchPartnerLink,
} from '@pp/domain';
import { eq } from 'drizzle-orm';
import type { Platform } from '../../platform/context';
import { translate } from '../../platform/i18n';
import { renderMail } from '../../platform/mail/html';
import type { MailRenderer } from '../../platform/mail/jobs';
import { partners } from '../partner/tables';
import { type NotificationMailData, PARTNER_NOTIFICATION_MAIL } from './notify';

/** The subject and body of a notification in one language, as the mail and the list say it. */
export function notificationTexts(
  lang: Language,
  eventType: string,
  params: Record<string, string | number>,
): { subject: string; body: string } {
  const values = notificationTextParams(eventType, params, (key) => translate(lang, key));
  const keys = notificationTextKeys(eventType, params);
  return { subject: translate(lang, keys.subject, values), body: translate(lang, keys.body, values) };
}

/**
 * The notification mail, in the language the outbox row names (its reader's: modules/account/mail-language.ts). The shop's name is read at
 * send time, so the greeting follows a rename; everything else travels with the queued row.
 */
export function notificationMailRenderers(platform: Platform): Record<string, MailRenderer> {
  return {
    [PARTNER_NOTIFICATION_MAIL]: async (db, mail) => {
      const lang: Language = isLanguage(mail.lang) ? mail.lang : 'en';
      const data = mail.data as Partial<NotificationMailData>;
      const eventType = String(data.eventType ?? '');
      const params = data.params ?? {};
      const [partner] = await db
        .select({ name: partners.partnerName })
        .from(partners)
        .where(eq(partners.id, Number(data.partnerId)));
      const { subject, body } = notificationTexts(lang, eventType, params);
      const paragraphs = [translate(lang, 'notifications.mail.intro', { partner: partner?.name ?? '' }), body];
      // A workflow move says what the partner does next, as the master's own workflow mail does.
      if (eventType === 'WORKFLOW_STATUS_CHANGED' && params.note) {
        paragraphs.push(translate(lang, 'mail.workflowChanged.note', { note: String(params.note) }));
      }
      if (eventType === 'WORKFLOW_STATUS_CHANGED' && params.to) {
        paragraphs.push(translate(lang, `workflow.next.${params.to}`));
      }
      paragraphs.push(translate(lang, 'notifications.mail.why'));
      const content = renderMail({
        lang,
        heading: subject,
        paragraphs,
        action: {
          label: translate(lang, 'notifications.mail.action'),
          url: new URL(
            switchPartnerLink(String(data.partnerId), notificationLink(eventType, params)),
            platform.config.publicUrl,
          ).toString(),
        },
      });
      return { mail: { to: mail.recipient, subject, ...content } };
    },
  };
}
