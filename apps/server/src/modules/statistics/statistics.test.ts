import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/client';
import { codeOf, partnerIdByShop, signInAsPartner, startTestServer, type TestServer } from '../../test/harness';
import { orderItems, orders } from '../orders/tables';
import { products } from '../products/tables';
import { memberWith } from '../sla/test-helpers';

/**
 * The statistics page's figures (issue 23, point 6) through GraphQL, as the web asks for them, against orders
 * counted by hand: a month of 2020 where the demo has no orders.
 */

let server: TestServer;
let partner: string;
let cz: number;
let sk: number;
let category: { id: number; cs: string; en: string };

const QUERY = `query($i: StatisticsInput!) { statistics(input: $i) {
  from to granularity market averageDispatchHours topFrom topTo
  series { bucket orders items delivered cancelled returned shipped sales { currency amount } }
  totals { orders items delivered cancelled returned shipped sales { currency amount } }
  topProducts { key name quantity sales { currency amount } }
  topCategories { key name quantity sales { currency amount } }
} }`;

interface Money {
  currency: string;
  amount: string;
}
interface Figures {
  orders: number;
  items: number;
  delivered: number;
  cancelled: number;
  returned: number;
  shipped: number;
  sales: Money[];
}
interface View {
  from: string;
  to: string;
  granularity: string;
  market: string | null;
  averageDispatchHours: number | null;
  topFrom: string;
  topTo: string;
  series: (Figures & { bucket: string })[];
  totals: Figures;
  topProducts: { key: string | null; name: string | null; quantity: number; sales: Money[] }[];
  topCategories: { key: string | null; name: string | null; quantity: number; sales: Money[] }[];
}

async function statistics(input: Record<string, unknown>, token = partner, partnerId = cz, lang?: string) {
  return server.gql<{ statistics: View }>(QUERY, { i: input }, { token, partnerId, ...(lang ? { lang } : {}) });
}
async function figures(input: Record<string, unknown>, lang?: string): Promise<View> {
  const res = await statistics(input, partner, cz, lang);
  expect(res.errors).toBeUndefined();
  return res.data!.statistics;
}

let nextId = 8_100_000_000_000;
const hours = (at: string, h: number) => new Date(Date.parse(at) + h * 3_600_000);

async function order(
  partnerId: number,
  at: string,
  values: Partial<typeof orders.$inferInsert>,
  items: [product: string, title: string, quantity: number, unitPrice: number][] = [],
) {
  const id = nextId++;
  await server.database.db.insert(orders).values({
    partnerId,
    id,
    status: 'open',
    paymentType: 'B',
    currency: 'CZK',
    deliveryCountry: 'CZ',
    createdAt: new Date(at),
    ...values,
  });
  if (items.length) {
    await server.database.db.insert(orderItems).values(
      items.map(([product, title, quantity, unitPrice], i) => ({
        partnerId,
        orderId: id,
        id: i + 1,
        partnerArticleId: product,
        title,
        quantity,
        unitPrice,
        vat: 21,
      })),
    );
  }
  return id;
}

beforeAll(async () => {
  server = await startTestServer();
  partner = (await server.login('partner@demo.test')).token;
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  const [c] = rowsOf<{ id: number; cs: string; en: string }>(
    await server.database.db.execute(
      sql`select id, names ->> 'cs' as cs, names ->> 'en' as en from categories where shop_id = 'CZ10MA' order by id limit 1`,
    ),
  );
  category = c!;
  // The catalogue knows product A (in the category); B and C are not in it.
  await server.database.db
    .insert(products)
    .values({ partnerId: cz, id: 'STAT-A', title: 'Lamp', categoryId: category.id });

  // Tuesday 10 March 2020, noon in Prague: delivered, shipped five hours later.
  await order(
    cz,
    '2020-03-10T11:00:00Z',
    { status: 'delivered', total: 1000.5, shippedAt: hours('2020-03-10T11:00:00Z', 5) },
    [
      ['STAT-A', 'Lamp', 2, 400.25],
      ['STAT-B', 'Bulb', 1, 200],
    ],
  );
  // Cancelled the same day: an order, but no pieces, sales or products.
  await order(cz, '2020-03-10T12:00:00Z', { status: 'cancelled', total: 300 }, [['STAT-A', 'Lamp', 1, 300]]);
  // 23:30 in Prague on the 11th (22:30 UTC): the shop's day is the 11th. Returned, shipped after 19 hours.
  await order(
    cz,
    '2020-03-11T22:30:00Z',
    { status: 'returned', total: 150, shippedAt: hours('2020-03-11T22:30:00Z', 19) },
    [['STAT-B', 'Bulb', 3, 50]],
  );
  // Slovakia in euros, shipped after two hours.
  await order(
    cz,
    '2020-03-12T09:00:00Z',
    {
      status: 'shipped',
      total: 20.1,
      currency: 'EUR',
      deliveryCountry: 'SK',
      shippedAt: hours('2020-03-12T09:00:00Z', 2),
    },
    [['STAT-C', 'Cable', 1, 20.1]],
  );
  // 00:30 in Prague on 1 April (22:30 UTC on 31 March): April's.
  await order(cz, '2020-03-31T22:30:00Z', { status: 'open', total: 99 }, [['STAT-A', 'Lamp', 1, 99]]);
  // A test order counts nowhere; another partner's order never counts for this one.
  await order(cz, '2020-03-12T10:00:00Z', { status: 'delivered', total: 5000, isTest: true }, [
    ['STAT-A', 'Lamp', 9, 1],
  ]);
  await order(sk, '2020-03-10T10:00:00Z', { status: 'delivered', total: 777 }, [['STAT-A', 'Lamp', 7, 111]]);
});
afterAll(async () => server?.close());

