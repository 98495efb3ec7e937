import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerIdByShop, startTestServer, type TestServer } from '../../../test/harness';
import { revokePolicies } from '../../catalog/test-fixtures';
import { partnerDeliveries } from '../../partner/tables';
import { DEMO_API_CLIENT_ID } from '../../../seed/partner-area/api';
import { issueKey, v1Get } from './test-v1';

let server: TestServer;
let cz: number;
const demo = DEMO_API_CLIENT_ID;
const call = (method: 'GET' | 'PUT' | 'DELETE', path: string, body?: unknown, clientId: string = demo, lang = 'en') =>
  v1Get(server.app, path, clientId, { method, lang, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

/** What the portal's deliveries page reads of a method: the stored row. */
async function stored(code: string) {
  const rows = await server.database.db.select().from(partnerDeliveries);
  return rows.find((r) => r.partnerId === cz && r.code === code)!;
}

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  const sk = await partnerIdByShop(server.database, '100002');
  await server.database.db.insert(partnerDeliveries).values([
    { partnerId: cz, code: 'lv-home', title: 'Home delivery', transport: 'PPL', price: 99, codPrice: 30 },
    { partnerId: cz, code: 'lv-heavy', title: 'Freight', transport: 'DPD', price: 490 },
    { partnerId: sk, code: 'lv-slovak', title: 'Kuriér', transport: 'SPS', price: 3.9 },
  ]);
});
afterAll(async () => server?.close());

describe('delivery pricing', () => {
  it('answers no levels for a fixed price, sets levels by order total and reads them back', async () => {
    expect((await call('GET', '/v1/deliveries/partner/lv-home/pricing')).json().data).toEqual([]);
    const put = await call('PUT', '/v1/deliveries/partner/lv-home/pricing', [
      { type: 'p', price: 49, cod_price: 30, limit: 1000 },
      { type: 'p', price: '19', cod_price: 30, limit: 2000 },
    ]);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toEqual([
      { type: 'p', price: 49, cod_price: 30, limit: 1000 },
      { type: 'p', price: 19, cod_price: 30, limit: 2000 },
    ]);
    // The deliveries page sees the same method with levels by price, every other field as it was.
    expect(await stored('lv-home')).toMatchObject({
      pricing: 'PRICE_LEVELS',
      priceLevels: [
        { limit: 1000, price: 49 },
        { limit: 2000, price: 19 },
      ],
      price: 99,
      codPrice: 30,
      transport: 'PPL',
      title: 'Home delivery',
    });
    expect((await call('GET', '/v1/deliveries/partner/lv-home/pricing')).json().data).toHaveLength(2);
  });

  it('sets levels by weight, and DELETE makes the price fixed again with 204 and no body', async () => {
    const put = await call('PUT', '/v1/deliveries/partner/lv-heavy/pricing', [
      { type: 'w', price: 590, cod_price: null, limit: 30 },
    ]);
    expect(put.statusCode, put.body).toBe(200);
    expect((await stored('lv-heavy')).pricing).toBe('WEIGHT_LEVELS');
    const removed = await call('DELETE', '/v1/deliveries/partner/lv-heavy/pricing');
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect(removed.headers['x-ratelimit-remaining']).toBeDefined();
    expect(await stored('lv-heavy')).toMatchObject({ pricing: 'FIXED', priceLevels: [] });
  });

  it('refuses mixed types, limits that do not rise and a broken level, in the caller’s language, changing nothing', async () => {
    const before = await stored('lv-heavy');
    const mixed = await call('PUT', '/v1/deliveries/partner/lv-heavy/pricing', [
      { type: 'p', price: 10, limit: 100 },
      { type: 'w', price: 20, limit: 5 },
    ]);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().errorCodes[0]).toMatchObject({
      errorCode: 'VALIDATION_ERROR',
      errorAttributes: { field: 'body', rule: 'levelTypesMixed' },
    });
    const falling = await call(
      'PUT',
      '/v1/deliveries/partner/lv-heavy/pricing',
      [
        { type: 'w', price: 10, limit: 20 },
        { type: 'w', price: 20, limit: 5 },
      ],
      demo,
      'cs',
    );
    expect(falling.statusCode).toBe(400);
    expect(falling.json().errorCodes[0].errorCode).toBe('VALIDATION_ERROR');
    expect(falling.json().result.message).not.toMatch(/^VALIDATION_ERROR$/);
    const broken = await call('PUT', '/v1/deliveries/partner/lv-heavy/pricing', [{ type: 'x', price: 1, limit: 1 }]);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errorCodes[0].errorAttributes.field).toMatch(/^body\.0\.type/);
    // The rules of the deliveries form name the wire's fields: the second level's price.
    const cheap = await call('PUT', '/v1/deliveries/partner/lv-heavy/pricing', [
      { type: 'w', price: 10, limit: 5 },
      { type: 'w', price: 0, limit: 20 },
    ]);
    expect(cheap.json().errorCodes[0].errorAttributes).toMatchObject({ field: 'body.1.price', rule: 'priceMin' });
    expect(await stored('lv-heavy')).toEqual(before);
  });

  it('keeps the pricing while open orders travel with the method, as the deliveries page does', async () => {
    await server.database.db
      .insert(partnerDeliveries)
      .values({ partnerId: cz, code: 'lv-busy', title: 'In use', transport: 'GLS', price: 89 });
    const { rows } = await server.database.executeSql(
      `update orders set transport_id = 'lv-busy'
       where id = (select id from orders where partner_id = $1 and status = 'open' order by id limit 1) returning id`,
      [cz],
    );
    expect(rows, 'the demo partner has an open order').toHaveLength(1);
    const refused = await call('PUT', '/v1/deliveries/partner/lv-busy/pricing', [{ type: 'p', price: 10, limit: 500 }]);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errorCodes[0].errorCode).toBe('CANNOT_UPDATE_DELIVERY_PRICING');
    expect((await stored('lv-busy')).pricing).toBe('FIXED');
  });

  it('refuses another partner’s or an unknown method (404) and a key without the deliveries right (403)', async () => {
    expect((await call('GET', '/v1/deliveries/partner/lv-slovak/pricing')).statusCode).toBe(404);
    const unknown = await call('PUT', '/v1/deliveries/partner/nothing/pricing', []);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorCodes[0].errorCode).toBe('DELIVERY_NOT_FOUND');
    const { clientId } = await issueKey(server, 'limited@demo.test', cz, { type: 'legacy' });
    await revokePolicies(server.database.db, 'limited@demo.test', cz, 'deliveries', ['update']);
    const readOnly = await call('PUT', '/v1/deliveries/partner/lv-home/pricing', [], clientId);
    expect(readOnly.statusCode).toBe(403);
    expect((await call('GET', '/v1/deliveries/partner/lv-home/pricing', undefined, clientId)).statusCode).toBe(200);
  });
});

