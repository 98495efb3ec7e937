import { z } from 'zod';
import { type PackageSize, TITLE_MAX } from '../products/rules';
import { safeText } from '../text/safeText';
import { MALL_FEED_SCHEDULES, type MallFeedSchedule, mallFeedSettingsSchema } from './feeds';
import type { HeurekaItem, HeurekaParam } from './heureka';

/**
 * The Heureka feed's settings (issue 21, spec "heureka-feed settings"): the two feeds' URLs and checks, and the
 * partner's options that complete what a Heureka feed does not say the way the marketplace needs it (VAT, box,
 * price rounding, a description). The rules here are shared by the server and the settings form; the effect on
 * an item (`applyHeurekaSettings`) is pure so that every run applies it the same way.
 */

/**
 * Spec: availability check inactive/15/30/60 min, product check inactive/360/720/1440 min. The periods are the
 * MALL schedule's names for the same minutes (15m … 1d), so one stored column and one set of labels serve both.
 */
export const HEUREKA_FEED_SCHEDULES = {
  PRODUCTS: ['DISABLED', '6h', '12h', '1d'],
  AVAILABILITY: ['DISABLED', '15m', '30m', '1h'],
} as const satisfies Record<'PRODUCTS' | 'AVAILABILITY', readonly MallFeedSchedule[]>;

/** One Heureka feed's URL, basic auth, switch and check period; the period must be one of its type's. */
export const heurekaFeedSettingsSchema = (type: 'PRODUCTS' | 'AVAILABILITY') =>
  mallFeedSettingsSchema.superRefine((value, ctx) => {
    if (!(HEUREKA_FEED_SCHEDULES[type] as readonly string[]).includes(value.schedule)) {
      ctx.addIssue({ code: 'custom', path: ['schedule'], message: 'invalid' });
    }
  });

/** Spec §3 package sizes: the box a product ships in. Stored as the product's package size (lower case). */
export const HEUREKA_BOX_TYPES = ['SMALLBOX', 'BIGBOX'] as const;
export type HeurekaBoxType = (typeof HEUREKA_BOX_TYPES)[number];
const PACKAGE_SIZE_OF: Record<HeurekaBoxType, PackageSize> = { SMALLBOX: 'smallbox', BIGBOX: 'bigbox' };

/** PARAM names and values the box parameter names: as long as a Heureka PARAM_NAME / VAL may sensibly be. */
export const HEUREKA_BOX_PARAM_MAX = 100;

/**
 * The partner's Heureka options (spec "catalogue partner settings": vat, boxType, boxParam (param,
 * bigBoxValue, smallBoxValue), roundPrice, autoDescription). `vat` must be one of the VAT rates of the partner's
 * shop: the server checks it, knowing the shop. Empty texts and nulls mean "not set".
 */
const optionalText = safeText()
  .trim()
  .max(HEUREKA_BOX_PARAM_MAX, 'max')
  .nullish()
  .transform((value) => value ?? '');

export const heurekaOptionsSchema = z
  .object({
    vat: z.number('invalid').min(0, 'invalid').max(100, 'invalid').nullable().default(null),
    boxType: z.enum(HEUREKA_BOX_TYPES, 'invalid').nullable().default(null),
    boxParam: optionalText,
    bigBoxValue: optionalText,
    smallBoxValue: optionalText,
    roundPrice: z.boolean('invalid').default(false),
    autoDescription: z.boolean('invalid').default(false),
  })
  .superRefine((value, ctx) => {
    // A box parameter says nothing without the value that means each box; a value without a parameter neither.
    if (value.boxParam) {
      if (!value.bigBoxValue && !value.smallBoxValue) {
        ctx.addIssue({ code: 'custom', path: ['bigBoxValue'], message: 'required' });
      }
      if (value.bigBoxValue && value.smallBoxValue && sameText(value.bigBoxValue, value.smallBoxValue)) {
        ctx.addIssue({ code: 'custom', path: ['smallBoxValue'], message: 'boxValuesSame' });
      }
    } else {
      if (value.bigBoxValue || value.smallBoxValue) {
        ctx.addIssue({ code: 'custom', path: ['boxParam'], message: 'required' });
      }
    }
  });
export type HeurekaOptionsInput = z.input<typeof heurekaOptionsSchema>;
export type HeurekaOptions = z.output<typeof heurekaOptionsSchema>;

export const HEUREKA_OPTIONS_DEFAULT: HeurekaOptions = {
  vat: null,
  boxType: null,
  boxParam: '',
  bigBoxValue: '',
  smallBoxValue: '',
  roundPrice: false,
  autoDescription: false,
};

