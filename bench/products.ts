import { encodeGridCursor, GRID_TOTAL_CAP } from '@pp/domain';
import { and, sql } from 'drizzle-orm';
import { loadCheckMethods } from '../apps/server/src/modules/deliveries/checks-sql';
import { type ProductsView, productsGridQuery } from '../apps/server/src/modules/products/grid';
import { products } from '../apps/server/src/modules/products/tables';
import { rowsOf } from '../apps/server/src/platform/db/client';
import { seedDemo } from '../apps/server/src/seed/demo';
import { seedLargeProducts } from '../apps/server/src/seed/large-products';
import { signedInApp, timed } from './app';
import { priceHistoryCases } from './price-history';
import { type BenchDatabase, benchDatabase, existingBenchDatabase } from './database';
import type { BenchResult } from './run';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SAMPLES = num('BENCH_PRODUCTS_SAMPLES', 20);
const PER_PAGE = 50;
/** The far page of every tab, reached by cursor as the DataGrid does; a tab with fewer pages gets its last. */
const FAR_PAGE = 1000;

type Grid = {
  filters?: { field: string; operator: string; value?: string; values?: string[] }[];
  sort?: { field: string; direction: string };
  search?: string;
};

/** Each tab with its default order, then what a seller does on the big tab: filter, sort, search. */
const CASES: { view: ProductsView; label: string; grid: Grid }[] = [
  { view: 'ALL', label: 'id desc', grid: {} },
  { view: 'SOLD_OUT', label: 'title desc', grid: {} },
  { view: 'LAST_ITEMS', label: 'id desc', grid: {} },
  { view: 'BLOCKED', label: 'id desc', grid: {} },
  {
    view: 'ALL',
    label: 'live and active, price desc',
    grid: {
      filters: [
        { field: 'stage', operator: 'EQUAL', value: 'LIVE' },
        { field: 'status', operator: 'IN', values: ['ACTIVE'] },
      ],
      sort: { field: 'price', direction: 'DESCENDING' },
    },
  },
  {
    view: 'ALL',
    label: 'drafts, title asc',
    grid: {
      filters: [{ field: 'gridStatus', operator: 'IN', values: ['draft'] }],
      sort: { field: 'title', direction: 'ASCENDING' },
    },
  },
  { view: 'ALL', label: 'price asc', grid: { sort: { field: 'price', direction: 'ASCENDING' } } },
  { view: 'ALL', label: 'search "bosch", id desc', grid: { search: 'bosch' } },
  // Typed without diacritics: the title's trigram index is on lower(pp_unaccent(title)).
  { view: 'ALL', label: 'search "zidle", id desc', grid: { search: 'zidle' } },
  {
    view: 'ALL',
    label: 'search "Sport 4", updated desc',
    grid: { search: 'Sport 4', sort: { field: 'updatedAt', direction: 'DESCENDING' } },
  },
  // The delivery checks against the partner's methods (written into the SQL as constants): no index can hold them.
  {
    view: 'ALL',
    label: 'delivery problem, id desc',
    grid: { filters: [{ field: 'delivery', operator: 'IN', values: ['PROBLEM'] }] },
  },
  {
    view: 'ALL',
    label: 'no method delivers it, title asc',
    grid: {
      filters: [{ field: 'delivery', operator: 'IN', values: ['UNDELIVERABLE'] }],
      sort: { field: 'title', direction: 'ASCENDING' },
    },
  },
];

/**
 * Gives the fresh bench partner what the delivery checks read: measures on most products (7 in 10 small boxes,
 * 2 big, 1 unmeasured; 1 in 20 without a weight) and two methods, a small-box one up to 31.5 kg and 100 cm and
 * one for any size up to 40 kg priced by weight levels. About 1 in 10 products then has a problem.
 */
async function deliveryFixture(db: BenchDatabase['database']['db'], partnerId: number) {
  const h = (salt: string) => sql.raw(`abs(hashtext(id || '${salt}'))`);
  await db.execute(sql`update products set
      package_size = case when ${h('s')} % 10 < 7 then 'smallbox' when ${h('s')} % 10 < 9 then 'bigbox' end,
      weight = case when ${h('w')} % 20 = 0 then null else (${h('w')} % 4500) / 100.0 end,
      width = 5 + ${h('x')} % 80, length = 5 + ${h('y')} % 120, height = 5 + ${h('z')} % 60
    where partner_id = ${partnerId}`);
  await db.execute(sql`insert into partner_deliveries
      (partner_id, code, title, transport, price, package_size, max_weight, max_length, max_height, max_width, pricing, price_levels)
    values (${partnerId}, 'PPL_SMALL', 'PPL', 'PPL', 89, 'SMALLBOX', 31.5, 100, 100, 100, 'FIXED', '[]'),
      (${partnerId}, 'DPD_ANY', 'DPD', 'DPD', 129, null, 40, null, null, null, 'WEIGHT_LEVELS',
       '[{"limit": 10, "price": 129}, {"limit": 40, "price": 199}]')
    on conflict do nothing`);
}

/**
 * The database to measure: an already seeded one named by BENCH_PRODUCTS_DATA (a PGlite folder or a
 * PostgreSQL URL that `npm run seed -- --scale large` filled; only read), or a fresh one seeded here with the
 * demo data and BENCH_PRODUCTS products (200,000) for the demo's Czech partner.
 */
