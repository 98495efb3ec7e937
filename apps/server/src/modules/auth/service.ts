import {
  DomainError,
  IMPERSONATION_ABSOLUTE_TTL_MS,
  LOGIN_ADDRESS_LIMIT,
  LOGIN_PAIR_LIMIT,
  isOperatorAllowed,
  isOperatorRole,
  LOGIN_TOKEN_TTL_MS,
  loginInputSchema,
  PASSWORD_RESET_TTL_MS,
  passwordResetRequestSchema,
  passwordResetSchema,
  type OperatorRole,
  type Policy,
  RESET_ADDRESS_LIMIT,
  type SecondFactorMethod,
  RESET_REQUEST_LIMIT,
  SECRET_CHECK_LIMIT,
  SESSION_ABSOLUTE_TTL_MS,
  SESSION_IDLE_TTL_MS,
  SESSION_REFRESH_MS,
} from '@pp/domain';
import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { recordAudit } from '../../platform/audit/service';
import type { Auth, RequestContext } from '../../platform/context';
import type { Db, DbOrTx } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { readFeatureFlags } from '../../platform/flags/service';
import { queueMail } from '../../platform/mail/service';
import { metrics } from '../../platform/metrics';
import { accounts } from '../account/tables';
import {
  choosePartner,
  isPartnerReachable,
  masterAccountOf,
  type PartnerSummary,
  partnerById,
  policiesFor,
  reachablePartners,
} from '../partner/service';
import { isRegisteredAccount, queueConfirmationMail } from '../registration/confirmation-mail';
import { mustAgreeToTerms } from '../terms/service';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';
import { loginTokens, sessions, streamTokens, twoFactorTickets, webauthnChallenges } from './tables';
import {
  clearAttempts,
  cleanUpThrottle,
  isKnownClient,
  refundAttempt,
  rememberClient,
  takeAttempt,
  takeDelayedAttempt,
} from './throttle';
import { hashToken, newToken, remoteLoginHash, safeEqual } from './tokens';
import { hasSecondFactor, issueTwoFactorTicket, secondFactorMethods, twoFactorState } from './two-factor';

/** Last-seen stamps are written at most this often, so that every request is not a write. */
const TOUCH_EVERY_MS = 60_000;

const adminAccounts = alias(accounts, 'admin_accounts');
const originSessions = alias(sessions, 'origin_sessions');

/** The job that looks an e-mail up and mails a reset link: the request itself does the same for any e-mail. */
export const PASSWORD_RESET_JOB = 'auth.password-reset-mail';

/** The roles stored for an operator; a name the domain no longer knows grants nothing. */
export function rolesOf(stored: readonly string[]): OperatorRole[] {
  return stored.filter(isOperatorRole);
}

/** Looks up a live session by its token; null when the token is unknown, revoked, expired or its account is off. */
export async function resolveSession(db: Db, token: string): Promise<Auth | null> {
  const [row] = await db
    .select({
      session: sessions,
      account: accounts,
      admin: {
        id: adminAccounts.id,
        email: adminAccounts.email,
        isActive: adminAccounts.isActive,
        isAdmin: adminAccounts.isAdmin,
        operatorRoles: adminAccounts.operatorRoles,
      },
      origin: { id: originSessions.id, revokedAt: originSessions.revokedAt, expiresAt: originSessions.expiresAt },
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .leftJoin(adminAccounts, eq(adminAccounts.id, sessions.adminAccountId))
    .leftJoin(originSessions, eq(originSessions.id, sessions.originSessionId))
    .where(
      and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)),
    );
  if (!row?.account.isActive) return null;
  // An impersonation lives only while its operator may: active, still an operator, still signed in.
  if (row.session.adminAccountId !== null) {
    if (!row.admin?.isActive || !row.admin.isAdmin) return null;
    if (!row.origin?.id || row.origin.revokedAt !== null || row.origin.expiresAt.getTime() <= Date.now()) return null;
  }
  // A session made without a second factor, of an account that must have one, may only enrol (issue 24).
  const mustEnrol =
    row.session.adminAccountId === null && row.session.secondFactorAt === null
      ? await (async () => {
          const state = await twoFactorState(db, row.account.id);
          return state.required && !state.enrolled;
        })()
      : false;
  let expiresAt = row.session.expiresAt;
  if (Date.now() - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    expiresAt = slidingExpiry(row.session.absoluteExpiresAt);
    await db.update(sessions).set({ lastSeenAt: sql`now()`, expiresAt }).where(eq(sessions.id, row.session.id));
  }
  return {
    sessionId: row.session.id,
    account: {
      id: row.account.id,
      email: row.account.email,
      firstName: row.account.firstName,
      lastName: row.account.lastName,
      lang: row.account.lang,
      isConfirmed: row.account.isConfirmed,
      isAdmin: row.account.isAdmin,
      operatorRoles: rolesOf(row.account.operatorRoles),
    },
    admin: row.admin?.id
      ? { id: row.admin.id, email: row.admin.email, operatorRoles: rolesOf(row.admin.operatorRoles) }
      : null,
    readOnly: row.session.readOnly,
    boundPartnerId: row.session.boundPartnerId,
    expiresAt,
    secondFactorAt: row.session.secondFactorAt,
    twoFactorEnrolmentRequired: mustEnrol,
  };
}

