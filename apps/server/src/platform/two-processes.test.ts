import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { queueScheduledRuns } from '../modules/feeds/runs';
import { feeds } from '../modules/feeds/tables';
import { partnerIdByShop, startTestServer, type TestServer, testConfig } from '../test/harness';
import { rowsOf } from './db/client';

/**
 * Two server processes on one database (issue 24, scale-out): work both may take is done once. The second
 * process starts its job system as a real one does (without workers: the test runs the work in both at once).
 * bench/scale-out.ts checks the same with two OS processes, their workers and a balancer on PostgreSQL.
 */
let server: TestServer;
let other: App;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  other = await buildApp({
    config: testConfig({ databaseUrl: server.url, jobsEnabled: false }),
    database: server.database,
  });
  admin = (await server.login('admin@demo.test')).token;
}, 120_000);
afterAll(async () => {
  await other?.close();
  await server?.close();
});

async function issuePenalty(app: App, partnerId: number, i: number): Promise<string> {
  const response = await app.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
    payload: {
      query: 'mutation($p: ID!, $r: String!) { cockpitIssuePenalty(partnerId: $p, reason: $r) { invoiceNumber } }',
      variables: { p: partnerId, r: `Two processes ${i}` },
    },
  });
  const body = response.json() as { data?: { cockpitIssuePenalty: { invoiceNumber: string } }; errors?: unknown };
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data.cockpitIssuePenalty.invoiceNumber;
}

describe('two processes on one database', () => {
  it('number penalties issued through both at once without a gap or a number twice', async () => {
    const cz = await partnerIdByShop(server.database, '100001');
    const [before] = rowsOf<{ last: number | null }>(
      await server.database.db.execute(
        sql`select max(last) as last from billing_series where series = 'CZ10MA:PENALTY'`,
      ),
    );
    const numbers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => issuePenalty(i % 2 ? other : server.app, cz, i)),
    );
    const sequences = numbers.map((n) => Number(n.slice(4))).sort((a, b) => a - b);
    const first = (before!.last ?? 0) + 1;
    expect(sequences).toEqual(Array.from({ length: 16 }, (_, i) => first + i));
  });

  it('queue one run of each due feed when both schedules tick at the same minute', async () => {
    const partnerIds = [
      await partnerIdByShop(server.database, '100001'),
      await partnerIdByShop(server.database, '100002'),
    ];
    const due = await server.database.db
      .insert(feeds)
      .values(
        partnerIds.flatMap((partnerId) =>
          (['PRODUCTS', 'AVAILABILITY'] as const).map((type) => ({
            partnerId,
            format: 'HEUREKA' as const,
            type,
            url: 'http://127.0.0.1:9/feed.xml',
            enabled: true,
            scheduleMinutes: 60,
            nextRunAt: new Date(Date.now() - 1_000),
          })),
        ),
      )
      .onConflictDoNothing()
      .returning({ id: feeds.id });
    expect(due).toHaveLength(4);
    const queued = await Promise.all([queueScheduledRuns(server.app.platform), queueScheduledRuns(other.platform)]);
    const runs = rowsOf<{ feed_id: number; n: number }>(
      await server.database.db.execute(sql`select feed_id, count(*)::int as n from feed_runs
        where feed_id in ${sql.raw(`(${due.map((d) => d.id).join(',')})`)} group by feed_id`),
    );
    expect(queued[0] + queued[1]).toBe(due.length);
    expect(runs.map((r) => r.n)).toEqual(due.map(() => 1));
  });
});
