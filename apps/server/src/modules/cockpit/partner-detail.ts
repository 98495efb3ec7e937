import {
  type Checklist,
  checklistProgress,
  DomainError,
  lifecycleCommandsOf,
  type PartnerLifecycleCommand,
} from '@pp/domain';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { accounts } from '../account/tables';
import { apiTiers } from '../api/tables';
import { tierIdAt } from '../api/tiers';
import { loadChecklist } from '../onboarding/checklist';
import { cockpitWorkflow, type WorkflowView } from '../onboarding/workflow';
import { type ContractView, readContract } from '../partner/contract';
import { accountPartners, partners } from '../partner/tables';
import { registrations } from '../registration/tables';

/** What a new e-shop told the marketplace when it registered, as it was given (spec: Registration info). */
export interface RegistrationInfo {
  id: number;
  created: Date;
  confirmedAt: Date | null;
  source: string;
  provider: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  language: string;
  shopName: string;
  web: string;
  company: string;
  companyId: string;
  vatId: string;
  street: string;
  city: string;
  zip: string;
  country: string;
  annualTurnover: string;
  salesCount: string;
  offeredCount: string;
  divisions: string[];
  otherDivisions: string;
  countries: string[];
  productFeed: string;
  availabilityFeed: string;
  hasCarrier: boolean;
}

export interface CockpitPartnerDetail {
  id: number;
  partnerName: string;
  mallName: string | null;
  sapId: string | null;
  shopId: string;
  clientId: string | null;
  country: string;
  urlSlug: string | null;
  created: Date;
  updated: Date;
  /** The connection type (spec: provider) and the integration kind (spec: pluginProvider). */
  provider: string | null;
  pluginProvider: string | null;
  rating: number | null;
  kam: string | null;
  farmer: string | null;
  accountant: string | null;
  onboarding: string | null;
  note: string | null;
  mdpStatus: string;
  billingStatus: string;
  apiTier: string | null;
  master: { email: string; firstName: string; lastName: string; isConfirmed: boolean; isActive: boolean } | null;
  contract: ContractView;
  registration: RegistrationInfo | null;
  workflow: WorkflowView;
  checklist: Checklist;
  checklistDone: number;
  checklistTotal: number;
  /** Deactivate, hide or reactivate: what the partner's status and the workflow table allow now. */
  lifecycleCommands: PartnerLifecycleCommand[];
}

/** The partner's own row with its master account and its API tier now (one statement). */
async function readPartner(db: DbOrTx, partnerId: number) {
  const [row] = await db
    .select({
      partner: partners,
      apiTier: sql<
        string | null
      >`(select ${apiTiers.name} from ${apiTiers} where ${apiTiers.id} = ${tierIdAt(partners.id, new Date())})`,
      masterEmail: accounts.email,
      masterFirstName: accounts.firstName,
      masterLastName: accounts.lastName,
      masterConfirmed: accounts.isConfirmed,
      masterActive: accounts.isActive,
    })
    .from(partners)
    .leftJoin(accountPartners, and(eq(accountPartners.partnerId, partners.id), eq(accountPartners.isMaster, true)))
    .leftJoin(accounts, eq(accounts.id, accountPartners.accountId))
    // A sandbox (issue 20) is nobody's partner: no operator opens it.
    .where(and(eq(partners.id, partnerId), isNull(partners.sandboxOf)))
    .limit(1);
  return row ?? null;
}

/** The partner's registration as it was given: the newest one, should it ever have registered twice. */
async function readRegistration(db: DbOrTx, partnerId: number): Promise<RegistrationInfo | null> {
  const [row] = await db
    .select()
    .from(registrations)
    .where(eq(registrations.partnerId, partnerId))
    .orderBy(desc(registrations.id))
    .limit(1);
  if (!row) return null;
  const { partnerId: _p, accountId: _a, shopId: _s, bankAccount: _b, ip: _ip, ...info } = row;
  return info;
}

/**
 * Everything about one partner for its cockpit detail: each part from its own module's reader (contract,
 * workflow with history and the operator's moves, checklist), one statement per part.
 */
export async function cockpitPartner(ctx: RequestContext, partnerId: number): Promise<CockpitPartnerDetail> {
  ctx.requireOperator('partners', 'read');
  const row = await readPartner(ctx.db, partnerId);
  if (!row) throw new DomainError('ENTITY_NOT_FOUND');
  const [contract, registration, workflow, checklist] = await Promise.all([
    readContract(ctx.db, partnerId),
    readRegistration(ctx.db, partnerId),
    cockpitWorkflow(ctx, partnerId),
    loadChecklist(ctx.db, partnerId),
  ]);
  const p = row.partner;
  const progress = checklistProgress(checklist);
  return {
    id: p.id,
    partnerName: p.partnerName,
    mallName: p.mallName,
    sapId: p.sapId,
    shopId: p.shopId,
    clientId: p.clientId,
    country: p.country,
    urlSlug: p.urlSlug,
    created: p.created,
    updated: p.updated,
    provider: p.provider,
    pluginProvider: p.pluginProvider,
    rating: p.rating,
    kam: p.kam,
    farmer: p.farmer,
    accountant: p.accountant,
    onboarding: p.onboarding,
    note: p.note,
    mdpStatus: p.mdpStatus,
    billingStatus: p.billingStatus,
    apiTier: row.apiTier,
    master:
      row.masterEmail === null
        ? null
        : {
            email: row.masterEmail,
            firstName: row.masterFirstName ?? '',
            lastName: row.masterLastName ?? '',
            isConfirmed: row.masterConfirmed ?? false,
            isActive: row.masterActive ?? false,
          },
    contract,
    registration,
    workflow,
    checklist,
    checklistDone: progress.done,
    checklistTotal: progress.total,
    lifecycleCommands: lifecycleCommandsOf(workflow.status, workflow.availableStates),
  };
}
