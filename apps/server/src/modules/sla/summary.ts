import { addDays, LAST_SEVEN_DAYS, SLA_LOOKBACK_DAYS, type SlaCount, type SlaPeriods, type SlaType } from '@pp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../platform/db/client';
import { judgedOrdersSql } from './rules-sql';

/**
 * The SLA figures from the monthly summary (tables.ts): completed months from `sla_month_counts`, counted again
 * when marked or never counted; the current month and the last seven days from the orders, read by each
 * indicator's own moment. The result equals `countSla` (the direct count) by construction, which sla-summary.test.ts
 * holds it to (docs/decisions.md, "Service quality summary").
 */

const first = (month: string) => `${month}-01`;

/** Partners share an advisory lock per bucket (migration 0022): a statement over many partners holds at most this many. */
const LOCK_BUCKETS = 1024;
/** The last day of a month given as YYYY-MM-DD of its first day. */
function lastDay(monthFirst: string): string {
  const d = new Date(`${monthFirst}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1, 0);
  return d.toISOString().slice(0, 10);
}

const dateArray = (days: readonly string[]) => sql`${`{${days.join(',')}}`}::date[]`;

/** Judged and broken orders per indicator, month and creation group of the given months (first days). */
function monthsFromOrdersSql(partnerId: number, months: readonly string[]): SQL {
  const sorted = [...months].sort();
  return sql`
    select j.sla_type, date_trunc('month', j.day)::date as month,
           least(j.created_on, date_trunc('month', j.day)::date - ${SLA_LOOKBACK_DAYS}::int) as created_from,
           count(*)::int as total, (count(*) filter (where j.broken))::int as broken
    from (${judgedOrdersSql(partnerId, sorted[0]!, lastDay(sorted.at(-1)!))}) as j
    where date_trunc('month', j.day)::date = any(${dateArray(sorted)})
    group by 1, 2, 3`;
}

interface MonthRow {
  slaType: SlaType;
  month: string;
  total: number;
  broken: number;
}

/**
 * Takes the partner's marks and counts again the months they name, and any wanted month never counted, storing
 * them. Runs under the exclusive lock of the partner's bucket (the triggers take it shared while they write marks), so no mark
 * of a change this count does not see can be taken. Returns false when a writer holds the lock.
 */
async function refreshMonths(tx: DbOrTx, partnerId: number, wanted: readonly string[]): Promise<boolean> {
  const [lock] = rowsOf<{ locked: boolean }>(
    await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtext('sla-months'), ${partnerId % LOCK_BUCKETS}) as locked`,
    ),
  );
  if (!lock?.locked) return false;
  const marked = rowsOf<{ month: string }>(
    await tx.execute(sql`delete from sla_month_changes where partner_id = ${partnerId} returning month::text as month`),
  ).map((r) => r.month);
  if (marked.length) {
    await tx.execute(
      sql`delete from sla_months where partner_id = ${partnerId} and month = any(${dateArray([...new Set(marked)])})`,
    );
  }
  const counted = new Set(
    rowsOf<{ month: string }>(
      await tx.execute(
        sql`select month::text as month from sla_months where partner_id = ${partnerId} and month = any(${dateArray(wanted)})`,
      ),
    ).map((r) => r.month),
  );
  const missing = wanted.filter((m) => !counted.has(m));
  if (missing.length) {
    await tx.execute(
      sql`delete from sla_month_counts where partner_id = ${partnerId} and month = any(${dateArray(missing)})`,
    );
    await tx.execute(sql`
      insert into sla_month_counts (partner_id, month, sla_type, created_from, total, broken)
      select ${partnerId}, m.month, m.sla_type, m.created_from, m.total, m.broken
      from (${monthsFromOrdersSql(partnerId, missing)}) as m`);
    await tx.execute(sql`
      insert into sla_months (partner_id, month)
      select ${partnerId}, m from unnest(${dateArray(missing)}) as m
      on conflict (partner_id, month) do update set counted_at = now()`);
  }
  return true;
}

/** The months that cannot be read from the summary without the lock: marked, or never counted. */
async function staleMonths(tx: DbOrTx, partnerId: number, wanted: readonly string[]): Promise<string[]> {
  const rows = rowsOf<{ month: string; fresh: boolean }>(
    await tx.execute(sql`
      select w::text as month,
             exists (select 1 from sla_months s where s.partner_id = ${partnerId} and s.month = w)
             and not exists (select 1 from sla_month_changes c where c.partner_id = ${partnerId} and c.month = w) as fresh
      from unnest(${dateArray(wanted)}) as w`),
  );
  return rows.filter((r) => !r.fresh).map((r) => r.month);
}

export async function countSlaSummarized(db: DbOrTx, partnerId: number, periods: SlaPeriods): Promise<SlaCount[]> {
  const wanted = periods.previousMonths.map(first);
  // The direct count reads orders created from the oldest period's start less the look-back: so do these.
  const scanFrom = addDays(periods.from, -SLA_LOOKBACK_DAYS);
  const currentFirst = first(periods.currentMonth);
  const edgeFrom = periods.lastSevenDaysFrom < currentFirst ? periods.lastSevenDaysFrom : currentFirst;
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local work_mem = '32MB'`);
    // A writer of the partner's orders in flight: leave the summary as it is and count its stale months directly.
    const stale = (await refreshMonths(tx, partnerId, wanted)) ? [] : await staleMonths(tx, partnerId, wanted);
    const fresh = wanted.filter((m) => !stale.includes(m));
    const months: MonthRow[] = [];
    if (fresh.length) {
      months.push(
        ...rowsOf<MonthRow>(
          await tx.execute(sql`
            select sla_type as "slaType", to_char(month, 'YYYY-MM') as month,
                   sum(total)::int as total, sum(broken)::int as broken
            from sla_month_counts
            where partner_id = ${partnerId} and month = any(${dateArray(fresh)}) and created_from >= ${scanFrom}::date
            group by 1, 2`),
        ),
      );
    }
    if (stale.length) {
      months.push(
        ...rowsOf<MonthRow>(
          await tx.execute(sql`
            select sla_type as "slaType", to_char(month, 'YYYY-MM') as month,
                   sum(total)::int as total, sum(broken)::int as broken
            from (${monthsFromOrdersSql(partnerId, stale)}) as m
            where created_from >= ${scanFrom}::date
            group by 1, 2`),
        ),
      );
    }
    const edges = rowsOf<{ slaType: SlaType; inMonth: boolean; inLastSeven: boolean; total: number; broken: number }>(
      await tx.execute(sql`
        select sla_type as "slaType", day >= ${currentFirst}::date as "inMonth",
               day >= ${periods.lastSevenDaysFrom}::date as "inLastSeven",
               count(*)::int as total, (count(*) filter (where broken))::int as broken
        from (${judgedOrdersSql(partnerId, edgeFrom, periods.today)}) as j
        where created_on >= ${scanFrom}::date
        group by 1, 2, 3`),
    );
    const counts = new Map<string, SlaCount>();
    const add = (slaType: SlaType, period: string, total: number, broken: number) => {
      const key = `${slaType}|${period}`;
      const entry = counts.get(key) ?? { slaType, period, broken: 0, total: 0 };
      entry.total += total;
      entry.broken += broken;
      counts.set(key, entry);
    };
    for (const m of months) add(m.slaType, m.month, m.total, m.broken);
    for (const e of edges) {
      if (e.inMonth) add(e.slaType, periods.currentMonth, e.total, e.broken);
      if (e.inLastSeven) add(e.slaType, LAST_SEVEN_DAYS, e.total, e.broken);
    }
    return [...counts.values()];
  });
}
