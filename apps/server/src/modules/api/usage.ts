import { type ApiDomain, apiDayOf, apiDomainOfPath, type ErrorCode } from '@pp/domain';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/client';
import { apiUsageDaily } from './tables';

/** The tier a partner has at a moment: its latest change before then, else the Basic tier (decision). */
export function tierIdAt(partnerId: number | SQLWrapper, at: Date): SQL<number> {
  return sql<number>`coalesce(
    (select p.tier_id from partner_api_tiers p where p.partner_id = ${partnerId} and p.since <= ${at.toISOString()}::timestamptz
      order by p.since desc, p.id desc limit 1),
    (select t.id from api_tiers t where t.name = 'Basic' order by t.id limit 1))`;
}

/** The column of a tier's daily maximum for a domain, as a CASE over fixed names (no caller text in SQL). */
export function tierLimitOf(domain: SQL | ApiDomain) {
  return sql`(case ${domain}::text when 'products' then t.products_limit when 'availability' then t.availability_limit
    when 'orders' then t.orders_limit else t.other_limit end)`;
}

export interface RecordedRequest {
  used: number;
  max: number;
  allowed: boolean;
}

/**
 * Counts one partner REST API request in its domain and limit day (midnight in Prague) and says whether it
 * stays within the partner's tier. One statement: the upsert's row lock makes parallel requests count
 * one after another, so N calls make exactly N and exactly the first `max` are allowed. Refused requests
 * count too: the number is what the partner sent.
 */
export async function recordApiRequest(
  db: DbOrTx,
  partnerId: number,
  domain: ApiDomain,
  now: Date = new Date(),
): Promise<RecordedRequest> {
  const day = apiDayOf(now);
  const result = await db.execute(sql`
    with used as (
      insert into ${apiUsageDaily} (partner_id, day, domain, used_requests, last_updated)
      values (${partnerId}, ${day}::date, ${domain}, 1, ${now.toISOString()}::timestamptz)
      on conflict (partner_id, day, domain)
      do update set used_requests = ${apiUsageDaily}.used_requests + 1, last_updated = excluded.last_updated
      returning used_requests
    )
    select used.used_requests as used,
      (select ${tierLimitOf(domain)} from api_tiers t where t.id = ${tierIdAt(partnerId, now)}) as max
    from used`);
  const row = rowsOf<{ used: number | string; max: number | string | null }>(result)[0]!;
  const used = Number(row.used);
  const max = Number(row.max ?? 0);
  return { used, max, allowed: used <= max };
}

/** What the REST API's authentication leaves on a request for the hook: the partner the key opened. */
export interface ApiRequestPartner {
  apiPartnerId?: number;
}

/**
 * A Fastify preHandler for the future partner REST API (`/api/v2/...`), to run after the API key check:
 * it counts the request, sends the day's limit in `X-RateLimit-*` headers and refuses a request past the
 * limit with 429. Not registered anywhere yet: no partner REST API exists in this portal (issue 10).
 */
export function apiUsageHook(db: DbOrTx, messageOf: (code: ErrorCode) => string = (code) => code) {
  return async (request: FastifyRequest & ApiRequestPartner, reply: FastifyReply): Promise<void> => {
    const partnerId = request.apiPartnerId;
    if (partnerId === undefined) return;
    const domain = apiDomainOfPath(request.method, request.url);
    const { used, max, allowed } = await recordApiRequest(db, partnerId, domain);
    reply.header('x-ratelimit-limit', String(max));
    reply.header('x-ratelimit-remaining', String(Math.max(0, max - used)));
    if (!allowed) {
      await reply.code(429).send({
        errors: [{ message: messageOf('TOO_MANY_REQUESTS'), extensions: { code: 'TOO_MANY_REQUESTS', domain } }],
      });
    }
  };
}
