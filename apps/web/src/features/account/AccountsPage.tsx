import { ComingSoon } from '../../ui/ComingSoon';

/** Placeholder until the page is built (issue 10). */
export function AccountsPage() {
  return <ComingSoon route="partnerAccounts" variant="panel" />;
}
