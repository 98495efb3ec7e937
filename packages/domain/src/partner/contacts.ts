import { z } from 'zod';
import { isValidPhone } from '../registration/validators';
import { safeText } from '../text/safeText';
import { CONTACT_GROUPS } from './partner';

export const CONTACT_NAME_MAX = 100;
export const CONTACT_EMAIL_MAX = 254;

/**
 * A contact person of a partner. The phone is checked by the rules of the partner's country (spec §5: phone
 * by country locale), so the schema is made for that country.
 */
export function contactSchema(country: string) {
  return z
    .object({
      firstName: safeText().trim().min(1, 'required').max(CONTACT_NAME_MAX, 'max'),
      lastName: safeText().trim().min(1, 'required').max(CONTACT_NAME_MAX, 'max'),
      email: safeText().trim().min(1, 'required').max(CONTACT_EMAIL_MAX, 'max').pipe(z.email('email')),
      phone: safeText().trim().min(1, 'required'),
      roles: z
        .array(z.enum(CONTACT_GROUPS, 'invalid'), 'required')
        .min(1, 'required')
        .transform((roles) => CONTACT_GROUPS.filter((r) => roles.includes(r))),
    })
    .superRefine((contact, ctx) => {
      if (contact.phone && !isValidPhone(country, contact.phone)) {
        ctx.addIssue({ code: 'custom', path: ['phone'], message: 'phone' });
      }
    });
}
export type ContactInput = z.input<ReturnType<typeof contactSchema>>;
export type Contact = z.output<ReturnType<typeof contactSchema>>;
