import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../apps/server/src/platform/db/client';

export interface DashboardVolume {
  /** Accounts added to the demo partner (CZ, sap 100001) besides its demo accounts. */
  members: number;
  /** Sessions of the demo partner's accounts: a fifth expired, a seventh revoked, the rest live. */
  partnerSessions: number;
  /** Sessions of other partners' accounts (needs seedLarge first). */
  otherSessions: number;
  /** Audit rows: a tenth for the demo partner, the rest for other partners and sign-ins. */
  auditRows: number;
}

const ACTIONS = ['partner.update', 'account.create', 'account.update', 'policy.update', 'grid.view.save'];

/**
 * The volume a busy partner's dashboard reads over: many members, sessions and audit rows of its own,
 * among many more of other partners. Everything is made in the database (generate_series), so a few
 * hundred thousand rows take seconds. Rows are interleaved the way they arrive in life, not grouped.
 */
export async function seedDashboardVolume(db: Db, volume: DashboardVolume): Promise<{ partnerId: number }> {
  const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query))[0]!;
  const { id: partnerId } = await one<{ id: number }>(sql`select id from partners where sap_id = '100001'`);
  const { id: owner } = await one<{ id: number }>(sql`select id from accounts where email = 'partner@demo.test'`);

  await db.execute(sql`
    with added as (
      insert into accounts (email, first_name, last_name, is_confirmed)
      select 'member-' || g || '@bench.test', 'Member', g::text, true from generate_series(1, ${volume.members}::int) g
      returning id)
    insert into account_partners (partner_id, account_id) select ${partnerId}::int, id from added`);

  const members = sql`(select array_agg(account_id order by account_id) as ids, count(*)::int as n
    from account_partners where partner_id = ${partnerId}::int)`;
  // The partners seedLarge made, each with its one account.
  const others = sql`(select array_agg(ap.account_id order by ap.partner_id) as ids,
      array_agg(ap.partner_id order by ap.partner_id) as pids, count(*)::int as n
    from account_partners ap join accounts a on a.id = ap.account_id where a.email like 'seller-%@scale.test')`;

  // Accounts and partners are picked by a hash of the row number (hashint4), so that they do not line up
  // with the row kinds chosen by g modulo a small number.
  // Sessions: expired ones and revoked ones stay until the clean-up job removes them, so count them in.
  const session = (prefix: string) => sql`
    ${sql.raw(`'${prefix}-'`)} || g, m.ids[1 + mod(hashint4(g)::bigint + 2147483648, m.n)], now() - interval '3 hours', now() - interval '2 minutes',
    case when g % 5 = 0 then now() - interval '1 hour' else now() + interval '2 hours' end,
    now() + interval '20 hours',
    case when g % 7 = 0 then now() - interval '2 hours' end, '127.0.0.1', 'bench'`;
  await db.execute(sql`
    insert into sessions (token_hash, account_id, created_at, last_seen_at, expires_at, absolute_expires_at, revoked_at, ip, user_agent)
    select ${session('partner')} from generate_series(1, ${volume.partnerSessions}::int) g, ${members} m`);
  if (volume.otherSessions > 0) {
    await db.execute(sql`
      insert into sessions (token_hash, account_id, created_at, last_seen_at, expires_at, absolute_expires_at, revoked_at, ip, user_agent)
      select ${session('other')} from generate_series(1, ${volume.otherSessions}::int) g, ${others} m where m.n > 0`);
  }

  // Audit: every 10th row is the demo partner's, every 50th a sign-in of partner@demo.test (no partner),
  // every 7th a sign-in of another account; the rest other partners' changes. Oldest first.
  await db.execute(sql`
    insert into audit_log (partner_id, account_id, action, entity, entity_id, at)
    select
      case when g % 50 = 0 or g % 7 = 0 then null
           when g % 10 = 0 then ${partnerId}::int
           else coalesce(o.pids[1 + mod(hashint4(g + 1)::bigint + 2147483648, greatest(o.n, 1))], ${partnerId}::int) end,
      case when g % 50 = 0 then ${owner}::int
           when g % 10 = 0 then m.ids[1 + mod(hashint4(g)::bigint + 2147483648, m.n)]
           else coalesce(o.ids[1 + mod(hashint4(g + 1)::bigint + 2147483648, greatest(o.n, 1))], m.ids[1 + mod(hashint4(g)::bigint + 2147483648, m.n)]) end,
      case when g % 50 = 0 or g % 7 = 0 then 'auth.login'
           else (${sql.param(ACTIONS)}::text[])[1 + g % ${ACTIONS.length}::int] end,
      'bench', g::text,
      now() - (${volume.auditRows}::int - g) * interval '10 seconds'
    from generate_series(1, ${volume.auditRows}::int) g, ${members} m, ${others} o`);

  // What autovacuum would have done by now on a live database: statistics and the visibility map.
  for (const table of ['accounts', 'account_partners', 'sessions', 'audit_log', 'partners']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  return { partnerId };
}
