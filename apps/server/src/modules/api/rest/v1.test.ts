import { apiDayOf, apiDayStart, nextApiDay } from '@pp/domain';
import { eq } from 'drizzle-orm';
import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerIdByShop, startTestServer, type TestServer } from '../../../test/harness';
import { partnerDeliveries } from '../../partner/tables';
import { apiKeys } from '../tables';
import { DEMO_API_CLIENT_ID } from '../../../seed/partner-area/api';
import { accessOf, accountIdOf, issueKey, spareSeller, tightTier, UPDATE_ACCESS, v1Get } from './test-v1';
import { insertTestInvoice } from '../../billing/test-documents';

let server: TestServer;
let cz: number;
let sk: number;
const demo = DEMO_API_CLIENT_ID;
const get = (path: string, clientId: string | null = demo, options: Parameters<typeof v1Get>[3] = {}) =>
  v1Get(server.app, path, clientId, options);

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  // Delivery methods of the Czech shop, and one of the Slovak shop under a code the Czech one does not use.
  await server.database.db.insert(partnerDeliveries).values([
    { partnerId: cz, code: 'api-home', title: 'Home delivery', transport: 'PPL', price: 99, packageSize: 'SMALLBOX' },
    { partnerId: cz, code: 'api-big', title: 'Freight', transport: 'DPD', price: 490, packageSize: 'BIGBOX' },
    { partnerId: sk, code: 'api-slovak-only', title: 'Kuriér', transport: 'SPS', price: 3.9 },
  ]);
});
afterAll(async () => server?.close());

