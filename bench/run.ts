/**
 * npm run bench — benchmarks with fixed data sizes, printing their figures. Each area adds a file to
 * BENCHES. Runs on a throw-away embedded database, or on a fresh database on the PostgreSQL server of
 * BENCH_DATABASE_URL when set. `npm run bench -- throughput` runs only the benches whose name matches.
 */
import { ordersBench } from './orders';
import { ordersExportBench } from './orders-export';
import { ordersBulkBench } from './orders-bulk';
import { productsImportBench } from './products-import';
import { partnersGridBench } from './partners-grid';
import { productsBench } from './products';
import { slaBench } from './sla';
import { branchesBench } from './branches';
import { throughputBench } from './throughput';
import { apiLimitsBench } from './api-limits';
import { calendarBench } from './calendar';
import { intakeBench } from './intake';
import { dipBench } from './dip';

export interface BenchResult {
  name: string;
  rows: number;
  samples: number[];
}

/** A bench returns latency samples to print here, or prints its own figures and returns none. */
const BENCHES: { name: string; run: () => Promise<BenchResult[]> }[] = [
  { name: 'partners-grid', run: partnersGridBench },
  { name: 'throughput', run: throughputBench },
  { name: 'orders-grid', run: ordersBench },
  { name: 'orders-export', run: ordersExportBench },
  { name: 'orders-bulk', run: ordersBulkBench },
  { name: 'products-grid', run: productsBench },
  { name: 'products-import', run: productsImportBench },
  { name: 'sla', run: slaBench },
  { name: 'branches', run: branchesBench },
  { name: 'api-limits', run: apiLimitsBench },
  { name: 'calendar', run: calendarBench },
  { name: 'intake', run: intakeBench },
  { name: 'dip', run: dipBench },
  { name: 'api-v1', run: async () => (await import('./api-v1')).apiV1Bench() },
  { name: 'bundle', run: async () => (await import('./bundle')).bundleBench() },
  { name: 'feeds', run: async () => (await import('./feeds')).feedsBench() },
  { name: 'campaign-import', run: async () => (await import('./campaign-import')).campaignImportBench() },
  { name: 'statistics', run: async () => (await import('./statistics')).statisticsBench() },
  { name: 'billing', run: async () => (await import('./billing')).billingBench() },
  { name: 'audit', run: async () => (await import('./audit')).auditBench() },
  { name: 'scale-out', run: async () => (await import('./scale-out')).scaleOutBench() },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const only = process.argv.slice(2);
for (const bench of BENCHES) {
  if (only.length && !only.some((name) => bench.name.includes(name))) continue;
  const results = await bench.run();
  for (const r of results) {
    const sorted = [...r.samples].sort((a, b) => a - b);
    console.log(
      `${r.name.padEnd(58)} rows=${String(r.rows).padStart(8)}  median=${percentile(sorted, 50).toFixed(1).padStart(7)} ms  p95=${percentile(sorted, 95).toFixed(1).padStart(7)} ms  n=${sorted.length}`,
    );
  }
}
