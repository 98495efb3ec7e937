import { DomainError, type FeedValidationState } from '@pp/domain';
import { and, eq } from 'drizzle-orm';
import { SaxesParser } from 'saxes';
import type { Platform } from '../../platform/context';
import { publishInTransaction } from '../../platform/stream/hub';
import { openFeed } from './fetch';
import type { FeedFormat, FeedType } from './run-types';
import { FEED_EVENTS, type FeedValidateJob, feedBasicAuth } from './settings';
import { feeds } from './tables';

/** The root element each feed's file has. */
export const FEED_ROOTS: Record<FeedFormat, Record<FeedType, string>> = {
  MALL: { PRODUCTS: 'ITEMS', AVAILABILITY: 'AVAILABILITIES' },
  HEUREKA: { PRODUCTS: 'SHOP', AVAILABILITY: 'item_list' },
};

/**
 * The check reads at most this much of the file: enough to see it is XML of the right kind. The rest is the
 * run's to read (a feed of gigabytes is not downloaded to say "valid").
 */
export const FEED_VALIDATE_MAX_BYTES = 1024 * 1024;

class Stop extends Error {}

/**
 * Whether the beginning of a body is well-formed XML with the expected root element: the parse stops at the
 * first error, a DOCTYPE (never allowed in a feed), or after FEED_VALIDATE_MAX_BYTES. Answers null when
 * valid, else the error's code and parameters.
 */
export async function checkXmlStart(
  body: AsyncIterable<Uint8Array>,
  root: string,
): Promise<{ code: string; params: Record<string, string | number> } | null> {
  const parser = new SaxesParser({ position: true });
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let refusal: { code: string; params: Record<string, string | number> } | null = null;
  let sawRoot = false;
  let depth = 0;
  parser.on('doctype', () => {
    refusal = { code: 'XML_DOCTYPE_NOT_ALLOWED', params: {} };
    throw new Stop();
  });
  parser.on('error', () => {
    refusal = { code: 'INVALID_XML', params: { line: parser.line, column: parser.column } };
    throw new Stop();
  });
  parser.on('opentag', (tag) => {
    if (depth++ === 0) {
      sawRoot = true;
      if (tag.name !== root) {
        refusal = { code: 'FEED_ROOT_INVALID', params: { expected: root } };
        throw new Stop();
      }
    }
  });
  parser.on('closetag', () => {
    depth--;
  });
  let bytes = 0;
  try {
    for await (const chunk of body) {
      bytes += chunk.length;
      parser.write(decoder.decode(chunk, { stream: true }));
      if (bytes >= FEED_VALIDATE_MAX_BYTES) return sawRoot ? null : { code: 'INVALID_XML', params: {} };
    }
    parser.write(decoder.decode());
    parser.close();
  } catch (error) {
    if (error instanceof Stop) return refusal;
    if (error instanceof DomainError) throw error;
    // Bytes that are not UTF-8 (TextDecoder), or saxes refusing at the end of the document.
    return refusal ?? { code: 'INVALID_XML', params: {} };
  }
  return sawRoot ? null : { code: 'INVALID_XML', params: {} };
}

/**
 * The `feeds.validate` job: fetches the feed's URL as a run would (same checks and limits, basic auth) and
 * checks the file is XML of the feed's kind. The answer is stored and published to the partner. A check of a
 * URL that changed since it was queued is dropped: the newer URL has its own check queued.
 */
export async function runFeedValidation(platform: Platform, job: FeedValidateJob): Promise<void> {
  const db = platform.database.db;
  const where = and(eq(feeds.partnerId, job.partnerId), eq(feeds.id, job.feedId), eq(feeds.url, job.url));
  const [feed] = await db.select().from(feeds).where(where);
  if (!feed) return;
  let state: FeedValidationState = 'VALID';
  let code: string | null = null;
  try {
    const opened = await openFeed(platform, { url: job.url, basicAuth: feedBasicAuth(platform, feed) });
    try {
      const refusal = await checkXmlStart(opened.body, FEED_ROOTS[job.format][job.type]);
      if (refusal) {
        state = 'INVALID';
        code = refusal.code;
      }
    } finally {
      opened.close();
    }
  } catch (error) {
    if (!(error instanceof DomainError)) platform.log.warn({ err: error, feedId: job.feedId }, 'feed check failed');
    state = 'INVALID';
    code = error instanceof DomainError ? error.code : 'INTERNAL';
  }
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(feeds)
      .set({ validationState: state, validatedAt: new Date(), validationError: code })
      .where(where)
      .returning({ id: feeds.id });
    if (!changed.length) return;
    await publishInTransaction(
      tx,
      { partnerId: job.partnerId },
      {
        type: FEED_EVENTS[job.format].validate,
        data: { feedId: job.feedId, type: job.type, state, ...(code ? { code } : {}) },
      },
    );
  });
}
