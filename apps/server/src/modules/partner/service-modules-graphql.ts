import { builder, idArg } from '../../platform/graphql/builder';
import {
  cockpitServiceModules,
  cockpitSetServiceModule,
  ownServiceModules,
  type ServiceModuleView,
} from './service-modules';

const ServiceModuleRef = builder.objectRef<ServiceModuleView>('ServiceModule').implement({
  description:
    "One of a partner's service modules (domain SERVICE_MODULES); all are on until an operator switches one off.",
  fields: (t) => ({
    module: t.exposeString('module'),
    enabled: t.exposeBoolean('enabled'),
    resources: t.stringList({
      description: 'The partner resources the module covers: disabled (Policy.isDisabled) while it is off.',
      resolve: (m) => [...m.resources],
    }),
    updated: t.expose('updated', { type: 'DateTime', nullable: true }),
  }),
});

builder.queryFields((t) => ({
  serviceModules: t.field({
    type: [ServiceModuleRef],
    description: "The selected partner's service modules (any member): why a resource is disabled.",
    resolve: (_, __, ctx) => ownServiceModules(ctx),
  }),
  cockpitServiceModules: t.field({
    type: [ServiceModuleRef],
    description: "Operators (partners read): a partner's service modules.",
    args: { partnerId: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => cockpitServiceModules(ctx, idArg(args.partnerId, 'partnerId')),
  }),
}));

builder.mutationFields((t) => ({
  cockpitSetServiceModule: t.field({
    type: [ServiceModuleRef],
    description: "Operators (partners update): switches one of a partner's service modules on or off, audited.",
    args: {
      partnerId: t.arg.id({ required: true }),
      module: t.arg.string({ required: true }),
      enabled: t.arg.boolean({ required: true }),
    },
    resolve: (_, args, ctx) =>
      cockpitSetServiceModule(ctx, idArg(args.partnerId, 'partnerId'), args.module, args.enabled),
  }),
}));
