import { ComingSoon } from '../../ui/ComingSoon';

/** Placeholder until the page is built (issue 10). */
export function CockpitApiLimitsPage() {
  return <ComingSoon route="cockpit" variant="panel" />;
}
