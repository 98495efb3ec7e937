import { graphql, type ResultOf } from '../../graphql/graphql';

export const PartnerAccountFields = graphql(`
  fragment PartnerAccountFields on PartnerAccount @_unmask {
    id
    email
    firstName
    lastName
    lang
    isConfirmed
    passwordValid
    isMaster
    isActive
    isAdministrator
    isSelf
  }
`);
export type PartnerAccountData = ResultOf<typeof PartnerAccountFields>;

export const PartnerAccountsQuery = graphql(
  `
  query PartnerAccounts {
    partnerAccounts { ...PartnerAccountFields }
  }
`,
  [PartnerAccountFields],
);

export const AddPartnerAccountMutation = graphql(
  `
  mutation AddPartnerAccount($input: AddAccountInput!) {
    addPartnerAccount(input: $input) {
      invited
      account { ...PartnerAccountFields }
    }
  }
`,
  [PartnerAccountFields],
);

export const ResendInvitationMutation = graphql(`
  mutation ResendAccountInvitation($accountId: ID!) {
    resendAccountInvitation(accountId: $accountId)
  }
`);

export const UnlinkAccountMutation = graphql(`
  mutation UnlinkPartnerAccount($accountId: ID!) {
    unlinkPartnerAccount(accountId: $accountId)
  }
`);

export const ChangeMasterMutation = graphql(`
  mutation ChangeMasterAccount($accountId: ID!) {
    changeMasterAccount(accountId: $accountId)
  }
`);

export const AccessControlQuery = graphql(`
  query AccessControl($accountId: ID!) {
    accessControl(accountId: $accountId) { accountId isMaster policies { subject action } }
  }
`);

export const UpdateAccessControlMutation = graphql(`
  mutation UpdateAccessControl($accountId: ID!, $policies: [PermissionPairInput!]!) {
    updateAccessControl(accountId: $accountId, policies: $policies) { accountId isMaster policies { subject action } }
  }
`);

export const UpdateProfileMutation = graphql(`
  mutation UpdateProfile($input: ProfileInput!) {
    updateProfile(input: $input) { id email firstName lastName lang }
  }
`);

export const ChangePasswordMutation = graphql(`
  mutation ChangePassword($oldPassword: String!, $newPassword: String!, $newPasswordRepeat: String!) {
    changePassword(oldPassword: $oldPassword, newPassword: $newPassword, newPasswordRepeat: $newPasswordRepeat)
  }
`);

export const ACCOUNT_KEYS = {
  accounts: ['partnerAccounts'] as const,
  accessControl: (accountId: string) => ['accessControl', accountId] as const,
};

export const AccessControlAccountsQuery = graphql(
  `
  query AccessControlAccounts {
    accessControlAccounts { ...PartnerAccountFields }
  }
`,
  [PartnerAccountFields],
);