export interface SessionView {
  auth: Auth;
  partners: PartnerSummary[];
  selectedPartner: PartnerSummary | null;
  acl: Policy[];
  refreshTime: Date;
}

/** "Check logged": the caller's session with partners, selected partner and permissions. */
export async function sessionView(
  db: DbOrTx,
  auth: Auth,
  requestedPartnerId: number | null,
  /** The request's cached loaders, when the session is the caller's own. */
  loaders?: Pick<RequestContext, 'reachablePartners' | 'policiesFor'>,
): Promise<SessionView> {
  const partners = loaders
    ? await loaders.reachablePartners()
    : await reachablePartners(db, auth, await readFeatureFlags(db));
  const chosen = choosePartner(partners, requestedPartnerId);
  // Read with the session so that the portal asks for consent right after sign-in (terms/service.ts).
  const selectedPartner = chosen && {
    ...chosen,
    mustAgreeToTerms: await mustAgreeToTerms(db, chosen, auth.admin !== null),
  };
  const acl = selectedPartner
    ? await (loaders ? loaders.policiesFor(selectedPartner) : policiesFor(db, auth, selectedPartner))
    : [];
  return { auth, partners, selectedPartner, acl, refreshTime: new Date(Date.now() + SESSION_REFRESH_MS) };
}

/** The sliding end of a session after use: idle time from now, never past its absolute end. */
function slidingExpiry(absoluteExpiresAt: Date): Date {
  return new Date(Math.min(Date.now() + SESSION_IDLE_TTL_MS, absoluteExpiresAt.getTime()));
}

/** Public operations that check a secret (token links, reset links) count per address before they look. */
async function throttleSecretCheck<T>(ctx: RequestContext, check: () => Promise<T>): Promise<T> {
  const key = `secret-ip:${ctx.ip}`;
  if (!(await takeAttempt(ctx.db, key, SECRET_CHECK_LIMIT))) throw new DomainError('TOO_MANY_ATTEMPTS');
  const result = await check();
  // A right secret gives its attempt back: the limit counts wrong guesses.
  await refundAttempt(ctx.db, key);
  return result;
}

export async function createSession(
  tx: DbOrTx,
  ctx: RequestContext,
  values: {
    accountId: number;
    adminAccountId?: number | null;
    boundPartnerId?: number | null;
    originSessionId?: number | null;
    readOnly?: boolean;
    /** The second factor this sign-in proved (two-factor-signin.ts); none: the first factor alone. */
    secondFactorMethod?: SecondFactorMethod | null;
  },
): Promise<{ token: string; sessionId: number }> {
  const token = newToken();
  const lifetime = values.adminAccountId ? IMPERSONATION_ABSOLUTE_TTL_MS : SESSION_ABSOLUTE_TTL_MS;
  const absoluteExpiresAt = new Date(Date.now() + lifetime);
  const [row] = await tx
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      accountId: values.accountId,
      adminAccountId: values.adminAccountId ?? null,
      boundPartnerId: values.boundPartnerId ?? null,
      originSessionId: values.originSessionId ?? null,
      readOnly: values.readOnly ?? false,
      ...(values.secondFactorMethod
        ? { secondFactorAt: sql`now()`, secondFactorMethod: values.secondFactorMethod }
        : {}),
      absoluteExpiresAt,
      expiresAt: slidingExpiry(absoluteExpiresAt),
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    })
    .returning({ id: sessions.id });
  return { token, sessionId: row!.id };
}

