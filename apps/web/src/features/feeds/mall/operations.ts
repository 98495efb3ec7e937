import { graphql, type ResultOf } from '../../../graphql/graphql';

export const MALL_FEED_KEYS = {
  all: ['mallFeed'] as const,
  settings: ['mallFeed', 'settings'] as const,
  runs: ['mallFeed', 'runs'] as const,
  stats: (days: number) => ['mallFeed', 'stats', days] as const,
  run: (feedId: string, runId: string) => ['mallFeed', 'run', feedId, runId] as const,
  errors: (feedId: string, runId: string) => ['mallFeed', 'errors', feedId, runId] as const,
};

const FeedRunFields = graphql(`
  fragment FeedRunFields on FeedRun @_unmask {
    id feedId type trigger status startedAt endedAt processed updated unchanged errors errorCode errorMessage created
  }
`);

const MallFeedFields = graphql(
  `
  fragment MallFeedFields on MallFeed @_unmask {
    id type url enabled schedule basicAuthName hasBasicAuthPassword validationState validatedAt validationError
    validationMessage nextRunAt updated lastRun { ...FeedRunFields }
  }
`,
  [FeedRunFields],
);

export const MallFeedSettingsQuery = graphql(
  `
  query MallFeedSettings {
    mallFeedSettings { products { ...MallFeedFields } availability { ...MallFeedFields } }
  }
`,
  [MallFeedFields],
);
export type MallFeed = ResultOf<typeof MallFeedSettingsQuery>['mallFeedSettings']['products'];

export const MallFeedUpdateMutation = graphql(
  `
  mutation MallFeedUpdate($type: FeedType!, $data: MallFeedInput!) {
    mallFeedUpdate(type: $type, data: $data) { ...MallFeedFields }
  }
`,
  [MallFeedFields],
);

export const MallFeedValidateMutation = graphql(
  `
  mutation MallFeedValidate($type: FeedType!) { mallFeedValidate(type: $type) { ...MallFeedFields } }
`,
  [MallFeedFields],
);

export const MallFeedEnqueueMutation = graphql(
  `
  mutation MallFeedEnqueue($type: FeedType!) { mallFeedEnqueue(type: $type) { ...FeedRunFields } }
`,
  [FeedRunFields],
);

export const MallFeedResetMutation = graphql(
  `
  mutation MallFeedReset($type: FeedType!) { mallFeedReset(type: $type) { ...FeedRunFields } }
`,
  [FeedRunFields],
);

export const MallFeedRunsQuery = graphql(
  `
  query MallFeedRuns($grid: GridInput) {
    mallFeedRuns(grid: $grid) { items { ...FeedRunFields } total totalExact page perPage nextCursor }
  }
`,
  [FeedRunFields],
);
export type FeedRunRow = ResultOf<typeof MallFeedRunsQuery>['mallFeedRuns']['items'][number];

export const MallFeedStatsQuery = graphql(`
  query MallFeedStats($days: Int!) { mallFeedStats(days: $days) { day runs processed updated errors } }
`);

export const MallFeedRunQuery = graphql(
  `
  query MallFeedRun($feedId: ID!, $runId: ID!) { mallFeedRun(feedId: $feedId, runId: $runId) { ...FeedRunFields } }
`,
  [FeedRunFields],
);

export const MallFeedRunErrorsQuery = graphql(`
  query MallFeedRunErrors($feedId: ID!, $runId: ID!, $grid: GridInput) {
    mallFeedRunErrors(feedId: $feedId, runId: $runId, grid: $grid) {
      items { id itemCode errorCode message field line url created } total totalExact page perPage nextCursor
    }
  }
`);
export type FeedRunErrorRow = ResultOf<typeof MallFeedRunErrorsQuery>['mallFeedRunErrors']['items'][number];

/** The protocol (error log as CSV) of one run: a REST download with the session's headers. */
export const feedProtocolPath = (feedId: string, runId: string) =>
  `/api/mall-feed/feeds/${encodeURIComponent(feedId)}/runs/${encodeURIComponent(runId)}/error-log.csv`;

/** What the live stream says of a run (mall_feed_run_progress) or of a URL check (mall_feed_validate_progress). */
export interface FeedRunEvent {
  feedId: number;
  runId: number;
  type: string;
  status: 'BEGIN' | 'PROGRESS' | 'END' | 'ERROR';
  processed?: number;
  updated?: number;
  unchanged?: number;
  errors?: number;
  code?: string;
}
export interface FeedValidateEvent {
  feedId: number;
  type: string;
  state: 'VALIDATING' | 'VALID' | 'INVALID';
}
