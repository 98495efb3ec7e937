import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n/languages';
import { ACTIVITY_KINDS, activityTextParams, describeActivity } from './activity';

/**
 * Every action the server records (grep -rn "action: '" apps/server/src, and the ternaries beside them) has its
 * sentence, its values and its link; an unknown action says "made a change", never its code.
 */
type Case = readonly [
  action: string,
  entityId: string | null,
  data: Record<string, unknown> | null,
  kind: string,
  params: Record<string, string | number>,
  link: string | null,
];
const cases: Case[] = [
  [
    'order.status',
    '1001',
    { from: 'open', to: 'shipped' },
    'orderStatus',
    { order: '1001', status: 'shipped' },
    '/orders/1001',
  ],
  ['order.branch', '1002', { from: 1, to: 2 }, 'orderBranch', { order: '1002' }, '/orders/1002'],
  ['order.test-create', '1003', { items: 1 }, 'orderTest', { order: '1003' }, '/orders/1003'],
  [
    'product.update',
    'BIKE 1',
    { priceFrom: 15499, priceTo: 16999 },
    'productPrice',
    { product: 'Road bike', from: '15499', to: '16999' },
    '/products/detail/BIKE%201',
  ],
  ['product.update', 'BIKE 1', null, 'productEdit', { product: 'Road bike' }, '/products/detail/BIKE%201'],
  ['product.create', 'BIKE 1', null, 'productCreate', { product: 'Road bike' }, '/products/detail/BIKE%201'],
  [
    'product.copy',
    'BIKE 1',
    { from: 'BIKE 0' },
    'productCreate',
    { product: 'Road bike' },
    '/products/detail/BIKE%201',
  ],
  ['product.delete', null, { count: 3, ids: ['a', 'b', 'c'] }, 'productsDeleted', { count: 3 }, '/products'],
  ['product.live', null, { count: 2 }, 'productsChanged', { count: 2 }, '/products'],
  ['product.status', null, { status: 'ACTIVE', count: 4 }, 'productsChanged', { count: 4 }, '/products'],
  ['product.sendToApproval', null, { count: 5 }, 'productsChanged', { count: 5 }, '/products'],
  ['product.activateAll', null, { count: 6 }, 'productsChanged', { count: 6 }, '/products'],
  ['product.batch', null, { field: 'stock', count: 7, failed: 0 }, 'productsChanged', { count: 7 }, '/products'],
  [
    'product.price.forced',
    null,
    { source: 'IMPORT', count: 8, skipped: 0 },
    'productsChanged',
    { count: 8 },
    '/products',
  ],
  [
    'product.price.forced',
    null,
    { source: 'IMPORT', forcePrice: true, count: 3 },
    'productPricesForced',
    { count: 3 },
    '/products',
  ],
  [
    'product.price.forced',
    'CHAIR-1',
    { source: 'BATCH', forcePrice: true, count: 1 },
    'productPricesForced',
    { count: 1 },
    '/products/detail/CHAIR-1',
  ],
  ['product.import.start', '9', null, 'productImport', {}, '/products'],
  ['product.import.batch', '9', null, 'productImport', {}, '/products'],
  [
    'webhook.create',
    '4',
    { url: 'https://erp.example/h' },
    'webhookCreate',
    { url: 'https://erp.example/h' },
    '/partner/webhook/4/logs',
  ],
  [
    'webhook.update',
    '4',
    { url: 'https://erp.example/h' },
    'webhookChange',
    { url: 'https://erp.example/h' },
    '/partner/webhook/4/logs',
  ],
  ['webhook.test', '4', { reactivated: false }, 'webhookChange', { url: '' }, '/partner/webhook/4/logs'],
  ['webhook.rotate-secret', '4', null, 'webhookChange', { url: '' }, '/partner/webhook/4/logs'],
  ['webhook.reenable', '4', { reactivated: true }, 'webhookReenable', {}, '/partner/webhook/4/logs'],
  [
    'webhook.delete',
    '4',
    { url: 'https://erp.example/h' },
    'webhookDelete',
    { url: 'https://erp.example/h' },
    '/partner/webhook',
  ],
  ['partner.contact.create', '1', { roles: ['TECH'] }, 'shopContacts', {}, '/partner/contacts'],
  ['partner.contact.update', '1', null, 'shopContacts', {}, '/partner/contacts'],
  ['partner.contact.delete', '1', null, 'shopContacts', {}, '/partner/contacts'],
  ['partner.address.create', '1', null, 'shopAddresses', {}, '/partner'],
  ['partner.address.update', '1', null, 'shopAddresses', {}, '/partner'],
  ['partner.address.delete', '1', null, 'shopAddresses', {}, '/partner'],
  ...[
    'partner.contract.save',
    'partner.connection',
    'partner.document.upload',
    'partner.document.delete',
    'partner.logo.set',
    'partner.logo.remove',
    'partner.publicTitle.set',
    'partner.selfBilling.request',
  ].map((a) => [a, null, null, 'shopProfile', {}, '/partner'] as const),
  ...[
    'account.invite',
    'account.invite-cancel',
    'account.invite-resend',
    'account.permissions',
    'account.unlink',
    'account.change-master',
    'account.invitation-accepted',
    'account.invitation-declined',
  ].map((a) => [a, null, null, 'accounts', {}, '/partner/accounts'] as const),
  ['account.profile', null, null, 'profile', {}, null],
  ['account.password-change', null, null, 'profile', {}, null],
  ['auth.login', null, null, 'signIn', {}, null],
  ['auth.login-token', null, null, 'signIn', {}, null],
  ['auth.remote-login', null, null, 'signIn', {}, null],
  [
    'workflow.change',
    '7',
    { from: 'TESTING', to: 'CONTENT_CONTROL', by: 'partner' },
    'workflow',
    { status: 'CONTENT_CONTROL' },
    '/workflow',
  ],
  ['terms.agree', null, null, 'terms', {}, '/workflow'],
  ...['messages.send', 'messages.reply', 'messages.close', 'messages.reopen'].map(
    (a) => [a, null, null, 'messages', {}, '/user/messages'] as const,
  ),
  ['brand.request', null, null, 'brandRequest', {}, '/brands/history'],
  ...['delivery.create', 'delivery.update', 'delivery.delete'].map(
    (a) => [a, '3', { code: 'PPL' }, 'delivery', { code: 'PPL' }, null] as const,
  ),
  ['notifications.update', null, null, 'notificationSettings', {}, '/partner/notifications'],
  ...['api.key.create', 'api.key.revoke', 'api.sandbox.create', 'api.sandbox.delete', 'api.sandbox.resetSecret'].map(
    (a) => [a, null, null, 'api', {}, '/partner/api-limit'] as const,
  ),
  ['export.start', null, null, 'export', {}, null],
  ['registration.register', null, null, 'registration', {}, '/workflow'],
  ['registration.confirm', null, null, 'registration', {}, '/workflow'],
  ['registration.complete', null, null, 'registration', {}, '/workflow'],
  ['something.new', '1', { secret: 'x' }, 'generic', {}, null],
];

