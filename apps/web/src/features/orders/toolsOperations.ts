import { graphql, type ResultOf } from '../../graphql/graphql';

export const OrderDestinationBranchesQuery = graphql(`
  query OrderDestinationBranches($orderId: ID!, $search: String, $first: Int) {
    orderDestinationBranches(orderId: $orderId, search: $search, first: $first) {
      id
      carrier
      carrierTitle
      code
      name
      street
      zip
      city
      country
      codAllowed
      openingHours
    }
  }
`);

export type CarrierBranch = ResultOf<typeof OrderDestinationBranchesQuery>['orderDestinationBranches'][number];

export const OrderBranchUpdateMutation = graphql(`
  mutation OrderBranchUpdate($orderId: ID!, $branchId: String!) {
    orderBranchUpdate(orderId: $orderId, branchId: $branchId) {
      orderId
      branchId
    }
  }
`);

export const OrderTestCreateMutation = graphql(`
  mutation OrderTestCreate($input: TestOrderInput!) {
    orderTestCreate(input: $input) {
      id
      madeToday
      limit
    }
  }
`);

export const OrderDeliveryNoteMutation = graphql(`
  mutation OrderDeliveryNote($orderId: ID!) {
    orderDeliveryNote(orderId: $orderId)
  }
`);

export const OrdersPickingListQuery = graphql(`
  query OrdersPickingList($orderIds: [ID!]!) {
    ordersPickingList(orderIds: $orderIds) {
      id
      purchaseId
      status
      createdAt
      customerName
      deliveryType
      branchId
      deliveryCity
      parcelCount
      items {
        id
        articleId
        partnerArticleId
        title
        quantity
        serialNumbers
      }
    }
  }
`);

export type PickingListOrder = ResultOf<typeof OrdersPickingListQuery>['ordersPickingList'][number];
