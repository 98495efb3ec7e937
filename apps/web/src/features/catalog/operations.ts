import { api } from '../../app/api/api';
import { graphql, type ResultOf, type VariablesOf } from '../../graphql/graphql';

const CategoryFields = graphql(`
  fragment CategoryFields on Category @_unmask {
    id
    name
    level
    parentId
    sapId
    hasChildren
    locked
    recyclingFee
    energyLabelRequired
    informationSheetRequired
    path
  }
`);

export const CategoryTreeQuery = graphql(
  `
  query CategoryTree($parentId: Int) {
    categoryTree(parentId: $parentId) {
      ...CategoryFields
    }
  }
`,
  [CategoryFields],
);

export const CategorySearchQuery = graphql(
  `
  query CategorySearch($query: String!, $language: String) {
    categorySearch(query: $query, language: $language) {
      ...CategoryFields
    }
  }
`,
  [CategoryFields],
);

export const CategoryDetailQuery = graphql(`
  query CategoryDetail($id: Int!) {
    category(id: $id) {
      id
      name
      level
      parentId
      sapId
      hasChildren
      locked
      recyclingFee
      energyLabelRequired
      informationSheetRequired
      path
      conditions
      keywords
      parameters {
        code
        name
        unit
        multiple
        class
        mandatoryForListing
        variant
        options {
          value
          text
          shopText
        }
        constraint {
          type
          values
        }
      }
    }
  }
`);

export type CategoryNode = ResultOf<typeof CategoryTreeQuery>['categoryTree'][number];
export type CategoryDetail = NonNullable<ResultOf<typeof CategoryDetailQuery>['category']>;
export type CategoryParameter = CategoryDetail['parameters'][number];

/** Children of a category (null: the first level); the tree never changes while a seller works, so it is kept. */
export function categoryTreeQuery(parentId: number | null) {
  return {
    queryKey: ['categoryTree', parentId],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.request(CategoryTreeQuery, { parentId }, { signal }).then((r) => r.categoryTree),
    staleTime: 10 * 60_000,
  };
}

/** One category with its parameters: the product detail reads the same entry (same key) for its parameter form. */
export function categoryDetailQuery(id: number) {
  return {
    queryKey: ['category', id],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.request(CategoryDetailQuery, { id }, { signal }).then((r) => r.category),
    staleTime: 10 * 60_000,
  };
}

export function categorySearchQuery(query: string, language: string) {
  return {
    queryKey: ['categorySearch', query, language],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.request(CategorySearchQuery, { query, language }, { signal }).then((r) => r.categorySearch),
    staleTime: 60_000,
  };
}

const BrandFields = graphql(`
  fragment BrandFields on BrandRow @_unmask {
    id
    name
    logoUrl
    mallBrand
    description
  }
`);

export const BrandsQuery = graphql(
  `
  query Brands($grid: GridInput, $letter: String) {
    brands(grid: $grid, letter: $letter) {
      items {
        ...BrandFields
      }
      total
      totalExact
      page
      perPage
    }
  }
`,
  [BrandFields],
);

export type BrandRow = ResultOf<typeof BrandsQuery>['brands']['items'][number];
export type GridInput = NonNullable<VariablesOf<typeof BrandsQuery>['grid']>;

export const BrandRequestsQuery = graphql(`
  query BrandRequests($grid: GridInput) {
    brandRequests(grid: $grid) {
      items {
        id
        brandId
        name
        status
        reason
        requestedAt
        decidedAt
        logoUrl
      }
      total
      page
      perPage
    }
  }
`);

export type BrandRequestRow = ResultOf<typeof BrandRequestsQuery>['brandRequests']['items'][number];

export const BrandRequestCreateMutation = graphql(
  `
  mutation BrandRequestCreate($data: BrandRequestInput!, $force: Boolean) {
    brandRequestCreate(data: $data, force: $force) {
      success
      request {
        id
        brandId
        name
        status
      }
      similarBrandsList {
        ...BrandFields
      }
    }
  }
`,
  [BrandFields],
);

export type BrandRequestInput = VariablesOf<typeof BrandRequestCreateMutation>['data'];
