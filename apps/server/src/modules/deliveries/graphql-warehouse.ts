import {
  CALENDAR_YEAR_MAX,
  CALENDAR_YEAR_MIN,
  type DeliverySettings,
  DomainError,
  type Holiday,
  isCalendarCountry,
  publicHolidays,
} from '@pp/domain';
import { builder, idArg } from '../../platform/graphql/builder';
import {
  cockpitDeliverySettings,
  cockpitUpdateMarketplaceFlags,
  updateWarehouseSettings,
  warehouseSettings,
} from './warehouse/settings';

const WarehouseSettingsRef = builder.objectRef<DeliverySettings>('WarehouseSettings').implement({
  description:
    "A partner's warehouse settings and delivery settings (partnerInfo), with the marketplace's switches read-only.",
  fields: (t) => ({
    calendarCountry: t.exposeString('calendarCountry', {
      description: 'Whose working days count: CZ, SK, PL, SI, HU or HR.',
    }),
    calendarType: t.exposeString('calendarType', { description: 'MP_WORKING_DAYS.' }),
    supplyDelayFrom: t.exposeInt('supplyDelayFrom', { description: 'Working days before dispatch, at least.' }),
    supplyDelayTo: t.exposeInt('supplyDelayTo', { description: 'Working days before dispatch, at most.' }),
    carrierCloseTime: t.exposeString('carrierCloseTime', {
      description: 'Dispatch cut-off HH:mm: an order at or after it counts from the next working day.',
    }),
    postponementEnabled: t.exposeBoolean('postponementEnabled'),
    codPaymentDisabled: t.exposeBoolean('codPaymentDisabled', {
      description: 'Cash on delivery switched off: no COD price is offered.',
    }),
    transportV2: t.exposeBoolean('transportV2'),
    exportToFeed: t.exposeBoolean('exportToFeed'),
    exportToPPC: t.exposeBoolean('exportToPPC'),
    exportToAffiliate: t.exposeBoolean('exportToAffiliate'),
  }),
});

const HolidayRef = builder.objectRef<Holiday>('PublicHoliday').implement({
  fields: (t) => ({
    date: t.exposeString('date', { description: 'YYYY-MM-DD.' }),
    key: t.exposeString('key', { description: 'The name, a key of deliveries.holidays in the locale files.' }),
  }),
});

const WarehouseSettingsInput = builder.inputType('WarehouseSettingsInput', {
  fields: (t) => ({
    calendarCountry: t.string({ required: true }),
    calendarType: t.string({ required: true }),
    supplyDelayFrom: t.int({ required: true }),
    supplyDelayTo: t.int({ required: true }),
    carrierCloseTime: t.string({ required: true }),
    postponementEnabled: t.boolean({ required: true }),
    codPaymentDisabled: t.boolean({ required: true }),
  }),
});

const MarketplaceFlagsInput = builder.inputType('MarketplaceFlagsInput', {
  fields: (t) => ({
    transportV2: t.boolean({ required: true }),
    exportToFeed: t.boolean({ required: true }),
    exportToPPC: t.boolean({ required: true }),
    exportToAffiliate: t.boolean({ required: true }),
  }),
});

builder.queryFields((t) => ({
  warehouseSettings: t.field({
    type: WarehouseSettingsRef,
    resolve: (_, __, ctx) => warehouseSettings(ctx),
  }),
  warehouseCalendar: t.field({
    type: [HolidayRef],
    description: "The public holidays (days of rest) of a calendar country's year, weekend ones included.",
    args: { country: t.arg.string({ required: true }), year: t.arg.int({ required: true }) },
    resolve: async (_, { country, year }, ctx) => {
      await ctx.require('deliveries', 'read');
      const fields = [];
      if (!isCalendarCountry(country)) fields.push({ field: 'country', rule: 'invalid' });
      if (year < CALENDAR_YEAR_MIN || year > CALENDAR_YEAR_MAX) {
        fields.push({ field: 'year', rule: 'numberBetween', params: { 0: CALENDAR_YEAR_MIN, 1: CALENDAR_YEAR_MAX } });
      }
      if (fields.length > 0 || !isCalendarCountry(country)) throw new DomainError('VALIDATION_ERROR', {}, fields);
      return publicHolidays(country, year);
    },
  }),
  cockpitPartnerDeliverySettings: t.field({
    type: WarehouseSettingsRef,
    description: "An operator reads a partner's delivery settings and the marketplace's switches.",
    args: { partnerId: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => cockpitDeliverySettings(ctx, String(idArg(args.partnerId, 'partnerId'))),
  }),
}));

builder.mutationFields((t) => ({
  warehouseSettingsUpdate: t.field({
    type: WarehouseSettingsRef,
    description: "Saves the partner's warehouse settings, dispatch cut-off, postponement and cash on delivery.",
    args: { input: t.arg({ type: WarehouseSettingsInput, required: true }) },
    resolve: (_, args, ctx) => updateWarehouseSettings(ctx, args.input),
  }),
  cockpitPartnerMarketplaceFlagsUpdate: t.field({
    type: WarehouseSettingsRef,
    description:
      "An operator sets the marketplace's switches on a partner: transport v2, exports to feed, PPC, affiliate.",
    args: {
      partnerId: t.arg.id({ required: true }),
      input: t.arg({ type: MarketplaceFlagsInput, required: true }),
    },
    resolve: (_, args, ctx) =>
      cockpitUpdateMarketplaceFlags(ctx, String(idArg(args.partnerId, 'partnerId')), args.input),
  }),
}));