/** Names and values compared as a seller means them: case, accents' composition and spacing aside. */
function sameText(a: string, b: string): boolean {
  const key = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim().toLocaleLowerCase();
  return key(a) === key(b);
}

/** An item with what the options add: its package size (null: none said). */
export interface HeurekaSettledItem extends HeurekaItem {
  packageSize: PackageSize | null;
}

/**
 * A price rounded to whole units of the currency, half up (1299.50 → 1300, 1299.49 → 1299). A price under half a
 * unit keeps its cents: rounded to nothing it would be refused, and the item with it.
 */
export function roundWholePrice(price: number): number {
  const rounded = Math.floor(price + 0.5 + 1e-9);
  return rounded === 0 ? price : rounded;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The description built for an item that has none: its name as a paragraph and its parameters as a list, in
 * HTML as the sellers' own descriptions are (the product rules sanitise it like any other).
 */
export function autoDescriptionOf(name: string, params: readonly HeurekaParam[]): string {
  const list = params.length
    ? `<ul>${params.map((p) => `<li>${escapeHtml(p.name)}: ${escapeHtml(p.value)}</li>`).join('')}</ul>`
    : '';
  return `<p>${escapeHtml(name)}</p>${list}`;
}

/** The box the item's box parameter names, else the default box type; null when neither says. */
export function heurekaPackageSizeOf(item: Pick<HeurekaItem, 'params'>, options: HeurekaOptions): PackageSize | null {
  if (options.boxParam) {
    for (const p of item.params) {
      if (!sameText(p.name, options.boxParam)) continue;
      if (options.bigBoxValue && sameText(p.value, options.bigBoxValue)) return 'bigbox';
      if (options.smallBoxValue && sameText(p.value, options.smallBoxValue)) return 'smallbox';
    }
  }
  return options.boxType ? PACKAGE_SIZE_OF[options.boxType] : null;
}

/**
 * What the partner's options do to one item of the feed: the default VAT when the item has none, the price
 * rounded to whole units when asked, a description built from the name and parameters when the item has none
 * and the seller asked for it, and the package size from the box parameter or the default box type. The item's
 * own values win over the defaults.
 */
export function applyHeurekaSettings(item: HeurekaItem, options: HeurekaOptions): HeurekaSettledItem {
  return {
    ...item,
    vat: item.vat ?? options.vat,
    priceVat: options.roundPrice ? roundWholePrice(item.priceVat) : item.priceVat,
    description:
      item.description === null && options.autoDescription
        ? autoDescriptionOf(item.name, item.params)
        : item.description,
    packageSize: heurekaPackageSizeOf(item, options),
  };
}

/**
 * The feed summary of one product run (spec "status: invalid titles, descriptions, pictures"), counted over the
 * items read from the file: `invalidTitles` have no name or one longer than the marketplace's title
 * (TITLE_MAX); `missingDescriptions` have no DESCRIPTION (what the auto description would fill);
 * `missingPictures` have no IMGURL.
 */
export interface HeurekaFeedSummary {
  items: number;
  invalidTitles: number;
  missingDescriptions: number;
  missingPictures: number;
}

export const emptyHeurekaSummary = (): HeurekaFeedSummary => ({
  items: 0,
  invalidTitles: 0,
  missingDescriptions: 0,
  missingPictures: 0,
});

/** What a read item adds to the summary: an invalid title, a missing description, missing pictures (1 or 0). */
export function heurekaSummaryFlags(
  item: Pick<HeurekaItem, 'name' | 'description' | 'images'>,
): [number, number, number] {
  return [item.name.length > TITLE_MAX ? 1 : 0, item.description === null ? 1 : 0, item.images.length === 0 ? 1 : 0];
}

/** Counts one read item into the summary: a normalised item, or a refused one and its problems' codes. */
export function countHeurekaSummary(
  summary: HeurekaFeedSummary,
  read: { item: Pick<HeurekaItem, 'name' | 'description' | 'images'> | null; issues: readonly { code: string }[] },
): void {
  summary.items++;
  if (read.item) {
    const [title, description, pictures] = heurekaSummaryFlags(read.item);
    summary.invalidTitles += title;
    summary.missingDescriptions += description;
    summary.missingPictures += pictures;
  } else if (read.issues.some((i) => i.code === 'HEUREKA_NAME_MISSING')) {
    // A refused item is judged only by what its refusal says: the reader does not normalise the rest.
    summary.invalidTitles++;
  }
}

/** The schedules offered for each Heureka feed type, in the MALL schedule's order. */
export const heurekaSchedulesOf = (type: 'PRODUCTS' | 'AVAILABILITY'): readonly MallFeedSchedule[] =>
  MALL_FEED_SCHEDULES.filter((s) => (HEUREKA_FEED_SCHEDULES[type] as readonly string[]).includes(s));
