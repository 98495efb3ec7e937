import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { partners } from '../../partner/tables';

/**
 * A partner's warehouse settings (commerce spec §3) and the delivery settings of its partnerInfo (platform spec,
 * Partner: carrierCloseTime, postponementEnabled, codPaymentIsDisabled; transportV2 and exportTo*), one row per
 * partner. A partner without a row has the defaults of `defaultDeliverySettings` (its market's calendar); the
 * first save writes the row. Kept apart from `partners` so what dates an order is read in one primary-key
 * lookup and the partners grid stays narrow. The checks repeat the domain's bounds (docs/decisions.md).
 */
export const partnerDeliverySettings = pgTable(
  'partner_delivery_settings',
  {
    partnerId: integer('partner_id')
      .primaryKey()
      .references(() => partners.id, { onDelete: 'cascade' }),
    calendarCountry: text('calendar_country').notNull(),
    calendarType: text('calendar_type').notNull().default('MP_WORKING_DAYS'),
    supplyDelayFrom: integer('supply_delay_from').notNull().default(0),
    supplyDelayTo: integer('supply_delay_to').notNull().default(0),
    /** The dispatch cut-off, HH:mm on the calendar country's clock. */
    carrierCloseTime: text('carrier_close_time').notNull().default('14:00'),
    postponementEnabled: boolean('postponement_enabled').notNull().default(false),
    codPaymentDisabled: boolean('cod_payment_disabled').notNull().default(false),
    /** The marketplace's switches, set by an operator. */
    transportV2: boolean('transport_v2').notNull().default(false),
    exportToFeed: boolean('export_to_feed').notNull().default(true),
    exportToPpc: boolean('export_to_ppc').notNull().default(true),
    exportToAffiliate: boolean('export_to_affiliate').notNull().default(true),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'partner_delivery_settings_supply_delay_ck',
      sql`${t.supplyDelayFrom} between 0 and 30 and ${t.supplyDelayTo} between ${t.supplyDelayFrom} and 30`,
    ),
    check('partner_delivery_settings_close_time_ck', sql`${t.carrierCloseTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);
