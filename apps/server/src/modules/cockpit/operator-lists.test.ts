import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/tables';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { feedRuns, feeds } from '../feeds/tables';
import { webhooks } from '../webhooks/tables';

/**
 * The operators' lists behind the home's broken webhooks and failed feeds: every partner's rows, filtered as the
 * home counts, and the owner's own re-enable and "enqueue" done by an operator with the api area's update.
 */
let server: TestServer;
let receiver: http.Server;
let base: string;
let adminToken: string;
let adminId: number;
let cz: number;
let sk: number;

const HOOKS = `query($grid: GridInput) { cockpitWebhooks(grid: $grid) {
  items { id partnerId partnerName shopId url event isEnabled status failedInRow brokenAt
    lastFailure { at responseCode isTimeout err } }
  total totalExact nextCursor } }`;
const FEEDS = `query($grid: GridInput) { cockpitFeeds(grid: $grid) {
  items { id partnerId partnerName format type url enabled lastRun { id status errorCode errorMessage trigger } }
  total totalExact nextCursor } }`;
const REENABLE = `mutation($id: ID!) { cockpitWebhookReenable(id: $id) {
  webhook { id status state isEnabled failedInRow } attempt { sent responseCode } } }`;
const RUN = 'mutation($id: ID!) { cockpitFeedRun(id: $id) { id status trigger feedId } }';

const BROKEN = { filters: [{ field: 'status', operator: 'IN', values: ['BROKEN'] }] };
const FAILED = {
  filters: [
    { field: 'enabled', operator: 'EQUAL', value: 'true' },
    { field: 'lastRunStatus', operator: 'IN', values: ['FAILED'] },
  ],
};

interface HookRow {
  id: string;
  partnerId: string;
  partnerName: string;
  url: string;
  status: string;
  isEnabled: boolean;
  brokenAt: string | null;
  lastFailure: { responseCode: number | null; isTimeout: boolean; err: string | null } | null;
}
interface FeedRow {
  id: string;
  partnerId: string;
  format: string;
  type: string;
  enabled: boolean;
  lastRun: { id: string; status: string; errorCode: string | null; errorMessage: string | null } | null;
}
interface Page<T> {
  items: T[];
  total: number;
  totalExact: boolean;
  nextCursor: string | null;
}

async function hooks(grid: unknown, token = adminToken): Promise<Page<HookRow>> {
  const result = await server.gql<{ cockpitWebhooks: Page<HookRow> }>(HOOKS, { grid }, { token });
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.cockpitWebhooks;
}

async function feedList(grid: unknown, token = adminToken): Promise<Page<FeedRow>> {
  const result = await server.gql<{ cockpitFeeds: Page<FeedRow> }>(FEEDS, { grid }, { token });
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.cockpitFeeds;
}

async function homeCounts(): Promise<Record<string, number>> {
  const result = await server.gql<{ cockpitQueues: { queue: string; count: number }[] }>(
    '{ cockpitQueues { queue count } }',
    {},
    { token: adminToken },
  );
  return Object.fromEntries(result.data!.cockpitQueues.map((q) => [q.queue, q.count]));
}

async function brokenHook(partnerId: number, host: string, hoursAgo: number, url = `https://${host}/hook`) {
  const [row] = await server.database.db
    .insert(webhooks)
    .values({
      partnerId,
      url,
      event: 'ORDER_CREATED',
      status: 'BROKEN',
      failedInRow: 3,
      brokenAt: new Date(Date.now() - hoursAgo * 3_600_000),
      secretSalt: `salt-${host}`,
    })
    .returning({ id: webhooks.id });
  // Its newest real failure, then the line a dropped delivery leaves (the consequence, never the reason).
  await server.database.executeSql(
    `insert into webhook_logs (partner_id, webhook_id, delivery_id, event, attempt, sent, response_code, timing, err)
     values ($1, $2, 1, 'ORDER_CREATED', 3, false, 503, 40, 'HTTP 503'),
            ($1, $2, 2, 'ORDER_CREATED', 1, false, null, 0, 'broken')`,
    [partnerId, row!.id],
  );
  return String(row!.id);
}

