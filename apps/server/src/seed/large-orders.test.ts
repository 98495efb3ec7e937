import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { LARGE_ORDER_ID_BASE, seedLargeOrders } from './large-orders';

/**
 * The large seed's pickup-point orders point at real branches of their market's pickup-point network, as the
 * demo's do, and the networks are seeded first when the database lacks one.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('the large seed and carrier branches', () => {
  it("sends every pickup-point order to an active branch of its market's carrier, seeding missing networks", async () => {
    // A database without the Polish network: the seed adds it before the orders that need it.
    await server.database.executeSql("delete from carrier_branches where country = 'PL'");
    await seedLargeOrders(server.database.db, { orders: 3000, chunk: 1500 });
    const { rows } = await server.database.executeSql(
      `select o.delivery_country as country, count(*)::int as orders,
          count(b.id)::int as on_branch, count(*) filter (where b.active and b.country = o.delivery_country)::int as good,
          count(distinct b.carrier)::int as carriers
        from orders o left join carrier_branches b on b.id = o.branch_id
        where o.id >= $1 and o.delivery_type = 'PICKUP_POINT'
        group by o.delivery_country order by 1`,
      [LARGE_ORDER_ID_BASE],
    );
    const byCountry = rows as { country: string; orders: number; on_branch: number; good: number; carriers: number }[];
    expect(byCountry.map((r) => r.country)).toEqual(expect.arrayContaining(['CZ', 'PL']));
    for (const row of byCountry)
      expect(row, row.country).toMatchObject({ on_branch: row.orders, good: row.orders, carriers: 1 });
    const { rows: polish } = await server.database.executeSql(
      "select count(*)::int as n from carrier_branches where country = 'PL' and carrier = 'INPOST_PACZKOMATY'",
    );
    expect((polish[0] as { n: number }).n).toBeGreaterThan(1000);
    // Orders delivered elsewhere name no branch.
    const { rows: others } = await server.database.executeSql(
      "select count(*)::int as n from orders where id >= $1 and delivery_type <> 'PICKUP_POINT' and branch_id is not null",
      [LARGE_ORDER_ID_BASE],
    );
    expect(others).toEqual([{ n: 0 }]);
  });
});
