import { PARTNER_LIFECYCLE_COMMANDS } from '@pp/domain';
import { builder, idArg } from '../../platform/graphql/builder';
import { ChecklistRef, WorkflowRef } from '../onboarding/workflow-graphql';
import { ContractRef } from '../partner/settings-graphql';
import { cockpitAssignPartner, cockpitPartnerLifecycle, cockpitSetPartnerNote } from './partner-commands';
import { type CockpitPartnerDetail, cockpitPartner, type RegistrationInfo } from './partner-detail';

const LifecycleCommandEnum = builder.enumType('PartnerLifecycleCommand', { values: PARTNER_LIFECYCLE_COMMANDS });

const RegistrationInfoRef = builder.objectRef<RegistrationInfo>('RegistrationInfo').implement({
  description: 'What the e-shop entered when it registered, unchanged since.',
  fields: (t) => ({
    id: t.exposeID('id'),
    created: t.field({ type: 'DateTime', resolve: (r) => r.created }),
    confirmedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.confirmedAt }),
    source: t.exposeString('source'),
    provider: t.exposeString('provider', { nullable: true }),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    email: t.exposeString('email'),
    phone: t.exposeString('phone'),
    language: t.exposeString('language'),
    shopName: t.exposeString('shopName'),
    web: t.exposeString('web'),
    company: t.exposeString('company'),
    companyId: t.exposeString('companyId'),
    vatId: t.exposeString('vatId'),
    street: t.exposeString('street'),
    city: t.exposeString('city'),
    zip: t.exposeString('zip'),
    country: t.exposeString('country'),
    annualTurnover: t.exposeString('annualTurnover'),
    salesCount: t.exposeString('salesCount'),
    offeredCount: t.exposeString('offeredCount'),
    divisions: t.exposeStringList('divisions'),
    otherDivisions: t.exposeString('otherDivisions'),
    countries: t.exposeStringList('countries'),
    productFeed: t.exposeString('productFeed'),
    availabilityFeed: t.exposeString('availabilityFeed'),
    hasCarrier: t.exposeBoolean('hasCarrier'),
  }),
});

const PartnerMasterRef = builder
  .objectRef<NonNullable<CockpitPartnerDetail['master']>>('PartnerMasterAccount')
  .implement({
    fields: (t) => ({
      email: t.exposeString('email'),
      firstName: t.exposeString('firstName'),
      lastName: t.exposeString('lastName'),
      isConfirmed: t.exposeBoolean('isConfirmed'),
      isActive: t.exposeBoolean('isActive'),
    }),
  });

const CockpitPartnerDetailRef = builder.objectRef<CockpitPartnerDetail>('CockpitPartnerDetail').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    partnerName: t.exposeString('partnerName'),
    mallName: t.exposeString('mallName', { nullable: true }),
    sapId: t.exposeString('sapId', { nullable: true }),
    shopId: t.exposeString('shopId'),
    clientId: t.exposeString('clientId', { nullable: true }),
    country: t.exposeString('country'),
    urlSlug: t.exposeString('urlSlug', { nullable: true }),
    created: t.field({ type: 'DateTime', resolve: (p) => p.created }),
    updated: t.field({ type: 'DateTime', resolve: (p) => p.updated }),
    provider: t.exposeString('provider', { nullable: true, description: 'The connection type.' }),
    pluginProvider: t.exposeString('pluginProvider', { nullable: true, description: 'The integration kind.' }),
    rating: t.exposeFloat('rating', { nullable: true }),
    kam: t.exposeString('kam', { nullable: true }),
    farmer: t.exposeString('farmer', { nullable: true }),
    accountant: t.exposeString('accountant', { nullable: true }),
    onboarding: t.exposeString('onboarding', { nullable: true }),
    note: t.exposeString('note', { nullable: true, description: "The operators' note; never shown to the partner." }),
    mdpStatus: t.exposeString('mdpStatus'),
    billingStatus: t.exposeString('billingStatus', { description: 'The self-billing state.' }),
    apiTier: t.exposeString('apiTier', { nullable: true }),
    master: t.field({ type: PartnerMasterRef, nullable: true, resolve: (p) => p.master }),
    contract: t.field({ type: ContractRef, resolve: (p) => p.contract }),
    registration: t.field({
      type: RegistrationInfoRef,
      nullable: true,
      description: 'Null for partners that did not come through the registration.',
      resolve: (p) => p.registration,
    }),
    workflow: t.field({ type: WorkflowRef, resolve: (p) => p.workflow }),
    checklist: t.field({ type: ChecklistRef, resolve: (p) => p.checklist }),
    checklistDone: t.exposeInt('checklistDone'),
    checklistTotal: t.exposeInt('checklistTotal'),
    lifecycleCommands: t.field({ type: [LifecycleCommandEnum], resolve: (p) => p.lifecycleCommands }),
  }),
});

builder.queryField('cockpitPartner', (t) =>
  t.field({
    type: CockpitPartnerDetailRef,
    description: 'Operators: everything about one partner (its cockpit detail).',
    args: { partnerId: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => cockpitPartner(ctx, idArg(args.partnerId, 'partnerId')),
  }),
);

builder.mutationField('cockpitPartnerLifecycle', (t) =>
  t.field({
    type: CockpitPartnerDetailRef,
    description: 'Operators who may change partners: deactivates, hides on the web or reactivates a partner.',
    args: {
      partnerId: t.arg.id({ required: true }),
      command: t.arg({ type: LifecycleCommandEnum, required: true }),
      note: t.arg.string(),
    },
    resolve: (_, args, ctx) =>
      cockpitPartnerLifecycle(ctx, idArg(args.partnerId, 'partnerId'), { command: args.command, note: args.note }),
  }),
);

builder.mutationField('cockpitAssignPartner', (t) =>
  t.field({
    type: CockpitPartnerDetailRef,
    description: "Operators who may change partners: the partner's KAM, farmer, accountant and onboarding person.",
    args: {
      partnerId: t.arg.id({ required: true }),
      kam: t.arg.string(),
      farmer: t.arg.string(),
      accountant: t.arg.string(),
      onboarding: t.arg.string(),
    },
    resolve: (_, { partnerId, ...people }, ctx) => cockpitAssignPartner(ctx, idArg(partnerId, 'partnerId'), people),
  }),
);

builder.mutationField('cockpitSetPartnerNote', (t) =>
  t.field({
    type: CockpitPartnerDetailRef,
    description: "Operators who may change partners: the operators' note on the partner.",
    args: { partnerId: t.arg.id({ required: true }), note: t.arg.string() },
    resolve: (_, args, ctx) => cockpitSetPartnerNote(ctx, idArg(args.partnerId, 'partnerId'), { note: args.note }),
  }),
);
