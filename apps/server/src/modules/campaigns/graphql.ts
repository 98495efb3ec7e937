import type { ObjectRef } from '@pothos/core';
import type { GridPage } from '@pp/domain';
import { builder, GridInput, idArg } from '../../platform/graphql/builder';
import {
  cockpitCreateCampaign,
  cockpitSetCampaignBlacklist,
  cockpitSetCampaignLocked,
  cockpitSetCampaignStatus,
  cockpitUpdateCampaign,
} from './commands';
import {
  type CampaignCategoryOption,
  type CampaignCategoryRef,
  type CampaignView,
  type CockpitCampaignView,
  campaignDetail,
  campaignsGrid,
  cockpitCampaignCategories,
  cockpitCampaignDetail,
  cockpitCampaignsGrid,
} from './service';

const CampaignCategoryRefType = builder.objectRef<CampaignCategoryRef>('CampaignCategory').implement({
  description: "A category or division a campaign is limited to, named in the caller's language.",
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
  }),
});

/** The fields partners and operators share. */
type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer S> ? S : never;

function campaignFields<T extends CampaignView>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, T>) {
  return {
    id: t.id({ resolve: (c) => c.id }),
    name: t.string({ resolve: (c) => c.name }),
    description: t.string({ resolve: (c) => c.description }),
    labels: t.stringList({
      description: 'Product label codes the campaign puts on its products.',
      resolve: (c) => c.labels,
    }),
    locked: t.boolean({ description: 'Locked by an operator: no new import.', resolve: (c) => c.locked }),
    status: t.string({ description: 'DRAFT (operators only), PUBLISHED or CANCELLED.', resolve: (c) => c.status }),
    phase: t.string({ description: "UPCOMING, RUNNING or ENDED on today's day of the shop.", resolve: (c) => c.phase }),
    joinable: t.boolean({
      description: 'Published, not locked and not started: a file may be imported.',
      resolve: (c) => c.joinable,
    }),
    minDiscount: t.float({ description: 'Percent below the product price at least.', resolve: (c) => c.minDiscount }),
    minDiscountRrp: t.float({ description: 'Percent below the RRP at least.', resolve: (c) => c.minDiscountRrp }),
    maxReduction: t.float({
      nullable: true,
      description: "A reduction above this percent needs the partner's confirmation; null: never asked.",
      resolve: (c) => c.maxReduction,
    }),
    articleCountMin: t.int({ resolve: (c) => c.articleCountMin }),
    articleCountMax: t.int({ resolve: (c) => c.articleCountMax }),
    categories: t.field({
      type: [CampaignCategoryRefType],
      description: 'Categories (any level) the products must be in; empty: every category.',
      resolve: (c) => c.categories,
    }),
    divisions: t.field({
      type: [CampaignCategoryRefType],
      description: 'Divisions (level-1 categories) the products must be in; empty: every division.',
      resolve: (c) => c.divisions,
    }),
    shops: t.stringList({ resolve: (c) => c.shops }),
    dateFrom: t.string({ description: 'First day (inclusive), YYYY-MM-DD.', resolve: (c) => c.dateFrom }),
    dateTo: t.string({ description: 'Last day (inclusive), YYYY-MM-DD.', resolve: (c) => c.dateTo }),
  };
}

const CampaignRef = builder.objectRef<CampaignView>('Campaign').implement({
  fields: (t) => ({
    ...campaignFields(t),
    productsCount: t.exposeInt('productsCount', { description: "The partner's products in the campaign." }),
    joined: t.boolean({
      description: 'The partner has products in the campaign.',
      resolve: (c) => c.productsCount > 0,
    }),
  }),
});

const CampaignPartnerRef = builder.objectRef<CockpitCampaignView['blacklist'][number]>('CampaignPartner').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    shopId: t.exposeString('shopId'),
  }),
});

const CockpitCampaignRef = builder.objectRef<CockpitCampaignView>('CockpitCampaign').implement({
  fields: (t) => ({
    ...campaignFields(t),
    productsCount: t.exposeInt('productsCount', { description: "Every partner's products in the campaign." }),
    partnersCount: t.exposeInt('partnersCount', { description: 'Partners with products in the campaign.' }),
    blacklist: t.field({
      type: [CampaignPartnerRef],
      description: 'Partners refused the campaign.',
      resolve: (c) => c.blacklist,
    }),
    created: t.field({ type: 'DateTime', resolve: (c) => c.created }),
    updated: t.field({ type: 'DateTime', resolve: (c) => c.updated }),
  }),
});

function pageRef<T extends object>(name: string, item: ObjectRef<Types, T>) {
  return builder.objectRef<GridPage<T>>(name).implement({
    fields: (t) => ({
      items: t.field({ type: [item], resolve: (p) => p.items }),
      total: t.exposeInt('total'),
      totalExact: t.exposeBoolean('totalExact'),
      page: t.exposeInt('page'),
      perPage: t.exposeInt('perPage'),
      nextCursor: t.string({ nullable: true, resolve: (p) => p.nextCursor ?? null }),
    }),
  });
}

