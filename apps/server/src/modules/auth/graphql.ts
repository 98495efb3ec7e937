import { availableStates, DomainError, isAllowed, isOnboarding, stepOfStatus } from '@pp/domain';
import { operatorPolicies, type OperatorPolicy, type Policy } from '@pp/domain';
import type { Auth, RequestContext } from '../../platform/context';
import { readFeatureFlags } from '../../platform/flags/service';
import { builder, idArg } from '../../platform/graphql/builder';
import { sessionClientIds } from '../api/keys';
import { PartnerSummaryRef } from '../partner/graphql';
import {
  login,
  loginAsAdmin,
  loginWithToken,
  logout,
  passwordResetLinkStatus,
  RESET_LINK_STATUSES,
  requestPasswordReset,
  resetPassword,
  type SecondFactorPending,
  type SessionView,
  type SignInOutcome,
  sessionView,
} from './service';
import { requestLoginLink } from './login-link';
import { createStreamToken } from './stream-tokens';

type AccountView = SessionView['auth']['account'] & { isMaster: boolean };

const AccountRef = builder.objectRef<AccountView>('Account').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    lang: t.exposeString('lang'),
    isConfirmed: t.exposeBoolean('isConfirmed'),
    isMaster: t.exposeBoolean('isMaster'),
  }),
});

const PolicyRef = builder.objectRef<Policy>('Policy').implement({
  fields: (t) => ({
    subject: t.exposeString('subject'),
    action: t.exposeString('action'),
    isActive: t.exposeBoolean('isActive'),
    isDisabled: t.boolean({
      description:
        'True when a switched-off service module of the partner covers the resource: held, granting nothing.',
      resolve: (p) => p.isDisabled === true,
    }),
  }),
});

const OperatorPolicyRef = builder.objectRef<OperatorPolicy>('OperatorPolicy').implement({
  description: "One of an operator's cockpit permissions: an area (COCKPIT_AREAS) and an action (read, update).",
  fields: (t) => ({
    subject: t.exposeString('subject'),
    action: t.exposeString('action'),
  }),
});

interface WorkflowRules {
  status: string;
  onboarding: boolean;
  step: string;
  availableStates: string[];
}

/**
 * What the selected partner may do given its workflow (spec "workflowRules"), from the same domain rules the
 * server enforces with: a view for the portal, every move is still checked on the server.
 */
function workflowRulesOf(status: string): WorkflowRules {
  return {
    status,
    onboarding: isOnboarding(status),
    step: stepOfStatus(status),
    availableStates: availableStates(status, 'partner'),
  };
}

const WorkflowRulesRef = builder.objectRef<WorkflowRules>('WorkflowRules').implement({
  fields: (t) => ({
    status: t.exposeString('status'),
    onboarding: t.exposeBoolean('onboarding', {
      description: 'Still onboarding: the portal shows the workflow and hides what needs a launched shop.',
    }),
    step: t.exposeString('step', { description: 'The onboarding step that fits the status.' }),
    availableStates: t.exposeStringList('availableStates', {
      description: 'Statuses the partner itself may move to now (operators have their own moves).',
    }),
  }),
});

const SessionClientIdRef = builder
  .objectRef<{ clientId: string; validFrom: Date; validTo: Date | null }>('SessionClientId')
  .implement({
    fields: (t) => ({
      clientId: t.exposeString('clientId'),
      validFrom: t.field({ type: 'DateTime', resolve: (k) => k.validFrom }),
      validTo: t.field({ type: 'DateTime', nullable: true, resolve: (k) => k.validTo }),
    }),
  });

