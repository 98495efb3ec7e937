import { ComingSoon } from '../../ui/ComingSoon';

/** Placeholder until the page is built (issue 10). */
export function MessagesPage() {
  return <ComingSoon route="userMessages" variant="panel" />;
}
