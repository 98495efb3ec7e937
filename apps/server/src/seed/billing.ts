import { previousPeriod, shopDay } from '@pp/domain';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../platform/db/client';
import { billChunk } from '../modules/billing/run-chunk';
import { BILLING_CHUNK, chunkPeriod, issueOptions } from '../modules/billing/run';

/**
 * The demo's billing: the last three ended months billed for every partner as the monthly runs would have
 * (commission and fee invoices, return credits, offsets), so the billing pages open on real documents.
 */
export async function seedBilling(tx: DbOrTx, now = new Date()): Promise<void> {
  let day = shopDay(now, 'CZ10MA');
  const periods: string[] = [];
  for (let i = 0; i < 3; i++) {
    const period = previousPeriod(day);
    periods.unshift(period);
    day = `${period}-01`;
  }
  for (const period of periods) {
    const [run] = rowsOf<{ id: number }>(
      await tx.execute(sql`insert into billing_runs (period, status, started_at, finished_at)
        values (${`${period}-01`}::date, 'DONE', now(), now()) returning id`),
    );
    let last = 0;
    let documents = 0;
    let offsets = 0;
    let partners = 0;
    for (;;) {
      const ids = rowsOf<{ id: number }>(
        await tx.execute(sql`select id from partners where id > ${last} and sandbox_of is null order by id
          limit ${BILLING_CHUNK}`),
      ).map((r) => r.id);
      if (!ids.length) break;
      const result = await billChunk(tx, ids, chunkPeriod(period), issueOptions(period, run!.id, now));
      documents += result.documents;
      offsets += result.offsets;
      partners += ids.length;
      last = Math.max(...ids);
    }
    await tx.execute(sql`update billing_runs set last_partner_id = ${last},
      counts = ${JSON.stringify({ documents, offsets, partners })}::jsonb where id = ${run!.id}`);
  }
}
