import { graphql, type ResultOf, type VariablesOf } from '../../graphql/graphql';

const ApiKeyFields = graphql(`
  fragment ApiKeyFields on ApiKey @_unmask {
    id
    clientId
    type
    validFrom
    validTo
    created
    createdByName
    revokedAt
    state
    applications {
      name
      version
      tag
      lastSeen
    }
  }
`);

export const ApiKeysQuery = graphql(
  `
  query ApiKeys {
    apiKeys {
      ...ApiKeyFields
    }
  }
`,
  [ApiKeyFields],
);
export type ApiKeyRow = ResultOf<typeof ApiKeysQuery>['apiKeys'][number];

export const CreateApiKeyMutation = graphql(
  `
  mutation CreateApiKey($input: ApiKeyInput!) {
    createApiKey(input: $input) {
      secret
      key {
        ...ApiKeyFields
      }
    }
  }
`,
  [ApiKeyFields],
);
export type ApiKeyInputData = VariablesOf<typeof CreateApiKeyMutation>['input'];

export const RevokeApiKeyMutation = graphql(
  `
  mutation RevokeApiKey($id: ID!) {
    revokeApiKey(id: $id) {
      ...ApiKeyFields
    }
  }
`,
  [ApiKeyFields],
);

export const ApiLimitQuery = graphql(`
  query ApiLimit {
    apiLimit {
      tier {
        id
        name
        limits {
          domain
          maxRequests
        }
      }
      history {
        tierId
        tierName
        date
      }
      today {
        day
        domains {
          domain
          usedRequests
          maxRequests
          usedPercentage
          lastUpdatedDate
        }
      }
      yesterday {
        day
        domains {
          domain
          usedRequests
          maxRequests
          usedPercentage
          lastUpdatedDate
        }
      }
      renewsAt
      timeZone
    }
  }
`);
export type ApiLimitData = ResultOf<typeof ApiLimitQuery>['apiLimit'];
export type ApiUsageDay = ApiLimitData['today'];

const SandboxAccountFields = graphql(`
  fragment SandboxAccountFields on SandboxAccount @_unmask {
    id
    email
    clientId
    created
    createdByName
  }
`);

export const SandboxAccountsQuery = graphql(
  `
  query SandboxAccounts {
    sandboxAccounts {
      ...SandboxAccountFields
    }
  }
`,
  [SandboxAccountFields],
);
export type SandboxAccountRow = ResultOf<typeof SandboxAccountsQuery>['sandboxAccounts'][number];

export const CreateSandboxAccountMutation = graphql(
  `
  mutation CreateSandboxAccount($email: String!) {
    createSandboxAccount(email: $email) {
      secret
      account {
        ...SandboxAccountFields
      }
    }
  }
`,
  [SandboxAccountFields],
);

export const ResetSandboxMutation = graphql(`
  mutation ResetSandbox {
    resetSandbox
  }
`);

export const ResetSandboxSecretMutation = graphql(
  `
  mutation ResetSandboxSecret($id: ID!) {
    resetSandboxSecret(id: $id) {
      secret
      account {
        ...SandboxAccountFields
      }
    }
  }
`,
  [SandboxAccountFields],
);

export const DeleteSandboxAccountMutation = graphql(`
  mutation DeleteSandboxAccount($id: ID!) {
    deleteSandboxAccount(id: $id)
  }
`);

export const CockpitApiLimitsQuery = graphql(`
  query CockpitApiLimits($grid: GridInput) {
    cockpitApiLimits(grid: $grid) {
      items {
        id
        sapId
        shopId
        partnerName
        tierId
        tierName
        workflowStatus
        kam
        farmer
        onboarding
        provider
        pluginProvider
        apiApplication {
          name
          version
          tag
          lastSeen
        }
        products {
          used
          max
          percentage
        }
        availability {
          used
          max
          percentage
        }
        orders {
          used
          max
          percentage
        }
        other {
          used
          max
          percentage
        }
      }
      total
      totalExact
      page
      perPage
      nextCursor
    }
  }
`);
export type CockpitApiLimitRow = ResultOf<typeof CockpitApiLimitsQuery>['cockpitApiLimits']['items'][number];

export const ApiTiersQuery = graphql(`
  query ApiTiers {
    apiTiers {
      id
      name
      limits {
        domain
        maxRequests
      }
    }
  }
`);

export const SetPartnerApiTierMutation = graphql(`
  mutation SetPartnerApiTier($partnerId: ID!, $tierId: ID!) {
    setPartnerApiTier(partnerId: $partnerId, tierId: $tierId) {
      id
      name
    }
  }
`);
