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
  // Delivery methods (deliveries/service.ts): the method's page, the list once it is deleted.
  ['delivery.create', '3', { code: 'PPL' }, 'deliveryCreate', { code: 'PPL' }, '/deliveries/detail/3'],
  ['delivery.update', '3', { code: 'PPL', previousCode: 'X' }, 'delivery', { code: 'PPL' }, '/deliveries/detail/3'],
  [
    'delivery.mall',
    '3',
    { code: 'PPL', to: { mdpAllowed: true } },
    'delivery',
    { code: 'PPL' },
    '/deliveries/detail/3',
  ],
  ['delivery.delete', '3', { code: 'PPL' }, 'deliveryDelete', { code: 'PPL' }, '/deliveries'],
  // Orders from the marketplace (deliveries/intake.ts, intake-events.ts) and the carrier's consignments.
  [
    'order.create',
    '4005',
    { source: 'marketplace', channel: 'push', items: 2, status: 'open' },
    'orderReceived',
    { order: '4005' },
    '/orders/4005',
  ],
  [
    'order.status',
    '4005',
    { from: 'open', to: 'cancelled', source: 'marketplace' },
    'orderStatus',
    { order: '4005', status: 'cancelled' },
    '/orders/4005',
  ],
  [
    'order.marketplace-event',
    '4005',
    { event: 'customerCancellation', cancellationRequested: true },
    'orderCancellationRequest',
    { order: '4005' },
    '/orders/4005',
  ],
  [
    'order.marketplace-event',
    '4005',
    { event: 'confirmation', confirmed: true },
    'orderPaymentConfirmed',
    { order: '4005' },
    '/orders/4005',
  ],
  [
    'order.marketplace-event',
    '4005',
    { event: 'confirmation', confirmed: false },
    'orderPaymentUnconfirmed',
    { order: '4005' },
    '/orders/4005',
  ],
  [
    'order.marketplace-event',
    '4005',
    { event: 'consignment', shipment: 'RETURN_READY_FOR_PICKUP', readyToReturn: true },
    'orderShipment',
    { order: '4005', status: 'RETURN_READY_FOR_PICKUP' },
    '/orders/4005',
  ],
  ['order.marketplace-event', '4005', { event: 'unblock' }, 'generic', {}, null],
  [
    'order.consignment.register',
    '4005',
    { carrier: 'ULOZENKA', consignmentId: 'C1' },
    'orderConsignmentRegister',
    { order: '4005' },
    '/orders/4005',
  ],
  [
    'order.consignment.export',
    '4005',
    { carrier: 'ULOZENKA', consignmentId: 'C1', exportId: 'E1' },
    'orderConsignmentExport',
    { order: '4005' },
    '/orders/4005',
  ],
  // Warehouse and delivery settings (deliveries/warehouse/settings.ts): switching COD is named.
  ['warehouse.update', '9', { carrierCloseTime: ['14:00', '13:30'] }, 'warehouse', {}, '/deliveries/warehouse'],
  [
    'warehouse.update',
    '9',
    { codPaymentDisabled: [false, true], supplyDelayTo: [0, 3] },
    'codOff',
    {},
    '/deliveries/warehouse',
  ],
  ['warehouse.update', '9', { codPaymentDisabled: [true, false] }, 'codOn', {}, '/deliveries/warehouse'],
  ['partner.marketplace-flags', '9', { exportToFeed: [true, false] }, 'marketplaceFlags', {}, '/deliveries/warehouse'],
  // MALL Delivery (deliveries/mall/): the partner's request and settings, the operator's decisions.
  ['deliveries.mall.request', '2', { from: 'inactive', to: 'requested' }, 'mallRequest', {}, '/deliveries/mall'],
  ['deliveries.mall.accept', '2', { from: 'requested', to: 'active', fee: 30 }, 'mallAccepted', {}, '/deliveries/mall'],
  [
    'deliveries.mall.decline',
    '2',
    { from: 'requested', to: 'declined', reason: 'x' },
    'mallDeclined',
    {},
    '/deliveries/mall',
  ],
  ['deliveries.mall.deactivate', '9', { to: 'inactive', reason: 'x' }, 'mallDeactivated', {}, '/deliveries/mall'],
  ['deliveries.mall.classic', '9', { returnPinChanged: true }, 'mallClassic', {}, '/deliveries/mall/classic'],
  [
    'deliveries.mall.spectrum',
    '9',
    { status: 'active', from: 'inactive' },
    'mallSpectrum',
    {},
    '/deliveries/mall/spectrum',
  ],
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
    expect(activityTextParams('orderShipment', { order: '4005', status: 'LOST' }, t)).toEqual({
      order: '4005',
      status: '«orders.shipmentStatus.LOST»',
    });
  });

  it('names every audit action the deliveries area writes', () => {
    // grep -rhoE "action: '[a-z.-]+'" apps/server/src/modules/deliveries, plus the ternaries and templates there.
    const deliveries = [
      'order.create',
      'order.marketplace-event',
      'order.consignment.register',
      'order.consignment.export',
      'warehouse.update',
      'partner.marketplace-flags',
      'deliveries.mall.request',
      'deliveries.mall.accept',
      'deliveries.mall.decline',
      'deliveries.mall.deactivate',
      'deliveries.mall.classic',
      'deliveries.mall.spectrum',
      'delivery.create',
      'delivery.update',
      'delivery.mall',
      'delivery.delete',
    ];
    for (const action of deliveries) {
      const data = action === 'order.marketplace-event' ? { shipment: 'DELIVERED' } : { code: 'PPL' };
      const sentence = describeActivity({ action, entityId: '1', data });
      expect(sentence.kind, action).not.toBe('generic');
      expect(sentence.link, action).not.toBeNull();
    }
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
