import { graphql, type ResultOf, type VariablesOf } from '../../graphql/graphql';

export const OrdersQuery = graphql(`
  query Orders($view: OrdersView!, $grid: GridInput) {
    orders(view: $view, grid: $grid) {
      items {
        id
        purchaseId
        externalId
        status
        confirmed
        orderType
        createdAt
        deliveryDate
        dispatchDate
        shippedAt
        deliveredAt
        customerName
        deliveryCity
        deliveryCountry
        deliveryType
        branchId
        paymentType
        paymentGroup
        total
        cod
        currency
        trackingNumber
        parcelCount
        isTest
        isMallDelivery
        readyToReturn
        chips
      }
      total
      totalExact
      page
      perPage
      nextCursor
    }
  }
`);

export const OrderStatusCountsQuery = graphql(`
  query OrderStatusCounts {
    orderStatusCounts { all open shipping shipped delivered missing }
  }
`);

export const OrderQuery = graphql(`
  query Order($orderId: ID!) {
    order(orderId: $orderId) {
      id
      purchaseId
      externalId
      status
      confirmed
      orderType
      deliveryType
      paymentType
      currency
      parcelCount
      trackingNumber
      trackingUrl
      customerName
      customerEmail
      customerPhone
      deliveryCompany
      deliveryStreet
      deliveryCity
      deliveryZip
      deliveryCountry
      branchId
      secondaryBranchId
      transportId
      isMdp
      isDip
      invoiceNumber
      isTest
      isMallDelivery
      necessaryInspection
      readyToReturn
      total
      totalDiscount
      cod
      deliveryPrice
      codFee
      createdAt
      deliveryDate
      shippedAt
      deliveredAt
      firstDeliveryAttemptAt
      blockedAt
      cancelRequestedAt
      items {
        id
        articleId
        partnerArticleId
        title
        quantity
        unitPrice
        totalDiscount
        vat
        commission
        codFee
        prepaid
        purchasePrice
        serialNumbers
        references
      }
      statusHistory { status at source trackingNumber byOperator accountName }
      shipmentHistory { status at }
    }
  }
`);

export const OrderUpdateMutation = graphql(`
  mutation OrderUpdate($orderId: ID!, $data: OrderStatusInput!) {
    orderUpdate(orderId: $orderId, data: $data) { id status }
  }
`);

export const OrdersStatusUpdateMutation = graphql(`
  mutation OrdersStatusUpdate($orderIds: [ID!]!, $data: OrderStatusInput!) {
    ordersStatusUpdate(orderIds: $orderIds, data: $data) {
      outcome
      results { orderId ok code message }
    }
  }
`);

export const OrdersShipMutation = graphql(`
  mutation OrdersShip($items: [OrderShipInput!]!) {
    ordersShip(items: $items) {
      outcome
      results { orderId ok code message }
    }
  }
`);

export type OrderRow = ResultOf<typeof OrdersQuery>['orders']['items'][number];
export type OrdersView = VariablesOf<typeof OrdersQuery>['view'];
export type OrderStatusCounts = ResultOf<typeof OrderStatusCountsQuery>['orderStatusCounts'];
export type OrderDetail = ResultOf<typeof OrderQuery>['order'];
export type OrderStatusInput = VariablesOf<typeof OrderUpdateMutation>['data'];
export type BulkStatusAnswer = ResultOf<typeof OrdersStatusUpdateMutation>['ordersStatusUpdate'];
