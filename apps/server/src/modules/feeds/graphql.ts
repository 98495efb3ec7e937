import { FEED_TYPE_VALUES, type GridPage } from '@pp/domain';
import { builder, GridInput } from '../../platform/graphql/builder';
import { translate } from '../../platform/i18n';
import type { FeedFormat } from './run-types';
import { enqueueFeedRun, resetFeed } from './runs';
import {
  type FeedRunView,
  type MallFeedView,
  mallFeedSettings,
  mallView,
  saveMallFeedSettings,
  startFeedValidation,
} from './settings';
import {
  type FeedDayStats,
  type FeedRunErrorRow,
  feedStatsByDay,
  getFeedRun,
  listFeedRunErrors,
  listFeedRuns,
} from './stats';

export const FeedTypeEnum = builder.enumType('FeedType', {
  description: 'A feed of products or of availabilities (stock).',
  values: FEED_TYPE_VALUES,
});

export const FeedRunRef = builder.objectRef<FeedRunView>('FeedRun').implement({
  description: 'One run of a feed: its counts, and why it failed when it failed whole.',
  fields: (t) => ({
    id: t.exposeID('id'),
    feedId: t.exposeID('feedId'),
    type: t.exposeString('type'),
    trigger: t.exposeString('trigger', { description: 'MANUAL, SCHEDULE or RESET.' }),
    status: t.exposeString('status', { description: 'QUEUED, RUNNING, DONE or FAILED.' }),
    startedAt: t.expose('startedAt', { type: 'DateTime', nullable: true }),
    endedAt: t.expose('endedAt', { type: 'DateTime', nullable: true }),
    processed: t.exposeInt('processed'),
    updated: t.exposeInt('updated'),
    unchanged: t.exposeInt('unchanged'),
    errors: t.exposeInt('errors'),
    errorCode: t.exposeString('errorCode', { nullable: true }),
    errorMessage: t.string({
      nullable: true,
      resolve: (run, _, ctx) =>
        run.errorCode ? translate(ctx.lang, `errors.${run.errorCode}`, run.errorParams ?? {}) : null,
    }),
    created: t.expose('created', { type: 'DateTime' }),
  }),
});

/**
 * A feed as its settings card shows it, the same for both formats (`MallFeed`, `HeurekaFeed`): only its
 * schedules differ. The basic-auth password is never given out.
 */
export function feedObjectRef(name: string, label: string, schedules: string) {
  return builder.objectRef<MallFeedView>(name).implement({
    description: `One of the selected partner's ${label} feeds. The basic-auth password is never given out.`,
    fields: (t) => ({
      id: t.exposeID('id', { nullable: true, description: 'Null until the settings are first saved.' }),
      type: t.exposeString('type'),
      url: t.exposeString('url', { nullable: true }),
      enabled: t.exposeBoolean('enabled'),
      schedule: t.exposeString('schedule', { description: schedules }),
      basicAuthName: t.exposeString('basicAuthName', { nullable: true }),
      hasBasicAuthPassword: t.exposeBoolean('hasBasicAuthPassword'),
      validationState: t.exposeString('validationState', {
        nullable: true,
        description: 'VALIDATING, VALID or INVALID; null until the URL is first checked.',
      }),
      validatedAt: t.expose('validatedAt', { type: 'DateTime', nullable: true }),
      validationError: t.exposeString('validationError', { nullable: true }),
      validationMessage: t.string({
        nullable: true,
        resolve: (feed, _, ctx) =>
          feed.validationError ? translate(ctx.lang, `errors.${feed.validationError}`) : null,
      }),
      nextRunAt: t.expose('nextRunAt', { type: 'DateTime', nullable: true }),
      lastRun: t.field({ type: FeedRunRef, nullable: true, resolve: (feed) => feed.lastRun }),
      updated: t.expose('updated', { type: 'DateTime', nullable: true }),
    }),
  });
}

const MallFeedRef = feedObjectRef('MallFeed', 'MALL', 'DISABLED, 15m, 30m, 1h, 6h, 12h or 1d.');

const MallFeedSettingsRef = builder
  .objectRef<{ products: MallFeedView; availability: MallFeedView }>('MallFeedSettings')
  .implement({
    fields: (t) => ({
      products: t.field({ type: MallFeedRef, resolve: (s) => s.products }),
      availability: t.field({ type: MallFeedRef, resolve: (s) => s.availability }),
    }),
  });

export const FeedRunPageRef = builder.objectRef<GridPage<FeedRunView>>('FeedRunPage').implement({
  fields: (t) => ({
    items: t.field({ type: [FeedRunRef], resolve: (p) => p.items }),
    total: t.exposeInt('total'),
    totalExact: t.exposeBoolean('totalExact'),
    page: t.exposeInt('page'),
    perPage: t.exposeInt('perPage'),
    nextCursor: t.string({ nullable: true, resolve: (p) => p.nextCursor ?? null }),
  }),
});

export const FeedDayStatsRef = builder.objectRef<FeedDayStats>('FeedDayStats').implement({
  description: 'Runs of a day (Prague time) and what they did.',
  fields: (t) => ({
    day: t.exposeString('day', { description: 'YYYY-MM-DD' }),
    runs: t.exposeInt('runs'),
    processed: t.exposeInt('processed'),
    updated: t.exposeInt('updated'),
    errors: t.exposeInt('errors'),
  }),
});

