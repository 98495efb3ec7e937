import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/client';
import { DEMO_HEUREKA_CATEGORIES, type DemoFeedFile, demoFeedUrl } from '../modules/feeds/demo-feeds';
import { noteHeurekaCategories } from '../modules/feeds/pairing';
import type { FeedFormat, FeedType } from '../modules/feeds/run-types';
import { feedRuns, feeds } from '../modules/feeds/tables';
import { partners } from '../modules/partner/tables';

/**
 * The demo shops' feeds (issue 21): the Czech sport shop publishes both formats, the Polish one (a MALL_FEED
 * partner) the marketplace's. Every feed points at the portal's own demo files (modules/feeds/demo-feeds.ts), is
 * switched on without a schedule ("enqueue for processing" runs it), and the marketplace feeds have two weeks of
 * quiet nightly runs behind them, so the stats have a history. The Heureka feed's categories are noted as its
 * last run named them and paired automatically where the match is clear; the rest waits for the seller.
 */

const DAY = 24 * 3600_000;

interface DemoFeed {
  format: FeedFormat;
  type: FeedType;
  file: DemoFeedFile;
}

const CZECH_FEEDS: DemoFeed[] = [
  { format: 'MALL', type: 'PRODUCTS', file: 'mall-products.xml' },
  { format: 'MALL', type: 'AVAILABILITY', file: 'mall-availability.xml' },
  { format: 'HEUREKA', type: 'PRODUCTS', file: 'heureka-products.xml' },
  { format: 'HEUREKA', type: 'AVAILABILITY', file: 'heureka-availability.xml' },
];
const POLISH_FEEDS = CZECH_FEEDS.filter((f) => f.format === 'MALL');

/** Items of the Heureka demo file by category (demo-feeds.ts), as its run would count them. */
const HEUREKA_COUNTS = new Map<string, number>([
  [DEMO_HEUREKA_CATEGORIES.helmets, 5],
  [DEMO_HEUREKA_CATEGORIES.tents, 2],
  [DEMO_HEUREKA_CATEGORIES.mats, 2],
  [DEMO_HEUREKA_CATEGORIES.shoes, 1],
]);

async function insertFeeds(tx: DbOrTx, partnerId: number, sapId: string, list: DemoFeed[], baseUrl: string, now: Date) {
  return tx
    .insert(feeds)
    .values(
      list.map((f) => ({
        partnerId,
        format: f.format,
        type: f.type,
        url: demoFeedUrl(baseUrl, sapId, f.file),
        enabled: true,
        scheduleMinutes: null,
        validationState: 'VALID',
        validatedAt: new Date(now.getTime() - 14 * DAY),
      })),
    )
    .returning();
}

/** Two weeks of nightly runs of a marketplace feed: a few products changed each night, nothing refused. */
function history(feed: typeof feeds.$inferSelect, items: number, now: Date) {
  return Array.from({ length: 14 }, (_, n) => {
    const day = 14 - n;
    const started = new Date(Math.floor((now.getTime() - day * DAY) / DAY) * DAY + 2 * 3600_000 + feed.id * 60_000);
    const updated = feed.type === 'AVAILABILITY' ? Math.min(items, 6 + ((day * 7) % 11)) : (day * 3) % 5;
    return {
      feedId: feed.id,
      partnerId: feed.partnerId,
      format: feed.format,
      type: feed.type,
      trigger: 'SCHEDULE',
      status: 'DONE',
      startedAt: started,
      endedAt: new Date(started.getTime() + 4_000 + ((day * 1_300) % 5_000)),
      processed: items,
      updated: day === 14 ? items : updated,
      unchanged: day === 14 ? 0 : items - updated,
      errors: 0,
      created: started,
    };
  });
}

export async function seedDemoFeeds(
  tx: DbOrTx,
  shops: { cz: number; pl: number },
  baseUrl: string,
  now = new Date(),
): Promise<void> {
  const sapIds = new Map(
    (
      await tx
        .select({ id: partners.id, sapId: partners.sapId })
        .from(partners)
        .where(inArray(partners.id, [shops.cz, shops.pl]))
    ).map((p) => [p.id, p.sapId!]),
  );
  const rows = [
    ...(await insertFeeds(tx, shops.cz, sapIds.get(shops.cz)!, CZECH_FEEDS, baseUrl, now)),
    ...(await insertFeeds(tx, shops.pl, sapIds.get(shops.pl)!, POLISH_FEEDS, baseUrl, now)),
  ];
  for (const feed of rows.filter((f) => f.format === 'MALL')) {
    // The demo files carry 40 products (and their variants' stock) of the shop.
    const runs = await tx
      .insert(feedRuns)
      .values(history(feed, 40, now))
      .returning({ id: feedRuns.id });
    await tx
      .update(feeds)
      .set({ lastRunId: runs.at(-1)!.id })
      .where(and(eq(feeds.id, feed.id), eq(feeds.partnerId, feed.partnerId)));
  }
  await noteHeurekaCategories(tx, shops.cz, HEUREKA_COUNTS);
}
