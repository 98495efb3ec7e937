import { ComingSoon } from '../../ui/ComingSoon';

/** Placeholder until the page is built (issue 10). */
export function ProfilePage() {
  return <ComingSoon route="user" variant="panel" />;
}