/** A switched-on feed of the partner whose last run ended as given. */
async function feedWithRun(partnerId: number, type: 'PRODUCTS' | 'AVAILABILITY', status: string, url: string) {
  const [feed] = await server.database.db
    .insert(feeds)
    .values({ partnerId, format: 'MALL', type, url, enabled: true })
    .returning({ id: feeds.id });
  const [run] = await server.database.db
    .insert(feedRuns)
    .values({
      feedId: feed!.id,
      partnerId,
      format: 'MALL',
      type,
      trigger: 'SCHEDULE',
      status,
      startedAt: new Date(Date.now() - 60_000),
      endedAt: new Date(Date.now() - 30_000),
      errorCode: status === 'FAILED' ? 'FEED_UNREACHABLE' : null,
    })
    .returning({ id: feedRuns.id });
  await server.database.db.update(feeds).set({ lastRunId: run!.id }).where(eq(feeds.id, feed!.id));
  return String(feed!.id);
}

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end('ok'));
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  server = await startTestServer({ config: { webhooks: { allowPrivateUrls: true, timeoutMs: 2_000 } } });
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  const admin = await server.login('admin@demo.test');
  adminToken = admin.token;
  const [row] = (await server.database.executeSql("select id from accounts where email = 'admin@demo.test'")).rows as {
    id: number;
  }[];
  adminId = row!.id;
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe("the operators' list of webhooks", () => {
  it('lists the broken hooks of every partner, the newest broken first, each with why it broke', async () => {
    const older = await brokenHook(sk, 'old.sk-shop.example', 30);
    const newer = await brokenHook(cz, 'new.cz-shop.example', 1);
    const page = await hooks(BROKEN);
    expect(page.items.every((h) => h.status === 'BROKEN')).toBe(true);
    const ids = page.items.map((h) => h.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    const [czHook] = page.items.filter((h) => h.id === newer);
    expect(czHook).toMatchObject({ partnerId: String(cz), url: 'https://new.cz-shop.example/hook' });
    expect(czHook!.partnerName).toBeTruthy();
    // The receiver's answer, not the "broken" line of a delivery dropped after it.
    expect(czHook!.lastFailure).toMatchObject({ responseCode: 503, isTimeout: false, err: 'HTTP 503' });
    expect(page.items.find((h) => h.id === older)!.partnerId).toBe(String(sk));

    // The home's count is the list's total.
    expect(page).toMatchObject({ total: (await homeCounts()).brokenWebhooks, totalExact: true });

    // By partner: the Slovak shop's only.
    const slovak = await hooks({
      filters: [...BROKEN.filters, { field: 'partnerId', operator: 'EQUAL', value: String(sk) }],
    });
    expect(slovak.items.map((h) => h.id)).toEqual([older]);
    // Unfiltered, the working hooks come after every broken one.
    const all = await hooks({});
    expect(all.total).toBeGreaterThan(page.total);
    expect(all.items.slice(0, page.total).every((h) => h.status === 'BROKEN')).toBe(true);
  });

  it('pages by cursor without repeating or skipping a hook', async () => {
    const first = await hooks({ perPage: 1 });
    const seen = first.items.map((h) => h.id);
    let after = first.nextCursor;
    while (after) {
      const next = await hooks({ perPage: 1, after });
      seen.push(...next.items.map((h) => h.id));
      after = next.nextCursor;
    }
    expect(seen).toHaveLength(first.total);
    expect(new Set(seen).size).toBe(first.total);
  });

  it('is re-enabled by an administrator as its owner would: a test event, OK again, audited as the operator', async () => {
    const id = await brokenHook(cz, 'fixed.cz-shop.example', 2, `${base}/orders`);
    const before = await homeCounts();
    const result = await server.gql<{
      cockpitWebhookReenable: { webhook: { status: string; state: string }; attempt: { sent: boolean } };
    }>(REENABLE, { id }, { token: adminToken });
    expect(result.errors).toBeUndefined();
    expect(result.data!.cockpitWebhookReenable).toMatchObject({
      webhook: { status: 'OK', state: 'ENABLED', isEnabled: true, failedInRow: 0 },
      attempt: { sent: true, responseCode: 200 },
    });
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'webhook.reenable'), eq(auditLog.entityId, id)));
    expect(audit).toMatchObject({ accountId: adminId, partnerId: cz, data: { reactivated: true } });
    expect((await hooks(BROKEN)).items.map((h) => h.id)).not.toContain(id);
    expect((await homeCounts()).brokenWebhooks).toBe(before.brokenWebhooks! - 1);

    // Once working, it is no operator's to switch again; an unknown hook is not found.
    expect(codeOf(await server.gql(REENABLE, { id }, { token: adminToken }))).toBe('INVALID_OPERATION');
    expect(codeOf(await server.gql(REENABLE, { id: '2147483647' }, { token: adminToken }))).toBe('WEBHOOK_NOT_FOUND');
    expect(codeOf(await server.gql(REENABLE, { id: 'x' }, { token: adminToken }))).toBe('WEBHOOK_NOT_FOUND');
  });
});

