import { randomInt } from 'node:crypto';
import {
  DomainError,
  LOGIN_PAIR_LIMIT,
  loginInputSchema,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_TICKET_LIMIT,
  TWO_FACTOR_TICKET_TTL_MS,
  totpCodeSchema,
} from '@pp/domain';
import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import { type DbOrTx, rowsOf } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { type SecretBox, secretBox } from '../../platform/secrets';
import { accounts } from '../account/tables';
import { verifyPassword } from './password';
import { sessions, twoFactorAccounts, twoFactorRecoveryCodes, twoFactorTickets } from './tables';
import { takeAttempt } from './throttle';
import { hashToken, newToken } from './tokens';
import { matchTotp, newTotpSecret, otpauthUri } from './two-factor-totp';

/**
 * Two-factor sign-in (issue 24, docs/security.md): an account's authenticator-app secret, its recovery codes,
 * and who must have a second factor. The sign-in step itself is two-factor-signin.ts; passkeys are passkeys.ts.
 */

/** The issuer an authenticator app shows next to the code. */
const ISSUER = 'Partner Portal';

/** The sealed secret is bound to its account: copied into another account's row it does not open. */
const sealContext = (accountId: number) => `totp:${accountId}`;

export function boxOf(ctx: Pick<RequestContext, 'platform'>): SecretBox {
  return secretBox(ctx.platform.config);
}

export interface TwoFactorState {
  totpEnabled: boolean;
  passkeyCount: number;
  recoveryCodesLeft: number;
  /** Has a second factor: an authenticator app or a passkey. */
  enrolled: boolean;
  /** Must have one: an operator, or an account of a partner whose master requires it. */
  required: boolean;
}

export async function twoFactorState(db: DbOrTx, accountId: number): Promise<TwoFactorState> {
  // Plain SQL with its own aliases: the subqueries name columns of several tables.
  const result = await db.execute(sql`
    select
      exists (select 1 from two_factor_accounts t where t.account_id = a.id and t.totp_enabled_at is not null)
        as "totpEnabled",
      (select count(*)::int from passkeys p where p.account_id = a.id) as "passkeyCount",
      (select count(*)::int from two_factor_recovery_codes r where r.account_id = a.id and r.used_at is null)
        as "recoveryCodesLeft",
      (a.is_admin or exists (
        select 1 from account_partners ap join partner_two_factor_policies pp on pp.partner_id = ap.partner_id
        where ap.account_id = a.id)) as "required"
    from accounts a where a.id = ${accountId}`);
  const [row] = rowsOf(result) as {
    totpEnabled: boolean;
    passkeyCount: number;
    recoveryCodesLeft: number;
    required: boolean;
  }[];
  if (!row) throw new DomainError('ENTITY_NOT_FOUND');
  const passkeyCount = Number(row.passkeyCount);
  return {
    totpEnabled: row.totpEnabled,
    passkeyCount,
    recoveryCodesLeft: Number(row.recoveryCodesLeft),
    enrolled: row.totpEnabled || passkeyCount > 0,
    required: row.required,
  };
}

/** Whether a sign-in of this account needs a second step. */
export async function hasSecondFactor(db: DbOrTx, accountId: number): Promise<boolean> {
  const state = await twoFactorState(db, accountId);
  return state.enrolled;
}

/** The methods a pending sign-in may use (the web offers these). */
export async function secondFactorMethods(db: DbOrTx, accountId: number): Promise<('totp' | 'recovery' | 'passkey')[]> {
  const state = await twoFactorState(db, accountId);
  return [
    ...(state.totpEnabled ? (['totp'] as const) : []),
    ...(state.recoveryCodesLeft > 0 ? (['recovery'] as const) : []),
    ...(state.passkeyCount > 0 ? (['passkey'] as const) : []),
  ];
}

/** A right password (or login link) of an account with a second factor: a ticket for the second step. */
export async function issueTwoFactorTicket(
  tx: DbOrTx,
  accountId: number,
  via: 'password' | 'login-link',
): Promise<string> {
  const ticket = newToken();
  await tx.insert(twoFactorTickets).values({
    tokenHash: hashToken(ticket),
    accountId,
    via,
    expiresAt: new Date(Date.now() + TWO_FACTOR_TICKET_TTL_MS),
  });
  return ticket;
}

/** The signed-in person acting as themselves: impersonating operators never touch the partner's second factor. */
function ownAccount(ctx: RequestContext) {
  const auth = ctx.requireAuth();
  if (auth.admin) throw new DomainError('ACCESS_DENIED');
  return auth;
}

