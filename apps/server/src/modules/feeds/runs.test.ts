import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import { auditLog } from '../../platform/audit/tables';
import { codeOf, partnerIdByShop, startTestServer, type TestServer, testConfig } from '../../test/harness';
import { captureStream } from '../../test/waits';
import { revokePolicies } from '../catalog/test-fixtures';
import { partnerNotifications } from '../notifications/tables';
import { insertTestCatalog } from '../products/test-catalog';
import { FEED_RUN_JOB, queueScheduledRuns } from './runs';
import { feedRunErrors, feedRuns, feeds } from './tables';
import { type FeedServer, startFeedServer } from './test-feeds';

let server: TestServer;
let other: App;
let seller: FeedServer;
let cz: number;
let sk: number;
let pl: number;
let czToken: string;
let skToken: string;
let readerToken: string;
let limitedToken: string;

const RUN = 'id feedId type trigger status startedAt endedAt processed updated unchanged errors errorCode errorMessage';
const UPDATE = 'mutation($type: FeedType!, $data: MallFeedInput!) { mallFeedUpdate(type: $type, data: $data) { id } }';
const ENQUEUE = `mutation($type: FeedType!) { mallFeedEnqueue(type: $type) { ${RUN} } }`;
const RESET = `mutation($type: FeedType!) { mallFeedReset(type: $type) { ${RUN} } }`;
const ONE = `query($f: ID!, $r: ID!) { mallFeedRun(feedId: $f, runId: $r) { ${RUN} } }`;
const GRID = `query($grid: GridInput) { mallFeedRuns(grid: $grid) { total items { ${RUN} } } }`;
const ERRORS = `query($f: ID!, $r: ID!, $grid: GridInput) { mallFeedRunErrors(feedId: $f, runId: $r, grid: $grid) {
  total items { itemCode errorCode message field line url } } }`;
const STATS = 'query($days: Int!) { mallFeedStats(days: $days) { day runs processed updated errors } }';

type Run = { id: string; feedId: string; status: string; trigger: string } & Record<string, unknown>;

const item = (id: string, price = '100') =>
  `<ITEM><ID>${id}</ID><PRODUCT_TYPE>Mug</PRODUCT_TYPE><PRICE>${price}</PRICE><IN_STOCK>1</IN_STOCK></ITEM>`;
const PRODUCTS = `<?xml version="1.0" encoding="UTF-8"?>\n<ITEMS>\n${item('FR-1')}\n${item('FR-2')}\n${item('FR-BAD', 'cheap')}\n</ITEMS>\n`;

beforeAll(async () => {
  server = await startTestServer({ config: { webhooks: { allowPrivateUrls: true } } });
  // A second server process on the same database, as a deployment runs two.
  // Its job system runs (the schedule queues jobs through it); its workers do not, so this file works the runs.
  other = await buildApp({
    config: testConfig({ databaseUrl: server.url, jobsEnabled: false, webhooks: { allowPrivateUrls: true } }),
    database: server.database,
  });
  seller = await startFeedServer();
  seller.file('/products.xml', PRODUCTS);
  seller.route('/broken.xml', (_req, res) => res.writeHead(500).end());
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  pl = await partnerIdByShop(server.database, '100003');
  await insertTestCatalog(server.database);
  await revokePolicies(server.database.db, 'limited@demo.test', cz, 'mallFeed', ['read', 'update']);
  czToken = (await server.login('partner@demo.test')).token;
  skToken = (await server.login('multi@demo.test')).token;
  readerToken = (await server.login('colleague@demo.test')).token;
  limitedToken = (await server.login('limited@demo.test')).token;
});
afterAll(async () => {
  await seller?.close();
  await other?.close();
  await server?.close();
});

const asCz = () => ({ token: czToken, partnerId: cz });
const asSk = () => ({ token: skToken, partnerId: sk });
/** multi@ is the Polish shop's master too: the mid-file test keeps its feed out of the others' way. */
const asPl = () => ({ token: skToken, partnerId: pl });

