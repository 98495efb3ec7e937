import {
  allPolicies,
  type FeatureFlags,
  INACTIVE_WORKFLOW_STATUSES,
  isAction,
  isResource,
  isShopAvailable,
  isShopId,
  MARKETS,
  type Policy,
  withServiceModules,
} from '@pp/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Auth } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { accessPolicies } from '../account/tables';
import { switchedOffModules } from './service-modules';
import { accountPartners, partners } from './tables';

export interface PartnerSummary {
  id: number;
  partnerName: string;
  mallName: string | null;
  sapId: string | null;
  shopId: string;
  currency: string;
  provider: string | null;
  mdpStatus: string;
  workflowStatus: string;
  billingStatus: string;
  rating: number | null;
  isDefault: boolean;
  isMaster: boolean;
}

const summaryColumns = {
  id: partners.id,
  partnerName: partners.partnerName,
  mallName: partners.mallName,
  sapId: partners.sapId,
  shopId: partners.shopId,
  provider: partners.provider,
  mdpStatus: partners.mdpStatus,
  workflowStatus: partners.workflowStatus,
  billingStatus: partners.billingStatus,
  rating: partners.rating,
};

type SummaryRow = { [K in keyof typeof summaryColumns]: (typeof partners.$inferSelect)[K] };

function toSummary(row: SummaryRow, link: { isDefault: boolean; isMaster: boolean }): PartnerSummary {
  return {
    ...row,
    currency: isShopId(row.shopId) ? MARKETS[row.shopId].currency : 'EUR',
    isDefault: link.isDefault,
    isMaster: link.isMaster,
  };
}

/** A partner whose registration is deactivated or cancelled, or whose market is switched off, is out of reach. */
export function isPartnerReachable(partner: { workflowStatus: string; shopId: string }, flags: FeatureFlags): boolean {
  return (
    !(INACTIVE_WORKFLOW_STATUSES as readonly string[]).includes(partner.workflowStatus) &&
    isShopAvailable(partner.shopId, flags)
  );
}

/** The partners the caller may act for: their own, or the one an administrator signed in as. */
export async function reachablePartners(db: DbOrTx, auth: Auth, flags: FeatureFlags): Promise<PartnerSummary[]> {
  if (auth.boundPartnerId !== null) {
    const rows = await db.select(summaryColumns).from(partners).where(eq(partners.id, auth.boundPartnerId));
    return rows
      .filter((r) => isPartnerReachable(r, flags))
      .map((r) => toSummary(r, { isDefault: true, isMaster: true }));
  }
  if (auth.account.isAdmin) return [];
  const rows = await db
    .select({ ...summaryColumns, isDefault: accountPartners.isDefault, isMaster: accountPartners.isMaster })
    .from(accountPartners)
    .innerJoin(partners, eq(partners.id, accountPartners.partnerId))
    .where(eq(accountPartners.accountId, auth.account.id))
    .orderBy(asc(partners.id));
  return rows.filter((r) => isPartnerReachable(r, flags)).map((r) => toSummary(r, r));
}

/** Spec §4: the requested partner when the caller may act for it, else the server default. */
export function choosePartner(reachable: PartnerSummary[], requested: number | null): PartnerSummary | null {
  if (requested !== null) {
    const match = reachable.find((p) => p.id === requested);
    if (match) return match;
  }
  return reachable.find((p) => p.isDefault) ?? reachable[0] ?? null;
}

/**
 * The account's policies at the partner, each marked `isDisabled` where a switched-off service module covers
 * its resource (spec §3's access policy): a disabled pair stays listed and grants nothing.
 */
export async function policiesFor(db: DbOrTx, auth: Auth, partner: PartnerSummary): Promise<Policy[]> {
  const held = await heldPoliciesAt(db, auth, partner);
  return withServiceModules(held, await switchedOffModules(db, partner.id));
}

async function heldPoliciesAt(db: DbOrTx, auth: Auth, partner: PartnerSummary): Promise<Policy[]> {
  // A read-only impersonation (support) holds every right to look and none to change.
  if (auth.admin && auth.readOnly) return allPolicies().filter((p) => p.action === 'read');
  if (auth.admin || partner.isMaster) return allPolicies();
  const rows = await db
    .select()
    .from(accessPolicies)
    .where(and(eq(accessPolicies.partnerId, partner.id), eq(accessPolicies.accountId, auth.account.id)));
  return rows
    .filter((r) => isResource(r.subject) && isAction(r.action))
    .map((r) => ({ subject: r.subject, action: r.action, isActive: r.isActive }) as Policy);
}

export async function partnerById(db: DbOrTx, partnerId: number) {
  const [row] = await db.select().from(partners).where(eq(partners.id, partnerId));
  return row ?? null;
}

export async function masterAccountOf(db: DbOrTx, partnerId: number): Promise<number | null> {
  const [row] = await db
    .select({ accountId: accountPartners.accountId })
    .from(accountPartners)
    .where(and(eq(accountPartners.partnerId, partnerId), eq(accountPartners.isMaster, true)));
  return row?.accountId ?? null;
}
