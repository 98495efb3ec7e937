import { LANGUAGES } from '@pp/domain';
import { builder, idArg } from '../../platform/graphql/builder';
import {
  type AddAccountResult,
  addPartnerAccount,
  changeMasterAccount,
  listPartnerAccounts,
  type PartnerAccountView,
  resendInvitation,
  unlinkPartnerAccount,
} from './accounts';
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

const AddAccountResultRef = builder.objectRef<AddAccountResult>('AddAccountResult').implement({
  fields: (t) => ({
    account: t.field({ type: PartnerAccountRef, resolve: (r) => r.account }),
    invited: t.exposeBoolean('invited', {
      description: 'True when the address was unknown: a new account was made and an invitation mailed.',
    }),
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
    type: AddAccountResultRef,
    description: 'Adds an account by e-mail: links an existing one, or invites a new one (resource accounts:create).',
    args: { input: t.arg({ type: AddAccountInput, required: true }) },
    resolve: (_, args, ctx) => addPartnerAccount(ctx, { ...args.input, rights: args.input.rights ?? undefined }),
  }),
  resendAccountInvitation: t.boolean({
    description: 'Mails the invitation again to an account that has not set its password yet.',
    args: { accountId: t.arg.id({ required: true }) },
    resolve: (_, args, ctx) => resendInvitation(ctx, idArg(args.accountId)),
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
