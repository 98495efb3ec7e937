import type { GridPage } from '@pp/domain';
import { builder, GridInput, idArg } from '../../platform/graphql/builder';
import { type ApiKeyView, createApiKey, listApiKeys, revokeApiKey } from './keys';
import {
  type ApiLimitView,
  type ApiTierView,
  apiLimit,
  type CockpitApiLimitRow,
  cockpitApiLimits,
  type DomainUsage,
  listApiTiers,
  setPartnerApiTier,
  type UsageCell,
} from './limits';
import {
  createSandboxAccount,
  deleteSandboxAccount,
  listSandboxAccounts,
  resetSandboxSecret,
  type SandboxAccountView,
} from './sandbox';
import { resetSandbox } from './sandbox-partner';

export const ApiKeyRef = builder.objectRef<ApiKeyView>('ApiKey').implement({
  description: 'API credentials of the selected partner. The secret is never shown again after creation.',
  fields: (t) => ({
    id: t.exposeID('id'),
    clientId: t.exposeString('clientId'),
    type: t.exposeString('type', { description: 'legacy or master.' }),
    validFrom: t.expose('validFrom', { type: 'DateTime' }),
    validTo: t.expose('validTo', { type: 'DateTime', nullable: true, description: 'Null: unlimited.' }),
    created: t.expose('created', { type: 'DateTime' }),
    createdByName: t.exposeString('createdByName', { nullable: true }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true }),
    state: t.exposeString('state', { description: 'valid, notYetValid, expired or revoked.' }),
  }),
});

const CreatedApiKeyRef = builder.objectRef<{ key: ApiKeyView; secret: string }>('CreatedApiKey').implement({
  fields: (t) => ({
    key: t.field({ type: ApiKeyRef, resolve: (r) => r.key }),
    secret: t.exposeString('secret', { description: 'Shown this once; only its hash is kept.' }),
  }),
});

const ApiKeyInput = builder.inputType('ApiKeyInput', {
  fields: (t) => ({
    type: t.string({ required: true }),
    validFrom: t.string({ description: 'ISO date-time; empty: now.' }),
    validTo: t.string({ description: 'ISO date-time; empty: unlimited.' }),
  }),
});

const SandboxAccountRef = builder.objectRef<SandboxAccountView>('SandboxAccount').implement({
  description: "A test account in the marketplace's sandbox environment.",
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    clientId: t.exposeString('clientId'),
    created: t.expose('created', { type: 'DateTime' }),
    createdByName: t.exposeString('createdByName', { nullable: true }),
  }),
});

const CreatedSandboxAccountRef = builder
  .objectRef<{ account: SandboxAccountView; secret: string }>('SandboxAccountSecret')
  .implement({
    fields: (t) => ({
      account: t.field({ type: SandboxAccountRef, resolve: (r) => r.account }),
      secret: t.exposeString('secret', { description: 'Shown this once; only its hash is kept.' }),
    }),
  });

const ApiDomainLimitRef = builder.objectRef<ApiTierView['limits'][number]>('ApiDomainLimit').implement({
  fields: (t) => ({
    domain: t.exposeString('domain'),
    maxRequests: t.exposeInt('maxRequests'),
  }),
});

const ApiTierRef = builder.objectRef<ApiTierView>('ApiTier').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    limits: t.field({ type: [ApiDomainLimitRef], resolve: (r) => r.limits }),
  }),
});

const ApiDomainUsageRef = builder.objectRef<DomainUsage>('ApiDomainUsage').implement({
  fields: (t) => ({
    domain: t.exposeString('domain'),
    usedRequests: t.exposeInt('usedRequests'),
    maxRequests: t.exposeInt('maxRequests'),
    usedPercentage: t.exposeFloat('usedPercentage'),
    lastUpdatedDate: t.expose('lastUpdatedDate', { type: 'DateTime', nullable: true }),
  }),
});

const ApiUsageDayRef = builder.objectRef<ApiLimitView['today']>('ApiUsageDay').implement({
  fields: (t) => ({
    day: t.exposeString('day', { description: 'The limit day (YYYY-MM-DD, Europe/Prague).' }),
    domains: t.field({ type: [ApiDomainUsageRef], resolve: (r) => r.domains }),
  }),
});

const ApiTierChangeRef = builder.objectRef<ApiLimitView['history'][number]>('ApiTierChange').implement({
  fields: (t) => ({
    tierId: t.exposeID('tierId'),
    tierName: t.exposeString('tierName'),
    date: t.expose('date', { type: 'DateTime' }),
  }),
});

const ApiLimitRef = builder.objectRef<ApiLimitView>('ApiLimit').implement({
  description: "The selected partner's API tier, its history and the day's usage per domain.",
  fields: (t) => ({
    tier: t.field({ type: ApiTierRef, resolve: (r) => r.tier }),
    history: t.field({ type: [ApiTierChangeRef], resolve: (r) => r.history }),
    today: t.field({ type: ApiUsageDayRef, resolve: (r) => r.today }),
    yesterday: t.field({ type: ApiUsageDayRef, resolve: (r) => r.yesterday }),
    renewsAt: t.expose('renewsAt', { type: 'DateTime' }),
    timeZone: t.exposeString('timeZone'),
  }),
});

