import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { orders } from './tables';

/**
 * What the orders test files share: a server on the demo data, the Czech (100001) and Slovak (100002)
 * demo shops, and the Czech master's token.
 */
export interface OrdersTestBed {
  server: TestServer;
  cz: number;
  sk: number;
  token: string;
}

export async function startOrdersTestBed(): Promise<OrdersTestBed> {
  const server = await startTestServer();
  return {
    server,
    cz: await partnerIdByShop(server.database, '100001'),
    sk: await partnerIdByShop(server.database, '100002'),
    token: (await server.login('partner@demo.test')).token,
  };
}

export type OrderValues = Partial<typeof orders.$inferInsert>;

export interface OrderMaker {
  /** Inserts an order as the marketplace delivers it; returns its id. */
  (values?: OrderValues): Promise<number>;
  /** Ids no order has yet, for a test that names orders that do not exist. */
  takeIds(count: number): number[];
}

/**
 * Orders of the Czech shop, open and paid by card, five days old unless `defaults` or the call say
 * otherwise. Each file passes its own `firstId`, far from the demo's and the other files' ids.
 */
export function orderMaker(bed: () => OrdersTestBed, firstId: number, defaults: OrderValues = {}): OrderMaker {
  let nextId = firstId;
  const make = async (values: OrderValues = {}) => {
    const id = nextId++;
    const { server, cz } = bed();
    await server.database.db.insert(orders).values({
      partnerId: cz,
      id,
      status: 'open',
      paymentType: 'A',
      currency: 'CZK',
      customerName: 'Jana Nováková',
      createdAt: new Date(Date.now() - 5 * 24 * 60 * 60_000),
      ...defaults,
      ...values,
    });
    return id;
  };
  return Object.assign(make, { takeIds: (count: number) => Array.from({ length: count }, () => nextId++) });
}