const SessionRef = builder.objectRef<SessionView>('Session').implement({
  fields: (t) => ({
    account: t.field({
      type: AccountRef,
      resolve: (s) => ({ ...s.auth.account, isMaster: s.selectedPartner?.isMaster ?? false }),
    }),
    partners: t.field({ type: [PartnerSummaryRef], resolve: (s) => s.partners }),
    selectedPartner: t.field({ type: PartnerSummaryRef, nullable: true, resolve: (s) => s.selectedPartner }),
    acl: t.field({ type: [PolicyRef], resolve: (s) => s.acl }),
    workflowRules: t.field({
      type: WorkflowRulesRef,
      nullable: true,
      description: "The selected partner's workflow rules; null without a selected partner.",
      resolve: (s) => (s.selectedPartner ? workflowRulesOf(s.selectedPartner.workflowStatus) : null),
    }),
    clientIds: t.field({
      type: [SessionClientIdRef],
      description:
        "The selected partner's usable API client ids (never a secret); empty unless the account may read API keys.",
      // Behind the API-keys permission, so the session is no way around it.
      resolve: (s, _, ctx) =>
        s.selectedPartner && isAllowed(s.acl, 'apiLimit', 'read') ? sessionClientIds(ctx.db, s.selectedPartner.id) : [],
    }),
    isAdmin: t.boolean({ resolve: (s) => s.auth.account.isAdmin && !s.auth.admin }),
    operatorRoles: t.stringList({
      description: "The operator's roles; empty for a partner's account and while signed in as a partner.",
      resolve: (s) => (s.auth.admin ? [] : s.auth.account.operatorRoles),
    }),
    operatorAcl: t.field({
      type: [OperatorPolicyRef],
      description: 'What the operator may do in the cockpit (what its roles grant); empty for a partner.',
      resolve: (s) => (s.auth.account.isAdmin && !s.auth.admin ? operatorPolicies(s.auth.account.operatorRoles) : []),
    }),
    readOnly: t.boolean({
      description: 'Signed in as a partner by an operator who may only look: every change is refused.',
      resolve: (s) => s.auth.readOnly,
    }),
    adminEmail: t.string({ nullable: true, resolve: (s) => s.auth.admin?.email ?? null }),
    impersonating: t.boolean({ resolve: (s) => s.auth.admin !== null }),
    twoFactorRequired: t.boolean({
      description:
        'The account must set up two-factor sign-in before anything else (TWO_FACTOR_REQUIRED): an operator, or ' +
        'an account of a partner that requires it, signed in without a second factor.',
      resolve: (s) => s.auth.twoFactorEnrolmentRequired ?? false,
    }),
    secondFactor: t.boolean({
      description: 'This session was made with a second factor (what signing in as a partner needs).',
      resolve: (s) => Boolean(s.auth.secondFactorAt),
    }),
    refreshTime: t.field({ type: 'DateTime', resolve: (s) => s.refreshTime }),
    expiresAt: t.field({ type: 'DateTime', resolve: (s) => s.auth.expiresAt }),
  }),
});

const SecondFactorPendingRef = builder.objectRef<SecondFactorPending>('SecondFactorPending').implement({
  description: 'A right first factor of an account with two-factor sign-in: the second step (loginSecondFactor).',
  fields: (t) => ({
    ticket: t.exposeString('ticket', { description: 'Single-use, about five minutes.' }),
    methods: t.exposeStringList('methods', { description: 'What the account can use: totp, recovery, passkey.' }),
  }),
});

interface LoginPayload {
  token: string;
  session: SessionView;
}
export const LoginResultRef = builder.objectRef<LoginPayload>('LoginResult').implement({
  fields: (t) => ({
    token: t.exposeString('token'),
    session: t.field({ type: SessionRef, resolve: (r) => r.session }),
  }),
});

/** A sign-in's answer with a first factor only: the session, or (two-factor sign-in) the pending second step. */
interface SignInPayload {
  token: string | null;
  session: SessionView | null;
  twoFactor: SecondFactorPending | null;
}
const SignInResultRef = builder.objectRef<SignInPayload>('SignInResult').implement({
  fields: (t) => ({
    token: t.string({ nullable: true, description: 'Null while a second factor is pending.', resolve: (r) => r.token }),
    session: t.field({ type: SessionRef, nullable: true, resolve: (r) => r.session }),
    twoFactor: t.field({ type: SecondFactorPendingRef, nullable: true, resolve: (r) => r.twoFactor }),
  }),
});

async function signInPayload(ctx: RequestContext, outcome: SignInOutcome, partnerId: number | null) {
  if (outcome.twoFactor) return { token: null, session: null, twoFactor: outcome.twoFactor };
  return { token: outcome.token, session: await sessionView(ctx.db, outcome.auth, partnerId), twoFactor: null };
}

/** A session's answer for a sign-in that made one (the second step, a remote login). */
export async function loginPayload(ctx: RequestContext, auth: Auth, token: string, partnerId: number | null) {
  return { token, session: await sessionView(ctx.db, auth, partnerId) };
}

const TokenLoginResultRef = builder
  .objectRef<SignInPayload & { isConfirmed: boolean; hasPassword: boolean }>('TokenLoginResult')
  .implement({
    fields: (t) => ({
      token: t.string({ nullable: true, resolve: (r) => r.token }),
      isConfirmed: t.exposeBoolean('isConfirmed'),
      hasPassword: t.exposeBoolean('hasPassword'),
      session: t.field({ type: SessionRef, nullable: true, resolve: (r) => r.session }),
      twoFactor: t.field({ type: SecondFactorPendingRef, nullable: true, resolve: (r) => r.twoFactor }),
    }),
  });

