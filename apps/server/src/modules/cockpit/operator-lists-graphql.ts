import type { GridPage } from '@pp/domain';
import { builder, GridInput } from '../../platform/graphql/builder';
import { FeedRunRef } from '../feeds/graphql';
import { WebhookFailureRef, WebhookReenabledRef } from '../webhooks/graphql';
import {
  type CockpitFeedRow,
  type CockpitWebhookRow,
  cockpitFeeds,
  cockpitReenableWebhook,
  cockpitRunFeed,
  cockpitWebhooks,
} from './operator-lists';

const CockpitWebhookRef = builder.objectRef<CockpitWebhookRow>('CockpitWebhook').implement({
  description: "A partner's webhook as the operators' list shows it.",
  fields: (t) => ({
    id: t.exposeID('id'),
    partnerId: t.exposeID('partnerId'),
    partnerName: t.exposeString('partnerName'),
    shopId: t.exposeString('shopId'),
    url: t.exposeString('url'),
    event: t.exposeString('event'),
    isEnabled: t.exposeBoolean('isEnabled'),
    status: t.exposeString('status', { description: 'OK, or BROKEN after repeated failed deliveries.' }),
    failedInRow: t.exposeInt('failedInRow'),
    brokenAt: t.expose('brokenAt', { type: 'DateTime', nullable: true }),
    lastAttemptAt: t.expose('lastAttemptAt', { type: 'DateTime', nullable: true }),
    lastFailure: t.field({
      type: WebhookFailureRef,
      nullable: true,
      description: 'Why a BROKEN hook broke: its newest failed attempt.',
      resolve: (w) => w.lastFailure,
    }),
  }),
});

const CockpitFeedRef = builder.objectRef<CockpitFeedRow>('CockpitFeed').implement({
  description: "A partner's feed with its last run, as the operators' list shows it.",
  fields: (t) => ({
    id: t.exposeID('id'),
    partnerId: t.exposeID('partnerId'),
    partnerName: t.exposeString('partnerName'),
    shopId: t.exposeString('shopId'),
    format: t.exposeString('format', { description: 'MALL or HEUREKA.' }),
    type: t.exposeString('type', { description: 'PRODUCTS or AVAILABILITY.' }),
    url: t.exposeString('url', { nullable: true }),
    enabled: t.exposeBoolean('enabled'),
    scheduleMinutes: t.exposeInt('scheduleMinutes', { nullable: true }),
    lastRun: t.field({ type: FeedRunRef, nullable: true, resolve: (f) => f.lastRun }),
  }),
});

const CockpitWebhookPageRef = builder.objectRef<GridPage<CockpitWebhookRow>>('CockpitWebhookPage').implement({
  fields: (t) => ({
    items: t.field({ type: [CockpitWebhookRef], resolve: (p) => p.items }),
    total: t.exposeInt('total'),
    totalExact: t.exposeBoolean('totalExact'),
    page: t.exposeInt('page'),
    perPage: t.exposeInt('perPage'),
    nextCursor: t.string({
      nullable: true,
      description: 'Pass as grid.after for the next page (keyset paging); null on the last page.',
      resolve: (p) => p.nextCursor ?? null,
    }),
  }),
});

const CockpitFeedPageRef = builder.objectRef<GridPage<CockpitFeedRow>>('CockpitFeedPage').implement({
  fields: (t) => ({
    items: t.field({ type: [CockpitFeedRef], resolve: (p) => p.items }),
    total: t.exposeInt('total'),
    totalExact: t.exposeBoolean('totalExact'),
    page: t.exposeInt('page'),
    perPage: t.exposeInt('perPage'),
    nextCursor: t.string({
      nullable: true,
      description: 'Pass as grid.after for the next page (keyset paging); null on the last page.',
      resolve: (p) => p.nextCursor ?? null,
    }),
  }),
});

builder.queryFields((t) => ({
  cockpitWebhooks: t.field({
    type: CockpitWebhookPageRef,
    description: "Operators (api, read): every partner's webhooks, the newest broken first.",
    args: { grid: t.arg({ type: GridInput }) },
    resolve: (_, args, ctx) => cockpitWebhooks(ctx, args.grid ?? {}),
  }),
  cockpitFeeds: t.field({
    type: CockpitFeedPageRef,
    description: "Operators (api, read): every partner's feeds with their last run, the latest run first.",
    args: { grid: t.arg({ type: GridInput }) },
    resolve: (_, args, ctx) => cockpitFeeds(ctx, args.grid ?? {}),
  }),
}));

builder.mutationFields((t) => ({
  cockpitWebhookReenable: t.field({
    type: WebhookReenabledRef,
    description:
      "Operators (api, update): re-enables a partner's BROKEN webhook as its owner would and sends it a test event.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => cockpitReenableWebhook(ctx, String(args.id)),
  }),
  cockpitFeedRun: t.field({
    type: FeedRunRef,
    description: "Operators (api, update): queues a run of a partner's feed now, with the owner's limits.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => cockpitRunFeed(ctx, String(args.id)),
  }),
}));
