import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/platform/db/client';
import { seedDemo } from '../apps/server/src/seed/demo';
import { signedInApp, timed } from './app';
import { benchDatabase } from './database';
import type { BenchResult } from './run';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
/** DIP orders of the one partner (the issue's figure), beside as many orders of its that are not DIP. */
const DIP_ORDERS = num('BENCH_DIP_ORDERS', 200_000);
const OTHER_ORDERS = num('BENCH_DIP_OTHER_ORDERS', 200_000);
const SAMPLES = num('BENCH_DIP_SAMPLES', 20);
const PER_PAGE = 50;
/** The later page: reached by following each page's cursor, as the DataGrid does when a person pages on. */
const LATER_PAGE = num('BENCH_DIP_PAGE', 100);
const FIRST_ID = 3_000_000_000;

const GRID = `query($grid: GridInput) {
  dipDeliveries(grid: $grid) {
    items { id status createdAt customerName deliveryCity branchId trackingNumber total currency shipmentStatus shipmentAt }
    total totalExact nextCursor
  }
}`;

type Page = { dipDeliveries: { items: { id: string }[]; total: number; nextCursor: string | null } };

/**
 * A partner's orders in one set-based statement: every `dipEvery`-th is DIP (Spectrum), each DIP order with
 * one to four shipment statuses whose last is mostly DELIVERED, some DELIVERING, few RETURNED.
 */
async function seedOrders(db: Parameters<typeof seedDemo>[0], partnerId: number) {
  const total = DIP_ORDERS + OTHER_ORDERS;
  const dipEvery = OTHER_ORDERS > 0 ? Math.max(1, Math.round(total / DIP_ORDERS)) : 1;
  await db.execute(sql`
    insert into orders (partner_id, id, status, confirmed, payment_type, currency, customer_name, total, tracking_number,
                        delivery_type, delivery_city, branch_id, is_dip, is_mdp, is_test, created_at, shipped_at)
    select ${partnerId}, ${FIRST_ID}::bigint + g,
           (array['open','shipping','shipped','delivered','delivered','delivered','returned'])[1 + g % 7],
           true, 'A', 'CZK', 'Zákazník ' || g, 100 + g % 5000, 'DR-' || g,
           'PICKUP_POINT', (array['Praha','Brno','Ostrava','Plzeň'])[1 + g % 4], 'ZASILKOVNA-' || (g % 5000),
           g % ${dipEvery} = 0, g % ${dipEvery} = 0, false,
           now() - make_interval(mins => g % (730 * 24 * 60)), now() - make_interval(mins => g % (730 * 24 * 60)) + interval '1 day'
    from generate_series(1, ${total}) as g`);
  await db.execute(sql`
    insert into order_shipment_history (partner_id, order_id, status, at)
    select o.partner_id, o.id, v.status, o.shipped_at + make_interval(hours => v.step)
    from orders o
    cross join lateral (values
      (1, 'CREATED'),
      (2, 'RECEIVED'),
      (3, case when o.id % 50 = 0 then 'RETURNED' when o.id % 5 = 0 then 'DELIVERING' else 'DELIVERED' end)
    ) as v(step, status)
    where o.partner_id = ${partnerId} and o.is_dip and v.step <= 1 + o.id % 3
    order by o.id, v.step`);
  await db.execute(sql`analyze orders`);
  await db.execute(sql`analyze order_shipment_history`);
}

/**
 * The Spectrum/DIP deliveries grid (deliveries/mall/spectrum) over 200,000 DIP orders of one partner: through
 * GraphQL (session, permission, grid contract, service) beside the same statements sent straight to the
 * database. Page 1; a filter by the latest shipment status, a common one (DELIVERED) and a rare one
 * (RETURNED, 1 in 50); and a later page reached by cursor.
 */
