import { z } from 'zod';
import type { ErrorCode } from '../errors/codes';
import { PARTNER_EVENT_TYPES, type PartnerEventType } from '../events/events';
import { CONTACT_GROUPS } from '../partner/partner';
import { oneOf } from '../text/formRules';
import { safeText } from '../text/safeText';

type ContactGroup = (typeof CONTACT_GROUPS)[number];

/** Every partner event can be announced by e-mail and in the user area's list. */
export const NOTIFICATION_EVENT_TYPES = PARTNER_EVENT_TYPES;
export type NotificationEventType = PartnerEventType;

/**
 * Who hears of an event while the partner has not chosen (no setting row). Status changes of orders are
 * many and the seller caused most of them itself: silent until asked for.
 */
export const NOTIFICATION_DEFAULT_GROUPS: Record<NotificationEventType, readonly ContactGroup[]> = {
  ORDER_CREATED: ['SALES'],
  ORDER_STATUS_CHANGED: [],
  // The customer wants out of an order the partner is already shipping: someone must act today.
  ORDER_CANCELLATION_REQUESTED: ['SALES'],
  PRODUCT_IMPORT_FINISHED: ['TECH'],
  BRAND_REQUEST_DECIDED: ['MANAGER'],
  WORKFLOW_STATUS_CHANGED: ['MANAGER'],
  MESSAGE_RECEIVED: ['MANAGER'],
  WEBHOOK_BROKEN: ['TECH'],
  // Whoever runs the shipping hears of the service they asked for, beside the manager.
  MALL_DELIVERY_DECIDED: ['MANAGER', 'LOGISTICS'],
  // Whoever looks after the shop's feed (as for the XML import).
  FEED_RUN_WITH_ERRORS: ['TECH'],
  // Invoices are the finance contact's, the decision the manager's.
  SELF_BILLING_DECIDED: ['MANAGER', 'FINANCE'],
};

/** Spec §9: custom notification e-mails, at most 10. */
export const NOTIFICATION_MAX_EMAILS = 10;
const EMAIL_MAX = 254;
/** Ten of the longest addresses with their separators; anything longer cannot be a valid list. */
export const NOTIFICATION_EMAILS_TEXT_MAX = NOTIFICATION_MAX_EMAILS * (EMAIL_MAX + 2);

/** A setting as it applies: a saved row, or the default of its event type. */
export interface NotificationRecipients {
  groups: readonly ContactGroup[];
  emails: readonly string[];
  active: boolean;
}

export function defaultNotificationSetting(eventType: NotificationEventType): NotificationRecipients {
  const groups = NOTIFICATION_DEFAULT_GROUPS[eventType];
  return { groups, emails: [], active: groups.length > 0 };
}

const emailSchema = z.email();

/**
 * Reads a list of e-mail addresses separated by commas or semicolons (spec §5): trimmed, empty entries
 * dropped, lower-cased, each address once. `invalid` names what is not an address, as typed.
 */
export function parseEmailList(text: string): { emails: string[]; invalid: string[] } {
  const emails: string[] = [];
  const invalid: string[] = [];
  for (const part of text.split(/[,;]/)) {
    const entry = part.trim();
    if (!entry) continue;
    const email = entry.toLowerCase();
    if (email.length > EMAIL_MAX || !emailSchema.safeParse(email).success) {
      if (!invalid.includes(entry)) invalid.push(entry);
    } else if (!emails.includes(email)) {
      emails.push(email);
    }
  }
  return { emails, invalid };
}

/**
 * One event's setting as the form sends it. The rules: each custom address valid, at most 10 of them, and
 * an active setting needs at least one group or address. A disabled setting may keep no recipients: it is
 * how a partner silences an event, and the defaults have one (order status changes).
 */
export const notificationSettingSchema = z
  .object({
    eventType: oneOf(NOTIFICATION_EVENT_TYPES),
    groups: z
      .array(z.enum(CONTACT_GROUPS, 'included'), 'invalid')
      .max(CONTACT_GROUPS.length, 'invalid')
      .transform((groups) => CONTACT_GROUPS.filter((g) => groups.includes(g))),
    emails: safeText()
      .max(NOTIFICATION_EMAILS_TEXT_MAX, 'notificationMaxEmails')
      .transform((text, ctx) => {
        const { emails, invalid } = parseEmailList(text);
        if (invalid.length) {
          ctx.addIssue({ code: 'custom', message: 'notificationEmails', params: { email: invalid[0]! } });
        } else if (emails.length > NOTIFICATION_MAX_EMAILS) {
          ctx.addIssue({ code: 'custom', message: 'notificationMaxEmails', params: { 0: NOTIFICATION_MAX_EMAILS } });
        }
        return emails;
      }),
    active: z.boolean('invalid'),
  })
  .superRefine((setting, ctx) => {
    if (setting.active && setting.groups.length === 0 && setting.emails.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['groups'], message: 'notificationRecipientRequired' });
    }
  });
export type NotificationSettingInput = z.input<typeof notificationSettingSchema>;
export type NotificationSetting = z.output<typeof notificationSettingSchema>;

/** The catalogue code a refused setting answers with, by the first rule it broke (VALIDATION_ERROR otherwise). */
export function notificationSettingRefusal(rules: readonly string[]): ErrorCode {
  if (rules.includes('notificationMaxEmails')) return 'NOTIFICATION_TOO_MANY_EMAILS';
  if (rules.includes('notificationRecipientRequired')) return 'NOTIFICATION_RECIPIENT_REQUIRED';
  return 'VALIDATION_ERROR';
}

