import { boolean, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { partners } from '../partner/tables';

/**
 * The partner's Heureka feed options (issue 21, spec "catalogue partner settings"), one row per partner, absent
 * until first saved (the defaults then apply: no VAT, no box, no rounding, no description built). The feeds'
 * URLs and periods are the `feeds` table's, as for every format.
 */
export const heurekaFeedSettings = pgTable('heureka_feed_settings', {
  partnerId: integer('partner_id')
    .primaryKey()
    .references(() => partners.id, { onDelete: 'cascade' }),
  /** The VAT rate (percent) of an item that has none; one of the partner's shop's rates. */
  vat: numeric('vat', { precision: 5, scale: 2, mode: 'number' }),
  /** SMALLBOX or BIGBOX: the package size of an item its box parameter does not decide; null: none. */
  boxType: text('box_type'),
  /** The PARAM_NAME that carries an item's box, and the VAL that means each box. */
  boxParam: text('box_param').notNull().default(''),
  bigBoxValue: text('big_box_value').notNull().default(''),
  smallBoxValue: text('small_box_value').notNull().default(''),
  roundPrice: boolean('round_price').notNull().default(false),
  autoDescription: boolean('auto_description').notNull().default(false),
  updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
});
