import { type DocumentKind, isShopId, MARKETPLACE_PARTIES, type ShopId } from '@pp/domain';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../platform/db/client';
import {
  marketplaceNumber,
  reserveNumbers,
  selfBillingNumber,
  selfBillingSeriesKey,
  selfBillingSymbol,
  seriesKey,
  seriesOf,
} from './numbering';

/**
 * Issuing documents from lines: a step of the run (or an operator's command) writes the lines of the
 * documents it wants into the transaction's temporary `bill_lines`; `issueFromLines` numbers them, computes
 * every document's tax recap and totals and writes headers and items — set-based, so a thousand partners'
 * documents cost a few statements (docs/decisions.md, "Billing run").
 *
 * A line is priced without VAT (`net`, the marketplace's services) or with it (`gross`, goods sold under
 * self-billing); the recap follows the domain's `netRecap` / `grossRecap` rules, in SQL with `numeric`.
 */

/** Creates the transaction's line table (dropped at commit). */
export async function createLineTable(tx: DbOrTx): Promise<void> {
  await tx.execute(
    sql.raw(`
    create temp table if not exists bill_lines (
      partner_id int not null,
      kind text not null,
      document_type text not null,
      origin_document_id bigint,
      shop_id text not null,
      currency text not null,
      position int not null,
      code text not null,
      article_id text,
      order_id bigint,
      title text not null,
      quantity numeric not null,
      unit text not null,
      unit_price numeric not null,
      vat_rate numeric not null,
      net numeric,
      gross numeric,
      reverse_charge boolean not null default false,
      note text
    ) on commit drop`),
  );
  await tx.execute(sql.raw('truncate bill_lines'));
}

/** Decimal places of a currency, as SQL (forints whole). */
export const scaleSql = (currency: string) => sql.raw(`(case ${currency} when 'HUF' then 0 else 2 end)`);

/**
 * The partner as a party of its documents: the contract's company and numbers, the billing address when
 * there is one (else the seat), and the bank account for the documents it issues (self-billing).
 */
export function partnerPartySql(partnerAlias: string, withBank: boolean) {
  return sql.raw(`(
    select jsonb_build_object(
      'name', coalesce(nullif(c.company, ''), p2.partner_name),
      'registrationNumber', coalesce(c.company_id, ''),
      'taxIdentification', '',
      'vatNumber', coalesce(c.vat_id, ''),
      'note', '',
      'address', jsonb_build_object(
        'street', coalesce(ba.street, c.street, ''),
        'city', coalesce(ba.city, c.city, ''),
        'zip', coalesce(ba.zip, c.zip, ''),
        'country', coalesce(nullif(ba.state, ''), nullif(c.state, ''), p2.country))
      ${withBank ? `, 'bank', jsonb_build_object('bankAccount', coalesce(c.bank_account, ''), 'bankName', '', 'iban', case when coalesce(c.bank_account, '') ~ '^[A-Z]{2}[0-9]{2}' then replace(c.bank_account, ' ', '') else '' end, 'swift', '')` : ''})
    from partners p2
    left join partner_contracts c on c.partner_id = p2.id
    left join lateral (
      select a.street, a.city, a.zip, a.state from partner_addresses a
      where a.partner_id = p2.id and 'BILLING_ADDRESS' = any(a.types) order by a.id limit 1
    ) ba on true
    where p2.id = ${partnerAlias})`);
}

/** The partner's seat country and VAT number, for the reverse-charge rule. */
export function partnerSeatSql(partnerAlias: string) {
  return sql.raw(`(select coalesce(nullif(c.state, ''), p3.country) from partners p3
      left join partner_contracts c on c.partner_id = p3.id where p3.id = ${partnerAlias})`);
}

export const marketplacePartiesSql = () => sql`${JSON.stringify(MARKETPLACE_PARTIES)}::jsonb`;

export interface IssueOptions {
  /** The billed month's first day for the run's documents; null for an operator's document. */
  period: string | null;
  runId: number | null;
  referenceId: string | null;
  /** The day the documents are issued (the shop's day), and the year their numbers belong to. */
  issueDay: string;
  deliveryDay: string;
  dueDay: string;
}

