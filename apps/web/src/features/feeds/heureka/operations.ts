import { graphql, type ResultOf } from '../../../graphql/graphql';

export const HEUREKA_FEED_KEYS = {
  all: ['heurekaFeed'] as const,
  settings: ['heurekaFeed', 'settings'] as const,
  status: ['heurekaFeed', 'status'] as const,
  runs: ['heurekaFeed', 'runs'] as const,
  run: (feedId: string, runId: string) => ['heurekaFeed', 'run', feedId, runId] as const,
  errors: (feedId: string, runId: string) => ['heurekaFeed', 'errors', feedId, runId] as const,
  categories: ['heurekaFeed', 'categories'] as const,
  recommendations: (id: string, search: string) => ['heurekaFeed', 'recommendations', id, search] as const,
};

const FeedRunFields = graphql(`
  fragment HeurekaFeedRunFields on FeedRun @_unmask {
    id feedId type trigger status startedAt endedAt processed updated unchanged errors errorCode errorMessage created
  }
`);

const HeurekaFeedFields = graphql(
  `
  fragment HeurekaFeedFields on HeurekaFeed @_unmask {
    id type url enabled schedule basicAuthName hasBasicAuthPassword validationState validatedAt validationError
    validationMessage nextRunAt updated lastRun { ...HeurekaFeedRunFields }
  }
`,
  [FeedRunFields],
);

const HeurekaOptionsFields = graphql(`
  fragment HeurekaOptionsFields on HeurekaFeedOptions @_unmask {
    vat boxType boxParam bigBoxValue smallBoxValue roundPrice autoDescription
  }
`);

export const HeurekaFeedSettingsQuery = graphql(
  `
  query HeurekaFeedSettings {
    heurekaFeedSettings {
      products { ...HeurekaFeedFields }
      availability { ...HeurekaFeedFields }
      options { ...HeurekaOptionsFields }
      vatRates
    }
  }
`,
  [HeurekaFeedFields, HeurekaOptionsFields],
);
export type HeurekaOptionsData = ResultOf<typeof HeurekaFeedSettingsQuery>['heurekaFeedSettings']['options'];

export const HeurekaFeedUpdateMutation = graphql(
  `
  mutation HeurekaFeedUpdate($type: FeedType!, $data: HeurekaFeedInput!) {
    heurekaFeedUpdate(type: $type, data: $data) { ...HeurekaFeedFields }
  }
`,
  [HeurekaFeedFields],
);

export const HeurekaFeedOptionsUpdateMutation = graphql(
  `
  mutation HeurekaFeedOptionsUpdate($data: HeurekaFeedOptionsInput!) {
    heurekaFeedOptionsUpdate(data: $data) { ...HeurekaOptionsFields }
  }
`,
  [HeurekaOptionsFields],
);

export const HeurekaFeedValidateMutation = graphql(
  `
  mutation HeurekaFeedValidate($type: FeedType!) { heurekaFeedValidate(type: $type) { ...HeurekaFeedFields } }
`,
  [HeurekaFeedFields],
);

export const HeurekaFeedEnqueueMutation = graphql(
  `
  mutation HeurekaFeedEnqueue($type: FeedType!) { heurekaFeedEnqueue(type: $type) { ...HeurekaFeedRunFields } }
`,
  [FeedRunFields],
);

export const HeurekaFeedResetMutation = graphql(
  `
  mutation HeurekaFeedReset($type: FeedType!) { heurekaFeedReset(type: $type) { ...HeurekaFeedRunFields } }
`,
  [FeedRunFields],
);

export const HeurekaFeedStatusQuery = graphql(
  `
  query HeurekaFeedStatus {
    heurekaFeedStatus {
      run { ...HeurekaFeedRunFields }
      summary { items invalidTitles missingDescriptions missingPictures }
    }
    heurekaCategorySummary { total paired pairedAutomatically unpaired unpairedItems }
  }
`,
  [FeedRunFields],
);

export const HeurekaFeedRunsQuery = graphql(
  `
  query HeurekaFeedRuns($grid: GridInput) {
    heurekaFeedRuns(grid: $grid) { items { ...HeurekaFeedRunFields } total totalExact page perPage nextCursor }
  }
`,
  [FeedRunFields],
);

export const HeurekaFeedRunQuery = graphql(
  `
  query HeurekaFeedRun($feedId: ID!, $runId: ID!) {
    heurekaFeedRun(feedId: $feedId, runId: $runId) { ...HeurekaFeedRunFields }
  }
`,
  [FeedRunFields],
);

export const HeurekaFeedRunErrorsQuery = graphql(`
  query HeurekaFeedRunErrors($feedId: ID!, $runId: ID!, $grid: GridInput) {
    heurekaFeedRunErrors(feedId: $feedId, runId: $runId, grid: $grid) {
      items { id itemCode errorCode message field line url created } total totalExact page perPage nextCursor
    }
  }
`);

/** The protocol (error log as CSV) of one Heureka run: a REST download with the session's headers. */
export const heurekaProtocolPath = (feedId: string, runId: string) =>
  `/api/heureka-feed/feeds/${encodeURIComponent(feedId)}/runs/${encodeURIComponent(runId)}/error-log.csv`;

/** The spec's product and availability logs: the latest run's protocol of the partner's feed. */
export const heurekaLogPath = (partnerId: string | number, kind: 'product-log' | 'availability-log') =>
  `/portal/partners/${encodeURIComponent(String(partnerId))}/${kind}`;

const HeurekaCategoryFields = graphql(`
  fragment HeurekaCategoryFields on HeurekaCategory @_unmask {
    id categoryText itemCount categoryId categoryPath pairedBy pairedScore seenAt updated
  }
`);

export const HeurekaCategoriesQuery = graphql(
  `
  query HeurekaCategories($grid: GridInput, $paired: Boolean) {
    heurekaCategories(grid: $grid, paired: $paired) {
      items { ...HeurekaCategoryFields } total totalExact page perPage nextCursor
    }
  }
`,
  [HeurekaCategoryFields],
);
export type HeurekaCategoryRow = ResultOf<typeof HeurekaCategoriesQuery>['heurekaCategories']['items'][number];

export const HeurekaCategoryRecommendationsQuery = graphql(`
  query HeurekaCategoryRecommendations($id: ID!, $search: String) {
    heurekaCategoryRecommendations(id: $id, search: $search) { categoryId score name path locked }
  }
`);

export const HeurekaCategoryPairMutation = graphql(
  `
  mutation HeurekaCategoryPair($id: ID!, $categoryId: Int!) {
    heurekaCategoryPair(id: $id, categoryId: $categoryId) { ...HeurekaCategoryFields }
  }
`,
  [HeurekaCategoryFields],
);

export const HeurekaCategoryUnpairMutation = graphql(
  `
  mutation HeurekaCategoryUnpair($id: ID!) { heurekaCategoryUnpair(id: $id) { ...HeurekaCategoryFields } }
`,
  [HeurekaCategoryFields],
);

export const HeurekaCategoriesAutoPairMutation = graphql(`
  mutation HeurekaCategoriesAutoPair { heurekaCategoriesAutoPair }
`);
