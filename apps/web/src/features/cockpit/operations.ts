import { graphql, type ResultOf, type VariablesOf } from '../../graphql/graphql';

export const CockpitPartnersQuery = graphql(`
  query CockpitPartners($grid: GridInput) {
    cockpitPartners(grid: $grid) {
      items {
        id
        sapId
        shopId
        partnerName
        mallName
        workflowStatus
        provider
        pluginProvider
        apiApplication {
          name
          version
          tag
          lastSeen
        }
        kam
        farmer
        onboarding
        rating
        created
      }
      total
      totalExact
      page
      perPage
    }
  }
`);

export type CockpitPartner = ResultOf<typeof CockpitPartnersQuery>['cockpitPartners']['items'][number];
export type GridInput = NonNullable<VariablesOf<typeof CockpitPartnersQuery>['grid']>;

export const CockpitRemoteLoginLinkMutation = graphql(`
  mutation CockpitRemoteLoginLink($partnerId: ID!) {
    cockpitRemoteLoginLink(partnerId: $partnerId)
  }
`);

export const CockpitBroadcastMutation = graphql(`
  mutation CockpitBroadcast($message: String!, $markets: [String!]) {
    cockpitBroadcast(message: $message, markets: $markets)
  }
`);

export const CockpitBranchLoadsQuery = graphql(`
  query CockpitBranchLoads {
    cockpitBranchLoads {
      id
      status
      carrier
      fileName
      accountEmail
      lines
      inserted
      updated
      deactivated
      errorCode
      errorCount
      errors {
        line
        field
        rule
      }
      createdAt
      finishedAt
    }
  }
`);

export type BranchLoad = ResultOf<typeof CockpitBranchLoadsQuery>['cockpitBranchLoads'][number];
