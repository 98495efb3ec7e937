import { isLanguage, type Language } from '@pp/domain';
import { eq } from 'drizzle-orm';
import type { Platform } from '../../platform/context';
import { translate } from '../../platform/i18n';
import { renderMail } from '../../platform/mail/html';
import type { MailRenderer } from '../../platform/mail/jobs';
import { partners } from '../partner/tables';
import { WORKFLOW_CHANGED_MAIL } from './workflow';

/**
 * The workflow's mail: the master account hears of every move, in its own language, with the operator's note. The outbox keeps only
 * ids and statuses; the partner's name is read at send time, so a renamed shop is greeted by its new name.
 */
export function workflowMailRenderers(platform: Platform): Record<string, MailRenderer> {
  return {
    [WORKFLOW_CHANGED_MAIL]: async (db, mail) => {
      const lang: Language = isLanguage(mail.lang) ? mail.lang : 'en';
      const data = mail.data as { partnerId?: number; from?: string; to?: string; note?: string | null };
      const [partner] = await db
        .select({ name: partners.partnerName })
        .from(partners)
        .where(eq(partners.id, Number(data.partnerId)));
      const status = (s: string | undefined) => translate(lang, `partner.workflowStatus.${s ?? ''}`);
      const subject = translate(lang, 'mail.workflowChanged.subject', { status: status(data.to) });
      const content = renderMail({
        lang,
        heading: subject,
        paragraphs: [
          translate(lang, 'mail.workflowChanged.moved', {
            partner: partner?.name ?? '',
            from: status(data.from),
            to: status(data.to),
          }),
          // The operator's words, as written: they say why the shop moved and what to do.
          ...(data.note ? [translate(lang, 'mail.workflowChanged.note', { note: data.note })] : []),
          translate(lang, `workflow.next.${data.to ?? ''}`),
        ],
        action: {
          label: translate(lang, 'mail.workflowChanged.action'),
          url: new URL('/workflow', platform.config.publicUrl).toString(),
        },
      });
      return { mail: { to: mail.recipient, subject, ...content } };
    },
  };
}
