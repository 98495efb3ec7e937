import type { GridPage } from '@pp/domain';
import { builder, GridInput } from '../../platform/graphql/builder';
import {
  autoPairHeurekaCategories,
  type HeurekaCategoryRow,
  type HeurekaRecommendation,
  heurekaCategory,
  heurekaCategoryRecommendations,
  pairHeurekaCategory,
  unpairHeurekaCategory,
} from './pairing';
import { type HeurekaCategorySummary, heurekaCategoriesGrid, heurekaCategorySummary } from './pairing-grid';

const HeurekaCategoryRef = builder.objectRef<HeurekaCategoryRow>('HeurekaCategory').implement({
  description: "A category path of the partner's Heureka feed (CATEGORYTEXT) and its marketplace category.",
  fields: (t) => ({
    id: t.exposeID('id'),
    categoryText: t.exposeString('categoryText'),
    itemCount: t.exposeInt('itemCount', { description: 'Items of the latest run in this category.' }),
    categoryId: t.exposeInt('categoryId', { nullable: true, description: 'The paired marketplace category.' }),
    categoryPath: t.exposeStringList('categoryPath', {
      nullable: true,
      description: "The paired category's names from the root, in the caller's language.",
    }),
    pairedBy: t.exposeString('pairedBy', {
      nullable: true,
      description: 'AUTO (the automatic pairing) or PERSON; PERSON without a category: unpaired by a person.',
    }),
    pairedScore: t.exposeFloat('pairedScore', {
      nullable: true,
      description: 'The similarity the automatic pairing chose the category with (0–1).',
    }),
    seenAt: t.expose('seenAt', { type: 'DateTime' }),
    updated: t.expose('updated', { type: 'DateTime' }),
  }),
});

const HeurekaCategoryPageRef = builder.objectRef<GridPage<HeurekaCategoryRow>>('HeurekaCategoryPage').implement({
  fields: (t) => ({
    items: t.field({ type: [HeurekaCategoryRef], resolve: (p) => p.items }),
    total: t.exposeInt('total'),
    totalExact: t.exposeBoolean('totalExact'),
    page: t.exposeInt('page'),
    perPage: t.exposeInt('perPage'),
    nextCursor: t.string({ nullable: true, resolve: (p) => p.nextCursor ?? null }),
  }),
});

const HeurekaRecommendationRef = builder.objectRef<HeurekaRecommendation>('HeurekaCategoryRecommendation').implement({
  description: 'A marketplace category recommended for a feed category, with its similarity score.',
  fields: (t) => ({
    categoryId: t.exposeInt('categoryId'),
    score: t.exposeFloat('score', { description: '0 (nothing in common) to 1 (the same path).' }),
    name: t.exposeString('name'),
    path: t.exposeStringList('path'),
    locked: t.exposeBoolean('locked', { description: 'Closed to the partner: listing needs the specialists.' }),
  }),
});

const HeurekaCategorySummaryRef = builder.objectRef<HeurekaCategorySummary>('HeurekaCategorySummary').implement({
  description: "How many of the partner's Heureka feed categories are paired, and how.",
  fields: (t) => ({
    total: t.exposeInt('total'),
    paired: t.exposeInt('paired'),
    pairedAutomatically: t.exposeInt('pairedAutomatically'),
    unpaired: t.exposeInt('unpaired'),
    unpairedItems: t.exposeInt('unpairedItems', { description: 'Items of the latest runs in unpaired categories.' }),
  }),
});

builder.queryFields((t) => ({
  heurekaCategorySummary: t.field({
    type: HeurekaCategorySummaryRef,
    resolve: (_, __, ctx) => heurekaCategorySummary(ctx),
  }),
  heurekaCategories: t.field({
    type: HeurekaCategoryPageRef,
    description: "The categories of the selected partner's Heureka feed; paired true/false filters, null all.",
    args: { grid: t.arg({ type: GridInput }), paired: t.arg.boolean() },
    resolve: (_, args, ctx) => heurekaCategoriesGrid(ctx, args.grid ?? {}, args.paired ?? null),
  }),
  heurekaCategory: t.field({
    type: HeurekaCategoryRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => heurekaCategory(ctx, String(args.id)),
  }),
  heurekaCategoryRecommendations: t.field({
    type: [HeurekaRecommendationRef],
    description: 'The marketplace categories most similar to a feed category, best first (at most 20).',
    args: { id: t.arg.id({ required: true }), search: t.arg.string() },
    resolve: (_, args, ctx) => heurekaCategoryRecommendations(ctx, String(args.id), args.search ?? null),
  }),
}));

builder.mutationFields((t) => ({
  heurekaCategoryPair: t.field({
    type: HeurekaCategoryRef,
    args: { id: t.arg.id({ required: true }), categoryId: t.arg.int({ required: true }) },
    resolve: (_, args, ctx) => pairHeurekaCategory(ctx, String(args.id), args.categoryId),
  }),
  heurekaCategoryUnpair: t.field({
    type: HeurekaCategoryRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => unpairHeurekaCategory(ctx, String(args.id)),
  }),
  heurekaCategoriesAutoPair: t.field({
    type: 'Int',
    description: 'Pairs every undecided feed category whose best match is clear; answers how many were paired.',
    resolve: (_, __, ctx) => autoPairHeurekaCategories(ctx),
  }),
}));