const MARCH = { from: '2020-03-01', to: '2020-03-31' };

describe('the statistics page', () => {
  it('counts the orders created in the range by hand: totals, returns, cancellations and dispatch time', async () => {
    const view = await figures(MARCH);
    expect(view.totals).toEqual({
      orders: 4,
      items: 7,
      delivered: 1,
      cancelled: 1,
      returned: 1,
      shipped: 3,
      sales: [
        { currency: 'CZK', amount: '1150.50' },
        { currency: 'EUR', amount: '20.10' },
      ],
    });
    // (5 + 19 + 2) hours / 3 shipped orders.
    expect(view.averageDispatchHours).toBe(8.7);
    expect(view.granularity).toBe('DAY');
    expect(view.series).toHaveLength(31);
    const day = (d: string) => view.series.find((p) => p.bucket === d)!;
    expect(day('2020-03-10')).toMatchObject({ orders: 2, items: 3, cancelled: 1, delivered: 1 });
    expect(day('2020-03-10').sales).toEqual([{ currency: 'CZK', amount: '1000.50' }]);
    expect(day('2020-03-11')).toMatchObject({ orders: 1, items: 3, returned: 1 });
    expect(day('2020-03-12').sales).toEqual([{ currency: 'EUR', amount: '20.10' }]);
    expect(day('2020-03-13')).toMatchObject({ orders: 0, items: 0, sales: [] });
    expect(day('2020-03-31').orders).toBe(0);

    const april = await figures({ from: '2020-04-01', to: '2020-04-01' });
    expect(april.totals).toMatchObject({ orders: 1, items: 1, sales: [{ currency: 'CZK', amount: '99.00' }] });
  });

  it('groups by ISO week or month and filters by market', async () => {
    const weeks = await figures({ ...MARCH, granularity: 'WEEK' });
    expect(weeks.series.map((p) => p.bucket)).toEqual([
      '2020-02-24',
      '2020-03-02',
      '2020-03-09',
      '2020-03-16',
      '2020-03-23',
      '2020-03-30',
    ]);
    expect(weeks.series.find((p) => p.bucket === '2020-03-09')!.orders).toBe(4);
    const months = await figures({ from: '2020-02-15', to: '2020-04-30', granularity: 'MONTH' });
    expect(months.series.map((p) => [p.bucket, p.orders])).toEqual([
      ['2020-02-01', 0],
      ['2020-03-01', 4],
      ['2020-04-01', 1],
    ]);
    const czech = await figures({ ...MARCH, market: 'CZ' });
    expect(czech.market).toBe('CZ');
    expect(czech.totals).toMatchObject({ orders: 3, items: 6, sales: [{ currency: 'CZK', amount: '1150.50' }] });
    expect(czech.averageDispatchHours).toBe(12);
    expect(czech.topProducts.map((p) => p.key)).toEqual(['STAT-B', 'STAT-A']);
  });

  it('lists the top products and categories of the months, unknown products as "other"', async () => {
    const view = await figures(MARCH, 'cs');
    expect([view.topFrom, view.topTo]).toEqual(['2020-03-01', '2020-03-01']);
    expect(view.topProducts).toEqual([
      { key: 'STAT-B', name: 'Bulb', quantity: 4, sales: [{ currency: 'CZK', amount: '350.00' }] },
      { key: 'STAT-A', name: 'Lamp', quantity: 2, sales: [{ currency: 'CZK', amount: '800.50' }] },
      { key: 'STAT-C', name: 'Cable', quantity: 1, sales: [{ currency: 'EUR', amount: '20.10' }] },
    ]);
    expect(view.topCategories).toEqual([
      {
        key: null,
        name: null,
        quantity: 5,
        sales: [
          { currency: 'CZK', amount: '350.00' },
          { currency: 'EUR', amount: '20.10' },
        ],
      },
      { key: String(category.id), name: category.cs, quantity: 2, sales: [{ currency: 'CZK', amount: '800.50' }] },
    ]);
    expect((await figures(MARCH, 'en')).topCategories[1]!.name).toBe(category.en);
  });

  it("follows a status change and a deleted order, and never counts another partner's orders", async () => {
    const [first] = await server.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.partnerId, cz), eq(orders.total, 1000.5)));
    await server.database.db
      .update(orders)
      .set({ status: 'cancelled' })
      .where(and(eq(orders.partnerId, cz), eq(orders.id, first!.id)));
    expect((await figures(MARCH)).totals).toMatchObject({ orders: 4, items: 4, delivered: 0, cancelled: 2 });
    await server.database.db
      .update(orders)
      .set({ status: 'delivered' })
      .where(and(eq(orders.partnerId, cz), eq(orders.id, first!.id)));
    expect((await figures(MARCH)).totals).toMatchObject({ orders: 4, items: 7, delivered: 1, cancelled: 1 });

    // The Slovak partner's order of the 10th (7 pieces) is in none of the figures above; its own are its own.
    const admin = (await server.login('admin@demo.test')).token;
    const asSk = await signInAsPartner(server, admin, sk);
    const other = await statistics(MARCH, asSk, sk);
    expect(other.errors).toBeUndefined();
    expect(other.data!.statistics.totals).toMatchObject({
      orders: 1,
      items: 7,
      sales: [{ currency: 'CZK', amount: '777.00' }],
    });

    const gone = await order(cz, '2020-03-20T10:00:00Z', { status: 'open', total: 10 }, [['STAT-A', 'Lamp', 1, 10]]);
    expect((await figures(MARCH)).totals.orders).toBe(5);
    await server.database.db.delete(orderItems).where(and(eq(orderItems.partnerId, cz), eq(orderItems.orderId, gone)));
    await server.database.db.delete(orders).where(and(eq(orders.partnerId, cz), eq(orders.id, gone)));
    expect((await figures(MARCH)).totals).toMatchObject({ orders: 4, items: 7 });
  });

  it('refuses a range past two years, an end before the start and a bad day, with translated messages', async () => {
    const long = await statistics({ from: '2018-01-01', to: '2020-03-31' }, partner, cz);
    expect(codeOf(long)).toBe('VALIDATION_ERROR');
    const fields = (long.errors![0]!.extensions as { fields: { field: string; rule: string; message: string }[] })
      .fields;
    expect(fields).toMatchObject([{ field: 'from', rule: 'statisticsMaxTwoYears' }]);
    expect(fields[0]!.message).not.toContain('statisticsMaxTwoYears');
    const reversed = await statistics({ from: '2020-03-02', to: '2020-03-01' }, partner, cz);
    expect((reversed.errors![0]!.extensions as { fields: { rule: string }[] }).fields).toMatchObject([
      { rule: 'statisticsDates' },
    ]);
    expect(codeOf(await statistics({ from: '2020-02-30', to: '2020-03-01' }, partner, cz))).toBe('VALIDATION_ERROR');
  });

  it('refuses an account without the statistics permission', async () => {
    const limited = await memberWith(server, 'stats-limited@demo.test', cz, [
      ['orders', 'read'],
      ['sla', 'read'],
    ]);
    expect(codeOf(await statistics(MARCH, limited, cz))).toBe('ACCESS_DENIED');
    const allowed = await memberWith(server, 'stats-reader@demo.test', cz, [['statistics', 'read']]);
    const res = await statistics(MARCH, allowed, cz);
    expect(res.errors).toBeUndefined();
    expect(res.data!.statistics.totals.orders).toBe(4);
  });
});
