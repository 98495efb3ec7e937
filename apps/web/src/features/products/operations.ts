import { graphql, type ResultOf, type VariablesOf } from '../../graphql/graphql';

export const ProductsQuery = graphql(`
  query Products($view: ProductsView!, $grid: GridInput) {
    products(view: $view, grid: $grid) {
      items {
        id
        title
        productType
        brandId
        brandName
        categoryId
        categoryName
        price
        currency
        inStock
        status
        stage
        gridStatus
        blocked
        hasErrors
        variantCount
        thumbUrl
        barcode
        deliveryDelay
        delivery
        updatedAt
        createdAt
      }
      total
      totalExact
      page
      perPage
      nextCursor
    }
  }
`);

export type ProductsView = VariablesOf<typeof ProductsQuery>['view'];
export type ProductRow = ResultOf<typeof ProductsQuery>['products']['items'][number];

export const ProductCountsQuery = graphql(`
  query ProductCounts {
    productCounts { all soldOut lastItems blocked errors }
  }
`);

export type ProductCounts = ResultOf<typeof ProductCountsQuery>['productCounts'];

export const ProductErrorsQuery = graphql(`
  query ProductErrors($grid: GridInput) {
    productErrors(grid: $grid) {
      items {
        id
        productId
        source
        issues { field rule params }
        createdAt
      }
      total
      totalExact
      page
      perPage
      nextCursor
    }
  }
`);

export type ProductErrorRow = ResultOf<typeof ProductErrorsQuery>['productErrors']['items'][number];

export const ProductsSetLiveMutation = graphql(`
  mutation ProductsSetLive($ids: [ID!]!) {
    productsSetLive(ids: $ids)
  }
`);

export const ProductsSetStatusMutation = graphql(`
  mutation ProductsSetStatus($ids: [ID!]!, $status: ProductStatus!) {
    productsSetStatus(ids: $ids, status: $status)
  }
`);

export const ProductsDeleteMutation = graphql(`
  mutation ProductsDelete($ids: [ID!]!) {
    productsDelete(ids: $ids)
  }
`);

export const ProductCopyMutation = graphql(`
  mutation ProductCopy($id: ID!, $newId: ID!) {
    productCopy(id: $id, newId: $newId) { id title }
  }
`);

export const ProductsActivateAllMutation = graphql(`
  mutation ProductsActivateAll {
    productsActivateAll { jobId }
  }
`);

export const ProductsBatchApplyMutation = graphql(`
  mutation ProductsBatchApply($ids: [ID!]!, $field: String!, $value: JSON) {
    productsBatchApply(ids: $ids, field: $field, value: $value) { jobId }
  }
`);

export const ProductImportLatestQuery = graphql(`
  query ProductImportLatest {
    productImportLatest { id status fileName done created updated failed held forced errorCode createdAt finishedAt }
  }
`);

export type ProductImport = NonNullable<ResultOf<typeof ProductImportLatestQuery>['productImportLatest']>;

/** The price changes over the 30 % bound an import or a batch apply (its id) held for confirmation. */
export const ProductPriceHoldsQuery = graphql(`
  query ProductPriceHolds($sourceId: ID!, $after: String) {
    productPriceHolds(sourceId: $sourceId, after: $after) {
      total
      currency
      items { productId variantId title priceFrom priceTo percent }
      nextCursor
    }
  }
`);

export type ProductPriceHolds = ResultOf<typeof ProductPriceHoldsQuery>['productPriceHolds'];

export const ProductPriceHoldsApplyMutation = graphql(`
  mutation ProductPriceHoldsApply($sourceId: ID!) {
    productPriceHoldsApply(sourceId: $sourceId) { applied skipped }
  }
`);

export const ProductPriceHoldsDiscardMutation = graphql(`
  mutation ProductPriceHoldsDiscard($sourceId: ID!) {
    productPriceHoldsDiscard(sourceId: $sourceId) { discarded }
  }
`);

/** What the stream says about a product job (activate all, batch apply): contract §C. */
export interface ProductJobEvent {
  jobId?: string;
  status?: 'BEGIN' | 'PROGRESS' | 'END' | 'ERROR';
  done?: number;
  total?: number;
  /** Batch apply: products it could not change (not for resale, not ready to list). */
  failed?: number;
  /** Batch apply of a price: changes over the 30 % bound held for the seller's confirmation. */
  held?: number;
  code?: string;
}

/** What the stream says about an XML import (contract §C, H4). */
export interface ProductImportEvent {
  importId?: string;
  status?: 'BEGIN' | 'PROGRESS' | 'END' | 'ERROR';
  done?: number;
  created?: number;
  updated?: number;
  failed?: number;
  /** Price changes over the 30 % bound held for the seller's confirmation. */
  held?: number;
  /** Price changes over the 30 % bound applied at once: their item said FORCE_PRICE. */
  forced?: number;
  code?: string;
}
