import { graphql, type ResultOf, type VariablesOf } from '../../../graphql/graphql';

const ProductFields = graphql(`
  fragment ProductDetailFields on Product @_unmask {
    id
    title
    productType
    line
    shortDesc
    longDesc
    brandId
    brandName
    categoryId
    categoryName
    barcode
    taricCode
    priority
    price
    forcePrice
    rrp
    purchasePrice
    fairPrice
    weeeFee
    vat
    currency
    inStock
    deliveryDelay
    freeDelivery
    packageSize
    weight
    width
    length
    height
    parameters
    variableParameters
    promotions {
      price
      from
      to
      source
      variantId
    }
    labels {
      label
      from
      to
      source
    }
    recommended
    mallboxAllowed
    status
    stage
    blocked
    blockedReason
    hasErrors
    media {
      url
      thumbUrl
      fetchStatus
      fetchError
      main
      energyLabel
      informationList
      width
      height
    }
    variants {
      id
      title
      price
      rrp
      inStock
      barcode
      imageUrl
      deliveryDelay
      status
      parameters
    }
    createdAt
    updatedAt
  }
`);

export const ProductDetailQuery = graphql(
  `
  query ProductDetail($id: ID!) {
    product(id: $id) {
      ...ProductDetailFields
    }
  }
`,
  [ProductFields],
);

export type ProductDetail = NonNullable<ResultOf<typeof ProductDetailQuery>['product']>;

export const ProductCreateMutation = graphql(
  `
  mutation ProductCreate($data: ProductInput!) {
    productCreate(data: $data) {
      ...ProductDetailFields
    }
  }
`,
  [ProductFields],
);

export const ProductUpdateMutation = graphql(
  `
  mutation ProductUpdate($productId: ID!, $data: ProductInput!, $forceToken: String) {
    productUpdate(productId: $productId, data: $data, forceToken: $forceToken) {
      ...ProductDetailFields
    }
  }
`,
  [ProductFields],
);

export type ProductInputVariables = VariablesOf<typeof ProductCreateMutation>['data'];

export const ProductOptionsQuery = graphql(`
  query ProductRelatedOptions($search: String, $ids: [ID!]) {
    productOptions(search: $search, ids: $ids) {
      id
      title
    }
  }
`);

export type ProductOption = ResultOf<typeof ProductOptionsQuery>['productOptions'][number];

/** The spec's "taric codes" call: CN codes by code prefix or by words of their description. */
export const TaricCodesQuery = graphql(`
  query TaricCodes($search: String, $first: Int) {
    taricCodes(search: $search, first: $first) {
      code
      description
    }
  }
`);
