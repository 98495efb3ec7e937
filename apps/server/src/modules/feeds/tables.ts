import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { partners } from '../partner/tables';

/**
 * The feeds a partner connected (issue 21): one row per format (MALL, HEUREKA) and type (PRODUCTS,
 * AVAILABILITY). The basic-auth password is stored sealed (platform/secrets.ts), never in clear.
 */
export const feeds = pgTable(
  'feeds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    /** FEED_FORMATS of run-types.ts. */
    format: text('format').notNull(),
    /** FEED_TYPES of run-types.ts. */
    type: text('type').notNull(),
    url: text('url'),
    enabled: boolean('enabled').notNull().default(false),
    basicAuthName: text('basic_auth_name'),
    /** Sealed by platform/secrets.ts with the feed's partner, format and type as its context. */
    basicAuthPassword: text('basic_auth_password'),
    /** The schedule's period in minutes; null: runs only when enqueued by hand. */
    scheduleMinutes: integer('schedule_minutes'),
    /** VALIDATING, VALID or INVALID; null until the URL is first checked. */
    validationState: text('validation_state'),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    /** Why the URL was found INVALID: a code of the error catalogue. */
    validationError: text('validation_error'),
    /** When the schedule queues the next run; null while the feed has no schedule or is switched off. */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastRunId: bigint('last_run_id', { mode: 'number' }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('feeds_partner_format_type_idx').on(t.partnerId, t.format, t.type),
    // What the once-a-minute schedule reads: only feeds that have a next run.
    index('feeds_due_idx').on(t.nextRunAt).where(sql`${t.nextRunAt} is not null`),
    // The operator home's failed feeds: switched-on feeds by their last run (migration 0055).
    index('feeds_enabled_last_run_idx').on(t.lastRunId).where(sql`${t.enabled}`),
  ],
);

/** One run of a feed: its counts, and FAILED with a code when the file could not be read at all. */
export const feedRuns = pgTable(
  'feed_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    feedId: integer('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id').notNull(),
    format: text('format').notNull(),
    type: text('type').notNull(),
    /** MANUAL, SCHEDULE or RESET. */
    trigger: text('trigger').notNull(),
    /** QUEUED, RUNNING, DONE or FAILED. */
    status: text('status').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    processed: integer('processed').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    errorCode: text('error_code'),
    /** The failure's parameters (an HTTP status, a line), which its translated message names. */
    errorParams: jsonb('error_params').$type<Record<string, string | number>>(),
    /** What a Heureka product run counted in the file (HeurekaFeedSummary of the domain); null for the others. */
    summary: jsonb('summary').$type<Record<string, number>>(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One unfinished run per feed, whichever process queues it.
    uniqueIndex('feed_runs_one_open_idx').on(t.feedId).where(sql`${t.status} in ('QUEUED', 'RUNNING')`),
    // The job grid and the stats: a partner's runs of one format, newest first (a queued run by its queue time).
    index('feed_runs_grid_idx').on(t.partnerId, t.format, sql`coalesce(${t.startedAt}, ${t.created}) desc`, t.id),
  ],
);

/** One refused item of a run (the error log): what, where in the file, and why. */
export const feedRunErrors = pgTable(
  'feed_run_errors',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    runId: bigint('run_id', { mode: 'number' })
      .notNull()
      .references(() => feedRuns.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id').notNull(),
    itemCode: text('item_code'),
    errorCode: text('error_code').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>(),
    field: text('field'),
    line: integer('line'),
    /** The feed's URL when the run read it. */
    url: text('url'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feed_run_errors_run_idx').on(t.partnerId, t.runId, t.id)],
);
