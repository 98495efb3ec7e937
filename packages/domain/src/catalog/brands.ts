import { z } from 'zod';
import type { ErrorCode, FieldIssue } from '../errors/codes';
import { LANGUAGES } from '../i18n/languages';
import { isPlausiblePostCode, isRegistrationCountry, postalCodeIssue } from '../registration/validators';
import { formRules } from '../text/formRules';
import { safeText } from '../text/safeText';
import { foldDiacritics } from './fold';

export const BRAND_NAME_MAX = 20;
export const BRAND_DESCRIPTION_MAX = 2000;
export const BRAND_WEB_TITLE_MAX = 100;

/** The alphabet index of the brand list: a letter, digits together, and everything else under '#'. */
export const BRAND_LETTERS: readonly string[] = [
  ...Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i)),
  '0-9',
  '#',
];

/** The index entry a brand is listed under, read from its first character without diacritics ("Škoda" → S). */
export function brandLetterOf(name: string): string {
  const first = foldDiacritics(name.trim()).charAt(0).toUpperCase();
  if (/^[A-Z]$/.test(first)) return first;
  if (/^[0-9]$/.test(first)) return '0-9';
  return '#';
}

/** A brand's id: its name upper-cased, without diacritics, letters A–Z and digits only ("Dr. Öetker" → DROETKER). */
export function brandIdOf(name: string): string {
  return foldDiacritics(name)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}

/** The tag similar brands are compared by: like the id, in lower case. */
export function brandTag(name: string): string {
  return foldDiacritics(name)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** The problems of a requested brand name (spec §5 Brand); whether it is taken is the server's question. */
export function brandNameIssues(name: string): FieldIssue[] {
  const trimmed = name.trim();
  if (trimmed === '') return [{ field: 'name', rule: 'required' }];
  const issues: FieldIssue[] = [];
  if (trimmed.length > BRAND_NAME_MAX) issues.push({ field: 'name', rule: 'max', params: { 0: BRAND_NAME_MAX } });
  if (!/\p{L}/u.test(trimmed)) issues.push({ field: 'name', rule: 'brandLetter' });
  else if (brandIdOf(trimmed) === '') issues.push({ field: 'name', rule: 'brandId' });
  return issues;
}

/**
 * Edit distance where swapping two neighbouring letters counts as one edit (optimal string alignment):
 * "Samsnug" is one typo away from "Samsung", as a person sees it.
 */
function editDistance(a: string, b: string): number {
  const width = b.length + 1;
  const d = new Array<number>((a.length + 1) * width).fill(0);
  const at = (i: number, j: number) => d[i * width + j] ?? 0;
  for (let i = 0; i <= a.length; i++) d[i * width] = i;
  for (let j = 0; j <= b.length; j++) d[j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      d[i * width + j] = best;
    }
  }
  return at(a.length, b.length);
}

/** Tags shorter than this are compared by equality only: "hp" and "lg" are not typos of each other. */
const TYPO_MIN_LENGTH = 4;
/** From this length a name may carry two typos and still be the same brand. */
const TWO_TYPOS_FROM_LENGTH = 7;
/** A tag this long or longer found inside another counts as the same brand ("Apple" in "Pineapple"). */
const CONTAINED_MIN_LENGTH = 3;

/**
 * Whether two brand tags are close enough that a new request should be questioned (the user may confirm
 * and send it anyway). Generous on purpose: a warning too many costs one click, a duplicate brand stays.
 */
export function isSimilarBrand(tagA: string, tagB: string): boolean {
  if (tagA === '' || tagB === '') return false;
  if (tagA === tagB) return true;
  const [shorter, longer] = tagA.length <= tagB.length ? [tagA, tagB] : [tagB, tagA];
  if (shorter.length >= CONTAINED_MIN_LENGTH && longer.includes(shorter)) return true;
  if (shorter.length < TYPO_MIN_LENGTH) return false;
  const allowed = longer.length >= TWO_TYPOS_FROM_LENGTH ? 2 : 1;
  if (longer.length - shorter.length > allowed) return false;
  return editDistance(shorter, longer) <= allowed;
}

