import type { Action, Resource } from '@pp/domain';
import { isOnboarding } from '@pp/domain';
import {
  type Icon,
  IconBuildingStore,
  IconCategory,
  IconChartBar,
  IconCoin,
  IconFileInvoice,
  IconGauge,
  IconHelpCircle,
  IconHome,
  IconPackage,
  IconPuzzle,
  IconRocket,
  IconRss,
  IconShoppingCart,
  IconSpeakerphone,
  IconTags,
  IconTruckDelivery,
  IconUserCircle,
  IconWorldUpload,
} from '@tabler/icons-react';
import { PARTNER_TABS } from '../features/partner/tabs';
import { canAccess, type SessionAccess } from './session/access';

interface NavTarget {
  to: string;
  resource?: Resource;
  action?: Action;
}

export interface NavItem {
  /** Label key under `nav.`. */
  key: string;
  icon: Icon;
  /** Where the item leads: the first target the user may open. None allowed → the item is hidden. */
  targets: readonly NavTarget[];
  /** Path prefixes that light the item up. */
  match: readonly string[];
  section: 'main' | 'catalogue' | 'finance' | 'help' | 'account';
  onlyWhileOnboarding?: boolean;
  /**
   * Areas of a selling shop (orders, campaigns, billing, service quality, statistics, financing): hidden
   * while the partner is being onboarded, when they would only be empty; the full navigation appears with
   * PRODUCTION (docs/decisions.md, "Navigation while onboarding").
   */
  afterLaunch?: boolean;
}

/** Every area of the route table of spec §2 with the resource that gates it. */
export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'home', icon: IconHome, targets: [{ to: '/' }], match: ['/'], section: 'main' },
  {
    key: 'workflow',
    icon: IconRocket,
    targets: [{ to: '/workflow' }],
    match: ['/workflow'],
    section: 'main',
    onlyWhileOnboarding: true,
  },
  {
    key: 'orders',
    afterLaunch: true,
    icon: IconShoppingCart,
    targets: [{ to: '/orders', resource: 'orders' }],
    match: ['/orders'],
    section: 'main',
  },
  {
    key: 'deliveries',
    icon: IconTruckDelivery,
    targets: [{ to: '/deliveries', resource: 'deliveries' }],
    match: ['/deliveries'],
    section: 'main',
  },
  {
    key: 'products',
    icon: IconPackage,
    targets: [{ to: '/products', resource: 'products' }],
    match: ['/products'],
    section: 'catalogue',
  },
  {
    key: 'categories',
    icon: IconCategory,
    targets: [{ to: '/categories', resource: 'catalog' }],
    match: ['/categories'],
    section: 'catalogue',
  },
  {
    key: 'brands',
    icon: IconTags,
    targets: [{ to: '/brands', resource: 'brands' }],
    match: ['/brands'],
    section: 'catalogue',
  },
  {
    key: 'heurekaFeed',
    icon: IconRss,
    targets: [{ to: '/heureka-feed', resource: 'heurekaFeed' }],
    match: ['/heureka-feed'],
    section: 'catalogue',
  },
  {
    key: 'mallFeed',
    icon: IconWorldUpload,
    targets: [{ to: '/mall-feed', resource: 'mallFeed' }],
    match: ['/mall-feed'],
    section: 'catalogue',
  },
  {
    key: 'marketing',
    afterLaunch: true,
    icon: IconSpeakerphone,
    targets: [{ to: '/marketing/campaigns', resource: 'campaigns' }, { to: '/marketing/partner-page' }],
    match: ['/marketing'],
    section: 'catalogue',
  },
  {
    key: 'billings',
    afterLaunch: true,
    icon: IconFileInvoice,
    targets: [{ to: '/billings', resource: 'billing' }],
    match: ['/billings'],
    section: 'finance',
  },
  {
    key: 'sla',
    afterLaunch: true,
    icon: IconGauge,
    targets: [{ to: '/sla/cancel-rate', resource: 'sla' }],
    match: ['/sla'],
    section: 'finance',
  },
  {
    key: 'statistics',
    afterLaunch: true,
    icon: IconChartBar,
    targets: [{ to: '/statistics', resource: 'statistics' }],
    match: ['/statistics'],
    section: 'finance',
  },
  {
    key: 'financing',
    afterLaunch: true,
    icon: IconCoin,
    targets: [{ to: '/financing' }],
    match: ['/financing'],
    section: 'finance',
  },
  { key: 'services', icon: IconPuzzle, targets: [{ to: '/services' }], match: ['/services'], section: 'help' },
  { key: 'faq', icon: IconHelpCircle, targets: [{ to: '/faq' }], match: ['/faq'], section: 'help' },
  {
    key: 'partner',
    icon: IconBuildingStore,
    targets: PARTNER_TABS.map((tab) => ({ to: tab.to, resource: tab.resource })),
    match: ['/partner'],
    section: 'account',
  },
  { key: 'user', icon: IconUserCircle, targets: [{ to: '/user' }], match: ['/user'], section: 'account' },
];

export const NAV_SECTIONS = ['main', 'catalogue', 'finance', 'help', 'account'] as const;

export interface VisibleNavItem {
  item: NavItem;
  to: string;
}

/** The navigation a session may see: items without an allowed target are hidden (typing the URL still lands on not-allowed). */
export function visibleNavItems(
  session: SessionAccess,
  selectedPartner: { workflowStatus: string } | null | undefined,
): VisibleNavItem[] {
  return NAV_ITEMS.flatMap((item) => {
    const onboarding = Boolean(selectedPartner && isOnboarding(selectedPartner.workflowStatus));
    if (item.onlyWhileOnboarding && !onboarding) return [];
    if (item.afterLaunch && onboarding) return [];
    const target = item.targets.find((t) => canAccess(session, t.resource, t.action));
    return target ? [{ item, to: target.to }] : [];
  });
}

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  return item.match.some((prefix) =>
    prefix === '/' ? pathname === '/' : pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}