const FeatureFlagsRef = builder.objectRef<Awaited<ReturnType<typeof readFeatureFlags>>>('FeatureFlags').implement({
  fields: (t) => ({
    croatiaEnabled: t.exposeBoolean('croatiaEnabled'),
    registrationEnabled: t.exposeBoolean('registrationEnabled'),
    newVersionNotice: t.exposeBoolean('newVersionNotice'),
  }),
});

const ResetLinkStatusRef = builder.enumType('PasswordResetLinkStatus', { values: RESET_LINK_STATUSES });

builder.queryFields((t) => ({
  passwordResetLinkStatus: t.field({
    type: ResetLinkStatusRef,
    description:
      'Public. Whether a reset link login/reset-password/{token} still works (VALID, USED, EXPIRED, UNKNOWN), ' +
      'without spending it. Counts attempts per address; one check per request.',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_, args, ctx) => passwordResetLinkStatus(ctx, args.token),
  }),
  featureFlags: t.field({
    type: FeatureFlagsRef,
    description: 'Public. The feature flags (same as GET /fefl).',
    resolve: (_, __, ctx) => ctx.flags(),
  }),
  session: t.field({
    type: SessionRef,
    description: 'The current session (check logged). Uses the x-partner-id header to pick the selected partner.',
    resolve: (_, __, ctx) => sessionView(ctx.db, ctx.requireAuth(), ctx.requestedPartnerId, ctx),
  }),
  streamToken: t.string({
    description: 'A short-lived token for the live stream websocket.',
    resolve: (_, __, ctx) => createStreamToken(ctx),
  }),
}));

builder.mutationFields((t) => ({
  login: t.field({
    type: SignInResultRef,
    description: 'Public.',
    args: { email: t.arg.string({ required: true }), password: t.arg.string({ required: true }) },
    resolve: async (_, args, ctx) => signInPayload(ctx, await login(ctx, args), ctx.requestedPartnerId),
  }),
  loginWithToken: t.field({
    type: TokenLoginResultRef,
    description: 'Public. One-time login link login/token/{token}.',
    args: { token: t.arg.string({ required: true }) },
    resolve: async (_, args, ctx) => {
      const result = await loginWithToken(ctx, args.token);
      return {
        ...(await signInPayload(ctx, result, null)),
        isConfirmed: result.isConfirmed,
        hasPassword: result.hasPassword,
      };
    },
  }),
  loginAsAdmin: t.field({
    type: LoginResultRef,
    description:
      'Public. Administrator signing in as a partner: remote-login/{hash}/token/{token}/partner/{partnerId}.',
    args: {
      hash: t.arg.string({ required: true }),
      token: t.arg.string({ required: true }),
      partnerId: t.arg.id({ required: true }),
    },
    resolve: async (_, args, ctx) => {
      // A link whose partner part is not an id is simply a wrong link.
      const partnerId = (() => {
        try {
          return idArg(args.partnerId);
        } catch {
          throw new DomainError('BAD_CREDENTIALS');
        }
      })();
      const { token, auth } = await loginAsAdmin(ctx, { hash: args.hash, token: args.token, partnerId });
      return { token, session: await sessionView(ctx.db, auth, partnerId) };
    },
  }),
  logout: t.boolean({ resolve: (_, __, ctx) => logout(ctx) }),
  passwordResetRequest: t.boolean({
    description: 'Public. Forgot password: e-mails a reset link; the same answer for unknown e-mails.',
    args: { email: t.arg.string({ required: true }) },
    resolve: (_, args, ctx) => requestPasswordReset(ctx, args),
  }),
  loginLinkRequest: t.boolean({
    description:
      'Public. E-mails a one-time sign-in link (login/token/{token}); what the login form offers when sign-in ' +
      'answers TOO_MANY_ATTEMPTS. The same answer for unknown e-mails; counted per e-mail and address.',
    args: { email: t.arg.string({ required: true }) },
    resolve: (_, args, ctx) => requestLoginLink(ctx, args),
  }),
  passwordReset: t.boolean({
    description: 'Public. Sets a new password with the token of a reset link (login/reset-password/{token}).',
    args: {
      token: t.arg.string({ required: true }),
      password: t.arg.string({ required: true }),
      passwordRepeat: t.arg.string({ required: true }),
    },
    resolve: (_, args, ctx) => resetPassword(ctx, args),
  }),
}));

export { readFeatureFlags };
