import { DomainError } from '@pp/domain';
import { builder, idArg } from '../../platform/graphql/builder';
import { LoginResultRef, loginPayload } from './graphql';
import { listPasskeys, type PasskeyView, passkeyRegistrationOptions, registerPasskey, removePasskey } from './passkeys';
import { completeSecondFactor, secondFactorPasskeyOptions } from './two-factor-signin';
import {
  confirmTotpEnrolment,
  disableTotp,
  regenerateRecoveryCodes,
  startTotpEnrolment,
  type TwoFactorState,
  twoFactorState,
} from './two-factor';
import { partnerTwoFactorRequired, setPartnerTwoFactorRequired } from './two-factor-policy';

/** Two-factor sign-in (issue 24): the second step of a sign-in, and the account's own security settings. */

const PasskeyRef = builder.objectRef<PasskeyView>('Passkey').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    createdAt: t.field({ type: 'DateTime', resolve: (p) => p.createdAt }),
    lastUsedAt: t.field({ type: 'DateTime', nullable: true, resolve: (p) => p.lastUsedAt }),
  }),
});

const TwoFactorStatusRef = builder.objectRef<TwoFactorState & { accountId: number }>('TwoFactorStatus').implement({
  description: "The signed-in account's second factors.",
  fields: (t) => ({
    totpEnabled: t.exposeBoolean('totpEnabled'),
    recoveryCodesLeft: t.exposeInt('recoveryCodesLeft'),
    enrolled: t.exposeBoolean('enrolled'),
    required: t.exposeBoolean('required', {
      description: 'An operator, or an account of a partner that requires it: the last factor cannot be removed.',
    }),
    passkeys: t.field({ type: [PasskeyRef], resolve: (s, _, ctx) => listPasskeys(ctx.db, s.accountId) }),
  }),
});

const TotpEnrolmentRef = builder.objectRef<{ secret: string; uri: string }>('TotpEnrolment').implement({
  fields: (t) => ({
    secret: t.exposeString('secret', { description: 'Base32, for typing into an app.' }),
    uri: t.exposeString('uri', { description: 'otpauth:// URI, shown as a QR code.' }),
  }),
});

const PasskeyRegistrationRef = builder
  .objectRef<{ passkey: PasskeyView; recoveryCodes: string[] | null }>('PasskeyRegistration')
  .implement({
    fields: (t) => ({
      passkey: t.field({ type: PasskeyRef, resolve: (r) => r.passkey }),
      recoveryCodes: t.stringList({
        nullable: true,
        description: 'Made with the first factor only; shown this once.',
        resolve: (r) => r.recoveryCodes,
      }),
    }),
  });

builder.queryFields((t) => ({
  twoFactorStatus: t.field({
    type: TwoFactorStatusRef,
    description: "The signed-in account's own second factors (never an impersonated partner's).",
    resolve: async (_, __, ctx) => {
      const auth = ctx.requireAuth();
      // An operator signed in as a partner neither sees nor changes the partner's second factors.
      if (auth.admin) throw new DomainError('ACCESS_DENIED');
      return { ...(await twoFactorState(ctx.db, auth.account.id)), accountId: auth.account.id };
    },
  }),
  partnerTwoFactorRequired: t.boolean({
    description: 'Whether the selected partner requires two-factor sign-in of all its accounts.',
    resolve: (_, __, ctx) => partnerTwoFactorRequired(ctx),
  }),
}));

builder.mutationFields((t) => ({
  loginSecondFactor: t.field({
    type: LoginResultRef,
    description:
      'Public. The second step of a sign-in: the ticket and exactly one of an authenticator code, a recovery code ' +
      'or a passkey assertion (JSON of the browser answer). Wrong codes are counted per ticket and per account.',
    args: {
      ticket: t.arg.string({ required: true }),
      code: t.arg.string(),
      recoveryCode: t.arg.string(),
      passkey: t.arg.string(),
    },
    resolve: async (_, args, ctx) => {
      const { token, auth } = await completeSecondFactor(ctx, args);
      return loginPayload(ctx, auth, token, ctx.requestedPartnerId);
    },
  }),
  loginPasskeyOptions: t.string({
    description:
      'Public. Options (JSON) for the browser passkey prompt of a pending sign-in; its challenge works once.',
    args: { ticket: t.arg.string({ required: true }) },
    resolve: (_, args, ctx) => secondFactorPasskeyOptions(ctx, args.ticket),
  }),
  twoFactorTotpStart: t.field({
    type: TotpEnrolmentRef,
    description: 'Starts setting up an authenticator app: a new secret, pending until twoFactorTotpConfirm.',
    resolve: (_, __, ctx) => startTotpEnrolment(ctx),
  }),
  twoFactorTotpConfirm: t.stringList({
    nullable: true,
    description: "Completes the set-up with the app's code; answers the recovery codes when they were made now.",
    args: { code: t.arg.string({ required: true }) },
    resolve: (_, args, ctx) => confirmTotpEnrolment(ctx, args),
  }),
  twoFactorTotpDisable: t.boolean({
    description: 'Turns the authenticator app off; needs the password.',
    args: { password: t.arg.string({ required: true }) },
    resolve: (_, args, ctx) => disableTotp(ctx, args),
  }),
  twoFactorRecoveryCodesRegenerate: t.stringList({
    description: 'Ten new recovery codes (shown once); the old ones stop working.',
    resolve: (_, __, ctx) => regenerateRecoveryCodes(ctx),
  }),
  passkeyRegistrationOptions: t.string({
    description: 'Options (JSON) for registering a passkey in the browser; its challenge works once.',
    resolve: (_, __, ctx) => passkeyRegistrationOptions(ctx),
  }),
  passkeyRegister: t.field({
    type: PasskeyRegistrationRef,
    description: "Registers a passkey under a name, from the browser's answer (JSON).",
    args: { name: t.arg.string({ required: true }), response: t.arg.string({ required: true }) },
    resolve: (_, args, ctx) => registerPasskey(ctx, args),
  }),
  passkeyRemove: t.boolean({
    description: 'Removes one of the own passkeys; needs the password.',
    args: { id: t.arg.id({ required: true }), password: t.arg.string({ required: true }) },
    resolve: (_, args, ctx) => removePasskey(ctx, { id: idArg(args.id), password: args.password }),
  }),
  partnerTwoFactorRequiredSet: t.boolean({
    description: "The master requires (or no longer requires) two-factor sign-in of all the partner's accounts.",
    args: { required: t.arg.boolean({ required: true }) },
    resolve: (_, args, ctx) => setPartnerTwoFactorRequired(ctx, args.required),
  }),
}));