async function authOf(db: Db, token: string): Promise<Auth> {
  const auth = await resolveSession(db, token);
  if (!auth) throw new DomainError('INTERNAL');
  return auth;
}

/** Refuses accounts that may not sign in, in the order the catalogue's messages make sense to a person. */
async function assertMaySignIn(db: Db, account: typeof accounts.$inferSelect): Promise<void> {
  if (!account.isActive) throw new DomainError('DEACTIVATED');
  if (!account.isConfirmed) {
    // A self-registered account is activated by its registration link: a fresh one is sent (counted per account).
    if (await isRegisteredAccount(db, account.id)) await queueConfirmationMail(db, account);
    else {
      await queueMail(db, {
        to: account.email,
        template: 'account-activation',
        lang: account.lang,
        data: { accountId: account.id },
      });
    }
    throw new DomainError('NOT_CONFIRMED');
  }
  if (account.isAdmin) return;
  const flags = await readFeatureFlags(db);
  const probe: Auth = {
    sessionId: 0,
    account: { ...account, isAdmin: false, operatorRoles: [] },
    admin: null,
    readOnly: false,
    boundPartnerId: null,
    expiresAt: new Date(),
  };
  if ((await reachablePartners(db, probe, flags)).length === 0) throw new DomainError('NO_ACTIVE_PARTNER');
}

/** A right first factor of an account with a second one: no session yet, a ticket for the second step. */
export interface SecondFactorPending {
  ticket: string;
  methods: ('totp' | 'recovery' | 'passkey')[];
}

export type SignInOutcome =
  | { token: string; auth: Auth; twoFactor: null }
  | { token: null; auth: null; twoFactor: SecondFactorPending };

export async function login(ctx: RequestContext, input: unknown): Promise<SignInOutcome> {
  const parsed = loginInputSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const { email, password } = parsed.data;
  // Every attempt is counted before the password is checked (docs/decisions.md, "Login throttling"):
  // tightly per e-mail and address, loosely per address, and per account with growing delays that an
  // address which signed in to the account before does not meet.
  const pairKey = `login:${email}|${ctx.ip}`;
  if (!(await takeAttempt(ctx.db, pairKey, LOGIN_PAIR_LIMIT))) throw new DomainError('TOO_MANY_ATTEMPTS');
  const addressKey = `login-ip:${ctx.ip}`;
  if (!(await takeAttempt(ctx.db, addressKey, LOGIN_ADDRESS_LIMIT))) throw new DomainError('TOO_MANY_ATTEMPTS');
  const [account] = await ctx.db
    .select()
    .from(accounts)
    .where(eq(sql`lower(${accounts.email})`, email));
  const known = account ? await isKnownClient(ctx.db, account.id, ctx.ip) : false;
  if (!known && !(await takeDelayedAttempt(ctx.db, `login-account:${email}`))) {
    throw new DomainError('TOO_MANY_ATTEMPTS');
  }

  let ok = false;
  if (account?.passwordHash) ok = await verifyPassword(account.passwordHash, password);
  else await verifyAgainstDummy(password);
  metrics.passwordChecks.inc();
  // A registration not confirmed yet has no password to check: its owner is offered a new link (spec §4).
  if (
    account?.passwordHash === null &&
    !account.isConfirmed &&
    account.isActive &&
    (await isRegisteredAccount(ctx.db, account.id))
  ) {
    await queueConfirmationMail(ctx.db, account);
    throw new DomainError('NOT_CONFIRMED');
  }
  if (!account || !ok) throw new DomainError('BAD_CREDENTIALS');
  await assertMaySignIn(ctx.db, account);

  if (await hasSecondFactor(ctx.db, account.id)) {
    // The password was right: its counters behave as after a sign-in (the address proved the password, so it
    // skips the password's delays from now on), but the session waits for the second factor, whose guesses are
    // counted apart (two-factor-signin.ts).
    const ticket = await ctx.db.transaction(async (tx) => {
      await clearAttempts(tx, pairKey);
      await refundAttempt(tx, addressKey);
      await rememberClient(tx, account.id, ctx.ip);
      return issueTwoFactorTicket(tx, account.id, 'password');
    });
    return { token: null, auth: null, twoFactor: { ticket, methods: await secondFactorMethods(ctx.db, account.id) } };
  }

  const { token } = await ctx.db.transaction(async (tx) => {
    // The address limit counts failures: a right password gives its attempt back.
    await clearAttempts(tx, pairKey);
    await refundAttempt(tx, addressKey);
    await rememberClient(tx, account.id, ctx.ip);
    const created = await createSession(tx, ctx, { accountId: account.id });
    await recordAudit(tx, { ...ctx.actor(null), accountId: account.id }, { action: 'auth.login', partnerId: null });
    return created;
  });
  return { token, auth: await authOf(ctx.db, token), twoFactor: null };
}

