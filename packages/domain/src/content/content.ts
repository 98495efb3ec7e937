import { z } from 'zod';
import { type Language, LANGUAGES } from '../i18n/languages';
import { safeText } from '../text/safeText';

/**
 * The marketplace's own content in the portal (issue 23 point 7): the services (add-ons of third-party
 * providers and the marketplace's own offers), the texts of the deferred-payment (mall-pay) and financing
 * pages, and the help center's questions and answers. Operators write it in the cockpit, in any of the seven
 * languages; English is required (the fallback of every reader whose language is missing).
 */
export const CONTENT_LIMITS = {
  serviceNameMax: 60,
  providerMax: 120,
  titleMax: 160,
  summaryMax: 400,
  /** HTML as the server's sanitiser leaves it. */
  bodyMax: 20_000,
  priceMax: 200,
  questionMax: 300,
  answerMax: 10_000,
  /** A search shorter than this lists everything: one letter matches almost every answer. */
  searchMin: 2,
  searchMax: 100,
} as const;

/** The language every text must exist in, and which a reader gets when their own is missing. */
export const CONTENT_FALLBACK_LANGUAGE: Language = 'en';

/**
 * Portal pages a service card may lead to (the marketplace's own services: self-billing, MALL Delivery,
 * the deferred payment, financing). A fixed list: a service is never a link to an arbitrary address.
 */
export const SERVICE_LINKS = [
  '/billings/self-billing',
  '/deliveries/mall',
  '/services/mall-pay',
  '/financing',
] as const;
export type ServiceLink = (typeof SERVICE_LINKS)[number];

/** The pages whose text operators keep: services/mall-pay and financing. */
export const CONTENT_PAGES = ['mall-pay', 'financing'] as const;
export type ContentPageKey = (typeof CONTENT_PAGES)[number];

/** The help center's topics, in the order the page lists them (their names are in the locale files). */
export const FAQ_TOPICS = ['getting-started', 'products', 'orders', 'deliveries', 'billing', 'account'] as const;
export type FaqTopic = (typeof FAQ_TOPICS)[number];

/** A service's address: lower-case words joined by dashes (`/services/detail/{serviceName}`). */
export const SERVICE_NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const line = (max: number) => safeText().trim().max(max, 'max');
const requiredLine = (max: number) => safeText().trim().min(1, 'required').max(max, 'max');
const html = (max: number) => safeText({ multiline: true }).trim().max(max, 'max');

/** Each language once, and English present (the fallback); `key` is where the texts are in the input. */
function languagesRule(key: string) {
  return (texts: readonly { lang: string }[] | undefined, ctx: z.RefinementCtx) => {
    if (!Array.isArray(texts)) return;
    const seen = new Set<string>();
    texts.forEach((text, i) => {
      if (seen.has(text.lang)) ctx.addIssue({ code: 'custom', message: 'termsLanguageTwice', path: [key, i, 'lang'] });
      seen.add(text.lang);
    });
    if (!seen.has(CONTENT_FALLBACK_LANGUAGE)) {
      ctx.addIssue({
        code: 'custom',
        message: 'termsLanguageMissing',
        params: { 0: CONTENT_FALLBACK_LANGUAGE },
        path: [key],
      });
    }
  };
}

const lang = z.enum(LANGUAGES, 'invalid');

/** The language rule runs even when a field failed, so a form shows every problem at once (text/formRules). */
const ALWAYS = { when: () => true };

export const serviceTextSchema = z.object({
  lang,
  title: requiredLine(CONTENT_LIMITS.titleMax),
  summary: requiredLine(CONTENT_LIMITS.summaryMax),
  body: html(CONTENT_LIMITS.bodyMax).default(''),
  price: line(CONTENT_LIMITS.priceMax).default(''),
});

/** A service as the cockpit's form saves it; `position` orders the list (lower first). */
export const serviceInputSchema = z
  .object({
    serviceName: safeText()
      .trim()
      .min(1, 'required')
      .max(CONTENT_LIMITS.serviceNameMax, 'max')
      .regex(SERVICE_NAME_PATTERN, 'serviceName'),
    provider: requiredLine(CONTENT_LIMITS.providerMax),
    link: z
      .enum(SERVICE_LINKS, 'in')
      .nullish()
      .transform((v) => v ?? null),
    position: z.number('integer').int('integer').min(0, 'integer').max(10_000, 'integer').default(0),
    active: z.boolean().default(true),
    texts: z.array(serviceTextSchema).max(LANGUAGES.length, 'invalid'),
  })
  .superRefine((value, ctx) => languagesRule('texts')(value.texts, ctx), ALWAYS);
export type ServiceInput = z.input<typeof serviceInputSchema>;
export type ServiceData = z.output<typeof serviceInputSchema>;

export const pageTextSchema = z.object({
  lang,
  title: requiredLine(CONTENT_LIMITS.titleMax),
  body: html(CONTENT_LIMITS.bodyMax).min(1, 'required'),
});

/** The text of the mall-pay or financing page, in its languages. */
export const contentPageInputSchema = z
  .object({
    key: z.enum(CONTENT_PAGES, 'in'),
    texts: z.array(pageTextSchema).max(LANGUAGES.length, 'invalid'),
  })
  .superRefine((value, ctx) => languagesRule('texts')(value.texts, ctx), ALWAYS);
export type ContentPageInput = z.input<typeof contentPageInputSchema>;
export type ContentPageData = z.output<typeof contentPageInputSchema>;

export const faqTextSchema = z.object({
  lang,
  question: requiredLine(CONTENT_LIMITS.questionMax),
  answer: html(CONTENT_LIMITS.answerMax).min(1, 'required'),
});

/** A question of the help center; only published ones reach partners. */
export const faqInputSchema = z
  .object({
    topic: z.enum(FAQ_TOPICS, 'in'),
    position: z.number('integer').int('integer').min(0, 'integer').max(10_000, 'integer').default(0),
    published: z.boolean().default(false),
    texts: z.array(faqTextSchema).max(LANGUAGES.length, 'invalid'),
  })
  .superRefine((value, ctx) => languagesRule('texts')(value.texts, ctx), ALWAYS);
export type FaqInput = z.input<typeof faqInputSchema>;
export type FaqData = z.output<typeof faqInputSchema>;

/**
 * The text a reader gets: their language when written, else English (which every entry has), else the first
 * there is. Null only for an entry without any text.
 */
export function pickContentText<T extends { lang: string }>(texts: readonly T[], asked: string): T | null {
  return (
    texts.find((t) => t.lang === asked) ?? texts.find((t) => t.lang === CONTENT_FALLBACK_LANGUAGE) ?? texts[0] ?? null
  );
}

/** The search as the help center applies it: trimmed, bounded; too short a search is no search. */
export function faqSearchTerm(raw: string | null | undefined): string | null {
  const term = (raw ?? '').trim().replace(/\s+/g, ' ').slice(0, CONTENT_LIMITS.searchMax);
  return term.length >= CONTENT_LIMITS.searchMin ? term : null;
}

/** Text of an HTML answer for search: tags become spaces, the few entities an editor writes are decoded. */
export function plainTextOf(htmlText: string): string {
  return htmlText
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
