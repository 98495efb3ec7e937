import {
  CALENDAR_TIME_ZONES,
  COMMISSION_FALLBACK,
  commissionFor,
  FEE_TYPES,
  feesOfShop,
  MARKETS,
  MONTHLY_FEE_FREE_MONTHS,
  type PriceListLevel,
  SHOP_IDS,
} from '@pp/domain';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../platform/db/client';
import { translate } from '../../platform/i18n';
import { createLineTable, type IssuedDocument, type IssueOptions, issueFromLines, scaleSql } from './issue';
import { settleOffsets } from './run-offsets';

/**
 * One chunk of a billing run: the period's documents of up to a thousand partners in one transaction
 * (docs/decisions.md, "Billing run"). Every step is set-based over the chunk's partners; memory holds only
 * what is per chunk (the distinct price-list keys, the documents' numbers), never the orders.
 */

export interface ChunkPeriod {
  /** 'YYYY-MM' */
  period: string;
  /** The month's first day and the next month's first day, 'YYYY-MM-DD'. */
  first: string;
  next: string;
}

export interface ChunkResult {
  documents: number;
  offsets: number;
}

/** Each shop's calendar zone and currency as SQL rows. */
function shopRowsSql() {
  const rows = SHOP_IDS.map((shop) => ({
    shop_id: shop,
    zone: CALENDAR_TIME_ZONES[MARKETS[shop].shortCode],
    currency: MARKETS[shop].currency,
    country: MARKETS[shop].shortCode,
  }));
  return sql`(select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
    as s(shop_id text, zone text, currency text, country text))`;
}

/** Item titles of the documents in each shop's language. */
function titlesSql() {
  const titles = Object.fromEntries(
    SHOP_IDS.map((shop) => {
      const lang = MARKETS[shop].language;
      return [
        shop,
        {
          COMMISSION: translate(lang, 'billingDocs.items.COMMISSION', { rate: '{rate}' }),
          ...Object.fromEntries(FEE_TYPES.map((type) => [type, translate(lang, `billingDocs.items.${type}`)])),
          reverseCharge: translate(lang, 'billingDocs.reverseCharge'),
        },
      ];
    }),
  );
  return sql`${JSON.stringify(titles)}::jsonb`;
}

/** The domain's fee amounts per shop, for shops whose operators set none in `shop_fees`. */
function defaultFeesSql() {
  const rows = SHOP_IDS.flatMap((shop) =>
    feesOfShop(shop).map((f) => ({ shop_id: shop, type: f.type, amount: f.amount })),
  );
  return sql`(select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as f(shop_id text, type text, amount numeric))`;
}

/**
 * The chunk's partners and what each needs: its shop, currency, VAT rate (the shop's standard one, 0 under
 * reverse charge), self-billing from this period, launch, and which of the period's documents it has.
 */
