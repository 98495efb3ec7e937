import {
  DomainError,
  type FeedRunStatus,
  type FeedValidationState,
  type Resource,
  mallFeedScheduleOf,
  MALL_FEED_SCHEDULE_MINUTES,
  type MallFeedSchedule,
  mallFeedSettingsSchema,
} from '@pp/domain';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { Platform, RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { checkOutboundUrl } from '../../platform/net/url-check';
import { feedMayBePrivate } from './fetch';
import { secretBox } from '../../platform/secrets';
import { publishInTransaction } from '../../platform/stream/hub';
import type { FeedFormat, FeedType } from './run-types';
import { feedRuns, feeds } from './tables';

export const FEED_VALIDATE_JOB = 'feeds.validate';

/** Each format's pages and operations are behind their own right (spec §6: Heureka feed, Mall feed). */
export const FEED_RESOURCE: Record<FeedFormat, Resource> = { MALL: 'mallFeed', HEUREKA: 'heurekaFeed' };

/** The live events of each format (one per right, see platform/stream/resources.ts). */
export const FEED_EVENTS = {
  MALL: { run: 'mall_feed_run_progress', validate: 'mall_feed_validate_progress' },
  HEUREKA: { run: 'heureka_feed_run_progress', validate: 'heureka_feed_validate_progress' },
} as const;

export type FeedRow = typeof feeds.$inferSelect;

export interface FeedRunView {
  id: number;
  feedId: number;
  format: FeedFormat;
  type: FeedType;
  trigger: string;
  status: FeedRunStatus;
  startedAt: Date | null;
  endedAt: Date | null;
  processed: number;
  updated: number;
  unchanged: number;
  errors: number;
  errorCode: string | null;
  errorParams: Record<string, string | number> | null;
  created: Date;
}

/** A feed's settings as the settings page shows them: the password never leaves the server. */
export interface FeedView {
  /** Null until the settings are first saved. */
  id: number | null;
  format: FeedFormat;
  type: FeedType;
  url: string | null;
  enabled: boolean;
  basicAuthName: string | null;
  hasBasicAuthPassword: boolean;
  scheduleMinutes: number | null;
  validationState: FeedValidationState | null;
  validatedAt: Date | null;
  validationError: string | null;
  nextRunAt: Date | null;
  lastRun: FeedRunView | null;
  updated: Date | null;
}

export interface MallFeedView extends FeedView {
  schedule: MallFeedSchedule;
}

/** What sealed basic-auth passwords are bound to: a sealed value copied into another feed's row does not open. */
function sealContext(partnerId: number, format: string, type: string): string {
  return `feed-basic-auth:${partnerId}:${format}:${type}`;
}

/** The feed's basic auth in clear, for its download only; FEED_CREDENTIALS_UNREADABLE when the key changed. */
export function feedBasicAuth(
  platform: Pick<Platform, 'config'>,
  feed: Pick<FeedRow, 'partnerId' | 'format' | 'type' | 'basicAuthName' | 'basicAuthPassword'>,
): { name: string; password: string } | null {
  if (!feed.basicAuthName) return null;
  if (!feed.basicAuthPassword) return { name: feed.basicAuthName, password: '' };
  const password = secretBox(platform.config).open(
    feed.basicAuthPassword,
    sealContext(feed.partnerId, feed.format, feed.type),
  );
  if (password === null) throw new DomainError('FEED_CREDENTIALS_UNREADABLE');
  return { name: feed.basicAuthName, password };
}

export async function findFeed(
  db: DbOrTx,
  partnerId: number,
  format: FeedFormat,
  type: FeedType,
): Promise<FeedRow | undefined> {
  const [row] = await db
    .select()
    .from(feeds)
    .where(and(eq(feeds.partnerId, partnerId), eq(feeds.format, format), eq(feeds.type, type)));
  return row;
}

export async function findRunView(db: DbOrTx, partnerId: number, runId: number): Promise<FeedRunView | null> {
  const [row] = await db
    .select()
    .from(feedRuns)
    .where(and(eq(feedRuns.partnerId, partnerId), eq(feedRuns.id, runId)));
  return row ? runView(row) : null;
}

export function runView(row: typeof feedRuns.$inferSelect): FeedRunView {
  return {
    id: row.id,
    feedId: row.feedId,
    format: row.format as FeedFormat,
    type: row.type as FeedType,
    trigger: row.trigger,
    status: row.status as FeedRunStatus,
    startedAt: row.startedAt,
    endedAt: row.endedAt,
    processed: row.processed,
    updated: row.updated,
    unchanged: row.unchanged,
    errors: row.errors,
    errorCode: row.errorCode,
    errorParams: row.errorParams ?? null,
    created: row.created,
  };
}

export async function feedView(db: DbOrTx, partnerId: number, format: FeedFormat, type: FeedType): Promise<FeedView> {
  const row = await findFeed(db, partnerId, format, type);
  if (!row) {
    return {
      id: null,
      format,
      type,
      url: null,
      enabled: false,
      basicAuthName: null,
      hasBasicAuthPassword: false,
      scheduleMinutes: null,
      validationState: null,
      validatedAt: null,
      validationError: null,
      nextRunAt: null,
      lastRun: null,
      updated: null,
    };
  }
  return {
    id: row.id,
    format,
    type,
    url: row.url,
    enabled: row.enabled,
    basicAuthName: row.basicAuthName,
    hasBasicAuthPassword: Boolean(row.basicAuthPassword),
    scheduleMinutes: row.scheduleMinutes,
    validationState: row.validationState as FeedValidationState | null,
    validatedAt: row.validatedAt,
    validationError: row.validationError,
    nextRunAt: row.nextRunAt,
    lastRun: row.lastRunId ? await findRunView(db, partnerId, row.lastRunId) : null,
    updated: row.updated,
  };
}

export const mallView = (view: FeedView): MallFeedView => ({
  ...view,
  schedule: mallFeedScheduleOf(view.scheduleMinutes),
});

/** The partner's two MALL feeds (mallFeed read). */
export async function mallFeedSettings(
  ctx: RequestContext,
): Promise<{ products: MallFeedView; availability: MallFeedView }> {
  const { partnerId } = await ctx.require('mallFeed', 'read');
  return {
    products: mallView(await feedView(ctx.db, partnerId, 'MALL', 'PRODUCTS')),
    availability: mallView(await feedView(ctx.db, partnerId, 'MALL', 'AVAILABILITY')),
  };
}

/** The URL may be reached by this server: it resolves, and only to public addresses unless the deployment allows. */
export async function checkFeedUrl(platform: Pick<Platform, 'config'>, url: string): Promise<void> {
  try {
    await checkOutboundUrl(url, URL.canParse(url) && feedMayBePrivate(platform.config, new URL(url)));
  } catch (error) {
    if (error instanceof DomainError) throw new DomainError('FEED_URL_NOT_ALLOWED', error.params);
    throw error;
  }
}

/** Settings of one feed of any format, already checked by the format's own schema. */
export interface FeedSettingsInput {
  url: string;
  enabled: boolean;
  scheduleMinutes: number | null;
  basicAuthName: string;
  /** Null keeps the stored password; a text replaces it (an empty one removes it). */
  basicAuthPassword: string | null;
}

/**
 * Saves a feed's settings (creating its row the first time) in one transaction with its audit entry. A changed
 * URL is checked for reachability first (outside the transaction: DNS may be slow) and then queued for the XML
 * check (VALIDATING until the job answers). The schedule's next run is set from now when the feed is switched
 * on or its period changes; switching off or dropping the period clears it.
 */
export async function saveFeedSettings(
  ctx: RequestContext,
  format: FeedFormat,
  type: FeedType,
  input: FeedSettingsInput,
): Promise<FeedView> {
  const { partnerId } = await ctx.require(FEED_RESOURCE[format], 'update');
  const before = await findFeed(ctx.db, partnerId, format, type);
  const url = input.url || null;
  const urlChanged = (before?.url ?? null) !== url;
  if (url && urlChanged) await checkFeedUrl(ctx.platform, url);
  const box = secretBox(ctx.platform.config);
  const name = input.basicAuthName || null;
  const context = sealContext(partnerId, format, type);
  // No user name, no password; a new password is sealed; null keeps what is stored.
  const password = !name
    ? null
    : input.basicAuthPassword === null
      ? (before?.basicAuthPassword ?? null)
      : input.basicAuthPassword
        ? box.seal(input.basicAuthPassword, context)
        : null;
  const scheduled = input.enabled && url ? input.scheduleMinutes : null;
  const wasScheduled = before?.enabled && before.url ? before.scheduleMinutes : null;
  const nextRunAt =
    scheduled === null
      ? null
      : scheduled === wasScheduled && before?.nextRunAt
        ? before.nextRunAt
        : new Date(Date.now() + scheduled * 60_000);
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    const values = {
      url,
      enabled: input.enabled,
      basicAuthName: name,
      basicAuthPassword: password,
      scheduleMinutes: input.scheduleMinutes,
      nextRunAt,
      updated: now,
      ...(urlChanged ? { validationState: url ? 'VALIDATING' : null, validatedAt: null, validationError: null } : {}),
    };
    const [row] = await tx
      .insert(feeds)
      .values({ partnerId, format, type, ...values })
      .onConflictDoUpdate({ target: [feeds.partnerId, feeds.format, feeds.type], set: values })
      .returning({ id: feeds.id });
    const feedId = row!.id;
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'feed.update',
      entity: 'feed',
      entityId: feedId,
      data: {
        format,
        type,
        url,
        enabled: input.enabled,
        scheduleMinutes: input.scheduleMinutes,
        basicAuthName: name,
        // Whether the password changed, never the password.
        passwordChanged: password !== (before?.basicAuthPassword ?? null),
      },
    });
    if (url && urlChanged) await queueValidation(ctx, tx, { feedId, partnerId, format, type, url });
    return feedView(tx, partnerId, format, type);
  });
}

