import { graphql, type ResultOf } from '../../graphql/graphql';

export const SavedViewsQuery = graphql(`
  query SavedViews($gridId: String!) {
    savedViews(gridId: $gridId) {
      id
      name
      filters { field operator value values }
      sort { field direction }
      search
      columns
    }
  }
`);

export const SavedViewCreateMutation = graphql(`
  mutation SavedViewCreate(
    $gridId: String!
    $name: String!
    $filters: [GridFilterInput!]
    $sort: GridSortInput
    $search: String
    $columns: [String!]
  ) {
    savedViewCreate(gridId: $gridId, name: $name, filters: $filters, sort: $sort, search: $search, columns: $columns) {
      id
      name
    }
  }
`);

export const SavedViewDeleteMutation = graphql(`
  mutation SavedViewDelete($id: ID!) {
    savedViewDelete(id: $id)
  }
`);

export type SavedView = ResultOf<typeof SavedViewsQuery>['savedViews'][number];
