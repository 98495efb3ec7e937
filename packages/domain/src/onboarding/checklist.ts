/** Address types a partner must have before testing: where invoices go and where goods leave from. */
export const ONBOARDING_REQUIRED_ADDRESS_TYPES = ['BILLING_ADDRESS', 'MAIN_WAREHOUSE'] as const;
/** Contact groups a partner must name before testing: who the marketplace calls for what. */
export const ONBOARDING_REQUIRED_CONTACT_GROUPS = ['MANAGER', 'LOGISTICS', 'FINANCE', 'RMA'] as const;

/** The onboarding checklist, computed from the partner's data (never ticked by hand). */
export interface Checklist {
  addresses: { type: string; ok: boolean }[];
  contacts: { type: string; ok: boolean }[];
  products: number;
  productsLive: number;
  /** An active delivery method exists (what the settings step needs). */
  transport: boolean;
  /**
   * What the transport item still lacks: no active method, or products no method delivers (deliveries'
   * checks); null when nothing. Products do not hold back the settings step: they come later.
   */
  transportProblem: 'NO_METHOD' | 'UNDELIVERABLE_PRODUCTS' | null;
  /** Products no active method delivers (all of them while there is no method). */
  undeliverableProducts: number;
  contract: boolean;
  terms: boolean;
  provider: boolean;
  productsForApprovalSent: boolean;
  productsForApprovalSentWhen: string | null;
}

/** What the settings step still lacks, as keys under `workflow.checklist.*`; empty when the partner may test. */
export function missingSettings(checklist: Checklist): string[] {
  const missing: string[] = [];
  if (!checklist.contract) missing.push('contract');
  if (!checklist.terms) missing.push('terms');
  for (const a of checklist.addresses) if (!a.ok) missing.push(`address.${a.type}`);
  for (const c of checklist.contacts) if (!c.ok) missing.push(`contact.${c.type}`);
  if (!checklist.transport) missing.push('transport');
  if (!checklist.provider) missing.push('provider');
  return missing;
}

/**
 * How much of the onboarding checklist is done: the items the partner's checklist page lists (contract, terms,
 * each required address and contact, transport without problems, connection, products, products sent).
 */
export function checklistProgress(checklist: Checklist): { done: number; total: number } {
  const items = [
    checklist.contract,
    checklist.terms,
    ...checklist.addresses.map((a) => a.ok),
    ...checklist.contacts.map((c) => c.ok),
    checklist.transport && !checklist.transportProblem,
    checklist.provider,
    checklist.products > 0,
    checklist.productsForApprovalSent,
  ];
  return { done: items.filter(Boolean).length, total: items.length };
}
