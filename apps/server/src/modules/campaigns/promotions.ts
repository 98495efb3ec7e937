import { campaignDay } from '@pp/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';

/** The day campaigns live by (the domain's `campaignDay`). */
export const campaignToday = campaignDay;

/**
 * Rewrites the CAMPAIGN-sourced promotions and labels of these products of the partner from
 * `campaign_products` (every campaign that is PUBLISHED and not ended on `today`): the one writer of campaign
 * promotions, called by an accepted import, by an operator's cancel, and by the campaigns' schedule.
 *
 * A campaign's line gives a promotion from the campaign's first to its last day (a variant's line names its
 * variant), and each of the campaign's labels the same days; a campaign that has not started yet is there
 * already, with its dates (the effective price counts it from its first day). The partner's own entries stay
 * as they were, first and in their order. One statement whatever the number of products (a file names up to
 * 50,000); a product whose entries come out the same is not written. `updated_at` is left alone: a campaign
 * is the marketplace's doing, not the seller's edit of the product (the grid's "last edited" stays the
 * seller's).
 */
export async function syncCampaignPromotions(
  tx: DbOrTx,
  partnerId: number,
  productIds: readonly string[],
  today: string = campaignToday(),
): Promise<void> {
  if (!productIds.length) return;
  const ids = sql.param([...new Set(productIds)]);
  await tx.execute(sql`
    with live as (
      select c.id, c.date_from, c.date_to, c.labels from campaigns c
      where c.status = 'PUBLISHED' and c.date_to >= ${today}::date and c.ended_at is null
    ),
    lines as (
      select cp.product_id, cp.variant_id, cp.price, l.id as campaign_id, l.date_from, l.date_to, l.labels
      from campaign_products cp join live l on l.id = cp.campaign_id
      where cp.partner_id = ${partnerId} and cp.product_id = any(${ids}::text[])
    ),
    promos as (
      select product_id, jsonb_agg(
          jsonb_build_object('price', price, 'from', date_from::text, 'to', date_to::text, 'source', 'CAMPAIGN',
            'campaignId', campaign_id)
          || case when variant_id <> '' then jsonb_build_object('variantId', variant_id) else '{}'::jsonb end
          order by date_from, campaign_id, variant_id) as list
      from lines group by product_id
    ),
    tags as (
      select j.product_id, jsonb_agg(
          jsonb_build_object('label', t.label, 'from', j.date_from::text, 'to', j.date_to::text, 'source', 'CAMPAIGN',
            'campaignId', j.campaign_id)
          order by j.date_from, j.campaign_id, t.n) as list
      from (select distinct product_id, campaign_id, date_from, date_to, labels from lines) j
      cross join lateral unnest(j.labels) with ordinality as t(label, n)
      group by j.product_id
    ),
    wanted as (
      select p.id,
        coalesce((select jsonb_agg(e order by n) from jsonb_array_elements(p.promotions) with ordinality as x(e, n)
          where e->>'source' is distinct from 'CAMPAIGN'), '[]'::jsonb) || coalesce(pr.list, '[]'::jsonb) as promotions,
        coalesce((select jsonb_agg(e order by n) from jsonb_array_elements(p.labels) with ordinality as x(e, n)
          where e->>'source' is distinct from 'CAMPAIGN'), '[]'::jsonb) || coalesce(tg.list, '[]'::jsonb) as labels
      from products p
      left join promos pr on pr.product_id = p.id
      left join tags tg on tg.product_id = p.id
      where p.partner_id = ${partnerId} and p.id = any(${ids}::text[])
    )
    update products p set promotions = w.promotions, labels = w.labels
    from wanted w
    where p.partner_id = ${partnerId} and p.id = w.id
      and (p.promotions is distinct from w.promotions or p.labels is distinct from w.labels)`);
}
