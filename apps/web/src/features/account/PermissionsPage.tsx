import { ComingSoon } from '../../ui/ComingSoon';

/** Placeholder until the page is built (issue 10). */
export function PermissionsPage() {
  return <ComingSoon route="partnerPermissions" variant="panel" />;
}