const UsageCellRef = builder.objectRef<UsageCell>('ApiUsageCell').implement({
  fields: (t) => ({
    used: t.exposeInt('used'),
    max: t.exposeInt('max'),
    percentage: t.exposeFloat('percentage'),
  }),
});

export const CockpitApiLimitRef = builder.objectRef<CockpitApiLimitRow>('CockpitApiLimit').implement({
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The partner id.' }),
    sapId: t.exposeString('sapId', { nullable: true }),
    shopId: t.exposeString('shopId'),
    partnerName: t.exposeString('partnerName'),
    tierId: t.exposeID('tierId'),
    tierName: t.exposeString('tierName'),
    workflowStatus: t.exposeString('workflowStatus'),
    kam: t.exposeString('kam', { nullable: true }),
    farmer: t.exposeString('farmer', { nullable: true }),
    onboarding: t.exposeString('onboarding', { nullable: true }),
    provider: t.exposeString('provider', { nullable: true }),
    pluginProvider: t.exposeString('pluginProvider', { nullable: true }),
    products: t.field({ type: UsageCellRef, resolve: (r) => r.products }),
    availability: t.field({ type: UsageCellRef, resolve: (r) => r.availability }),
    orders: t.field({ type: UsageCellRef, resolve: (r) => r.orders }),
    other: t.field({ type: UsageCellRef, resolve: (r) => r.other }),
  }),
});

const CockpitApiLimitPageRef = builder.objectRef<GridPage<CockpitApiLimitRow>>('CockpitApiLimitPage').implement({
  fields: (t) => ({
    items: t.field({ type: [CockpitApiLimitRef], resolve: (p) => p.items }),
    total: t.exposeInt('total'),
    totalExact: t.exposeBoolean('totalExact'),
    page: t.exposeInt('page'),
    perPage: t.exposeInt('perPage'),
    nextCursor: t.string({ nullable: true, resolve: (p) => p.nextCursor ?? null }),
  }),
});

builder.queryFields((t) => ({
  apiKeys: t.field({
    type: [ApiKeyRef],
    description: "The selected partner's API keys, newest first.",
    resolve: (_, __, ctx) => listApiKeys(ctx),
  }),
  sandboxAccounts: t.field({
    type: [SandboxAccountRef],
    resolve: (_, __, ctx) => listSandboxAccounts(ctx),
  }),
  apiLimit: t.field({
    type: ApiLimitRef,
    resolve: (_, __, ctx) => apiLimit(ctx),
  }),
  apiTiers: t.field({
    type: [ApiTierRef],
    description: 'Administrators only: the limit plans.',
    resolve: (_, __, ctx) => listApiTiers(ctx),
  }),
  cockpitApiLimits: t.field({
    type: CockpitApiLimitPageRef,
    description: "Administrators only: every partner's tier and today's API use.",
    args: { grid: t.arg({ type: GridInput }) },
    resolve: (_, args, ctx) => cockpitApiLimits(ctx, args.grid ?? {}),
  }),
}));

builder.mutationFields((t) => ({
  createApiKey: t.field({
    type: CreatedApiKeyRef,
    args: { input: t.arg({ type: ApiKeyInput, required: true }) },
    resolve: (_, { input }, ctx) =>
      createApiKey(ctx, {
        type: input.type,
        ...(input.validFrom ? { validFrom: input.validFrom } : {}),
        ...(input.validTo ? { validTo: input.validTo } : {}),
      }),
  }),
  revokeApiKey: t.field({
    type: ApiKeyRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => revokeApiKey(ctx, idArg(args.id)),
  }),
  createSandboxAccount: t.field({
    type: CreatedSandboxAccountRef,
    args: { email: t.arg.string({ required: true }) },
    resolve: (_, args, ctx) => createSandboxAccount(ctx, { email: args.email }),
  }),
  deleteSandboxAccount: t.field({
    type: 'Boolean',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => deleteSandboxAccount(ctx, idArg(args.id)),
  }),
  resetSandboxSecret: t.field({
    type: CreatedSandboxAccountRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => resetSandboxSecret(ctx, idArg(args.id)),
  }),
  resetSandbox: t.field({
    type: 'Boolean',
    description:
      "The selected partner's REST API sandbox as it started: its test products, orders and delivery methods " +
      'are generated again; sandbox accounts, limits and the day’s count stay.',
    resolve: (_, __, ctx) => resetSandbox(ctx),
  }),
  setPartnerApiTier: t.field({
    type: ApiTierRef,
    description: 'Administrators only: gives a partner another limit plan from now on.',
    args: { partnerId: t.arg.id({ required: true }), tierId: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => setPartnerApiTier(ctx, idArg(args.partnerId), idArg(args.tierId)),
  }),
}));
