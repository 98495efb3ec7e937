import {
  DomainError,
  LOGIN_THROTTLE,
  LOGIN_TOKEN_TTL_MS,
  loginInputSchema,
  PASSWORD_RESET_TTL_MS,
  passwordResetRequestSchema,
  passwordResetSchema,
  type Policy,
  SESSION_IDLE_TTL_MS,
  SESSION_REFRESH_MS,
} from '@pp/domain';
import { and, count, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { recordAudit } from '../../platform/audit/service';
import type { Auth, RequestContext } from '../../platform/context';
import type { Db, DbOrTx } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { readFeatureFlags } from '../../platform/flags/service';
import { queueMail } from '../../platform/mail/service';
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
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';
import { loginFailures, loginTokens, sessions, streamTokens } from './tables';
import { hashToken, newToken, remoteLoginHash, safeEqual } from './tokens';

/** Last-seen stamps are written at most this often, so that every request is not a write. */
const TOUCH_EVERY_MS = 60_000;
const STREAM_TOKEN_TTL_MS = 5 * 60_000;

const adminAccounts = alias(accounts, 'admin_accounts');

/** Looks up a live session by its token; null when the token is unknown, revoked, expired or its account is off. */
export async function resolveSession(db: Db, token: string): Promise<Auth | null> {
  const [row] = await db
    .select({
      session: sessions,
      account: accounts,
      admin: { id: adminAccounts.id, email: adminAccounts.email },
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .leftJoin(adminAccounts, eq(adminAccounts.id, sessions.adminAccountId))
    .where(
      and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)),
    );
  if (!row?.account.isActive) return null;
  let expiresAt = row.session.expiresAt;
  if (Date.now() - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    expiresAt = new Date(Date.now() + SESSION_IDLE_TTL_MS);
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
    },
    admin: row.admin?.id ? { id: row.admin.id, email: row.admin.email } : null,
    boundPartnerId: row.session.boundPartnerId,
    expiresAt,
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
export async function sessionView(db: DbOrTx, auth: Auth, requestedPartnerId: number | null): Promise<SessionView> {
  const flags = await readFeatureFlags(db);
  const partners = await reachablePartners(db, auth, flags);
  const selectedPartner = choosePartner(partners, requestedPartnerId);
  const acl = selectedPartner ? await policiesFor(db, auth, selectedPartner) : [];
  return { auth, partners, selectedPartner, acl, refreshTime: new Date(Date.now() + SESSION_REFRESH_MS) };
}

function throttleKeys(email: string, ip: string): string[] {
  return [`email:${email}`, `ip:${ip}`];
}

async function isThrottled(db: Db, keys: string[]): Promise<boolean> {
  const since = new Date(Date.now() - LOGIN_THROTTLE.windowMs);
  const rows = await db
    .select({ key: loginFailures.key, n: count() })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, keys), gt(loginFailures.at, since)))
    .groupBy(loginFailures.key);
  // The address limit is looser: several people may share one office address.
  return rows.some(
    (r) => r.n >= (r.key.startsWith('ip:') ? LOGIN_THROTTLE.maxFailures * 4 : LOGIN_THROTTLE.maxFailures),
  );
}

async function createSession(
  tx: DbOrTx,
  ctx: RequestContext,
  values: { accountId: number; adminAccountId?: number | null; boundPartnerId?: number | null },
): Promise<{ token: string; sessionId: number }> {
  const token = newToken();
  const [row] = await tx
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      accountId: values.accountId,
      adminAccountId: values.adminAccountId ?? null,
      boundPartnerId: values.boundPartnerId ?? null,
      expiresAt: new Date(Date.now() + SESSION_IDLE_TTL_MS),
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
    await queueMail(db, {
      to: account.email,
      template: 'account-activation',
      lang: account.lang,
      data: { accountId: account.id },
    });
    throw new DomainError('NOT_CONFIRMED');
  }
  if (account.isAdmin) return;
  const flags = await readFeatureFlags(db);
  const probe: Auth = {
    sessionId: 0,
    account: { ...account, isAdmin: false },
    admin: null,
    boundPartnerId: null,
    expiresAt: new Date(),
  };
  if ((await reachablePartners(db, probe, flags)).length === 0) throw new DomainError('NO_ACTIVE_PARTNER');
}

