import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { portalRoute, requireResource, RouteTabs } from '../../app/routes/layouts';
import type { SectionTab } from '../../ui/SectionTabs';

const BILLINGS_TABS: readonly SectionTab[] = [
  { to: '/billings', label: 'billing.tabs.invoices', resource: 'billing' },
  { to: '/billings/offsets', label: 'billing.tabs.offsets', resource: 'billing' },
  { to: '/billings/self-billing', label: 'billing.tabs.selfBilling', resource: 'billing' },
];

// The pages, the calls and the files of billing are all behind the billing resource (issue 23, point 1).
const billingsRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: '/billings',
  beforeLoad: requireResource('billing'),
  component: () => <RouteTabs heading="nav.billings" tabs={BILLINGS_TABS} />,
});

const billingsChildren = [
  createRoute({
    getParentRoute: () => billingsRoute,
    path: '/',
    component: lazyRouteComponent(() => import('./InvoicesPage'), 'InvoicesPage'),
  }),
  createRoute({
    getParentRoute: () => billingsRoute,
    path: 'offsets',
    component: lazyRouteComponent(() => import('./OffsetsPage'), 'OffsetsPage'),
  }),
  createRoute({
    getParentRoute: () => billingsRoute,
    path: 'self-billing',
    component: lazyRouteComponent(() => import('./SelfBillingPage'), 'SelfBillingPage'),
  }),
  createRoute({
    getParentRoute: () => billingsRoute,
    path: 'invoice-detail/$id',
    component: lazyRouteComponent(() => import('./InvoiceDetailPage'), 'InvoiceDetailPage'),
  }),
  createRoute({
    getParentRoute: () => billingsRoute,
    path: 'offset-detail/$id',
    component: lazyRouteComponent(() => import('./OffsetDetailPage'), 'OffsetDetailPage'),
  }),
];

export const billingRoutes = [
  billingsRoute.addChildren(billingsChildren),
  createRoute({
    getParentRoute: () => portalRoute,
    path: '/self-billing',
    beforeLoad: () => {
      throw redirect({ to: '/billings/self-billing' });
    },
  }),
];
