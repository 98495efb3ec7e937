import { ComingSoon } from '../../ui/ComingSoon';

/** Placeholder until the page is built (issue 10). */
export function SandboxAccountsPage() {
  return <ComingSoon route="partnerSandboxAccounts" variant="panel" />;
}
