import { graphql, type ResultOf } from '../../graphql/graphql';

export const CampaignsQuery = graphql(`
  query Campaigns($grid: GridInput) {
    campaigns(grid: $grid) {
      items {
        id
        name
        status
        phase
        joinable
        locked
        dateFrom
        dateTo
        shops
        minDiscount
        minDiscountRrp
        productsCount
        joined
      }
      total
      totalExact
      page
      perPage
      nextCursor
    }
  }
`);

export type CampaignRow = ResultOf<typeof CampaignsQuery>['campaigns']['items'][number];

export const CampaignQuery = graphql(`
  query Campaign($id: ID!) {
    campaign(id: $id) {
      id
      name
      description
      labels
      locked
      status
      phase
      joinable
      minDiscount
      minDiscountRrp
      maxReduction
      articleCountMin
      articleCountMax
      categories {
        id
        name
      }
      divisions {
        id
        name
      }
      shops
      dateFrom
      dateTo
      productsCount
      joined
    }
  }
`);

export type CampaignDetail = ResultOf<typeof CampaignQuery>['campaign'];

const COCKPIT_CAMPAIGN_FIELDS = graphql(`
  fragment CockpitCampaignFields on CockpitCampaign @_unmask {
    id
    name
    description
    labels
    locked
    status
    phase
    joinable
    minDiscount
    minDiscountRrp
    maxReduction
    articleCountMin
    articleCountMax
    categories {
      id
      name
    }
    divisions {
      id
      name
    }
    shops
    dateFrom
    dateTo
    productsCount
    partnersCount
    blacklist {
      id
      name
      shopId
    }
    created
    updated
  }
`);

export type CockpitCampaign = ResultOf<typeof COCKPIT_CAMPAIGN_FIELDS>;

export const CockpitCampaignsQuery = graphql(
  `
  query CockpitCampaigns($grid: GridInput) {
    cockpitCampaigns(grid: $grid) {
      items {
        ...CockpitCampaignFields
      }
      total
      totalExact
      page
      perPage
      nextCursor
    }
  }
`,
  [COCKPIT_CAMPAIGN_FIELDS],
);

export const CockpitCampaignQuery = graphql(
  `
  query CockpitCampaign($id: ID!) {
    cockpitCampaign(id: $id) {
      ...CockpitCampaignFields
    }
  }
`,
  [COCKPIT_CAMPAIGN_FIELDS],
);

export const CockpitCampaignCategoriesQuery = graphql(`
  query CockpitCampaignCategories($shops: [String!]!, $level: Int, $search: String) {
    cockpitCampaignCategories(shops: $shops, level: $level, search: $search) {
      id
      shopId
      level
      path
    }
  }
`);

export const CockpitCreateCampaignMutation = graphql(
  `
  mutation CockpitCreateCampaign($input: CampaignInput!) {
    cockpitCreateCampaign(input: $input) {
      ...CockpitCampaignFields
    }
  }
`,
  [COCKPIT_CAMPAIGN_FIELDS],
);

export const CockpitUpdateCampaignMutation = graphql(
  `
  mutation CockpitUpdateCampaign($id: ID!, $input: CampaignInput!) {
    cockpitUpdateCampaign(id: $id, input: $input) {
      ...CockpitCampaignFields
    }
  }
`,
  [COCKPIT_CAMPAIGN_FIELDS],
);

export const CockpitSetCampaignLockedMutation = graphql(
  `
  mutation CockpitSetCampaignLocked($id: ID!, $locked: Boolean!) {
    cockpitSetCampaignLocked(id: $id, locked: $locked) {
      ...CockpitCampaignFields
    }
  }
`,
  [COCKPIT_CAMPAIGN_FIELDS],
);

export const CockpitSetCampaignStatusMutation = graphql(
  `
  mutation CockpitSetCampaignStatus($id: ID!, $status: String!) {
    cockpitSetCampaignStatus(id: $id, status: $status) {
      ...CockpitCampaignFields
    }
  }
`,
  [COCKPIT_CAMPAIGN_FIELDS],
);

export const CockpitSetCampaignBlacklistMutation = graphql(
  `
  mutation CockpitSetCampaignBlacklist($id: ID!, $partnerId: ID!, $blacklisted: Boolean!) {
    cockpitSetCampaignBlacklist(id: $id, partnerId: $partnerId, blacklisted: $blacklisted) {
      ...CockpitCampaignFields
    }
  }
`,
  [COCKPIT_CAMPAIGN_FIELDS],
);
