import { builder } from '../../platform/graphql/builder';
import { type CockpitFeatureFlag, cockpitFeatureFlags, cockpitSetFeatureFlag } from './flags';

const CockpitFeatureFlagRef = builder.objectRef<CockpitFeatureFlag>('CockpitFeatureFlag').implement({
  description: 'A feature flag as operators switch it.',
  fields: (t) => ({
    name: t.exposeString('name', { description: "One of the domain's FEATURE_FLAG_NAMES." }),
    enabled: t.exposeBoolean('enabled'),
    updated: t.field({ type: 'DateTime', nullable: true, resolve: (f) => f.updated }),
    updatedByEmail: t.exposeString('updatedByEmail', {
      nullable: true,
      description: 'The operator who switched it last; null for the initial value.',
    }),
  }),
});

builder.queryFields((t) => ({
  cockpitFeatureFlags: t.field({
    type: [CockpitFeatureFlagRef],
    description: 'Operators (flags): every feature flag with its state and who switched it last.',
    resolve: (_, __, ctx) => cockpitFeatureFlags(ctx),
  }),
}));

builder.mutationFields((t) => ({
  cockpitSetFeatureFlag: t.field({
    type: CockpitFeatureFlagRef,
    description:
      'Operators (flags, update): switches a flag, audited; every signed-in browser gets feature_flags_changed.',
    args: { name: t.arg.string({ required: true }), enabled: t.arg.boolean({ required: true }) },
    resolve: (_, args, ctx) => cockpitSetFeatureFlag(ctx, args),
  }),
}));