export const BRAND_LOGO = { formats: ['png', 'jpeg'], minPx: 100, maxPx: 2000, maxBytes: 1_572_864 } as const;

/** Why a decoded logo is refused (spec §5: PNG or JPG, 100 to 2000 px each side, at most 1.5 MB), or null. */
export function brandLogoIssue(meta: {
  format: string;
  width: number;
  height: number;
  bytes: number;
}): ErrorCode | null {
  const format = meta.format.toLowerCase() === 'jpg' ? 'jpeg' : meta.format.toLowerCase();
  if (!(BRAND_LOGO.formats as readonly string[]).includes(format)) return 'BRAND_LOGO_TYPE';
  const sides = [meta.width, meta.height];
  if (sides.some((px) => px < BRAND_LOGO.minPx || px > BRAND_LOGO.maxPx)) return 'BRAND_LOGO_DIMENSIONS';
  if (meta.bytes > BRAND_LOGO.maxBytes) return 'BRAND_LOGO_TOO_LARGE';
  return null;
}

const optionalText = (max: number, multiline = false) => safeText({ multiline }).trim().max(max, 'max').optional();

const brandNameSchema = safeText()
  .trim()
  .superRefine((value, ctx) => {
    for (const issue of brandNameIssues(value)) {
      ctx.addIssue({ code: 'custom', message: issue.rule, params: issue.params });
    }
  });

/** The manufacturer or the person responsible for the brand in the EU (GPSR), as a request names them. */
const brandPartyShape = {
  name: safeText().trim().min(1, 'required').max(200, 'max'),
  street: safeText().trim().min(1, 'required').max(200, 'max'),
  city: safeText().trim().min(1, 'required').max(100, 'max'),
  country: safeText()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'invalid'),
  zip: safeText().trim().min(1, 'required').max(20, 'max'),
  email: safeText()
    .trim()
    .max(254, 'max')
    .refine((v) => v === '' || z.email().safeParse(v).success, 'email')
    .optional()
    .transform((v) => (v ? v : undefined)),
};
/**
 * The post code of a party: in one of our markets' countries by that country's format (`zipCodeCountry`),
 * elsewhere (a manufacturer in the UK, China) only plausible (`postCode`).
 */
export const brandPartySchema = z.object(brandPartyShape).superRefine(
  ...formRules<z.output<z.ZodObject<typeof brandPartyShape>>>((party, add) => {
    if (!party.zip || !party.country) return;
    if (isRegistrationCountry(party.country)) {
      const issue = postalCodeIssue(party.country, party.zip);
      if (issue) add({ field: 'zip', ...issue });
    } else if (!isPlausiblePostCode(party.zip)) add({ field: 'zip', rule: 'postCode' });
  }),
);
export type BrandParty = z.infer<typeof brandPartySchema>;

export const brandRequestSchema = z
  .object({
    name: brandNameSchema,
    webTitle: optionalText(BRAND_WEB_TITLE_MAX),
    description: optionalText(BRAND_DESCRIPTION_MAX, true),
    logoFileId: z.uuid('invalid').optional(),
    manufacturer: brandPartySchema,
    responsiblePerson: brandPartySchema.optional(),
    translations: z
      .array(
        z.object({
          languageId: z.enum(LANGUAGES, 'invalid'),
          name: safeText().trim().min(1, 'required').max(BRAND_NAME_MAX, 'max'),
          description: safeText({ multiline: true }).trim().max(BRAND_DESCRIPTION_MAX, 'max'),
        }),
      )
      .default([]),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.translations.forEach((t, i) => {
      if (seen.has(t.languageId)) {
        ctx.addIssue({ code: 'custom', path: ['translations', i, 'languageId'], message: 'invalid' });
      }
      seen.add(t.languageId);
    });
  });
export type BrandRequestInput = z.infer<typeof brandRequestSchema>;

export const BRAND_REQUEST_STATUSES = ['PENDING', 'ACCEPTED', 'REJECTED'] as const;
export type BrandRequestStatus = (typeof BRAND_REQUEST_STATUSES)[number];
