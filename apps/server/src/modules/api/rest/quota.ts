import { randomUUID } from 'node:crypto';
import { type ApiDomain, apiDayOf, apiDayStart, nextApiDay } from '@pp/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/client';
import { rowsOf } from '../../../platform/db/client';
import { apiUsageDaily } from '../tables';
import { tierIdAt, tierLimitOf } from '../tiers';
import { apiQuotaLeases } from './tables';

/**
 * The partner REST API's daily rate limit without a database write per request (docs/decisions.md, "Partner
 * REST API v1", rate limits). Each process leases quota in chunks with one transaction and admits requests
 * from its lease in memory; what it admitted and refused is settled into `api_usage_daily` at most once a
 * second, so the limits tab and the cockpit grid show the real count within seconds.
 *
 * Exact at the bound across processes: a lease never exceeds the day's maximum minus what is counted and
 * what every other live process holds; near the bound a lease is only what the waiting requests need (no
 * spare); and when a process would refuse while another still holds spare, it asks the holders over NOTIFY
 * to hand their spare back and tries once more. So a burst past the limit lets exactly the limit through.
 */

/** Requests a lease takes at once while the day has plenty left. */
export const LEASE_CHUNK = 50;
/** A lease takes at most this share of what is left (1/4), so spare never strands much near the bound. */
const LEASE_SHARE = 4;
/** A holder's lease no longer counts after this long without renewal (the holder is gone). */
const LEASE_TTL_MS = 60_000;
/** Settle counts at most this often; renew leases this often; hand back spare unused this long. */
const FLUSH_MS = 1_000;
const RENEW_MS = 20_000;
const IDLE_MS = 10_000;
/** A used-up day is looked at again this often (an operator may have given the partner a larger tier). */
const EXHAUSTED_RECHECK_MS = 5_000;
/** How long a process waits for other holders to hand spare back before it refuses. */
const RECLAIM_WAIT_MS = 2_000;
const CHANNEL = 'pp_api_quota';

export interface QuotaAnswer {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds when the day's counts start again (midnight in Prague). */
  reset: number;
}

interface Waiter {
  resolve(answer: QuotaAnswer): void;
  reject(error: unknown): void;
}

interface KeyState {
  partnerId: number;
  day: string;
  domain: ApiDomain;
  key: string;
  max: number;
  /** Admissions this process holds and has not used. */
  spare: number;
  /** Admitted and refused requests not yet counted in the database. */
  admitted: number;
  refused: number;
  /** What was left for everyone at the last settle, after this process's lease. */
  left: number;
  /** Others held spare at the last settle. */
  othersHeld: number;
  lastUsed: number;
  renewedAt: number;
  exhaustedAt: number | null;
  /** Another holder asked for spare back: lease exactly what waits, no spare, from now on. */
  contended: boolean;
  waiting: Waiter[];
  settling: Promise<void> | null;
  /** Rounds with the database of one key run one after another (the serving loop, the flush, a hand-back). */
  lock: Promise<unknown>;
  reclaim: { resolve(): void } | null;
}

