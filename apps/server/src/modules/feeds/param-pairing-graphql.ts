import type { GridPage } from '@pp/domain';
import { builder, GridInput } from '../../platform/graphql/builder';
import type { BrandRequestResult } from '../catalog/brand-requests';
import { BrandRequestInput, BrandRequestResultRef, withoutNulls } from '../catalog/graphql';
import {
  autoPairHeurekaBrands,
  type HeurekaBrandRow,
  heurekaBrand,
  heurekaBrandRecommendations,
  heurekaBrandSummary,
  heurekaBrandsGrid,
  pairHeurekaBrand,
  requestHeurekaBrand,
  unpairHeurekaBrand,
} from './brand-pairing';
import {
  autoPairHeurekaParams,
  type HeurekaParamCategoryRow,
  type HeurekaParamRow,
  heurekaCategoryParameters,
  heurekaFeedParams,
  heurekaParamCategoriesGrid,
  heurekaParamRecommendations,
  type MarketplaceParameter,
  pairHeurekaParam,
  unpairHeurekaParam,
} from './param-pairing-service';
import { decideHeurekaParamValue, type HeurekaParamValueRow, heurekaParamValuesList } from './param-values';

/** GraphQL of params-values pairing and brand pairing of the Heureka feed (permission heurekaFeed). */

const intId = (id: string | number) => String(id);

const ParameterOptionRef = builder
  .objectRef<{ value: string; text: string }>('HeurekaMarketplaceParameterOption')
  .implement({
    fields: (t) => ({ value: t.exposeString('value'), text: t.exposeString('text') }),
  });

const MarketplaceParameterRef = builder.objectRef<MarketplaceParameter>('HeurekaMarketplaceParameter').implement({
  description: 'A parameter of the marketplace category a feed category is paired with.',
  fields: (t) => ({
    code: t.exposeString('code'),
    name: t.exposeString('name', { description: "In the caller's language." }),
    class: t.exposeString('class', { description: 'TEXT, NUMBER, ENUM or BOOLEAN.' }),
    unit: t.exposeString('unit', { nullable: true }),
    multiple: t.exposeBoolean('multiple'),
    mandatoryForListing: t.exposeBoolean('mandatoryForListing'),
    variant: t.exposeBoolean('variant', { description: 'Variants may be built from it.' }),
    options: t.field({ type: [ParameterOptionRef], resolve: (p) => p.options }),
  }),
});

const ParamCategoryRef = builder.objectRef<HeurekaParamCategoryRow>('HeurekaParamCategory').implement({
  description: 'A paired feed category with the pairing figures of its PARAM names.',
  fields: (t) => ({
    id: t.exposeID('id'),
    categoryText: t.exposeString('categoryText'),
    itemCount: t.exposeInt('itemCount'),
    categoryId: t.exposeInt('categoryId', { nullable: true }),
    categoryPath: t.exposeStringList('categoryPath', { nullable: true }),
    params: t.exposeInt('params', { description: 'PARAM names its items carry.' }),
    paramsPaired: t.exposeInt('paramsPaired'),
    paramsUnpaired: t.int({ resolve: (r) => r.params - r.paramsPaired }),
    variantParams: t.exposeInt('variantParams', { description: 'Names its variant groups differ by.' }),
  }),
});

const ParamCategoryPageRef = builder
  .objectRef<GridPage<HeurekaParamCategoryRow>>('HeurekaParamCategoryPage')
  .implement({
    fields: (t) => ({
      items: t.field({ type: [ParamCategoryRef], resolve: (p) => p.items }),
      total: t.exposeInt('total'),
      totalExact: t.exposeBoolean('totalExact'),
      page: t.exposeInt('page'),
      perPage: t.exposeInt('perPage'),
      nextCursor: t.string({ nullable: true, resolve: (p) => p.nextCursor ?? null }),
    }),
  });

const ParamRef = builder.objectRef<HeurekaParamRow>('HeurekaParam').implement({
  description: 'A PARAM_NAME of a feed category and the marketplace parameter it is paired with.',
  fields: (t) => ({
    id: t.exposeID('id'),
    heurekaCategoryId: t.exposeInt('heurekaCategoryId'),
    name: t.exposeString('name'),
    itemCount: t.exposeInt('itemCount'),
    valueCount: t.exposeInt('valueCount', { description: 'Distinct values noted (at most 500).' }),
    variantGroups: t.exposeInt('variantGroups', {
      description: 'Variant groups of the latest run whose items differ by it: a variant parameter when paired.',
    }),
    parameterCode: t.exposeString('parameterCode', { nullable: true }),
    parameter: t.field({ type: MarketplaceParameterRef, nullable: true, resolve: (r) => r.parameter }),
    pairedBy: t.exposeString('pairedBy', {
      nullable: true,
      description: 'AUTO or PERSON; PERSON without a parameter: unpaired by a person.',
    }),
    pairedScore: t.exposeFloat('pairedScore', { nullable: true }),
    updated: t.expose('updated', { type: 'DateTime' }),
  }),
});

