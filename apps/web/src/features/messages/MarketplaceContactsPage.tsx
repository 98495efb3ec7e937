import { ComingSoon } from '../../ui/ComingSoon';

/** Placeholder until the page is built (issue 10). */
export function MarketplaceContactsPage() {
  return <ComingSoon route="userContacts" variant="panel" />;
}