export async function login(ctx: RequestContext, input: unknown): Promise<{ token: string; auth: Auth }> {
  const parsed = loginInputSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const { email, password } = parsed.data;
  const keys = throttleKeys(email, ctx.ip);
  if (await isThrottled(ctx.db, keys)) throw new DomainError('TOO_MANY_ATTEMPTS');

  const [account] = await ctx.db
    .select()
    .from(accounts)
    .where(eq(sql`lower(${accounts.email})`, email));
  let ok = false;
  if (account?.passwordHash) ok = await verifyPassword(account.passwordHash, password);
  else await verifyAgainstDummy(password);
  if (!account || !ok) {
    await ctx.db.insert(loginFailures).values(keys.map((key) => ({ key })));
    throw new DomainError('BAD_CREDENTIALS');
  }
  await assertMaySignIn(ctx.db, account);

  const { token } = await ctx.db.transaction(async (tx) => {
    await tx.delete(loginFailures).where(eq(loginFailures.key, keys[0]!));
    const created = await createSession(tx, ctx, { accountId: account.id });
    await recordAudit(tx, { ...ctx.actor(null), accountId: account.id }, { action: 'auth.login', partnerId: null });
    return created;
  });
  return { token, auth: await authOf(ctx.db, token) };
}

export async function logout(ctx: RequestContext): Promise<boolean> {
  const auth = ctx.requireAuth();
  await ctx.db.transaction(async (tx) => {
    await tx.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, auth.sessionId));
    await recordAudit(tx, ctx.actor(null), { action: 'auth.logout', partnerId: null });
  });
  await ctx.platform.stream.endSessions([auth.sessionId]);
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
async function consumeToken(tx: DbOrTx, token: string, purpose: 'login' | 'remote' | 'reset') {
  const [row] = await tx
    .update(loginTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(loginTokens.tokenHash, hashToken(token)), eq(loginTokens.purpose, purpose), isNull(loginTokens.usedAt)),
    )
    .returning();
  if (!row) throw new DomainError('BAD_CREDENTIALS');
  if (row.expiresAt.getTime() < Date.now()) throw new DomainError('EXPIRED');
  return row;
}

export async function loginWithToken(
  ctx: RequestContext,
  token: string,
): Promise<{ token: string; auth: Auth; isConfirmed: boolean; hasPassword: boolean }> {
  const [account] = await ctx.db
    .select({ account: accounts })
    .from(loginTokens)
    .innerJoin(accounts, eq(accounts.id, loginTokens.accountId))
    .where(and(eq(loginTokens.tokenHash, hashToken(token)), eq(loginTokens.purpose, 'login')));
  if (!account) throw new DomainError('BAD_CREDENTIALS');
  await assertMaySignIn(ctx.db, account.account);
  const created = await ctx.db.transaction(async (tx) => {
    const row = await consumeToken(tx, token, 'login');
    const session = await createSession(tx, ctx, { accountId: row.accountId });
    await recordAudit(
      tx,
      { ...ctx.actor(null), accountId: row.accountId },
      { action: 'auth.login-token', partnerId: null },
    );
    return session;
  });
  return {
    token: created.token,
    auth: await authOf(ctx.db, created.token),
    isConfirmed: account.account.isConfirmed,
    hasPassword: account.account.passwordHash !== null,
  };
}

/** Cockpit: an operator asks for a one-time link that signs them in as the partner's master account. */
export async function createRemoteLoginLink(ctx: RequestContext, partnerId: number): Promise<string> {
  const admin = ctx.requireAdmin();
  const partner = await partnerById(ctx.db, partnerId);
  if (!partner) throw new DomainError('ENTITY_NOT_FOUND');
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
  const created = await ctx.db.transaction(async (tx) => {
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
    const session = await createSession(tx, ctx, {
      accountId: row.accountId,
      adminAccountId: row.adminAccountId,
      boundPartnerId: input.partnerId,
    });
    await recordAudit(
      tx,
      {
        accountId: row.accountId,
        adminAccountId: row.adminAccountId,
        partnerId: input.partnerId,
        requestId: ctx.requestId,
      },
      { action: 'auth.remote-login' },
    );
    return session;
  });
  return { token: created.token, auth: await authOf(ctx.db, created.token) };
}

