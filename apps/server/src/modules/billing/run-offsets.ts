import { isShopId } from '@pp/domain';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../platform/db/client';
import { type IssueOptions, marketplacePartiesSql, partnerPartySql } from './issue';
import { marketplaceNumber, reserveNumbers, seriesKey } from './numbering';
import type { ChunkPeriod } from './run-chunk';

/**
 * The offset of the period (docs/decisions.md, "Offsets"): for each partner of the chunk, what it owes
 * (invoices and debit notes still open) is settled against what the marketplace owes (credit notes and
 * self-billing invoices still open, and the customers' payments the marketplace collected for the month's
 * delivered orders), oldest due first on both sides. The smaller side is settled whole; the rest of what the
 * partner owes stays open on its invoices, the rest of what the marketplace owes is paid out (`diffPrice`).
 * Set-based with running sums: one pass per chunk, however many documents and orders.
 */
export async function settleOffsets(tx: DbOrTx, p: ChunkPeriod, issue: IssueOptions): Promise<number> {
  await tx.execute(sql.raw('drop table if exists bill_offset_items'));
  await tx.execute(sql`
    create temp table bill_offset_items on commit drop as
    with items as (
      select d.partner_id, case when d.document_type = 'credit-note' or d.kind = 'SELF_BILLING' then 'P' else 'R' end
          as side,
        case when d.document_type = 'credit-note' or d.kind = 'SELF_BILLING' then 'credit' else 'invoice' end as line_kind,
        d.id as document_id, null::bigint as order_id, d.invoice_number as reference, d.created_at as created,
        d.due_date, d.remaining as amount, d.currency
      from bill_partners bp
      join billing_documents d on d.partner_id = bp.partner_id and d.remaining > 0 and d.currency = bp.currency
      where not bp.has_offset
      union all
      select b.partner_id, 'P', 'order', null, b.order_id, b.order_id::text, min(b.created_at), null, sum(b.prepaid),
        min(b.currency)
      from bill_partners bp join bill_items b on b.partner_id = bp.partner_id
      where not bp.has_offset and not bp.self_billing
      group by b.partner_id, b.order_id
      having sum(b.prepaid) > 0
    ),
    sides as (
      select partner_id, coalesce(sum(amount) filter (where side = 'R'), 0) as owed,
        coalesce(sum(amount) filter (where side = 'P'), 0) as credit
      from items group by partner_id
    )
    select i.*, s.owed, s.credit,
      row_number() over (partition by i.partner_id order by i.side desc, i.due_date nulls last, i.created, i.document_id,
        i.order_id) as position,
      greatest(0, least(i.amount, least(s.owed, s.credit) - coalesce(sum(i.amount) over (
        partition by i.partner_id, i.side order by i.due_date nulls last, i.created, i.document_id, i.order_id
        rows between unbounded preceding and 1 preceding), 0))) as offset_price
    from items i join sides s on s.partner_id = i.partner_id`);
  const partners = rowsOf<{ partner_id: number; shop_id: string }>(
    await tx.execute(sql`select distinct o.partner_id, bp.shop_id from bill_offset_items o
      join bill_partners bp on bp.partner_id = o.partner_id order by o.partner_id`),
  );
  if (!partners.length) return 0;
  const year = Number(issue.issueDay.slice(0, 4));
  const numbers = new Map<number, string>();
  const byShop = new Map<string, number[]>();
  for (const row of partners) byShop.set(row.shop_id, [...(byShop.get(row.shop_id) ?? []), row.partner_id]);
  for (const [shop, ids] of [...byShop].sort(([a], [b]) => a.localeCompare(b))) {
    if (!isShopId(shop)) continue;
    const first = await reserveNumbers(tx, seriesKey(shop, 'OFFSET'), year, ids.length);
    ids.forEach((id, i) => {
      numbers.set(id, marketplaceNumber(shop, 'OFFSET', year, first + i));
    });
  }
  const ids = [...numbers.keys()];
  await tx.execute(sql`
    with n as (select * from unnest(${sql.param(ids)}::int[], ${sql.param(ids.map((id) => numbers.get(id)!))}::text[])
      as n(partner_id, number)),
    s as (select partner_id, min(owed) as owed, min(credit) as credit from bill_offset_items group by partner_id),
    ins as (
      insert into billing_offsets (partner_id, shop_id, document_number, period, created_at, due_date, currency,
        sum_price, credit_price, remaining_price, diff_price, variable_symbol, supplier, customer, run_id)
      select n.partner_id, bp.shop_id, n.number, ${p.first}::date, now(), ${issue.dueDay}::date, bp.currency,
        s.owed, s.credit, greatest(s.owed - s.credit, 0), s.credit - s.owed, n.number,
        ${marketplacePartiesSql()} -> bp.shop_id, ${partnerPartySql('n.partner_id', true)}, ${issue.runId}::int
      from n join s on s.partner_id = n.partner_id join bill_partners bp on bp.partner_id = n.partner_id
      returning id, partner_id
    )
    insert into billing_offset_lines (partner_id, offset_id, position, line_kind, document_id, order_id, reference,
      created, due_date, sum_price, offset_price, remain_price, currency)
    select i.partner_id, ins.id, i.position, i.line_kind, i.document_id, i.order_id, i.reference, i.created, i.due_date,
      i.amount, i.offset_price, i.amount - i.offset_price, i.currency
    from bill_offset_items i join ins on ins.partner_id = i.partner_id`);
  // What the partner owed keeps the part not settled; what the marketplace owed is settled or paid out.
  await tx.execute(sql`
    update billing_documents d set remaining = case when i.side = 'R' then d.remaining - i.offset_price else 0 end
    from bill_offset_items i
    where i.document_id is not null and d.partner_id = i.partner_id and d.id = i.document_id`);
  return ids.length;
}
