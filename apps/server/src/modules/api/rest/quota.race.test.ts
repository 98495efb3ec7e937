import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../../app';
import { startTestServer, type TestServer, testConfig } from '../../../test/harness';
import { issueKey, spareSeller, tightTier, v1Get } from './test-v1';

let server: TestServer;
/** A second server process on the same database, with its own quota holder. */
let second: App;

beforeAll(async () => {
  server = await startTestServer();
  second = await buildApp({
    config: testConfig({ databaseUrl: server.url, jobsEnabled: false }),
    database: server.database,
  });
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});

async function usedOther(partnerId: number): Promise<number> {
  const { rows } = await server.database.executeSql(
    `select coalesce(sum(used_requests), 0)::int as n from api_usage_daily where partner_id = $1 and domain = 'other'`,
    [partnerId],
  );
  return (rows[0] as { n: number }).n;
}

const statuses = (answers: { statusCode: number }[]) => ({
  ok: answers.filter((a) => a.statusCode === 200).length,
  limited: answers.filter((a) => a.statusCode === 429).length,
});

describe('the daily limit under a parallel burst', () => {
  it('lets exactly the limit through one process and counts every request', async () => {
    const seller = await spareSeller(server, 0);
    const { clientId } = await issueKey(server, seller.email, seller.id);
    await tightTier(server, seller.id, 70);
    const answers = await Promise.all(Array.from({ length: 150 }, () => v1Get(server.app, '/v1/shops', clientId)));
    expect(statuses(answers)).toEqual({ ok: 70, limited: 80 });
    await server.app.apiV1.quota.flush();
    expect(await usedOther(seller.id)).toBe(150);
  });

  it('lets exactly the limit through two processes on one database, however the burst is split', async () => {
    const seller = await spareSeller(server, 1);
    const { clientId } = await issueKey(server, seller.email, seller.id);
    await tightTier(server, seller.id, 120);
    // Both processes hold a lease first, so the burst must move spare between them to reach the limit.
    await v1Get(server.app, '/v1/shops', clientId);
    await v1Get(second, '/v1/shops', clientId);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => v1Get(i % 4 === 0 ? second : server.app, '/v1/shops', clientId)),
    );
    expect(statuses(answers)).toEqual({ ok: 118, limited: 82 });
    await Promise.all([server.app.apiV1.quota.flush(), second.apiV1.quota.flush()]);
    expect(await usedOther(seller.id)).toBe(202);
  });

  it('takes back the spare of an idle process when the burst comes to the other one only', async () => {
    const seller = await spareSeller(server, 2);
    const { clientId } = await issueKey(server, seller.email, seller.id);
    await tightTier(server, seller.id, 100);
    // The second process leases its share and then sees no more traffic.
    expect((await v1Get(second, '/v1/shops', clientId)).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 150 }, () => v1Get(server.app, '/v1/shops', clientId)));
    expect(statuses(answers)).toEqual({ ok: 99, limited: 51 });
  });

  it('gives back what a process holds when it stops, so the other can use all of it', async () => {
    // The first seller again, in the orders domain its earlier burst did not touch.
    const seller = await spareSeller(server, 0);
    const { clientId } = await issueKey(server, seller.email, seller.id);
    await tightTier(server, seller.id, 40, 'orders');
    const third = await buildApp({
      config: testConfig({ databaseUrl: server.url, jobsEnabled: false }),
      database: server.database,
    });
    expect((await v1Get(third, '/v1/orders', clientId)).statusCode).toBe(200);
    await third.close();
    const answers = await Promise.all(Array.from({ length: 60 }, () => v1Get(server.app, '/v1/orders', clientId)));
    expect(statuses(answers)).toEqual({ ok: 39, limited: 21 });
  });
});