export async function logout(ctx: RequestContext): Promise<boolean> {
  const auth = ctx.requireAuth();
  const ended = await ctx.db.transaction(async (tx) => {
    // An operator signing out ends the impersonations opened from this session too.
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          or(eq(sessions.id, auth.sessionId), eq(sessions.originSessionId, auth.sessionId)),
          isNull(sessions.revokedAt),
        ),
      )
      .returning({ id: sessions.id });
    await recordAudit(tx, ctx.actor(null), { action: 'auth.logout', partnerId: null });
    return revoked.map((r) => r.id);
  });
  await ctx.platform.sessionsEnded(ended);
  return true;
}

/** Issues a one-time login link token for an account (e-mailed links; tests). */
export async function issueLoginToken(db: DbOrTx, accountId: number): Promise<string> {
  const token = newToken();
  await db.insert(loginTokens).values({
    tokenHash: hashToken(token),
    purpose: 'login',
    accountId,
    expiresAt: new Date(Date.now() + LOGIN_TOKEN_TTL_MS),
  });
  return token;
}

/** Takes a one-time token: refuses unknown, used and expired ones, and marks it used in the same step. */
async function consumeToken(tx: DbOrTx, token: string, purpose: 'login' | 'remote' | readonly ('reset' | 'invite')[]) {
  const [row] = await tx
    .update(loginTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(loginTokens.tokenHash, hashToken(token)),
        typeof purpose === 'string' ? eq(loginTokens.purpose, purpose) : inArray(loginTokens.purpose, [...purpose]),
        isNull(loginTokens.usedAt),
      ),
    )
    .returning();
  if (!row) throw new DomainError('BAD_CREDENTIALS');
  if (row.expiresAt.getTime() < Date.now()) throw new DomainError('EXPIRED');
  return row;
}

export type TokenSignInOutcome = SignInOutcome & { isConfirmed: boolean; hasPassword: boolean };

export async function loginWithToken(ctx: RequestContext, token: string): Promise<TokenSignInOutcome> {
  return throttleSecretCheck(ctx, () => loginWithCheckedToken(ctx, token));
}