/** A fresh recovery code: ten characters of a 31-letter alphabet (about 49 bits), shown as xxxxx-xxxxx. */
function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  return code;
}

/** Replaces every recovery code of the account by ten new ones; only their hashes are kept. */
export async function replaceRecoveryCodes(tx: DbOrTx, accountId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.accountId, accountId));
  await tx.insert(twoFactorRecoveryCodes).values(codes.map((code) => ({ accountId, codeHash: hashToken(code) })));
  return codes.map((code) => `${code.slice(0, 5)}-${code.slice(5)}`);
}

/** Recovery codes are made with the first factor an account gets; later ones keep the codes it has. */
export async function recoveryCodesIfNone(tx: DbOrTx, accountId: number): Promise<string[] | null> {
  const [row] = await tx
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.accountId, accountId), isNull(twoFactorRecoveryCodes.usedAt)));
  return (row?.n ?? 0) > 0 ? null : replaceRecoveryCodes(tx, accountId);
}

/** Marks the caller's session as proved by a second factor: enrolling proves the code there and then. */
export async function markSessionVerified(tx: DbOrTx, sessionId: number, method: 'totp' | 'passkey'): Promise<void> {
  await tx
    .update(sessions)
    .set({ secondFactorAt: sql`now()`, secondFactorMethod: method })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.secondFactorAt)));
}

/** Enrolment, step one: a new secret kept sealed and pending until a code from the app confirms it. */
export async function startTotpEnrolment(ctx: RequestContext): Promise<{ secret: string; uri: string }> {
  const auth = ownAccount(ctx);
  const secret = newTotpSecret();
  const sealed = boxOf(ctx).seal(secret, sealContext(auth.account.id));
  const [row] = await ctx.db
    .insert(twoFactorAccounts)
    .values({ accountId: auth.account.id, pendingTotpSecret: sealed, pendingCreatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: twoFactorAccounts.accountId,
      set: { pendingTotpSecret: sealed, pendingCreatedAt: sql`now()`, updated: sql`now()` },
      where: isNull(twoFactorAccounts.totpEnabledAt),
    })
    .returning({ accountId: twoFactorAccounts.accountId });
  // An authenticator is already set up: turning it off comes first.
  if (!row) throw new DomainError('INVALID_OPERATION');
  return { secret, uri: otpauthUri(secret, ISSUER, auth.account.email) };
}

/**
 * Enrolment, step two: the code proves the app holds the secret. Wrong codes count per account like sign-in
 * codes. Answers the recovery codes when this is the account's first factor (shown once), else null.
 */
export async function confirmTotpEnrolment(ctx: RequestContext, input: { code: string }): Promise<string[] | null> {
  const auth = ownAccount(ctx);
  const parsed = z.object({ code: totpCodeSchema }).safeParse({ code: input.code });
  if (!parsed.success) throw validationError(parsed.error);
  if (!(await takeAttempt(ctx.db, `2fa-enrol:${auth.account.id}`, TWO_FACTOR_TICKET_LIMIT))) {
    throw new DomainError('TOO_MANY_ATTEMPTS');
  }
  const [row] = await ctx.db.select().from(twoFactorAccounts).where(eq(twoFactorAccounts.accountId, auth.account.id));
  if (!row?.pendingTotpSecret || row.totpEnabledAt) throw new DomainError('INVALID_OPERATION');
  const secret = boxOf(ctx).open(row.pendingTotpSecret, sealContext(auth.account.id));
  const step = secret === null ? null : matchTotp(secret, parsed.data.code);
  if (step === null) throw new DomainError('TWO_FACTOR_CODE_INVALID');
  const codes = await ctx.db.transaction(async (tx) => {
    const [done] = await tx
      .update(twoFactorAccounts)
      .set({
        totpSecret: row.pendingTotpSecret,
        totpEnabledAt: sql`now()`,
        totpLastStep: step,
        pendingTotpSecret: null,
        pendingCreatedAt: null,
        updated: sql`now()`,
      })
      .where(
        and(
          eq(twoFactorAccounts.accountId, auth.account.id),
          eq(twoFactorAccounts.pendingTotpSecret, row.pendingTotpSecret!),
          isNull(twoFactorAccounts.totpEnabledAt),
        ),
      )
      .returning({ accountId: twoFactorAccounts.accountId });
    if (!done) throw new DomainError('INVALID_OPERATION');
    const made = await recoveryCodesIfNone(tx, auth.account.id);
    await markSessionVerified(tx, auth.sessionId, 'totp');
    await recordAudit(tx, ctx.actor(null), { action: 'auth.two-factor.totp-enabled', partnerId: null });
    return made;
  });
  // The session may have been one that could only enrol: every process reads it again.
  await ctx.platform.authCache.changed({ accounts: [auth.account.id] });
  return codes;
}

