import { graphql, type ResultOf } from '../../graphql/graphql';
import { PartnerSummaryFields } from '../auth/operations';

export const DashboardQuery = graphql(
  `
  query Dashboard {
    dashboard {
      partner { ...PartnerSummaryFields }
      accountsCount
      activeSessionsCount
      lastLoginAt
      recentActivity { id action at actorEmail adminEmail }
    }
  }
`,
  [PartnerSummaryFields],
);

export type Dashboard = ResultOf<typeof DashboardQuery>['dashboard'];