const FeedRunErrorRef = builder.objectRef<FeedRunErrorRow>('FeedRunError').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    itemCode: t.exposeString('itemCode', { nullable: true }),
    errorCode: t.exposeString('errorCode'),
    message: t.exposeString('message'),
    field: t.exposeString('field', { nullable: true }),
    line: t.exposeInt('line', { nullable: true }),
    url: t.exposeString('url', { nullable: true }),
    created: t.expose('created', { type: 'DateTime' }),
  }),
});

export const FeedRunErrorPageRef = builder.objectRef<GridPage<FeedRunErrorRow>>('FeedRunErrorPage').implement({
  fields: (t) => ({
    items: t.field({ type: [FeedRunErrorRef], resolve: (p) => p.items }),
    total: t.exposeInt('total'),
    totalExact: t.exposeBoolean('totalExact'),
    page: t.exposeInt('page'),
    perPage: t.exposeInt('perPage'),
    nextCursor: t.string({ nullable: true, resolve: (p) => p.nextCursor ?? null }),
  }),
});

const MallFeedInput = builder.inputType('MallFeedInput', {
  fields: (t) => ({
    url: t.string({ required: true, description: 'Empty disconnects the feed.' }),
    enabled: t.boolean({ required: true }),
    schedule: t.string({ required: true, description: 'DISABLED, 15m, 30m, 1h, 6h, 12h or 1d.' }),
    basicAuthName: t.string({ description: 'Empty: no basic auth (the stored password is dropped).' }),
    basicAuthPassword: t.string({ description: 'Null keeps the stored password; a text replaces it.' }),
  }),
});

builder.queryFields((t) => ({
  mallFeedSettings: t.field({
    type: MallFeedSettingsRef,
    description: "The selected partner's MALL product and availability feeds.",
    resolve: (_, __, ctx) => mallFeedSettings(ctx),
  }),
}));

/**
 * What both formats answer alike about their runs (the job grid, one run, stats by day, a run's error log) and
 * the two commands that queue a run: `mallFeed…` and `heurekaFeed…`, each scoped to its format and right.
 */
export function registerFeedRunFields(format: FeedFormat, prefix: 'mall' | 'heureka', label: string) {
  builder.queryFields((t) => ({
    [`${prefix}FeedRuns`]: t.field({
      type: FeedRunPageRef,
      description: `The runs of the ${label} feeds (the job grid), newest first.`,
      args: { grid: t.arg({ type: GridInput }) },
      resolve: (_, { grid }, ctx) => listFeedRuns(ctx, format, grid),
    }),
    [`${prefix}FeedRun`]: t.field({
      type: FeedRunRef,
      args: { feedId: t.arg.id({ required: true }), runId: t.arg.id({ required: true }) },
      resolve: (_, { feedId, runId }, ctx) => getFeedRun(ctx, format, feedId, runId),
    }),
    [`${prefix}FeedStats`]: t.field({
      type: [FeedDayStatsRef],
      description: `The ${label} feeds’ runs by day over 7, 14 or 30 days (Prague time), oldest day first.`,
      args: { days: t.arg.int({ required: true }), type: t.arg({ type: FeedTypeEnum }) },
      resolve: (_, { days, type }, ctx) => feedStatsByDay(ctx, format, days, type),
    }),
    [`${prefix}FeedRunErrors`]: t.field({
      type: FeedRunErrorPageRef,
      description: `A ${label} feed run's error log.`,
      args: {
        feedId: t.arg.id({ required: true }),
        runId: t.arg.id({ required: true }),
        grid: t.arg({ type: GridInput }),
      },
      resolve: (_, { feedId, runId, grid }, ctx) => listFeedRunErrors(ctx, format, feedId, runId, grid),
    }),
  }));
  builder.mutationFields((t) => ({
    [`${prefix}FeedEnqueue`]: t.field({
      type: FeedRunRef,
      description: `Queues a run of the ${label} feed now (enqueue for processing).`,
      args: { type: t.arg({ type: FeedTypeEnum, required: true }) },
      resolve: (_, { type }, ctx) => enqueueFeedRun(ctx, format, type),
    }),
    [`${prefix}FeedReset`]: t.field({
      type: FeedRunRef,
      description: 'Forces a full resync: forgets what the feed applied and queues a run that applies every item.',
      args: { type: t.arg({ type: FeedTypeEnum, required: true }) },
      resolve: (_, { type }, ctx) => resetFeed(ctx, format, type),
    }),
  }));
}

registerFeedRunFields('MALL', 'mall', 'MALL');

builder.mutationFields((t) => ({
  mallFeedUpdate: t.field({
    type: MallFeedRef,
    description: 'Saves a MALL feed’s settings; a changed URL is checked (VALIDATING, the answer on the stream).',
    args: { type: t.arg({ type: FeedTypeEnum, required: true }), data: t.arg({ type: MallFeedInput, required: true }) },
    resolve: (_, { type, data }, ctx) => saveMallFeedSettings(ctx, type, data),
  }),
  mallFeedValidate: t.field({
    type: MallFeedRef,
    description: 'Checks the saved URL again: VALIDATING now, VALID or INVALID on the stream.',
    args: { type: t.arg({ type: FeedTypeEnum, required: true }) },
    resolve: async (_, { type }, ctx) => mallView(await startFeedValidation(ctx, 'MALL', type)),
  }),
}));