describe('authentication and the envelope', () => {
  it('answers the demo client id with the envelope, paging and the day’s limit headers', async () => {
    const answer = await get('/v1/brands');
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.result).toEqual({ code: 200, status: 'OK', message: 'OK' });
    expect(body.data.length).toBeGreaterThan(10);
    expect(body.data[0]).toEqual({ brand_id: expect.any(String), title: expect.any(String) });
    expect(body.paging).toEqual({ total: body.data.length, pages: 1, size: body.data.length, page: 1 });
    expect(Number(answer.headers['x-ratelimit-limit'])).toBe(10_000);
    expect(Number(answer.headers['x-ratelimit-remaining'])).toBeLessThan(10_000);
    const reset = apiDayStart(nextApiDay(apiDayOf(new Date()))).getTime() / 1000;
    expect(Number(answer.headers['x-ratelimit-reset'])).toBe(reset);
  });

  it('refuses a missing, unknown or public client id alike with 401 in the caller’s language', async () => {
    const [publicId] = await server.database.db
      .select({ clientId: apiKeys.clientId })
      .from(apiKeys)
      .where(eq(apiKeys.partnerId, cz));
    for (const clientId of [null, '', 'no-such-key', publicId!.clientId, 'x'.repeat(5000), '\u0000']) {
      const answer = await get('/v1/brands', clientId);
      expect(answer.statusCode, String(clientId)).toBe(401);
      expect(answer.json()).toEqual({
        result: { code: 401, status: 'ERROR', message: expect.stringContaining('client_id') },
        errorCodes: [{ errorCode: 'API_CLIENT_INVALID', message: expect.any(String), errorAttributes: {} }],
      });
      expect(answer.headers['x-ratelimit-limit']).toBeUndefined();
    }
    const czech = await get('/v1/brands', 'no-such-key', { lang: 'cs' });
    expect(czech.json().result.message).toMatch(/chybí/);
    const unsaid = await get('/v1/brands', 'no-such-key', { lang: null });
    expect(unsaid.json().result.message).toMatch(/is missing/);
  });

  it('reads the last client_id of the query, as the marketplace’s clients append it', async () => {
    expect((await get(`/v1/shops?client_id=wrong`, demo)).statusCode).toBe(200);
    expect((await get(`/v1/shops?client_id=${demo}`, 'wrong')).statusCode).toBe(401);
  });

  it('takes the last value of a parameter sent twice, as it takes the last client_id', async () => {
    const body = (await get('/v1/categories?page=1&page_size=500&page_size=2')).json();
    expect(body.paging).toMatchObject({ page: 1, size: 2 });
  });

  it('takes a JSON body on a GET: [], {} or nothing', async () => {
    for (const body of ['[]', '{}', '']) {
      expect((await get('/v1/labels', demo, { body })).statusCode, body).toBe(200);
    }
  });

  it('closes a revoked key and a key outside its window on the very next request', async () => {
    const { clientId, keyId } = await issueKey(server, 'partner@demo.test', cz, { type: 'legacy' });
    expect((await get('/v1/shops', clientId)).statusCode).toBe(200);
    const { token } = await server.login('partner@demo.test');
    const revoked = await server.gql(
      'mutation($id: ID!) { revokeApiKey(id: $id) { state } }',
      { id: keyId },
      {
        token,
        partnerId: cz,
      },
    );
    expect(revoked.errors).toBeUndefined();
    expect((await get('/v1/shops', clientId)).statusCode).toBe(401);

    const later = await issueKey(server, 'partner@demo.test', cz, {
      type: 'legacy',
      validFrom: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect((await get('/v1/shops', later.clientId)).statusCode).toBe(401);

    // A key read moments ago (and kept by this process) closes when its window ends, with no change to announce.
    const ending = await issueKey(server, 'partner@demo.test', cz, {
      type: 'legacy',
      validTo: new Date(Date.now() + 1500).toISOString(),
    });
    expect((await get('/v1/shops', ending.clientId)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect((await get('/v1/shops', ending.clientId)).statusCode).toBe(401);
  });

  it('acts with the rights of the account that issued the key, as they are now', async () => {
    const { clientId } = await issueKey(server, 'limited@demo.test', cz, { type: 'legacy' });
    expect((await get('/v1/invoices', clientId)).statusCode).toBe(200);
    // limited@ has every right but orders: so has its key.
    const orders = await get('/v1/orders', clientId);
    expect(orders.statusCode).toBe(403);
    expect(orders.json().errorCodes[0].errorCode).toBe('ACCESS_DENIED');
    // The master withdraws billing from limited@ in the permissions editor: the key loses it on its next call.
    const limitedId = await accountIdOf(server, 'limited@demo.test');
    const { token } = await server.login('partner@demo.test');
    const held = await accessOf(server, token, cz, limitedId);
    const saved = await server.gql(
      UPDATE_ACCESS,
      { id: limitedId, p: held.filter((p) => !(p.subject === 'billing' && p.action === 'read')) },
      { token, partnerId: cz },
    );
    expect(saved.errors).toBeUndefined();
    const refused = await get('/v1/invoices', clientId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().result.status).toBe('ERROR');
    expect(refused.json().errorCodes[0].errorCode).toBe('ACCESS_DENIED');
    // What it still holds works, and the refused call counted against the limit like any other.
    expect((await get('/v1/brands', clientId)).statusCode).toBe(200);
    expect(refused.headers['x-ratelimit-remaining']).toBeDefined();
  });
});

describe('catalogue endpoints', () => {
  it('lists the partner’s shop with its currency', async () => {
    const body = (await get('/v1/shops')).json();
    expect(body.data).toEqual([
      {
        shop_id: 'CZ10MA',
        country_id: 'CZ',
        name: 'Czech Republic',
        currency_iso: 'CZK',
        currency_symbol: 'CZK',
        url: '',
      },
    ]);
  });

  it('names the labels in the language asked for', async () => {
    const en = (await get('/v1/labels')).json().data as { id: string; title: string }[];
    const cs = (await get('/v1/labels', demo, { lang: 'cs' })).json().data as { id: string; title: string }[];
    expect(en.length).toBeGreaterThan(0);
    expect(cs.map((l) => l.id)).toEqual(en.map((l) => l.id));
    expect(cs.map((l) => l.title)).not.toEqual(en.map((l) => l.title));
  });

  it('lists the leaf categories whole, or one page when asked', async () => {
    const all = (await get('/v1/categories')).json();
    expect(all.data.length).toBeGreaterThan(20);
    expect(all.data.every((c: { category_id: string }) => /^\d+$/.test(c.category_id))).toBe(true);
    const page = (await get('/v1/categories?page=2&page_size=5')).json();
    expect(page.data).toEqual(all.data.slice(5, 10));
    expect(page.paging).toEqual({ total: all.data.length, pages: Math.ceil(all.data.length / 5), size: 5, page: 2 });
    const past = (await get('/v1/categories?page=1000&page_size=5')).json();
    expect(past.data).toEqual([]);
    expect(past.paging.size).toBe(0);
  });

  it('gives a category’s parameters, and 404 for an unknown or another shop’s category', async () => {
    const leaves = (await get('/v1/categories')).json().data as { category_id: string; title: string }[];
    const phones = leaves.find((c) => c.title.endsWith('Smartphones'))!;
    const params = (await get(`/v1/categories/${phones.category_id}/parameters`)).json();
    expect(params.data.map((p: { param_id: string }) => p.param_id)).toContain('COLOR');
    const color = params.data.find((p: { param_id: string }) => p.param_id === 'COLOR');
    expect(color.values.length).toBeGreaterThan(1);
    expect(color.values[0]).toEqual({ value: expect.any(String), text: expect.any(String) });

    const slovak = Number(phones.category_id) + 100_000;
    for (const id of ['999999', String(slovak)]) {
      const answer = await get(`/v1/categories/${id}/parameters`);
      expect(answer.statusCode, id).toBe(404);
      expect(answer.json().errorCodes[0].errorCode).toBe('CATEGORY_NOT_FOUND');
    }
    const bad = await get('/v1/categories/abc/parameters');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorCodes[0]).toMatchObject({
      errorCode: 'VALIDATION_ERROR',
      errorAttributes: { field: 'path.id', rule: 'invalid' },
    });
  });

  it('gives the shop’s tree with leaves as menu items, and 404 for another shop', async () => {
    const body = (await get('/v1/categories/tree/CZ10MA')).json();
    expect(body.data[0]).toMatchObject({ title: 'Electronics', categoryVisible: true });
    const leaf = body.data[0].items[0].items[0];
    expect(leaf).toMatchObject({ menuItemId: expect.any(Number), title: 'Smartphones' });
    expect(leaf.sapCategories[0].productTypeId).toMatch(/^NP\d+$/);
    expect((await get('/v1/categories/tree/SK10MA')).statusCode).toBe(404);
  });
});

describe('deliveries and finance', () => {
  it('lists the partner’s method codes and gives one by code, not another partner’s', async () => {
    const { ids } = (await get('/v1/deliveries/partner')).json().data as { ids: string[] };
    expect(ids.length).toBeGreaterThan(0);
    const one = (await get(`/v1/deliveries/partner/${encodeURIComponent(ids[0]!)}`)).json().data;
    expect(one).toMatchObject({ code: ids[0], price: expect.any(Number), delivery_delay: expect.any(Number) });
    expect(one.package_size === null || ['smallbox', 'bigbox'].includes(one.package_size)).toBe(true);

    expect(ids).toEqual(expect.arrayContaining(['api-home', 'api-big']));
    expect(ids).not.toContain('api-slovak-only');
    expect((await get('/v1/deliveries/partner/api-big')).json().data).toMatchObject({
      code: 'api-big',
      price: 490,
      package_size: 'bigbox',
    });
    expect((await get('/v1/deliveries/partner/api-slovak-only')).statusCode).toBe(404);
    const missing = await get('/v1/deliveries/partner/no-such-method');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorCodes[0].errorCode).toBe('DELIVERY_NOT_FOUND');
  });

  it('answers invoice and offset lists as pages, never 404, and refuses page 0', async () => {
    for (const path of ['/v1/invoices', '/v1/offsets']) {
      const body = (await get(`${path}?page=1&page_size=20`)).json();
      expect(body.data.length).toBeLessThanOrEqual(20);
      expect(body.paging).toMatchObject({ size: body.data.length, page: 1 });
      expect(body.paging.total).toBeGreaterThanOrEqual(body.data.length);
      expect((await get(`${path}?page=0`)).statusCode).toBe(400);
    }
  });

  it('names the products no method delivers, as the deliveries page counts them', async () => {
    await server.database.db
      .update(partnerDeliveries)
      .set({ active: false })
      .where(eq(partnerDeliveries.partnerId, cz));
    const body = (await get('/v1/checks/deliveries')).json();
    expect(body.errors).toEqual(body.data);
    expect(body.data).toHaveLength(1);
    const [missing] = body.data;
    expect(missing).toMatchObject({ code: 'MISSING_DELIVERY', attribute: 'delivery', value: '' });
    expect(missing.articles.length).toBeGreaterThan(0);
    expect(missing.msg).toContain(String(missing.articles.length));
  });
});

describe('hostile input', () => {
  it('answers 400 or 404, never 500', async () => {
    for (const path of [
      '/v1/categories?page=1e400',
      '/v1/categories?page_size=99999999999999999999',
      '/v1/categories?page=%00',
      '/v1/categories/%00/parameters',
      `/v1/categories/${'9'.repeat(90)}/parameters`,
      `/v1/deliveries/partner/${'x'.repeat(99)}`,
      '/v1/categories/tree/%00',
    ]) {
      const answer = await get(path);
      expect([400, 404], path).toContain(answer.statusCode);
      expect(answer.json().errorCodes.length, path).toBeGreaterThan(0);
    }
    // A path that is not valid UTF-8, or a path segment past 100 characters, never reaches a route: Fastify's
    // router refuses it for the whole server (400, 414).
    expect((await get('/v1/deliveries/partner/%ED%A0%80')).statusCode).toBe(400);
    expect((await get(`/v1/categories/${'9'.repeat(400)}/parameters`)).statusCode).toBe(414);
  });
});

describe('the daily limit', () => {
  it('admits exactly the limit, answers 429 LIMITED past it and counts every request on the limits tab', async () => {
    const seller = await spareSeller(server, 0);
    const { clientId } = await issueKey(server, seller.email, seller.id);
    await tightTier(server, seller.id, 3);
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await get('/v1/shops', clientId);
      expect(answer.statusCode).toBe(200);
      remaining.push(String(answer.headers['x-ratelimit-remaining']));
      expect(answer.headers['x-ratelimit-limit']).toBe('3');
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await get('/v1/shops', clientId);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().result).toMatchObject({ code: 429, status: 'LIMITED' });
    expect(limited.json().errorCodes[0].errorCode).toBe('TOO_MANY_REQUESTS');
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    // The catalogue calls all count in the "other" domain.
    expect((await get('/v1/brands', clientId)).statusCode).toBe(429);

    await server.app.apiV1.quota.flush();
    const { token } = await server.login(seller.email);
    const usage = await server.gql<{ apiLimit: { today: { domains: { domain: string; usedRequests: number }[] } } }>(
      '{ apiLimit { today { domains { domain usedRequests } } } }',
      {},
      { token, partnerId: seller.id },
    );
    const other = usage.data!.apiLimit.today.domains.find((d) => d.domain === 'other');
    expect(other?.usedRequests).toBe(5);
  });
});

