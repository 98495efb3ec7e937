import { z } from 'zod';
import { postalCodeIssue } from '../registration/validators';
import { formRules, someOf } from '../text/formRules';
import { safeText } from '../text/safeText';

/** The address types of the spec (§3 Address). MDP_WAREHOUSE rules belong to the MALL Delivery area (issue 10). */
export const ADDRESS_TYPES = [
  'BILLING_ADDRESS',
  'CORRESPONDENCE_ADDRESS',
  'DEFAULT',
  'MAIN_WAREHOUSE',
  'MDP_WAREHOUSE',
  'WAREHOUSE',
] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

export const ADDRESS_STREET_MAX = 200;
export const ADDRESS_CITY_MAX = 100;

/** An ISO 3166-1 alpha-2 code, as the address's `state` holds it. */
export const countryCodeSchema = z
  .string('required')
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => /^[A-Z]{2}$/.test(v), { error: (issue) => (issue.input === '' ? 'required' : 'in') });

const addressShape = {
  street: safeText().trim().min(1, 'required').max(ADDRESS_STREET_MAX, 'max'),
  city: safeText().trim().min(1, 'required').max(ADDRESS_CITY_MAX, 'max'),
  state: countryCodeSchema,
  zip: safeText().trim().min(1, 'required'),
  types: someOf(ADDRESS_TYPES)
    .min(1, 'required')
    .transform((types) => ADDRESS_TYPES.filter((t) => types.includes(t))),
};

export const addressSchema = z.object(addressShape).superRefine(
  ...formRules<z.output<z.ZodObject<typeof addressShape>>>((address, add) => {
    const zip = address.zip && address.state ? postalCodeIssue(address.state, address.zip) : null;
    if (zip) add({ field: 'zip', ...zip });
  }),
);
export type AddressInput = z.input<typeof addressSchema>;
export type Address = z.output<typeof addressSchema>;

/** Addresses a partner may keep: more than any seller has warehouses and seats, few enough to page in a dialog. */
export const ADDRESS_LIMIT = 50;

/**
 * Countries a MALL Delivery warehouse may be in: the marketplace's own markets, where its couriers collect.
 * Croatia only while its market is switched on (feature flag croatiaEnabled).
 */
export const MDP_WAREHOUSE_COUNTRIES = ['CZ', 'SK', 'PL', 'SI', 'HU', 'HR'] as const;

export function mdpWarehouseCountries(croatiaEnabled: boolean): readonly string[] {
  return croatiaEnabled ? MDP_WAREHOUSE_COUNTRIES : MDP_WAREHOUSE_COUNTRIES.filter((c) => c !== 'HR');
}

/** The spec's stateAllowed check: whether an address with these types may be in this country. */
export function addressStateAllowed(state: string, types: readonly string[], croatiaEnabled: boolean): boolean {
  if (!types.includes('MDP_WAREHOUSE')) return true;
  return mdpWarehouseCountries(croatiaEnabled).includes(state.trim().toUpperCase());
}

const MDP_WAREHOUSE_FIELDS = ['street', 'city', 'zip', 'state'] as const;

/**
 * The fields a MALL Delivery warehouse leaves empty, read from the raw input (before the schema), so the
 * refusal names the warehouse rule rather than a general "required".
 */
export function mdpWarehouseBlankFields(input: unknown): string[] {
  if (!input || typeof input !== 'object') return [];
  const raw = input as Record<string, unknown>;
  if (!Array.isArray(raw.types) || !raw.types.includes('MDP_WAREHOUSE')) return [];
  return MDP_WAREHOUSE_FIELDS.filter((f) => typeof raw[f] !== 'string' || (raw[f] as string).trim() === '');
}

/** What the rules of an address depend on besides the address itself; read under a lock on the partner. */
export interface AddressFacts {
  /** The address being changed, or null for a new one. */
  id: number | null;
  /** Every address the partner has now (the changed one included). */
  existing: readonly { id: number; types: readonly string[] }[];
  /** MALL Delivery is active (partners.mdp_status = 'active'). */
  mdpActive: boolean;
  croatiaEnabled: boolean;
}

export type AddressRefusal =
  | 'ADDRESS_LIMIT_EXCEEDED'
  | 'ADDRESS_NOT_FOUND'
  | 'MDP_WAREHOUSE_STANDALONE_TYPE'
  | 'MDP_WAREHOUSE_ALL_FIELDS_MANDATORY'
  | 'MDP_WAREHOUSE_UNSUPPORTED_COUNTRY'
  | 'MDP_WAREHOUSE_NOT_UNIQUE'
  | 'MDP_WAREHOUSE_ADDRESS_MANDATORY';

/** Why this address may not be saved (spec §5, MALL Delivery warehouse rules), or null. */
export function addressSaveRefusal(
  address: { street: string; city: string; state: string; zip: string; types: readonly string[] },
  facts: AddressFacts,
): AddressRefusal | null {
  const before = facts.id === null ? null : facts.existing.find((a) => a.id === facts.id);
  if (facts.id !== null && !before) return 'ADDRESS_NOT_FOUND';
  if (facts.id === null && facts.existing.length >= ADDRESS_LIMIT) return 'ADDRESS_LIMIT_EXCEEDED';
  const warehouse = address.types.includes('MDP_WAREHOUSE');
  if (before?.types.includes('MDP_WAREHOUSE') && !warehouse && facts.mdpActive) {
    return 'MDP_WAREHOUSE_ADDRESS_MANDATORY';
  }
  if (!warehouse) return null;
  if (address.types.length > 1) return 'MDP_WAREHOUSE_STANDALONE_TYPE';
  if (MDP_WAREHOUSE_FIELDS.some((f) => address[f].trim() === '')) return 'MDP_WAREHOUSE_ALL_FIELDS_MANDATORY';
  if (!addressStateAllowed(address.state, address.types, facts.croatiaEnabled)) {
    return 'MDP_WAREHOUSE_UNSUPPORTED_COUNTRY';
  }
  if (facts.existing.some((a) => a.id !== facts.id && a.types.includes('MDP_WAREHOUSE'))) {
    return 'MDP_WAREHOUSE_NOT_UNIQUE';
  }
  return null;
}

/** Why this address may not be deleted, or null: the warehouse of an active MALL Delivery stays. */
export function addressDeleteRefusal(
  address: { types: readonly string[] },
  mdpActive: boolean,
): 'MDP_WAREHOUSE_ADDRESS_MANDATORY' | null {
  return mdpActive && address.types.includes('MDP_WAREHOUSE') ? 'MDP_WAREHOUSE_ADDRESS_MANDATORY' : null;
}
