import type { GridPage } from '@pp/domain';
import { builder, GridInput, idArg } from '../../platform/graphql/builder';
import {
  type CockpitRegistrationRow,
  cockpitRegistrations,
  cockpitResendRegistrationConfirmation,
} from './registrations-view';

const CockpitRegistrationRef = builder.objectRef<CockpitRegistrationRow>('CockpitRegistration').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    partnerId: t.exposeID('partnerId'),
    created: t.field({ type: 'DateTime', resolve: (r) => r.created }),
    company: t.exposeString('company'),
    shopName: t.exposeString('shopName'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    email: t.exposeString('email'),
    country: t.exposeString('country'),
    shopId: t.exposeString('shopId'),
    source: t.exposeString('source'),
    workflowStatus: t.exposeString('workflowStatus'),
  }),
});

const CockpitRegistrationPageRef = builder
  .objectRef<GridPage<CockpitRegistrationRow>>('CockpitRegistrationPage')
  .implement({
    fields: (t) => ({
      items: t.field({ type: [CockpitRegistrationRef], resolve: (p) => p.items }),
      total: t.exposeInt('total'),
      totalExact: t.exposeBoolean('totalExact'),
      page: t.exposeInt('page'),
      perPage: t.exposeInt('perPage'),
      nextCursor: t.string({ nullable: true, resolve: (p) => p.nextCursor ?? null }),
    }),
  });

builder.queryField('cockpitRegistrations', (t) =>
  t.field({
    type: CockpitRegistrationPageRef,
    description: 'Operators: new sign-ups that have not confirmed their e-mail yet.',
    args: { grid: t.arg({ type: GridInput }) },
    resolve: (_, args, ctx) => cockpitRegistrations(ctx, args.grid ?? {}),
  }),
);

builder.mutationField('cockpitResendRegistrationConfirmation', (t) =>
  t.boolean({
    description: "Operators who may change onboarding: mails the sign-up's confirmation link again.",
    args: { registrationId: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => cockpitResendRegistrationConfirmation(ctx, idArg(args.registrationId, 'registrationId')),
  }),
);
