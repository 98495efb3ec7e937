import { bigint, index, integer, pgSequence, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Tables of the deliveries area (issue 19). The partner's delivery methods stay in partner/tables.ts
 * (`partner_deliveries`), where onboarding made them first.
 */

// --- Warehouse settings and the working-day calendar ---
// In its own file: partner_delivery_settings (warehouse settings and the partner's delivery settings).
export * from './warehouse/tables';

// --- Carrier branches (pickup points) ---
// In their own file: carrier_branches, carrier_branch_loads, carrier_consignments.
export * from './carriers/tables';

// --- MALL Delivery and Spectrum/DIP ---
// In their own file (one import list per part): mall_delivery_requests, mall_delivery_configs.
export * from './mall/tables';

// --- Orders from the marketplace (intake) ---

/**
 * Every order the marketplace handed in, once: the primary key on the marketplace's order id is what makes
 * the intake idempotent (the same order twice, or twenty times in parallel, inserts one row and one order;
 * the losers find the row). Kept apart from `orders`, whose key leads with the partner, so an id sent for
 * another partner is seen as the conflict it is.
 */
export const marketplaceOrderIntake = pgTable(
  'marketplace_order_intake',
  {
    orderId: bigint('order_id', { mode: 'number' }).primaryKey(),
    partnerId: integer('partner_id').notNull(),
    /** push (the shop posted it), feed (the 15-minute pull) or demo (the demo generator). */
    channel: text('channel').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('marketplace_order_intake_partner_idx').on(t.partnerId, t.receivedAt)],
);

/** Ids of the demo generator's orders: above the seeds' (3.1e9…, large 1e10…), below test orders (9e12). */
export const demoOrderIds = pgSequence('demo_order_id_seq', { startWith: 8_000_000_000_000 });
