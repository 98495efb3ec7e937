import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { orders } from './tables';

let server: TestServer;
let cz: number;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  token = (await server.login('partner@demo.test')).token;
});
afterAll(async () => server?.close());

const SHIP = `mutation($items: [OrderShipInput!]!) { ordersShip(items: $items) { outcome results { orderId ok code } } }`;
type Answer = { ordersShip: { results: { orderId: string; ok: boolean; code: string | null }[] } };

describe('parallel bulk shipments over the same orders', () => {
  it('ship each order once, the other answer saying why, without a deadlock', async () => {
    const ids = Array.from({ length: 60 }, (_, i) => 6_000_000_000_000 + i);
    await server.database.db
      .insert(orders)
      .values(ids.map((id) => ({ partnerId: cz, id, status: 'open', paymentType: 'A', currency: 'CZK' })));
    // The same orders in opposite orders: locking them as given would deadlock; by id they wait in turn.
    const lists = [ids, [...ids].reverse(), ids.filter((_, i) => i % 2 === 0)];
    const answers = await Promise.all(
      lists.map((list, n) =>
        server.gql<Answer>(
          SHIP,
          { items: list.map((orderId) => ({ orderId, trackingNumber: `RACE-${n}` })) },
          { token, partnerId: cz },
        ),
      ),
    );
    for (const answer of answers) expect(answer.errors).toBeUndefined();
    const results = answers.flatMap((a) => a.data?.ordersShip.results ?? []);
    for (const id of ids) {
      const mine = results.filter((r) => Number(r.orderId) === id);
      expect(mine.filter((r) => r.ok)).toHaveLength(1);
      expect(mine.filter((r) => !r.ok).map((r) => r.code)).toEqual(mine.slice(1).map(() => 'INVALID_OPERATION'));
    }
    const { rows } = await server.database.executeSql(
      'select count(*)::int as n from order_status_history where order_id = any($1::bigint[])',
      [ids],
    );
    expect(rows[0]).toEqual({ n: ids.length });
  });
});
