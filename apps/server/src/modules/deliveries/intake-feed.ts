import { DomainError, ORDER_FEED_BATCH_MAX } from '@pp/domain';
import { sql } from 'drizzle-orm';
import { Counter } from 'prom-client';
import type { Platform } from '../../platform/context';
import { rowsOf } from '../../platform/db/client';
import { registry } from '../../platform/metrics';
import { takeMarketplaceOrder } from './intake';

/** A pull waits this long for the feed's answer; the next pull comes in 15 minutes anyway. */
const FEED_TIMEOUT_MS = 30_000;
/** Orders the pull asks for again before the last one it took: a late writer on the marketplace's side. */
const FEED_OVERLAP_MS = 60 * 60_000;

export interface FeedPullResult {
  taken: number;
  existed: number;
  refused: number;
}

/** Pulls of the order feed by outcome: a feed that is unreachable or answers nonsense shows here and in the log. */
const feedPulls = new Counter({
  name: 'pp_order_feed_pulls_total',
  help: "Pulls of the marketplace's order feed, by outcome (pulled, unreachable, refused, unreadable)",
  labelNames: ['outcome'] as const,
  registers: [registry],
});

/** Why a pull took nothing: the feed could not be reached, answered an error status, or answered no JSON. */
class FeedFailure extends Error {
  constructor(
    readonly outcome: 'unreachable' | 'refused' | 'unreadable',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The feed's orders (at most ORDER_FEED_BATCH_MAX), or a FeedFailure: nothing is taken from a broken answer. */
async function readFeed(target: URL): Promise<unknown[]> {
  let response: Response;
  try {
    response = await fetch(target, { signal: AbortSignal.timeout(FEED_TIMEOUT_MS), redirect: 'error' });
  } catch (error) {
    throw new FeedFailure('unreachable', 'order feed unreachable', { cause: error });
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new FeedFailure('refused', `order feed answered ${response.status}`);
  }
  let body: { orders?: unknown };
  try {
    body = (await response.json()) as { orders?: unknown };
  } catch (error) {
    throw new FeedFailure('unreadable', 'order feed answered no JSON', { cause: error });
  }
  if (!body || !Array.isArray(body.orders)) throw new FeedFailure('unreadable', 'order feed answered no order list');
  return body.orders.slice(0, ORDER_FEED_BATCH_MAX);
}

/**
 * The "order feed every 15 minutes" of the spec, when the marketplace offers its orders as a feed instead of
 * pushing them: the job reads `MARKETPLACE_ORDER_FEED_URL?since=…` (a JSON `{ orders: [...] }`, orders as the
 * push sends them) and hands all its orders to the same intake at once, which writes them in batches. The
 * intake's idempotency makes the overlap and a repeated pull harmless; an order the intake refuses is logged
 * by its code and skipped, not retried. A feed that cannot be read takes nothing, is logged and counted
 * (pp_order_feed_pulls_total), and fails the job, which tries once more.
 */
export async function pullOrderFeed(platform: Platform): Promise<FeedPullResult | null> {
  const url = platform.config.marketplace.orderFeedUrl;
  if (!url) return null;
  const [last] = rowsOf<{ at: string | null }>(
    await platform.database.db.execute(
      sql`select max(received_at)::text as at from marketplace_order_intake where channel = 'feed'`,
    ),
  );
  const since = last?.at ? new Date(new Date(last.at).getTime() - FEED_OVERLAP_MS) : null;
  const target = new URL(url);
  if (since) target.searchParams.set('since', since.toISOString());
  // The feed's address without its query: a credential in it stays out of the log.
  const feed = `${target.origin}${target.pathname}`;
  let list: unknown[];
  try {
    list = await readFeed(target);
  } catch (error) {
    if (!(error instanceof FeedFailure)) throw error;
    feedPulls.inc({ outcome: error.outcome });
    platform.log.error({ feed, outcome: error.outcome, err: error.cause ?? error }, error.message);
    throw error;
  }
  const settled = await Promise.allSettled(
    list.map((order) => takeMarketplaceOrder(platform, order, { channel: 'feed' })),
  );
  const result: FeedPullResult = { taken: 0, existed: 0, refused: 0 };
  let failure: unknown = null;
  for (const outcome of settled) {
    if (outcome.status === 'fulfilled') {
      if (outcome.value.created) result.taken++;
      else result.existed++;
    } else if (outcome.reason instanceof DomainError) {
      result.refused++;
      const { code, fields } = outcome.reason;
      platform.log.warn({ code, fields: fields.map((f) => f.field) }, 'order feed: order refused');
    } else {
      failure ??= outcome.reason;
    }
  }
  feedPulls.inc({ outcome: 'pulled' });
  platform.log.info({ feed, ...result }, 'order feed pulled');
  // An order that could not be written (not refused) is taken by the job's retry: the others are in already.
  if (failure) throw failure;
  return result;
}
