import { graphql, type ResultOf } from '../../../graphql/graphql';

const WarehouseSettingsFields = graphql(`
  fragment WarehouseSettingsFields on WarehouseSettings @_unmask {
    calendarCountry
    calendarType
    supplyDelayFrom
    supplyDelayTo
    carrierCloseTime
    postponementEnabled
    codPaymentDisabled
    transportV2
    exportToFeed
    exportToPPC
    exportToAffiliate
  }
`);
export type WarehouseSettingsData = ResultOf<typeof WarehouseSettingsFields>;

export const WarehouseSettingsQuery = graphql(
  `
  query WarehouseSettings { warehouseSettings { ...WarehouseSettingsFields } }
`,
  [WarehouseSettingsFields],
);

export const WarehouseSettingsUpdateMutation = graphql(
  `
  mutation WarehouseSettingsUpdate($input: WarehouseSettingsInput!) {
    warehouseSettingsUpdate(input: $input) { ...WarehouseSettingsFields }
  }
`,
  [WarehouseSettingsFields],
);

export const CockpitPartnerDeliverySettingsQuery = graphql(
  `
  query CockpitPartnerDeliverySettings($partnerId: ID!) {
    cockpitPartnerDeliverySettings(partnerId: $partnerId) { ...WarehouseSettingsFields }
  }
`,
  [WarehouseSettingsFields],
);

export const CockpitMarketplaceFlagsMutation = graphql(
  `
  mutation CockpitMarketplaceFlags($partnerId: ID!, $input: MarketplaceFlagsInput!) {
    cockpitPartnerMarketplaceFlagsUpdate(partnerId: $partnerId, input: $input) { ...WarehouseSettingsFields }
  }
`,
  [WarehouseSettingsFields],
);

export const WAREHOUSE_KEY = ['warehouseSettings'] as const;
