import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { OpeningHours } from '@pp/domain';

/**
 * Every MALL Delivery request of a partner and its decision: the operators' queue and the partner's history.
 * The state itself stays on the partner (`partners.mdp_status`), which everything else reads; this table says
 * who asked, who decided, when, and why a request was declined.
 */
export const mallDeliveryRequests = pgTable(
  'mall_delivery_requests',
  {
    partnerId: integer('partner_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** pending, accepted, declined. */
    status: text('status').notNull().default('pending'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    requestedBy: integer('requested_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by'),
    reason: text('reason'),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.id] }),
    // One open request per partner, whatever races: a second insert fails on the index, not on a read.
    uniqueIndex('mall_delivery_requests_pending_uq').on(t.partnerId).where(sql`${t.status} = 'pending'`),
    // The operators' queue: pending requests, oldest first, without reading the decided ones.
    index('mall_delivery_requests_queue_idx').on(t.status, t.requestedAt),
  ],
);

/**
 * The MALL Delivery settings of a partner: the operator's fees and depots (set on acceptance), the partner's
 * return PIN and warehouse hours (classic), and the Spectrum/DIP switch and collections. The warehouse address
 * and the contact are not copied here: they are the partner's MDP_WAREHOUSE address and MALL_DELIVERY contact,
 * kept in one place with their own rules.
 */
export const mallDeliveryConfigs = pgTable('mall_delivery_configs', {
  partnerId: integer('partner_id').primaryKey(),
  fee: numeric('fee', { precision: 14, scale: 2, mode: 'number' }),
  registerBranch: text('register_branch'),
  returnBranch: text('return_branch'),
  returnPin: text('return_pin'),
  openingHours: jsonb('opening_hours').$type<OpeningHours>(),
  spectrumStatus: text('spectrum_status').notNull().default('inactive'),
  spectrumFee: numeric('spectrum_fee', { precision: 14, scale: 2, mode: 'number' }),
  labelType: text('label_type').notNull().default('pdf'),
  collectionsEnabled: boolean('collections_enabled').notNull().default(false),
  collectionsOnDemand: boolean('collections_on_demand').notNull().default(false),
  collectionsTimeStart: text('collections_time_start'),
  collectionsTimeEnd: text('collections_time_end'),
  updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
});