/** Saves one MALL feed's settings as the settings form sends them (mallFeed update). */
export async function saveMallFeedSettings(ctx: RequestContext, type: FeedType, input: unknown): Promise<MallFeedView> {
  await ctx.require('mallFeed', 'update');
  const parsed = mallFeedSettingsSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const data = parsed.data;
  const view = await saveFeedSettings(ctx, 'MALL', type, {
    url: data.url,
    enabled: data.enabled,
    scheduleMinutes: MALL_FEED_SCHEDULE_MINUTES[data.schedule],
    basicAuthName: data.basicAuthName,
    basicAuthPassword: data.basicAuthPassword,
  });
  return mallView(view);
}

export interface FeedValidateJob {
  feedId: number;
  partnerId: number;
  format: FeedFormat;
  type: FeedType;
  /** The URL the check is about: a check of a URL changed meanwhile is dropped. */
  url: string;
}

async function queueValidation(ctx: RequestContext, tx: DbOrTx, job: FeedValidateJob): Promise<void> {
  await ctx.enqueue(tx, FEED_VALIDATE_JOB, job);
  await publishInTransaction(
    tx,
    { partnerId: job.partnerId },
    { type: FEED_EVENTS[job.format].validate, data: { feedId: job.feedId, type: job.type, state: 'VALIDATING' } },
  );
}