/** New recovery codes; the old ones stop working. Needs a second factor in place. */
export async function regenerateRecoveryCodes(ctx: RequestContext): Promise<string[]> {
  const auth = ownAccount(ctx);
  const state = await twoFactorState(ctx.db, auth.account.id);
  if (!state.enrolled) throw new DomainError('INVALID_OPERATION');
  return ctx.db.transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, auth.account.id);
    await recordAudit(tx, ctx.actor(null), { action: 'auth.two-factor.recovery-regenerated', partnerId: null });
    return codes;
  });
}

/**
 * Checks the caller's password before a change that weakens the account (turning the authenticator off,
 * removing a passkey): counted like a sign-in from this address, so it is no oracle for guesses.
 */
export async function confirmPassword(ctx: RequestContext, password: string): Promise<void> {
  const auth = ownAccount(ctx);
  // The sign-in's own bound: a megabyte "password" is refused, not hashed.
  const parsed = z.object({ password: loginInputSchema.shape.password }).safeParse({ password });
  if (!parsed.success) throw validationError(parsed.error);
  const key = `login:${auth.account.email.toLowerCase()}|${ctx.ip}`;
  if (!(await takeAttempt(ctx.db, key, LOGIN_PAIR_LIMIT))) throw new DomainError('TOO_MANY_ATTEMPTS');
  const [row] = await ctx.db
    .select({ hash: accounts.passwordHash })
    .from(accounts)
    .where(eq(accounts.id, auth.account.id));
  if (!row?.hash || !(await verifyPassword(row.hash, password))) throw new DomainError('BAD_CREDENTIALS');
}

/**
 * Removes what the account's last factor would leave behind when it goes: the recovery codes. Refuses when
 * the account must keep a second factor (an operator, or a partner that requires one).
 */
export async function afterFactorRemoved(tx: DbOrTx, accountId: number): Promise<void> {
  const state = await twoFactorState(tx, accountId);
  if (state.enrolled) return;
  if (state.required) throw new DomainError('TWO_FACTOR_REQUIRED');
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.accountId, accountId));
}

/** Turns the authenticator app off, with the account's password (docs/decisions.md). */
export async function disableTotp(ctx: RequestContext, input: { password: string }): Promise<true> {
  const auth = ownAccount(ctx);
  await confirmPassword(ctx, input.password);
  await ctx.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(twoFactorAccounts)
      .where(and(eq(twoFactorAccounts.accountId, auth.account.id), isNotNull(twoFactorAccounts.totpEnabledAt)))
      .returning({ accountId: twoFactorAccounts.accountId });
    if (!gone) throw new DomainError('INVALID_OPERATION');
    await afterFactorRemoved(tx, auth.account.id);
    await recordAudit(tx, ctx.actor(null), { action: 'auth.two-factor.totp-disabled', partnerId: null });
  });
  await ctx.platform.authCache.changed({ accounts: [auth.account.id] });
  return true;
}

/** The sealed secret of an account's enabled authenticator, opened; null when there is none. */
export async function totpSecretOf(ctx: Pick<RequestContext, 'platform'>, db: DbOrTx, accountId: number) {
  const [row] = await db
    .select({ sealed: twoFactorAccounts.totpSecret })
    .from(twoFactorAccounts)
    .where(and(eq(twoFactorAccounts.accountId, accountId), isNotNull(twoFactorAccounts.totpEnabledAt)));
  return row?.sealed ? boxOf(ctx).open(row.sealed, sealContext(accountId)) : null;
}

/**
 * Enrols an account's authenticator with a given secret, without the confirming code: the demo seed's operators
 * (their secret is published like their password) and nothing else.
 */
export async function enrolKnownTotpSecret(tx: DbOrTx, box: SecretBox, accountId: number, secret: string) {
  const sealed = box.seal(secret, sealContext(accountId));
  await tx
    .insert(twoFactorAccounts)
    .values({ accountId, totpSecret: sealed, totpEnabledAt: sql`now()` })
    .onConflictDoUpdate({
      target: twoFactorAccounts.accountId,
      set: { totpSecret: sealed, totpEnabledAt: sql`now()`, totpLastStep: null, updated: sql`now()` },
    });
  await recoveryCodesIfNone(tx, accountId);
}
