import { ComingSoon } from '../../ui/ComingSoon';

/** Placeholder until the page is built (issue 10). */
export function WebhooksPage() {
  return <ComingSoon route="partnerWebhook" variant="panel" />;
}