describe('the dashboard after a change through the API', () => {
  it('names the partner’s integration by the key’s public client id, not a person or the marketplace', async () => {
    const { clientId, keyId } = await issueKey(server, 'partner@demo.test', cz, { type: 'legacy' });
    const put = await call(
      'PUT',
      '/v1/deliveries/partner/lv-home/pricing',
      [{ type: 'p', price: 39, limit: 800 }],
      clientId,
    );
    expect(put.statusCode, put.body).toBe(200);
    const { token } = await server.login('partner@demo.test');
    const dashboard = await server.gql<{
      dashboard: {
        recentActivity: { action: string; actorName: string | null; apiClientId: string | null; byYou: boolean }[];
      };
    }>('{ dashboard { recentActivity { action actorName apiClientId byYou } } }', {}, { token, partnerId: cz });
    const [publicId] = (
      await server.database.executeSql('select client_id from api_keys where id = $1', [Number(keyId)])
    ).rows as { client_id: string }[];
    expect(dashboard.data!.dashboard.recentActivity[0]).toEqual({
      action: 'delivery.update',
      actorName: null,
      apiClientId: publicId!.client_id,
      byYou: false,
    });
  });
});

describe('transports', () => {
  it('lists the carriers of the partner’s market with ids as the marketplace’s client reads them', async () => {
    const data = (await call('GET', '/v1/transports')).json().data as {
      id: string;
      transportName: string;
      isPickupPoint: boolean;
      available: boolean;
    }[];
    const ids = data.map((t) => t.id);
    expect(ids).toEqual(expect.arrayContaining(['PPL', 'ZASILKOVNA', 'CESKA_POSTA']));
    expect(ids).not.toContain('SPS');
    expect(data.find((t) => t.id === 'ZASILKOVNA')).toMatchObject({ transportName: 'Zásilkovna', isPickupPoint: true });
    // PPL carries a method of the partner already; GLS may or may not, but the flag follows the methods.
    expect(data.find((t) => t.id === 'PPL')!.available).toBe(false);
  });
});

describe('invoices and offsets by id', () => {
  it('are not found for an id that is no document of the partner, behind the billing right', async () => {
    // Ids far beyond any document (v1-finance.test.ts reads real ones and another partner's).
    const paths = ['/v1/invoices/9999999991', '/v1/invoices/9999999991/download', '/v1/offsets/9999999991'];
    for (const path of [...paths, '/v1/offsets/9999999991/download', '/v1/invoices/abc']) {
      const answer = await call('GET', path);
      expect(answer.statusCode, path).toBe(404);
      expect(answer.json().errorCodes[0].errorCode).toBe('DOCUMENT_NOT_FOUND');
    }
    const { clientId } = await issueKey(server, 'limited@demo.test', cz, { type: 'legacy' });
    await revokePolicies(server.database.db, 'limited@demo.test', cz, 'billing', ['read']);
    expect((await call('GET', '/v1/invoices/9999999991', undefined, clientId)).statusCode).toBe(403);
  });
});
