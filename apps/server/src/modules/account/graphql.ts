import { LANGUAGES } from '@pp/domain';
import { builder, idArg } from '../../platform/graphql/builder';
import { changeMasterAccount, listPartnerAccounts, type PartnerAccountView, unlinkPartnerAccount } from './accounts';
import {
  addPartnerAccount,
  cancelInvitation,
  type InvitationView,
  listPartnerInvitations,
  resendInvitation,
} from './invitations';
import { acceptInvitation, declineInvitation, type InvitationDetails, viewInvitation } from './joining';
import { type AccessControlView, getAccessControl, updateAccessControl } from './permissions';
import { changePassword, type ProfileView, updateProfile } from './profile';

const PartnerAccountRef = builder.objectRef<PartnerAccountView>('PartnerAccount').implement({
  description: 'An account of the selected partner (spec Account), as the accounts tab lists it.',
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    lang: t.exposeString('lang'),
    isConfirmed: t.exposeBoolean('isConfirmed'),
    passwordValid: t.exposeBoolean('passwordValid', {
      description: 'The account has a password; an invitation not yet accepted has none.',
    }),
    isMaster: t.exposeBoolean('isMaster'),
    isActive: t.exposeBoolean('isActive'),
    isAdministrator: t.exposeBoolean('isAdministrator', {
      description: 'The master, or an account holding accounts:update and permissions:update.',
    }),
    isSelf: t.exposeBoolean('isSelf', { description: "The caller's own account." }),
    linked: t.expose('linked', { type: 'DateTime' }),
  }),
});

const PartnerInvitationRef = builder.objectRef<InvitationView>('PartnerInvitation').implement({
  description:
    'An invitation of the selected partner waiting for its answer: the address only, the same for every address.',
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    created: t.expose('created', { type: 'DateTime' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
  }),
});

const InvitationDetailsRef = builder.objectRef<InvitationDetails>('AccountInvitationDetails').implement({
  description: 'What the invited account sees before it answers: who invited it, to which shop.',
  fields: (t) => ({
    partnerId: t.exposeID('partnerId'),
    partnerName: t.exposeString('partnerName'),
    shopId: t.exposeString('shopId'),
    inviterName: t.exposeString('inviterName'),
    email: t.exposeString('email'),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
  }),
});

const PermissionPairRef = builder.objectRef<AccessControlView['policies'][number]>('PermissionPair').implement({
  fields: (t) => ({ subject: t.exposeString('subject'), action: t.exposeString('action') }),
});

const AccessControlRef = builder.objectRef<AccessControlView>('AccessControl').implement({
  fields: (t) => ({
    accountId: t.exposeID('accountId'),
    isMaster: t.exposeBoolean('isMaster', { description: 'The master holds every pair; its rows cannot be edited.' }),
    policies: t.field({ type: [PermissionPairRef], resolve: (v) => v.policies }),
  }),
});

const ProfileRef = builder.objectRef<ProfileView>('Profile').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    lang: t.exposeString('lang'),
  }),
});

const StartingRightsEnum = builder.enumType('AccountStartingRights', {
  description: 'What a newly added account may do at first: read everything (default), everything, or nothing.',
  values: ['read', 'all', 'none'] as const,
});

const AddAccountInput = builder.inputType('AddAccountInput', {
  fields: (t) => ({
    email: t.string({ required: true }),
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    lang: t.string({ required: true, description: `One of ${LANGUAGES.join(', ')}.` }),
    rights: t.field({ type: StartingRightsEnum }),
  }),
});

const PermissionPairInput = builder.inputType('PermissionPairInput', {
  fields: (t) => ({ subject: t.string({ required: true }), action: t.string({ required: true }) }),
});

const ProfileInput = builder.inputType('ProfileInput', {
  fields: (t) => ({
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    lang: t.string({ required: true }),
  }),
});

