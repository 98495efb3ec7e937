import { ComingSoon } from '../../ui/ComingSoon';

/** Placeholder until the page is built (issue 10). */
export function ApiLimitPage() {
  return <ComingSoon route="partnerApiLimit" variant="panel" />;
}