async function loadPartners(tx: DbOrTx, partnerIds: readonly number[], p: ChunkPeriod): Promise<number> {
  await tx.execute(sql`
    create temp table bill_partners on commit drop as
    select p.id as partner_id, p.shop_id, s.currency, s.zone, p.workflow_status,
      (${p.first}::timestamp at time zone s.zone) as start_ts, (${p.next}::timestamp at time zone s.zone) as end_ts,
      seat.country <> s.country and coalesce(c.vat_id, '') <> '' as reverse_charge,
      case when seat.country <> s.country and coalesce(c.vat_id, '') <> '' then 0
        else coalesce((select v.rate from vat_rates v where v.shop_id = p.shop_id and v.is_default), 0) end as vat_rate,
      p.billing_status = 'active' and exists (select 1 from self_billing_decisions d
        where d.partner_id = p.id and d.decision = 'ACCEPTED' and d.from_period <= ${p.first}::date
          and d.decided_at = (select max(d2.decided_at) from self_billing_decisions d2 where d2.partner_id = p.id)) as self_billing,
      coalesce((select min(h.created) from workflow_history h where h.partner_id = p.id and h.to_status = 'PRODUCTION'),
        p.created) as launched_at,
      exists (select 1 from billing_offsets o where o.partner_id = p.id and o.period = ${p.first}::date) as has_offset,
      exists (select 1 from billing_documents d where d.partner_id = p.id and d.period = ${p.first}::date
        and d.kind = 'COMMISSION') as has_commission,
      exists (select 1 from billing_documents d where d.partner_id = p.id and d.period = ${p.first}::date
        and d.kind = 'FEES') as has_fees,
      exists (select 1 from billing_documents d where d.partner_id = p.id and d.period = ${p.first}::date
        and d.kind = 'SELF_BILLING') as has_self_billing
    from partners p
    join ${shopRowsSql()} s on s.shop_id = p.shop_id
    left join partner_contracts c on c.partner_id = p.id
    cross join lateral (select upper(coalesce(nullif(c.state, ''), p.country)) as country) seat
    where p.id = any(${sql.param([...partnerIds])}::int[]) and p.sandbox_of is null`);
  // Temporary tables have no statistics until analysed: without them the planner takes a thousand partners for
  // a few and joins the orders by nested loops over whole tables.
  await tx.execute(sql`analyze bill_partners`);
  const [row] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from bill_partners`));
  return row?.n ?? 0;
}

/** Whether the partner already has the period's document of a kind (a run continued or repeated). */
const hasDoc = (kind: 'COMMISSION' | 'FEES' | 'SELF_BILLING') =>
  sql.raw({ COMMISSION: 'bp.has_commission', FEES: 'bp.has_fees', SELF_BILLING: 'bp.has_self_billing' }[kind]);

/** The period's delivered order items of the chunk's partners, in the partner's currency. */
async function loadDeliveredItems(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`
    create temp table bill_items on commit drop as
    select o.partner_id, o.id as order_id, i.id as item_id, i.article_id, i.title, i.quantity,
      (i.unit_price * i.quantity - i.total_discount) as gross, i.vat, i.prepaid,
      o.created_at, o.delivered_at, bp.shop_id, bp.currency,
      pr.category_id, pr.brand_id, (o.created_at at time zone bp.zone)::date as day
    from bill_partners bp
    join orders o on o.partner_id = bp.partner_id and o.delivered_at >= bp.start_ts and o.delivered_at < bp.end_ts
      and o.status = 'delivered' and not o.is_test and o.currency = bp.currency
    join order_items i on i.partner_id = o.partner_id and i.order_id = o.id
    left join products pr on pr.partner_id = i.partner_id and pr.id = i.partner_article_id`);
  await tx.execute(sql`analyze bill_items`);
}

/**
 * The commission rate of every item: the partner's list on the order's day, that day's version, and the
 * domain's `commissionFor` over the item's category path and brand — computed once per distinct (version,
 * category, brand) of the chunk. No list that day: COMMISSION_FALLBACK, marked FALLBACK.
 */
async function rateItems(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`
    create temp table bill_days on commit drop as
    select d.partner_id, d.shop_id, d.day, (
      select v.id from (
        select a.price_list_id from price_list_assignments a
        where a.partner_id = d.partner_id and a.shop_id = d.shop_id and a.valid_from <= d.day
        order by a.valid_from desc limit 1) a
      join price_list_versions v on v.price_list_id = a.price_list_id and v.valid_from <= d.day
        and (v.valid_to is null or v.valid_to > d.day)
      limit 1) as version_id
    from (select distinct partner_id, shop_id, day from bill_items) d`);
  const keys = rowsOf<{ version_id: number | null; category_id: number | null; brand_id: string | null }>(
    await tx.execute(sql`select distinct d.version_id, b.category_id, b.brand_id
      from bill_items b join bill_days d on d.partner_id = b.partner_id and d.shop_id = b.shop_id and d.day = b.day`),
  );
  const versionIds = [...new Set(keys.map((k) => k.version_id).filter((v): v is number => v != null))];
  const categoryIds = [...new Set(keys.map((k) => k.category_id).filter((c): c is number => c != null))];
  const versions = new Map(
    rowsOf<{ id: number; valid_from: string; valid_to: string | null; commission: string }>(
      await tx.execute(sql`select id, valid_from::text, valid_to::text, commission::text from price_list_versions
        where id = any(${sql.param(versionIds)}::int[])`),
    ).map((v) => [v.id, v]),
  );
  const nodes = rowsOf<{
    version_id: number;
    category_id: number;
    level: number;
    commission: string | null;
    brands: { brandId: string; commission: number }[];
  }>(
    await tx.execute(sql`select version_id, category_id, level, commission::text, brands from price_list_items
      where version_id = any(${sql.param(versionIds)}::int[])`),
  );
  const paths = new Map(
    rowsOf<{ id: number; path: number[] }>(
      await tx.execute(sql`select c.id, array_remove(array[g.id, p.id, c.id], null) as path
        from categories c left join categories p on p.id = c.parent_id left join categories g on g.id = p.parent_id
        where c.id = any(${sql.param(categoryIds)}::int[])`),
    ).map((r) => [r.id, r.path]),
  );
  const rates = keys.map((k) => {
    const version = k.version_id != null ? versions.get(k.version_id) : undefined;
    if (!version) return { ...k, rate: String(COMMISSION_FALLBACK), source: 'FALLBACK' };
    const result = commissionFor({
      list: {
        validFrom: version.valid_from,
        validTo: version.valid_to,
        commission: Number(version.commission),
        nodes: nodes
          .filter((n) => n.version_id === version.id)
          .map((n) => ({
            categoryId: n.category_id,
            level: n.level as PriceListLevel,
            commission: n.commission == null ? null : Number(n.commission),
            brands: n.brands,
          })),
      },
      categoryPath: k.category_id != null ? (paths.get(k.category_id) ?? []) : [],
      brandId: k.brand_id,
      at: version.valid_from,
    });
    return { ...k, rate: String(result?.commission ?? COMMISSION_FALLBACK), source: result?.source.kind ?? 'FALLBACK' };
  });
  await tx.execute(sql`
    create temp table bill_rates on commit drop as
    select * from unnest(${sql.param(rates.map((r) => r.version_id ?? 0))}::int[],
      ${sql.param(rates.map((r) => r.category_id ?? 0))}::int[], ${sql.param(rates.map((r) => r.brand_id ?? ''))}::text[],
      ${sql.param(rates.map((r) => r.rate))}::numeric[], ${sql.param(rates.map((r) => r.source))}::text[])
      as r(version_id, category_id, brand_id, rate, source)`);
  await tx.execute(sql`
    create temp table bill_overview on commit drop as
    select b.*, r.rate, r.source, round(b.gross * r.rate / 100, ${scaleSql('b.currency')}) as commission
    from bill_items b
    join bill_days d on d.partner_id = b.partner_id and d.shop_id = b.shop_id and d.day = b.day
    join bill_rates r on r.version_id = coalesce(d.version_id, 0) and r.category_id = coalesce(b.category_id, 0)
      and r.brand_id = coalesce(b.brand_id, '')`);
  await tx.execute(sql`analyze bill_overview`);
}

/** Commission invoices: one per partner, a line per rate; the overview keeps every order item. */
async function commissionLines(tx: DbOrTx, p: ChunkPeriod): Promise<void> {
  await tx.execute(sql`
    insert into bill_lines (partner_id, kind, document_type, shop_id, currency, position, code, title, quantity, unit,
      unit_price, vat_rate, net, reverse_charge, note)
    select bp.partner_id, 'COMMISSION', 'invoice', bp.shop_id, bp.currency,
      row_number() over (partition by bp.partner_id order by o.rate desc), 'COMMISSION',
      replace(${titlesSql()} -> bp.shop_id ->> 'COMMISSION', '{rate}', trim_scale(o.rate)::text),
      1, 'SERVICE', sum(o.commission), bp.vat_rate, sum(o.commission), bp.reverse_charge,
      case when bp.reverse_charge then ${titlesSql()} -> bp.shop_id ->> 'reverseCharge' end
    from bill_partners bp join bill_overview o on o.partner_id = bp.partner_id
    where not ${hasDoc('COMMISSION')}
      and not exists (select 1 from billing_overview_lines x where x.partner_id = o.partner_id
        and x.order_id = o.order_id and x.item_id = o.item_id and not x.credit)
    group by bp.partner_id, bp.shop_id, bp.currency, bp.vat_rate, bp.reverse_charge, o.rate
    having sum(o.commission) <> 0`);
}

async function writeOverview(tx: DbOrTx, issued: readonly IssuedDocument[]): Promise<void> {
  const commission = issued.filter((d) => d.kind === 'COMMISSION');
  if (!commission.length) return;
  await tx.execute(sql`
    insert into billing_overview_lines (partner_id, document_id, order_id, item_id, credit, article_id, title, quantity,
      price_with_vat, commission_rate, rate_source, commission, ordered_at, delivered_at)
    select o.partner_id, d.id, o.order_id, o.item_id, false, o.article_id, o.title, o.quantity, o.gross, o.rate,
      o.source, o.commission, o.created_at, o.delivered_at
    from bill_overview o
    join unnest(${sql.param(commission.map((d) => d.partnerId))}::int[], ${sql.param(commission.map((d) => d.id))}::bigint[])
      as d(partner_id, id) on d.partner_id = o.partner_id
    on conflict do nothing`);
}

/**
 * The fee invoice (FS): the monthly fee after the free months of a partner live in production, the order
 * fee per delivered order, the MALL Delivery pickup fee per parcel shipped, the return shipping fee per order
 * returned in the month.
 */
async function feeLines(tx: DbOrTx, p: ChunkPeriod): Promise<void> {
  await tx.execute(sql`
    create temp table bill_returns on commit drop as
    select o.partner_id, o.id as order_id from bill_partners bp
    join orders o on o.partner_id = bp.partner_id and o.status = 'returned' and not o.is_test
      and o.updated_at >= bp.start_ts and o.updated_at < bp.end_ts`);
  await tx.execute(sql`analyze bill_returns`);
  await tx.execute(sql`
    with counts as (
      select bp.partner_id,
        case when bp.workflow_status = 'PRODUCTION'
          and date_trunc('month', bp.launched_at at time zone bp.zone) + ${`${MONTHLY_FEE_FREE_MONTHS} months`}::interval
            <= ${p.first}::timestamp then 1 else 0 end as "MONTHLY_FEE",
        (select count(distinct b.order_id) from bill_items b where b.partner_id = bp.partner_id) as "ORDER_FEE",
        (select coalesce(sum(o.parcel_count), 0) from orders o where o.partner_id = bp.partner_id and o.is_mall_delivery
          and not o.is_test and o.shipped_at >= bp.start_ts and o.shipped_at < bp.end_ts and o.status <> 'cancelled')
          as "MALLDELIVERY_PICKUP_FEE",
        (select count(*) from bill_returns r where r.partner_id = bp.partner_id
          and not exists (select 1 from billing_returns x where x.partner_id = r.partner_id and x.order_id = r.order_id))
          as "RETURN_SHIPPING_FEE"
      from bill_partners bp where not ${hasDoc('FEES')}
    ),
    q as (
      select c.partner_id, f.ord, f.type, f.quantity from counts c
      cross join lateral (values (1, 'MONTHLY_FEE', c."MONTHLY_FEE"), (2, 'ORDER_FEE', c."ORDER_FEE"),
        (3, 'MALLDELIVERY_PICKUP_FEE', c."MALLDELIVERY_PICKUP_FEE"), (4, 'RETURN_SHIPPING_FEE', c."RETURN_SHIPPING_FEE"))
        as f(ord, type, quantity)
      where f.quantity > 0
    )
    insert into bill_lines (partner_id, kind, document_type, shop_id, currency, position, code, title, quantity, unit,
      unit_price, vat_rate, net, reverse_charge, note)
    select bp.partner_id, 'FEES', 'invoice', bp.shop_id, bp.currency,
      row_number() over (partition by bp.partner_id order by q.ord), q.type,
      ${titlesSql()} -> bp.shop_id ->> q.type, q.quantity,
      case q.type when 'MONTHLY_FEE' then 'MONTH' when 'ORDER_FEE' then 'ORDER' else 'PARCEL' end,
      a.amount, bp.vat_rate, round(a.amount * q.quantity, ${scaleSql('bp.currency')}), bp.reverse_charge,
      case when bp.reverse_charge then ${titlesSql()} -> bp.shop_id ->> 'reverseCharge' end
    from q join bill_partners bp on bp.partner_id = q.partner_id
    cross join lateral (select coalesce(
      (select sf.amount from shop_fees sf where sf.shop_id = bp.shop_id and sf.type = q.type),
      (select df.amount from ${defaultFeesSql()} df where df.shop_id = bp.shop_id and df.type = q.type)) as amount) a
    where a.amount > 0`);
  await tx.execute(sql`
    insert into billing_returns (partner_id, order_id, period)
    select r.partner_id, r.order_id, ${p.first}::date from bill_returns r
    join bill_partners bp on bp.partner_id = r.partner_id where not ${hasDoc('FEES')}
    on conflict do nothing`);
}

/**
 * Self-billing invoices (SB): the partner's invoice to the marketplace for the goods of the month's
 * delivered orders, priced as the customer paid them, issued in the partner's name and series.
 */
async function selfBillingLines(tx: DbOrTx, p: ChunkPeriod): Promise<void> {
  await tx.execute(sql`
    insert into bill_lines (partner_id, kind, document_type, shop_id, currency, position, code, article_id, order_id,
      title, quantity, unit, unit_price, vat_rate, gross)
    select bp.partner_id, 'SELF_BILLING', 'invoice', bp.shop_id, bp.currency,
      row_number() over (partition by bp.partner_id order by b.order_id, b.item_id), 'GOODS', b.article_id, b.order_id,
      b.title, b.quantity, 'PIECE', b.gross / greatest(b.quantity, 1), b.vat, b.gross
    from bill_partners bp join bill_items b on b.partner_id = bp.partner_id
    where bp.self_billing and not ${hasDoc('SELF_BILLING')}`);
}

/**
 * Credit notes for returns: an order billed with commission and returned in the month gets its commission
 * back, one credit note per invoice it corrects, at that invoice's VAT rate.
 */
async function returnCreditLines(tx: DbOrTx, p: ChunkPeriod): Promise<void> {
  await tx.execute(sql`
    create temp table bill_credits on commit drop as
    select l.partner_id, l.document_id as origin_document_id, l.order_id, l.item_id, l.article_id, l.title, l.quantity,
      l.price_with_vat, l.commission_rate, l.rate_source, l.commission, l.ordered_at, l.delivered_at
    from bill_returns r
    join billing_overview_lines l on l.partner_id = r.partner_id and l.order_id = r.order_id and not l.credit
    where not exists (select 1 from billing_overview_lines c where c.partner_id = l.partner_id and c.order_id = l.order_id
        and c.item_id = l.item_id and c.credit)
      and not exists (select 1 from billing_documents d where d.partner_id = l.partner_id and d.period = ${p.first}::date
        and d.kind = 'RETURN_CREDIT' and d.origin_document_id = l.document_id)`);
  await tx.execute(sql`
    insert into bill_lines (partner_id, kind, document_type, origin_document_id, shop_id, currency, position, code,
      title, quantity, unit, unit_price, vat_rate, net, reverse_charge, note)
    select bp.partner_id, 'RETURN_CREDIT', 'credit-note', c.origin_document_id, bp.shop_id, bp.currency,
      row_number() over (partition by bp.partner_id, c.origin_document_id order by c.commission_rate desc), 'COMMISSION',
      replace(${titlesSql()} -> bp.shop_id ->> 'COMMISSION', '{rate}', trim_scale(c.commission_rate)::text),
      1, 'SERVICE', sum(c.commission), o.vat_rate, sum(c.commission), o.reverse_charge,
      case when o.reverse_charge then ${titlesSql()} -> bp.shop_id ->> 'reverseCharge' end
    from bill_credits c join bill_partners bp on bp.partner_id = c.partner_id
    cross join lateral (select d.reverse_charge,
      coalesce((select i.vat_rate from billing_document_items i where i.partner_id = d.partner_id
        and i.document_id = d.id and i.code = 'COMMISSION' limit 1), bp.vat_rate) as vat_rate
      from billing_documents d where d.id = c.origin_document_id) o
    group by bp.partner_id, bp.shop_id, bp.currency, c.origin_document_id, c.commission_rate, o.vat_rate, o.reverse_charge
    having sum(c.commission) <> 0`);
}

async function writeCredits(tx: DbOrTx, issued: readonly IssuedDocument[]): Promise<void> {
  const credits = issued.filter((d) => d.kind === 'RETURN_CREDIT');
  if (!credits.length) return;
  await tx.execute(sql`
    insert into billing_overview_lines (partner_id, document_id, order_id, item_id, credit, article_id, title, quantity,
      price_with_vat, commission_rate, rate_source, commission, ordered_at, delivered_at)
    select c.partner_id, d.id, c.order_id, c.item_id, true, c.article_id, c.title, c.quantity, c.price_with_vat,
      c.commission_rate, c.rate_source, c.commission, c.ordered_at, c.delivered_at
    from bill_credits c
    join unnest(${sql.param(credits.map((d) => d.partnerId))}::int[], ${sql.param(credits.map((d) => d.id))}::bigint[],
      ${sql.param(credits.map((d) => d.originDocumentId))}::bigint[]) as d(partner_id, id, origin)
      on d.partner_id = c.partner_id and d.origin = c.origin_document_id
    on conflict do nothing`);
}

/** Bills one chunk of partners for the period in the caller's transaction. */
export async function billChunk(
  tx: DbOrTx,
  partnerIds: readonly number[],
  period: ChunkPeriod,
  issue: IssueOptions,
): Promise<ChunkResult> {
  for (const table of [
    'bill_partners',
    'bill_items',
    'bill_days',
    'bill_rates',
    'bill_overview',
    'bill_returns',
    'bill_credits',
  ]) {
    await tx.execute(sql.raw(`drop table if exists ${table}`));
  }
  const partners = await loadPartners(tx, partnerIds, period);
  if (!partners) return { documents: 0, offsets: 0 };
  await createLineTable(tx);
  await loadDeliveredItems(tx);
  await rateItems(tx);
  await commissionLines(tx, period);
  await feeLines(tx, period);
  await selfBillingLines(tx, period);
  await returnCreditLines(tx, period);
  const issued = await issueFromLines(tx, issue);
  await writeOverview(tx, issued);
  await writeCredits(tx, issued);
  const offsets = await settleOffsets(tx, period, issue);
  return { documents: issued.length, offsets };
}