/**
 * Params of a notification whose values are codes: the key prefix of their translated names. The list and
 * the e-mail show "Shipped", not "shipped".
 */
const TRANSLATED_PARAMS: Partial<Record<NotificationEventType, Record<string, string>>> = {
  ORDER_STATUS_CHANGED: { from: 'orders.status.', to: 'orders.status.' },
  ORDER_CANCELLATION_REQUESTED: { status: 'orders.status.' },
  BRAND_REQUEST_DECIDED: { decision: 'brands.status.' },
  WORKFLOW_STATUS_CHANGED: { from: 'partner.workflowStatus.', to: 'partner.workflowStatus.' },
  MALL_DELIVERY_DECIDED: { state: 'deliveries.mall.state.' },
  FEED_RUN_WITH_ERRORS: { feed: 'feeds.names.', errorCode: 'errors.' },
  SELF_BILLING_DECIDED: { state: 'billingDocs.selfBillingState.' },
};

/** The values a notification's text is filled with, code values translated by `t`. */
export function notificationTextParams(
  eventType: string,
  params: Readonly<Record<string, string | number>>,
  t: (key: string) => string,
): Record<string, string | number> {
  const translated = TRANSLATED_PARAMS[eventType as NotificationEventType] ?? {};
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => {
      const prefix = translated[key];
      return [key, prefix ? t(`${prefix}${value}`) : value];
    }),
  );
}

/**
 * Events whose notification may carry a person's words (the operator's reason for a MALL Delivery decision):
 * their text then has a variant that quotes it, so the list and the e-mail say why, in the reader's language
 * around the words as written.
 */
const EVENTS_WITH_REASON: readonly NotificationEventType[] = ['MALL_DELIVERY_DECIDED', 'SELF_BILLING_DECIDED'];

/** The locale keys of a notification's subject and body (the body quoting the reason when there is one). */
export function notificationTextKeys(
  eventType: string,
  params: Readonly<Record<string, string | number>>,
): { subject: string; body: string } {
  const base = `notifications.events.${eventType}`;
  // An import that held price changes says how many wait for the seller (older notifications carry no count).
  if (eventType === 'PRODUCT_IMPORT_FINISHED' && Number(params.held) > 0) {
    return { subject: `${base}.subject`, body: `${base}.bodyWithHeld` };
  }
  // A feed run that failed whole says why; one that refused items says how many.
  if (eventType === 'FEED_RUN_WITH_ERRORS' && params.errorCode) {
    return { subject: `${base}.subject`, body: `${base}.bodyFailed` };
  }
  const reason = params.reason;
  const quotesReason =
    EVENTS_WITH_REASON.includes(eventType as NotificationEventType) && typeof reason === 'string' && reason.trim();
  return { subject: `${base}.subject`, body: quotesReason ? `${base}.bodyWithReason` : `${base}.body` };
}

/** Event data as stored with a notification: text and numbers only (booleans as words, nulls dropped). */
export function notificationParams(
  data: Readonly<Record<string, string | number | boolean | null>>,
): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(data)) {
    if (value === null || value === undefined) continue;
    params[key] = typeof value === 'boolean' ? String(value) : value;
  }
  return params;
}

const segment = (value: string | number | undefined) => encodeURIComponent(String(value ?? ''));

/** The page of the portal a notification is about (the e-mail's button, the list's link). */
export function notificationLink(eventType: string, params: Readonly<Record<string, string | number>>): string {
  switch (eventType as NotificationEventType) {
    case 'ORDER_CREATED':
    case 'ORDER_STATUS_CHANGED':
    case 'ORDER_CANCELLATION_REQUESTED':
      return params.orderId != null ? `/orders/${segment(params.orderId)}` : '/orders';
    case 'PRODUCT_IMPORT_FINISHED':
      return '/products';
    case 'BRAND_REQUEST_DECIDED':
      return '/brands/history';
    case 'WORKFLOW_STATUS_CHANGED':
      return '/workflow';
    case 'MESSAGE_RECEIVED':
      return params.conversationId != null ? `/user/conversation/${segment(params.conversationId)}` : '/user/messages';
    case 'MALL_DELIVERY_DECIDED':
      return '/deliveries/mall';
    case 'SELF_BILLING_DECIDED':
      return '/billings/self-billing';
    case 'FEED_RUN_WITH_ERRORS': {
      // The run's error log (MALL: the spec's route; Heureka: under its status page), else the runs' page.
      const runs = String(params.feed ?? '').startsWith('MALL') ? '/mall-feed/stats' : '/heureka-feed/status';
      return params.feedId != null && params.runId != null && !params.errorCode
        ? `${runs}/feed/${segment(params.feedId)}/job/${segment(params.runId)}/error-log`
        : runs;
    }
    case 'WEBHOOK_BROKEN':
      return params.webhookId != null ? `/partner/webhook/${segment(params.webhookId)}/logs` : '/partner/webhook';
    default:
      return '/user/notifications';
  }
}

/**
 * A link for an e-mail about one partner: it selects that partner first and then opens the page, so a person who
 * works for several partners lands on the right one whichever partner they had open.
 */
export function switchPartnerLink(partnerId: string | number, path: string): string {
  return `/switch-partner/${segment(partnerId)}?to=${encodeURIComponent(path)}`;
}
