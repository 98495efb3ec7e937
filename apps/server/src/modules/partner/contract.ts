import {
  type Action,
  contractSchema,
  DomainError,
  isAllowed,
  isSelfBillingOffered,
  isShopId,
  PROVIDER_TYPES,
  type Resource,
  type ShopId,
} from '@pp/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import { type ZodError, z } from 'zod';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import { type DbOrTx, rowsOf } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { accountPartners, partnerAddresses, partnerContracts, partners } from './tables';

/** The selected partner with what its settings rules depend on: the market and the seat country. */
export interface SettingsPartner {
  partnerId: number;
  shopId: ShopId;
  /** The seat country: the contract's state once filled, before that the partner's country. */
  country: string;
}

export async function settingsPartner(
  ctx: RequestContext,
  resource: Resource,
  action: Action = 'read',
): Promise<SettingsPartner> {
  const { partnerId } = await ctx.require(resource, action);
  const [row] = await ctx.db
    .select({ shopId: partners.shopId, country: partners.country, state: partnerContracts.state })
    .from(partners)
    .leftJoin(partnerContracts, eq(partnerContracts.partnerId, partners.id))
    .where(eq(partners.id, partnerId));
  if (!row || !isShopId(row.shopId)) throw new DomainError('ACCESS_DENIED');
  return { partnerId, shopId: row.shopId, country: row.state || row.country };
}

export interface ContractView {
  company: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  companyId: string;
  vatId: string;
  bankAccount: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  web: string;
  /** The public title chosen at registration: shown, never changed here. */
  publicTitle: string | null;
  updated: Date | null;
}

export async function readContract(db: DbOrTx, partnerId: number): Promise<ContractView> {
  const [row] = await db
    .select({
      contract: partnerContracts,
      partnerName: partners.partnerName,
      country: partners.country,
      urlSlug: partners.urlSlug,
    })
    .from(partners)
    .leftJoin(partnerContracts, eq(partnerContracts.partnerId, partners.id))
    .where(eq(partners.id, partnerId));
  if (!row) throw new DomainError('NOT_FOUND');
  const c = row.contract;
  // A partner from before registrations kept contracts has none yet: the form starts from what is known.
  return {
    company: c?.company || row.partnerName,
    firstName: c?.firstName ?? '',
    lastName: c?.lastName ?? '',
    email: c?.email ?? '',
    phone: c?.phone ?? '',
    companyId: c?.companyId ?? '',
    vatId: c?.vatId ?? '',
    bankAccount: c?.bankAccount ?? '',
    street: c?.street ?? '',
    city: c?.city ?? '',
    state: c?.state || row.country,
    zip: c?.zip ?? '',
    web: c?.web ?? '',
    publicTitle: row.urlSlug,
    updated: c?.updated ?? null,
  };
}

/** Whether the company details of onboarding step 1 are complete and valid (the checklist's `contract`). */
export function contractComplete(contract: Omit<ContractView, 'publicTitle' | 'updated'>): boolean {
  return contractSchema.safeParse(contract).success;
}

export async function getContract(ctx: RequestContext): Promise<ContractView> {
  const { partnerId } = await ctx.require('partner', 'read');
  return readContract(ctx.db, partnerId);
}

/**
 * Company names are unique per shop. Registration and this form take the same transaction-scoped lock per
 * shop, so two partners saving the same name at once cannot both pass the check.
 */
