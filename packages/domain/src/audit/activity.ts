/**
 * The home page's recent activity in sentences (issue 18, point 14): each audit action becomes one kind of
 * sentence with the values that matter and a link to the object's page when it has one. The server runs this
 * on its audit rows, so only these values leave it (never the rest of an entry's data); the web says the
 * sentence with `activity.you.<kind>` or `activity.other.<kind>` and the values of `activityTextParams`.
 */
export const ACTIVITY_KINDS = [
  'orderStatus',
  'orderBranch',
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
};

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const count = (data: ActivityFacts['data']): number => {
  const n = Number(data?.count);
  return Number.isFinite(n) && n >= 0 ? n : 0;
};
const segment = (value: string) => encodeURIComponent(value);

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
  switch (action) {
    case 'order.status':
      return sentence('orderStatus', { ...order(), status: text(data?.to) }, orderLink);
    case 'order.branch':
      return sentence('orderBranch', order(), orderLink);
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
    case 'delivery.create':
    case 'delivery.update':
    case 'delivery.delete':
      return sentence('delivery', { code: text(data?.code) });
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
