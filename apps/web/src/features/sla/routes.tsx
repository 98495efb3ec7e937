import { createRoute, redirect } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/ComingSoon';
import { portalRoute, RouteTabs } from '../../app/routes/layouts';
import type { SectionTab } from '../../ui/SectionTabs';

/** Service quality: one shared page with tabs; the empty path opens the cancel rate. */
const SLA_TABS: readonly SectionTab[] = [
  { to: '/sla/cancel-rate', label: 'sla.tabs.cancelRate' },
  { to: '/sla/tracking-rate', label: 'sla.tabs.trackingRate' },
  { to: '/sla/status-error', label: 'sla.tabs.statusError' },
  { to: '/sla/delivery', label: 'sla.tabs.delivery' },
  { to: '/sla/all', label: 'sla.tabs.all' },
];

const slaRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: '/sla',
  component: () => <RouteTabs heading="nav.sla" tabs={SLA_TABS} />,
});

const slaRoutesChildren = [
  createRoute({
    getParentRoute: () => slaRoute,
    path: '/',
    beforeLoad: () => {
      throw redirect({ to: '/sla/cancel-rate' });
    },
  }),
  createRoute({
    getParentRoute: () => slaRoute,
    path: 'cancel-rate',
    component: () => <ComingSoon route="slaCancelRate" variant="panel" />,
  }),
  createRoute({
    getParentRoute: () => slaRoute,
    path: 'tracking-rate',
    component: () => <ComingSoon route="slaTrackingRate" variant="panel" />,
  }),
  createRoute({
    getParentRoute: () => slaRoute,
    path: 'status-error',
    component: () => <ComingSoon route="slaStatusError" variant="panel" />,
  }),
  createRoute({
    getParentRoute: () => slaRoute,
    path: 'delivery',
    component: () => <ComingSoon route="slaDelivery" variant="panel" />,
  }),
  createRoute({
    getParentRoute: () => slaRoute,
    path: 'all',
    component: () => <ComingSoon route="slaAll" variant="panel" />,
  }),
];

export const slaRoutes = slaRoute.addChildren(slaRoutesChildren);
