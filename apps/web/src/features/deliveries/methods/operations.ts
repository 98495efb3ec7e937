import { graphql, type ResultOf } from '../../../graphql/graphql';

export const DeliveryMethodFields = graphql(`
  fragment DeliveryMethodFields on PartnerDelivery @_unmask {
    id code title transport price codPrice freeLimit deliveryDelay isPickupPoint deliveryKind priority packageSize
    minHeight maxHeight minWidth maxWidth minLength maxLength minWeight maxWeight
    closeTimes { mon tue wed thu fri sat sun }
    pricing priceLevels { limit price } mdpAllowed mallDeliveryType active openOrders
  }
`);
export type DeliveryMethodRow = ResultOf<typeof DeliveryMethodFields>;

export const DeliveriesGridQuery = graphql(
  `
  query DeliveriesGrid($grid: GridInput) {
    deliveriesGrid(grid: $grid) {
      items { ...DeliveryMethodFields }
      total totalExact page perPage nextCursor
    }
  }
`,
  [DeliveryMethodFields],
);

export const DeliveryMethodQuery = graphql(
  `
  query DeliveryMethod($id: ID!) { delivery(id: $id) { ...DeliveryMethodFields } }
`,
  [DeliveryMethodFields],
);

export const TransportsQuery = graphql(`
  query DeliveryTransports {
    deliveryCarriers { code title isPickupPoint }
    availableTransports { code }
  }
`);
export type Transport = ResultOf<typeof TransportsQuery>['deliveryCarriers'][number];

export const SaveDeliveryMethodMutation = graphql(
  `
  mutation SaveDeliveryMethod($id: ID, $input: DeliveryInput!) {
    saveDelivery(id: $id, input: $input) { ...DeliveryMethodFields }
  }
`,
  [DeliveryMethodFields],
);

/** The spec's "update for mall delivery": only mdpAllowed and mallDeliveryType of a saved method. */
export const DeliveryMallMutation = graphql(
  `
  mutation DeliveryMall($id: ID!, $input: DeliveryMallInput!) {
    deliveryMallUpdate(id: $id, input: $input) { ...DeliveryMethodFields }
  }
`,
  [DeliveryMethodFields],
);

export const DeleteDeliveryMethodMutation = graphql(`
  mutation DeleteDeliveryMethod($id: ID!) { deleteDelivery(id: $id) }
`);

/** Every query of the methods; the onboarding step's list and checklist are refreshed beside them. */
export const METHODS_KEY = ['deliveries', 'methods'] as const;
export const TRANSPORTS_KEY = ['deliveries', 'transports'] as const;

/** The onboarding step's list: every method of the partner (a handful) and the transports still unused. */
export const PartnerMethodsQuery = graphql(
  `
  query PartnerMethods {
    partnerDeliveries { ...DeliveryMethodFields }
    availableTransports { code title isPickupPoint }
  }
`,
  [DeliveryMethodFields],
);
