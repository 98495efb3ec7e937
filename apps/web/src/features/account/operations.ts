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

export const AddPartnerAccountMutation = graphql(`
  mutation AddPartnerAccount($input: AddAccountInput!) {
    addPartnerAccount(input: $input) { id email created expiresAt }
  }
`);

export const PartnerInvitationsQuery = graphql(`
  query PartnerInvitations {
    partnerInvitations { id email created expiresAt }
  }
`);
export type PartnerInvitationData = ResultOf<typeof PartnerInvitationsQuery>['partnerInvitations'][number];

export const ResendInvitationMutation = graphql(`
  mutation ResendAccountInvitation($invitationId: ID!) {
    resendAccountInvitation(invitationId: $invitationId)
  }
`);

export const CancelInvitationMutation = graphql(`
  mutation CancelAccountInvitation($invitationId: ID!) {
    cancelAccountInvitation(invitationId: $invitationId)
  }
`);

export const AccountInvitationQuery = graphql(`
  query AccountInvitation($token: String!) {
    accountInvitation(token: $token) { partnerId partnerName shopId inviterName email expiresAt }
  }
`);

export const AcceptInvitationMutation = graphql(`
  mutation AcceptAccountInvitation($token: String!) {
    acceptAccountInvitation(token: $token) { partnerId partnerName }
  }
`);

export const DeclineInvitationMutation = graphql(`
  mutation DeclineAccountInvitation($token: String!) {
    declineAccountInvitation(token: $token)
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
  invitations: ['partnerAccounts', 'invitations'] as const,
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