const ParamRecommendationRef = builder
  .objectRef<{ parameter: MarketplaceParameter; score: number }>('HeurekaParamRecommendation')
  .implement({
    fields: (t) => ({
      parameter: t.field({ type: MarketplaceParameterRef, resolve: (r) => r.parameter }),
      score: t.exposeFloat('score', { description: 'Name similarity, 0 to 1.' }),
    }),
  });

const ParamValueRef = builder.objectRef<HeurekaParamValueRow>('HeurekaParamValue').implement({
  description: 'A VAL of a feed PARAM and the marketplace value products get for it.',
  fields: (t) => ({
    id: t.exposeID('id'),
    paramId: t.exposeInt('paramId'),
    value: t.exposeString('value'),
    itemCount: t.exposeInt('itemCount'),
    mappedValue: t.exposeString('mappedValue', { nullable: true, description: 'Null: the PARAM is left out.' }),
    mappedText: t.exposeString('mappedText', { nullable: true }),
    automaticValue: t.exposeString('automaticValue', { nullable: true }),
    pairedBy: t.exposeString('pairedBy', { nullable: true, description: 'PERSON, or null when automatic.' }),
  }),
});

const BrandRef = builder.objectRef<HeurekaBrandRow>('HeurekaBrand').implement({
  description: "A MANUFACTURER of the partner's Heureka feed and its marketplace brand.",
  fields: (t) => ({
    id: t.exposeID('id'),
    manufacturer: t.exposeString('manufacturer'),
    itemCount: t.exposeInt('itemCount'),
    brandId: t.exposeString('brandId', { nullable: true }),
    brandName: t.exposeString('brandName', { nullable: true, description: 'Null until the brand is accepted.' }),
    pairedBy: t.exposeString('pairedBy', { nullable: true }),
    requested: t.exposeBoolean('requested'),
    requestStatus: t.exposeString('requestStatus', { nullable: true }),
    seenAt: t.expose('seenAt', { type: 'DateTime' }),
    updated: t.expose('updated', { type: 'DateTime' }),
  }),
});

const BrandPageRef = builder.objectRef<GridPage<HeurekaBrandRow>>('HeurekaBrandPage').implement({
  fields: (t) => ({
    items: t.field({ type: [BrandRef], resolve: (p) => p.items }),
    total: t.exposeInt('total'),
    totalExact: t.exposeBoolean('totalExact'),
    page: t.exposeInt('page'),
    perPage: t.exposeInt('perPage'),
    nextCursor: t.string({ nullable: true, resolve: (p) => p.nextCursor ?? null }),
  }),
});

const BrandRecommendationRef = builder
  .objectRef<{ id: string; name: string; score: number }>('HeurekaBrandRecommendation')
  .implement({
    fields: (t) => ({ id: t.exposeString('id'), name: t.exposeString('name'), score: t.exposeFloat('score') }),
  });

const BrandSummaryRef = builder
  .objectRef<Awaited<ReturnType<typeof heurekaBrandSummary>>>('HeurekaBrandSummary')
  .implement({
    fields: (t) => ({
      total: t.exposeInt('total'),
      paired: t.exposeInt('paired'),
      requested: t.exposeInt('requested'),
      unpaired: t.exposeInt('unpaired'),
      unpairedItems: t.exposeInt('unpairedItems'),
    }),
  });

const BrandRequestOutcomeRef = builder
  .objectRef<BrandRequestResult & { row: HeurekaBrandRow }>('HeurekaBrandRequestResult')
  .implement({
    fields: (t) => ({
      result: t.field({ type: BrandRequestResultRef, resolve: (r) => r }),
      brand: t.field({ type: BrandRef, resolve: (r) => r.row }),
    }),
  });

