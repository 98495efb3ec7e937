import { createReadStream, createWriteStream, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BRANCH_FILE_COLUMNS, type BranchRow } from '@pp/domain';
import { sql } from 'drizzle-orm';
import { searchBranches } from '../apps/server/src/modules/deliveries/carriers/branches';
import { createBranchLoad, loadBranchFile } from '../apps/server/src/modules/deliveries/carriers/load';
import type { Database } from '../apps/server/src/platform/db/client';
import { rowsOf } from '../apps/server/src/platform/db/client';
import { generateBranches, insertBranches } from '../apps/server/src/seed/branches';
import { benchDatabase } from './database';
import type { BenchResult } from './run';

const BRANCHES = Number(process.env.BENCH_BRANCHES ?? 50_000);
const SAMPLES = 200;
/** BENCH_BRANCHES_WALK tries another walk before the gather (carriers/branches.ts BRANCH_WALK_ROWS). */
const WALK = process.env.BENCH_BRANCHES_WALK ? Number(process.env.BENCH_BRANCHES_WALK) : undefined;

/** What people type into the branch picker: towns with and without diacritics, zip prefixes, two words. */
const SEARCHES = [
  'plzen',
  'Praha',
  'brno masarykova',
  '301',
  '602 00',
  'ceske budejovice',
  'Z-BOX',
  'ostr',
  '',
  'zlin',
];

/**
 * Branch search over one network of 50,000 branches (the figure: p95 ≤ 20 ms): the service's query
 * (search, name order, first page of 20) beside the same statement as raw SQL.
 */
export async function branchesBench(): Promise<BenchResult[]> {
  const { database, drop } = await benchDatabase('branches');
  try {
    const seeded = Date.now();
    const rows = generateBranches({
      carrier: 'ZASILKOVNA',
      country: 'CZ',
      size: BRANCHES,
      firstCode: 100_001,
      style: 'packeta',
    });
    await insertBranches(database.db, rows);
    await database.db.execute(sql`analyze carrier_branches`);
    console.log(`seeded ${BRANCHES} branches in ${((Date.now() - seeded) / 1000).toFixed(1)} s (${database.kind})`);

    // BENCH_BRANCHES_CASES=1 prints each kind of search on its own: which one makes the p95.
    if (process.env.BENCH_BRANCHES_CASES) {
      for (const search of SEARCHES) {
        const t: number[] = [];
        for (let k = 0; k < 6; k++) {
          const s0 = performance.now();
          const page = await searchBranches(
            database.db,
            { country: 'CZ', carrier: 'ZASILKOVNA', search, first: 20 },
            WALK,
          );
          if (k > 0) t.push(performance.now() - s0);
          if (k === 0) console.log(`case '${search}': ${page.nodes.length} rows`);
        }
        console.log(`case '${search}': ${t.map((x) => x.toFixed(1)).join(' ')}`);
      }
    }
    const service: number[] = [];
    const raw: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const search = SEARCHES[i % SEARCHES.length]!;
      let started = performance.now();
      await searchBranches(database.db, { country: 'CZ', carrier: 'ZASILKOVNA', search, first: 20 }, WALK);
      service.push(performance.now() - started);
      const word = search.split(' ')[0] ?? '';
      started = performance.now();
      await database.db.execute(sql`
        select id, name, city, zip from carrier_branches
        where country = 'CZ' and carrier = 'ZASILKOVNA' and active
          and search_text like '%' || lower(pp_unaccent(${word})) || '%'
        order by name, id limit 21`);
      raw.push(performance.now() - started);
    }
    const plan = rowsOf<{ 'QUERY PLAN': string }>(
      await database.db.execute(sql`explain select id from carrier_branches
        where country = 'CZ' and carrier = 'ZASILKOVNA' and active
          and search_text like '%' || lower(pp_unaccent('plzen')) || '%' order by name, id limit 21`),
    ).map((r) => r['QUERY PLAN']);
    console.log(
      `branch search plan: ${plan
        .filter((l) => /Scan/.test(l))
        .map((l) => l.trim())
        .join(' | ')}`,
    );
    const results: BenchResult[] = [
      { name: 'branch search (service, 10 kinds of search, first 20)', rows: BRANCHES, samples: service },
      { name: 'branch search (raw SQL, first word)', rows: BRANCHES, samples: raw },
    ];
    // BENCH_BRANCHES_LOAD=1: the file load of the whole network again (RSS, and searches while it runs).
    if (process.env.BENCH_BRANCHES_LOAD) results.push(...(await loadWhileSearching(database, rows)));
    return results;
  } finally {
    await drop();
  }
}

/**
 * Writes the network as a branch file, loads it (every row updated, none deactivated) and meanwhile searches
 * without pause (PostgreSQL only): the process's RSS before, at its peak and after, and the searches' times.
 */
async function loadWhileSearching(database: Database, rows: readonly BranchRow[]): Promise<BenchResult[]> {
  const path = join(tmpdir(), `pp-bench-branches-${process.pid}.csv`);
  const out = createWriteStream(path);
  const cell = (v: unknown) => (v === null ? '' : typeof v === 'boolean' ? (v ? '1' : '0') : String(v));
  out.write(`${BRANCH_FILE_COLUMNS.join(';')}\n`);
  for (const r of rows) {
    const cells = [r.carrier, r.country, r.code, r.name, r.street, r.city, r.zip, r.lat, r.lng, r.active, r.codAllowed];
    const line = [...cells, r.maxPackageSize, r.openingHours].map(cell).map((c) => (/[;"]/.test(c) ? `"${c}"` : c));
    out.write(`${line.join(';')}\n`);
  }
  await new Promise<void>((resolve) => out.end(resolve));
  try {
    global.gc?.();
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const loadId = await createBranchLoad(database.db, { accountId: null, fileName: 'bench.csv' });
    let loading = true;
    const started = performance.now();
    const running = loadBranchFile(database.db, loadId, () => createReadStream(path)).finally(() => {
      loading = false;
    });
    const during: number[] = [];
    // A turn of the event loop between searches, as requests from the network have: back to back, PGlite's
    // in-process searches never let the load's stream read its file. On PGlite (one connection) a search waits for
    // the load's write transaction.
    while (loading) {
      const t0 = performance.now();
      await searchBranches(database.db, {
        country: 'CZ',
        carrier: 'ZASILKOVNA',
        search: SEARCHES[during.length % SEARCHES.length]!,
        first: 20,
      });
      during.push(performance.now() - t0);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const outcome = await running;
    clearInterval(sampler);
    const after = process.memoryUsage().rss;
    console.log(
      `branch file load of ${outcome.lines} rows: ${outcome.status} in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
        `RSS ${mb(before)} MB before, ${mb(peak)} MB at the peak, ${mb(after)} MB after; ` +
        `${during.length} searches answered during the load`,
    );
    return during.length ? [{ name: 'branch search while the file loads', rows: rows.length, samples: during }] : [];
  } finally {
    rmSync(path, { force: true });
  }
}
