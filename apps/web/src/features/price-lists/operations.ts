import { graphql, type ResultOf } from '../../graphql/graphql';

const NodeFields = graphql(`
  fragment PriceListNodeFields on PriceListNode @_unmask {
    id
    name
    level
    commission
    effectiveCommission
    brands { brandId name commission }
  }
`);

export const PriceListQuery = graphql(
  `
  query PriceList {
    priceList {
      priceList {
        version { id name type shopId validFrom validTo state commission }
        next { id validFrom }
        tree { ...PriceListNodeFields children { ...PriceListNodeFields children { ...PriceListNodeFields } } }
      }
      fees { type amount currency per freeMonths }
    }
  }
`,
  [NodeFields],
);

export type PriceListData = NonNullable<ResultOf<typeof PriceListQuery>['priceList']['priceList']>;
export type PriceListNodeData = ResultOf<typeof NodeFields> & { children?: PriceListNodeData[] };

export const CockpitPriceListsQuery = graphql(`
  query CockpitPriceLists($shopId: String) {
    cockpitPriceLists(shopId: $shopId) {
      id
      name
      shopId
      versions { id validFrom validTo state commission }
      partners { id sapId name }
    }
  }
`);

const CockpitVersionFields = graphql(
  `
  fragment CockpitPriceListVersionFields on PriceList @_unmask {
    version { id priceListId name validFrom validTo state commission }
    tree { ...PriceListNodeFields children { ...PriceListNodeFields children { ...PriceListNodeFields } } }
  }
`,
  [NodeFields],
);

export type CockpitPriceListVersion = ResultOf<typeof CockpitVersionFields>;

export const CockpitPriceListVersionQuery = graphql(
  `
  query CockpitPriceListVersion($id: ID!) {
    cockpitPriceListVersion(id: $id) { ...CockpitPriceListVersionFields }
  }
`,
  [CockpitVersionFields],
);

export const CockpitCreatePriceListVersionMutation = graphql(
  `
  mutation CockpitCreatePriceListVersion($priceListId: ID!, $validFrom: String!, $commission: Float) {
    cockpitCreatePriceListVersion(priceListId: $priceListId, validFrom: $validFrom, commission: $commission) {
      ...CockpitPriceListVersionFields
    }
  }
`,
  [CockpitVersionFields],
);

export const CockpitSetPriceListNodeMutation = graphql(
  `
  mutation CockpitSetPriceListNode($versionId: ID!, $categoryId: ID!, $commission: Float, $brands: [PriceListBrandExceptionInput!]) {
    cockpitSetPriceListNode(versionId: $versionId, categoryId: $categoryId, commission: $commission, brands: $brands) {
      ...CockpitPriceListVersionFields
    }
  }
`,
  [CockpitVersionFields],
);

export const CockpitAssignPriceListMutation = graphql(`
  mutation CockpitAssignPriceList($partnerId: ID!, $priceListId: ID!, $validFrom: String) {
    cockpitAssignPriceList(partnerId: $partnerId, priceListId: $priceListId, validFrom: $validFrom)
  }
`);

export const CockpitCreatePriceListMutation = graphql(
  `
  mutation CockpitCreatePriceList($shopId: String!, $name: String!, $commission: Float!, $validFrom: String!) {
    cockpitCreatePriceList(shopId: $shopId, name: $name, commission: $commission, validFrom: $validFrom) {
      ...CockpitPriceListVersionFields
    }
  }
`,
  [CockpitVersionFields],
);
