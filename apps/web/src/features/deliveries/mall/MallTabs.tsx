import type { SectionTab } from '../../../ui/SectionTabs';
import { SectionTabs } from '../../../ui/SectionTabs';

const MALL_TABS: readonly SectionTab[] = [
  { to: '/deliveries/mall', label: 'deliveries.mall.tabs.overview' },
  { to: '/deliveries/mall/classic', label: 'deliveries.mall.tabs.classic' },
  { to: '/deliveries/mall/spectrum', label: 'deliveries.mall.tabs.spectrum' },
];

/** The three MALL Delivery pages: the state and request, the classic settings, Spectrum/DIP. */
export function MallTabs() {
  return <SectionTabs tabs={MALL_TABS} />;
}
