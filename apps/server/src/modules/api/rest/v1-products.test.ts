import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerIdByShop, startTestServer, type TestServer } from '../../../test/harness';
import { DEMO_API_CLIENT_ID } from '../../../seed/partner-area/api';
import { REMOTE_MEDIA_JOB } from '../../products/remote-media';
import { insertTestCatalog, TEST_BRAND, TEST_CATEGORY } from '../../products/test-catalog';
import { FORCE_TOKEN_TTL_SECONDS, issueForceToken, openForceToken } from './price-protection';
import { phpProduct, portalProduct, v1Call } from './test-products';
import { issueKey, spareSeller, withdrawRights } from './test-v1';

let server: TestServer;
let cz: number;
const demo = DEMO_API_CLIENT_ID;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, clientId = demo) =>
  v1Call(server, method, path, clientId, body);

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  await insertTestCatalog(server.database);
});
afterAll(async () => server?.close());

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await server.database.executeSql(text, params)).rows as T[];
}

const fieldsOf = (answer: { json(): { errorCodes: { errorAttributes: Record<string, unknown> }[] } }) =>
  answer.json().errorCodes.map((e) => `${e.errorAttributes.field}:${e.errorAttributes.rule}`);

describe('creating a product', () => {
  it('takes the PHP client’s body, answers the product as the client reads it and the portal shows it', async () => {
    const answer = await call(
      'POST',
      '/v1/products',
      phpProduct('API-1', {
        parameters: { COLOR: ['red'], WEIGHT_G: [250] },
        dimensions: { weight: 0.5, width: 10, height: 5, length: 20 },
        package_size: 'smallbox',
        rrp: 1299,
        purchase_price: 600,
        media: [
          {
            url: 'https://images.invalid/api-1.jpg',
            main: true,
            switch: null,
            energy_label: false,
            information_list: false,
          },
        ],
        labels: [{ label: 'NEW', from: '2026-01-01 00:00:00', to: '2026-12-31 23:59:59' }],
        // Fields the catalogue does not keep are read and ignored.
        partner_title: 'Our own title',
        overrides: [],
        url: 'https://shop.example/api-1',
      }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(body.result).toEqual({ code: 200, status: 'OK', message: 'OK' });
    expect(body.data).toMatchObject({
      id: 'API-1',
      article_id: null,
      stage: 'draft',
      title: `${TEST_BRAND.name} T-shirt API-1`,
      shortdesc: 'Soft cotton',
      category_id: String(TEST_CATEGORY.leaf),
      brand_id: TEST_BRAND.id,
      price: 1000,
      rrp: 1299,
      purchase_price: 600,
      vat: 21,
      parameters: { COLOR: ['red'], WEIGHT_G: ['250'] },
      dimensions: { weight: 0.5, width: 10, height: 5, length: 20 },
      package_size: 'smallbox',
      availability: { status: 'A', in_stock: 7 },
      labels: [{ label: 'NEW', from: '2026-01-01 00:00:00', to: '2026-12-31 00:00:00' }],
      delivery_delay: 2,
      variants: [],
      partner_title: null,
    });
    expect(body.data.media).toEqual([
      {
        url: 'https://images.invalid/api-1.jpg',
        main: true,
        switch: null,
        energy_label: false,
        information_list: false,
        fetch_status: 'pending',
        fetch_error: null,
      },
    ]);

    const portal = await portalProduct(server, 'partner@demo.test', cz, 'API-1');
    expect(portal).toMatchObject({
      title: `${TEST_BRAND.name} T-shirt API-1`,
      productType: 'T-shirt API-1',
      price: 1000,
      inStock: 7,
      status: 'ACTIVE',
      stage: 'DRAFT',
      media: [{ url: 'https://images.invalid/api-1.jpg', main: true, fetchStatus: 'PENDING' }],
    });
    const audit = await sql<{ action: string; account_id: number | null }>(
      "select action, account_id from audit_log where entity = 'product' and entity_id = 'API-1'",
    );
    expect(audit).toEqual([{ action: 'product.create', account_id: null }]);
  });

  it('keeps a media URL as sent and queues it for the fetch job: an unreachable one never refuses the save', async () => {
    const queued = await sql<{ url: string; status: string }>(
      "select url, status from product_remote_media where partner_id = $1 and product_id = 'API-1'",
      [cz],
    );
    expect(queued).toEqual([{ url: 'https://images.invalid/api-1.jpg', status: 'PENDING' }]);
    const jobs = await sql<{ n: number }>(
      "select count(*)::int as n from pgboss.job where name = $1 and state = 'created'",
      [REMOTE_MEDIA_JOB],
    );
    expect(jobs[0]!.n).toBeGreaterThan(0);
  });

  it('refuses what the portal’s form refuses, naming the wire’s fields', async () => {
    const answer = await call(
      'POST',
      '/v1/products',
      phpProduct('API-BAD', {
        title: '',
        barcode: '1234567890123',
        vat: 7,
        availability: { status: 'A', in_stock: -1 },
        delivery_delay: 400,
      }),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json().result.status).toBe('ERROR');
    expect(answer.json().errorCodes.every((e: { errorCode: string }) => e.errorCode === 'VALIDATION_ERROR')).toBe(true);
    expect(fieldsOf(answer)).toEqual(
      expect.arrayContaining([
        'body.title:required',
        'body.availability.in_stock:numberBetween',
        'body.delivery_delay:numberBetween',
      ]),
    );
    expect(await sql('select 1 from products where id = $1', ['API-BAD'])).toEqual([]);

    const rules = await call('POST', '/v1/products', phpProduct('API-BAD', { barcode: '1234567890123', vat: 7 }));
    expect(rules.statusCode).toBe(400);
    expect(fieldsOf(rules)).toEqual(
      expect.arrayContaining(['body.barcode:barcode', expect.stringMatching(/^body\.vat:/)]),
    );

    const shape = await call('POST', '/v1/products', phpProduct('API-BAD', { media: 'https://x.test/a.jpg' }));
    expect(shape.statusCode).toBe(400);
    expect(fieldsOf(shape)[0]).toMatch(/^body\.media:/);
  });

  it('refuses an id already taken with 409, and an unknown category or brand with 404', async () => {
    const again = await call('POST', '/v1/products', phpProduct('API-1'));
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCodes[0]).toMatchObject({
      errorCode: 'PRODUCT_ALREADY_EXISTS',
      errorAttributes: { productId: 'API-1' },
    });
    const category = await call('POST', '/v1/products', phpProduct('API-2', { category_id: '999999' }));
    expect(category.statusCode).toBe(404);
    expect(category.json().errorCodes[0].errorCode).toBe('CATEGORY_NOT_FOUND');
    const brand = await call('POST', '/v1/products', phpProduct('API-2', { brand_id: 'NO-SUCH-BRAND' }));
    expect(brand.statusCode).toBe(404);
    expect(brand.json().errorCodes[0].errorCode).toBe('BRAND_NOT_FOUND');
  });
});

describe('reading products', () => {
  it('lists ids or basic products page by page, with filters and sort', async () => {
    for (const id of ['API-L1', 'API-L2', 'API-L3']) {
      const made = await call('POST', '/v1/products', phpProduct(id, { availability: { status: 'N', in_stock: 0 } }));
      expect(made.statusCode, made.body).toBe(200);
    }
    const ids = (await call('GET', '/v1/products?page_size=500')).json();
    expect(ids.data).toEqual(expect.arrayContaining(['API-1', 'API-L1', 'API-L2', 'API-L3']));
    expect(ids.data.every((id: unknown) => typeof id === 'string')).toBe(true);
    const total = ids.paging.total;
    expect(ids.paging).toEqual({ total, pages: Math.ceil(total / 500), size: ids.data.length, page: 1 });

    const second = (await call('GET', '/v1/products?page=2&page_size=2')).json();
    expect(second.paging).toEqual({ total, pages: Math.ceil(total / 2), size: 2, page: 2 });
    expect(second.data).toEqual(ids.data.slice(2, 4));

    const basicAnswer = await call('GET', '/v1/products?filter=basic&id=eq:API-1');
    expect(basicAnswer.statusCode, basicAnswer.body).toBe(200);
    expect(basicAnswer.json().data).toEqual([
      {
        id: 'API-1',
        product_id: null,
        title: `${TEST_BRAND.name} T-shirt API-1`,
        status: 'A',
        stage: 'draft',
        in_stock: 7,
        category_id: String(TEST_CATEGORY.leaf),
        price: 1000,
        purchase_price: 600,
        rrp: 1299,
        variants_count: 0,
        has_variants: false,
      },
    ]);
    const inactive = (await call('GET', '/v1/products?status=in:N,X&_sort=id:desc&page_size=500')).json().data;
    expect(inactive).toEqual(expect.arrayContaining(['API-L1', 'API-L2']));
    expect(inactive.indexOf('API-L2')).toBeLessThan(inactive.indexOf('API-L1'));
    expect(inactive).not.toContain('API-1');
    const drafts = (await call('GET', '/v1/products?stage=draft&id=API-L3')).json();
    expect(drafts.data).toEqual(['API-L3']);
    expect((await call('GET', '/v1/products?stage=live&id=API-L3')).json().data).toEqual([]);
  });

  it('gives a product and its pricing, and 404 for an unknown one', async () => {
    const one = (await call('GET', '/v1/products/API-1')).json();
    expect(one.data.id).toBe('API-1');
    const pricing = (await call('GET', '/v1/products/API-1/pricing')).json();
    expect(pricing.data).toEqual({ price: 1000, rrp: 1299, purchase_price: 600 });
    for (const path of ['/v1/products/NO-SUCH', '/v1/products/NO-SUCH/pricing', '/v1/products/%00']) {
      const missing = await call('GET', path);
      expect(missing.statusCode, path).toBe(404);
      expect(missing.json().errorCodes[0].errorCode, path).toBe('PRODUCT_NOT_FOUND');
    }
  });
});

describe('updating and deleting', () => {
  it('takes back what it gave (a GET sent back unchanged changes nothing)', async () => {
    const before = (await call('GET', '/v1/products/API-1')).json().data;
    const answer = await call('PUT', '/v1/products/API-1', before);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toEqual(before);
  });

  it('replaces the fields sent, keeps those left out, and the portal shows the change', async () => {
    const answer = await call('PUT', '/v1/products/API-1', {
      id: 'API-1',
      title: `${TEST_BRAND.name} Polo shirt`,
      availability: { status: 'N', in_stock: 3 },
      parameters: [],
      price: 1100,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({
      title: `${TEST_BRAND.name} Polo shirt`,
      availability: { status: 'N', in_stock: 3 },
      parameters: {},
      price: 1100,
      shortdesc: 'Soft cotton',
      rrp: 1299,
      dimensions: { weight: 0.5, width: 10, height: 5, length: 20 },
    });
    expect(await portalProduct(server, 'partner@demo.test', cz, 'API-1')).toMatchObject({
      productType: 'Polo shirt',
      status: 'INACTIVE',
      inStock: 3,
      price: 1100,
      shortDesc: 'Soft cotton',
    });
    const audit = await sql<{ action: string }>(
      "select action from audit_log where entity = 'product' and entity_id = 'API-1' order by id",
    );
    expect(audit.map((a) => a.action)).toContain('product.update');
  });

  it('refuses an id in the body that is not the path’s, and 404 for an unknown product', async () => {
    const other = await call('PUT', '/v1/products/API-1', { id: 'API-OTHER', price: 1100 });
    expect(other.statusCode).toBe(400);
    expect(fieldsOf(other)).toEqual(['body.id:invalid']);
    const missing = await call('PUT', '/v1/products/NO-SUCH', { price: 1 });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes with 204, and the product is gone from the API and the portal', async () => {
    const answer = await call('DELETE', '/v1/products/API-L3');
    expect(answer.statusCode).toBe(204);
    expect(answer.body).toBe('');
    expect(answer.headers['x-ratelimit-limit']).toBeDefined();
    expect((await call('GET', '/v1/products/API-L3')).statusCode).toBe(404);
    expect(await portalProduct(server, 'partner@demo.test', cz, 'API-L3')).toBeNull();
    expect((await call('DELETE', '/v1/products/API-L3')).statusCode).toBe(404);
    const audit = await sql<{ action: string }>(
      "select action from audit_log where entity = 'product' and action = 'product.delete' and data->'ids' ? 'API-L3'",
    );
    expect(audit).toHaveLength(1);
  });
});

describe('price protection', () => {
  const price = async (id: string) => (await call('GET', `/v1/products/${id}/pricing`)).json().data.price;

  it('refuses a change over 30 % with a force token, and the same call with it goes through', async () => {
    const refused = await call('PUT', '/v1/products/API-1/pricing', { price: 2000, rrp: 2500, purchase_price: 600 });
    expect(refused.statusCode).toBe(400);
    const body = refused.json();
    expect(body.result).toMatchObject({ code: 400, status: 'ERROR', message: expect.stringContaining('30 %') });
    expect(body.errorCodes).toEqual([
      {
        errorCode: 'PRICE_PROTECTION_ERROR',
        message: expect.any(String),
        errorAttributes: { forceToken: expect.any(String), percent: 81.8 },
      },
    ]);
    const token = body.errorCodes[0].errorAttributes.forceToken as string;
    // Where the marketplace's PHP client reads it.
    expect(body.data).toEqual({ data: { forceToken: token } });
    expect(await price('API-1')).toBe(1100);

    const forced = await call('PUT', `/v1/products/API-1/pricing?force_token=${encodeURIComponent(token)}`, {
      price: 2000,
      rrp: 2500,
      purchase_price: 600,
    });
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json().data).toEqual({ price: 2000, rrp: 2500, purchase_price: 600 });
    expect(await price('API-1')).toBe(2000);
    // Within 30 % needs no token.
    expect((await call('PUT', '/v1/products/API-1/pricing', { price: 2400 })).statusCode).toBe(200);
  });

  it('refuses a forged, expired, another product’s or another price’s token, and asks again', async () => {
    const jump = { price: 5000 };
    const first = (await call('PUT', '/v1/products/API-1/pricing', jump)).json();
    const token = first.errorCodes[0].errorAttributes.forceToken as string;
    const [, inner] = token.split('.');
    const config = server.app.platform.config;
    const expired = issueForceToken(
      config,
      { partnerId: cz, productId: 'API-1', variantId: '' },
      inner!,
      new Date(Date.now() - (FORCE_TOKEN_TTL_SECONDS + 60) * 1000),
    );
    const otherProduct = (await call('PUT', '/v1/products/API-L1/pricing', { price: 9000 })).json().errorCodes[0]
      .errorAttributes.forceToken as string;
    const forged = `${Math.floor(Date.now() / 1000) + 600}.${inner}.${'A'.repeat(43)}`;
    const cases: [string, Record<string, number>, string][] = [
      [forged, jump, 'invalid'],
      ['not-a-token', jump, 'invalid'],
      [expired, jump, 'expired'],
      [otherProduct, jump, 'invalid'],
      [token, { price: 6000 }, 'changed'],
    ];
    for (const [given, change, why] of cases) {
      const answer = await call('PUT', `/v1/products/API-1/pricing?force_token=${encodeURIComponent(given)}`, change);
      expect(answer.statusCode, why).toBe(400);
      const [error] = answer.json().errorCodes;
      expect(error.errorCode, why).toBe('PRICE_PROTECTION_ERROR');
      expect(error.errorAttributes.forceTokenRefused, why).toBe(why);
      expect(error.errorAttributes.forceToken, why).not.toBe(given);
    }
    expect(await price('API-1')).toBe(2400);
    // The token was for this change only: once applied, the same token is no confirmation of a new change.
    expect(
      (await call('PUT', `/v1/products/API-1/pricing?force_token=${encodeURIComponent(token)}`, jump)).statusCode,
    ).toBe(200);
    const back = await call('PUT', `/v1/products/API-1/pricing?force_token=${encodeURIComponent(token)}`, {
      price: 2400,
    });
    expect(back.json().errorCodes[0].errorAttributes.forceTokenRefused).toBe('changed');
  });

  it('protects the price sent in a whole product update too', async () => {
    const refused = await call('PUT', '/v1/products/API-L1', { price: 100 });
    expect(refused.json().errorCodes[0].errorCode).toBe('PRICE_PROTECTION_ERROR');
    const token = refused.json().errorCodes[0].errorAttributes.forceToken as string;
    const forced = await call('PUT', `/v1/products/API-L1?force_token=${encodeURIComponent(token)}`, { price: 100 });
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json().data.price).toBe(100);
  });

  it('signs tokens that open only for their own partner, product and variant, until they expire', () => {
    const config = server.app.platform.config;
    const scope = { partnerId: cz, productId: 'P', variantId: '' };
    const now = new Date('2026-03-01T10:00:00Z');
    const token = issueForceToken(config, scope, 'inner', now);
    expect(openForceToken(config, scope, token, now)).toEqual({ inner: 'inner' });
    expect(openForceToken(config, { ...scope, partnerId: cz + 1 }, token, now)).toEqual({ refused: 'invalid' });
    expect(openForceToken(config, { ...scope, variantId: 'V' }, token, now)).toEqual({ refused: 'invalid' });
    expect(openForceToken({ remoteLoginSecret: 'another-secret-of-32-characters-x' }, scope, token, now)).toEqual({
      refused: 'invalid',
    });
    const later = new Date(now.getTime() + FORCE_TOKEN_TTL_SECONDS * 1000);
    expect(openForceToken(config, scope, token, later)).toEqual({ refused: 'expired' });
  });
});

describe('partners and rights', () => {
  it('never shows or changes another partner’s product: 404', async () => {
    const seller = await spareSeller(server, 0);
    const { clientId } = await issueKey(server, seller.email, seller.id);
    const theirs = await v1Call(server, 'POST', '/v1/products', clientId, {
      id: 'THEIRS-1',
      title: 'Their lamp',
      price: 100,
      availability: { status: 'A', in_stock: 1 },
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    for (const [method, path] of [
      ['GET', '/v1/products/THEIRS-1'],
      ['PUT', '/v1/products/THEIRS-1'],
      ['DELETE', '/v1/products/THEIRS-1'],
      ['GET', '/v1/products/THEIRS-1/pricing'],
      ['PUT', '/v1/products/THEIRS-1/pricing'],
    ] as const) {
      const answer = await call(method, path, method === 'PUT' ? { price: 1 } : undefined);
      expect(answer.statusCode, `${method} ${path}`).toBe(404);
      expect(answer.json().errorCodes[0].errorCode).toBe('PRODUCT_NOT_FOUND');
    }
    expect((await call('GET', '/v1/products?page_size=500')).json().data).not.toContain('THEIRS-1');
    // Creating the same id is the partner's own product, not a clash with theirs.
    expect((await call('POST', '/v1/products', phpProduct('THEIRS-1'))).statusCode).toBe(200);
    expect((await v1Call(server, 'GET', '/v1/products/THEIRS-1/pricing', clientId)).json().data.price).toBe(100);
  });

  it('answers 403 to a key whose issuer lost the products right', async () => {
    const { clientId } = await issueKey(server, 'limited@demo.test', cz, { type: 'legacy' });
    expect((await v1Call(server, 'GET', '/v1/products', clientId)).statusCode).toBe(200);
    await withdrawRights(server, cz, 'limited@demo.test', 'products', ['update']);
    const update = await v1Call(server, 'PUT', '/v1/products/API-1/pricing', clientId, { price: 2400 });
    expect(update.statusCode).toBe(403);
    expect(update.json().errorCodes[0].errorCode).toBe('ACCESS_DENIED');
    await withdrawRights(server, cz, 'limited@demo.test', 'products', ['read', 'create', 'delete']);
    for (const [method, path] of [
      ['GET', '/v1/products'],
      ['GET', '/v1/products/API-1'],
      ['POST', '/v1/products'],
      ['DELETE', '/v1/products/API-1'],
    ] as const) {
      const answer = await v1Call(server, method, path, clientId, method === 'POST' ? phpProduct('API-9') : undefined);
      expect(answer.statusCode, `${method} ${path}`).toBe(403);
      expect(answer.json().errorCodes[0].errorCode).toBe('ACCESS_DENIED');
    }
    expect((await call('GET', '/v1/products/API-1')).statusCode).toBe(200);
  });
});

describe('hostile input', () => {
  it('answers 400 or 404, never 500', async () => {
    for (const [method, path, body] of [
      ['GET', '/v1/products/%00/variants/x', undefined],
      ['GET', `/v1/products/${'x'.repeat(99)}`, undefined],
      ['PUT', '/v1/products/API-1/pricing', { price: 'abc' }],
      ['PUT', '/v1/products/API-1/pricing', { price: 1e30 }],
      ['PUT', '/v1/products/API-1', { category_id: 'abc' }],
      ['PUT', '/v1/products/API-1', { parameters: { COLOR: [{ nested: true }] } }],
      ['POST', '/v1/products', { id: 'x\u0000y', title: 'Lamp' }],
      ['PUT', `/v1/products/API-1/pricing?force_token=${'x'.repeat(500)}`, { price: 1 }],
    ] as const) {
      const answer = await call(method, path, body);
      expect([400, 404], `${method} ${path} ${JSON.stringify(body)}`).toContain(answer.statusCode);
      expect(answer.json().errorCodes.length).toBeGreaterThan(0);
    }
    const decimal = await call('PUT', '/v1/products/API-1/pricing', { price: 'abc' });
    expect(fieldsOf(decimal)).toEqual(['body.price:decimal']);
    const category = await call('PUT', '/v1/products/API-1', { category_id: 'abc' });
    expect(fieldsOf(category)).toEqual(['body.category_id:integer']);
  });
});

describe('the OpenAPI document', () => {
  it('describes what the writes, the basic list and the price protection answer', async () => {
    const document = (await server.app.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema(document, 'openapi');
    const check = (answer: { json(): unknown }, path: string, method: string) => {
      const where = ['paths', path, method, 'responses', '200', 'content', 'application/json', 'schema']
        .map((p) => encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1')))
        .join('/');
      const validate = ajv.compile({ $ref: `openapi#/${where}` });
      expect(validate(answer.json()) ? [] : validate.errors, `${method} ${path}`).toEqual([]);
    };
    const created = await call('POST', '/v1/products', phpProduct('API-DOC', { variable_parameters: ['SIZE'] }));
    check(created, '/v1/products', 'post');
    check(await call('PUT', '/v1/products/API-DOC', { price: 1100 }), '/v1/products/{id}', 'put');
    check(await call('PUT', '/v1/products/API-DOC/pricing', { price: 1200 }), '/v1/products/{id}/pricing', 'put');
    check(await call('GET', '/v1/products?filter=basic&page_size=5'), '/v1/products', 'get');
    const variant = await call('POST', '/v1/products/API-DOC/variants', {
      id: 'API-DOC-S',
      price: 1000,
      parameters: { SIZE: ['S'] },
    });
    check(variant, '/v1/products/{id}/variants', 'post');
    check(
      await call('PUT', '/v1/products/API-DOC/variants/API-DOC-S', { price: 1010 }),
      '/v1/products/{id}/variants/{variantId}',
      'put',
    );
    check(await call('GET', '/v1/products/API-DOC/variants?filter=basic'), '/v1/products/{id}/variants', 'get');
    const refused = await call('PUT', '/v1/products/API-DOC/pricing', { price: 5000 });
    expect(refused.statusCode).toBe(400);
    const validateError = ajv.compile({ $ref: 'openapi#/components/schemas/Error' });
    expect(validateError(refused.json()) ? [] : validateError.errors).toEqual([]);
  });
});