/**
 * Forgot password: e-mails a one-time reset link. The answer is the same whether the e-mail is known or
 * not, so the form cannot be used to find out who has an account.
 */
export async function requestPasswordReset(ctx: RequestContext, input: unknown): Promise<true> {
  const parsed = passwordResetRequestSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const keys = [`reset:${parsed.data.email}`, `ip:${ctx.ip}`];
  if (await isThrottled(ctx.db, keys)) throw new DomainError('TOO_MANY_ATTEMPTS');
  const [account] = await ctx.db
    .select()
    .from(accounts)
    .where(eq(sql`lower(${accounts.email})`, parsed.data.email));
  // Each request counts towards the throttle, known e-mail or not: the form must not become a mail cannon.
  await ctx.db.insert(loginFailures).values({ key: keys[0]! });
  if (!account?.isActive) return true;
  const token = newToken();
  await ctx.db.transaction(async (tx) => {
    await tx.insert(loginTokens).values({
      tokenHash: hashToken(token),
      purpose: 'reset',
      accountId: account.id,
      expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
    });
    await queueMail(tx, {
      to: account.email,
      template: 'password-reset',
      lang: account.lang,
      data: { path: `/login/reset-password/${token}` },
    });
    await recordAudit(
      tx,
      { ...ctx.actor(null), accountId: account.id },
      { action: 'auth.password-reset-request', partnerId: null },
    );
  });
  return true;
}

/** Reset password by the e-mailed token: sets the new password and ends every session of the account. */
export async function resetPassword(
  ctx: RequestContext,
  input: { token: string; password: string; passwordRepeat: string },
): Promise<true> {
  const parsed = passwordResetSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const passwordHash = await hashPassword(parsed.data.password);
  const ended = await ctx.db.transaction(async (tx) => {
    const row = await consumeToken(tx, input.token, 'reset');
    await tx.update(accounts).set({ passwordHash, updated: sql`now()` }).where(eq(accounts.id, row.accountId));
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.accountId, row.accountId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    await recordAudit(
      tx,
      { ...ctx.actor(null), accountId: row.accountId },
      { action: 'auth.password-reset', partnerId: null },
    );
    return revoked.map((r) => r.id);
  });
  await ctx.platform.stream.endSessions(ended);
  return true;
}

/** A short-lived token that opens the live stream for this session. */
export async function createStreamToken(ctx: RequestContext): Promise<string> {
  const auth = ctx.requireAuth();
  const token = newToken();
  await ctx.db.insert(streamTokens).values({
    tokenHash: hashToken(token),
    sessionId: auth.sessionId,
    expiresAt: new Date(Date.now() + STREAM_TOKEN_TTL_MS),
  });
  return token;
}

/** The session a stream token opens, or null. */
export async function resolveStreamToken(
  db: Db,
  token: string,
): Promise<{ sessionId: number; accountId: number } | null> {
  const [row] = await db
    .select({ sessionId: sessions.id, accountId: sessions.accountId })
    .from(streamTokens)
    .innerJoin(sessions, eq(sessions.id, streamTokens.sessionId))
    .where(
      and(
        eq(streamTokens.tokenHash, hashToken(token)),
        gt(streamTokens.expiresAt, sql`now()`),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    );
  return row ?? null;
}

/** The periodic clean-up: expired and revoked sessions, used or stale tokens, old login failures. */
export async function cleanUpSessions(db: Db): Promise<{ sessions: number; tokens: number; failures: number }> {
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
    const failures = await tx
      .delete(loginFailures)
      .where(lt(loginFailures.at, new Date(Date.now() - LOGIN_THROTTLE.windowMs)))
      .returning({ id: loginFailures.id });
    return { sessions: gone.length, tokens: tokens.length, failures: failures.length };
  });
}

export { hashPassword };
