import { graphql, type ResultOf } from '../../graphql/graphql';

const PartnerPageFields = graphql(`
  fragment PartnerPageFields on PartnerPage @_unmask {
    tagline
    description
    webUrl
    termsUrl
    complaintsUrl
    contactEmail
    contactPhone
    updated
  }
`);
export type PartnerPageFieldsData = ResultOf<typeof PartnerPageFields>;

export const PartnerPageQuery = graphql(
  `
  query PartnerPage { partnerPage { ...PartnerPageFields } }
`,
  [PartnerPageFields],
);

export const SavePartnerPageMutation = graphql(
  `
  mutation SavePartnerPage($input: PartnerPageInput!) { savePartnerPage(input: $input) { ...PartnerPageFields } }
`,
  [PartnerPageFields],
);

export const PARTNER_PAGE_KEYS = { page: ['partnerPage'] } as const;
