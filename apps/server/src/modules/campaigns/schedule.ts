import { sql } from 'drizzle-orm';
import type { Platform } from '../../platform/context';
import { type Db, type DbOrTx, rowsOf } from '../../platform/db/client';
import type { JobDefinition } from '../../platform/jobs';
import { publishInTransaction } from '../../platform/stream/hub';
import { campaignToday, syncCampaignPromotions } from './promotions';

/**
 * Campaigns start and end on their days (issue 22 point 3). The promotions themselves are on the products
 * from the accepted import on, with the campaign's dates, so the price a customer pays changes on the first
 * day whether or not this job ran. What the job adds on the day:
 * - start: each joined item's campaign price goes into `price_history` (source CAMPAIGN), because the lowest
 *   price of the last 30 days the EU rules ask for counts the prices a campaign applied;
 * - end: the return to the regular price goes into the history the same way, and the ended campaign's
 *   entries leave the products (`syncCampaignPromotions`);
 * - both: `update_campaign` to every joined partner.
 * Each campaign is done in one transaction that locks its row (`for update skip locked`) and remembers what
 * was done (`started_at`, `ended_at`): a second run, or a second server running it at the same time, does
 * nothing again.
 */

export const CAMPAIGN_SCHEDULE_JOB = 'campaigns.schedule';

interface Due {
  id: number;
  startedAt: string | null;
}

/**
 * The items of the campaign as history rows: price and previous_price are the campaign's and the regular
 * one, in the order the step means (start: regular → campaign; end: campaign → regular). An item whose
 * regular price is the campaign's (or that has none) records nothing.
 */
async function recordCampaignPrices(tx: DbOrTx, campaignId: number, step: 'START' | 'END'): Promise<void> {
  const [price, previous] = step === 'START' ? [sql`cp.price`, sql`i.regular`] : [sql`i.regular`, sql`cp.price`];
  await tx.execute(sql`
    insert into price_history (partner_id, product_id, variant_id, price, previous_price, source)
    select cp.partner_id, cp.product_id, nullif(cp.variant_id, ''), ${price}, ${previous}, 'CAMPAIGN'
    from campaign_products cp
    cross join lateral (
      select case when cp.variant_id = ''
        then (select p.price from products p where p.partner_id = cp.partner_id and p.id = cp.product_id)
        else (select v.price from product_variants v where v.partner_id = cp.partner_id
          and v.product_id = cp.product_id and v.id = cp.variant_id)
        end as regular
    ) i
    where cp.campaign_id = ${campaignId} and i.regular is not null and i.regular <> cp.price
    order by cp.partner_id, cp.product_id, cp.variant_id`);
}

/** Rewrites the campaign promotions of every product the campaign names and tells each joined partner. */
async function syncAndAnnounce(tx: DbOrTx, campaignId: number, today: string): Promise<void> {
  const joined = rowsOf<{ partnerId: number; productIds: string[] }>(
    await tx.execute(sql`select partner_id as "partnerId", array_agg(distinct product_id) as "productIds"
      from campaign_products where campaign_id = ${campaignId} group by partner_id order by partner_id`),
  );
  for (const { partnerId, productIds } of joined) {
    await syncCampaignPromotions(tx, partnerId, productIds, today);
    await publishInTransaction(tx, { partnerId }, { type: 'update_campaign', data: { id: campaignId } });
  }
}

/**
 * Takes the next campaign due to start or end on `today` (locked, skipping one another run holds) and does
 * it; false when none is due. A PUBLISHED campaign starts on its first day; it ends the day after its last,
 * and a started one that operators cancelled ends at the next run (their cancel already took its promotions
 * off). A campaign whose days all passed without a start only ends: no price of it was ever recorded.
 */
async function stepOne(db: Db, today: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const due = rowsOf<Due & { ending: boolean }>(
      await tx.execute(sql`
        select id, started_at as "startedAt",
          (status = 'CANCELLED' or date_to < ${today}::date) as ending
        from campaigns
        where ended_at is null and (
          (status = 'PUBLISHED' and started_at is null and date_from <= ${today}::date)
          or (status = 'PUBLISHED' and date_to < ${today}::date)
          or (status = 'CANCELLED' and started_at is not null))
        order by date_from, id
        limit 1
        for update skip locked`),
    )[0];
    if (!due) return false;
    if (due.ending) {
      if (due.startedAt !== null) await recordCampaignPrices(tx, due.id, 'END');
      await tx.execute(sql`update campaigns set ended_at = now() where id = ${due.id}`);
    } else {
      await recordCampaignPrices(tx, due.id, 'START');
      await tx.execute(sql`update campaigns set started_at = now() where id = ${due.id}`);
    }
    await syncAndAnnounce(tx, due.id, today);
    return true;
  });
}

/** Starts and ends every campaign due on `today` (the shops' day unless a test names one); how many it did. */
export async function runCampaignSchedule(db: Db, today: string = campaignToday()): Promise<number> {
  let done = 0;
  while (await stepOne(db, today)) done += 1;
  return done;
}

export function campaignScheduleJobs(platform: Platform): JobDefinition<never>[] {
  return [
    // Every ten minutes: a campaign starts within minutes of its first day's midnight; a run that finds
    // nothing due costs one indexed look-up.
    {
      name: CAMPAIGN_SCHEDULE_JOB,
      cron: '*/10 * * * *',
      retryLimit: 0,
      handler: () => runCampaignSchedule(platform.database.db),
    },
  ] as JobDefinition<never>[];
}
