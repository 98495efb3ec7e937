import { ComingSoon } from '../../ui/ComingSoon';

/** Placeholder until the page is built (issue 10). */
export function NotificationSettingsPage() {
  return <ComingSoon route="partnerNotifications" variant="panel" />;
}