async function loginWithCheckedToken(ctx: RequestContext, token: string): Promise<TokenSignInOutcome> {
  const [account] = await ctx.db
    .select({ account: accounts })
    .from(loginTokens)
    .innerJoin(accounts, eq(accounts.id, loginTokens.accountId))
    .where(and(eq(loginTokens.tokenHash, hashToken(token)), eq(loginTokens.purpose, 'login')));
  if (!account) throw new DomainError('BAD_CREDENTIALS');
  await assertMaySignIn(ctx.db, account.account);
  const flags = { isConfirmed: account.account.isConfirmed, hasPassword: account.account.passwordHash !== null };
  // A login link proves the mailbox, not the second factor: it ends in the second step like a password.
  if (await hasSecondFactor(ctx.db, account.account.id)) {
    const ticket = await ctx.db.transaction(async (tx) => {
      const row = await consumeToken(tx, token, 'login');
      await clearAttempts(tx, `login:${account.account.email.toLowerCase()}|${ctx.ip}`);
      return issueTwoFactorTicket(tx, row.accountId, 'login-link');
    });
    const methods = await secondFactorMethods(ctx.db, account.account.id);
    return { token: null, auth: null, twoFactor: { ticket, methods }, ...flags };
  }
  const created = await ctx.db.transaction(async (tx) => {
    const row = await consumeToken(tx, token, 'login');
    // The mailbox's owner is the account's owner: this address signs in past the account's delays from now
    // on, and its own failed passwords are forgotten, as after a right password.
    await rememberClient(tx, row.accountId, ctx.ip);
    await clearAttempts(tx, `login:${account.account.email.toLowerCase()}|${ctx.ip}`);
    const session = await createSession(tx, ctx, { accountId: row.accountId });
    await recordAudit(
      tx,
      { ...ctx.actor(null), accountId: row.accountId },
      { action: 'auth.login-token', partnerId: null },
    );
    return session;
  });
  return { token: created.token, auth: await authOf(ctx.db, created.token), twoFactor: null, ...flags };
}

/** Cockpit: an operator asks for a one-time link that signs them in as the partner's master account. */
export async function createRemoteLoginLink(ctx: RequestContext, partnerId: number): Promise<string> {
  const admin = ctx.requireOperator('impersonation', 'read');
  // Signing in as a partner needs the operator's own second factor on this session (issue 24).
  if (!admin.secondFactorAt) throw new DomainError('TWO_FACTOR_REQUIRED');
  const partner = await partnerById(ctx.db, partnerId);
  // A sandbox (issue 20) is no partner anybody signs in as.
  if (!partner || partner.sandboxOf !== null) throw new DomainError('ENTITY_NOT_FOUND');
  // A deactivated partner, or one of a market switched off, has no portal to enter.
  if (!isPartnerReachable(partner, await ctx.flags())) throw new DomainError('NO_ACTIVE_PARTNER');
  const masterId = await masterAccountOf(ctx.db, partnerId);
  if (masterId === null) throw new DomainError('INVALID_OPERATION');
  const token = newToken();
  await ctx.db.transaction(async (tx) => {
    await tx.insert(loginTokens).values({
      tokenHash: hashToken(token),
      purpose: 'remote',
      accountId: masterId,
      partnerId,
      adminAccountId: admin.account.id,
      originSessionId: admin.sessionId,
      expiresAt: new Date(Date.now() + LOGIN_TOKEN_TTL_MS),
    });
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'cockpit.remote-login-link',
      entity: 'partner',
      entityId: partnerId,
    });
  });
  const hash = remoteLoginHash(ctx.platform.config.remoteLoginSecret, token, partnerId, admin.account.id);
  return `/remote-login/${hash}/token/${token}/partner/${partnerId}`;
}

