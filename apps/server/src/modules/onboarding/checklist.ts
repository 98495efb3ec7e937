import {
  type Checklist,
  DomainError,
  ONBOARDING_REQUIRED_ADDRESS_TYPES,
  ONBOARDING_REQUIRED_CONTACT_GROUPS,
} from '@pp/domain';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { type DbOrTx, rowsOf } from '../../platform/db/client';
import { deliverableByRowsSql, productColumnsOf } from '../deliveries/checks-sql';

/** Contract fields a partner must fill before it may test (the contract the marketplace signs with). */
/**
 * The contract fields the domain's contractSchema requires (the VAT id is optional: not every seller is a
 * VAT payer). Every saved contract passed that schema, so "filled" here means what contractComplete() means
 * in partner/contract.ts, counted in SQL so the checklist stays one round trip.
 */
const REQUIRED_CONTRACT_FIELDS = [
  'company',
  'first_name',
  'last_name',
  'email',
  'phone',
  'company_id',
  'bank_account',
  'street',
  'city',
  'state',
  'zip',
  'web',
] as const;

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

interface ChecklistRow {
  id: number;
  address_types: string[] | null;
  contact_roles: string[] | null;
  products: number | string;
  products_live: number | string;
  undeliverable: number | string;
  transport: boolean;
  contract: boolean;
  terms: boolean;
  provider: boolean;
  sent_when: string | Date | null;
}

/**
 * The checklist from the partner's own rows in one round trip; nothing of it is stored, so it can never
 * disagree with what the partner sees in its settings.
 */
export async function loadChecklist(db: DbOrTx, partnerId: number): Promise<Checklist> {
  const checklist = (await loadChecklists(db, [partnerId])).get(partnerId);
  if (!checklist) throw new DomainError('NOT_FOUND');
  return checklist;
}

/** The checklists of several partners (a page of the cockpit's onboarding queue) in one round trip. */
export async function loadChecklists(db: DbOrTx, partnerIds: readonly number[]): Promise<Map<number, Checklist>> {
  if (partnerIds.length === 0) return new Map();
  const contractComplete = sql.join(
    REQUIRED_CONTRACT_FIELDS.map((f) => sql`btrim(c.${sql.identifier(f)}) <> ''`),
    sql` and `,
  );
  const result = await db.execute(sql`
    select p.id,
      (select array_agg(distinct t) from partner_addresses a, unnest(a.types) t
        where a.partner_id = p.id and t = any(${textArray(ONBOARDING_REQUIRED_ADDRESS_TYPES)})) as address_types,
      (select array_agg(distinct r) from partner_contacts k, unnest(k.roles) r
        where k.partner_id = p.id and r = any(${textArray(ONBOARDING_REQUIRED_CONTACT_GROUPS)})) as contact_roles,
      pr.products,
      pr.products_live,
      pr.undeliverable,
      exists (select 1 from partner_deliveries d where d.partner_id = p.id and d.active) as transport,
      coalesce((select ${contractComplete} from partner_contracts c where c.partner_id = p.id), false) as contract,
      exists (
        select 1 from agreements g
        where g.partner_id = p.id and g.terms_id = (
          select bt.id from business_terms bt
          where bt.shop_id = p.shop_id and bt.published_at is not null and bt.valid_from <= current_date
          order by bt.valid_from desc, bt.id desc limit 1)
      ) as terms,
      coalesce(p.provider, '') <> '' as provider,
      pr.sent_when
    from partners p
    -- One pass over the partner's products for all three figures (it was three).
    cross join lateral (
      select count(*) as products,
        count(*) filter (where x.stage = 'LIVE' and x.status = 'ACTIVE' and not x.blocked) as products_live,
        max(x.sent_to_approval_at) as sent_when,
        count(*) filter (where not ${deliverableByRowsSql(sql`p.id`, productColumnsOf('x'))}) as undeliverable
      from products x where x.partner_id = p.id
    ) pr
    where p.id = any(${sql.param(partnerIds.map(Number))}::int[])`);
  return new Map(rowsOf<ChecklistRow>(result).map((row) => [Number(row.id), checklistOf(row)]));
}

function checklistOf(row: ChecklistRow): Checklist {
  const sentWhen = row.sent_when == null ? null : new Date(row.sent_when).toISOString();
  return {
    addresses: ONBOARDING_REQUIRED_ADDRESS_TYPES.map((type) => ({
      type,
      ok: (row.address_types ?? []).includes(type),
    })),
    contacts: ONBOARDING_REQUIRED_CONTACT_GROUPS.map((type) => ({
      type,
      ok: (row.contact_roles ?? []).includes(type),
    })),
    products: Number(row.products),
    productsLive: Number(row.products_live),
    transport: row.transport,
    transportProblem: !row.transport ? 'NO_METHOD' : Number(row.undeliverable) > 0 ? 'UNDELIVERABLE_PRODUCTS' : null,
    undeliverableProducts: Number(row.undeliverable),
    contract: row.contract,
    terms: row.terms,
    provider: row.provider,
    productsForApprovalSent: sentWhen !== null,
    productsForApprovalSentWhen: sentWhen,
  };
}

/** The selected partner's onboarding checklist. */
export async function partnerChecklist(ctx: RequestContext): Promise<Checklist> {
  const { partnerId } = await ctx.require('partner', 'read');
  return loadChecklist(ctx.db, partnerId);
}
