import type { Platform } from '../../platform/context';
import type { Actor } from '../../platform/audit/service';

/**
 * The contract between a feed run (runs.ts: claiming, progress on the live stream, the run's row and its error
 * log) and the processors that read one kind of file (the marketplace's product and availability feeds, the
 * Heureka feeds). A processor reads the body as a stream, writes through the same services as the portal and
 * the API, and reports as it goes; it never touches the run's row (one exception: the Heureka product processor
 * leaves its feed summary in the run's `summary` at the end, heureka-settings.ts).
 */

/** The four feeds a partner can connect (issue 21): two formats, each with a product and an availability feed. */
export const FEED_FORMATS = ['MALL', 'HEUREKA'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];
export const FEED_TYPES = ['PRODUCTS', 'AVAILABILITY'] as const;
export type FeedType = (typeof FEED_TYPES)[number];

/** One refused item of a run, as the error log lists it (spec: item code, error code, message, URL, line). */
export interface FeedItemError {
  /** The item's id in the file (ID / ITEM_ID / item@id), null when the item has none. */
  itemCode: string | null;
  /** A code of the error catalogue (packages/domain/src/errors/codes.ts). */
  errorCode: string;
  /** Parameters of the code's message, translated when the log is shown. */
  params?: Record<string, string | number>;
  /** The field of the item the error is about, when one. */
  field?: string | null;
  /** The line of the file where the item starts (1-based). */
  line: number | null;
}

export interface FeedRunTotals {
  /** Items read from the file. */
  processed: number;
  /** Items that changed something (created or updated). */
  updated: number;
  /** Items skipped because their content hash did not change since the last run. */
  unchanged: number;
  /** Items refused (each has an entry in the error log). */
  errors: number;
}

export interface FeedRunContext {
  platform: Platform;
  partnerId: number;
  feedId: number;
  runId: number;
  format: FeedFormat;
  type: FeedType;
  /** Who the changes are audited as: the partner's feed, no account. */
  actor: Actor;
  /** Reports progress (throttled by the caller: call it after every batch). */
  progress(totals: FeedRunTotals): Promise<void>;
  /** Records refused items in the run's error log (one statement per call: pass a batch's errors at once). */
  errors(items: readonly FeedItemError[]): Promise<void>;
}

/** Reads one feed file and applies it. Throws a DomainError for a file that cannot be read at all (INVALID_XML…). */
export type FeedProcessor = (ctx: FeedRunContext, body: AsyncIterable<Uint8Array>) => Promise<FeedRunTotals>;