/** remote-login/{hash}/token/{token}/partner/{partnerId}: the administrator becomes the partner, visibly. */
export async function loginAsAdmin(
  ctx: RequestContext,
  input: { hash: string; token: string; partnerId: number },
): Promise<{ token: string; auth: Auth }> {
  const created = await throttleSecretCheck(ctx, () =>
    ctx.db.transaction(async (tx) => {
      const row = await consumeToken(tx, input.token, 'remote');
      const expected = remoteLoginHash(
        ctx.platform.config.remoteLoginSecret,
        input.token,
        input.partnerId,
        row.adminAccountId ?? 0,
      );
      if (row.partnerId !== input.partnerId || row.adminAccountId === null || !safeEqual(expected, input.hash)) {
        throw new DomainError('BAD_CREDENTIALS');
      }
      const [admin] = await tx.select().from(accounts).where(eq(accounts.id, row.adminAccountId));
      if (!admin?.isActive || !admin.isAdmin) throw new DomainError('ACCESS_DENIED');
      // The roles as they are now, not when the link was made: a role taken away in between counts.
      const roles = rolesOf(admin.operatorRoles);
      if (!isOperatorAllowed(roles, 'impersonation', 'read')) throw new DomainError('ACCESS_DENIED');
      // The operator's session that asked for the link proved a second factor (issue 24).
      const [origin] = await tx
        .select({ secondFactorAt: sessions.secondFactorAt })
        .from(sessions)
        .where(eq(sessions.id, row.originSessionId ?? 0));
      if (!origin?.secondFactorAt) throw new DomainError('TWO_FACTOR_REQUIRED');
      const session = await createSession(tx, ctx, {
        accountId: row.accountId,
        adminAccountId: row.adminAccountId,
        boundPartnerId: input.partnerId,
        originSessionId: row.originSessionId,
        readOnly: !isOperatorAllowed(roles, 'impersonation', 'update'),
      });
      await recordAudit(
        tx,
        {
          accountId: row.accountId,
          adminAccountId: row.adminAccountId,
          partnerId: input.partnerId,
          requestId: ctx.requestId,
        },
        { action: 'auth.remote-login', data: { readOnly: !isOperatorAllowed(roles, 'impersonation', 'update') } },
      );
      return session;
    }),
  );
  return { token: created.token, auth: await authOf(ctx.db, created.token) };
}

/**
 * Forgot password: e-mails a one-time reset link. The answer, and the work done before it, are the same
 * whether the e-mail is known or not: the request only counts and queues; the job looks the e-mail up.
 */
export async function requestPasswordReset(ctx: RequestContext, input: unknown): Promise<true> {
  const parsed = passwordResetRequestSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const { email } = parsed.data;
  // Every request counts, known e-mail or not: the form must not become a mail cannon.
  if (!(await takeAttempt(ctx.db, `reset:${email}`, RESET_REQUEST_LIMIT))) throw new DomainError('TOO_MANY_ATTEMPTS');
  if (!(await takeAttempt(ctx.db, `reset-ip:${ctx.ip}`, RESET_ADDRESS_LIMIT)))
    throw new DomainError('TOO_MANY_ATTEMPTS');
  await ctx.platform.jobs.send(PASSWORD_RESET_JOB, { email, requestId: ctx.requestId });
  return true;
}

/** The job behind a reset request: an active account gets a reset e-mail; its link is made when it is sent. */
export async function mailPasswordReset(db: Db, input: { email: string; requestId: string }): Promise<boolean> {
  const [account] = await db
    .select()
    .from(accounts)
    .where(eq(sql`lower(${accounts.email})`, input.email));
  if (!account?.isActive) return false;
  await db.transaction(async (tx) => {
    await queueMail(tx, {
      to: account.email,
      template: 'password-reset',
      lang: account.lang,
      data: { accountId: account.id },
    });
    await recordAudit(
      tx,
      { accountId: account.id, adminAccountId: null, partnerId: null, requestId: input.requestId },
      { action: 'auth.password-reset-request', partnerId: null },
    );
  });
  return true;
}

/** A new reset token for the e-mail being sent now: only its hash is stored. */
export async function issueResetToken(db: DbOrTx, accountId: number): Promise<string> {
  const token = newToken();
  await db.insert(loginTokens).values({
    tokenHash: hashToken(token),
    purpose: 'reset',
    accountId,
    expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
  });
  return token;
}

/** The links that set a password: reset links, and the invitations of accounts added by a partner (account/mails.ts). */
const PASSWORD_LINK_PURPOSES = ['reset', 'invite'] as const;

/** Ends every outstanding reset link (and invitation) of an account (after a reset or a password change). */
export async function endResetLinks(tx: DbOrTx, accountId: number): Promise<void> {
  await tx
    .update(loginTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(loginTokens.accountId, accountId),
        inArray(loginTokens.purpose, [...PASSWORD_LINK_PURPOSES]),
        isNull(loginTokens.usedAt),
      ),
    );
}

