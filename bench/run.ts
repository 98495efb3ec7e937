/**
 * npm run bench — benchmarks with fixed data sizes, printing their figures. Each area adds a file to
 * BENCHES. Runs on a throw-away embedded database, or on BENCH_DATABASE_URL when set.
 */
import { partnersGridBench } from './partners-grid';

export interface BenchResult {
  name: string;
  rows: number;
  samples: number[];
}

const BENCHES = [partnersGridBench];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

for (const bench of BENCHES) {
  const results = await bench();
  for (const r of results) {
    const sorted = [...r.samples].sort((a, b) => a - b);
    console.log(
      `${r.name.padEnd(58)} rows=${String(r.rows).padStart(8)}  median=${percentile(sorted, 50).toFixed(1).padStart(7)} ms  p95=${percentile(sorted, 95).toFixed(1).padStart(7)} ms  n=${sorted.length}`,
    );
  }
}
