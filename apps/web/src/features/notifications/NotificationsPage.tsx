import { ComingSoon } from '../../ui/ComingSoon';

/** Placeholder until the page is built (issue 10). */
export function NotificationsPage() {
  return <ComingSoon route="userNotifications" variant="panel" />;
}