describe("the operators' list of feeds", () => {
  it('lists the switched-on feeds whose last run failed, with the run and why, as the home counts them', async () => {
    const failed = await feedWithRun(sk, 'PRODUCTS', 'FAILED', 'https://feeds.sk-shop.example/products.xml');
    const fine = await feedWithRun(sk, 'AVAILABILITY', 'DONE', 'https://feeds.sk-shop.example/stock.xml');
    const page = await feedList(FAILED);
    expect(page.items.map((f) => f.id)).toContain(failed);
    expect(page.items.map((f) => f.id)).not.toContain(fine);
    const row = page.items.find((f) => f.id === failed)!;
    expect(row).toMatchObject({ partnerId: String(sk), format: 'MALL', type: 'PRODUCTS', enabled: true });
    expect(row.lastRun).toMatchObject({ status: 'FAILED', errorCode: 'FEED_UNREACHABLE' });
    expect(row.lastRun!.errorMessage).toMatch(/could not be reached/);
    expect(page).toMatchObject({ total: (await homeCounts()).failedFeeds, totalExact: true });

    // "All": the feed that ran fine too.
    const all = await feedList({});
    expect(all.items.map((f) => f.id)).toEqual(expect.arrayContaining([failed, fine]));
    // Switched off, a failed feed waits for nobody: out of the list and the count alike.
    await server.database.db
      .update(feeds)
      .set({ enabled: false })
      .where(eq(feeds.id, Number(failed)));
    const after = await feedList(FAILED);
    expect(after.items.map((f) => f.id)).not.toContain(failed);
    expect(after.total).toBe((await homeCounts()).failedFeeds);
    await server.database.db
      .update(feeds)
      .set({ enabled: true })
      .where(eq(feeds.id, Number(failed)));
  });

  it('runs a failed feed again for an administrator, with the limits of the owner\'s "enqueue"', async () => {
    const id = await feedWithRun(cz, 'PRODUCTS', 'FAILED', 'https://feeds.cz-shop.example/products.xml');
    const result = await server.gql<{ cockpitFeedRun: { id: string; status: string; trigger: string } }>(
      RUN,
      { id },
      { token: adminToken },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.cockpitFeedRun).toMatchObject({ status: 'QUEUED', trigger: 'MANUAL', feedId: id });
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'feed.enqueue'), eq(auditLog.entityId, id)));
    expect(audit).toMatchObject({ accountId: adminId, partnerId: cz });
    // Its last run is now the queued one: it has left the failed list.
    const row = (await feedList({})).items.find((f) => f.id === id)!;
    expect(row.lastRun).toMatchObject({ id: result.data!.cockpitFeedRun.id, status: 'QUEUED' });
    expect((await feedList(FAILED)).items.map((f) => f.id)).not.toContain(id);

    // One open run per feed; a switched-off feed and an unknown one are refused.
    expect(codeOf(await server.gql(RUN, { id }, { token: adminToken }))).toBe('IMPORT_IN_PROGRESS');
    const off = await feedWithRun(cz, 'AVAILABILITY', 'FAILED', 'https://feeds.cz-shop.example/stock.xml');
    await server.database.db
      .update(feeds)
      .set({ enabled: false })
      .where(eq(feeds.id, Number(off)));
    expect(codeOf(await server.gql(RUN, { id: off }, { token: adminToken }))).toBe('FEED_DISABLED');
    expect(codeOf(await server.gql(RUN, { id: '2147483647' }, { token: adminToken }))).toBe('FEED_NOT_FOUND');
  });
});

describe('who may read and act', () => {
  it('lets support read both lists but neither re-enable nor run; a role without api update is refused alike', async () => {
    const hook = await brokenHook(sk, 'roles.sk-shop.example', 3);
    const [feed] = await server.database.db
      .select({ id: feeds.id })
      .from(feeds)
      .innerJoin(feedRuns, eq(feedRuns.id, feeds.lastRunId))
      .where(and(eq(feeds.partnerId, sk), eq(feedRuns.status, 'FAILED')));
    for (const email of ['support@demo.test', 'finance@demo.test', 'content@demo.test', 'sales@demo.test']) {
      const { token } = await server.login(email);
      expect((await hooks(BROKEN, token)).items.map((h) => h.id)).toContain(hook);
      expect((await feedList(FAILED, token)).items.map((f) => f.id)).toContain(String(feed!.id));
      expect([email, codeOf(await server.gql(REENABLE, { id: hook }, { token }))]).toEqual([email, 'ACCESS_DENIED']);
      expect([email, codeOf(await server.gql(RUN, { id: String(feed!.id) }, { token }))]).toEqual([
        email,
        'ACCESS_DENIED',
      ]);
    }
    const [row] = await server.database.db
      .select()
      .from(webhooks)
      .where(eq(webhooks.id, Number(hook)));
    expect(row).toMatchObject({ status: 'BROKEN' });
  });

  it("refuses a partner's account, even one that owns the hooks", async () => {
    const { token } = await server.login('partner@demo.test');
    for (const query of [HOOKS, FEEDS]) {
      expect(codeOf(await server.gql(query, { grid: {} }, { token, partnerId: cz }))).toBe('ACCESS_DENIED');
    }
  });
});