export interface IssuedDocument {
  id: number;
  partnerId: number;
  kind: DocumentKind;
  originDocumentId: number | null;
  invoiceNumber: string;
  total: string;
}

interface DocKey {
  partner_id: number;
  kind: DocumentKind;
  document_type: string;
  origin_document_id: number | null;
  shop_id: string;
}

/** Numbers, recaps and writes the documents of `bill_lines`; returns them. */
export async function issueFromLines(tx: DbOrTx, options: IssueOptions): Promise<IssuedDocument[]> {
  const keys = rowsOf<DocKey>(
    await tx.execute(sql`select partner_id, kind, document_type, origin_document_id::float8 as origin_document_id,
        min(shop_id) as shop_id
      from bill_lines group by partner_id, kind, document_type, origin_document_id
      order by partner_id, kind, origin_document_id nulls first`),
  );
  if (!keys.length) return [];
  const year = Number(options.issueDay.slice(0, 4));
  // Numbers per series, in the order of the keys (partner id): each series' counter is locked once.
  const bySeries = new Map<string, DocKey[]>();
  for (const key of keys) {
    const code = seriesOf(key.kind, key.document_type);
    const series = code === 'SELF_BILLING' ? selfBillingSeriesKey(key.partner_id) : seriesKey(key.shop_id, code);
    bySeries.set(series, [...(bySeries.get(series) ?? []), key]);
  }
  const numbers = new Map<DocKey, { number: string; symbol: string }>();
  for (const [series, group] of [...bySeries].sort(([a], [b]) => a.localeCompare(b))) {
    const first = await reserveNumbers(tx, series, year, group.length);
    group.forEach((key, i) => {
      const sequence = first + i;
      const code = seriesOf(key.kind, key.document_type);
      if (code === 'SELF_BILLING') {
        numbers.set(key, {
          number: selfBillingNumber(key.partner_id, year, sequence),
          symbol: selfBillingSymbol(year, sequence),
        });
      } else {
        const shop: ShopId = isShopId(key.shop_id) ? key.shop_id : 'CZ10MA';
        const number = marketplaceNumber(shop, code, year, sequence);
        numbers.set(key, { number, symbol: number });
      }
    });
  }
  const column = <T>(pick: (k: DocKey) => T) => keys.map(pick);
  const issued = rowsOf<{
    id: number;
    partner_id: number;
    kind: DocumentKind;
    origin_document_id: number | null;
    invoice_number: string;
    total: string;
  }>(
    await tx.execute(sql`
      with d as (
        select * from unnest(
          ${sql.param(column((k) => k.partner_id))}::int[], ${sql.param(column((k) => k.kind))}::text[],
          ${sql.param(column((k) => k.document_type))}::text[], ${sql.param(column((k) => k.origin_document_id))}::bigint[],
          ${sql.param(column((k) => numbers.get(k)!.number))}::text[], ${sql.param(column((k) => numbers.get(k)!.symbol))}::text[]
        ) as d(partner_id, kind, document_type, origin_document_id, number, symbol)
      ),
      h as (
        select l.partner_id, l.kind, l.document_type, l.origin_document_id, min(l.shop_id) as shop_id,
          min(l.currency) as currency, bool_or(l.reverse_charge) as reverse_charge, max(l.note) as note
        from bill_lines l group by 1, 2, 3, 4
      ),
      r as (
        select l.partner_id, l.kind, l.document_type, l.origin_document_id, l.vat_rate,
          case when bool_and(l.gross is null)
            then round(sum(l.net), ${scaleSql('min(l.currency)')})
            else round(round(sum(l.gross), ${scaleSql('min(l.currency)')}) / (1 + l.vat_rate / 100),
              ${scaleSql('min(l.currency)')}) end as base,
          case when bool_and(l.gross is null)
            then round(round(sum(l.net), ${scaleSql('min(l.currency)')}) * l.vat_rate / 100, ${scaleSql('min(l.currency)')})
            else round(sum(l.gross), ${scaleSql('min(l.currency)')}) - round(round(sum(l.gross), ${scaleSql('min(l.currency)')})
              / (1 + l.vat_rate / 100), ${scaleSql('min(l.currency)')}) end as vat
        from bill_lines l group by 1, 2, 3, 4, 5
      ),
      t as (
        select r.partner_id, r.kind, r.document_type, r.origin_document_id,
          sum(r.base) as base, sum(r.vat) as vat,
          jsonb_agg(jsonb_build_object('vatRate', trim_scale(r.vat_rate)::text, 'base', r.base::text,
            'vat', r.vat::text, 'total', (r.base + r.vat)::text) order by r.vat_rate desc) as recap
        from r group by 1, 2, 3, 4
      )
      insert into billing_documents (partner_id, shop_id, document_type, kind, invoice_type_tag, invoice_number,
        document_number, origin_document_id, reference_id, period, created_at, delivery_at, due_date, currency,
        total_without_vat, total_vat, total, remaining, variable_symbol, note, reverse_charge, supplier, customer,
        tax_recap, run_id)
      select d.partner_id, h.shop_id, d.document_type, d.kind,
        case when d.kind = 'SELF_BILLING' then 'SB' when d.kind in ('FEES', 'PENALTY') then 'FS' end,
        d.number, d.number, d.origin_document_id, ${options.referenceId}, ${options.period}::date, now(),
        ${options.deliveryDay}::date, ${options.dueDay}::date, h.currency, t.base, t.vat, t.base + t.vat,
        t.base + t.vat, d.symbol, h.note, h.reverse_charge,
        case when d.kind = 'SELF_BILLING' then ${partnerPartySql('d.partner_id', true)}
          else ${marketplacePartiesSql()} -> h.shop_id end,
        case when d.kind = 'SELF_BILLING' then ${marketplacePartiesSql()} -> h.shop_id
          else ${partnerPartySql('d.partner_id', false)} end,
        t.recap, ${options.runId}::int
      from d
      join h on h.partner_id = d.partner_id and h.kind = d.kind and h.document_type = d.document_type
        and h.origin_document_id is not distinct from d.origin_document_id
      join t on t.partner_id = d.partner_id and t.kind = d.kind and t.document_type = d.document_type
        and t.origin_document_id is not distinct from d.origin_document_id
      returning id::float8 as id, partner_id, kind, origin_document_id::float8 as origin_document_id,
        invoice_number, total::text as total`),
  );
  await tx.execute(sql`
    insert into billing_document_items (partner_id, document_id, position, code, article_id, order_id, title,
      quantity, unit, unit_price, vat_rate, price_without_vat, price_with_vat, total_price)
    select l.partner_id, d.id, l.position, l.code, l.article_id, l.order_id, l.title, l.quantity, l.unit,
      round(l.unit_price, 4), l.vat_rate, p.without_vat, p.with_vat, p.with_vat
    from bill_lines l
    join unnest(${sql.param(issued.map((d) => d.id))}::bigint[], ${sql.param(issued.map((d) => d.partner_id))}::int[],
      ${sql.param(issued.map((d) => d.kind))}::text[], ${sql.param(issued.map((d) => d.origin_document_id))}::bigint[])
      as d(id, partner_id, kind, origin_document_id)
      on d.partner_id = l.partner_id and d.kind = l.kind
        and d.origin_document_id is not distinct from l.origin_document_id
    cross join lateral (select
      round(coalesce(l.net, l.gross / (1 + l.vat_rate / 100)), ${scaleSql('l.currency')}) as without_vat,
      round(coalesce(l.gross, l.net + round(l.net * l.vat_rate / 100, ${scaleSql('l.currency')})), ${scaleSql('l.currency')})
        as with_vat) p`);
  await tx.execute(sql.raw('truncate bill_lines'));
  return issued.map((d) => ({
    id: Number(d.id),
    partnerId: d.partner_id,
    kind: d.kind,
    originDocumentId: d.origin_document_id == null ? null : Number(d.origin_document_id),
    invoiceNumber: d.invoice_number,
    total: d.total,
  }));
}
