import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PARTNER_EVENT_TYPES } from '../events/events';
import { LANGUAGES } from '../i18n/languages';
import {
  defaultNotificationSetting,
  NOTIFICATION_DEFAULT_GROUPS,
  NOTIFICATION_EVENT_TYPES,
  notificationLink,
  switchPartnerLink,
  notificationParams,
  notificationSettingRefusal,
  notificationSettingSchema,
  notificationTextKeys,
  notificationTextParams,
  parseEmailList,
} from './notifications';

const rulesOf = (input: Record<string, unknown>) => {
  const result = notificationSettingSchema.safeParse({
    eventType: 'ORDER_CREATED',
    groups: [],
    emails: '',
    active: true,
    ...input,
  });
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};
const addresses = (n: number) => Array.from({ length: n }, (_, i) => `p${i}@shop.cz`);

describe('e-mail lists', () => {
  it('splits on commas and semicolons, trims, drops empties, lower-cases and keeps each address once', () => {
    expect(parseEmailList(' A@Shop.cz ; b@shop.cz,, ;a@shop.cz ,c@shop.cz; ')).toEqual({
      emails: ['a@shop.cz', 'b@shop.cz', 'c@shop.cz'],
      invalid: [],
    });
    expect(parseEmailList('')).toEqual({ emails: [], invalid: [] });
  });

  it('names what is not an address, as typed', () => {
    expect(parseEmailList('ok@shop.cz; Nope, a b@shop.cz').invalid).toEqual(['Nope', 'a b@shop.cz']);
    expect(parseEmailList('x@shop.cz x2@shop.cz').invalid).toEqual(['x@shop.cz x2@shop.cz']);
  });
});

describe('a notification setting', () => {
  it('takes 10 addresses and refuses the 11th', () => {
    expect(rulesOf({ emails: addresses(10).join(';') })).toEqual([]);
    expect(rulesOf({ emails: addresses(11).join(',') })).toEqual(['emails:notificationMaxEmails']);
    // Duplicates do not count twice.
    expect(rulesOf({ emails: [...addresses(10), 'P0@shop.cz'].join(',') })).toEqual([]);
  });

  it('needs a group or an address while active, and nothing while disabled', () => {
    expect(rulesOf({})).toEqual(['groups:notificationRecipientRequired']);
    expect(rulesOf({ emails: ' ; ' })).toEqual(['groups:notificationRecipientRequired']);
    expect(rulesOf({ groups: ['SALES'] })).toEqual([]);
    expect(rulesOf({ emails: 'a@shop.cz' })).toEqual([]);
    expect(rulesOf({ active: false })).toEqual([]);
  });

  it('refuses unknown event types, groups and addresses', () => {
    expect(rulesOf({ eventType: 'X', emails: 'a@shop.cz' })).toEqual(['eventType:in']);
    expect(rulesOf({ groups: ['BOSS'] })).toEqual(['groups.0:included']);
    expect(rulesOf({ emails: 'a@shop' })).toEqual(['emails:notificationEmails']);
  });

  it('keeps groups in catalogue order, each once', () => {
    const parsed = notificationSettingSchema.parse({
      eventType: 'ORDER_CREATED',
      groups: ['TECH', 'SALES', 'TECH'],
      emails: '',
      active: true,
    });
    expect(parsed.groups).toEqual(['SALES', 'TECH']);
  });

  it('answers each broken rule with its catalogue code', () => {
    expect(notificationSettingRefusal(['notificationMaxEmails'])).toBe('NOTIFICATION_TOO_MANY_EMAILS');
    expect(notificationSettingRefusal(['notificationRecipientRequired'])).toBe('NOTIFICATION_RECIPIENT_REQUIRED');
    expect(notificationSettingRefusal(['notificationEmails'])).toBe('VALIDATION_ERROR');
  });
});