builder.queryFields((t) => ({
  heurekaParamCategories: t.field({
    type: ParamCategoryPageRef,
    description: 'The feed categories paired with a marketplace category, with their PARAM pairing figures.',
    args: { grid: t.arg({ type: GridInput }) },
    resolve: (_, args, ctx) => heurekaParamCategoriesGrid(ctx, args.grid ?? {}),
  }),
  heurekaParams: t.field({
    type: [ParamRef],
    description: 'The PARAM names of a feed category, most used first (at most 200).',
    args: { heurekaCategoryId: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => heurekaFeedParams(ctx, intId(args.heurekaCategoryId)),
  }),
  heurekaCategoryParameters: t.field({
    type: [MarketplaceParameterRef],
    description: "The parameters of the feed category's marketplace category.",
    args: { heurekaCategoryId: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => heurekaCategoryParameters(ctx, intId(args.heurekaCategoryId)),
  }),
  heurekaParamRecommendations: t.field({
    type: [ParamRecommendationRef],
    description: "The category's parameters for a PARAM name, the most similar first.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => heurekaParamRecommendations(ctx, intId(args.id)),
  }),
  heurekaParamValues: t.field({
    type: [ParamValueRef],
    description: 'The distinct values of a PARAM name (at most 500), most used first.',
    args: { paramId: t.arg.id({ required: true }), search: t.arg.string() },
    resolve: (_, args, ctx) => heurekaParamValuesList(ctx, intId(args.paramId), args.search ?? null),
  }),
  heurekaBrands: t.field({
    type: BrandPageRef,
    description: "The feed's manufacturers; paired true/false filters (paired: with an accepted brand).",
    args: { grid: t.arg({ type: GridInput }), paired: t.arg.boolean() },
    resolve: (_, args, ctx) => heurekaBrandsGrid(ctx, args.grid ?? {}, args.paired ?? null),
  }),
  heurekaBrand: t.field({
    type: BrandRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => heurekaBrand(ctx, intId(args.id)),
  }),
  heurekaBrandSummary: t.field({ type: BrandSummaryRef, resolve: (_, __, ctx) => heurekaBrandSummary(ctx) }),
  heurekaBrandRecommendations: t.field({
    type: [BrandRecommendationRef],
    description: 'Accepted brands most like the manufacturer (or matching the search), best first (at most 20).',
    args: { id: t.arg.id({ required: true }), search: t.arg.string() },
    resolve: (_, args, ctx) => heurekaBrandRecommendations(ctx, intId(args.id), args.search ?? null),
  }),
}));

builder.mutationFields((t) => ({
  heurekaParamPair: t.field({
    type: ParamRef,
    args: { id: t.arg.id({ required: true }), parameterCode: t.arg.string({ required: true }) },
    resolve: (_, args, ctx) => pairHeurekaParam(ctx, intId(args.id), args.parameterCode),
  }),
  heurekaParamUnpair: t.field({
    type: ParamRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => unpairHeurekaParam(ctx, intId(args.id)),
  }),
  heurekaParamsAutoPair: t.field({
    type: 'Int',
    description: "Pairs the feed category's undecided PARAM names whose parameter is clear; answers how many.",
    args: { heurekaCategoryId: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => autoPairHeurekaParams(ctx, intId(args.heurekaCategoryId)),
  }),
  heurekaParamValuePair: t.field({
    type: ParamValueRef,
    description: 'The marketplace value products get for this VAL (an option value for ENUM parameters).',
    args: { id: t.arg.id({ required: true }), value: t.arg.string({ required: true }) },
    resolve: (_, args, ctx) => decideHeurekaParamValue(ctx, intId(args.id), { value: args.value }),
  }),
  heurekaParamValueUnpair: t.field({
    type: ParamValueRef,
    description: 'Products leave this VAL out.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => decideHeurekaParamValue(ctx, intId(args.id), { value: null }),
  }),
  heurekaParamValueAutomatic: t.field({
    type: ParamValueRef,
    description: "Forgets a person's choice: the VAL is converted automatically again.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => decideHeurekaParamValue(ctx, intId(args.id), 'automatic'),
  }),
  heurekaBrandPair: t.field({
    type: BrandRef,
    args: { id: t.arg.id({ required: true }), brandId: t.arg.string({ required: true }) },
    resolve: (_, args, ctx) => pairHeurekaBrand(ctx, intId(args.id), args.brandId),
  }),
  heurekaBrandUnpair: t.field({
    type: BrandRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => unpairHeurekaBrand(ctx, intId(args.id)),
  }),
  heurekaBrandRequest: t.field({
    type: BrandRequestOutcomeRef,
    description:
      'Requests the brand for a manufacturer (as brandRequestCreate) and links them: its items wait for the acceptance.',
    args: {
      id: t.arg.id({ required: true }),
      data: t.arg({ type: BrandRequestInput, required: true }),
      force: t.arg.boolean(),
    },
    resolve: (_, args, ctx) => requestHeurekaBrand(ctx, intId(args.id), withoutNulls(args.data), args.force === true),
  }),
  heurekaBrandsAutoPair: t.field({
    type: 'Int',
    description: 'Pairs every undecided manufacturer whose brand id is an accepted brand; answers how many.',
    resolve: (_, __, ctx) => autoPairHeurekaBrands(ctx),
  }),
}));
