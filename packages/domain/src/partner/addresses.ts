import { z } from 'zod';
import { isValidPostalCode } from '../registration/validators';
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
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => /^[A-Z]{2}$/.test(v), 'required');

export const addressSchema = z
  .object({
    street: safeText().trim().min(1, 'required').max(ADDRESS_STREET_MAX, 'max'),
    city: safeText().trim().min(1, 'required').max(ADDRESS_CITY_MAX, 'max'),
    state: countryCodeSchema,
    zip: safeText().trim().min(1, 'required'),
    types: z
      .array(z.enum(ADDRESS_TYPES, 'invalid'), 'required')
      .min(1, 'required')
      .transform((types) => ADDRESS_TYPES.filter((t) => types.includes(t))),
  })
  .superRefine((address, ctx) => {
    if (address.zip && !isValidPostalCode(address.state, address.zip)) {
      ctx.addIssue({ code: 'custom', path: ['zip'], message: 'zipCode' });
    }
  });
export type AddressInput = z.input<typeof addressSchema>;
export type Address = z.output<typeof addressSchema>;
