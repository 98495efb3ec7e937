import { graphql, type ResultOf } from '../../graphql/graphql';

export const PartnerSummaryFields = graphql(`
  fragment PartnerSummaryFields on PartnerSummary @_unmask {
    id
    partnerName
    mallName
    sapId
    shopId
    currency
    provider
    mdpStatus
    workflowStatus
    billingStatus
    rating
    isDefault
  }
`);

export const SessionFields = graphql(
  `
  fragment SessionFields on Session @_unmask {
    account { id email firstName lastName lang isConfirmed isMaster }
    partners { ...PartnerSummaryFields }
    selectedPartner { ...PartnerSummaryFields }
    acl { subject action isActive isDisabled }
    isAdmin
    operatorRoles
    operatorAcl { subject action }
    readOnly
    adminEmail
    impersonating
    twoFactorRequired
    secondFactor
    refreshTime
    expiresAt
  }
`,
  [PartnerSummaryFields],
);

export type Session = ResultOf<typeof SessionFields>;
export type PartnerSummary = ResultOf<typeof PartnerSummaryFields>;

export const SessionQuery = graphql(
  `
  query Session {
    session { ...SessionFields }
  }
`,
  [SessionFields],
);

export const LoginMutation = graphql(
  `
  mutation Login($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      token
      session { ...SessionFields }
      twoFactor { ticket methods }
    }
  }
`,
  [SessionFields],
);

export const LoginWithTokenMutation = graphql(
  `
  mutation LoginWithToken($token: String!) {
    loginWithToken(token: $token) {
      token
      isConfirmed
      hasPassword
      session { ...SessionFields }
      twoFactor { ticket methods }
    }
  }
`,
  [SessionFields],
);

export const LoginAsAdminMutation = graphql(
  `
  mutation LoginAsAdmin($hash: String!, $token: String!, $partnerId: ID!) {
    loginAsAdmin(hash: $hash, token: $token, partnerId: $partnerId) {
      token
      session { ...SessionFields }
    }
  }
`,
  [SessionFields],
);

export const LogoutMutation = graphql(`
  mutation Logout {
    logout
  }
`);

export const StreamTokenQuery = graphql(`
  query StreamToken {
    streamToken
  }
`);

/** Public: e-mails a one-time sign-in link; the same answer for every e-mail. */
export const LoginLinkRequestMutation = graphql(`
  mutation LoginLinkRequest($email: String!) {
    loginLinkRequest(email: $email)
  }
`);

export const PasswordResetRequestMutation = graphql(`
  mutation PasswordResetRequest($email: String!) {
    passwordResetRequest(email: $email)
  }
`);

export const PasswordResetMutation = graphql(`
  mutation PasswordReset($token: String!, $password: String!, $passwordRepeat: String!) {
    passwordReset(token: $token, password: $password, passwordRepeat: $passwordRepeat)
  }
`);

export const PasswordResetLinkStatusQuery = graphql(`
  query PasswordResetLinkStatus($token: String!) {
    passwordResetLinkStatus(token: $token)
  }
`);
