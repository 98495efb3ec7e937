import type { AddressInfo } from 'node:net';
import { BULK_STATUS_MAX } from '@pp/domain';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { orders } from './tables';

/**
 * One seller's big job must not stall the others: these requests come over real sockets, as a browser's do,
 * because a request that arrives by I/O is only read when the event loop gets a turn.
 */
let server: TestServer;
let base: string;
let cz: number;
let sk: number;
let czToken: string;
let skToken: string;
let nextId = 4_000_000_000_000;

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  base = `http://127.0.0.1:${(server.app.app.server.address() as AddressInfo).port}`;
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  czToken = (await server.login('partner@demo.test')).token;
  skToken = (await server.login('multi@demo.test')).token;
});
afterAll(async () => server?.close());

async function graphql(query: string, variables: Record<string, unknown>, token: string, partnerId: number) {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'x-partner-id': String(partnerId),
      'accept-language': 'en',
    },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
}

async function openOrders(count: number): Promise<number[]> {
  const ids = Array.from({ length: count }, () => nextId++);
  await server.database.db.insert(orders).values(
    ids.map((id) => ({
      partnerId: cz,
      id,
      status: 'open',
      paymentType: 'A',
      currency: 'CZK',
      customerName: 'Jana Nováková',
      createdAt: new Date(Date.now() - 86_400_000),
    })),
  );
  return ids;
}

/** Resolves at the first status change the stream announces for one of `ids`: the bulk change is under way. */
async function firstChangeOf(ids: number[]): Promise<{ started: Promise<void>; stop: () => Promise<void> }> {
  const wanted = new Set(ids.map(String));
  let seen!: () => void;
  const started = new Promise<void>((resolve) => {
    seen = resolve;
  });
  const stop = await server.database.listen('pp_stream', (payload) => {
    const event = JSON.parse(payload) as { event?: { type?: string; data?: { orderId?: number | string } } };
    if (event.event?.type === 'order_status_changed' && wanted.has(String(event.event.data?.orderId))) seen();
  });
  return { started, stop };
}

const BULK = `mutation($ids: [ID!]!, $data: OrderStatusInput!) {
  ordersStatusUpdate(orderIds: $ids, data: $data) { outcome results { orderId ok } } }`;
const GRID = 'query { orders(view: ALL, grid: { perPage: 20 }) { total items { id } } }';

// Only the embedded database serves one transaction at a time for the whole process; on PostgreSQL the bulk
// change is one transaction beside the others (bulk.ts), its events arrive at its commit, and other sellers'
// requests run on other connections meanwhile (the PostgreSQL pass proves the rest in bulk-ship.race.test.ts).
describe.runIf(!process.env.TEST_DATABASE_URL)('a bulk status change on the embedded database', () => {
  // The bulk change works in groups of orders (bulk.ts, PGLITE_GROUP), one transaction each, and yields
  // between groups: the bystander is answered after some group committed and before the last one did.
  it("lets another seller's grid answer between its groups of orders", async () => {
    const ids = await openOrders(BULK_STATUS_MAX);
    const watch = await firstChangeOf(ids);
    let bulkAnswered = false;
    const bulk = graphql(BULK, { ids, data: { status: 'shipped' } }, czToken, cz).then((answer) => {
      bulkAnswered = true;
      return answer;
    });
    await watch.started;
    await watch.stop();
    const grid = await graphql(GRID, {}, skToken, sk);
    // The order of completions is the proof: the bystander was answered while the bulk was still changing.
    const answeredDuring = !bulkAnswered;
    const shipped = await server.database.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(inArray(orders.id, ids));
    expect(grid.errors).toBeUndefined();
    expect(answeredDuring).toBe(true);
    expect(shipped.filter((o) => o.status === 'shipped').length).toBeLessThan(BULK_STATUS_MAX);
    // The bulk change itself is whole: every order changed and answered, in the order given.
    const answer = (await bulk) as {
      data: { ordersStatusUpdate: { outcome: string; results: { orderId: string; ok: boolean }[] } };
    };
    expect(answer.data.ordersStatusUpdate.outcome).toBe('statusesUpdate');
    expect(answer.data.ordersStatusUpdate.results.map((r) => Number(r.orderId))).toEqual(ids);
    expect(answer.data.ordersStatusUpdate.results.every((r) => r.ok)).toBe(true);
  });
});
