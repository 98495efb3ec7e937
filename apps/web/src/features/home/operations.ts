import { graphql, type ResultOf } from '../../graphql/graphql';
import { PartnerSummaryFields } from '../auth/operations';

export const DashboardQuery = graphql(
  `
  query Dashboard {
    dashboard {
      partner { ...PartnerSummaryFields }
      lastLoginAt
      recentActivity { id action at actorEmail actorName byYou adminEmail apiClientId kind link params { name value } }
    }
  }
`,
  [PartnerSummaryFields],
);

export type Dashboard = ResultOf<typeof DashboardQuery>['dashboard'];

export const DashboardOrdersQuery = graphql(`
  query DashboardOrders {
    dashboardOrders {
      today
      toShipToday
      overdue
      toShip
      missingStatuses
      missingStatusesExact
      daysToDelivery { bucket count }
      sales { currency from count total days { day count total } }
    }
  }
`);

export type DashboardOrders = ResultOf<typeof DashboardOrdersQuery>['dashboardOrders'];

/** Only the standing of each indicator: one completed month is enough for the home page. */
export const DashboardSlaQuery = graphql(`
  query DashboardSla {
    slaStatistics(numberOfMonths: 1) {
      judgedMonth
      indicators { slaType status target judged { ratio total } }
    }
  }
`);

export type DashboardSla = ResultOf<typeof DashboardSlaQuery>['slaStatistics'];
