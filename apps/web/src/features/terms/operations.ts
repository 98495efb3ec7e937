import { graphql, type ResultOf } from '../../graphql/graphql';

const TermsPageFields = graphql(`
  fragment TermsPageFields on BusinessTermsPage @_unmask {
    id
    shopId
    country
    version
    validFrom
    publishedAt
    approvedBy
    languages
    content { id lang title body url }
  }
`);

export type TermsPage = ResultOf<typeof TermsPageFields>;

export const BusinessTermsQuery = graphql(
  `
  query BusinessTerms($country: String!, $lang: String, $version: ID) {
    businessTerms(country: $country, lang: $lang, version: $version) { ...TermsPageFields }
  }
`,
  [TermsPageFields],
);

export const BusinessTermsHistoryQuery = graphql(`
  query BusinessTermsHistory($country: String!) {
    businessTermsHistory(country: $country) { id version validFrom publishedAt languages }
  }
`);

export const CurrentTermsQuery = graphql(
  `
  query CurrentTerms {
    currentTerms {
      agreed
      terms { ...TermsPageFields }
      agreement { id version names signed }
    }
  }
`,
  [TermsPageFields],
);

export const TermsPromptQuery = graphql(`
  query TermsPrompt {
    session { impersonating selectedPartner { id workflowStatus mustAgreeToTerms } }
  }
`);

export const AgreeToTermsMutation = graphql(`
  mutation AgreeToTerms($contentId: ID!, $names: String!, $path: String) {
    agreeToTerms(contentId: $contentId, names: $names, path: $path) { id version names signed }
  }
`);

export const FeesQuery = graphql(`
  query Fees($search: String, $offset: Int, $limit: Int) {
    fees {
      fees { type amount currency per freeMonths }
      commissions(search: $search, offset: $offset, limit: $limit) {
        total
        items { division category subcategory brands commission }
      }
    }
  }
`);

export const CockpitTermsQuery = graphql(`
  query CockpitTerms($shopId: String) {
    cockpitTerms(shopId: $shopId) {
      id
      shopId
      version
      validFrom
      showInHistory
      published
      publishedAt
      approvedBy
      created
      languages
      contents { id lang title body url }
    }
  }
`);

export type CockpitTermsVersion = ResultOf<typeof CockpitTermsQuery>['cockpitTerms'][number];

export const CockpitSaveTermsMutation = graphql(`
  mutation CockpitSaveTerms($id: ID, $input: BusinessTermsVersionInput!) {
    cockpitSaveTerms(id: $id, input: $input) { id version published }
  }
`);

export const CockpitPublishTermsMutation = graphql(`
  mutation CockpitPublishTerms($id: ID!) {
    cockpitPublishTerms(id: $id) { id published approvedBy }
  }
`);