async function productsDatabase(): Promise<BenchDatabase> {
  const existing = process.env.BENCH_PRODUCTS_DATA;
  if (existing) return existingBenchDatabase(existing);
  const bench = await benchDatabase('products');
  const count = num('BENCH_PRODUCTS', 200_000);
  const started = Date.now();
  await seedDemo(bench.database.db, { extraPartners: 0, orders: false });
  await seedLargeProducts(bench.database.db, { products: count });
  console.log(
    `products: seeded ${count} products in ${((Date.now() - started) / 1000).toFixed(1)} s (${bench.database.kind})`,
  );
  return bench;
}

/**
 * The products grid over the real server stack (GraphQL, session, permission, grid code, database), each
 * case next to the same statements sent straight to the database: the first page and page 1,000 (by cursor)
 * of every tab, a filter, sorts by price and title, and title searches; then the tab counts.
 */
export async function productsBench(): Promise<BenchResult[]> {
  const { database, url, drop } = await productsDatabase();
  const db = database.db;
  const raw = async (query: { toSQL(): { sql: string; params: unknown[] } }) => {
    const q = query.toSQL();
    return (await database.executeSql(q.sql, q.params)).rows;
  };
  const [partner] = rowsOf<{ id: number; n: number }>(
    await db.execute(sql`select p.id, (select count(*) from products x where x.partner_id = p.id)::int as n
      from partners p where p.sap_id = '100001'`),
  );
  if (!partner) throw new Error('the demo partner (sap 100001) is missing: seed the demo data first');
  const partnerId = partner.id;
  console.log(`products bench (${database.kind}): partner ${partnerId} has ${partner.n} products`);

  if (!process.env.BENCH_PRODUCTS_DATA) await deliveryFixture(db, partnerId);
  const methods = await loadCheckMethods(db, partnerId);
  const app = await signedInApp(database, url, partnerId);
  const { gql } = app;

  const GRID = `query($view: ProductsView!, $grid: GridInput) { products(view: $view, grid: $grid) {
    total totalExact nextCursor items { id title productType brandId brandName categoryId categoryName price currency
      inStock status stage gridStatus blocked hasErrors variantCount thumbUrl barcode deliveryDelay delivery updatedAt createdAt } } }`;

  /** The grid's statements for one request (rows, seeking range by range, and the capped total), run raw. */
  async function rawGrid(view: ProductsView, grid: Grid) {
    const { q, countWhere } = productsGridQuery(partnerId, view, grid, methods);
    const limited = db
      .select({ one: sql`1` })
      .from(products)
      .where(countWhere)
      .limit(GRID_TOTAL_CAP + 1)
      .as('limited');
    const [rows] = await Promise.all([
      q.readRows(
        (seek, limit, offset) =>
          raw(
            db
              .select({ id: products.id, title: products.title, price: products.price, ...q.cursorFields })
              .from(products)
              .where(and(countWhere, seek))
              .orderBy(...q.orderBy)
              .limit(limit)
              .offset(offset),
          ) as never,
      ),
      raw(db.select({ n: sql<number>`count(*)::int` }).from(limited)),
    ]);
    return rows;
  }

  const results: BenchResult[] = [];
  for (const c of CASES) {
    const { q, countWhere } = productsGridQuery(partnerId, c.view, c.grid, methods);
    const [{ n: matching } = { n: 0 }] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from ${products} where ${countWhere}`),
    );
    const label = `products ${c.view} (${c.label})`;
    const first = { ...c.grid, perPage: PER_PAGE };
    results.push({
      name: `${label}: page 1`,
      rows: matching,
      samples: await timed(SAMPLES, 2, () => gql(GRID, { view: c.view, grid: first })),
    });
    results.push({
      name: `${label}: page 1 raw SQL`,
      rows: matching,
      samples: await timed(SAMPLES, 2, () => rawGrid(c.view, first)),
    });
    // The cursor the DataGrid holds after page 999 (or the page before the last): that page's last row.
    const farPage = Math.max(2, Math.min(FAR_PAGE, Math.ceil(matching / PER_PAGE)));
    const [before] = await db
      .select(q.cursorFields)
      .from(products)
      .where(countWhere)
      .orderBy(...q.orderBy)
      .limit(1)
      .offset((farPage - 1) * PER_PAGE - 1);
    if (!before) continue;
    // The grid's own default order when the case names none (SOLD_OUT: title descending, the rest: id).
    const sort =
      c.grid.sort ??
      (c.view === 'SOLD_OUT' ? { field: 'title', direction: 'DESCENDING' } : { field: 'id', direction: 'DESCENDING' });
    const after = encodeGridCursor({
      field: sort.field,
      direction: sort.direction as 'ASCENDING' | 'DESCENDING',
      value: before.gridSortKey,
      id: before.gridRowKey,
    });
    const far = { ...first, page: farPage, after };
    const check = await gql(GRID, { view: c.view, grid: far });
    if (check.products.items.length === 0) throw new Error(`${label}: page ${farPage} came back empty`);
    results.push({
      name: `${label}: page ${farPage} by cursor`,
      rows: matching,
      samples: await timed(SAMPLES, 2, () => gql(GRID, { view: c.view, grid: far })),
    });
    results.push({
      name: `${label}: page ${farPage} raw SQL`,
      rows: matching,
      samples: await timed(SAMPLES, 2, () => rawGrid(c.view, far)),
    });
  }

  results.push({
    name: 'products tab counts (productCounts)',
    rows: partner.n,
    samples: await timed(SAMPLES, 2, () => gql('{ productCounts { all soldOut lastItems blocked errors } }', {})),
  });
  results.push(...(await priceHistoryCases(database, partnerId, SAMPLES, !process.env.BENCH_PRODUCTS_DATA)));
  await app.close();
  await drop();
  return results;
}
