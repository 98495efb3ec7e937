/** Seat countries whose VAT payers may authorise self-billing (spec §5). */
export const SELF_BILLING_COUNTRIES: readonly string[] = ['CZ', 'SK'];

/** Self-billing is offered only to partners seated in the Czech Republic or Slovakia that are VAT payers. */
export function isSelfBillingOffered(partner: { country: string; vatId: string }): boolean {
  return SELF_BILLING_COUNTRIES.includes(partner.country.trim().toUpperCase()) && partner.vatId.trim() !== '';
}
