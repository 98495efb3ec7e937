import type { GridPage } from '@pp/domain';
import { builder, GridInput, idArg } from '../../platform/graphql/builder';
import { createRemoteLoginLink } from '../auth/service';
import { broadcast, type CockpitPartnerRow, cockpitPartners } from './service';
// The operators' lists of webhooks and feeds (issue 24 point 8).
import './operator-lists-graphql';

export const CockpitPartnerRef = builder.objectRef<CockpitPartnerRow>('CockpitPartner').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    sapId: t.exposeString('sapId', { nullable: true }),
    shopId: t.exposeString('shopId'),
    partnerName: t.exposeString('partnerName'),
    mallName: t.exposeString('mallName', { nullable: true }),
    workflowStatus: t.exposeString('workflowStatus'),
    provider: t.exposeString('provider', { nullable: true }),
    pluginProvider: t.exposeString('pluginProvider', { nullable: true }),
    kam: t.exposeString('kam', { nullable: true }),
    farmer: t.exposeString('farmer', { nullable: true }),
    onboarding: t.exposeBoolean('onboarding'),
    rating: t.exposeFloat('rating', { nullable: true }),
    created: t.field({ type: 'DateTime', resolve: (r) => r.created }),
  }),
});

const CockpitPartnerPageRef = builder.objectRef<GridPage<CockpitPartnerRow>>('CockpitPartnerPage').implement({
  fields: (t) => ({
    items: t.field({ type: [CockpitPartnerRef], resolve: (p) => p.items }),
    total: t.exposeInt('total', { description: 'Exact when totalExact; otherwise the cap, and there are more.' }),
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

builder.queryField('cockpitPartners', (t) =>
  t.field({
    type: CockpitPartnerPageRef,
    description: 'Administrators only: the grid of all partners.',
    args: { grid: t.arg({ type: GridInput }) },
    resolve: (_, args, ctx) => cockpitPartners(ctx, args.grid ?? {}),
  }),
);

builder.mutationField('cockpitRemoteLoginLink', (t) =>
  t.string({
    description: 'Administrators only: creates a one-time remote-login path for a partner.',
    args: { partnerId: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => createRemoteLoginLink(ctx, idArg(args.partnerId)),
  }),
);

builder.mutationField('cockpitBroadcast', (t) =>
  t.boolean({
    description:
      'Administrators only: sends a notice to everybody signed in, or only to the sellers of the chosen markets ' +
      '(shop ids; none means everybody), over the live stream.',
    args: { message: t.arg.string({ required: true }), markets: t.arg.stringList() },
    resolve: async (_, args, ctx) => {
      await broadcast(ctx, args);
      return true;
    },
  }),
);
