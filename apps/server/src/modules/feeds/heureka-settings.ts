import {
  applyHeurekaSettings,
  countHeurekaSummary,
  emptyHeurekaSummary,
  HEUREKA_OPTIONS_DEFAULT,
  type HeurekaBoxType,
  type HeurekaFeedSummary,
  type HeurekaItem,
  type HeurekaOptions,
  type HeurekaSettledItem,
  heurekaFeedSettingsSchema,
  heurekaOptionsSchema,
  MALL_FEED_SCHEDULE_MINUTES,
  type ShopId,
  VAT_RATES,
  vatRateIssue,
  type XmlNode,
} from '@pp/domain';
import { DomainError } from '@pp/domain';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { partners } from '../partner/tables';
import { products } from '../products/tables';
import type { HeurekaRead } from './heureka-read';
import type { FeedRunContext, FeedType } from './run-types';
import { type FeedRunView, feedView, type MallFeedView, mallView, runView, saveFeedSettings } from './settings';
import { feedRuns } from './tables';
import { heurekaFeedSettings } from './tables-heureka-settings';

/** A Heureka feed as its settings card shows it: the period named as the MALL schedule of the same minutes. */
export type HeurekaFeedView = MallFeedView;
export const heurekaView = mallView;

async function shopOf(db: DbOrTx, partnerId: number): Promise<ShopId> {
  const [row] = await db.select({ shopId: partners.shopId }).from(partners).where(eq(partners.id, partnerId));
  return row!.shopId as ShopId;
}

/** The partner's options, the defaults while never saved. */
export async function loadHeurekaOptions(db: DbOrTx, partnerId: number): Promise<HeurekaOptions> {
  const [row] = await db.select().from(heurekaFeedSettings).where(eq(heurekaFeedSettings.partnerId, partnerId));
  if (!row) return HEUREKA_OPTIONS_DEFAULT;
  return {
    vat: row.vat === null ? null : Number(row.vat),
    boxType: row.boxType as HeurekaBoxType | null,
    boxParam: row.boxParam,
    bigBoxValue: row.bigBoxValue,
    smallBoxValue: row.smallBoxValue,
    roundPrice: row.roundPrice,
    autoDescription: row.autoDescription,
  };
}

export interface HeurekaFeedSettingsView {
  products: HeurekaFeedView;
  availability: HeurekaFeedView;
  options: HeurekaOptions;
  /** The VAT rates of the partner's shop: the choice of the default VAT. */
  vatRates: number[];
}

/** The partner's two Heureka feeds and options (heurekaFeed read). */
export async function heurekaFeedSettingsOf(ctx: RequestContext): Promise<HeurekaFeedSettingsView> {
  const { partnerId } = await ctx.require('heurekaFeed', 'read');
  return {
    products: heurekaView(await feedView(ctx.db, partnerId, 'HEUREKA', 'PRODUCTS')),
    availability: heurekaView(await feedView(ctx.db, partnerId, 'HEUREKA', 'AVAILABILITY')),
    options: await loadHeurekaOptions(ctx.db, partnerId),
    vatRates: VAT_RATES[await shopOf(ctx.db, partnerId)] ?? [],
  };
}

/** Saves one Heureka feed's URL, basic auth, switch and period (heurekaFeed update), as the MALL ones are. */
export async function saveHeurekaFeed(ctx: RequestContext, type: FeedType, input: unknown): Promise<HeurekaFeedView> {
  await ctx.require('heurekaFeed', 'update');
  const parsed = heurekaFeedSettingsSchema(type).safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const data = parsed.data;
  const view = await saveFeedSettings(ctx, 'HEUREKA', type, {
    url: data.url,
    enabled: data.enabled,
    scheduleMinutes: MALL_FEED_SCHEDULE_MINUTES[data.schedule],
    basicAuthName: data.basicAuthName,
    basicAuthPassword: data.basicAuthPassword,
  });
  return heurekaView(view);
}

/**
 * Saves the partner's Heureka options in one transaction with its audit entry. The default VAT must be a rate
 * of the partner's shop (the product rules would refuse every item it fills otherwise). The next product run
 * applies them: items whose result changes are written again (their content hash changes with them).
 */
export async function saveHeurekaOptions(ctx: RequestContext, input: unknown): Promise<HeurekaOptions> {
  const { partnerId } = await ctx.require('heurekaFeed', 'update');
  const parsed = heurekaOptionsSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const options = parsed.data;
  if (options.vat !== null) {
    const issue = vatRateIssue(options.vat, await shopOf(ctx.db, partnerId));
    if (issue) throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'vat', ...issue }]);
  }
  return ctx.db.transaction(async (tx) => {
    const before = await loadHeurekaOptions(tx, partnerId);
    const values = { ...options, updated: new Date() };
    await tx
      .insert(heurekaFeedSettings)
      .values({ partnerId, ...values })
      .onConflictDoUpdate({ target: heurekaFeedSettings.partnerId, set: values });
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'heureka.feed.options',
      entity: 'heureka_feed_settings',
      entityId: partnerId,
      data: { before, after: options },
    });
    return options;
  });
}

// ---------------------------------------------------------------------------------------------------------
// A product run: the options applied to each item, and the feed summary counted and left on the run.

