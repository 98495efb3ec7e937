import { sql } from 'drizzle-orm';
import { searchBranches } from '../apps/server/src/modules/deliveries/carriers/branches';
import { rowsOf } from '../apps/server/src/platform/db/client';
import { generateBranches, insertBranches } from '../apps/server/src/seed/branches';
import { benchDatabase } from './database';
import type { BenchResult } from './run';

const BRANCHES = Number(process.env.BENCH_BRANCHES ?? 50_000);
const SAMPLES = 200;

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
          const page = await searchBranches(database.db, { country: 'CZ', carrier: 'ZASILKOVNA', search, first: 20 });
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
      await searchBranches(database.db, { country: 'CZ', carrier: 'ZASILKOVNA', search, first: 20 });
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
    return [
      { name: 'branch search (service, 10 kinds of search, first 20)', rows: BRANCHES, samples: service },
      { name: 'branch search (raw SQL, first word)', rows: BRANCHES, samples: raw },
    ];
  } finally {
    await drop();
  }
}
