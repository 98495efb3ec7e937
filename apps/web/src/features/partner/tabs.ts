import type { SectionTab } from '../../ui/SectionTabs';

/** Partner tabs, each behind its own resource (spec §2). */
export const PARTNER_TABS: readonly SectionTab[] = [
  { to: '/partner', label: 'partner.tabs.info', resource: 'partner' },
  { to: '/partner/contacts', label: 'partner.tabs.contacts', resource: 'partnerContacts' },
  { to: '/partner/accounts', label: 'partner.tabs.accounts', resource: 'accounts' },
  { to: '/partner/notifications', label: 'partner.tabs.notifications', resource: 'notifications' },
  { to: '/partner/webhook', label: 'partner.tabs.webhook', resource: 'webhook' },
  { to: '/partner/sandbox-accounts', label: 'partner.tabs.sandboxAccounts', resource: 'sandboxAccounts' },
  { to: '/partner/permissions', label: 'partner.tabs.permissions', resource: 'permissions' },
  { to: '/partner/api-limit', label: 'partner.tabs.apiLimit', resource: 'apiLimit' },
  // The API's documentation sits beside the keys and limits it explains, behind the same resource.
  { to: '/partner/api-docs', label: 'partner.tabs.apiDocs', resource: 'apiLimit' },
];
