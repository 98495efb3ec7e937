import { graphql, type ResultOf } from '../../../graphql/graphql';

const ShopProfileFields = graphql(`
  fragment ShopProfileFields on ShopProfile @_unmask {
    partnerId
    partnerName
    mallName
    sapId
    shopId
    provider
    rating
    workflowStatus
    created
    updated
    publicTitle
    publicTitleEditable
    logo { fileId url name }
  }
`);
export type ShopProfileData = ResultOf<typeof ShopProfileFields>;

export const ShopProfileQuery = graphql(
  `
  query ShopProfile { shopProfile { ...ShopProfileFields } }
`,
  [ShopProfileFields],
);

export const SetPublicTitleMutation = graphql(
  `
  mutation SetPublicTitle($title: String!) { setPublicTitle(title: $title) { ...ShopProfileFields } }
`,
  [ShopProfileFields],
);

export const RemovePartnerLogoMutation = graphql(
  `
  mutation RemovePartnerLogo { removePartnerLogo { ...ShopProfileFields } }
`,
  [ShopProfileFields],
);

const PartnerDocumentFields = graphql(`
  fragment PartnerDocumentFields on PartnerDocument @_unmask {
    id
    title
    documentType
    validFrom
    fileName
    size
    url
    uploadedAt
    uploadedBy
    uploadedByOperator
    deletedAt
    deletedBy
    isDeleted
    deletable
  }
`);
export type PartnerDocumentData = ResultOf<typeof PartnerDocumentFields>;

export const PartnerDocumentsQuery = graphql(
  `
  query PartnerDocuments($includeDeleted: Boolean) {
    partnerDocuments(includeDeleted: $includeDeleted) { ...PartnerDocumentFields }
  }
`,
  [PartnerDocumentFields],
);

export const DeletePartnerDocumentMutation = graphql(
  `
  mutation DeletePartnerDocument($id: ID!) { deletePartnerDocument(id: $id) { ...PartnerDocumentFields } }
`,
  [PartnerDocumentFields],
);

export const TermsConsentQuery = graphql(`
  query TermsConsent {
    currentTerms {
      agreed
      terms { id country version validFrom content { id url } }
      agreement { id version names email signed }
    }
  }
`);

export const INFO_KEYS = {
  profile: ['partnerInfo', 'profile'],
  documents: ['partnerInfo', 'documents'],
  terms: ['partnerInfo', 'terms'],
} as const;

/** Where the uploads go (multipart, session headers as GraphQL). */
export const LOGO_UPLOAD_PATH = '/portal/partner/logo';
export const DOCUMENT_UPLOAD_PATH = '/portal/partner/documents';
