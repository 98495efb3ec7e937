import { ComingSoon } from '../../../ui/ComingSoon';

/** Placeholder until the page is built (issue 10). */
export function InfoPage() {
  return <ComingSoon route="partner" variant="panel" />;
}
