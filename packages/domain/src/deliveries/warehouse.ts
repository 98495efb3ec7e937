import { z } from 'zod';
import { integerInputSchema } from '../products/schema';
import { CALENDAR_COUNTRIES, CALENDAR_TYPES, type CalendarCountry, TIME_OF_DAY } from './calendar';

/**
 * The partner's warehouse settings (commerce spec §3) and the delivery settings of its partnerInfo
 * (platform spec, Partner): what the working-day calendar needs to date an order, and what the marketplace
 * lets the partner's offer do. Bounds: docs/decisions.md, "Warehouse settings".
 */
export const SUPPLY_DELAY_MIN = 0;
/** Six weeks of working days: a longer wait is a pre-order, not a warehouse's supply time. */
export const SUPPLY_DELAY_MAX = 30;
/** The cut-off a partner has until it sets its own: carriers of the six markets collect in the afternoon. */
export const DEFAULT_CARRIER_CLOSE_TIME = '14:00';

export const warehouseSettingsSchema = z
  .object({
    calendarCountry: z.enum(CALENDAR_COUNTRIES, 'invalid'),
    calendarType: z.enum(CALENDAR_TYPES, 'invalid'),
    supplyDelayFrom: integerInputSchema(SUPPLY_DELAY_MIN, SUPPLY_DELAY_MAX),
    supplyDelayTo: integerInputSchema(SUPPLY_DELAY_MIN, SUPPLY_DELAY_MAX),
    carrierCloseTime: z.string().trim().regex(TIME_OF_DAY, 'timeFormat'),
    postponementEnabled: z.boolean(),
    codPaymentDisabled: z.boolean(),
  })
  .superRefine((s, ctx) => {
    if (s.supplyDelayFrom > s.supplyDelayTo) {
      ctx.addIssue({ code: 'custom', path: ['supplyDelayTo'], message: 'supplyDelayOrder' });
    }
  });
export type WarehouseSettingsInput = z.input<typeof warehouseSettingsSchema>;
export type WarehouseSettings = z.output<typeof warehouseSettingsSchema>;

/** The marketplace's own switches on a partner, set by an operator, read-only to the partner. */
export const marketplaceFlagsSchema = z.object({
  transportV2: z.boolean(),
  exportToFeed: z.boolean(),
  exportToPPC: z.boolean(),
  exportToAffiliate: z.boolean(),
});
export type MarketplaceFlags = z.output<typeof marketplaceFlagsSchema>;

export type DeliverySettings = WarehouseSettings & MarketplaceFlags;

/** What a partner has before it saves anything: its market's calendar, same-day dispatch before 14:00. */
export function defaultDeliverySettings(country: CalendarCountry): DeliverySettings {
  return {
    calendarCountry: country,
    calendarType: 'MP_WORKING_DAYS',
    supplyDelayFrom: 0,
    supplyDelayTo: 0,
    carrierCloseTime: DEFAULT_CARRIER_CLOSE_TIME,
    postponementEnabled: false,
    codPaymentDisabled: false,
    transportV2: false,
    exportToFeed: true,
    exportToPPC: true,
    exportToAffiliate: true,
  };
}

/**
 * Whether cash on delivery may be offered for this partner's orders: the one question every price, product page
 * and order screen asks before it shows a method's COD price.
 */
export function codAllowed(settings: Pick<WarehouseSettings, 'codPaymentDisabled'>): boolean {
  return !settings.codPaymentDisabled;
}

/** The COD price a method offers under the partner's settings: none while cash on delivery is switched off. */
export function offeredCodPrice(
  settings: Pick<WarehouseSettings, 'codPaymentDisabled'>,
  codPrice: number | null,
): number | null {
  return codAllowed(settings) ? codPrice : null;
}
