import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerIdByShop, startTestServer, type TestServer } from '../../../test/harness';
import { DEMO_API_CLIENT_ID } from '../../../seed/partner-area/api';
import { v1Get } from './test-v1';

let server: TestServer;
let ids: string[];

beforeAll(async () => {
  server = await startTestServer();
  const cz = await partnerIdByShop(server.database, '100001');
  const { rows } = await server.database.executeSql(
    `select p.id from products p where p.partner_id = $1 and p.status <> 'NOT_FOR_RESALE'
       and not exists (select 1 from product_variants v where v.partner_id = p.partner_id and v.product_id = p.id)
     order by p.id limit 200`,
    [cz],
  );
  ids = (rows as { id: string }[]).map((r) => r.id);
});
afterAll(async () => server?.close());

const batch = (items: { id: string; in_stock: number }[]) =>
  v1Get(server.app, '/v1/availability', DEMO_API_CLIENT_ID, { method: 'POST', body: JSON.stringify(items) });

describe('availability batches over the same products at once', () => {
  it('all succeed, whatever order each names the products in (a deadlock is run again, never answered)', async () => {
    expect(ids.length).toBeGreaterThanOrEqual(100);
    for (let round = 0; round < 5; round++) {
      const forward = ids.map((id, i) => ({ id, in_stock: (round + i) % 100 }));
      const backward = [...forward].reverse().map((item) => ({ ...item, in_stock: item.in_stock + 1 }));
      const answers = await Promise.all([batch(forward), batch(backward), batch(forward), batch(backward)]);
      expect(
        answers.map((a) => a.statusCode),
        answers.map((a) => a.body).join(),
      ).toEqual([204, 204, 204, 204]);
    }
    // Each product holds one of the values the last round sent for it. (Not all from one batch: a batch leaves
    // a row that already holds its value untouched, so a row another batch changes meanwhile keeps that one,
    // as two single updates would.)
    const { rows } = await server.database.executeSql('select id, in_stock from products where id = any($1::text[])', [
      ids,
    ]);
    const stock = new Map((rows as { id: string; in_stock: number }[]).map((r) => [r.id, r.in_stock]));
    expect(ids.filter((id, i) => ![(4 + i) % 100, ((4 + i) % 100) + 1].includes(stock.get(id)!))).toEqual([]);
  });
});
