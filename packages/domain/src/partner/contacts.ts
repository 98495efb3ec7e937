import { z } from 'zod';
import { isValidPhone } from '../registration/validators';
import { formRules, someOf } from '../text/formRules';
import { safeText } from '../text/safeText';
import { CONTACT_GROUPS } from './partner';

export const CONTACT_NAME_MAX = 100;
export const CONTACT_EMAIL_MAX = 254;

/**
 * A contact person of a partner. The phone is checked by the rules of the partner's country (spec §5: phone
 * by country locale), so the schema is made for that country.
 */
const contactShape = {
  firstName: safeText().trim().min(1, 'required').max(CONTACT_NAME_MAX, 'max'),
  lastName: safeText().trim().min(1, 'required').max(CONTACT_NAME_MAX, 'max'),
  email: safeText().trim().min(1, 'required').max(CONTACT_EMAIL_MAX, 'max').pipe(z.email('email')),
  // Optional for most roles; the MALL Delivery contact needs one (contactSaveRefusal).
  phone: safeText().trim().default(''),
  roles: someOf(CONTACT_GROUPS)
    .min(1, 'required')
    .transform((roles) => CONTACT_GROUPS.filter((r) => roles.includes(r))),
};

export function contactSchema(country: string) {
  return z.object(contactShape).superRefine(
    ...formRules<z.output<z.ZodObject<typeof contactShape>>>((contact, add) => {
      if (contact.phone && !isValidPhone(country, contact.phone)) add({ field: 'phone', rule: 'phone' });
    }),
  );
}
export type ContactInput = z.input<ReturnType<typeof contactSchema>>;
export type Contact = z.output<ReturnType<typeof contactSchema>>;

/** Contact people a partner may keep (spec: "contact limit exceeded"); counted under a lock on the partner. */
export const CONTACT_LIMIT = 50;

/** What the rules of a contact depend on besides the contact itself; read under a lock on the partner. */
export interface ContactFacts {
  /** The contact being changed, or null for a new one. */
  id: number | null;
  /** Every contact the partner has now (the changed one included). */
  existing: readonly { id: number; roles: readonly string[] }[];
  /** MALL Delivery is active (partners.mdp_status = 'active'). */
  mdpActive: boolean;
}

export type ContactRefusal =
  | 'CONTACT_LIMIT_EXCEEDED'
  | 'CONTACT_NOT_FOUND'
  | 'MALL_DELIVERY_CONTACT_NOT_STANDALONE'
  | 'MALL_DELIVERY_CONTACT_INCONSISTENT'
  | 'MALL_DELIVERY_CONTACT_NOT_UNIQUE'
  | 'MALL_DELIVERY_CONTACT_MANDATORY';

/**
 * Why this contact may not be saved (spec §5, MALL Delivery contact rules), or null. The MALL Delivery
 * contact is the one the courier service calls: without a phone it is inconsistent.
 */
export function contactSaveRefusal(
  contact: { phone: string; roles: readonly string[] },
  facts: ContactFacts,
): ContactRefusal | null {
  const before = facts.id === null ? null : facts.existing.find((c) => c.id === facts.id);
  if (facts.id !== null && !before) return 'CONTACT_NOT_FOUND';
  if (facts.id === null && facts.existing.length >= CONTACT_LIMIT) return 'CONTACT_LIMIT_EXCEEDED';
  const mallDelivery = contact.roles.includes('MALL_DELIVERY');
  if (before?.roles.includes('MALL_DELIVERY') && !mallDelivery && facts.mdpActive) {
    return 'MALL_DELIVERY_CONTACT_MANDATORY';
  }
  if (!mallDelivery) return null;
  if (contact.roles.length > 1) return 'MALL_DELIVERY_CONTACT_NOT_STANDALONE';
  if (contact.phone.trim() === '') return 'MALL_DELIVERY_CONTACT_INCONSISTENT';
  if (facts.existing.some((c) => c.id !== facts.id && c.roles.includes('MALL_DELIVERY'))) {
    return 'MALL_DELIVERY_CONTACT_NOT_UNIQUE';
  }
  return null;
}

/** Why this contact may not be deleted, or null: the MALL Delivery contact of an active service stays. */
export function contactDeleteRefusal(
  contact: { roles: readonly string[] },
  mdpActive: boolean,
): 'MALL_DELIVERY_CONTACT_MANDATORY' | null {
  return mdpActive && contact.roles.includes('MALL_DELIVERY') ? 'MALL_DELIVERY_CONTACT_MANDATORY' : null;
}