describe('the OpenAPI document', () => {
  it('is public, OpenAPI 3.1, lists every route, and the real answers match it', async () => {
    const answer = await get('/v1/openapi.json', null);
    expect(answer.statusCode).toBe(200);
    const document = answer.json();
    expect(document.openapi).toBe('3.1.0');
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    // The whole document, so that references between its parts resolve as an OpenAPI tool resolves them.
    ajv.addSchema(document, 'openapi');
    const pointer = (...parts: string[]) =>
      parts.map((p) => encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');
    const leaves = (await get('/v1/categories')).json().data as { category_id: string }[];
    const { ids } = (await get('/v1/deliveries/partner')).json().data as { ids: string[] };
    const [variant] = (
      await server.database.executeSql(
        'select product_id, id from product_variants where partner_id = $1 order by product_id, id limit 1',
        [cz],
      )
    ).rows as { product_id: string; id: string }[];
    const concrete: Record<string, string> = {
      '/v1/products/{id}/availability': `/v1/products/${variant!.product_id}/availability`,
      '/v1/products/{id}/variants/{variantId}/availability': `/v1/products/${variant!.product_id}/variants/${variant!.id}/availability`,
      '/v1/products/{id}/supply-delay': `/v1/products/${variant!.product_id}/supply-delay`,
      '/v1/products/{id}/variants/{variantId}/supply-delay': `/v1/products/${variant!.product_id}/variants/${variant!.id}/supply-delay`,
      '/v1/categories/{id}/parameters': `/v1/categories/${leaves[0]!.category_id}/parameters`,
      '/v1/categories/tree/{shopId}': '/v1/categories/tree/CZ10MA',
      '/v1/orders/{id}': `/v1/orders/${(await get('/v1/orders?page_size=1')).json().data[0]}`,
      '/v1/deliveries/partner/{code}': `/v1/deliveries/partner/${encodeURIComponent(ids[0]!)}`,
      '/v1/deliveries/partner/{code}/pricing': `/v1/deliveries/partner/${encodeURIComponent(ids[0]!)}/pricing`,
      // A document and an offset of the Czech shop: their answers are held to the document too.
      ...(await (async () => {
        const doc = await insertTestInvoice(server.database.db, { partnerId: cz, shopId: 'CZ10MA', settled: '100.00' });
        const [offset] = (
          await server.database.executeSql('select id from billing_offsets where document_number = $1', [
            doc.offsetNumber,
          ])
        ).rows as { id: number }[];
        return {
          '/v1/invoices/{id}': `/v1/invoices/${doc.id}`,
          '/v1/invoices/{id}/download': `/v1/invoices/${doc.id}/download`,
          '/v1/offsets/{id}': `/v1/offsets/${offset!.id}`,
          '/v1/offsets/{id}/download': `/v1/offsets/${offset!.id}/download`,
        };
      })()),
    };
    const paths = Object.keys(document.paths);
    // The other product and variant paths on the same demo product with variants.
    for (const path of paths.filter((p) => p.startsWith('/v1/products/{id}'))) {
      concrete[path] ??= path
        .replace('{id}', encodeURIComponent(variant!.product_id))
        .replace('{variantId}', encodeURIComponent(variant!.id));
    }
    expect(paths).toEqual(
      expect.arrayContaining([
        '/v1/shops',
        '/v1/brands',
        '/v1/labels',
        '/v1/categories',
        '/v1/categories/{id}/parameters',
        '/v1/categories/tree/{shopId}',
        '/v1/checks/deliveries',
        '/v1/deliveries/partner',
        '/v1/deliveries/partner/{code}',
        '/v1/invoices',
        '/v1/offsets',
        '/v1/orders',
      ]),
    );
    // GET paths that answer a refusal on the demo data and its status.
    const refusing: Record<string, number> = {
      // The demo's products have no supply delay (v1-availability.test.ts reads one that is set).
      '/v1/products/{id}/supply-delay': 404,
      '/v1/products/{id}/variants/{variantId}/supply-delay': 404,
    };
    for (const path of paths) {
      for (const operation of Object.values(document.paths[path]) as { parameters: { name: string }[] }[]) {
        expect(
          operation.parameters.some((p) => p.name === 'client_id'),
          path,
        ).toBe(true);
      }
      if (!document.paths[path].get) continue;
      const real = await get(concrete[path] ?? path.replace(/\{\w+\}/g, '1'));
      const status = refusing[path] ?? 200;
      expect(real.statusCode, path).toBe(status);
      const validate = ajv.compile({
        $ref:
          status === 200
            ? `openapi#/${pointer('paths', path, 'get', 'responses', '200', 'content', 'application/json', 'schema')}`
            : 'openapi#/components/schemas/Error',
      });
      expect(validate(real.json()) ? [] : validate.errors, path).toEqual([]);
    }
    const refusal = await get('/v1/brands', 'no-such-key');
    const validateError = ajv.compile({ $ref: 'openapi#/components/schemas/Error' });
    expect(validateError(refusal.json()) ? [] : validateError.errors).toEqual([]);
  });
});
