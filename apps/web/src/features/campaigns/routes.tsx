import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { portalRoute, requireResource, RouteTabs } from '../../app/routes/layouts';
import type { SectionTab } from '../../ui/SectionTabs';

const MARKETING_TABS: readonly SectionTab[] = [
  { to: '/marketing/campaigns', label: 'campaigns.tabs.campaigns', resource: 'campaigns' },
  { to: '/marketing/partner-page', label: 'campaigns.tabs.partnerPage', resource: 'partner' },
];

const marketingRoute = createRoute({
  getParentRoute: () => portalRoute,
  path: '/marketing',
  component: () => <RouteTabs heading="nav.marketing" tabs={MARKETING_TABS} />,
});

const campaignsRoutesChildren = [
  createRoute({
    getParentRoute: () => marketingRoute,
    path: '/',
    beforeLoad: () => {
      throw redirect({ to: '/marketing/campaigns' });
    },
  }),
  createRoute({
    getParentRoute: () => marketingRoute,
    path: 'campaigns',
    beforeLoad: requireResource('campaigns'),
    component: lazyRouteComponent(() => import('./CampaignsPage'), 'CampaignsPage'),
  }),
  createRoute({
    getParentRoute: () => marketingRoute,
    path: 'campaigns/detail/$id',
    beforeLoad: requireResource('campaigns'),
    component: lazyRouteComponent(() => import('./CampaignDetailPage'), 'CampaignDetailPage'),
  }),
  createRoute({
    getParentRoute: () => marketingRoute,
    path: 'partner-page',
    // The page is the shop's public profile: the partner resource, as the name and the logo it shows.
    beforeLoad: requireResource('partner'),
    component: lazyRouteComponent(() => import('../partner-page/PartnerPagePage'), 'PartnerPagePage'),
  }),
];

export const campaignsRoutes = marketingRoute.addChildren(campaignsRoutesChildren);
