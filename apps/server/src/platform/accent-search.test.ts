import { and, eq, not } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../modules/orders/tables';
import { partners } from '../modules/partner/tables';
import { products } from '../modules/products/tables';
import { partnerIdByShop, startTestServer, type TestServer } from '../test/harness';

/**
 * Issue 18, point 21: where a person types a name, the grids ignore case and diacritics ("novak" finds
 * "Novák", "zidle" finds "Židle"), in the search box and in the column's "contains" filter — on PGlite and
 * on PostgreSQL (run with scripts/with-postgres.mjs), and still only within the partner's own rows.
 */

let server: TestServer;
let cz: number;
let sk: number;
let partnerToken: string;
let adminToken: string;
let czOrderId: string;
let skOrderId: string;
let czProductId: string;

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  partnerToken = (await server.login('partner@demo.test')).token;
  adminToken = (await server.login('admin@demo.test')).token;
  const db = server.database.db;
  // One order of each partner gets a customer whose name only matches "novak" without its accent.
  for (const [partnerId, name] of [
    [cz, 'Ondřej Novák'],
    [sk, 'Jana Nováková'],
  ] as const) {
    const [row] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.partnerId, partnerId), not(orders.isTest)))
      .limit(1);
    await db.update(orders).set({ customerName: name }).where(eq(orders.id, row!.id));
    if (partnerId === cz) czOrderId = String(row!.id);
    else skOrderId = String(row!.id);
  }
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.partnerId, cz)).limit(1);
  czProductId = product!.id;
  await db.update(products).set({ title: 'Kancelářská Židle Ergo' }).where(eq(products.id, czProductId));
  await db.update(partners).set({ partnerName: 'Žluťoučký kůň s.r.o.' }).where(eq(partners.id, sk));
});
afterAll(async () => server?.close());

const ORDERS = `query($grid: GridInput) { orders(view: ALL, grid: $grid) { items { id customerName } total } }`;
const PRODUCTS = `query($grid: GridInput) { products(view: ALL, grid: $grid) { items { id title } total } }`;
const PARTNERS = `query($grid: GridInput) { cockpitPartners(grid: $grid) { items { id partnerName } total } }`;

async function orderRows(grid: unknown, partnerId = cz) {
  const answer = await server.gql<{ orders: { items: { id: string; customerName: string }[] } }>(
    ORDERS,
    { grid: { perPage: 500, ...(grid as object) } },
    { token: partnerToken, partnerId },
  );
  expect(answer.errors).toBeUndefined();
  return answer.data!.orders.items;
}

async function productRows(grid: unknown) {
  const answer = await server.gql<{ products: { items: { id: string; title: string }[] } }>(
    PRODUCTS,
    { grid: { perPage: 100, ...(grid as object) } },
    { token: partnerToken, partnerId: cz },
  );
  expect(answer.errors).toBeUndefined();
  return answer.data!.products.items;
}

/** What a person means by "ignoring diacritics and case" for Czech and Slovak names. */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The partner's non-test orders whose customer name contains the text, ignoring accents, newest first. */
async function expectedOrders(partnerId: number, test: (folded: string) => boolean): Promise<string[]> {
  const rows = await server.database.db
    .select({ id: orders.id, name: orders.customerName })
    .from(orders)
    .where(and(eq(orders.partnerId, partnerId), not(orders.isTest)));
  return rows
    .filter((r) => test(fold(r.name)))
    .map((r) => String(r.id))
    .sort((a, b) => Number(b) - Number(a));
}

describe('search and "contains" ignore diacritics and case', () => {
  it('the orders search "novak" finds the partner’s "Novák", never another partner’s "Nováková"', async () => {
    const expected = await expectedOrders(cz, (n) => n.includes('novak'));
    expect(expected).toContain(czOrderId);
    for (const search of ['novak', 'NOVAK', 'Novák']) {
      const rows = await orderRows({ search });
      expect(rows.map((r) => r.id)).toEqual(expected);
      expect(rows.map((r) => r.id)).not.toContain(skOrderId);
    }
  });

  it('the customer-name column filters "contains", "starts with" and "ends with" without accents', async () => {
    const filter = (operator: string, value: string) => ({ filters: [{ field: 'customerName', operator, value }] });
    const ids = async (operator: string, value: string) => (await orderRows(filter(operator, value))).map((r) => r.id);
    expect(await ids('LIKE', 'ondrej novak')).toEqual(await expectedOrders(cz, (n) => n.includes('ondrej novak')));
    expect(await ids('LIKE', 'ondrej novak')).toContain(czOrderId);
    expect(await ids('STARTS_WITH', 'ONDREJ')).toEqual(await expectedOrders(cz, (n) => n.startsWith('ondrej')));
    expect(await ids('ENDS_WITH', 'novak')).toEqual(await expectedOrders(cz, (n) => n.endsWith('novak')));
    expect(await ids('ENDS_WITH', 'novak')).toContain(czOrderId);
    // Wildcards typed by a person are still plain characters.
    expect(await ids('LIKE', 'nov%k')).toEqual([]);
  });

  it('the products grid "zidle" finds "Židle" by search and by the title filter', async () => {
    const all = await server.database.db
      .select({ id: products.id, title: products.title })
      .from(products)
      .where(eq(products.partnerId, cz));
    const expected = all
      .filter((p) => fold(p.title).includes('zidle'))
      .map((p) => p.id)
      .sort();
    expect(expected).toContain(czProductId);
    expect((await productRows({ search: 'zidle' })).map((r) => r.id).sort()).toEqual(expected);
    expect((await productRows({ search: 'kancelarska zidle ergo' })).map((r) => r.id)).toEqual([czProductId]);
    const filtered = await productRows({ filters: [{ field: 'title', operator: 'LIKE', value: 'ZIDLE' }] });
    expect(filtered.map((r) => r.id).sort()).toEqual(expected);
  });

  it('the cockpit’s partners grid finds "Žluťoučký kůň" by "zlutoucky kun"', async () => {
    for (const grid of [
      { search: 'zlutoucky kun' },
      { filters: [{ field: 'partnerName', operator: 'LIKE', value: 'zlutoucky' }] },
    ]) {
      const answer = await server.gql<{ cockpitPartners: { items: { id: string; partnerName: string }[] } }>(
        PARTNERS,
        { grid },
        { token: adminToken },
      );
      expect(answer.errors).toBeUndefined();
      expect(answer.data!.cockpitPartners.items.map((r) => Number(r.id))).toEqual([sk]);
    }
  });
});
