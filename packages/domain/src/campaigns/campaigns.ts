import { z } from 'zod';
import { SHOP_IDS } from '../markets/markets';
import { PRODUCT_LABELS } from '../products/lists';
import { isoDaySchema, shopDay } from '../price-lists/price-lists';

/**
 * Campaigns (spec commerce §2 "Campaigns and marketing", §3 "Campaign", §4, §5, §8, §9): the marketplace's
 * promotional events a partner joins by uploading a file of products and promotional prices. Operators
 * create and maintain them in the cockpit; partners read them and import.
 */

/**
 * What an operator sets (docs/decisions.md "Campaigns"): DRAFT is invisible to partners; PUBLISHED is shown
 * and joinable while not locked and not started; CANCELLED is shown to partners who had joined, never joinable.
 */
export const CAMPAIGN_STATUSES = ['DRAFT', 'PUBLISHED', 'CANCELLED'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Where a campaign is in its duration, computed from the days and today (never stored). */
export const CAMPAIGN_PHASES = ['UPCOMING', 'RUNNING', 'ENDED'] as const;
export type CampaignPhase = (typeof CAMPAIGN_PHASES)[number];

/** The retail price must not have changed in this many days before the campaign starts (spec §9). */
export const CAMPAIGN_RETAIL_LOCK_DAYS = 30;

export const CAMPAIGN_NAME_MAX = 200;
export const CAMPAIGN_DESCRIPTION_MAX = 5000;
/** A campaign file names at most this many lines (the spec's scale: 50,000 are checked under 10 s). */
export const CAMPAIGN_IMPORT_MAX_LINES = 100_000;
export const CAMPAIGN_IMPORT_MAX_BYTES = 8 * 1024 * 1024;
export const CAMPAIGN_IMPORT_EXTENSIONS = ['csv', 'txt'] as const;

/**
 * An import's life: QUEUED (file stored, job queued) → CHECKING → one of ERROR (structured errors: the
 * campaign is not activated for the partner), CONFIRM (only reductions above the allowed percentage: the
 * partner allows or cancels, `POST /portal/allow-process-campaign-import`), ACCEPTED (promotions written),
 * FAILED (a file-level code: the file could not be read as a campaign file), CANCELLED (the partner declined
 * the confirmation, or a newer import replaced it). QUEUED, CHECKING and CONFIRM are unfinished: a new import
 * for the same campaign is refused with AnotherImportConflict while one is.
 */
export const CAMPAIGN_IMPORT_STATUSES = [
  'QUEUED',
  'CHECKING',
  'ERROR',
  'CONFIRM',
  'ACCEPTED',
  'FAILED',
  'CANCELLED',
] as const;
export type CampaignImportStatus = (typeof CAMPAIGN_IMPORT_STATUSES)[number];
export const CAMPAIGN_IMPORT_UNFINISHED: readonly CampaignImportStatus[] = ['QUEUED', 'CHECKING', 'CONFIRM'];

/** File-level refusals (spec §8): the whole file is refused with one of these. */
export const CAMPAIGN_FILE_CODES = [
  'AnotherImportConflict',
  'ErrorReadingFile',
  'FormatMissingField',
  'NonUniqueArticleIds',
  'UnsupportedDelimiter',
  'UnsupportedExtension',
  'ValidationProductArticleId',
  'ValidationProductPrice',
] as const;
export type CampaignFileCode = (typeof CAMPAIGN_FILE_CODES)[number];

/**
 * Structured errors of a line (spec §3 "structured_errors": message, type, data key/value; §5 price rules;
 * §8). REDUCTION_NEEDS_CONFIRMATION alone does not make an import ERROR: it waits for the partner's allow.
 * The line-level file codes (FormatMissingField, NonUniqueArticleIds, ValidationProductArticleId,
 * ValidationProductPrice) are reported per line with the same type.
 */
export const CAMPAIGN_ERROR_TYPES = [
  'FormatMissingField',
  'NonUniqueArticleIds',
  'ValidationProductArticleId',
  'ValidationProductPrice',
  'PRICE_NOT_BELOW_PRODUCT_PRICE',
  'DISCOUNT_BELOW_MINIMUM',
  'DISCOUNT_FROM_RRP_BELOW_MINIMUM',
  'PRODUCT_COUNT_BELOW_MINIMUM',
  'PRODUCT_COUNT_ABOVE_MAXIMUM',
  'RETAIL_PRICE_CHANGED',
  'PARTNER_BLACKLISTED',
  'CATEGORY_MISMATCH',
  'DIVISION_MISMATCH',
  'SHOP_MISMATCH',
  'PRODUCT_NOT_LIVE',
  'PRODUCT_NOT_AVAILABLE',
  'PRODUCT_NOT_FOUND',
  'PRODUCT_NOT_IN_STOCK',
  'VARIANT_REQUIRED',
  'REDUCTION_NEEDS_CONFIRMATION',
] as const;
export type CampaignErrorType = (typeof CAMPAIGN_ERROR_TYPES)[number];

/** One structured error: the line (1-based; null for the whole file), the article id, its data. */
export interface CampaignImportError {
  line: number | null;
  articleId: string | null;
  type: CampaignErrorType;
  data: Record<string, string | number>;
}

const percentSchema = z.number('invalid').min(0, 'numberOutOfRange').max(100, 'numberOutOfRange');

/** An operator's campaign (create and edit take the whole of it). */
export const campaignInputSchema = z
  .object({
    name: z.string('invalid').trim().min(1, 'required').max(CAMPAIGN_NAME_MAX, 'max'),
    description: z.string('invalid').trim().max(CAMPAIGN_DESCRIPTION_MAX, 'max').default(''),
    /** Labels the campaign puts on its products (the marketplace's fixed set). */
    labels: z.array(z.enum(PRODUCT_LABELS, 'invalid')).max(PRODUCT_LABELS.length, 'max').default([]),
    /** Percent the promotional price must be below the product price (0 = only below). */
    minDiscount: percentSchema.default(0),
    /** Percent the promotional price must be below the RRP (products without an RRP are not checked). */
    minDiscountRrp: percentSchema.default(0),
    /** A reduction above this percent needs the partner's confirmation (null: never asked). */
    maxReduction: percentSchema.nullable().default(null),
    articleCountMin: z.number('invalid').int('integer').min(1, 'numberOutOfRange').max(1_000_000, 'numberOutOfRange'),
    articleCountMax: z.number('invalid').int('integer').min(1, 'numberOutOfRange').max(1_000_000, 'numberOutOfRange'),
    /** Category ids (any level); empty: every category. */
    categories: z.array(z.number().int()).max(500, 'max').default([]),
    /** Division ids (level-1 categories); empty: every division. */
    divisions: z.array(z.number().int()).max(100, 'max').default([]),
    shops: z.array(z.enum(SHOP_IDS, 'invalid')).min(1, 'required'),
    from: isoDaySchema,
    to: isoDaySchema,
  })
  .superRefine((v, ctx) => {
    if (v.articleCountMax < v.articleCountMin)
      ctx.addIssue({ code: 'custom', message: 'campaignCountRange', path: ['articleCountMax'] });
    if (v.to < v.from) ctx.addIssue({ code: 'custom', message: 'campaignDates', path: ['to'] });
  });
export type CampaignInput = z.output<typeof campaignInputSchema>;

/**
 * The day campaigns and promotions live by (YYYY-MM-DD): every market keeps Central European time
 * (CALENDAR_TIME_ZONES), so one shop's calendar day is every shop's.
 */
export function campaignDay(at: Date = new Date()): string {
  return shopDay(at, 'CZ10MA');
}

/** The phase of a campaign on `today` ('YYYY-MM-DD'): its days are inclusive on both ends. */
export function campaignPhase(from: string, to: string, today: string): CampaignPhase {
  if (today < from) return 'UPCOMING';
  if (today > to) return 'ENDED';
  return 'RUNNING';
}

/**
 * Whether a partner may still upload a file for the campaign: published, not locked, not started. A
 * blacklisted partner is refused with PARTNER_BLACKLISTED by the import itself.
 */
export function campaignJoinable(c: { status: CampaignStatus; locked: boolean; from: string }, today: string): boolean {
  return c.status === 'PUBLISHED' && !c.locked && today < c.from;
}

/**
 * The operators' status moves (docs/decisions.md "Campaigns"): a draft is published or dropped (cancelled
 * before anybody saw it), a published campaign can only be cancelled, a cancelled one is final. Going back
 * to DRAFT would hide a campaign partners may have joined.
 */
export const CAMPAIGN_STATUS_MOVES: Readonly<Record<CampaignStatus, readonly CampaignStatus[]>> = {
  DRAFT: ['PUBLISHED', 'CANCELLED'],
  PUBLISHED: ['CANCELLED'],
  CANCELLED: [],
};

export function campaignStatusMoveAllowed(from: CampaignStatus, to: CampaignStatus): boolean {
  return CAMPAIGN_STATUS_MOVES[from].includes(to);
}

/**
 * The terms a partner joins on: once a campaign has started, has a partner's import (being checked or
 * accepted), or is cancelled, these no longer change — the accepted files were checked against them.
 * Name, description and labels stay editable (the labels are written again on the joined products).
 */
export const CAMPAIGN_FROZEN_FIELDS = [
  'minDiscount',
  'minDiscountRrp',
  'maxReduction',
  'articleCountMin',
  'articleCountMax',
  'categories',
  'divisions',
  'shops',
  'from',
  'to',
] as const satisfies readonly (keyof CampaignInput)[];
export type CampaignFrozenField = (typeof CAMPAIGN_FROZEN_FIELDS)[number];

/** Whether a campaign's terms are frozen on `today` (`imported`: a partner's import is being checked or accepted). */
export function campaignTermsFrozen(
  c: { status: CampaignStatus; from: string },
  today: string,
  imported: boolean,
): boolean {
  if (c.status === 'CANCELLED') return true;
  if (c.status === 'DRAFT') return false;
  return today >= c.from || imported;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    const sa = [...a].map(String).sort();
    const sb = [...b].map(String).sort();
    return sa.length === sb.length && sa.every((v, i) => v === sb[i]);
  }
  return a === b;
}

/** The frozen fields an edit would change (lists compare as sets). */
export function campaignFrozenChanges(before: CampaignInput, after: CampaignInput): CampaignFrozenField[] {
  return CAMPAIGN_FROZEN_FIELDS.filter((f) => !sameValue(before[f], after[f]));
}