export async function dipBench(): Promise<BenchResult[]> {
  const { database, url, drop } = await benchDatabase('dip');
  try {
    await seedDemo(database.db, { extraPartners: 1, orders: false, products: false });
    const [cz] = rowsOf<{ id: number }>(
      await database.db.execute(sql`select id from partners where sap_id = '100001'`),
    );
    const partnerId = cz!.id;
    const seeded = Date.now();
    await seedOrders(database.db, partnerId);
    const [counts] = rowsOf<{ dip: number; history: number }>(
      await database.db.execute(sql`select
        (select count(*)::int from orders where partner_id = ${partnerId} and is_dip) as dip,
        (select count(*)::int from order_shipment_history where partner_id = ${partnerId}) as history`),
    );
    console.log(
      `dip: seeded ${counts!.dip} DIP orders (+${OTHER_ORDERS} others), ${counts!.history} shipment statuses in ${((Date.now() - seeded) / 1000).toFixed(1)} s (${database.kind})`,
    );

    const latest = (column: string) =>
      sql.raw(
        `(select s.${column} from order_shipment_history s where s.partner_id = o.partner_id and s.order_id = o.id order by s.id desc limit 1)`,
      );
    // The grid's filter as the service writes it: orders that ever had the status (a hashed subplan over the
    // partner's range of the status index), then their latest status.
    const filter = (statuses: string[]) => {
      const v = sql`${sql.param(statuses)}::text[]`;
      // Everyday statuses narrow nothing: the grid checks the latest status alone (dip-grid.ts).
      if (statuses.includes('DELIVERED')) return sql`and ${latest('status')} = any(${v})`;
      return sql`and o.id in (select h.order_id from order_shipment_history h where h.partner_id = ${partnerId} and h.status = any(${v}) offset 0)
        and ${latest('status')} = any(${v})`;
    };
    const rawPage = (statuses: string[] | null, beforeId: number | null) =>
      Promise.all([
        database.db.execute(sql`
          select o.id, o.status, o.created_at, o.customer_name, o.delivery_city, o.branch_id, o.tracking_number,
                 o.total, o.currency, ${latest('status')} as shipment_status, ${latest('at')} as shipment_at
          from orders o
          where o.partner_id = ${partnerId} and o.is_dip
            ${statuses ? filter(statuses) : sql``}
            ${beforeId !== null ? sql`and o.id < ${beforeId}` : sql``}
          order by o.id desc limit ${PER_PAGE + 1}`),
        database.db.execute(sql`
          select count(*)::int from (select 1 from orders o where o.partner_id = ${partnerId} and o.is_dip
            ${statuses ? filter(statuses) : sql``}
            limit 10001) x`),
      ]);
    const plan = rowsOf<{ 'QUERY PLAN': string }>(
      await database.db.execute(sql`explain select o.id, ${latest('status')} from orders o
        where o.partner_id = ${partnerId} and o.is_dip order by o.id desc limit ${PER_PAGE + 1}`),
    ).map((r) => r['QUERY PLAN'].trim());
    console.log(`dip grid plan: ${plan.filter((l) => /Scan|Limit/.test(l)).join(' | ')}`);

    const app = await signedInApp(database, url, partnerId);
    const gql = (grid: Record<string, unknown>) => app.gql(GRID, { grid }) as Promise<Page>;
    const results: BenchResult[] = [];
    const push = async (name: string, run: () => Promise<unknown>) =>
      results.push({ name: `dip grid: ${name}`, rows: counts!.dip, samples: await timed(SAMPLES, 2, run) });

    // The DataGrid always names its sort; a cursor is valid only with the sort it was made for.
    const first = { perPage: PER_PAGE, sort: { field: 'id', direction: 'DESCENDING' } };
    const check = await gql(first);
    if (check.dipDeliveries.items.length !== PER_PAGE) throw new Error('dip grid: page 1 is short');
    await push('page 1 (GraphQL)', () => gql(first));
    await push('page 1 raw SQL', () => rawPage(null, null));
    for (const status of ['DELIVERED', 'RETURNED']) {
      const grid = { ...first, filters: [{ field: 'shipmentStatus', operator: 'IN', values: [status] }] };
      const page = await gql(grid);
      console.log(`dip grid: ${status} filter: ${page.dipDeliveries.total} on page count (capped at 10,000)`);
      await push(`latest status ${status}, page 1 (GraphQL)`, () => gql(grid));
      await push(`latest status ${status}, page 1 raw SQL`, () => rawPage([status], null));
    }
    // Page on by the cursors the grid hands out, as a person clicking "next" would.
    let cursor: string | null = null;
    let lastId = 0;
    for (let page = 1; page < LATER_PAGE; page++) {
      const answer: Page = await gql({ ...first, ...(cursor ? { after: cursor, page } : {}) });
      cursor = answer.dipDeliveries.nextCursor;
      lastId = Number(answer.dipDeliveries.items.at(-1)?.id ?? 0);
      if (!cursor) throw new Error(`dip grid: no cursor after page ${page}`);
    }
    const later = { ...first, page: LATER_PAGE, after: cursor };
    await push(`page ${LATER_PAGE} by cursor (GraphQL)`, () => gql(later));
    await push(`page ${LATER_PAGE} raw SQL`, () => rawPage(null, lastId));
    await app.close();
    return results;
  } finally {
    await drop();
  }
}
