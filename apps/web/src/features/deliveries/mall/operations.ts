import { graphql, type ResultOf } from '../../../graphql/graphql';

const MallDeliveryFields = graphql(`
  fragment MallDeliveryFields on MallDelivery @_unmask {
    partnerId
    shopId
    state
    readiness
    config {
      fee
      registerBranch
      returnBranch
      returnPin
      openingHours {
        mon { from to }
        tue { from to }
        wed { from to }
        thu { from to }
        fri { from to }
        sat { from to }
        sun { from to }
      }
      spectrumStatus
      spectrumFee
      labelType
      collectionsEnabled
      collectionsOnDemand
      collectionsTimeStart
      collectionsTimeEnd
    }
    warehouse { id street city zip state }
    contact { id firstName lastName email phone }
    lastRequest { id status requestedAt decidedAt reason }
  }
`);
export type MallDeliveryData = ResultOf<typeof MallDeliveryFields>;

export const MALL_DELIVERY_KEY = ['mallDelivery'] as const;
export const DIP_GRID_KEY = ['dipDeliveries'] as const;
export const COCKPIT_MALL_KEY = ['cockpitMallDeliveryRequests'] as const;

export const MallDeliveryQuery = graphql(`query MallDelivery { mallDelivery { ...MallDeliveryFields } }`, [
  MallDeliveryFields,
]);

export const MallDeliveryBranchesQuery = graphql(`
  query MallDeliveryBranches { mallDeliveryRegisterBranches { id name street city zip } }
`);

export const MallDeliveryRequestMutation = graphql(
  `mutation MallDeliveryRequest { mallDeliveryRequest { ...MallDeliveryFields } }`,
  [MallDeliveryFields],
);

export const MallDeliveryClassicMutation = graphql(
  `mutation MallDeliveryClassic($input: MallDeliveryClassicInput!) {
    mallDeliveryConfigUpdate(input: $input) { ...MallDeliveryFields }
  }`,
  [MallDeliveryFields],
);

export const SpectrumConfigMutation = graphql(
  `mutation SpectrumConfig($input: SpectrumConfigInput!) { spectrumConfigUpdate(input: $input) { ...MallDeliveryFields } }`,
  [MallDeliveryFields],
);

export const DipDeliveriesQuery = graphql(`
  query DipDeliveries($grid: GridInput) {
    dipDeliveries(grid: $grid) {
      items { id status createdAt customerName deliveryCity branchId trackingNumber total currency shipmentStatus shipmentAt }
      total
      totalExact
      page
      perPage
      nextCursor
    }
  }
`);
export type DipDelivery = ResultOf<typeof DipDeliveriesQuery>['dipDeliveries']['items'][number];

export const CockpitMallDeliveryRequestsQuery = graphql(`
  query CockpitMallDeliveryRequests($grid: GridInput) {
    cockpitMallDeliveryRequests(grid: $grid) {
      items { id partnerId partnerName shopId status partnerState requestedAt decidedAt reason }
      total
      totalExact
      page
      perPage
      nextCursor
    }
  }
`);
export type CockpitMallDeliveryRequest = ResultOf<
  typeof CockpitMallDeliveryRequestsQuery
>['cockpitMallDeliveryRequests']['items'][number];

export const CockpitMallDeliveryQuery = graphql(
  `query CockpitMallDelivery($partnerId: ID!) { cockpitMallDelivery(partnerId: $partnerId) { ...MallDeliveryFields } }`,
  [MallDeliveryFields],
);

export const MallDeliveryDecideMutation = graphql(
  `mutation MallDeliveryDecide($partnerId: ID!, $input: MallDeliveryDecisionInput!) {
    mallDeliveryDecide(partnerId: $partnerId, input: $input) { ...MallDeliveryFields }
  }`,
  [MallDeliveryFields],
);

export const MallDeliveryDeactivateMutation = graphql(
  `mutation MallDeliveryDeactivate($partnerId: ID!, $reason: String!) {
    mallDeliveryDeactivate(partnerId: $partnerId, reason: $reason) { ...MallDeliveryFields }
  }`,
  [MallDeliveryFields],
);
