import { ComingSoon } from '../../ui/ComingSoon';

/** Placeholder until the page is built (issue 10). */
export function ConversationPage() {
  return <ComingSoon route="userConversation" variant="panel" />;
}
