import { previousPeriod, shopDay } from '@pp/domain';
import { sql } from 'drizzle-orm';
import { queueRun, workRun } from '../apps/server/src/modules/billing/run';
import type { Platform } from '../apps/server/src/platform/context';
import { rowsOf } from '../apps/server/src/platform/db/client';
import { seedDemo } from '../apps/server/src/seed/demo';
import { seedLarge } from '../apps/server/src/seed/large';
import { type BenchDatabase, benchDatabase, existingBenchDatabase, postgresCpuSeconds } from './database';
import type { BenchResult } from './run';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
/** The large seed (issue 23 Scale: one month of 1,000,000 orders over two years, billed on PostgreSQL in < 60 s). */
const PARTNERS = num('BENCH_BILLING_PARTNERS', 50_000);
const ORDERS = num('BENCH_BILLING_ORDERS', 1_000_000);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

/** Runs and what they issued, to put an existing database back as it was. */
async function putBack(
  bench: BenchDatabase,
  period: string,
  runIds: number[],
  series: { series: string; year: number; last: number }[],
) {
  const db = bench.database.db;
  await db.execute(sql`delete from billing_returns where period = ${`${period}-01`}::date`);
  const docs = sql`(select id from billing_documents where run_id = any(${sql.param(runIds)}::int[]))`;
  await db.execute(sql`delete from billing_overview_lines where document_id in ${docs}`);
  await db.execute(sql`delete from billing_document_items where document_id in ${docs}`);
  await db.execute(sql`delete from billing_offset_lines where offset_id in
    (select id from billing_offsets where run_id = any(${sql.param(runIds)}::int[]))`);
  await db.execute(sql`delete from billing_offsets where run_id = any(${sql.param(runIds)}::int[])`);
  await db.execute(sql`delete from billing_documents where run_id = any(${sql.param(runIds)}::int[])`);
  await db.execute(sql`delete from billing_runs where id = any(${sql.param(runIds)}::int[])`);
  await db.execute(sql`delete from billing_series`);
  for (const s of series) {
    await db.execute(sql`insert into billing_series (series, year, last) values (${s.series}, ${s.year}, ${s.last})`);
  }
}

/**
 * The monthly billing run over every partner of the large seed: one ended month (about 42,000 orders of
 * 1,000,000 over two years) through the run's own job code, chunk by chunk as the job works it. Prints the
 * wall time, PostgreSQL's CPU, the process's peak RSS beside its RSS before (memory must not grow with the
 * orders: a chunk holds partners' keys, never orders), and the documents issued; then the same run again
 * (a period is never billed twice: it issues nothing). BENCH_BILLING_DATA names an already seeded database
 * (PGlite folder or PostgreSQL URL), put back afterwards; else a throw-away one is seeded.
 */
export async function billingBench(): Promise<BenchResult[]> {
  const existing = process.env.BENCH_BILLING_DATA;
  const bench = existing ? await existingBenchDatabase(existing) : await benchDatabase('billing');
  const db = bench.database.db;
  if (!existing) {
    const seeded = Date.now();
    await seedDemo(db, { extraPartners: 0 });
    await seedLarge(db, { partners: PARTNERS, orders: ORDERS, log: (line) => console.log(`  seed ${line}`) });
    console.log(`seeded ${PARTNERS} partners, ${ORDERS} orders in ${((Date.now() - seeded) / 1000).toFixed(0)} s`);
  }
  // The month before the last ended one: whole in the seed, never billed by the demo (it bills the last three).
  let day = shopDay(new Date(), 'CZ10MA');
  let period = '';
  for (let back = 0; back < 4; back++) {
    period = previousPeriod(day);
    day = `${period}-01`;
  }
  const series = rowsOf<{ series: string; year: number; last: number }>(
    await db.execute(sql`select series, year, last from billing_series`),
  );
  const [facts] = rowsOf<{ orders: number; partners: number }>(
    await db.execute(sql`select count(*)::int as orders, count(distinct partner_id)::int as partners from orders
      where status = 'delivered' and delivered_at >= ${`${period}-01`}::timestamptz
        and delivered_at < (${`${period}-01`}::date + interval '1 month')`),
  );
  console.log(
    `billing ${period}: ${facts!.orders} delivered orders of ${facts!.partners} partners (${bench.database.kind})`,
  );
  // The job's own code; the platform is only asked to queue the job, which this bench works itself.
  const platform = { jobs: { send: async () => null } } as unknown as Platform;
  const runIds: number[] = [];
  try {
    for (const label of ['first run', 'again (nothing to issue)']) {
      const runId = await db.transaction((tx) =>
        queueRun(tx, platform, { period, partnerId: null, requestedBy: null }),
      );
      runIds.push(runId);
      const rssBefore = process.memoryUsage().rss;
      let peak = rssBefore;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      const cpu = postgresCpuSeconds();
      const t0 = performance.now();
      await workRun(db, runId);
      const ms = performance.now() - t0;
      clearInterval(sampler);
      const [run] = rowsOf<{ counts: Record<string, number>; status: string }>(
        await db.execute(sql`select counts, status from billing_runs where id = ${runId}`),
      );
      console.log(
        `billing run, ${label}: ${(ms / 1000).toFixed(1)} s, PostgreSQL CPU ${(postgresCpuSeconds() - cpu).toFixed(1)} s, ` +
          `RSS ${mb(rssBefore)} → peak ${mb(peak)}; ${run!.status}: ${run!.counts.partners} partners, ` +
          `${run!.counts.documents} documents, ${run!.counts.offsets} offsets`,
      );
    }
    const [lines] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from billing_overview_lines where document_id in
        (select id from billing_documents where run_id = ${runIds[0]!})`),
    );
    console.log(`overview lines written: ${lines!.n}`);
  } finally {
    if (existing) await putBack(bench, period, runIds, series);
    await bench.drop();
  }
  return [];
}
