/**
 * The home page's recent activity in sentences (issue 18, point 14): each audit action becomes one kind of
 * sentence with the values that matter and a link to the object's page when it has one. The server runs this
 * on its audit rows, so only these values leave it (never the rest of an entry's data); the web says the
 * sentence with `activity.you.<kind>` or `activity.other.<kind>` and the values of `activityTextParams`.
 */
export const ACTIVITY_KINDS = [
  'orderStatus',
  'orderBranch',
  'orderTracking',
  'orderSerialNumbers',
  'orderTest',
  'productPrice',
  'productEdit',
  'productCreate',
  'productsChanged',
  'productPricesForced',
  'productsDeleted',
  'productImport',
  'webhookCreate',
  'webhookChange',
  'webhookDelete',
  'webhookReenable',
  'shopProfile',
  'shopContacts',
  'shopAddresses',
  'accounts',
  'profile',
  'signIn',
  'workflow',
  'terms',
  'messages',
  'brandRequest',
  'delivery',
  'notificationSettings',
  'api',
  'export',
  'registration',
  'orderReceived',
  'orderCancellationRequest',
  'orderPaymentConfirmed',
  'orderPaymentUnconfirmed',
  'orderShipment',
  'orderConsignmentRegister',
  'orderConsignmentExport',
  'deliveryCreate',
  'deliveryDelete',
  'warehouse',
  'codOff',
  'codOn',
  'marketplaceFlags',
  'mallRequest',
  'mallAccepted',
  'mallDeclined',
  'mallDeactivated',
  'mallClassic',
  'mallSpectrum',
  'generic',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** What an audit entry holds (apps/server/src/platform/audit), plus the object's name when the server read it. */
export interface ActivityFacts {
  action: string;
  entityId: string | null;
  data: Readonly<Record<string, unknown>> | null;
  /** The object's own name (a product's title), when it has one. */
  objectName?: string | null;
}

export interface ActivitySentence {
  kind: ActivityKind;
  params: Record<string, string | number>;
  /** The portal page of the object, or null when it has none (or is gone, like a deleted webhook). */
  link: string | null;
}

/** Params whose values are codes: the key prefix of their translated names ("Shipped", not "shipped"). */
const TRANSLATED_PARAMS: Partial<Record<ActivityKind, Record<string, string>>> = {
  orderStatus: { status: 'orders.status.' },
  workflow: { status: 'partner.workflowStatus.' },
  orderShipment: { status: 'orders.shipmentStatus.' },
};

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const count = (data: ActivityFacts['data']): number => {
  const n = Number(data?.count);
  return Number.isFinite(n) && n >= 0 ? n : 0;
};
const segment = (value: string) => encodeURIComponent(value);
const WAREHOUSE_PAGE = '/deliveries/warehouse';
const MALL_PAGE = '/deliveries/mall';

/** The sentence of one audit entry; an action it does not know says "made a change" rather than its code. */
export function describeActivity(facts: ActivityFacts): ActivitySentence {
  const { action, data } = facts;
  const id = facts.entityId ?? '';
  const sentence = (kind: ActivityKind, params: Record<string, string | number> = {}, link: string | null = null) => ({
    kind,
    params,
    link,
  });
  const order = () => ({ order: id });
  const orderLink = id ? `/orders/${segment(id)}` : null;
  const product = () => ({ product: facts.objectName || id });
  const productLink = id ? `/products/detail/${segment(id)}` : null;
  const hookLink = id ? `/partner/webhook/${segment(id)}/logs` : null;
  const methodLink = id ? `/deliveries/detail/${segment(id)}` : '/deliveries';
  switch (action) {
    case 'order.status':
      return sentence('orderStatus', { ...order(), status: text(data?.to) }, orderLink);
    case 'order.branch':
      return sentence('orderBranch', order(), orderLink);
    case 'order.tracking':
      return sentence('orderTracking', { ...order(), tracking: text(data?.to) }, orderLink);
    case 'order.serial-numbers':
      return sentence('orderSerialNumbers', order(), orderLink);
    case 'order.test-create':
      return sentence('orderTest', order(), orderLink);
    case 'product.update':
      if (data && data.priceFrom != null && data.priceTo != null) {
        return sentence(
          'productPrice',
          { ...product(), from: text(data.priceFrom), to: text(data.priceTo) },
          productLink,
        );
      }
      return sentence('productEdit', product(), productLink);
    case 'product.create':
    case 'product.copy':
      return sentence('productCreate', product(), productLink);
    case 'product.delete':
      return sentence('productsDeleted', { count: count(data) }, '/products');
    case 'product.live':
    case 'product.status':
    case 'product.sendToApproval':
    case 'product.activateAll':
    case 'product.batch':
      return sentence('productsChanged', { count: count(data) }, '/products');
    case 'product.price.forced':
      // Applied because the incoming row said force_price (an import's FORCE_PRICE, a forced batch), not
      // because the seller confirmed held changes: the sentence says so, a person reading it must see why.
      if (data?.forcePrice === true) {
        return sentence('productPricesForced', { count: count(data) }, id ? productLink : '/products');
      }
      return sentence('productsChanged', { count: count(data) }, '/products');
    case 'product.import.start':
    case 'product.import.batch':
      return sentence('productImport', {}, '/products');
    case 'webhook.create':
      return sentence('webhookCreate', { url: text(data?.url) }, hookLink);
    case 'webhook.update':
    case 'webhook.test':
    case 'webhook.rotate-secret':
      return sentence('webhookChange', { url: text(data?.url) }, hookLink);
    case 'webhook.reenable':
      return sentence('webhookReenable', {}, hookLink);
    case 'webhook.delete':
      return sentence('webhookDelete', { url: text(data?.url) }, '/partner/webhook');
    case 'partner.contact.create':
    case 'partner.contact.update':
    case 'partner.contact.delete':
      return sentence('shopContacts', {}, '/partner/contacts');
    case 'partner.address.create':
    case 'partner.address.update':
    case 'partner.address.delete':
      return sentence('shopAddresses', {}, '/partner');
    case 'partner.contract.save':
    case 'partner.connection':
    case 'partner.document.upload':
    case 'partner.document.delete':
    case 'partner.logo.set':
    case 'partner.logo.remove':
    case 'partner.publicTitle.set':
    case 'partner.selfBilling.request':
      return sentence('shopProfile', {}, '/partner');
    case 'account.invite':
    case 'account.invite-cancel':
    case 'account.invite-resend':
    case 'account.permissions':
    case 'account.unlink':
    case 'account.change-master':
    case 'account.invitation-accepted':
    case 'account.invitation-declined':
      return sentence('accounts', {}, '/partner/accounts');
    case 'account.profile':
    case 'account.password-change':
      return sentence('profile');
    case 'auth.login':
    case 'auth.login-token':
    case 'auth.remote-login':
      return sentence('signIn');
    case 'workflow.change':
      return sentence('workflow', { status: text(data?.to) }, '/workflow');
    case 'terms.agree':
      return sentence('terms', {}, '/workflow');
    case 'messages.send':
    case 'messages.reply':
    case 'messages.close':
    case 'messages.reopen':
      return sentence('messages', {}, '/user/messages');
    case 'brand.request':
      return sentence('brandRequest', {}, '/brands/history');
    case 'order.create':
      return sentence('orderReceived', order(), orderLink);
    case 'order.marketplace-event': {
      const [kind, params] = marketplaceEvent(data);
      return kind === 'generic' ? sentence(kind) : sentence(kind, { ...order(), ...params }, orderLink);
    }
    case 'order.consignment.register':
      return sentence('orderConsignmentRegister', order(), orderLink);
    case 'order.consignment.export':
      return sentence('orderConsignmentExport', order(), orderLink);
    case 'delivery.create':
      return sentence('deliveryCreate', { code: text(data?.code) }, methodLink);
    case 'delivery.update':
    case 'delivery.mall':
      return sentence('delivery', { code: text(data?.code) }, methodLink);
    case 'delivery.delete':
      // The method is gone: the link opens the list it was on.
      return sentence('deliveryDelete', { code: text(data?.code) }, '/deliveries');
    case 'warehouse.update':
      return sentence(warehouseKind(data), {}, WAREHOUSE_PAGE);
    case 'partner.marketplace-flags':
      return sentence('marketplaceFlags', {}, WAREHOUSE_PAGE);
    case 'deliveries.mall.request':
      return sentence('mallRequest', {}, MALL_PAGE);
    case 'deliveries.mall.accept':
      return sentence('mallAccepted', {}, MALL_PAGE);
    case 'deliveries.mall.decline':
      return sentence('mallDeclined', {}, MALL_PAGE);
    case 'deliveries.mall.deactivate':
      return sentence('mallDeactivated', {}, MALL_PAGE);
    case 'deliveries.mall.classic':
      return sentence('mallClassic', {}, `${MALL_PAGE}/classic`);
    case 'deliveries.mall.spectrum':
      return sentence('mallSpectrum', {}, `${MALL_PAGE}/spectrum`);
    case 'notifications.update':
      return sentence('notificationSettings', {}, '/partner/notifications');
    case 'api.key.create':
    case 'api.key.revoke':
    case 'api.sandbox.create':
    case 'api.sandbox.delete':
    case 'api.sandbox.resetSecret':
      return sentence('api', {}, '/partner/api-limit');
    case 'export.start':
      return sentence('export');
    case 'registration.register':
    case 'registration.confirm':
    case 'registration.complete':
      return sentence('registration', {}, '/workflow');
    default:
      return sentence('generic');
  }
}

/**
 * A marketplace event's flags (deliveries/intake-events.ts): one event sets one of them. A status move the event
 * caused is the writer's own `order.status` entry; this one says what else happened, the partner's call first.
 */
function marketplaceEvent(data: ActivityFacts['data']): [ActivityKind, Record<string, string>] {
  if (data?.cancellationRequested === true) return ['orderCancellationRequest', {}];
  if (data?.confirmed === true) return ['orderPaymentConfirmed', {}];
  if (data?.confirmed === false) return ['orderPaymentUnconfirmed', {}];
  if (typeof data?.shipment === 'string') return ['orderShipment', { status: data.shipment }];
  return ['generic', {}];
}

/** Switching cash on delivery off or on is what a colleague must notice among the warehouse's edits. */
function warehouseKind(data: ActivityFacts['data']): ActivityKind {
  const cod = data?.codPaymentDisabled;
  if (Array.isArray(cod) && cod[1] === true) return 'codOff';
  if (Array.isArray(cod) && cod[1] === false) return 'codOn';
  return 'warehouse';
}

/** The values a sentence is filled with, code values translated by `t`. */
export function activityTextParams(
  kind: string,
  params: Readonly<Record<string, string | number>>,
  t: (key: string) => string,
): Record<string, string | number> {
  const translated = TRANSLATED_PARAMS[kind as ActivityKind] ?? {};
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => {
      const prefix = translated[key];
      return [key, prefix && value !== '' ? t(`${prefix}${value}`) : value];
    }),
  );
}

/**
 * Entries that are no activity a colleague needs to read: file downloads, read marks, one person's saved grid
 * views, sign-outs. The home page leaves them out (the audit trail keeps them).
 */
export const ACTIVITY_HIDDEN_ACTIONS = [
  'read',
  'notifications.read',
  'grid.view-create',
  'grid.view-delete',
  'auth.logout',
] as const;
