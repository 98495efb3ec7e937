import type { GridPage } from '@pp/domain';
import { builder, GridInput } from '../../platform/graphql/builder';
import { cockpitOnboardingQueue, type OnboardingLastMove, type OnboardingQueueRow } from './onboarding-queue';

const OnboardingLastMoveRef = builder.objectRef<OnboardingLastMove>('OnboardingLastMove').implement({
  fields: (t) => ({
    at: t.field({ type: 'DateTime', resolve: (m) => m.at }),
    fromStatus: t.exposeString('fromStatus'),
    toStatus: t.exposeString('toStatus'),
    byOperator: t.exposeBoolean('byOperator'),
    by: t.exposeString('by', { nullable: true, description: "Who moved it: the account's name or e-mail." }),
  }),
});

const OnboardingQueueRowRef = builder.objectRef<OnboardingQueueRow>('CockpitOnboardingRow').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    partnerName: t.exposeString('partnerName'),
    shopId: t.exposeString('shopId'),
    workflowStatus: t.exposeString('workflowStatus'),
    created: t.field({ type: 'DateTime', resolve: (r) => r.created }),
    lastMove: t.field({ type: OnboardingLastMoveRef, nullable: true, resolve: (r) => r.lastMove }),
    checklistDone: t.exposeInt('checklistDone'),
    checklistTotal: t.exposeInt('checklistTotal'),
  }),
});

const OnboardingQueuePageRef = builder.objectRef<GridPage<OnboardingQueueRow>>('CockpitOnboardingPage').implement({
  fields: (t) => ({
    items: t.field({ type: [OnboardingQueueRowRef], resolve: (p) => p.items }),
    total: t.exposeInt('total'),
    totalExact: t.exposeBoolean('totalExact'),
    page: t.exposeInt('page'),
    perPage: t.exposeInt('perPage'),
    nextCursor: t.string({ nullable: true, resolve: (p) => p.nextCursor ?? null }),
  }),
});

builder.queryField('cockpitOnboardingQueue', (t) =>
  t.field({
    type: OnboardingQueuePageRef,
    description:
      'Operators: partners being onboarded or cancelled (filter `cancelled`), with the last move and the ' +
      'checklist done/total.',
    args: { grid: t.arg({ type: GridInput }) },
    resolve: (_, args, ctx) => cockpitOnboardingQueue(ctx, args.grid ?? {}),
  }),
);