/** Checks the saved URL again (the settings page's "validate"): VALIDATING now, the answer on the stream. */
export async function startFeedValidation(ctx: RequestContext, format: FeedFormat, type: FeedType): Promise<FeedView> {
  const { partnerId } = await ctx.require(FEED_RESOURCE[format], 'update');
  const feed = await findFeed(ctx.db, partnerId, format, type);
  if (!feed?.url) throw new DomainError('FEED_URL_MISSING');
  const url = feed.url;
  await checkFeedUrl(ctx.platform, url);
  return ctx.db.transaction(async (tx) => {
    await tx
      .update(feeds)
      .set({ validationState: 'VALIDATING', validatedAt: null, validationError: null })
      .where(and(eq(feeds.partnerId, partnerId), eq(feeds.id, feed.id)));
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'feed.validate',
      entity: 'feed',
      entityId: feed.id,
      data: { format, type, url },
    });
    await queueValidation(ctx, tx, { feedId: feed.id, partnerId, format, type, url });
    return feedView(tx, partnerId, format, type);
  });
}

export async function mallFeedView(ctx: RequestContext, type: FeedType): Promise<MallFeedView> {
  const { partnerId } = await ctx.require('mallFeed', 'read');
  return mallView(await feedView(ctx.db, partnerId, 'MALL', type));
}