/** A product's measures as the catalogue keeps them (cm, kg). */
interface Measures {
  weight: number | null;
  width: number;
  length: number;
  height: number;
}

/** An item with the options applied and the measures its product already has (for the package size). */
export interface HeurekaBoxedItem extends HeurekaSettledItem {
  measures: Measures | null;
}

const measureNodes = (m: Measures): XmlNode[] =>
  (
    [
      ['WEIGHT', m.weight],
      ['WIDTH', m.width],
      ['LENGTH', m.length],
      ['HEIGHT', m.height],
    ] as const
  ).flatMap(([name, value]) => (value === null ? [] : [{ name, text: String(value), children: [] }]));

/**
 * The PACKAGE_SIZE (and DIMENSIONS) elements of an item's ITEM. The catalogue keeps a package size only with
 * the product's width, length and height (packageSizeTogether), which a Heureka feed does not carry: the box is
 * written when the product already has its measures (entered in the portal), and the measures are then written
 * with it so that the feed keeps them. Without measures no box is written, and the item is not refused for it.
 */
export function boxElementsOf(item: HeurekaItem | HeurekaBoxedItem): XmlNode[] {
  if (!('measures' in item) || !item.measures || !item.packageSize) return [];
  return [
    { name: 'PACKAGE_SIZE', text: item.packageSize, children: [] },
    { name: 'DIMENSIONS', text: '', children: measureNodes(item.measures) },
  ];
}

const productIdOf = (item: HeurekaItem) => item.itemGroupId ?? item.itemId;

/**
 * What a Heureka product run needs of the settings: the options loaded once and applied to each item, and the
 * summary of the file counted batch by batch and left on the run's row at the end (the status page's figures).
 */
export async function heurekaRunSettings(ctx: Pick<FeedRunContext, 'platform' | 'partnerId' | 'runId'>) {
  const db = ctx.platform.database.db;
  const options = await loadHeurekaOptions(db, ctx.partnerId);
  const boxes = Boolean(options.boxType || options.boxParam);
  const summary: HeurekaFeedSummary = emptyHeurekaSummary();
  let measures = new Map<string, Measures>();
  /** The measures these products have (only when a box is asked for: otherwise they are not used). */
  const measuresOf = async (ids: readonly string[]): Promise<Map<string, Measures>> => {
    const found = new Map<string, Measures>();
    if (!boxes || ids.length === 0) return found;
    const rows = await db
      .select({
        id: products.id,
        weight: products.weight,
        width: products.width,
        length: products.length,
        height: products.height,
      })
      .from(products)
      .where(and(eq(products.partnerId, ctx.partnerId), inArray(products.id, [...ids])));
    for (const r of rows) {
      if (r.width === null || r.length === null || r.height === null) continue;
      found.set(r.id, { weight: r.weight, width: r.width, length: r.length, height: r.height });
    }
    return found;
  };
  return {
    /** What an item is mapped with: part of the key an unchanged item is recognised by. */
    options,
    measuresOf,
    /** Counts a batch of read items into the summary and reads the measures their products have. */
    async batch(reads: readonly HeurekaRead<HeurekaItem>[]): Promise<void> {
      for (const read of reads) countHeurekaSummary(summary, read);
      measures = await measuresOf([...new Set(reads.flatMap((r) => (r.item ? [productIdOf(r.item)] : [])))]);
    },
    /** An item left out of the parse (unchanged), by what it added to the summary when it was read. */
    countLeftOut(flags: readonly [number, number, number]): void {
      summary.items++;
      summary.invalidTitles += flags[0];
      summary.missingDescriptions += flags[1];
      summary.missingPictures += flags[2];
    },
    apply: (item: HeurekaItem): HeurekaBoxedItem => ({
      ...applyHeurekaSettings(item, options),
      measures: measures.get(productIdOf(item)) ?? null,
    }),
    /** Leaves the summary on the run's row (only while it runs: a run closed meanwhile keeps what it has). */
    async finish(): Promise<void> {
      await db
        .update(feedRuns)
        .set({ summary: { ...summary } })
        .where(and(eq(feedRuns.partnerId, ctx.partnerId), eq(feedRuns.id, ctx.runId), eq(feedRuns.status, 'RUNNING')));
    },
  };
}

export interface HeurekaFeedStatusView {
  /** The latest product run that read its whole file, null until one did. */
  run: FeedRunView | null;
  summary: HeurekaFeedSummary | null;
}

/** The feed summary of the status page: the latest product run's counts (heurekaFeed read). */
export async function heurekaFeedStatus(ctx: RequestContext): Promise<HeurekaFeedStatusView> {
  const { partnerId } = await ctx.require('heurekaFeed', 'read');
  const [row] = await ctx.db
    .select()
    .from(feedRuns)
    .where(
      and(
        eq(feedRuns.partnerId, partnerId),
        eq(feedRuns.format, 'HEUREKA'),
        eq(feedRuns.type, 'PRODUCTS'),
        isNotNull(feedRuns.summary),
      ),
    )
    .orderBy(desc(feedRuns.id))
    .limit(1);
  if (!row) return { run: null, summary: null };
  return { run: runView(row), summary: { ...emptyHeurekaSummary(), ...row.summary } };
}
