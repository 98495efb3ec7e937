import { ComingSoon } from '../../ui/ComingSoon';

/** Placeholder until the page is built (issue 10). */
export function WebhookLogsPage() {
  return <ComingSoon route="partnerWebhookLogs" variant="panel" />;
}