/** What a reset link's page may learn on arrival: only about the link, never about its account. */
export const RESET_LINK_STATUSES = ['VALID', 'USED', 'EXPIRED', 'UNKNOWN'] as const;
export type ResetLinkStatus = (typeof RESET_LINK_STATUSES)[number];

/**
 * Checks a reset link without spending it, so its page can say at once that it is dead. It checks a
 * secret, so it counts per address like the other secret checks (a known link gives its attempt back), and a
 * request may check one link only: aliases cannot turn one request into many guesses.
 */
export async function passwordResetLinkStatus(ctx: RequestContext, token: string): Promise<ResetLinkStatus> {
  const key = `secret-ip:${ctx.ip}`;
  if (!(await takeAttempt(ctx.db, key, SECRET_CHECK_LIMIT))) throw new DomainError('TOO_MANY_ATTEMPTS');
  const [row] =
    token.length > 0 && token.length <= 200
      ? await ctx.db
          .select({ usedAt: loginTokens.usedAt, expiresAt: loginTokens.expiresAt })
          .from(loginTokens)
          .where(
            and(eq(loginTokens.tokenHash, hashToken(token)), inArray(loginTokens.purpose, [...PASSWORD_LINK_PURPOSES])),
          )
          .limit(1)
      : [];
  if (!row) return 'UNKNOWN';
  await refundAttempt(ctx.db, key);
  if (row.usedAt) return 'USED';
  if (row.expiresAt.getTime() < Date.now()) return 'EXPIRED';
  return 'VALID';
}

/**
 * Reset password by the e-mailed token: sets the new password and ends every session of the account. An
 * invitation's token works here too: its account gets its first password and, having proved its mailbox,
 * is confirmed.
 */
export async function resetPassword(
  ctx: RequestContext,
  input: { token: string; password: string; passwordRepeat: string },
): Promise<true> {
  const parsed = passwordResetSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const passwordHash = await hashPassword(parsed.data.password);
  const ended = await throttleSecretCheck(ctx, () =>
    ctx.db.transaction(async (tx) => {
      const row = await consumeToken(tx, input.token, PASSWORD_LINK_PURPOSES);
      await tx
        .update(accounts)
        .set({ passwordHash, updated: sql`now()`, ...(row.purpose === 'invite' ? { isConfirmed: true } : {}) })
        .where(eq(accounts.id, row.accountId));
      await endResetLinks(tx, row.accountId);
      const revoked = await tx
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.accountId, row.accountId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      await recordAudit(
        tx,
        { ...ctx.actor(null), accountId: row.accountId },
        { action: row.purpose === 'invite' ? 'auth.invitation-accepted' : 'auth.password-reset', partnerId: null },
      );
      return revoked.map((r) => r.id);
    }),
  );
  await ctx.platform.sessionsEnded(ended);
  return true;
}

/** The periodic clean-up: expired and revoked sessions, used or stale tokens, old login failures. */
export async function cleanUpSessions(db: Db): Promise<{ sessions: number; tokens: number; throttles: number }> {
  return db.transaction(async (tx) => {
    const dayAgo = new Date(Date.now() - 24 * 60 * 60_000);
    const gone = await tx
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, sql`now()`), lt(sessions.revokedAt, dayAgo)))
      .returning({ id: sessions.id });
    const tokens = await tx
      .delete(loginTokens)
      .where(lt(loginTokens.expiresAt, dayAgo))
      .returning({ id: loginTokens.id });
    await tx.delete(streamTokens).where(lt(streamTokens.expiresAt, sql`now()`));
    // Two-factor sign-in's tickets and passkey challenges (issue 24): short-lived, kept a day for support questions.
    await tx.delete(twoFactorTickets).where(lt(twoFactorTickets.expiresAt, dayAgo));
    await tx.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`now()`));
    const throttles = await cleanUpThrottle(tx, 60 * 60_000);
    return { sessions: gone.length, tokens: tokens.length, throttles };
  });
}

export { hashPassword };
