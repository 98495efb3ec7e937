import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import { partnerIdByShop, startTestServer, type TestServer, testConfig } from '../../test/harness';
import { type LocalReceiver, startLocalReceiver } from '../../test/receiver';
import { demoOrderInput } from './intake-demo';
import { pullOrderFeed } from './intake-feed';

/**
 * The 15-minute pull of the marketplace's order feed against a feed server on loopback: what the feed holds
 * arrives once whatever the number of pulls, an order the intake refuses does not keep the others out, and a
 * feed that cannot be read takes nothing and says so in the log and the metrics.
 */

let server: TestServer;
/** A second instance on the same database whose log is captured; the pulls run in it. */
let logged: App;
const logLines: string[] = [];
let feed: LocalReceiver;
/** What the feed answers next: a status and a body. */
let answer: { status: number; body: string } = { status: 200, body: '{"orders":[]}' };
let cz: number;
let nextId = 4_400_000_000_000;
const METRICS_TOKEN = 'intake-feed-metrics-token-0123456789';

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  feed = await startLocalReceiver({
    answer: (_path, res) => {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body);
    },
  });
  // Its job system starts (an intake batch queues ORDER_CREATED in its transaction); its workers do not.
  logged = await buildApp({
    config: testConfig({ logLevel: 'info', databaseUrl: server.url, metricsToken: METRICS_TOKEN, jobsEnabled: false }),
    database: server.database,
    logStream: { write: (line: string) => void logLines.push(line) },
  });
  logged.platform.config.marketplace.orderFeedUrl = `${feed.base}/orders-feed?key=feed-secret-key`;
});
afterAll(async () => {
  await logged?.close();
  await feed?.close();
  await server?.close();
});

const newOrder = (overrides: Record<string, unknown> = {}) => ({
  ...demoOrderInput({ id: cz, shopId: 'CZ10MA' }, nextId++, () => 0.6),
  ...overrides,
});

async function written(ids: number[]) {
  const { rows } = await server.database.executeSql(
    `select (select count(*)::int from orders where id = any($1::bigint[])) as orders,
      (select count(*)::int from order_status_history where order_id = any($1::bigint[])) as history,
      (select count(*)::int from marketplace_order_intake where order_id = any($1::bigint[]) and channel = 'feed') as keys`,
    [ids],
  );
  return rows[0];
}

/** The feed pulls counted with this outcome so far, as an operator's monitoring reads them. */
async function pulls(outcome: string): Promise<number> {
  const metrics = await logged.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const line = metrics.body.split('\n').find((l) => l.startsWith(`pp_order_feed_pulls_total{outcome="${outcome}"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('the order feed pull', () => {
  it('takes the orders of the feed once, and an order it refuses does not stop the others', async () => {
    const good = [newOrder(), newOrder(), newOrder()];
    const wrongCurrency = newOrder({ currency: 'EUR' });
    const list = [good[0], wrongCurrency, good[1], { nonsense: true }, 'not an order', good[2]];
    answer = { status: 200, body: JSON.stringify({ orders: list }) };
    const pulled = await pulls('pulled');

    expect(await pullOrderFeed(logged.platform)).toEqual({ taken: 3, existed: 0, refused: 3 });
    const ids = good.map((o) => o.orderId);
    expect(await written(ids)).toEqual({ orders: 3, history: 3, keys: 3 });
    expect(await written([wrongCurrency.orderId])).toEqual({ orders: 0, history: 0, keys: 0 });
    expect(feed.seen.at(-1)).toBe('/orders-feed');

    // The next pull overlaps the last: the same orders again, none twice.
    expect(await pullOrderFeed(logged.platform)).toEqual({ taken: 0, existed: 3, refused: 3 });
    expect(await written(ids)).toEqual({ orders: 3, history: 3, keys: 3 });
    expect(await pulls('pulled')).toBe(pulled + 2);
    const refusals = logLines.filter((l) => l.includes('order feed: order refused'));
    expect(refusals.some((l) => l.includes('VALIDATION_ERROR') && l.includes('currency'))).toBe(true);
  });

  it('takes nothing from a feed it cannot reach or read, and says so in the log and the metrics', async () => {
    const orders = [newOrder(), newOrder()];
    const ids = orders.map((o) => o.orderId);
    const config = logged.platform.config.marketplace;
    const reachable = config.orderFeedUrl;
    // A port nobody listens on any more.
    const gone = await startLocalReceiver({ answer: (_path, res) => res.end() });
    await gone.close();
    config.orderFeedUrl = `${gone.base}/orders-feed?key=feed-secret-key`;
    try {
      const unreachable = await pulls('unreachable');
      await expect(pullOrderFeed(logged.platform)).rejects.toThrow('order feed unreachable');
      expect(await pulls('unreachable')).toBe(unreachable + 1);
      const line = logLines.find((l) => l.includes('order feed unreachable'));
      expect(line).toContain(`${gone.base}/orders-feed`);
      // The feed's key in its address stays out of the log.
      expect(logLines.join('\n')).not.toContain('feed-secret-key');
    } finally {
      config.orderFeedUrl = reachable;
    }

    answer = { status: 503, body: JSON.stringify({ orders }) };
    const refused = await pulls('refused');
    await expect(pullOrderFeed(logged.platform)).rejects.toThrow('order feed answered 503');
    expect(await pulls('refused')).toBe(refused + 1);

    // Cut off in the middle of its answer: not a list of orders, so not a single one of them is taken.
    answer = { status: 200, body: JSON.stringify({ orders }).slice(0, -40) };
    const unreadable = await pulls('unreadable');
    await expect(pullOrderFeed(logged.platform)).rejects.toThrow('order feed answered no JSON');
    expect(await pulls('unreadable')).toBe(unreadable + 1);
    expect(await written(ids)).toEqual({ orders: 0, history: 0, keys: 0 });

    // Once the feed answers again, its orders arrive.
    answer = { status: 200, body: JSON.stringify({ orders }) };
    expect(await pullOrderFeed(logged.platform)).toEqual({ taken: 2, existed: 0, refused: 0 });
    expect(await written(ids)).toEqual({ orders: 2, history: 2, keys: 2 });
  });
});