describe('recent activity', () => {
  it.each(cases)('%s (%s) says %s', (action, entityId, data, kind, params, link) => {
    const objectName = action.startsWith('product.') && entityId ? 'Road bike' : null;
    expect(describeActivity({ action, entityId, data, objectName })).toEqual({ kind, params, link });
  });

  it('names a product by its id when its title is unknown (deleted since)', () => {
    expect(describeActivity({ action: 'product.update', entityId: 'X-1', data: null }).params).toEqual({
      product: 'X-1',
    });
  });

  it('uses only kinds the locale files know, and never passes data it does not name', () => {
    for (const [action, entityId, data] of cases) {
      const sentence = describeActivity({ action, entityId, data });
      expect(ACTIVITY_KINDS).toContain(sentence.kind);
      expect(Object.values(sentence.params)).not.toContain('x');
    }
  });

  it('translates code values: an order status, a workflow status', () => {
    const t = (key: string) => `«${key}»`;
    expect(activityTextParams('orderStatus', { order: '1001', status: 'shipped' }, t)).toEqual({
      order: '1001',
      status: '«orders.status.shipped»',
    });
    expect(activityTextParams('workflow', { status: 'TESTING' }, t)).toEqual({
      status: '«partner.workflowStatus.TESTING»',
    });
    expect(activityTextParams('productEdit', { product: 'shipped' }, t)).toEqual({ product: 'shipped' });
  });
});

describe('the sentences', () => {
  it.each(LANGUAGES)('%s says every kind, for the reader and for a colleague, linking what the link opens', (lang) => {
    const texts = JSON.parse(readFileSync(new URL(`../i18n/locales/${lang}.json`, import.meta.url), 'utf8')) as {
      activity: Record<'you' | 'other', Record<string, string>>;
    };
    for (const kind of ACTIVITY_KINDS) {
      const you = texts.activity.you[kind]!;
      const other = texts.activity.other[kind]!;
      expect(you, `${lang} you.${kind}`).toBeTruthy();
      expect(other, `${lang} other.${kind}`).toContain('{{actor}}');
      expect(you).not.toContain('{{actor}}');
      // The same words are linked in both forms, and only once.
      const links = (s: string) => s.match(/<link>/g)?.length ?? 0;
      expect(links(you)).toBe(links(other));
      expect(links(you)).toBeLessThanOrEqual(1);
    }
  });
});
