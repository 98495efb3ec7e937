import type { ApiDomain } from '@pp/domain';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** The tier a partner has at a moment: its latest change before then, else the Basic tier (decision). */
export function tierIdAt(partnerId: number | SQLWrapper, at: Date): SQL<number> {
  return sql<number>`coalesce(
    (select p.tier_id from partner_api_tiers p where p.partner_id = ${partnerId} and p.since <= ${at.toISOString()}::timestamptz
      order by p.since desc, p.id desc limit 1),
    (select t.id from api_tiers t where t.name = 'Basic' order by t.id limit 1))`;
}

/** The column of a tier's daily maximum for a domain, as a CASE over fixed names (no caller text in SQL). */
export function tierLimitOf(domain: SQL | ApiDomain) {
  return sql`(case ${domain}::text when 'products' then t.products_limit when 'availability' then t.availability_limit
    when 'orders' then t.orders_limit else t.other_limit end)`;
}