const CampaignCategoryOptionRef = builder.objectRef<CampaignCategoryOption>('CampaignCategoryOption').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    shopId: t.exposeString('shopId'),
    level: t.exposeInt('level', { description: '1 = division.' }),
    path: t.exposeStringList('path', { description: 'Names from the division down to the category.' }),
  }),
});

const CampaignPageRef = pageRef<CampaignView>('CampaignPage', CampaignRef);
const CockpitCampaignPageRef = pageRef<CockpitCampaignView>('CockpitCampaignPage', CockpitCampaignRef);

const CampaignInputType = builder.inputType('CampaignInput', {
  description:
    'An operator\'s campaign, whole (the domain\'s campaignInputSchema; "from"/"to" are days, both inclusive).',
  fields: (t) => ({
    name: t.string({ required: true }),
    description: t.string(),
    labels: t.stringList(),
    minDiscount: t.float(),
    minDiscountRrp: t.float(),
    maxReduction: t.float(),
    articleCountMin: t.int({ required: true }),
    articleCountMax: t.int({ required: true }),
    categories: t.intList(),
    divisions: t.intList(),
    shops: t.stringList({ required: true }),
    from: t.string({ required: true }),
    to: t.string({ required: true }),
  }),
});

/** GraphQL's absent optionals arrive as null; the schema's defaults apply to absent values only. */
function inputOf(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([k, v]) => v !== null || k === 'maxReduction'));
}

builder.queryFields((t) => ({
  campaigns: t.field({
    type: CampaignPageRef,
    description:
      "The partner's campaigns: published ones of its shop and cancelled ones it had joined, start newest first.",
    args: { grid: t.arg({ type: GridInput }) },
    resolve: (_, args, ctx) => campaignsGrid(ctx, args.grid ?? {}),
  }),
  campaign: t.field({
    type: CampaignRef,
    description: 'One campaign of the partner (CAMPAIGN_NOT_FOUND; CAMPAIGN_PARTNER_BLACKLISTED when refused).',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => campaignDetail(ctx, idArg(args.id)),
  }),
  cockpitCampaigns: t.field({
    type: CockpitCampaignPageRef,
    description: 'Operators: every campaign, drafts included.',
    args: { grid: t.arg({ type: GridInput }) },
    resolve: (_, args, ctx) => cockpitCampaignsGrid(ctx, args.grid ?? {}),
  }),
  cockpitCampaignCategories: t.field({
    type: [CampaignCategoryOptionRef],
    description:
      "Operators: the campaign form's category choices in these shops — every division (level 1), or categories " +
      'of any level found by a part of the name (at most 50).',
    args: { shops: t.arg.stringList({ required: true }), level: t.arg.int(), search: t.arg.string() },
    resolve: (_, args, ctx) => cockpitCampaignCategories(ctx, args),
  }),
  cockpitCampaign: t.field({
    type: CockpitCampaignRef,
    description: 'Operators: one campaign with its blacklist.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => cockpitCampaignDetail(ctx, idArg(args.id)),
  }),
}));

builder.mutationFields((t) => ({
  cockpitCreateCampaign: t.field({
    type: CockpitCampaignRef,
    description: 'Operators: a new campaign (DRAFT).',
    args: { input: t.arg({ type: CampaignInputType, required: true }) },
    resolve: (_, args, ctx) => cockpitCreateCampaign(ctx, inputOf(args.input)),
  }),
  cockpitUpdateCampaign: t.field({
    type: CockpitCampaignRef,
    description:
      'Operators: the whole campaign again. Once started, imported into or cancelled only the name, description ' +
      'and labels change (CAMPAIGN_TERMS_FROZEN).',
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: CampaignInputType, required: true }) },
    resolve: (_, args, ctx) => cockpitUpdateCampaign(ctx, idArg(args.id), inputOf(args.input)),
  }),
  cockpitSetCampaignLocked: t.field({
    type: CockpitCampaignRef,
    description: 'Operators: lock (no new import) or unlock.',
    args: { id: t.arg.id({ required: true }), locked: t.arg.boolean({ required: true }) },
    resolve: (_, args, ctx) => cockpitSetCampaignLocked(ctx, idArg(args.id), args.locked),
  }),
  cockpitSetCampaignStatus: t.field({
    type: CockpitCampaignRef,
    description: 'Operators: DRAFT → PUBLISHED or CANCELLED, PUBLISHED → CANCELLED (CAMPAIGN_STATUS_CHANGE otherwise).',
    args: { id: t.arg.id({ required: true }), status: t.arg.string({ required: true }) },
    resolve: (_, args, ctx) => cockpitSetCampaignStatus(ctx, idArg(args.id), args.status),
  }),
  cockpitSetCampaignBlacklist: t.field({
    type: CockpitCampaignRef,
    description: "Operators: refuse a partner of the campaign's shops the campaign, or allow it again.",
    args: {
      id: t.arg.id({ required: true }),
      partnerId: t.arg.id({ required: true }),
      blacklisted: t.arg.boolean({ required: true }),
    },
    resolve: (_, args, ctx) =>
      cockpitSetCampaignBlacklist(ctx, idArg(args.id), idArg(args.partnerId, 'partnerId'), args.blacklisted),
  }),
}));