export interface ApiQuota {
  take(partnerId: number, domain: ApiDomain, now?: Date): Promise<QuotaAnswer>;
  /** Settles every count now (tests, shutdown); `handBack` also returns every spare admission. */
  flush(handBack?: boolean): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export function createApiQuota(database: Database, log?: { error(obj: unknown, msg: string): void }): ApiQuota {
  const holder = randomUUID();
  const states = new Map<string, KeyState>();
  let timer: NodeJS.Timeout | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  let flushing: Promise<void> | null = null;

  const resetOf = (day: string) => Math.floor(apiDayStart(nextApiDay(day)).getTime() / 1000);
  const answer = (s: KeyState, allowed: boolean): QuotaAnswer => ({
    allowed,
    limit: s.max,
    remaining: Math.max(0, s.left + s.spare),
    reset: resetOf(s.day),
  });

  /**
   * One round with the database for a key: counts what was admitted and refused, keeps `keep` of the spare,
   * and leases up to `want` more. One transaction; the usage row's lock orders every holder's round.
   */
  function settle(s: KeyState, want: number, keep: number): Promise<number> {
    const round = s.lock.then(() => settleNow(s, want, Math.min(keep, s.spare)));
    s.lock = round.catch(() => undefined);
    return round;
  }

  async function settleNow(s: KeyState, want: number, keep: number): Promise<number> {
    // What is handed back leaves circulation now; what is kept may still be used while the round runs (it is
    // held in the lease either way, and its use is counted in the next round).
    const handedBack = s.spare - keep;
    s.spare = keep;
    const admitted = s.admitted;
    const refused = s.refused;
    s.admitted = 0;
    s.refused = 0;
    const now = new Date();
    try {
      const grant = await database.db.transaction(async (tx) => {
        const [usage] = rowsOf<{ used: number | string; max: number | string | null }>(
          await tx.execute(sql`
            with used as (
              insert into ${apiUsageDaily} (partner_id, day, domain, used_requests, last_updated)
              values (${s.partnerId}, ${s.day}::date, ${s.domain}, ${admitted + refused}, ${now.toISOString()}::timestamptz)
              on conflict (partner_id, day, domain) do update set
                used_requests = ${apiUsageDaily}.used_requests + excluded.used_requests,
                last_updated = case when excluded.used_requests > 0 then excluded.last_updated
                  else ${apiUsageDaily}.last_updated end
              returning used_requests
            )
            select used.used_requests as used,
              (select ${tierLimitOf(s.domain)} from api_tiers t where t.id = ${tierIdAt(s.partnerId, now)}) as max
            from used`),
        );
        // A separate statement: it sees every lease committed before this transaction took the row lock.
        const [others] = rowsOf<{ held: number | string | null }>(
          await tx.execute(sql`
            select coalesce(sum(amount), 0) as held from ${apiQuotaLeases}
            where partner_id = ${s.partnerId} and day = ${s.day}::date and domain = ${s.domain}
              and holder <> ${holder} and renewed_at > ${new Date(now.getTime() - LEASE_TTL_MS).toISOString()}::timestamptz`),
        );
        const max = Number(usage?.max ?? 0);
        const held = Number(others?.held ?? 0);
        // This process's lease counts as held until it is settled: `keep` of it stays held after this round.
        const left = max - Number(usage?.used ?? 0) - held - keep;
        const share = s.contended ? 0 : Math.min(LEASE_CHUNK, Math.floor(left / LEASE_SHARE));
        const granted = want <= 0 ? 0 : Math.max(0, Math.min(left, Math.max(want, share)));
        const amount = keep + granted;
        if (amount > 0) {
          await tx.execute(sql`
            insert into ${apiQuotaLeases} (partner_id, day, domain, holder, amount, renewed_at)
            values (${s.partnerId}, ${s.day}::date, ${s.domain}, ${holder}, ${amount}, ${now.toISOString()}::timestamptz)
            on conflict (partner_id, day, domain, holder) do update set amount = excluded.amount, renewed_at = excluded.renewed_at`);
        } else {
          await tx.execute(sql`
            delete from ${apiQuotaLeases} where partner_id = ${s.partnerId} and day = ${s.day}::date
              and domain = ${s.domain} and holder = ${holder}`);
        }
        s.max = max;
        s.left = left - granted;
        s.othersHeld = held;
        return granted;
      });
      s.spare += grant;
      s.renewedAt = Date.now();
      return grant;
    } catch (error) {
      // Nothing was counted and the lease is unchanged: the next round counts it.
      s.admitted += admitted;
      s.refused += refused;
      s.spare += handedBack;
      throw error;
    }
  }

  /** Admits waiting requests from the spare, in arrival order. */
  function admitWaiting(s: KeyState) {
    while (s.waiting.length && s.spare > 0) {
      s.spare--;
      s.admitted++;
      s.waiting.shift()!.resolve(answer(s, true));
    }
  }

  function refuseWaiting(s: KeyState) {
    s.exhaustedAt = Date.now();
    for (const waiter of s.waiting.splice(0)) {
      s.refused++;
      waiter.resolve(answer(s, false));
    }
  }

  /** Asks every other holder of the key to hand its spare back, and waits until one did (or a while passed). */
  async function reclaimFromOthers(s: KeyState): Promise<void> {
    s.contended = true;
    const handedBack = new Promise<void>((resolve) => {
      const timeout = setTimeout(resolve, RECLAIM_WAIT_MS);
      timeout.unref();
      s.reclaim = {
        resolve: () => {
          clearTimeout(timeout);
          resolve();
        },
      };
    });
    await database.notify(CHANNEL, JSON.stringify({ t: 'reclaim', k: s.key, h: holder }));
    await handedBack;
    s.reclaim = null;
  }

  /** Serves the waiting requests of a key: lease, admit, and refuse only when nothing is left anywhere. */
  async function serve(s: KeyState): Promise<void> {
    let reclaimed = false;
    while (s.waiting.length) {
      const want = s.waiting.length;
      const granted = await settle(s, want, s.spare);
      admitWaiting(s);
      if (!s.waiting.length) break;
      // Everything asked for was granted: the rest came during the round and gets a round of its own.
      if (granted >= want) continue;
      if (s.othersHeld > 0 && !reclaimed) {
        reclaimed = true;
        await reclaimFromOthers(s);
        continue;
      }
      refuseWaiting(s);
    }
  }

  function run(s: KeyState) {
    if (s.settling) return;
    s.settling = serve(s)
      .catch((error) => {
        for (const waiter of s.waiting.splice(0)) waiter.reject(error);
      })
      .finally(() => {
        s.settling = null;
        // Requests that came while the last round finished.
        if (s.waiting.length) run(s);
      });
  }

  function stateOf(partnerId: number, domain: ApiDomain, day: string): KeyState {
    const key = `${partnerId}|${day}|${domain}`;
    let s = states.get(key);
    if (!s) {
      s = {
        partnerId,
        day,
        domain,
        key,
        max: 0,
        spare: 0,
        admitted: 0,
        refused: 0,
        left: 0,
        othersHeld: 0,
        lastUsed: Date.now(),
        renewedAt: Date.now(),
        exhaustedAt: null,
        contended: false,
        waiting: [],
        settling: null,
        lock: Promise.resolve(),
        reclaim: null,
      };
      states.set(key, s);
    }
    return s;
  }

  /** Hands back the spare of a key another holder is short of, then tells it so. */
  async function handBack(key: string) {
    const s = states.get(key);
    if (s) {
      s.contended = true;
      // A holder short itself keeps what it has: its own serving round is about to use it.
      if (!s.waiting.length && (s.spare > 0 || s.admitted > 0 || s.refused > 0)) await settle(s, 0, 0);
    }
    await database.notify(CHANNEL, JSON.stringify({ t: 'returned', k: key, h: holder }));
  }

  async function flushOnce(returnAll: boolean) {
    const now = Date.now();
    const today = apiDayOf(new Date(now));
    for (const [key, s] of states) {
      // A serving round that just admitted its last waiter ends a moment later: wait for it rather than leave
      // its count to the next flush (a caller of flush() expects everything admitted so far to be counted).
      if (s.settling) await s.settling;
      if (s.settling) continue;
      const idle = now - s.lastUsed > IDLE_MS || s.day !== today;
      const giveBack = returnAll || idle;
      const due = s.admitted > 0 || s.refused > 0 || (giveBack && s.spare > 0) || now - s.renewedAt > RENEW_MS;
      try {
        if (due && (s.spare > 0 || s.admitted > 0 || s.refused > 0)) await settle(s, 0, giveBack ? 0 : s.spare);
        // Forgotten only when nothing came meanwhile: a request during the round keeps it alive.
        const untouched = !s.waiting.length && !s.settling && s.spare === 0 && s.admitted === 0 && s.refused === 0;
        if (giveBack && untouched) states.delete(key);
      } catch (error) {
        log?.error({ err: error }, 'api quota settle failed');
      }
    }
  }

  const quota: ApiQuota = {
    async take(partnerId, domain, now = new Date()) {
      const s = stateOf(partnerId, domain, apiDayOf(now));
      s.lastUsed = Date.now();
      if (s.spare > 0 && !s.waiting.length) {
        s.spare--;
        s.admitted++;
        return answer(s, true);
      }
      if (s.exhaustedAt !== null && Date.now() - s.exhaustedAt < EXHAUSTED_RECHECK_MS && !s.settling) {
        s.refused++;
        return answer(s, false);
      }
      s.exhaustedAt = null;
      return new Promise<QuotaAnswer>((resolve, reject) => {
        s.waiting.push({ resolve, reject });
        run(s);
      });
    },
    async flush(handBackAll = false) {
      // One flush at a time: the timer and a caller (a test, the shutdown) may meet.
      while (flushing) await flushing;
      flushing = flushOnce(handBackAll).finally(() => {
        flushing = null;
      });
      await flushing;
    },
    async start() {
      unlisten = await database.listen(CHANNEL, (payload) => {
        let message: { t?: string; k?: string; h?: string };
        try {
          message = JSON.parse(payload) as typeof message;
        } catch {
          return;
        }
        if (message.h === holder || typeof message.k !== 'string') return;
        if (message.t === 'reclaim') {
          handBack(message.k).catch((error) => log?.error({ err: error }, 'api quota hand-back failed'));
        } else if (message.t === 'returned') {
          states.get(message.k)?.reclaim?.resolve();
        }
      });
      timer = setInterval(() => {
        if (!flushing) void quota.flush().catch(() => undefined);
      }, FLUSH_MS);
      timer.unref();
    },
    async close() {
      if (timer) clearInterval(timer);
      timer = null;
      await Promise.all([...states.values()].map((s) => s.settling));
      await quota.flush(true);
      await unlisten?.();
    },
  };
  return quota;
}
