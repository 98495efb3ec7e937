import { z } from 'zod';
import { isHttpUrl, isValidPhone } from '../registration/validators';
import { safeText } from '../text/safeText';

/**
 * The partner's public page on the marketplace (issue 22 point 6, route marketing/partner-page): what a
 * shopper reads about the seller beside the public title and the logo (both kept where the partner info tab
 * keeps them). The limits are those of a seller page on a large marketplace: a one-line tagline under the
 * name, an "about us" of a few paragraphs, and the links and contacts consumer law asks a trader to show.
 */
export const PARTNER_PAGE = {
  taglineMax: 160,
  /** Counts the HTML left after the server's sanitiser, as the product long description does. */
  descriptionMax: 5000,
  urlMax: 2000,
  emailMax: 254,
  phoneMax: 30,
} as const;

/** The links a shopper can follow from the page, in the order the page shows them. */
export const PARTNER_PAGE_LINKS = ['webUrl', 'termsUrl', 'complaintsUrl'] as const;
export type PartnerPageLink = (typeof PARTNER_PAGE_LINKS)[number];

/**
 * Why a link cannot be on the page, or null. Only http(s) to a host (a `javascript:` or `data:` link would run
 * in the shopper's browser); no user or password in it (the page is public).
 */
export function partnerPageLinkIssue(value: string): 'url' | 'urlCredentials' | null {
  if (!isHttpUrl(value)) return 'url';
  const url = new URL(value.trim());
  return url.username || url.password ? 'urlCredentials' : null;
}

const link = safeText()
  .trim()
  .max(PARTNER_PAGE.urlMax, 'max')
  .default('')
  .superRefine((value, ctx) => {
    if (value === '') return;
    const issue = partnerPageLinkIssue(value);
    if (issue) ctx.addIssue({ code: 'custom', message: issue });
  });

/**
 * The page as the partner saves it. Only the contact e-mail is required: a shopper must always be able to
 * write to the seller (EU consumer rules ask a trader to show one). The description is HTML with the
 * formatting the catalogue's allow-list keeps; the server sanitises it and counts the limit on what remains.
 * A phone is written in international form or as the market dials it: 6 to 15 digits with spaces, dashes,
 * dots, slashes or brackets, optionally after + or 00.
 */
export const partnerPageSchema = z.object({
  tagline: safeText().trim().max(PARTNER_PAGE.taglineMax, 'max').default(''),
  description: safeText({ multiline: true }).trim().max(PARTNER_PAGE.descriptionMax, 'max').default(''),
  webUrl: link,
  termsUrl: link,
  complaintsUrl: link,
  // A missing e-mail is "required" like an empty one, not a type error.
  contactEmail: z.preprocess(
    (value) => value ?? '',
    safeText()
      .trim()
      .toLowerCase()
      .min(1, 'required')
      .max(PARTNER_PAGE.emailMax, 'max')
      .pipe(z.string().email('email')),
  ),
  contactPhone: safeText()
    .trim()
    .max(PARTNER_PAGE.phoneMax, 'max')
    .default('')
    .refine((value) => value === '' || isValidPhone('INTERNATIONAL', value), 'phone'),
});
export type PartnerPageInput = z.input<typeof partnerPageSchema>;
export type PartnerPageData = z.output<typeof partnerPageSchema>;

/** What an empty editor (or a description of only empty paragraphs) leaves: no description. */
export function isEmptyDescription(html: string): boolean {
  return html.replace(/<p>\s*(<br\s*\/?>)?\s*<\/p>/g, '').trim() === '';
}
