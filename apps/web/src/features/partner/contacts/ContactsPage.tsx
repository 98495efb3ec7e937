import { ComingSoon } from '../../../ui/ComingSoon';

/** Placeholder until the page is built (issue 10). */
export function ContactsPage() {
  return <ComingSoon route="partnerContacts" variant="panel" />;
}
