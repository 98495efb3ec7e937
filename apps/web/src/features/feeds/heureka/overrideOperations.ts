import { graphql, type ResultOf } from '../../../graphql/graphql';

/** Query keys of the override grids, under the Heureka feed's own. */
export const OVERRIDE_KEYS = {
  CATEGORY: ['heurekaFeed', 'overrides', 'CATEGORY'] as const,
  BOX: ['heurekaFeed', 'overrides', 'BOX'] as const,
  MEDIA: ['heurekaFeed', 'overrides', 'MEDIA'] as const,
};

export const HeurekaCategoryOverridesQuery = graphql(`
  query HeurekaCategoryOverrides($grid: GridInput) {
    heurekaCategoryOverrides(grid: $grid) {
      items { id partnerProductId categoryId sapCategoryId categoryPath param value updated }
      total totalExact page perPage nextCursor
    }
  }
`);
export type CategoryOverrideRow = ResultOf<
  typeof HeurekaCategoryOverridesQuery
>['heurekaCategoryOverrides']['items'][number];

export const HeurekaBoxOverridesQuery = graphql(`
  query HeurekaBoxOverrides($grid: GridInput) {
    heurekaBoxOverrides(grid: $grid) {
      items { id partnerProductId boxType updated }
      total totalExact page perPage nextCursor
    }
  }
`);
export type BoxOverrideRow = ResultOf<typeof HeurekaBoxOverridesQuery>['heurekaBoxOverrides']['items'][number];

export const HeurekaMediaOverridesQuery = graphql(`
  query HeurekaMediaOverrides($grid: GridInput) {
    heurekaMediaOverrides(grid: $grid) {
      items { id partnerProductId url energyLabel informationList excluded updated }
      total totalExact page perPage nextCursor
    }
  }
`);
export type MediaOverrideRow = ResultOf<typeof HeurekaMediaOverridesQuery>['heurekaMediaOverrides']['items'][number];

export const HeurekaOverridesDeleteMutation = graphql(`
  mutation HeurekaOverridesDelete($kind: HeurekaOverrideKind!, $ids: [ID!]!) {
    heurekaOverridesDelete(kind: $kind, ids: $ids)
  }
`);

/** What an accepted upload answers (POST /hci-v2/partners/{partnerId}/…-overrides). */
export interface OverrideUploadAnswer {
  kind: 'CATEGORY' | 'BOX' | 'MEDIA';
  rows: number;
  created: number;
  updated: number;
}