async function connect(type: string, path: string, extra: Record<string, unknown> = {}, as = asCz()) {
  const answer = await server.gql<{ mallFeedUpdate: { id: string } }>(
    UPDATE,
    { type, data: { url: `${seller.base}${path}`, enabled: true, schedule: 'DISABLED', ...extra } },
    as,
  );
  expect(answer.errors).toBeUndefined();
  return answer.data!.mallFeedUpdate.id;
}

async function enqueue(type = 'PRODUCTS', document = ENQUEUE, as = asCz()) {
  const answer = await server.gql<Record<string, Run>>(document, { type }, as);
  expect(answer.errors).toBeUndefined();
  return Object.values(answer.data!)[0]!;
}

/** Works the queued runs as the job system would. */
const work = () => server.app.platform.jobs.runQueued(FEED_RUN_JOB);

async function runOf(run: Pick<Run, 'id' | 'feedId'>, as = asCz()) {
  const answer = await server.gql<{ mallFeedRun: Run }>(ONE, { f: run.feedId, r: run.id }, as);
  expect(answer.errors).toBeUndefined();
  return answer.data!.mallFeedRun;
}

describe('MALL feed runs', () => {
  let first: Run;

  it('runs an enqueued feed end to end: products written, refused items logged, progress live, partner told', async () => {
    await connect('PRODUCTS', '/products.xml');
    const stream = await captureStream(server.app.platform, (m) =>
      m.event?.type === 'mall_feed_run_progress' ? (m.event.data as Record<string, unknown>) : undefined,
    );
    first = await enqueue();
    expect(first).toMatchObject({ status: 'QUEUED', trigger: 'MANUAL', type: 'PRODUCTS', startedAt: null });
    // One run of a feed at a time.
    expect(codeOf(await server.gql(ENQUEUE, { type: 'PRODUCTS' }, asCz()))).toBe('IMPORT_IN_PROGRESS');
    expect(await work()).toBe(1);
    const done = await runOf(first);
    expect(done).toMatchObject({ status: 'DONE', processed: 3, updated: 2, unchanged: 0, errors: 1, errorCode: null });
    expect(done.startedAt).toBeTruthy();
    expect(done.endedAt).toBeTruthy();
    const { rows } = await server.database.executeSql(
      `select id from products where partner_id = $1 and id like 'FR-%' order by id`,
      [cz],
    );
    expect(rows).toEqual([{ id: 'FR-1' }, { id: 'FR-2' }]);
    await stream.stop();
    const statuses = stream.events.filter((e) => e.runId === Number(first.id)).map((e) => e.status);
    expect(statuses[0]).toBe('BEGIN');
    expect(statuses.at(-1)).toBe('END');
    expect(stream.events.at(-1)).toMatchObject({ processed: 3, updated: 2, errors: 1, type: 'PRODUCTS' });
    const log = await server.gql<{ mallFeedRunErrors: { total: number; items: Record<string, unknown>[] } }>(
      ERRORS,
      { f: first.feedId, r: first.id },
      asCz(),
    );
    expect(log.errors).toBeUndefined();
    expect(log.data!.mallFeedRunErrors.total).toBe(1);
    const [refused] = log.data!.mallFeedRunErrors.items;
    expect(refused).toMatchObject({ itemCode: 'FR-BAD', line: 5, url: `${seller.base}/products.xml` });
    expect(String(refused!.message)).not.toContain('errors.');
    const notices = await server.database.db
      .select({ params: partnerNotifications.params })
      .from(partnerNotifications)
      .where(and(eq(partnerNotifications.partnerId, cz), eq(partnerNotifications.eventType, 'FEED_RUN_WITH_ERRORS')));
    expect(notices.map((n) => n.params)).toEqual([
      expect.objectContaining({ runId: Number(first.id), feed: 'MALL_PRODUCTS', errors: 1, status: 'DONE' }),
    ]);
    const settings = await server.gql<{ mallFeedSettings: { products: { lastRun: { id: string } } } }>(
      '{ mallFeedSettings { products { lastRun { id } } } }',
      {},
      asCz(),
    );
    expect(settings.data!.mallFeedSettings.products.lastRun.id).toBe(first.id);
  });

  it('skips unchanged items on the next run, and a reset applies the whole file again', async () => {
    const again = await enqueue();
    await work();
    expect(await runOf(again)).toMatchObject({ status: 'DONE', processed: 3, updated: 0, unchanged: 2, errors: 1 });
    const reset = await enqueue('PRODUCTS', RESET);
    expect(reset).toMatchObject({ status: 'QUEUED', trigger: 'RESET' });
    await work();
    expect(await runOf(reset)).toMatchObject({ status: 'DONE', updated: 2, unchanged: 0 });
    const trail = await server.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.partnerId, cz), eq(auditLog.entity, 'feed')));
    expect(trail.map((a) => a.action)).toEqual(expect.arrayContaining(['feed.enqueue', 'feed.reset']));
  });

  it('lists the runs newest first in the job grid, filtered by the grid', async () => {
    const grid = await server.gql<{ mallFeedRuns: { total: number; items: Run[] } }>(GRID, {}, asCz());
    expect(grid.errors).toBeUndefined();
    const items = grid.data!.mallFeedRuns.items;
    expect(items.length).toBe(3);
    expect(items.map((r) => r.trigger)).toEqual(['RESET', 'MANUAL', 'MANUAL']);
    expect(items.at(-1)!.id).toBe(first.id);
    const resets = await server.gql<{ mallFeedRuns: { total: number } }>(
      GRID,
      { grid: { filters: [{ field: 'trigger', operator: 'IN', values: ['RESET'] }] } },
      asCz(),
    );
    expect(resets.data!.mallFeedRuns.total).toBe(1);
    expect((await server.gql<{ mallFeedRuns: { total: number } }>(GRID, {}, asSk())).data!.mallFeedRuns.total).toBe(0);
  });

  it('fails a run whose file cannot be read, and tells the partner why', async () => {
    await connect('AVAILABILITY', '/broken.xml');
    const run = await enqueue('AVAILABILITY');
    await work();
    expect(await runOf(run)).toMatchObject({ status: 'FAILED', errorCode: 'FEED_HTTP_ERROR', processed: 0 });
    // The message names what the seller's server answered, kept with the run for every later reading.
    expect((await runOf(run)).errorMessage).toContain('500');
    expect(String((await runOf(run)).errorMessage)).not.toContain('errors.');
    const notices = await server.database.db
      .select({ params: partnerNotifications.params })
      .from(partnerNotifications)
      .where(and(eq(partnerNotifications.partnerId, cz), eq(partnerNotifications.eventType, 'FEED_RUN_WITH_ERRORS')));
    expect(notices.map((n) => n.params)).toContainEqual(
      expect.objectContaining({ runId: Number(run.id), status: 'FAILED', errorCode: 'FEED_HTTP_ERROR' }),
    );
  });

  it('fails a run found RUNNING by its retry as interrupted, and frees the feed of a run whose job is gone', async () => {
    const run = await enqueue();
    // Its process claimed it and died: the job's retry finds it RUNNING.
    await server.database.db
      .update(feedRuns)
      .set({ status: 'RUNNING', startedAt: new Date() })
      .where(eq(feedRuns.id, Number(run.id)));
    await work();
    expect(await runOf(run)).toMatchObject({ status: 'FAILED', errorCode: 'FEED_RUN_INTERRUPTED' });
    // A run left open with no job behind it (its job failed for good) does not hold the feed back.
    await server.database.db
      .update(feedRuns)
      .set({ status: 'RUNNING', errorCode: null })
      .where(eq(feedRuns.id, Number(run.id)));
    const next = await enqueue();
    expect(await runOf(run)).toMatchObject({ status: 'FAILED', errorCode: 'FEED_RUN_INTERRUPTED' });
    await work();
    expect(await runOf(next)).toMatchObject({ status: 'DONE' });
    // An open run older than the bound is closed too, even while its job still waits; its job then does nothing.
    const stale = await enqueue();
    await server.database.db
      .update(feedRuns)
      .set({ created: new Date(Date.now() - 7 * 3_600_000) })
      .where(eq(feedRuns.id, Number(stale.id)));
    const fresh = await enqueue();
    expect(await runOf(stale)).toMatchObject({ status: 'FAILED', errorCode: 'FEED_RUN_INTERRUPTED' });
    expect(await work()).toBe(2);
    expect(await runOf(stale)).toMatchObject({ status: 'FAILED', errorCode: 'FEED_RUN_INTERRUPTED', processed: 0 });
    expect(await runOf(fresh)).toMatchObject({ status: 'DONE', processed: 3 });
  });

  it('fails a run whose download dies mid-file, each product written whole, and the next run completes the feed', async () => {
    const cutItem = (n: number) =>
      `<ITEM><ID>CUT-${n}</ID><PRODUCT_TYPE>Mug</PRODUCT_TYPE><PRICE>${100 + n}</PRICE>` +
      `<MEDIA><URL>https://img.example/cut-${n}-a.jpg</URL><MAIN>true</MAIN></MEDIA>` +
      `<MEDIA><URL>https://img.example/cut-${n}-b.jpg</URL></MEDIA></ITEM>\n`;
    const all = Array.from({ length: 2500 }, (_, n) => cutItem(n)).join('');
    let whole = false;
    seller.route('/cut.xml', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.write(`<?xml version="1.0"?>\n<ITEMS>\n${all.slice(0, whole ? all.length : all.length * 0.9)}`);
      if (whole) res.end('</ITEMS>\n');
      // The seller's server dies a moment later, in the middle of an ITEM.
      else setTimeout(() => res.socket?.destroy(), 300);
    });
    await connect('PRODUCTS', '/cut.xml', {}, asPl());
    const cut = await enqueue('PRODUCTS', ENQUEUE, asPl());
    await work();
    const failed = await runOf(cut, asPl());
    expect(failed.status).toBe('FAILED');
    expect(failed.errorCode).toBe('FEED_UNREACHABLE');
    const written = async () =>
      (
        await server.database.executeSql(
          `select p.id, count(m.position)::int as media from products p
            left join product_media m on m.partner_id = p.partner_id and m.product_id = p.id
            where p.partner_id = $1 and p.id like 'CUT-%' group by p.id`,
          [pl],
        )
      ).rows as { id: string; media: number }[];
    const partly = await written();
    expect(partly.length).toBeLessThan(2500);
    // Whatever was written is whole: each product with both its pictures.
    expect(partly.every((p) => p.media === 2)).toBe(true);
    whole = true;
    const again = await enqueue('PRODUCTS', ENQUEUE, asPl());
    await work();
    const completed = await runOf(again, asPl());
    expect(completed).toMatchObject({ status: 'DONE', processed: 2500, errors: 0 });
    const complete = await written();
    expect(complete).toHaveLength(2500);
    expect(complete.every((p) => p.media === 2)).toBe(true);
  });

  it('gives a run as long as an open run is held before its job counts as lost (not pg-boss’s 15 minutes)', async () => {
    const { rows } = await server.database.executeSql('select expire_seconds from pgboss.queue where name = $1', [
      FEED_RUN_JOB,
    ]);
    expect(rows).toEqual([{ expire_seconds: 6 * 3600 }]);
    const queued = await enqueue('PRODUCTS', ENQUEUE, asPl());
    const job = await server.database.executeSql(
      "select expire_seconds from pgboss.job where name = $1 and data->>'runId' = $2",
      [FEED_RUN_JOB, queued.id],
    );
    expect(job.rows).toEqual([{ expire_seconds: 6 * 3600 }]);
    await work();
  });

  it('refuses a feed switched off or never connected, and accounts without the right', async () => {
    await connect('AVAILABILITY', '/broken.xml', { enabled: false });
    expect(codeOf(await server.gql(ENQUEUE, { type: 'AVAILABILITY' }, asCz()))).toBe('FEED_DISABLED');
    expect(codeOf(await server.gql(RESET, { type: 'AVAILABILITY' }, asCz()))).toBe('FEED_DISABLED');
    expect(codeOf(await server.gql(ENQUEUE, { type: 'PRODUCTS' }, asSk()))).toBe('FEED_URL_MISSING');
    const reader = { token: readerToken, partnerId: cz };
    expect((await server.gql(GRID, {}, reader)).errors).toBeUndefined();
    expect(codeOf(await server.gql(ENQUEUE, { type: 'PRODUCTS' }, reader))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(RESET, { type: 'PRODUCTS' }, reader))).toBe('ACCESS_DENIED');
    const limited = { token: limitedToken, partnerId: cz };
    for (const [document, variables] of [
      [GRID, {}],
      [ONE, { f: first.feedId, r: first.id }],
      [ERRORS, { f: first.feedId, r: first.id }],
      [STATS, { days: 7 }],
    ] as const) {
      expect(codeOf(await server.gql(document, variables, limited)), document).toBe('ACCESS_DENIED');
    }
  });

  it("does not find another partner's run, its error log or its protocol", async () => {
    expect(codeOf(await server.gql(ONE, { f: first.feedId, r: first.id }, asSk()))).toBe('FEED_RUN_NOT_FOUND');
    expect(codeOf(await server.gql(ERRORS, { f: first.feedId, r: first.id }, asSk()))).toBe('FEED_RUN_NOT_FOUND');
    // The right run under another feed's id is not found either.
    expect(codeOf(await server.gql(ONE, { f: '999999', r: first.id }, asCz()))).toBe('FEED_RUN_NOT_FOUND');
    const csv = await server.app.app.inject({
      method: 'GET',
      url: `/api/mall-feed/feeds/${first.feedId}/runs/${first.id}/error-log.csv`,
      headers: { authorization: `Bearer ${skToken}`, 'x-partner-id': String(sk) },
    });
    expect(csv.statusCode).toBe(404);
    expect(csv.json()).toMatchObject({ code: 'FEED_RUN_NOT_FOUND' });
  });

  it('downloads the error log as CSV in the reader’s language, formula-like values neutralised', async () => {
    await server.database.db.insert(feedRunErrors).values({
      runId: Number(first.id),
      partnerId: cz,
      itemCode: '=HYPERLINK("http://evil.example")',
      errorCode: 'PRODUCT_NOT_FOUND',
      params: { productId: 'X' },
      line: 9,
      url: `${seller.base}/products.xml`,
    });
    const csv = await server.app.app.inject({
      method: 'GET',
      url: `/api/mall-feed/feeds/${first.feedId}/runs/${first.id}/error-log.csv`,
      headers: { authorization: `Bearer ${czToken}`, 'x-partner-id': String(cz), 'accept-language': 'cs' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('.csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Kód položky;Kód chyby;Zpráva;Pole;Řádek;URL');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^FR-BAD;/);
    expect(lines[2]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil\.example""\)";PRODUCT_NOT_FOUND;/);
    expect(lines[2]).toContain(';9;');
    const refused = await server.gql(
      ERRORS,
      { f: first.feedId, r: first.id, grid: { search: 'HYPERLINK' } },
      { ...asCz(), lang: 'cs' },
    );
    expect(refused.data).toMatchObject({ mallFeedRunErrors: { total: 1, items: [{ line: 9 }] } });
    const anonymous = await server.app.app.inject({
      method: 'GET',
      url: `/api/mall-feed/feeds/${first.feedId}/runs/${first.id}/error-log.csv`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('queues a due feed once when two processes tick the same minute', async () => {
    const feedId = Number(await connect('PRODUCTS', '/products.xml', { schedule: '15m' }));
    await server.database.db
      .update(feeds)
      .set({ nextRunAt: new Date(Date.now() - 60_000) })
      .where(eq(feeds.id, feedId));
    const before = await server.database.db
      .select({ id: feedRuns.id })
      .from(feedRuns)
      .where(eq(feedRuns.feedId, feedId));
    const queued = await Promise.all([queueScheduledRuns(server.app.platform), queueScheduledRuns(other.platform)]);
    expect(queued[0] + queued[1]).toBe(1);
    // In id order: a table's rows come back in no order of their own (an updated row moves).
    const runs = await server.database.db
      .select({ id: feedRuns.id, trigger: feedRuns.trigger, status: feedRuns.status })
      .from(feedRuns)
      .where(eq(feedRuns.feedId, feedId))
      .orderBy(feedRuns.id);
    expect(runs.length - before.length).toBe(1);
    expect(runs.at(-1)).toMatchObject({ trigger: 'SCHEDULE', status: 'QUEUED' });
    const [feed] = await server.database.db.select().from(feeds).where(eq(feeds.id, feedId));
    expect(feed!.nextRunAt!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(feed!.lastRunId).toBe(runs.at(-1)!.id);
    // Due again while that run still waits: no second run, the next one a period later.
    await server.database.db
      .update(feeds)
      .set({ nextRunAt: new Date(Date.now() - 60_000) })
      .where(eq(feeds.id, feedId));
    expect(await queueScheduledRuns(other.platform)).toBe(0);
    await work();
    expect(
      (await server.database.db.select({ id: feedRuns.id }).from(feedRuns).where(eq(feedRuns.feedId, feedId))).length -
        before.length,
    ).toBe(1);
  });

  it('counts the runs by day in Prague time over 7, 14 and 30 days', async () => {
    const [feed] = await server.database.db
      .insert(feeds)
      .values({ partnerId: sk, format: 'MALL', type: 'AVAILABILITY', url: 'https://shop.example.com/a.xml' })
      .returning({ id: feeds.id });
    const midnight = `(date_trunc('day', now() at time zone 'Europe/Prague') at time zone 'Europe/Prague')`;
    const at = async (when: string, processed: number, updated: number, errors: number) =>
      server.database.executeSql(
        `insert into feed_runs (feed_id, partner_id, format, type, trigger, status, started_at, ended_at, processed, updated, errors)
         values ($1, $2, 'MALL', 'AVAILABILITY', 'SCHEDULE', 'DONE', ${when}, ${when}, $3, $4, $5)`,
        [feed!.id, sk, processed, updated, errors],
      );
    await at(`${midnight} + interval '5 minutes'`, 10, 4, 1);
    await at(`${midnight} + interval '6 minutes'`, 20, 6, 0);
    await at(`${midnight} - interval '5 minutes'`, 7, 7, 7);
    await at(`${midnight} - interval '3 days'`, 1, 1, 0);
    await at(`${midnight} - interval '10 days'`, 100, 0, 0);
    // A run of the Czech shop is not the Slovak shop's.
    const stats = async (days: number) => {
      const answer = await server.gql<{ mallFeedStats: Record<string, number | string>[] }>(STATS, { days }, asSk());
      expect(answer.errors).toBeUndefined();
      return answer.data!.mallFeedStats;
    };
    const week = await stats(7);
    expect(week).toHaveLength(7);
    expect(week.at(-1)).toMatchObject({ runs: 2, processed: 30, updated: 10, errors: 1 });
    expect(week.at(-2)).toMatchObject({ runs: 1, processed: 7, updated: 7, errors: 7 });
    expect(week.at(-4)).toMatchObject({ runs: 1, processed: 1 });
    expect(week.reduce((n, d) => n + Number(d.runs), 0)).toBe(4);
    const twoWeeks = await stats(14);
    expect(twoWeeks).toHaveLength(14);
    expect(twoWeeks.reduce((n, d) => n + Number(d.processed), 0)).toBe(138);
    expect(await stats(30)).toHaveLength(30);
    const days = week.map((d) => String(d.day));
    expect([...days].sort()).toEqual(days);
    expect(codeOf(await server.gql(STATS, { days: 10 }, asSk()))).toBe('VALIDATION_ERROR');
  });
});
