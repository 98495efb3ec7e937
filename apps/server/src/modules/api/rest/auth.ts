import { type ApiKeyType, allPolicies, apiKeyState, isAction, isResource, type Policy } from '@pp/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { rowsOf } from '../../../platform/db/client';
import { readFeatureFlags } from '../../../platform/flags/service';
import { hashToken } from '../../auth/tokens';
import { isPartnerReachable } from '../../partner/service';
import { authenticateSandboxClient } from '../sandbox-partner';

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

interface KeyRow {
  key_id: number;
  partner_id: number;
  type: string;
  valid_from: Date | string;
  valid_to: Date | string | null;
  revoked_at: Date | string | null;
  workflow_status: string;
  shop_id: string;
  partner_name: string;
  issuer_admin: boolean | null;
  issuer_active: boolean | null;
  issuer_master: boolean | null;
  policies: { subject: string; action: string; isActive: boolean }[] | null;
}

const asDate = (value: Date | string | null) => (value === null ? null : new Date(value));

/** The issuer's rights for the key's partner: an operator's or the master's are all; a gone issuer has none. */
function issuerPolicies(row: KeyRow): Policy[] {
  if (row.issuer_active !== true) return [];
  if (row.issuer_admin || row.issuer_master) return allPolicies();
  if (row.issuer_master === null) return [];
  return (row.policies ?? [])
    .filter((p) => isResource(p.subject) && isAction(p.action))
    .map((p) => ({ subject: p.subject, action: p.action, isActive: p.isActive }) as Policy);
}

/**
 * The key a v1 `client_id` is (the secret shown once when the key was issued; only its hash is kept, so the
 * lookup is by hash), read fresh on every request in one indexed statement with its partner and its issuer's
 * rights: a revoked or expired key, a deactivated partner or a withdrawn right applies to the very next
 * request, in every process, with no cache to forget. Null for every failure alike, so nothing can be probed.
 */
export async function authenticateV1Client(
  db: DbOrTx,
  clientId: string | null,
  now: Date = new Date(),
): Promise<V1Client | null> {
  if (!clientId || clientId.length > CLIENT_ID_MAX) return null;
  const result = await db.execute(sql`
    select k.id as key_id, k.partner_id, k.type, k.valid_from, k.valid_to, k.revoked_at,
      p.workflow_status, p.shop_id, p.partner_name,
      a.is_admin as issuer_admin, a.is_active as issuer_active, ap.is_master as issuer_master,
      (select json_agg(json_build_object('subject', x.subject, 'action', x.action, 'isActive', x.is_active))
        from access_policies x where x.partner_id = k.partner_id and x.account_id = k.created_by) as policies
    from api_keys k
    join partners p on p.id = k.partner_id
    left join accounts a on a.id = k.created_by
    left join account_partners ap on ap.partner_id = k.partner_id and ap.account_id = k.created_by
    where k.secret_hash = ${hashToken(clientId)}`);
  const row = rowsOf<KeyRow>(result)[0];
  if (!row) return authenticateSandboxClient(db, clientId);
  const state = apiKeyState(
    { validFrom: asDate(row.valid_from)!, validTo: asDate(row.valid_to), revokedAt: asDate(row.revoked_at) },
    now,
  );
  if (state !== 'valid') return null;
  if (!isPartnerReachable({ workflowStatus: row.workflow_status, shopId: row.shop_id }, await readFeatureFlags(db))) {
    return null;
  }
  return {
    keyId: Number(row.key_id),
    type: row.type as ApiKeyType,
    partnerId: Number(row.partner_id),
    shopId: row.shop_id,
    partnerName: row.partner_name,
    policies: issuerPolicies(row),
  };
}
