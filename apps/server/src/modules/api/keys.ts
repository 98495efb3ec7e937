import { forgetApiKeysOf } from './rest/key-cache';
import { randomBytes } from 'node:crypto';
import {
  type ApiKeyState,
  type ApiKeyType,
  apiKeySchema,
  apiKeyState,
  DomainError,
  MAX_ACTIVE_API_KEYS,
  MAX_ACTIVE_MASTER_KEYS,
} from '@pp/domain';
import { and, desc, eq, isNull, or, gt, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { readFeatureFlags } from '../../platform/flags/service';
import { accounts } from '../account/tables';
import { hashToken, newToken, safeEqual } from '../auth/tokens';
import { isPartnerReachable } from '../partner/service';
import { partners } from '../partner/tables';
import { apiKeys } from './tables';

/** The newest keys a partner sees; revoked and expired ones pile up over the years and matter less. */
const KEYS_SHOWN = 100;

export interface ApiKeyView {
  id: number;
  clientId: string;
  type: ApiKeyType;
  validFrom: Date;
  validTo: Date | null;
  created: Date;
  createdByName: string | null;
  revokedAt: Date | null;
  state: ApiKeyState;
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * A public, readable client id: a prefix telling what it opens and 16 base32 characters (80 random bits),
 * no look-alike case to misread when a partner types it into a shop platform.
 */
export function newClientId(prefix: 'pp' | 'sb'): string {
  const bytes = randomBytes(16);
  let id = `${prefix}_`;
  for (const byte of bytes) id += BASE32[byte % 32];
  return id;
}

/** A key is active while it can be used now or later: not revoked and not past its end. */
function activeKeyOf(partnerId: number, now: Date) {
  return and(
    eq(apiKeys.partnerId, partnerId),
    isNull(apiKeys.revokedAt),
    or(isNull(apiKeys.validTo), gt(apiKeys.validTo, now)),
  );
}

function toView(row: typeof apiKeys.$inferSelect, createdByName: string | null, now: Date): ApiKeyView {
  return {
    id: row.id,
    clientId: row.clientId,
    type: row.type as ApiKeyType,
    validFrom: row.validFrom,
    validTo: row.validTo,
    created: row.created,
    createdByName,
    revokedAt: row.revokedAt,
    state: apiKeyState(row, now),
  };
}

const creatorName = sql<string | null>`nullif(trim(${accounts.firstName} || ' ' || ${accounts.lastName}), '')`;

/**
 * The partner's usable client ids as the session carries them (spec "clientIds"): the public ids and their
 * validity only; a secret is shown once at creation and never kept readable.
 */
export async function sessionClientIds(
  db: DbOrTx,
  partnerId: number,
): Promise<{ clientId: string; validFrom: Date; validTo: Date | null }[]> {
  return db
    .select({ clientId: apiKeys.clientId, validFrom: apiKeys.validFrom, validTo: apiKeys.validTo })
    .from(apiKeys)
    .where(activeKeyOf(partnerId, new Date()))
    .orderBy(desc(apiKeys.id));
}

export async function listApiKeys(ctx: RequestContext): Promise<ApiKeyView[]> {
  const { partnerId } = await ctx.require('apiLimit', 'read');
  const rows = await ctx.db
    .select({ key: apiKeys, createdByName: creatorName })
    .from(apiKeys)
    .leftJoin(accounts, eq(accounts.id, apiKeys.createdBy))
    .where(eq(apiKeys.partnerId, partnerId))
    .orderBy(desc(apiKeys.id))
    .limit(KEYS_SHOWN);
  const now = new Date();
  return rows.map((r) => toView(r.key, r.createdByName, now));
}

/**
 * Issues a key: the secret is returned this once and only its SHA-256 hash is kept. The limits are counted
 * under a per-partner lock, so parallel clicks cannot pass them together.
 */
export async function createApiKey(ctx: RequestContext, input: unknown): Promise<{ key: ApiKeyView; secret: string }> {
  const { partnerId } = await ctx.require('apiLimit', 'create');
  const now = new Date();
  const parsed = apiKeySchema(now).safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const { type, validFrom, validTo } = parsed.data;
  const secret = newToken();
  const row = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('api-keys'), ${partnerId})`);
    const [counts] = await tx
      .select({
        all: sql<number>`count(*)::int`,
        master: sql<number>`(count(*) filter (where ${apiKeys.type} = 'master'))::int`,
      })
      .from(apiKeys)
      .where(activeKeyOf(partnerId, now));
    if ((counts?.all ?? 0) >= MAX_ACTIVE_API_KEYS) {
      throw new DomainError('API_KEY_LIMIT_EXCEEDED', { max: MAX_ACTIVE_API_KEYS });
    }
    if (type === 'master' && (counts?.master ?? 0) >= MAX_ACTIVE_MASTER_KEYS) {
      throw new DomainError('API_MASTER_KEY_LIMIT_EXCEEDED', { max: MAX_ACTIVE_MASTER_KEYS });
    }
    const [created] = await tx
      .insert(apiKeys)
      .values({
        partnerId,
        clientId: newClientId('pp'),
        secretHash: hashToken(secret),
        type,
        validFrom,
        validTo,
        createdBy: ctx.auth?.account.id ?? null,
      })
      .returning();
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'api.key.create',
      entity: 'api_key',
      entityId: created!.id,
      data: {
        clientId: created!.clientId,
        type,
        validFrom: validFrom.toISOString(),
        validTo: validTo?.toISOString() ?? null,
      },
    });
    return created!;
  });
  const a = ctx.auth?.account;
  const name = a ? `${a.firstName} ${a.lastName}`.trim() || null : null;
  return { key: toView(row, name, now), secret };
}

/** Ends a key at once. Revoking a key that is already revoked changes nothing and says so by its state. */
export async function revokeApiKey(ctx: RequestContext, id: number): Promise<ApiKeyView> {
  const { partnerId } = await ctx.require('apiLimit', 'delete');
  const now = new Date();
  const row = await ctx.db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: now, revokedBy: ctx.auth?.account.id ?? null })
      .where(and(eq(apiKeys.partnerId, partnerId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning();
    if (!revoked) {
      const [existing] = await tx
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.partnerId, partnerId), eq(apiKeys.id, id)));
      if (!existing) throw new DomainError('API_KEY_NOT_FOUND');
      return existing;
    }
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'api.key.revoke',
      entity: 'api_key',
      entityId: revoked.id,
      data: { clientId: revoked.clientId, type: revoked.type },
    });
    return revoked;
  });
  // Other processes forget the key on the audit trail's NOTIFY; this one before it answers.
  forgetApiKeysOf(ctx.platform, partnerId);
  const [creator] = row.createdBy
    ? await ctx.db.select({ name: creatorName }).from(accounts).where(eq(accounts.id, row.createdBy))
    : [];
  return toView(row, creator?.name ?? null, now);
}

export interface VerifiedApiClient {
  partnerId: number;
  keyId: number;
  clientId: string;
  type: ApiKeyType;
}

/** A hash no secret has: an unknown client id costs the same comparison a known one does. */
const NO_SECRET_HASH = hashToken('no key has this secret');

/**
 * For the partner REST API: whether a client id and secret open the API at `now` — the secret's hash
 * matches (compared in constant time), the key is inside its window and not revoked, and its partner is
 * reachable (not deactivated or cancelled, its market switched on). Null when any of that fails: the
 * caller answers every failure alike, so a client id cannot be probed.
 */
export async function verifyApiCredentials(
  db: DbOrTx,
  clientId: string,
  secret: string,
  now: Date = new Date(),
): Promise<VerifiedApiClient | null> {
  const [row] =
    clientId.length > 0 && clientId.length <= 64
      ? await db
          .select({ key: apiKeys, workflowStatus: partners.workflowStatus, shopId: partners.shopId })
          .from(apiKeys)
          .innerJoin(partners, eq(partners.id, apiKeys.partnerId))
          .where(eq(apiKeys.clientId, clientId))
      : [];
  const matches = safeEqual(hashToken(secret), row?.key.secretHash ?? NO_SECRET_HASH);
  if (!row || !matches) return null;
  if (apiKeyState(row.key, now) !== 'valid') return null;
  if (!isPartnerReachable(row, await readFeatureFlags(db))) return null;
  return {
    partnerId: row.key.partnerId,
    keyId: row.key.id,
    clientId: row.key.clientId,
    type: row.key.type as ApiKeyType,
  };
}
