import {
  type ApiKeyType,
  allPolicies,
  apiKeyState,
  isAction,
  isResource,
  isServiceModule,
  type Policy,
  withServiceModules,
} from '@pp/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { accounts } from '../../account/tables';
import { accountPartners, partners } from '../../partner/tables';
import { apiKeys } from '../tables';
import { readFeatureFlags } from '../../../platform/flags/service';
import { hashToken } from '../../auth/tokens';
import { isPartnerReachable } from '../../partner/service';
import { authenticateSandboxClient } from '../sandbox-partner';
import type { ApiKeyCache } from './key-cache';

/** What a v1 `client_id` opens: the key, its partner, and the rights the key acts with. */
export interface V1Client {
  keyId: number;
  type: ApiKeyType;
  partnerId: number;
  shopId: string;
  partnerName: string;
  /** The rights of the account that issued the key, as they are now (docs/decisions.md). */
  policies: Policy[];
  /** Set for a sandbox client id: `partnerId` is then the sandbox of `livePartnerId` (sandbox-partner.ts). */
  sandbox?: { accountId: number; livePartnerId: number };
}

/** Longer than any secret the portal issues (43 characters): refused without a query. */
const CLIENT_ID_MAX = 200;

/**
 * The statement of every request, prepared once per database: a key by its secret's hash, with its partner and
 * its issuer's rights. Planning the joined statement cost ten times what running it did (0.47 ms against 0.05),
 * on the API's most frequent path.
 */
const preparedKeys = new WeakMap<Db, ReturnType<typeof prepareKeyLookup>>();
function prepareKeyLookup(db: Db) {
  return db
    .select({
      keyId: apiKeys.id,
      partnerId: apiKeys.partnerId,
      issuerId: apiKeys.createdBy,
      type: apiKeys.type,
      validFrom: apiKeys.validFrom,
      validTo: apiKeys.validTo,
      revokedAt: apiKeys.revokedAt,
      workflowStatus: partners.workflowStatus,
      shopId: partners.shopId,
      partnerName: partners.partnerName,
      issuerAdmin: accounts.isAdmin,
      issuerActive: accounts.isActive,
      issuerMaster: accountPartners.isMaster,
      policies: sql<{ subject: string; action: string; isActive: boolean }[] | null>`(select json_agg(json_build_object(
          'subject', x.subject, 'action', x.action, 'isActive', x.is_active))
        from access_policies x where x.partner_id = ${apiKeys.partnerId} and x.account_id = ${apiKeys.createdBy})`,
      // The service modules an operator switched off: the API follows them as the portal does.
      offModules: sql<string[] | null>`(select array_agg(m.module) from partner_service_modules m
        where m.partner_id = ${apiKeys.partnerId} and not m.enabled)`,
    })
    .from(apiKeys)
    .innerJoin(partners, eq(partners.id, apiKeys.partnerId))
    .leftJoin(accounts, eq(accounts.id, apiKeys.createdBy))
    .leftJoin(
      accountPartners,
      and(eq(accountPartners.partnerId, apiKeys.partnerId), eq(accountPartners.accountId, apiKeys.createdBy)),
    )
    .where(eq(apiKeys.secretHash, sql.placeholder('hash')))
    .prepare('api_v1_key_by_secret');
}

type KeyRow = Awaited<ReturnType<ReturnType<typeof prepareKeyLookup>['execute']>>[number];

/** What a process keeps of a key (key-cache.ts): its row and the rights judged from it. */
export interface CachedKey {
  row: KeyRow;
  policies: Policy[];
}

function keyLookup(db: Db) {
  let prepared = preparedKeys.get(db);
  if (!prepared) {
    prepared = prepareKeyLookup(db);
    preparedKeys.set(db, prepared);
  }
  return prepared;
}

const asDate = (value: Date | string | null) => (value === null ? null : new Date(value));

/** The issuer's rights for the key's partner: an operator's or the master's are all; a gone issuer has none. */
function issuerPolicies(row: KeyRow): Policy[] {
  if (row.issuerActive !== true) return [];
  const off = (row.offModules ?? []).filter(isServiceModule);
  if (row.issuerAdmin || row.issuerMaster) return withServiceModules(allPolicies(), off);
  if (row.issuerMaster === null) return [];
  const held = (row.policies ?? [])
    .filter((p) => isResource(p.subject) && isAction(p.action))
    .map((p) => ({ subject: p.subject, action: p.action, isActive: p.isActive }) as Policy);
  return withServiceModules(held, off);
}

/**
 * The key a v1 `client_id` is (the secret shown once when the key was issued; only its hash is kept, so the
 * lookup is by hash): one indexed statement with its partner and its issuer's rights, kept a few seconds per
 * process (key-cache.ts), and judged at every request: a revoked or expired key, a deactivated partner or a
 * withdrawn right applies to the very next request, in every process, as those changes are announced. Null for
 * every failure alike, so nothing can be probed.
 */
export async function authenticateV1Client(
  db: Db,
  clientId: string | null,
  cache: ApiKeyCache<CachedKey> | null = null,
  now: Date = new Date(),
): Promise<V1Client | null> {
  if (!clientId || clientId.length > CLIENT_ID_MAX) return null;
  const hash = hashToken(clientId);
  let key = cache?.get(hash);
  if (!key) {
    const generation = cache?.generation() ?? 0;
    const [row] = await keyLookup(db).execute({ hash });
    if (!row) return authenticateSandboxClient(db, clientId);
    key = { row, policies: issuerPolicies(row) };
    cache?.set(hash, key, { partnerId: row.partnerId, issuerId: row.issuerId }, generation);
  }
  const { row, policies } = key;
  const state = apiKeyState(
    { validFrom: asDate(row.validFrom)!, validTo: asDate(row.validTo), revokedAt: asDate(row.revokedAt) },
    now,
  );
  if (state !== 'valid') return null;
  if (!isPartnerReachable({ workflowStatus: row.workflowStatus, shopId: row.shopId }, await readFeatureFlags(db))) {
    return null;
  }
  return {
    keyId: row.keyId,
    type: row.type as ApiKeyType,
    partnerId: row.partnerId,
    shopId: row.shopId,
    partnerName: row.partnerName,
    policies,
  };
}
