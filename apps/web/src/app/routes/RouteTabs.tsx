import type { SectionTab } from '../../ui/SectionTabs';
import { TabbedArea } from '../../ui/TabbedArea';
import { canAccess } from '../session/access';
import { useSession } from '../session/session';

/** The layout of an area whose tabs are routes; tabs the user may not open are not shown. */
export function RouteTabs({ heading, tabs }: { heading: string; tabs: readonly SectionTab[] }) {
  const session = useSession();
  const visible = tabs.filter((tab) => canAccess(session, tab.resource, tab.action));
  return <TabbedArea heading={heading} tabs={visible} />;
}
