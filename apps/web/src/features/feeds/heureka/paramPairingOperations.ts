import { graphql, type ResultOf } from '../../../graphql/graphql';

/** The GraphQL of params-values pairing and brand pairing (heureka-feed/params-values-pairing). */

export const PARAM_PAIRING_KEYS = {
  all: ['heurekaFeed', 'paramPairing'] as const,
  categories: ['heurekaFeed', 'paramPairing', 'categories'] as const,
  category: (id: string) => ['heurekaFeed', 'paramPairing', 'category', id] as const,
  params: (id: string) => ['heurekaFeed', 'paramPairing', 'params', id] as const,
  recommendations: (paramId: string) => ['heurekaFeed', 'paramPairing', 'recommendations', paramId] as const,
  values: (paramId: string) => ['heurekaFeed', 'paramPairing', 'values', paramId] as const,
  brands: ['heurekaFeed', 'paramPairing', 'brands'] as const,
  brandSummary: ['heurekaFeed', 'paramPairing', 'brandSummary'] as const,
  brandRecommendations: (id: string, search: string) =>
    ['heurekaFeed', 'paramPairing', 'brandRecommendations', id, search] as const,
};

export const HeurekaParamCategoriesQuery = graphql(`
  query HeurekaParamCategories($grid: GridInput) {
    heurekaParamCategories(grid: $grid) {
      items { id categoryText itemCount categoryId categoryPath params paramsPaired paramsUnpaired variantParams }
      total totalExact page perPage nextCursor
    }
  }
`);
export type HeurekaParamCategoryRow = ResultOf<
  typeof HeurekaParamCategoriesQuery
>['heurekaParamCategories']['items'][number];

export const HeurekaParamCategoryQuery = graphql(`
  query HeurekaParamCategory($id: ID!) {
    heurekaCategory(id: $id) { id categoryText itemCount categoryId categoryPath }
  }
`);

const ParameterFields = graphql(`
  fragment HeurekaMarketplaceParameterFields on HeurekaMarketplaceParameter @_unmask {
    code name class unit multiple mandatoryForListing variant options { value text }
  }
`);
export type MarketplaceParameter = ResultOf<typeof ParameterFields>;

const ParamFields = graphql(
  `
  fragment HeurekaParamFields on HeurekaParam @_unmask {
    id heurekaCategoryId name itemCount valueCount variantGroups parameterCode pairedBy pairedScore
    parameter { ...HeurekaMarketplaceParameterFields }
  }
`,
  [ParameterFields],
);
export type HeurekaParamRow = ResultOf<typeof ParamFields>;

export const HeurekaParamsQuery = graphql(
  `
  query HeurekaParams($heurekaCategoryId: ID!) {
    heurekaParams(heurekaCategoryId: $heurekaCategoryId) { ...HeurekaParamFields }
    heurekaCategoryParameters(heurekaCategoryId: $heurekaCategoryId) { ...HeurekaMarketplaceParameterFields }
  }
`,
  [ParamFields, ParameterFields],
);

export const HeurekaParamRecommendationsQuery = graphql(
  `
  query HeurekaParamRecommendations($id: ID!) {
    heurekaParamRecommendations(id: $id) { score parameter { ...HeurekaMarketplaceParameterFields } }
  }
`,
  [ParameterFields],
);

export const HeurekaParamPairMutation = graphql(
  `
  mutation HeurekaParamPair($id: ID!, $parameterCode: String!) {
    heurekaParamPair(id: $id, parameterCode: $parameterCode) { ...HeurekaParamFields }
  }
`,
  [ParamFields],
);

export const HeurekaParamUnpairMutation = graphql(
  `
  mutation HeurekaParamUnpair($id: ID!) { heurekaParamUnpair(id: $id) { ...HeurekaParamFields } }
`,
  [ParamFields],
);

export const HeurekaParamsAutoPairMutation = graphql(`
  mutation HeurekaParamsAutoPair($heurekaCategoryId: ID!) { heurekaParamsAutoPair(heurekaCategoryId: $heurekaCategoryId) }
`);

const ValueFields = graphql(`
  fragment HeurekaParamValueFields on HeurekaParamValue @_unmask {
    id paramId value itemCount mappedValue mappedText automaticValue pairedBy
  }
`);
export type HeurekaParamValueRow = ResultOf<typeof ValueFields>;

export const HeurekaParamValuesQuery = graphql(
  `
  query HeurekaParamValues($paramId: ID!) { heurekaParamValues(paramId: $paramId) { ...HeurekaParamValueFields } }
`,
  [ValueFields],
);

export const HeurekaParamValuePairMutation = graphql(
  `
  mutation HeurekaParamValuePair($id: ID!, $value: String!) {
    heurekaParamValuePair(id: $id, value: $value) { ...HeurekaParamValueFields }
  }
`,
  [ValueFields],
);

export const HeurekaParamValueUnpairMutation = graphql(
  `
  mutation HeurekaParamValueUnpair($id: ID!) { heurekaParamValueUnpair(id: $id) { ...HeurekaParamValueFields } }
`,
  [ValueFields],
);

export const HeurekaParamValueAutomaticMutation = graphql(
  `
  mutation HeurekaParamValueAutomatic($id: ID!) { heurekaParamValueAutomatic(id: $id) { ...HeurekaParamValueFields } }
`,
  [ValueFields],
);

const BrandFields = graphql(`
  fragment HeurekaBrandFields on HeurekaBrand @_unmask {
    id manufacturer itemCount brandId brandName pairedBy requested requestStatus seenAt
  }
`);
export type HeurekaBrandRow = ResultOf<typeof BrandFields>;

export const HeurekaBrandsQuery = graphql(
  `
  query HeurekaBrands($grid: GridInput) {
    heurekaBrands(grid: $grid) { items { ...HeurekaBrandFields } total totalExact page perPage nextCursor }
  }
`,
  [BrandFields],
);

export const HeurekaBrandSummaryQuery = graphql(`
  query HeurekaBrandSummary { heurekaBrandSummary { total paired requested unpaired unpairedItems } }
`);

export const HeurekaBrandRecommendationsQuery = graphql(`
  query HeurekaBrandRecommendations($id: ID!, $search: String) {
    heurekaBrandRecommendations(id: $id, search: $search) { id name score }
  }
`);

export const HeurekaBrandPairMutation = graphql(
  `
  mutation HeurekaBrandPair($id: ID!, $brandId: String!) {
    heurekaBrandPair(id: $id, brandId: $brandId) { ...HeurekaBrandFields }
  }
`,
  [BrandFields],
);

export const HeurekaBrandUnpairMutation = graphql(
  `
  mutation HeurekaBrandUnpair($id: ID!) { heurekaBrandUnpair(id: $id) { ...HeurekaBrandFields } }
`,
  [BrandFields],
);

export const HeurekaBrandsAutoPairMutation = graphql(`
  mutation HeurekaBrandsAutoPair { heurekaBrandsAutoPair }
`);

export const HeurekaBrandRequestMutation = graphql(
  `
  mutation HeurekaBrandRequest($id: ID!, $data: BrandRequestInput!, $force: Boolean) {
    heurekaBrandRequest(id: $id, data: $data, force: $force) {
      result { success request { id name status } similarBrandsList { id name } }
      brand { ...HeurekaBrandFields }
    }
  }
`,
  [BrandFields],
);
