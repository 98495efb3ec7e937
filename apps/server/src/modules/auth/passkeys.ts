import { createHash } from 'node:crypto';
import {
  DomainError,
  PASSKEY_LIMIT,
  passkeyNameSchema,
  passkeyResponseSchema,
  WEBAUTHN_CHALLENGE_TTL_MS,
} from '@pp/domain';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, asc, count, eq, gt, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import type { Config } from '../../platform/config';
import type { DbOrTx } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { passkeys, webauthnChallenges } from './tables';
import { afterFactorRemoved, confirmPassword, markSessionVerified, recoveryCodesIfNone } from './two-factor';

/**
 * Passkeys (WebAuthn) as a second factor, through @simplewebauthn/server. Every ceremony's challenge is made
 * here, stored with a short expiry and deleted when it is checked, so it works once. The relying party id and
 * the accepted origins come from the configuration (WEBAUTHN_RP_ID, WEBAUTHN_ORIGINS).
 */

const RP_NAME = 'Partner Portal';
const CREDENTIAL_ID = /^[A-Za-z0-9_-]{1,1364}$/;

export interface PasskeyView {
  id: number;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

function ownAccount(ctx: RequestContext) {
  const auth = ctx.requireAuth();
  if (auth.admin) throw new DomainError('ACCESS_DENIED');
  return auth;
}

/** WebAuthn's user handle: opaque bytes, never the e-mail or a guessable number. */
function userHandle(config: Pick<Config, 'remoteLoginSecret'>, accountId: number): Uint8Array {
  return new Uint8Array(createHash('sha256').update(`${config.remoteLoginSecret}:passkey-user:${accountId}`).digest());
}

async function storeChallenge(
  db: DbOrTx,
  values: { challenge: string; purpose: 'register' | 'authenticate'; accountId: number; ticketId?: number },
): Promise<void> {
  // Old challenges go as new ones come: the table never grows with abandoned ceremonies.
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`now()`));
  await db.insert(webauthnChallenges).values({
    ...values,
    ticketId: values.ticketId ?? null,
    expiresAt: new Date(Date.now() + WEBAUTHN_CHALLENGE_TTL_MS),
  });
}

/** Takes a challenge once: true when it was ours, for this purpose, account (and ticket), and still alive. */
async function takeChallenge(
  db: DbOrTx,
  challenge: string,
  where: { purpose: 'register' | 'authenticate'; accountId: number; ticketId?: number },
): Promise<boolean> {
  const gone = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, where.purpose),
        eq(webauthnChallenges.accountId, where.accountId),
        where.ticketId === undefined ? sql`true` : eq(webauthnChallenges.ticketId, where.ticketId),
        gt(webauthnChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: webauthnChallenges.id });
  return gone.length > 0;
}

function parseJson<T>(text: string): T {
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object') return value as T;
  } catch {
    // falls through: not a ceremony's answer
  }
  throw new DomainError('TWO_FACTOR_CODE_INVALID');
}

export async function listPasskeys(db: DbOrTx, accountId: number): Promise<PasskeyView[]> {
  return db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.accountId, accountId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

/** Registration, step one: options for the browser's navigator.credentials.create (as JSON). */
export async function passkeyRegistrationOptions(ctx: RequestContext): Promise<string> {
  const auth = ownAccount(ctx);
  const { rpId } = ctx.platform.config.webauthn;
  const existing = await ctx.db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.accountId, auth.account.id));
  if (existing.length >= PASSKEY_LIMIT) throw new DomainError('INVALID_OPERATION');
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rpId,
    userName: auth.account.email,
    userDisplayName: `${auth.account.firstName} ${auth.account.lastName}`.trim() || auth.account.email,
    userID: userHandle(ctx.platform.config, auth.account.id) as Uint8Array<ArrayBuffer>,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await storeChallenge(ctx.db, { challenge: options.challenge, purpose: 'register', accountId: auth.account.id });
  return JSON.stringify(options);
}

/**
 * Registration, step two: the browser's answer is verified against our challenge and origin; the public key
 * is kept under the owner's name for it. The first factor of an account also gets its recovery codes.
 */
