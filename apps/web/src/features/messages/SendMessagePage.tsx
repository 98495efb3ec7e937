import { ComingSoon } from '../../ui/ComingSoon';

/** Placeholder until the page is built (issue 10). */
export function SendMessagePage() {
  return <ComingSoon route="userSendMessage" variant="panel" />;
}
