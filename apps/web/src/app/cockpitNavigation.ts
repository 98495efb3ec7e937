import type { CockpitArea } from '@pp/domain';
import {
  type Icon,
  IconApi,
  IconChartBar,
  IconClipboardList,
  IconFileInvoice,
  IconFlag,
  IconGavel,
  IconHelpCircle,
  IconHome,
  IconMapPin,
  IconMessages,
  IconReceipt,
  IconRocket,
  IconRss,
  IconShieldLock,
  IconSpeakerphone,
  IconTags,
  IconTruckDelivery,
  IconUserPlus,
  IconUsers,
  IconWebhook,
  IconWindow,
} from '@tabler/icons-react';
import { canOperate, type SessionAccess } from './session/access';

export interface CockpitNavItem {
  /** Label key under `cockpitNav.`. */
  key: string;
  to: string;
  icon: Icon;
  /** The area an operator's roles must let it read. */
  area: CockpitArea;
  section: CockpitNavSection;
}

export const COCKPIT_NAV_SECTIONS = ['work', 'offer', 'money', 'logistics', 'system'] as const;
export type CockpitNavSection = (typeof COCKPIT_NAV_SECTIONS)[number];

/** The cockpit's pages, each behind the area the server checks for it (docs/decisions.md, "Operator roles"). */
export const COCKPIT_NAV_ITEMS: readonly CockpitNavItem[] = [
  { key: 'home', to: '/cockpit/home', icon: IconHome, area: 'partners', section: 'work' },
  { key: 'partners', to: '/cockpit', icon: IconUsers, area: 'partners', section: 'work' },
  { key: 'onboarding', to: '/cockpit/onboarding', icon: IconRocket, area: 'onboarding', section: 'work' },
  { key: 'registrations', to: '/cockpit/registrations', icon: IconUserPlus, area: 'onboarding', section: 'work' },
  { key: 'messages', to: '/cockpit/messages', icon: IconMessages, area: 'messages', section: 'work' },
  { key: 'brandRequests', to: '/cockpit/brand-requests', icon: IconTags, area: 'catalog', section: 'offer' },
  { key: 'campaigns', to: '/cockpit/campaigns', icon: IconSpeakerphone, area: 'campaigns', section: 'offer' },
  { key: 'content', to: '/cockpit/content', icon: IconHelpCircle, area: 'content', section: 'offer' },
  { key: 'portalDialogs', to: '/cockpit/portal-dialogs', icon: IconWindow, area: 'content', section: 'offer' },
  { key: 'priceLists', to: '/cockpit/price-lists', icon: IconReceipt, area: 'priceLists', section: 'money' },
  { key: 'terms', to: '/cockpit/terms', icon: IconGavel, area: 'terms', section: 'money' },
  { key: 'billing', to: '/cockpit/billing', icon: IconFileInvoice, area: 'billing', section: 'money' },
  {
    key: 'mallDelivery',
    to: '/cockpit/mall-delivery',
    icon: IconTruckDelivery,
    area: 'deliveries',
    section: 'logistics',
  },
  { key: 'branches', to: '/cockpit/branches', icon: IconMapPin, area: 'deliveries', section: 'logistics' },
  { key: 'apiLimits', to: '/cockpit/api-limits', icon: IconApi, area: 'api', section: 'system' },
  { key: 'webhooks', to: '/cockpit/webhooks', icon: IconWebhook, area: 'api', section: 'system' },
  { key: 'feeds', to: '/cockpit/feeds', icon: IconRss, area: 'api', section: 'system' },
  { key: 'usage', to: '/cockpit/usage', icon: IconChartBar, area: 'usage', section: 'system' },
  { key: 'audit', to: '/cockpit/audit', icon: IconClipboardList, area: 'audit', section: 'system' },
  { key: 'flags', to: '/cockpit/flags', icon: IconFlag, area: 'flags', section: 'system' },
  { key: 'operators', to: '/cockpit/operators', icon: IconShieldLock, area: 'operators', section: 'system' },
];

/** The items the operator's roles let it open. */
export function visibleCockpitItems(session: SessionAccess): CockpitNavItem[] {
  return COCKPIT_NAV_ITEMS.filter((item) => canOperate(session, item.area));
}

/** The item a path belongs to: the longest matching prefix, the partner grid only for itself and its partners. */
export function activeCockpitItem(items: readonly CockpitNavItem[], pathname: string): CockpitNavItem | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/cockpit' || path.startsWith('/cockpit/partners')) return items.find((i) => i.key === 'partners');
  return items
    .filter((i) => i.to !== '/cockpit' && (path === i.to || path.startsWith(`${i.to}/`)))
    .sort((a, b) => b.to.length - a.to.length)[0];
}
