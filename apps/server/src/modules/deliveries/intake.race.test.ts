import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import { partnerIdByShop, startTestServer, type TestServer, testConfig } from '../../test/harness';
import { demoOrderInput } from './intake-demo';

const TOKEN = 'intake-race-service-credential-0123456789';
let server: TestServer;
/** A second server process on the same database: its intake batches are its own, written at the same time. */
let second: App;
let cz: number;
let sk: number;

beforeAll(async () => {
  server = await startTestServer();
  second = await buildApp({
    config: testConfig({ databaseUrl: server.url, jobsEnabled: false }),
    database: server.database,
  });
  for (const app of [server.app, second]) {
    app.platform.config.marketplace.intakeTokenHash = createHash('sha256').update(TOKEN).digest();
  }
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});

const post = (app: App, body: object) =>
  app.app.inject({
    method: 'POST',
    url: '/internal/marketplace/orders',
    headers: { authorization: `Bearer ${TOKEN}` },
    payload: body,
  });

async function written(orderId: number) {
  const { rows } = await server.database.executeSql(
    `select (select count(*)::int from orders where id = $1) as orders,
      (select count(*)::int from order_items where order_id = $1) as items,
      (select count(*)::int from order_status_history where order_id = $1) as history,
      (select count(*)::int from audit_log where entity = 'order' and entity_id = $1::text) as audit,
      (select count(*)::int from pgboss.job where name = 'order.created' and (data->>'orderId')::bigint = $1) as events`,
    [orderId],
  );
  return rows[0];
}

describe('the intake under parallel deliveries of one order', () => {
  it('makes one order of twenty parallel posts: one answers created, nineteen that it existed', async () => {
    const orderId = 4_300_000_000_001;
    const body = demoOrderInput({ id: cz, shopId: 'CZ10MA' }, orderId, () => 0.4);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(server.app, body)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([...Array(19).fill(200), 201]);
    expect(answers.filter((a) => a.json().created === true)).toHaveLength(1);
    expect(await written(orderId)).toEqual({ orders: 1, items: body.items.length, history: 1, audit: 1, events: 1 });
  });

  it('makes one order of twenty posts split between two server processes', async () => {
    const orderId = 4_300_000_000_002;
    const body = demoOrderInput({ id: cz, shopId: 'CZ10MA' }, orderId, () => 0.4);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(i % 2 === 0 ? server.app : second, body)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(19).fill(200), 201]);
    expect(await written(orderId)).toEqual({ orders: 1, items: body.items.length, history: 1, audit: 1, events: 1 });
  });

  it('gives one id sent for two partners at once to one of them; the other partner gets CONFLICT', async () => {
    const orderId = 4_300_000_000_003;
    const bodies = [
      demoOrderInput({ id: cz, shopId: 'CZ10MA' }, orderId, () => 0.4),
      demoOrderInput({ id: sk, shopId: 'SK10MA' }, orderId, () => 0.4),
    ];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(i % 4 < 2 ? server.app : second, bodies[i % 2]!)),
    );
    const winner = answers.find((a) => a.statusCode === 201)!.json().partnerId as number;
    const mine = answers.filter((_, i) => (i % 2 === 0 ? cz : sk) === winner);
    const theirs = answers.filter((_, i) => (i % 2 === 0 ? cz : sk) !== winner);
    expect(mine.map((a) => a.statusCode).sort()).toEqual([...Array(9).fill(200), 201]);
    expect(theirs.map((a) => [a.statusCode, a.json().code])).toEqual(Array(10).fill([400, 'CONFLICT']));
    const { rows } = await server.database.executeSql('select partner_id from orders where id = $1', [orderId]);
    expect(rows).toEqual([{ partner_id: winner }]);
  });
});
