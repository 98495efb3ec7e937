import type { GridFilter, GridSort } from '@pp/domain';
import { builder, GridFilterInput, GridSortInput, idArg } from '../../platform/graphql/builder';
import { createSavedView, deleteSavedView, listSavedViews, type SavedView } from './service';

const GridFilterRef = builder.objectRef<GridFilter>('GridFilter').implement({
  fields: (t) => ({
    field: t.exposeString('field'),
    operator: t.exposeString('operator'),
    value: t.string({ nullable: true, resolve: (f) => f.value ?? null }),
    values: t.stringList({ nullable: true, resolve: (f) => f.values ?? null }),
  }),
});

const GridSortRef = builder.objectRef<GridSort>('GridSort').implement({
  fields: (t) => ({ field: t.exposeString('field'), direction: t.exposeString('direction') }),
});

const SavedViewRef = builder.objectRef<SavedView>('SavedView').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    filters: t.field({ type: [GridFilterRef], resolve: (v) => v.state.filters }),
    sort: t.field({ type: GridSortRef, nullable: true, resolve: (v) => v.state.sort ?? null }),
    search: t.string({ nullable: true, resolve: (v) => v.state.search ?? null }),
    columns: t.stringList({
      nullable: true,
      description: 'The columns shown, in their order; null when the view was saved without a column choice.',
      resolve: (v) => v.state.columns ?? null,
    }),
  }),
});

builder.queryField('savedViews', (t) =>
  t.field({
    type: [SavedViewRef],
    description: "The caller's saved views of one grid (for the selected partner, or the cockpit's own).",
    args: { gridId: t.arg.string({ required: true }) },
    resolve: (_, args, ctx) => listSavedViews(ctx, args.gridId),
  }),
);

builder.mutationFields((t) => ({
  savedViewCreate: t.field({
    type: SavedViewRef,
    description: 'Saves the filters, sort, search and columns of a grid under a name unique for the grid.',
    args: {
      gridId: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      filters: t.arg({ type: [GridFilterInput] }),
      sort: t.arg({ type: GridSortInput }),
      search: t.arg.string(),
      columns: t.arg.stringList({ description: 'The columns shown, in their order (at most 100 names).' }),
    },
    resolve: (_, args, ctx) =>
      createSavedView(ctx, {
        gridId: args.gridId,
        name: args.name,
        state: {
          filters: (args.filters ?? []).map((f) => ({
            field: f.field,
            operator: f.operator,
            ...(f.value != null ? { value: f.value } : {}),
            ...(f.values != null ? { values: f.values } : {}),
          })),
          sort: args.sort ?? null,
          search: args.search ?? null,
          columns: args.columns ?? null,
        },
      }),
  }),
  savedViewDelete: t.boolean({
    args: { id: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => deleteSavedView(ctx, idArg(args.id)),
  }),
}));
