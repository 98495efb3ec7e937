import { createRoute, redirect } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/ComingSoon';
import { portalRoute, RouteTabs } from '../../app/routes/layouts';
import type { SectionTab } from '../../ui/SectionTabs';

const BILLINGS_TABS: readonly SectionTab[] = [
  { to: '/billings', label: 'billing.tabs.invoices' },
  { to: '/billings/offsets', label: 'billing.tabs.offsets' },
  { to: '/billings/self-billing', label: 'billing.tabs.selfBilling' },
];

const billingsRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: '/billings',
  component: () => <RouteTabs heading="nav.billings" tabs={BILLINGS_TABS} />,
});

const billingsChildren = [
  createRoute({
    getParentRoute: () => billingsRoute,
    path: '/',
    component: () => <ComingSoon route="billings" variant="panel" />,
  }),
  createRoute({
    getParentRoute: () => billingsRoute,
    path: 'offsets',
    component: () => <ComingSoon route="billingsOffsets" variant="panel" />,
  }),
  createRoute({
    getParentRoute: () => billingsRoute,
    path: 'self-billing',
    component: () => <ComingSoon route="billingsSelfBilling" variant="panel" />,
  }),
  createRoute({
    getParentRoute: () => billingsRoute,
    path: 'invoice-detail/$id',
    component: () => <ComingSoon route="invoiceDetail" variant="panel" />,
  }),
  createRoute({
    getParentRoute: () => billingsRoute,
    path: 'offset-detail/$id',
    component: () => <ComingSoon route="offsetDetail" variant="panel" />,
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