export async function lockCompanyNames(tx: DbOrTx, shopId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('company-name'), hashtext(${shopId}))`);
}

export async function companyNameTaken(tx: DbOrTx, shopId: string, name: string, exceptPartnerId: number) {
  const lowered = name.trim().toLowerCase();
  const [taken] = await tx
    .select({ id: partners.id })
    .from(partners)
    .leftJoin(partnerContracts, eq(partnerContracts.partnerId, partners.id))
    .where(
      and(
        eq(partners.shopId, shopId),
        ne(partners.id, exceptPartnerId),
        sql`(lower(trim(${partners.partnerName})) = ${lowered} or lower(trim(${partnerContracts.company})) = ${lowered})`,
      ),
    )
    .limit(1);
  return Boolean(taken);
}

/**
 * The refusal of company details: IBAN_INVALID when the bank account is all that is wrong (its own catalogue
 * message), else VALIDATION_ERROR; both name every field issue.
 */
export function companyDetailsError(error: ZodError): DomainError {
  const refusal = validationError(error);
  const onlyBank =
    refusal.fields.length > 0 && refusal.fields.every((f) => f.field === 'bankAccount' && f.rule === 'iban');
  return onlyBank ? new DomainError('IBAN_INVALID', {}, refusal.fields) : refusal;
}

export async function saveContract(ctx: RequestContext, input: unknown): Promise<ContractView> {
  const { partnerId, shopId } = await settingsPartner(ctx, 'partner', 'update');
  const parsed = contractSchema.safeParse(input);
  if (!parsed.success) throw companyDetailsError(parsed.error);
  const data = parsed.data;
  const view = await ctx.db.transaction(async (tx) => {
    await lockCompanyNames(tx, shopId);
    if (await companyNameTaken(tx, shopId, data.company, partnerId)) {
      throw new DomainError('COMPANY_NAME_TAKEN', {}, [{ field: 'company', rule: 'uniqueCompanyName' }]);
    }
    const values = { ...data, updated: new Date() };
    await tx
      .insert(partnerContracts)
      .values({ partnerId, ...values })
      .onConflictDoUpdate({ target: partnerContracts.partnerId, set: values });
    // The partner is known by its company name everywhere (grids, cockpit, mails).
    await tx
      .update(partners)
      .set({ partnerName: data.company, country: data.state, updated: new Date() })
      .where(eq(partners.id, partnerId));
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'partner.contract.save',
      entity: 'partner_contract',
      entityId: partnerId,
      data: { company: data.company, companyId: data.companyId, state: data.state },
    });
    return readContract(tx, partnerId);
  });
  await announcePartnerChange(ctx, partnerId);
  return view;
}

/** The session's partner list shows name and provider: the accounts of the partner forget their cached copy. */
export async function announcePartnerChange(ctx: RequestContext, partnerId: number): Promise<void> {
  const members = await ctx.db
    .select({ accountId: accountPartners.accountId })
    .from(accountPartners)
    .where(eq(accountPartners.partnerId, partnerId));
  const accounts = members.map((m) => m.accountId);
  if (ctx.auth?.admin) accounts.push(ctx.auth.admin.id);
  if (accounts.length) await ctx.platform.authCache.changed({ accounts });
}

const connectionSchema = z.object({ provider: z.enum(PROVIDER_TYPES, 'invalid') });

/** Onboarding step 3 "connection type": how the partner's offer reaches the marketplace. */
export async function setConnectionType(ctx: RequestContext, provider: string): Promise<boolean> {
  const { partnerId } = await ctx.require('partner', 'update');
  const parsed = connectionSchema.safeParse({ provider });
  if (!parsed.success) throw validationError(parsed.error);
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select({ provider: partners.provider }).from(partners).where(eq(partners.id, partnerId));
    await tx
      .update(partners)
      .set({ provider: parsed.data.provider, updated: new Date() })
      .where(eq(partners.id, partnerId));
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'partner.connection',
      entity: 'partner',
      entityId: partnerId,
      data: { from: before?.provider ?? null, to: parsed.data.provider },
    });
  });
  await announcePartnerChange(ctx, partnerId);
  return true;
}

export interface SelfBillingView {
  offered: boolean;
  status: string;
  /** The first period billed by self-billing ('YYYY-MM') once accepted. */
  fromPeriod: string | null;
  /** The operators' reason when they last declined. */
  declineReason: string | null;
}

/** The last decision on the partner's self-billing (billing's `self_billing_decisions`). */
async function lastDecision(db: DbOrTx, partnerId: number) {
  const [row] = rowsOf<{ decision: string; from_period: string | null; reason: string | null }>(
    await db.execute(sql`select decision, to_char(from_period, 'YYYY-MM') as from_period, reason
      from self_billing_decisions where partner_id = ${partnerId} order by decided_at desc, id desc limit 1`),
  );
  return {
    fromPeriod: row?.decision === 'ACCEPTED' ? row.from_period : null,
    declineReason: row?.decision === 'DECLINED' ? row.reason : null,
  };
}

async function selfBillingFacts(db: DbOrTx, partnerId: number) {
  const contract = await readContract(db, partnerId);
  const [partner] = await db
    .select({ billingStatus: partners.billingStatus })
    .from(partners)
    .where(eq(partners.id, partnerId));
  return { contract, status: partner?.billingStatus ?? 'inactive' };
}

/**
 * Self-billing is both a company setting (partner settings) and a billing tab: an account with either right
 * may read it, and change it with either right to change.
 */
async function requireSelfBilling(ctx: RequestContext, action: 'read' | 'update') {
  const access = await ctx.requirePartner();
  if (!isAllowed(access.policies, 'billing', action) && !isAllowed(access.policies, 'partner', action)) {
    throw new DomainError('ACCESS_DENIED');
  }
  return access;
}

export async function getSelfBilling(ctx: RequestContext): Promise<SelfBillingView> {
  const { partnerId } = await requireSelfBilling(ctx, 'read');
  const { contract, status } = await selfBillingFacts(ctx.db, partnerId);
  return {
    offered: isSelfBillingOffered({ country: contract.state, vatId: contract.vatId }),
    status,
    ...(await lastDecision(ctx.db, partnerId)),
  };
}

/**
 * The partner authorises the marketplace to issue its invoices (self-billing); the operator team then
 * activates it. Offered to CZ/SK VAT payers only, and only once the legal data (complete company details
 * and a billing address) are in.
 */
export async function requestSelfBilling(ctx: RequestContext): Promise<SelfBillingView> {
  const { partnerId } = await requireSelfBilling(ctx, 'update');
  const view = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${partners} where ${partners.id} = ${partnerId} for update`);
    const { contract, status } = await selfBillingFacts(tx, partnerId);
    if (!isSelfBillingOffered({ country: contract.state, vatId: contract.vatId })) {
      throw new DomainError('SELF_BILLING_NOT_OFFERED');
    }
    const [billing] = await tx
      .select({ id: partnerAddresses.id })
      .from(partnerAddresses)
      .where(and(eq(partnerAddresses.partnerId, partnerId), sql`'BILLING_ADDRESS' = any(${partnerAddresses.types})`))
      .limit(1);
    if (!contractComplete(contract) || !billing) throw new DomainError('LEGAL_DATA_MISSING');
    if (status !== 'inactive') return { offered: true, status, ...(await lastDecision(tx, partnerId)) };
    await tx
      .update(partners)
      .set({ billingStatus: 'requested', updated: new Date() })
      .where(eq(partners.id, partnerId));
    // The request joins the decisions' history: the operators' queue shows when it was asked.
    await tx.execute(sql`insert into self_billing_decisions (partner_id, decision) values (${partnerId}, 'REQUESTED')`);
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'partner.selfBilling.request',
      entity: 'partner',
      entityId: partnerId,
      data: { from: status, to: 'requested' },
    });
    return { offered: true, status: 'requested', fromPeriod: null, declineReason: null };
  });
  // The session's partner carries the billing status.
  await announcePartnerChange(ctx, partnerId);
  return view;
}
