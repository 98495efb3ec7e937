import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '../account/tables';
import { partners } from './tables';

/**
 * A partner's service modules as operators set them (domain SERVICE_MODULES). Only switches ever touched are
 * rows: a module without a row is on, so a new partner and a new module start on without a backfill.
 */
export const partnerServiceModules = pgTable(
  'partner_service_modules',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    module: text('module').notNull(),
    enabled: boolean('enabled').notNull(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.module] })],
);
