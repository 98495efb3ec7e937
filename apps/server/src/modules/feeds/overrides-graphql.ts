import { type GridPage, HEUREKA_OVERRIDE_KINDS } from '@pp/domain';
import { builder, GridInput } from '../../platform/graphql/builder';
import {
  type BoxOverrideView,
  boxOverridesGrid,
  type CategoryOverrideView,
  categoryOverridesGrid,
  deleteOverrides,
  type MediaOverrideView,
  mediaOverridesGrid,
} from './overrides';

const HeurekaOverrideKindEnum = builder.enumType('HeurekaOverrideKind', {
  description: 'The kinds of overrides of the Heureka feed: category (and parameters), box, media.',
  values: HEUREKA_OVERRIDE_KINDS,
});

const CategoryOverrideRef = builder.objectRef<CategoryOverrideView>('HeurekaCategoryOverride').implement({
  description: 'A feed item put into a marketplace category (and optionally given a parameter value) by the seller.',
  fields: (t) => ({
    id: t.exposeID('id'),
    partnerProductId: t.exposeString('productId', { description: 'The ITEM_ID of the feed (the product id).' }),
    categoryId: t.exposeInt('categoryId'),
    sapCategoryId: t.exposeString('sapCategoryId'),
    categoryPath: t.exposeStringList('categoryPath', { description: "Names from the root, in the caller's language." }),
    param: t.exposeString('param', { description: "The parameter's code; empty: the category alone." }),
    value: t.exposeString('value'),
    updated: t.expose('updated', { type: 'DateTime' }),
  }),
});

const BoxOverrideRef = builder.objectRef<BoxOverrideView>('HeurekaBoxOverride').implement({
  description: "A feed item's package size, set by the seller.",
  fields: (t) => ({
    id: t.exposeID('id'),
    partnerProductId: t.exposeString('productId'),
    boxType: t.exposeString('boxType', { description: 'SMALLBOX or BIGBOX.' }),
    updated: t.expose('updated', { type: 'DateTime' }),
  }),
});

const MediaOverrideRef = builder.objectRef<MediaOverrideView>('HeurekaMediaOverride').implement({
  description: 'What one picture URL of a feed item is: energy label, information sheet, or left out.',
  fields: (t) => ({
    id: t.exposeID('id'),
    partnerProductId: t.exposeString('productId'),
    url: t.exposeString('url'),
    energyLabel: t.exposeBoolean('energyLabel'),
    informationList: t.exposeBoolean('informationList'),
    excluded: t.exposeBoolean('excluded'),
    updated: t.expose('updated', { type: 'DateTime' }),
  }),
});

const CategoryOverridePageRef = builder
  .objectRef<GridPage<CategoryOverrideView>>('HeurekaCategoryOverridePage')
  .implement({
    fields: (t) => ({
      items: t.field({ type: [CategoryOverrideRef], resolve: (p) => p.items }),
      total: t.exposeInt('total'),
      totalExact: t.exposeBoolean('totalExact'),
      page: t.exposeInt('page'),
      perPage: t.exposeInt('perPage'),
      nextCursor: t.string({ nullable: true, resolve: (p) => p.nextCursor ?? null }),
    }),
  });

const BoxOverridePageRef = builder.objectRef<GridPage<BoxOverrideView>>('HeurekaBoxOverridePage').implement({
  fields: (t) => ({
    items: t.field({ type: [BoxOverrideRef], resolve: (p) => p.items }),
    total: t.exposeInt('total'),
    totalExact: t.exposeBoolean('totalExact'),
    page: t.exposeInt('page'),
    perPage: t.exposeInt('perPage'),
    nextCursor: t.string({ nullable: true, resolve: (p) => p.nextCursor ?? null }),
  }),
});

const MediaOverridePageRef = builder.objectRef<GridPage<MediaOverrideView>>('HeurekaMediaOverridePage').implement({
  fields: (t) => ({
    items: t.field({ type: [MediaOverrideRef], resolve: (p) => p.items }),
    total: t.exposeInt('total'),
    totalExact: t.exposeBoolean('totalExact'),
    page: t.exposeInt('page'),
    perPage: t.exposeInt('perPage'),
    nextCursor: t.string({ nullable: true, resolve: (p) => p.nextCursor ?? null }),
  }),
});

builder.queryFields((t) => ({
  heurekaCategoryOverrides: t.field({
    type: CategoryOverridePageRef,
    description: "The selected partner's category overrides, newest change first; the search finds product ids.",
    args: { grid: t.arg({ type: GridInput }) },
    resolve: (_, args, ctx) => categoryOverridesGrid(ctx, args.grid ?? {}),
  }),
  heurekaBoxOverrides: t.field({
    type: BoxOverridePageRef,
    description: "The selected partner's box overrides, newest change first; the search finds product ids.",
    args: { grid: t.arg({ type: GridInput }) },
    resolve: (_, args, ctx) => boxOverridesGrid(ctx, args.grid ?? {}),
  }),
  heurekaMediaOverrides: t.field({
    type: MediaOverridePageRef,
    description: "The selected partner's media overrides, newest change first; the search finds product ids.",
    args: { grid: t.arg({ type: GridInput }) },
    resolve: (_, args, ctx) => mediaOverridesGrid(ctx, args.grid ?? {}),
  }),
}));

builder.mutationFields((t) => ({
  heurekaOverridesDelete: t.field({
    type: 'Int',
    description: "Deletes overrides of one kind by id; answers how many of the partner's own were deleted.",
    args: {
      kind: t.arg({ type: HeurekaOverrideKindEnum, required: true }),
      ids: t.arg.idList({ required: true }),
    },
    resolve: (_, args, ctx) => deleteOverrides(ctx, args.kind, args.ids.map(String)),
  }),
}));
