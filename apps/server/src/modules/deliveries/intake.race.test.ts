import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { demoOrderInput } from './intake-demo';

const TOKEN = 'intake-race-service-credential-0123456789';
let server: TestServer;
let cz: number;

beforeAll(async () => {
  server = await startTestServer();
  server.app.platform.config.marketplace.intakeTokenHash = createHash('sha256').update(TOKEN).digest();
  cz = await partnerIdByShop(server.database, '100001');
});
afterAll(async () => server?.close());

describe('the intake under parallel deliveries of one order', () => {
  it('makes one order of twenty parallel posts: one answers created, nineteen that it existed', async () => {
    const orderId = 4_300_000_000_001;
    const body = demoOrderInput({ id: cz, shopId: 'CZ10MA' }, orderId, () => 0.4);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.app.app.inject({
          method: 'POST',
          url: '/internal/marketplace/orders',
          headers: { authorization: `Bearer ${TOKEN}` },
          payload: body as object,
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([...Array(19).fill(200), 201]);
    expect(answers.filter((a) => a.json().created === true)).toHaveLength(1);
    const { rows } = await server.database.executeSql(
      `select (select count(*)::int from orders where id = $1) as orders,
        (select count(*)::int from order_items where order_id = $1) as items,
        (select count(*)::int from order_status_history where order_id = $1) as history,
        (select count(*)::int from audit_log where entity = 'order' and entity_id = $1::text) as audit,
        (select count(*)::int from pgboss.job where name = 'order.created' and (data->>'orderId')::bigint = $1) as events`,
      [orderId],
    );
    expect(rows[0]).toEqual({ orders: 1, items: body.items.length, history: 1, audit: 1, events: 1 });
  });
});
