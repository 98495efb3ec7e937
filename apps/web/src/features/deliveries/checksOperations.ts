import { graphql, type ResultOf } from '../../graphql/graphql';

export const ProductDeliveryCheckQuery = graphql(`
  query ProductDeliveryCheck($id: ID!) {
    product(id: $id) {
      id
      packageSize
      weight
      width
      length
      height
      deliveryCheck {
        ok
        deliverable
        problems { kind blocking methodId methodCode methodTitle packageSize measure bound limit value }
      }
    }
  }
`);

export type DeliveryCheckResult = NonNullable<ResultOf<typeof ProductDeliveryCheckQuery>['product']>['deliveryCheck'];
export type DeliveryProblemRow = DeliveryCheckResult['problems'][number];

export const DeliveryAlertsQuery = graphql(`
  query DeliveryAlerts {
    deliveryAlerts { kind count packageSize filter }
  }
`);

export type DeliveryAlertRow = ResultOf<typeof DeliveryAlertsQuery>['deliveryAlerts'][number];
