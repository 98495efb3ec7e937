import {
  defaultNotificationSetting,
  type NotificationRecipients,
  notificationParams,
  type PartnerEvent,
  type PartnerEventType,
} from '@pp/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { queueMail } from '../../platform/mail/service';
import { publishInTransaction } from '../../platform/stream/hub';
import { mailLanguages } from '../account/mail-language';
import { contactEmailsOfGroups } from '../partner/contacts';
import { partners } from '../partner/tables';
import { notificationSettings, partnerNotifications } from './tables';

export const PARTNER_NOTIFICATION_MAIL = 'partner-notification';

/** What the outbox keeps of a notification mail: the rendering needs nothing else. */
export interface NotificationMailData {
  notificationId: number;
  partnerId: number;
  eventType: string;
  params: Record<string, string | number>;
}

/** The partner's setting for one event type, or the domain's default when it has saved none. */
export async function effectiveSetting(
  db: DbOrTx,
  partnerId: number,
  eventType: PartnerEventType,
): Promise<NotificationRecipients> {
  const [row] = await db
    .select({
      groups: notificationSettings.groups,
      emails: notificationSettings.emails,
      active: notificationSettings.active,
    })
    .from(notificationSettings)
    .where(and(eq(notificationSettings.partnerId, partnerId), eq(notificationSettings.eventType, eventType)));
  return (row as NotificationRecipients | undefined) ?? defaultNotificationSetting(eventType);
}

/**
 * The addresses an event of this type would be mailed to now: the contacts of the chosen groups and the
 * custom addresses, each once. None while the setting is disabled.
 */
export async function notificationRecipients(
  db: DbOrTx,
  partnerId: number,
  eventType: PartnerEventType,
): Promise<string[]> {
  const setting = await effectiveSetting(db, partnerId, eventType);
  if (!setting.active) return [];
  const fromGroups = await contactEmailsOfGroups(db, partnerId, setting.groups);
  return [...new Set([...fromGroups, ...setting.emails.map((e) => e.toLowerCase())])];
}

/**
 * Records the notification and queues its e-mails as the partner's settings say, inside the transaction of
 * the change that caused the event: a rolled-back change leaves no list entry, no mail and no live event.
 * A disabled event, or one whose recipients resolve to nobody, leaves nothing either.
 */
export async function notifyPartner(tx: DbOrTx, event: PartnerEvent): Promise<void> {
  const recipients = await notificationRecipients(tx, event.partnerId, event.type);
  if (recipients.length === 0) return;
  const [partner] = await tx.select({ shopId: partners.shopId }).from(partners).where(eq(partners.id, event.partnerId));
  if (!partner) return;
  // Each address in its reader's language (modules/account/mail-language.ts), never simply the shop's.
  const languages = await mailLanguages(tx, event.partnerId, recipients);
  const params = notificationParams(event.data);
  const [row] = await tx
    .insert(partnerNotifications)
    .values({
      partnerId: event.partnerId,
      eventType: event.type,
      params,
      recipients,
      created: Number.isNaN(Date.parse(event.at)) ? new Date() : new Date(event.at),
    })
    .returning({ id: partnerNotifications.id });
  const data: NotificationMailData = {
    notificationId: row!.id,
    partnerId: event.partnerId,
    eventType: event.type,
    params,
  };
  for (const to of recipients) {
    const lang = languages.get(to.toLowerCase()) ?? 'en';
    await queueMail(tx, { to, template: PARTNER_NOTIFICATION_MAIL, lang, data: { ...data } });
  }
  await publishInTransaction(
    tx,
    { partnerId: event.partnerId },
    { type: 'notification_created', data: { id: row!.id } },
  );
}
