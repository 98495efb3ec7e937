import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * One requested export and where it stands. The partial unique index lets an account have one unfinished
 * export at a time: a second start conflicts in the database, so two parallel clicks cannot both pass.
 */
export const exportRuns = pgTable(
  'export_runs',
  {
    partnerId: integer('partner_id').notNull(),
    id: uuid('id').notNull(),
    accountId: integer('account_id').notNull(),
    kind: text('kind').notNull(),
    format: text('format').notNull(),
    params: jsonb('params').notNull(),
    /** QUEUED, RUNNING, END or ERROR. */
    status: text('status').notNull(),
    rows: integer('rows').notNull().default(0),
    fileId: uuid('file_id'),
    errorCode: text('error_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    uniqueIndex('export_runs_one_unfinished_idx').on(t.accountId).where(sql`status in ('QUEUED', 'RUNNING')`),
    index('export_runs_created_idx').on(t.createdAt),
  ],
);
