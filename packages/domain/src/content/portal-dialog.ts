import { z } from 'zod';
import { DATE_YEAR_MAX, DATE_YEAR_MIN } from '../grid/grid';
import { LANGUAGES } from '../i18n/languages';
import { SHOP_IDS } from '../markets/markets';
import { safeText } from '../text/safeText';
import { CONTENT_FALLBACK_LANGUAGE } from './content';

/**
 * The portal dialog (issue 24 point 7): an announcement operators publish to the partners of chosen markets,
 * which each person sees once as a modal dialog until they dismiss it. Title and rich text per language
 * (English required, the fallback of every reader whose language is missing), valid from/to, draft or published.
 */
export const PORTAL_DIALOG_LIMITS = { titleMax: 160, bodyMax: 20_000 } as const;

/**
 * A moment with its offset, in the years a timestamp column and every reader agree on (1900–9999 in UTC): ISO's
 * shape alone lets year 0000 through, which PostgreSQL refuses, and 9999-12-31T23:59-14:00, which is year 10000.
 */
const dateTime = z.iso.datetime({ offset: true, error: 'date', abort: true }).refine((value) => {
  const year = new Date(value).getUTCFullYear();
  return year >= DATE_YEAR_MIN && year <= DATE_YEAR_MAX;
}, 'dateOutOfRange');

export const portalDialogTextSchema = z.object({
  lang: z.enum(LANGUAGES, 'invalid'),
  title: safeText().trim().min(1, 'required').max(PORTAL_DIALOG_LIMITS.titleMax, 'max'),
  body: safeText({ multiline: true }).trim().min(1, 'required').max(PORTAL_DIALOG_LIMITS.bodyMax, 'max'),
});

/** A dialog as the cockpit's form saves it (create and edit take the whole of it). */
export const portalDialogInputSchema = z
  .object({
    shops: z
      .array(z.enum(SHOP_IDS, 'invalid'))
      .min(1, 'required')
      .max(SHOP_IDS.length, 'max')
      .refine((list) => new Set(list).size === list.length, 'invalid'),
    validFrom: dateTime,
    validTo: dateTime.nullish().transform((v) => v ?? null),
    texts: z.array(portalDialogTextSchema).max(LANGUAGES.length, 'invalid'),
  })
  .superRefine((value, ctx) => {
    if (value.validTo && Date.parse(value.validTo) <= Date.parse(value.validFrom)) {
      ctx.addIssue({ code: 'custom', message: 'dateAfterStart', path: ['validTo'] });
    }
    if (!Array.isArray(value.texts)) return;
    const seen = new Set<string>();
    value.texts.forEach((text, i) => {
      if (seen.has(text.lang))
        ctx.addIssue({ code: 'custom', message: 'termsLanguageTwice', path: ['texts', i, 'lang'] });
      seen.add(text.lang);
    });
    if (!seen.has(CONTENT_FALLBACK_LANGUAGE)) {
      ctx.addIssue({
        code: 'custom',
        message: 'termsLanguageMissing',
        params: { 0: CONTENT_FALLBACK_LANGUAGE },
        path: ['texts'],
      });
    }
  });
export type PortalDialogInput = z.input<typeof portalDialogInputSchema>;
export type PortalDialogData = z.output<typeof portalDialogInputSchema>;
