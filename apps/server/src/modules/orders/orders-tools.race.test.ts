import { TEST_ORDERS_PER_DAY } from '@pp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { orders } from './tables';
import { TEST_ORDER_ID_BASE } from './test-orders';

let server: TestServer;
let cz: number;

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
});
afterAll(async () => server?.close());

const CREATE = `mutation($input: TestOrderInput!) { orderTestCreate(input: $input) { id madeToday limit } }`;
const item = { title: 'Fotbalový míč', quantity: 2, price: 499 };

describe('test orders', () => {
  it('allows 50 a day per partner, counted atomically when requests race', async () => {
    const partner = await partnerIdByShop(server.database, '100003');
    const pl = (await server.login('partner@demo.test')).token;
    const { rows } = await server.database.executeSql(
      'select count(*)::int as n from account_partners ap join accounts a on a.id = ap.account_id where a.email = $1 and ap.partner_id = $2',
      ['partner@demo.test', partner],
    );
    const target = (rows[0] as { n: number }).n > 0 ? partner : cz;
    const { rows: made } = await server.database.executeSql(
      `select count(*)::int as n from orders where partner_id = $1 and is_test and id >= $2 and created_at >= current_date`,
      [target, TEST_ORDER_ID_BASE],
    );
    const already = (made[0] as { n: number }).n;
    for (let i = already; i < TEST_ORDERS_PER_DAY - 2; i++) {
      await server.database.db.insert(orders).values({
        partnerId: target,
        id: TEST_ORDER_ID_BASE + 1000 + i,
        status: 'open',
        paymentType: 'B',
        currency: 'PLN',
        isTest: true,
      });
    }
    const input = { deliveryType: 'ADDRESS', items: [{ ...item, price: 10 }] };
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => server.gql(CREATE, { input }, { token: pl, partnerId: target })),
    );
    expect(answers.filter((a) => !a.errors).length).toBe(2);
    expect(answers.filter((a) => codeOf(a) === 'TEST_ORDER_DAILY_LIMIT').length).toBe(2);
  });
});
