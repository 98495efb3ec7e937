import { encodeGridCursor } from '@pp/domain';
import { sql } from 'drizzle-orm';
import { auditGridQuery, auditPageQuery } from '../apps/server/src/modules/cockpit/audit-view';
import { rowsOf } from '../apps/server/src/platform/db/client';
import { benchDatabase } from './database';
import type { BenchResult } from './run';

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 300_000);
const SAMPLES = 10;

/**
 * The cockpit's audit view over a trail of ROWS entries: every filter's first page and a page after a cursor,
 * each EXPLAINed — the bench fails when a plan reads audit_log other than by an index — and timed.
 */
export async function auditBench(): Promise<BenchResult[]> {
  const { database, drop } = await benchDatabase('audit');
  const db = database.db;
  const seeded = Date.now();
  const accounts = rowsOf<{ id: number }>(
    await db.execute(sql`insert into accounts (email, first_name, last_name)
      select 'bench-' || g || '@audit.test', 'Bench', 'Account' from generate_series(1, 2000) g returning id`),
  ).map((r) => r.id);
  const [first, last] = [Math.min(...accounts), Math.max(...accounts)];
  // Two years of a busy portal: 5,000 partners, 2,000 accounts, 1 % of the changes made by an operator acting as
  // the partner, 40 actions over 12 entities, a few entries per moment (bulk commands write many at once).
  await db.execute(sql`insert into audit_log (partner_id, account_id, admin_account_id, action, entity, entity_id, data, at)
    select (g % 5000) + 1,
      ${first}::int + (g::bigint * 7919) % (${last}::int - ${first}::int + 1),
      case when g % 100 = 0 then ${first}::int + ((g / 100) % 10) else null end,
      'bench.action-' || (g % 40),
      case when g % 13 = 0 then null else 'entity_' || (g % 12) end,
      case when g % 13 = 0 then null else ((g::bigint * 31) % 50000)::text end,
      jsonb_build_object('from', 'A', 'to', 'B'),
      now() - make_interval(secs => floor((${ROWS}::int - g) / 3) * 3 * (63072000.0 / ${ROWS}::int))
    from generate_series(1, ${ROWS}::int) g`);
  await db.execute(sql`analyze audit_log`);
  await db.execute(sql`analyze accounts`);
  console.log(`seeded ${ROWS} audit entries in ${((Date.now() - seeded) / 1000).toFixed(1)} s (${database.kind})`);

  // Filter values the trail holds: an entry from the middle of it names them.
  const [sample] = rowsOf<{ email: string; entity: string; entityId: string }>(
    await db.execute(sql`select a.email, l.entity, l.entity_id as "entityId" from audit_log l
      join accounts a on a.id = l.account_id where l.entity is not null order by l.id offset ${Math.floor(ROWS / 2)} limit 1`),
  );
  const email = sample!.email;
  const cases: [string, Record<string, unknown>][] = [
    ['no filter', {}],
    ['partner', { filters: [{ field: 'partnerId', operator: 'EQUAL', value: '42' }] }],
    ['account e-mail', { filters: [{ field: 'account', operator: 'EQUAL', value: email }] }],
    ['operator behind', { filters: [{ field: 'operator', operator: 'EQUAL', value: `bench-3@audit.test` }] }],
    ['entity', { filters: [{ field: 'entity', operator: 'EQUAL', value: 'entity_5' }] }],
    [
      'entity + entity id',
      {
        filters: [
          { field: 'entity', operator: 'EQUAL', value: sample!.entity },
          { field: 'entityId', operator: 'EQUAL', value: sample!.entityId },
        ],
      },
    ],
    ['action', { filters: [{ field: 'action', operator: 'EQUAL', value: 'bench.action-7' }] }],
    [
      'time range (a week a year ago)',
      {
        filters: [
          {
            field: 'at',
            operator: 'BETWEEN',
            values: [
              new Date(Date.now() - 372 * 86_400_000).toISOString(),
              new Date(Date.now() - 365 * 86_400_000).toISOString(),
            ],
          },
        ],
      },
    ],
    [
      'partner + time range',
      {
        filters: [
          { field: 'partnerId', operator: 'EQUAL', value: '42' },
          {
            field: 'at',
            operator: 'GREATER_THAN_OR_EQUAL',
            value: new Date(Date.now() - 90 * 86_400_000).toISOString(),
          },
        ],
      },
    ],
  ];

  async function plan(grid: Record<string, unknown>): Promise<string[]> {
    const q = auditGridQuery(grid);
    const { sql: text, params } = auditPageQuery(db, q, q.seekWhere, q.lookaheadLimit, q.offset).toSQL();
    const { rows } = await database.executeSql(`explain ${text}`, params);
    return (rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']);
  }

  async function page(grid: Record<string, unknown>) {
    const q = auditGridQuery(grid);
    return q.readRows((seek, limit, offset) => auditPageQuery(db, q, seek, limit, offset));
  }

  const results: BenchResult[] = [];
  for (const [name, grid] of cases) {
    // The second page, after a cursor: a page turn deep in the trail costs what the first page costs.
    const firstPage = await page(grid);
    const edge = firstPage[49];
    const after = edge
      ? encodeGridCursor({ field: 'at', direction: 'DESCENDING', value: edge.gridSortKey, id: edge.gridRowKey })
      : null;
    for (const [label, request] of [
      [name, grid],
      ...(after ? [[`${name}, next page`, { ...grid, after }] as const] : []),
    ] as const) {
      const lines = await plan(request);
      const reads = lines.filter((l) => /audit_log/.test(l)).map((l) => l.trim());
      if (reads.some((l) => /Seq Scan on audit_log/.test(l)) || reads.length === 0) {
        throw new Error(`audit view "${label}" reads the trail without an index:\n${lines.join('\n')}`);
      }
      console.log(`audit plan ${label.padEnd(44)} ${reads.map((l) => l.replace(/\s+\(cost.*$/, '')).join(' | ')}`);
      const samples: number[] = [];
      let rows = 0;
      for (let i = 0; i < SAMPLES + 2; i++) {
        const started = performance.now();
        rows = (await page(request)).length;
        if (i >= 2) samples.push(performance.now() - started);
      }
      results.push({ name: `audit view: ${label}`, rows, samples });
    }
  }
  await drop();
  return results;
}