export async function registerPasskey(
  ctx: RequestContext,
  input: { name: string; response: string },
): Promise<{ passkey: PasskeyView; recoveryCodes: string[] | null }> {
  const auth = ownAccount(ctx);
  const parsed = z
    .object({ name: passkeyNameSchema, response: passkeyResponseSchema })
    .safeParse({ name: input.name, response: input.response });
  if (!parsed.success) throw validationError(parsed.error);
  const response = parseJson<RegistrationResponseJSON>(parsed.data.response);
  const { rpId, origins } = ctx.platform.config.webauthn;
  // Verified outside the transaction that stores the key: the challenge it takes stays taken, whatever follows.
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: (challenge) =>
        takeChallenge(ctx.db, challenge, { purpose: 'register', accountId: auth.account.id }),
      expectedOrigin: origins,
      expectedRPID: rpId,
      requireUserVerification: false,
    });
  } catch {
    throw new DomainError('TWO_FACTOR_CODE_INVALID');
  }
  if (!verified.verified) throw new DomainError('TWO_FACTOR_CODE_INVALID');
  const { credential } = verified.registrationInfo;
  const result = await ctx.db.transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(passkeys)
      .where(eq(passkeys.accountId, auth.account.id));
    if (n >= PASSKEY_LIMIT) throw new DomainError('INVALID_OPERATION');
    const [row] = await tx
      .insert(passkeys)
      .values({
        accountId: auth.account.id,
        name: parsed.data.name,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
      })
      .onConflictDoNothing()
      .returning({
        id: passkeys.id,
        name: passkeys.name,
        createdAt: passkeys.createdAt,
        lastUsedAt: passkeys.lastUsedAt,
      });
    if (!row) throw new DomainError('ENTITY_ALREADY_EXISTS');
    const recoveryCodes = await recoveryCodesIfNone(tx, auth.account.id);
    await markSessionVerified(tx, auth.sessionId, 'passkey');
    await recordAudit(tx, ctx.actor(null), {
      action: 'auth.two-factor.passkey-added',
      entity: 'passkey',
      entityId: row.id,
      data: { name: row.name },
      partnerId: null,
    });
    return { passkey: row, recoveryCodes };
  });
  await ctx.platform.authCache.changed({ accounts: [auth.account.id] });
  return result;
}

/** Removes one of the caller's passkeys, with the password; an account that must keep a factor keeps its last. */
export async function removePasskey(ctx: RequestContext, input: { id: number; password: string }): Promise<true> {
  const auth = ownAccount(ctx);
  // Another account's passkey is not found, before any password is checked.
  const [mine] = await ctx.db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(and(eq(passkeys.id, input.id), eq(passkeys.accountId, auth.account.id)));
  if (!mine) throw new DomainError('ENTITY_NOT_FOUND');
  await confirmPassword(ctx, input.password);
  await ctx.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, input.id), eq(passkeys.accountId, auth.account.id)))
      .returning({ id: passkeys.id, name: passkeys.name });
    if (!gone) throw new DomainError('ENTITY_NOT_FOUND');
    await afterFactorRemoved(tx, auth.account.id);
    await recordAudit(tx, ctx.actor(null), {
      action: 'auth.two-factor.passkey-removed',
      entity: 'passkey',
      entityId: gone.id,
      data: { name: gone.name },
      partnerId: null,
    });
  });
  await ctx.platform.authCache.changed({ accounts: [auth.account.id] });
  return true;
}

/** Sign-in with a passkey, step one: options for navigator.credentials.get, bound to the pending ticket. */
export async function passkeySignInOptions(
  db: DbOrTx,
  config: Pick<Config, 'webauthn'>,
  ticket: { id: number; accountId: number },
): Promise<string> {
  const mine = await db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.accountId, ticket.accountId));
  if (mine.length === 0) throw new DomainError('INVALID_OPERATION');
  const options = await generateAuthenticationOptions({
    rpID: config.webauthn.rpId,
    allowCredentials: mine.map((p) => ({ id: p.credentialId, transports: p.transports })),
    userVerification: 'preferred',
  });
  await storeChallenge(db, {
    challenge: options.challenge,
    purpose: 'authenticate',
    accountId: ticket.accountId,
    ticketId: ticket.id,
  });
  return JSON.stringify(options);
}

/**
 * Sign-in with a passkey, step two: true when the assertion was made by one of the account's passkeys over
 * the ticket's challenge (taken once) from an accepted origin. The passkey's counter and last use are kept.
 */
export async function verifyPasskeySignIn(
  tx: DbOrTx,
  config: Pick<Config, 'webauthn'>,
  ticket: { id: number; accountId: number },
  responseText: string,
): Promise<boolean> {
  const response = parseJson<AuthenticationResponseJSON>(responseText);
  // A credential id is base64url of at most 1,023 bytes (WebAuthn): anything else names no key, and a NUL in
  // it would reach PostgreSQL, which refuses NUL in text, as an internal error.
  if (typeof response.id !== 'string' || !CREDENTIAL_ID.test(response.id)) return false;
  const [key] = await tx
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.accountId, ticket.accountId), eq(passkeys.credentialId, response.id)));
  if (!key) return false;
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) =>
        takeChallenge(tx, challenge, { purpose: 'authenticate', accountId: ticket.accountId, ticketId: ticket.id }),
      expectedOrigin: config.webauthn.origins,
      expectedRPID: config.webauthn.rpId,
      credential: {
        id: key.credentialId,
        publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
        counter: key.counter,
        transports: key.transports as never,
      },
      requireUserVerification: false,
    });
    if (!verified.verified) return false;
    await tx
      .update(passkeys)
      .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: sql`now()` })
      .where(eq(passkeys.id, key.id));
    return true;
  } catch {
    return false;
  }
}
