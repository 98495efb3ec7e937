import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { portalRoute, RouteTabs, requireResource } from '../../app/routes/layouts';
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
  beforeLoad: requireResource('sla'),
  component: () => <RouteTabs heading="nav.sla" tabs={SLA_TABS} />,
});

const panel = (
  name: 'CancelRatePanel' | 'TrackingRatePanel' | 'StatusErrorPanel' | 'DeliveryPanel' | 'AllIndicatorsPanel',
) => lazyRouteComponent(() => import('./SlaPage'), name);

const slaRoutesChildren = [
  createRoute({
    getParentRoute: () => slaRoute,
    path: '/',
    beforeLoad: () => {
      throw redirect({ to: '/sla/cancel-rate' });
    },
  }),
  createRoute({ getParentRoute: () => slaRoute, path: 'cancel-rate', component: panel('CancelRatePanel') }),
  createRoute({ getParentRoute: () => slaRoute, path: 'tracking-rate', component: panel('TrackingRatePanel') }),
  createRoute({ getParentRoute: () => slaRoute, path: 'status-error', component: panel('StatusErrorPanel') }),
  createRoute({ getParentRoute: () => slaRoute, path: 'delivery', component: panel('DeliveryPanel') }),
  createRoute({ getParentRoute: () => slaRoute, path: 'all', component: panel('AllIndicatorsPanel') }),
];

export const slaRoutes = slaRoute.addChildren(slaRoutesChildren);