builder.queryFields((t) => ({
  partnerAccounts: t.field({
    type: [PartnerAccountRef],
    description: "The selected partner's accounts, master first (resource accounts).",
    resolve: (_, __, ctx) => listPartnerAccounts(ctx),
  }),
  partnerInvitations: t.field({
    type: [PartnerInvitationRef],
    description: "The selected partner's invitations still waiting, newest first (resource accounts).",
    resolve: (_, __, ctx) => listPartnerInvitations(ctx),
  }),
  accountInvitation: t.field({
    type: InvitationDetailsRef,
    description: 'The invitation behind a mailed link, for the signed-in account it was sent to.',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_, args, ctx) => viewInvitation(ctx, args.token),
  }),
  accessControlAccounts: t.field({
    type: [PartnerAccountRef],
    description: "The selected partner's accounts for the permissions tab (resource permissions).",
    resolve: (_, __, ctx) => listPartnerAccounts(ctx, 'permissions'),
  }),
  accessControl: t.field({
    type: AccessControlRef,
    description: 'Access control get: the pairs an account of the selected partner holds (resource permissions).',
    args: { accountId: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => getAccessControl(ctx, idArg(args.accountId)),
  }),
}));

builder.mutationFields((t) => ({
  addPartnerAccount: t.field({
    type: PartnerInvitationRef,
    description:
      'Invites an address to the selected partner (resource accounts:create). An existing account is linked only ' +
      'when its owner accepts; the answer is the same for every address.',
    args: { input: t.arg({ type: AddAccountInput, required: true }) },
    resolve: (_, args, ctx) => addPartnerAccount(ctx, { ...args.input, rights: args.input.rights ?? undefined }),
  }),
  resendAccountInvitation: t.boolean({
    description: 'Mails a waiting invitation again with a fresh validity; the older link stops working.',
    args: { invitationId: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => resendInvitation(ctx, idArg(args.invitationId)),
  }),
  cancelAccountInvitation: t.boolean({
    description: 'Withdraws a waiting invitation (resource accounts:delete).',
    args: { invitationId: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => cancelInvitation(ctx, idArg(args.invitationId)),
  }),
  acceptAccountInvitation: t.field({
    type: InvitationDetailsRef,
    description: 'The signed-in account accepts an invitation mailed to it: only now is it linked to the shop.',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_, args, ctx) => acceptInvitation(ctx, args.token),
  }),
  declineAccountInvitation: t.boolean({
    description: 'The signed-in account declines an invitation mailed to it.',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_, args, ctx) => declineInvitation(ctx, args.token),
  }),
  unlinkPartnerAccount: t.boolean({
    description: 'Removes an account from the selected partner (not the master, never the last administrator).',
    args: { accountId: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => unlinkPartnerAccount(ctx, idArg(args.accountId)),
  }),
  changeMasterAccount: t.boolean({
    description: 'Hands the master role to another confirmed account of the partner (the master only).',
    args: { accountId: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => changeMasterAccount(ctx, idArg(args.accountId)),
  }),
  updateAccessControl: t.field({
    type: AccessControlRef,
    description: "Access control update: replaces an account's pairs for the selected partner (resource permissions).",
    args: {
      accountId: t.arg.id({ required: true }),
      policies: t.arg({ type: [PermissionPairInput], required: true }),
    },
    resolve: (_, args, ctx) => updateAccessControl(ctx, idArg(args.accountId), args.policies),
  }),
  updateProfile: t.field({
    type: ProfileRef,
    description: "Account update: the signed-in account's first name, last name and language.",
    args: { input: t.arg({ type: ProfileInput, required: true }) },
    resolve: (_, args, ctx) => updateProfile(ctx, args.input),
  }),
  changePassword: t.boolean({
    description: "Changes the signed-in account's password; its other sessions end.",
    args: {
      oldPassword: t.arg.string({ required: true }),
      newPassword: t.arg.string({ required: true }),
      newPasswordRepeat: t.arg.string({ required: true }),
    },
    resolve: (_, args, ctx) =>
      changePassword(ctx, {
        oldPassword: args.oldPassword,
        password: args.newPassword,
        passwordRepeat: args.newPasswordRepeat,
      }),
  }),
}));
