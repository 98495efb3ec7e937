import {
  CONTACT_GROUPS,
  DomainError,
  defaultNotificationSetting,
  NOTIFICATION_EVENT_TYPES,
  NOTIFICATION_MAX_EMAILS,
  type NotificationEventType,
  notificationSettingRefusal,
  notificationSettingSchema,
} from '@pp/domain';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import { validationError } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { groupsWithoutContact } from '../partner/contacts';
import { partnerContacts } from '../partner/tables';
import { notificationSettings } from './tables';

export interface NotificationSettingView {
  eventType: NotificationEventType;
  groups: string[];
  emails: string[];
  active: boolean;
  /** No saved row: the domain's default applies. */
  isDefault: boolean;
  updated: Date | null;
}

/** Every event type with the partner's setting, or the default where it has saved none. */
export async function listNotificationSettings(ctx: RequestContext): Promise<NotificationSettingView[]> {
  const { partnerId } = await ctx.require('notifications', 'read');
  const rows = await ctx.db.select().from(notificationSettings).where(eq(notificationSettings.partnerId, partnerId));
  const byType = new Map(rows.map((r) => [r.eventType, r]));
  return NOTIFICATION_EVENT_TYPES.map((eventType) => {
    const row = byType.get(eventType);
    if (row) {
      return {
        eventType,
        groups: row.groups,
        emails: row.emails,
        active: row.active,
        isDefault: false,
        updated: row.updated,
      };
    }
    const fallback = defaultNotificationSetting(eventType);
    return {
      eventType,
      groups: [...fallback.groups],
      emails: [],
      active: fallback.active,
      isDefault: true,
      updated: null,
    };
  });
}

/**
 * The contact groups at least one of the partner's contacts holds: the form marks the others, whose choice
 * the server would refuse. Only group names leave here, never the people.
 */
export async function notificationContactGroups(ctx: RequestContext): Promise<string[]> {
  const { partnerId } = await ctx.require('notifications', 'read');
  const rows = await ctx.db
    .selectDistinct({ group: sql<string>`unnest(${partnerContacts.roles})` })
    .from(partnerContacts)
    .where(eq(partnerContacts.partnerId, partnerId));
  const held = new Set(rows.map((r) => r.group));
  return CONTACT_GROUPS.filter((g) => held.has(g));
}

/**
 * Saves who hears of one event type. Besides the form's rules, an active setting may name only groups that
 * have a contact: a group of nobody would silently mail nobody. A disabled setting keeps its choice as it is.
 */
export async function updateNotificationSetting(ctx: RequestContext, input: unknown): Promise<NotificationSettingView> {
  const { partnerId } = await ctx.require('notifications', 'update');
  const parsed = notificationSettingSchema.safeParse(input);
  if (!parsed.success) {
    const invalid = validationError(parsed.error);
    const code = notificationSettingRefusal(invalid.fields.map((f) => f.rule));
    throw code === 'VALIDATION_ERROR'
      ? invalid
      : new DomainError(code, { max: NOTIFICATION_MAX_EMAILS }, invalid.fields);
  }
  const setting = parsed.data;
  const accountId = ctx.requireAuth().account.id;
  return ctx.db.transaction(async (tx) => {
    if (setting.active) {
      const missing = await groupsWithoutContact(tx, partnerId, setting.groups);
      if (missing.length) {
        const groups = missing.map((g) => translate(ctx.lang, `contacts.roles.${g}`)).join(', ');
        throw new DomainError('NOTIFICATION_GROUP_WITHOUT_CONTACT', { groups }, [
          { field: 'groups', rule: 'notificationGroupWithoutContact', params: { groups } },
        ]);
      }
    }
    const values = { groups: setting.groups, emails: setting.emails, active: setting.active, updatedBy: accountId };
    const [row] = await tx
      .insert(notificationSettings)
      .values({ partnerId, eventType: setting.eventType, ...values })
      .onConflictDoUpdate({
        target: [notificationSettings.partnerId, notificationSettings.eventType],
        set: { ...values, updated: sql`now()` },
      })
      .returning();
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'notifications.update',
      entity: 'notification_setting',
      entityId: setting.eventType,
      data: { groups: setting.groups, emails: setting.emails.length, active: setting.active },
    });
    return {
      eventType: setting.eventType,
      groups: row!.groups,
      emails: row!.emails,
      active: row!.active,
      isDefault: false,
      updated: row!.updated,
    };
  });
}