describe('defaults and texts', () => {
  it('has a default for every partner event; order status changes are silent', () => {
    expect(NOTIFICATION_EVENT_TYPES).toEqual(PARTNER_EVENT_TYPES);
    expect(Object.keys(NOTIFICATION_DEFAULT_GROUPS).sort()).toEqual([...PARTNER_EVENT_TYPES].sort());
    expect(defaultNotificationSetting('ORDER_STATUS_CHANGED')).toEqual({ groups: [], emails: [], active: false });
    expect(defaultNotificationSetting('ORDER_CREATED')).toEqual({ groups: ['SALES'], emails: [], active: true });
  });

  it('translates code values only where they are codes', () => {
    const t = (key: string) => `<${key}>`;
    expect(notificationTextParams('ORDER_STATUS_CHANGED', { orderId: 5, from: 'open', to: 'shipped' }, t)).toEqual({
      orderId: 5,
      from: '<orders.status.open>',
      to: '<orders.status.shipped>',
    });
    expect(notificationTextParams('ORDER_CREATED', { orderId: 'open' }, t)).toEqual({ orderId: 'open' });
  });

  it('stores event data as text and numbers', () => {
    expect(notificationParams({ a: 1, b: 'x', c: true, d: null })).toEqual({ a: 1, b: 'x', c: 'true' });
  });

  it('says how many price changes an import held when it held any, in every language', () => {
    const base = 'notifications.events.PRODUCT_IMPORT_FINISHED';
    expect(notificationTextKeys('PRODUCT_IMPORT_FINISHED', { imported: 5, refused: 0, held: 2 }).body).toBe(
      `${base}.bodyWithHeld`,
    );
    expect(notificationTextKeys('PRODUCT_IMPORT_FINISHED', { imported: 5, refused: 0, held: 0 }).body).toBe(
      `${base}.body`,
    );
    // Notifications stored before the count was sent read as they did.
    expect(notificationTextKeys('PRODUCT_IMPORT_FINISHED', { imported: 5, refused: 0 }).body).toBe(`${base}.body`);
    for (const lang of LANGUAGES) {
      const locale = JSON.parse(readFileSync(new URL(`../i18n/locales/${lang}.json`, import.meta.url), 'utf8')) as {
        notifications: { events: Record<string, Record<string, string>> };
      };
      const texts = locale.notifications.events.PRODUCT_IMPORT_FINISHED!;
      expect(texts.bodyWithHeld, lang).toContain('{{held}}');
      expect(texts.bodyWithHeld, lang).toContain('{{imported}}');
      expect(texts.bodyWithHeld, lang).not.toBe(texts.body);
    }
  });

  it('quotes the operator’s reason of a MALL Delivery decision when there is one, in every language', () => {
    const base = 'notifications.events.MALL_DELIVERY_DECIDED';
    expect(notificationTextKeys('MALL_DELIVERY_DECIDED', { state: 'declined', reason: 'No phone' })).toEqual({
      subject: `${base}.subject`,
      body: `${base}.bodyWithReason`,
    });
    expect(notificationTextKeys('MALL_DELIVERY_DECIDED', { state: 'active' }).body).toBe(`${base}.body`);
    expect(notificationTextKeys('MALL_DELIVERY_DECIDED', { state: 'declined', reason: ' ' }).body).toBe(`${base}.body`);
    // Only events whose reason is a person's words to the partner quote it.
    expect(notificationTextKeys('ORDER_CREATED', { reason: 'x' }).body).toBe('notifications.events.ORDER_CREATED.body');
    for (const lang of LANGUAGES) {
      const locale = JSON.parse(readFileSync(new URL(`../i18n/locales/${lang}.json`, import.meta.url), 'utf8')) as {
        notifications: { events: Record<string, Record<string, string>> };
      };
      const text = locale.notifications.events.MALL_DELIVERY_DECIDED!;
      expect(text.bodyWithReason, lang).toContain('{{reason}}');
      expect(text.bodyWithReason, lang).toContain('{{state}}');
    }
  });

  it('links each event to its page, escaping ids', () => {
    expect(notificationLink('ORDER_CREATED', { orderId: '12/3' })).toBe('/orders/12%2F3');
    expect(notificationLink('WEBHOOK_BROKEN', { webhookId: 4 })).toBe('/partner/webhook/4/logs');
    expect(notificationLink('MESSAGE_RECEIVED', { conversationId: 9 })).toBe('/user/conversation/9');
    expect(notificationLink('WORKFLOW_STATUS_CHANGED', {})).toBe('/workflow');
    expect(notificationLink('UNKNOWN', {})).toBe('/user/notifications');
  });
});

describe('switchPartnerLink', () => {
  it('selects the partner, then opens the page, with the page as one query value', () => {
    expect(switchPartnerLink(7, '/orders/12%2F3')).toBe('/switch-partner/7?to=%2Forders%2F12%252F3');
    expect(decodeURIComponent(switchPartnerLink('7', '/workflow').split('to=')[1]!)).toBe('/workflow');
  });
});
