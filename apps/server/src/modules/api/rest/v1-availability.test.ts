import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { partnerIdByShop, startTestServer, type TestServer } from '../../../test/harness';
import { revokePolicies } from '../../catalog/test-fixtures';
import { DEMO_API_CLIENT_ID } from '../../../seed/partner-area/api';
import { apiTiers } from '../tables';
import { issueKey, spareSeller } from './test-v1';

let server: TestServer;
let cz: number;
let sk: number;
const demo = DEMO_API_CLIENT_ID;

/** A call as an integration makes it: JSON body on any method, client_id last. */
function call(method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, body?: unknown, clientId: string = demo) {
  const join = path.includes('?') ? '&' : '?';
  return server.app.app.inject({
    method,
    url: `${path}${join}client_id=${encodeURIComponent(clientId)}`,
    headers: { 'accept-language': 'en', 'content-type': 'application/json' },
    payload: body === undefined ? '[]' : JSON.stringify(body),
  });
}

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await server.database.executeSql(text, params)).rows as T[];
}

/** What the portal shows of a product: the GraphQL detail as partner@demo.test reads it. */
async function portalProduct(id: string) {
  const { token } = await server.login('partner@demo.test');
  const result = await server.gql<{
    product: { inStock: number; status: string; variants: { id: string; inStock: number; status: string }[] } | null;
  }>(
    'query($id: ID!) { product(id: $id) { inStock status variants { id inStock status } } }',
    { id },
    {
      token,
      partnerId: cz,
    },
  );
  return result.data!.product!;
}

const stockOf = async (ids: string[]) =>
  sql<{ id: string; in_stock: number; status: string }>(
    'select id, in_stock, status from products where partner_id = $1 and id = any($2::text[]) order by id',
    [cz, ids],
  );

let plain: string[];
let withVariants: { product: string; variants: string[] };
let slovak: string;

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  // A thousand products of the Czech shop for the batch (ids AVB-0001 …), apart from the demo's own.
  await server.database.executeSql(
    `insert into products (partner_id, id, title, status, stage, in_stock)
     select $1, 'AVB-' || lpad(g::text, 4, '0'), 'Batch product ' || g, 'ACTIVE', 'LIVE', 1
     from generate_series(1, 1000) g`,
    [cz],
  );
  plain = (
    await sql<{ id: string }>(
      `select id from products where partner_id = $1 and variant_count = 0 and id not like 'AVB-%'
         and status <> 'NOT_FOR_RESALE' order by id limit 4`,
      [cz],
    )
  ).map((r) => r.id);
  const [variant] = await sql<{ product_id: string }>(
    `select product_id from product_variants where partner_id = $1 group by product_id having count(*) >= 2
     order by product_id limit 1`,
    [cz],
  );
  withVariants = {
    product: variant!.product_id,
    variants: (
      await sql<{ id: string }>(
        'select id from product_variants where partner_id = $1 and product_id = $2 order by position',
        [cz, variant!.product_id],
      )
    ).map((r) => r.id),
  };
  [{ id: slovak }] = (await sql<{ id: string }>('select id from products where partner_id = $1 limit 1', [sk])) as [
    { id: string },
  ];
});
afterAll(async () => server?.close());

describe('one product’s availability', () => {
  it('sets stock and status, answers them as stored, and the portal shows them', async () => {
    const id = plain[0]!;
    const put = await call('PUT', `/v1/products/${id}/availability`, { status: 'N', in_stock: 7.0 });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({
      result: { code: 200, status: 'OK', message: 'OK' },
      data: { status: 'N', in_stock: 7 },
    });
    expect((await call('GET', `/v1/products/${id}/availability`)).json().data).toEqual({ status: 'N', in_stock: 7 });
    expect(await portalProduct(id)).toMatchObject({ inStock: 7, status: 'INACTIVE' });

    // The status may be left out (it stays), and a whole number may come as text.
    const again = await call('PUT', `/v1/products/${id}/availability`, { in_stock: '12' });
    expect(again.json().data).toEqual({ status: 'N', in_stock: 12 });
    const back = await call('PUT', `/v1/products/${id}/availability`, { in_stock: 12, status: 'a' });
    expect(back.json().data).toEqual({ status: 'A', in_stock: 12 });
    expect(await portalProduct(id)).toMatchObject({ inStock: 12, status: 'ACTIVE' });
  });

  it('records the change in the audit trail as the API’s, with no account', async () => {
    const id = plain[1]!;
    const answer = await call('PUT', `/v1/products/${id}/availability`, { in_stock: 3, status: 'A' });
    expect(answer.statusCode).toBe(200);
    const trail = await sql<{ action: string; account_id: number | null; data: Record<string, unknown> }>(
      `select action, account_id, data from audit_log where partner_id = $1 and entity_id = $2 order by id desc limit 1`,
      [cz, id],
    );
    expect(trail[0]).toMatchObject({
      action: 'product.update',
      account_id: null,
      data: { availability: true, inStock: 3 },
    });
    // The same availability again changes nothing and records nothing.
    const before = (await sql<{ n: number }>('select count(*)::int as n from audit_log where entity_id = $1', [id]))[0]!
      .n;
    expect((await call('PUT', `/v1/products/${id}/availability`, { in_stock: 3, status: 'A' })).statusCode).toBe(200);
    expect(
      (await sql<{ n: number }>('select count(*)::int as n from audit_log where entity_id = $1', [id]))[0]!.n,
    ).toBe(before);
  });

  it('refuses what the form refuses, naming the field, and writes nothing', async () => {
    const id = plain[2]!;
    const [before] = await stockOf([id]);
    for (const [body, field, rule] of [
      [{ in_stock: 10_000 }, 'body.in_stock', 'numberBetween'],
      [{ in_stock: -1 }, 'body.in_stock', 'numberBetween'],
      [{ in_stock: 2.5 }, 'body.in_stock', 'integer'],
      [{ status: 'A' }, 'body.in_stock', 'invalid'],
      [{ in_stock: 1, status: 'Q' }, 'body.status', 'invalid'],
    ] as const) {
      const answer = await call('PUT', `/v1/products/${id}/availability`, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().errorCodes[0], JSON.stringify(body)).toMatchObject({
        errorCode: 'VALIDATION_ERROR',
        errorAttributes: { field, rule },
      });
    }
    const resale = await call('PUT', `/v1/products/${id}/availability`, { in_stock: 1, status: 'X' });
    expect(resale.statusCode).toBe(400);
    expect(resale.json().errorCodes[0].errorCode).toBe('PRODUCT_NOT_FOR_RESALE');
    expect(await stockOf([id])).toEqual([before]);
  });

  it('keeps a product the marketplace set not for resale so, and changes its stock', async () => {
    const id = plain[3]!;
    await server.database.executeSql(
      `update products set status = 'NOT_FOR_RESALE' where partner_id = $1 and id = $2`,
      [cz, id],
    );
    const answer = await call('PUT', `/v1/products/${id}/availability`, { in_stock: 4, status: 'A' });
    expect(answer.json().data).toEqual({ status: 'X', in_stock: 4 });
    expect(await stockOf([id])).toEqual([{ id, in_stock: 4, status: 'NOT_FOR_RESALE' }]);
  });

  it('answers 404 for an unknown product and for another partner’s', async () => {
    for (const id of ['NO-SUCH-PRODUCT', slovak]) {
      const put = await call('PUT', `/v1/products/${encodeURIComponent(id)}/availability`, { in_stock: 1 });
      expect(put.statusCode, id).toBe(404);
      expect(put.json().errorCodes[0]).toMatchObject({ errorCode: 'PRODUCT_NOT_FOUND' });
      expect((await call('GET', `/v1/products/${encodeURIComponent(id)}/availability`)).statusCode, id).toBe(404);
    }
    const [stored] = await sql<{ in_stock: number }>(
      'select in_stock from products where partner_id = $1 and id = $2',
      [sk, slovak],
    );
    expect(stored!.in_stock).not.toBe(1_234);
  });
});

describe('a variant’s availability', () => {
  it('sets the variant, the product’s stock becomes its variants’ sum, and the portal shows both', async () => {
    const [first, second] = withVariants.variants as [string, string];
    const path = (v: string) => `/v1/products/${withVariants.product}/variants/${v}/availability`;
    expect((await call('PUT', path(first), { in_stock: 5, status: 'A' })).json().data).toEqual({
      status: 'A',
      in_stock: 5,
    });
    expect((await call('PUT', path(second), { in_stock: 9, status: 'N' })).json().data).toEqual({
      status: 'N',
      in_stock: 9,
    });
    expect((await call('GET', path(second))).json().data).toEqual({ status: 'N', in_stock: 9 });
    const portal = await portalProduct(withVariants.product);
    expect(portal.variants.find((v) => v.id === second)).toMatchObject({ inStock: 9, status: 'INACTIVE' });
    const others = portal.variants.filter((v) => v.id !== first && v.id !== second).reduce((s, v) => s + v.inStock, 0);
    expect(portal.inStock).toBe(Math.min(9999, 5 + 9 + others));
    // A variant of another product, or none, is 404.
    const wrong = await call('PUT', `/v1/products/${plain[0]}/variants/${first}/availability`, { in_stock: 1 });
    expect(wrong.statusCode).toBe(404);
  });
});

describe('single changes sent at once', () => {
  it('are written together, each with its own answer, audit entry and refusal', async () => {
    // Products of the batch range the batch tests below do not reach: AVB-0901 … AVB-0940.
    const ids = Array.from({ length: 40 }, (_, i) => `AVB-${String(901 + i).padStart(4, '0')}`);
    const started = await sql<{ id: number }>('select coalesce(max(id), 0)::int as id from audit_log');
    const answers = await Promise.all([
      ...ids.map((id, i) => call('PUT', `/v1/products/${id}/availability`, { in_stock: 100 + i, status: 'A' })),
      // The same product twice in one burst: both are written, the later one in the round after.
      call('PUT', `/v1/products/${ids[0]}/availability`, { in_stock: 7 }),
      call('PUT', '/v1/products/NO-SUCH-ONE/availability', { in_stock: 1 }),
    ]);
    expect(answers.slice(0, 40).map((a) => a.statusCode)).toEqual(ids.map(() => 200));
    expect(answers.slice(1, 40).map((a) => a.json().data.in_stock)).toEqual(ids.slice(1).map((_, i) => 101 + i));
    expect(answers[41]!.statusCode).toBe(404);
    expect(answers[41]!.json().errorCodes[0].errorCode).toBe('PRODUCT_NOT_FOUND');
    const stored = await stockOf(ids);
    expect(stored.slice(1).map((r) => r.in_stock)).toEqual(ids.slice(1).map((_, i) => 101 + i));
    expect([7, 100]).toContain(stored[0]!.in_stock);
    expect(answers[40]!.statusCode).toBe(200);
    // One entry per changed product, each naming its own request.
    const trail = await sql<{ entity_id: string; request_id: string }>(
      `select entity_id, request_id from audit_log where id > $1 and partner_id = $2 and action = 'product.update'
         and entity_id like 'AVB-09%'`,
      [started[0]!.id, cz],
    );
    expect(new Set(trail.map((t) => t.entity_id))).toEqual(new Set(ids));
    expect(new Set(trail.map((t) => t.request_id)).size).toBe(trail.length);
  });
});

describe('the batch', () => {
  const ids = Array.from({ length: 1000 }, (_, i) => `AVB-${String(i + 1).padStart(4, '0')}`);

  it('takes 1,000 items whole and answers 204 with no body; the portal sees the stock', async () => {
    const body = ids.map((id, i) => ({ id, in_stock: i % 50, status: i % 2 ? 'N' : 'A' }));
    const events: { audience: { partnerId?: number }; event: { type: string; data: Record<string, unknown> } }[] = [];
    const stop = await server.database.listen('pp_stream', (payload) => events.push(JSON.parse(payload)));
    const answer = await call('POST', '/v1/availability', body);
    expect(answer.statusCode).toBe(204);
    expect(answer.body).toBe('');
    // Open products grids refresh as after the portal's batch change.
    await vi.waitFor(() =>
      expect(events).toContainEqual({
        audience: { partnerId: cz },
        event: { type: 'product_batch_progress', data: expect.objectContaining({ status: 'END', done: 1000 }) },
      }),
    );
    await stop();
    const stored = await stockOf(ids);
    expect(stored.map((s) => s.in_stock)).toEqual(body.map((b) => b.in_stock));
    expect(stored[1]!.status).toBe('INACTIVE');
    expect(await portalProduct(ids[49]!)).toMatchObject({ inStock: 49, status: 'INACTIVE' });
    const [trail] = await sql<{ action: string; data: { field: string; count: number } }>(
      `select action, data from audit_log where partner_id = $1 and action = 'product.batch' order by id desc limit 1`,
      [cz],
    );
    expect(trail).toMatchObject({ action: 'product.batch', data: { field: 'availability', count: 1000 } });
  });

  it('takes variants by their own id beside products', async () => {
    const variant = withVariants.variants[0]!;
    const answer = await call('POST', '/v1/availability', [
      { id: ids[0], in_stock: 77, status: 'A' },
      { id: variant, in_stock: 33, status: 'A' },
    ]);
    expect(answer.statusCode).toBe(204);
    const portal = await portalProduct(withVariants.product);
    expect(portal.variants.find((v) => v.id === variant)!.inStock).toBe(33);
    expect((await stockOf([ids[0]!]))[0]!.in_stock).toBe(77);
  });

  it('refuses 1,001 items, and an empty batch', async () => {
    const over = await call(
      'POST',
      '/v1/availability',
      Array.from({ length: 1001 }, (_, i) => ({ id: ids[i % 1000], in_stock: 1, status: 'A' })),
    );
    expect(over.statusCode).toBe(400);
    expect(over.json().errorCodes[0]).toMatchObject({
      errorCode: 'VALIDATION_ERROR',
      errorAttributes: { field: 'body', rule: 'max' },
    });
    expect((await call('POST', '/v1/availability', [])).statusCode).toBe(400);
  });

  it('refuses a batch with a bad item, naming it by index, and writes nothing', async () => {
    const before = await stockOf(ids.slice(0, 10));
    const body = ids.slice(0, 10).map((id) => ({ id, in_stock: 500, status: 'A' }));
    body[6] = { id: ids[6]!, in_stock: -3, status: 'A' };
    const answer = await call('POST', '/v1/availability', body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errorCodes).toEqual([
      expect.objectContaining({
        errorCode: 'VALIDATION_ERROR',
        errorAttributes: expect.objectContaining({ field: 'body.6.in_stock' }),
      }),
    ]);
    expect(await stockOf(ids.slice(0, 10))).toEqual(before);
  });

  it('refuses another partner’s and unknown ids with 404, each named, and writes nothing', async () => {
    const before = await stockOf(ids.slice(0, 10));
    const body = ids.slice(0, 10).map((id) => ({ id, in_stock: 600, status: 'A' }));
    body[3] = { id: slovak, in_stock: 600, status: 'A' };
    body[8] = { id: 'NO-SUCH-ITEM', in_stock: 600, status: 'A' };
    const answer = await call('POST', '/v1/availability', body);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().result.status).toBe('ERROR');
    expect(answer.json().errorCodes).toEqual([
      {
        errorCode: 'PRODUCT_NOT_FOUND',
        message: `You have no product or variant with the ID ${slovak}.`,
        errorAttributes: { field: 'body.3.id', rule: 'itemNotFound', id: slovak },
      },
      {
        errorCode: 'PRODUCT_NOT_FOUND',
        message: 'You have no product or variant with the ID NO-SUCH-ITEM.',
        errorAttributes: { field: 'body.8.id', rule: 'itemNotFound', id: 'NO-SUCH-ITEM' },
      },
    ]);
    expect(await stockOf(ids.slice(0, 10))).toEqual(before);
    const [theirs] = await sql<{ in_stock: number }>(
      'select in_stock from products where partner_id = $1 and id = $2',
      [sk, slovak],
    );
    expect(theirs!.in_stock).not.toBe(600);
  });
});

describe('supply delay', () => {
  it('sets, reads, replaces and removes a product’s and a variant’s delay', async () => {
    const path = `/v1/products/${plain[0]}/supply-delay`;
    expect((await call('GET', path)).statusCode).toBe(404);
    const delay = { valid_from: '2027-03-01 08:00:00', valid_to: '2027-03-15 18:30:00' };
    const set = await call('POST', path, delay);
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toEqual(delay);
    expect((await call('GET', path)).json().data).toEqual(delay);
    const later = { valid_from: '2027-04-01 00:00:00', valid_to: '2027-04-02 00:00:00' };
    expect((await call('PUT', path, later)).json().data).toEqual(later);
    const [stored] = await sql<{ valid_from: Date }>(
      `select valid_from from product_supply_delays where partner_id = $1 and product_id = $2 and variant_id = ''`,
      [cz, plain[0]],
    );
    // Wire dates are Prague time: midnight of 1 April 2027 is 22:00 UTC the day before.
    expect(new Date(stored!.valid_from).toISOString()).toBe('2027-03-31T22:00:00.000Z');

    const variantPath = `/v1/products/${withVariants.product}/variants/${withVariants.variants[1]}/supply-delay`;
    expect((await call('PUT', variantPath, { valid_to: '2027-05-01 00:00:00' })).statusCode).toBe(200);
    expect((await call('GET', variantPath)).json().data.valid_to).toBe('2027-05-01 00:00:00');

    expect((await call('DELETE', path)).statusCode).toBe(200);
    expect((await call('GET', path)).statusCode).toBe(404);
    expect((await call('GET', variantPath)).statusCode).toBe(200);
  });

  it('refuses an end before the start or in the past, a date it cannot read, and another partner’s product', async () => {
    const path = `/v1/products/${plain[1]}/supply-delay`;
    for (const [body, rule] of [
      [{ valid_from: '2027-03-10 00:00:00', valid_to: '2027-03-01 00:00:00' }, 'dateAfterStart'],
      [{ valid_from: '2020-01-01 00:00:00', valid_to: '2020-02-01 00:00:00' }, 'dateInPast'],
      [{ valid_to: '2027-13-01 00:00:00' }, 'date'],
    ] as const) {
      const answer = await call('PUT', path, body);
      expect(answer.statusCode, rule).toBe(400);
      expect(answer.json().errorCodes[0].errorAttributes, rule).toMatchObject({ field: 'body.valid_to', rule });
    }
    const theirs = await call('PUT', `/v1/products/${encodeURIComponent(slovak)}/supply-delay`, {
      valid_to: '2027-05-01 00:00:00',
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().errorCodes[0].errorCode).toBe('PRODUCT_NOT_FOUND');
  });
});

describe('activation', () => {
  it('activates the selected products, and refuses an unknown one naming it', async () => {
    const [a, b] = [plain[0]!, plain[1]!];
    await call('POST', '/v1/availability', [
      { id: a, in_stock: 1, status: 'N' },
      { id: b, in_stock: 1, status: 'N' },
    ]);
    const refused = await call('PUT', '/v1/batches/products/activate/selected', [
      { productId: a },
      { productId: slovak },
    ]);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().errorCodes[0].errorAttributes).toMatchObject({ field: 'body.1.productId' });
    expect((await stockOf([a])).map((r) => r.status)).toEqual(['INACTIVE']);

    const answer = await call('PUT', '/v1/batches/products/activate/selected', [{ productId: a }, { productId: b }]);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({ activated: 2 });
    expect(await portalProduct(a)).toMatchObject({ status: 'ACTIVE' });
  });

  it('starts the portal’s “activate all” job', async () => {
    const answer = await call('PUT', '/v1/batches/products/activate/all');
    expect(answer.statusCode).toBe(200);
    const jobId = answer.json().data.job_id as string;
    const [job] = await sql<{ name: string }>('select name from pgboss.job where id = $1::uuid', [jobId]);
    expect(job!.name).toBe('products.activate-all');
  });
});

describe('the media check', () => {
  it('lists the image URLs that could not be fetched, with their products, under data and errors', async () => {
    const url = 'https://images.example.test/missing-1.jpg';
    for (const [partner, product] of [
      [cz, plain[0]!],
      [cz, plain[1]!],
      [sk, slovak],
    ] as const) {
      await server.database.executeSql(
        `insert into product_remote_media (partner_id, product_id, url, status, error_code, attempts)
         values ($1, $2, $3, 'FAILED', 'REMOTE_IMAGE_NOT_FOUND', 3)`,
        [partner, product, partner === sk ? 'https://images.example.test/slovak.jpg' : url],
      );
    }
    const answer = await call('GET', '/v1/checks/media');
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    const entry = {
      code: 'REMOTE_IMAGE_NOT_FOUND',
      attribute: 'media',
      value: url,
      msg: 'The image was not found at this address.',
      articles: [plain[0], plain[1]].sort(),
    };
    expect(body.data).toEqual([entry]);
    expect(body.errors).toEqual([entry]);
  });
});

describe('rights and limits', () => {
  it('counts availability calls in the availability domain, batch included, and answers 429 past it', async () => {
    const seller = await spareSeller(server, 1);
    const { clientId } = await issueKey(server, seller.email, seller.id);
    const [tier] = await server.database.db
      .insert(apiTiers)
      .values({
        name: 'Tight availability',
        productsLimit: 1000,
        availabilityLimit: 2,
        ordersLimit: 1000,
        otherLimit: 1000,
      })
      .returning();
    const { token } = await server.login('admin@demo.test');
    const assigned = await server.gql(
      'mutation($p: ID!, $t: ID!) { setPartnerApiTier(partnerId: $p, tierId: $t) { id } }',
      {
        p: seller.id,
        t: tier!.id,
      },
      { token },
    );
    expect(assigned.errors).toBeUndefined();

    const first = await call('GET', '/v1/products/NONE/availability', undefined, clientId);
    expect(first.statusCode).toBe(404);
    expect(first.headers['x-ratelimit-limit']).toBe('2');
    expect((await call('POST', '/v1/availability', [{ id: 'NONE', in_stock: 1 }], clientId)).statusCode).toBe(404);
    const limited = await call('PUT', '/v1/products/NONE/availability', { in_stock: 1 }, clientId);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().result.status).toBe('LIMITED');
    // Other domains keep their own allowance.
    expect((await call('GET', '/v1/shops', undefined, clientId)).statusCode).toBe(200);
    expect((await call('GET', '/v1/checks/media', undefined, clientId)).statusCode).toBe(200);

    await server.app.apiV1.quota.flush();
    const usage = await sql<{ domain: string; used_requests: number }>(
      `select domain, used_requests from api_usage_daily where partner_id = $1 order by domain`,
      [seller.id],
    );
    expect(usage.find((u) => u.domain === 'availability')?.used_requests).toBe(3);
  });

  it('refuses a key whose issuer may not change products with 403, and still reads', async () => {
    const { clientId } = await issueKey(server, 'limited@demo.test', cz, { type: 'legacy' });
    await revokePolicies(server.database.db, 'limited@demo.test', cz, 'products', ['update']);
    const id = plain[2]!;
    for (const [method, path, body] of [
      ['PUT', `/v1/products/${id}/availability`, { in_stock: 1 }],
      ['POST', '/v1/availability', [{ id, in_stock: 1 }]],
      ['PUT', '/v1/batches/products/activate/selected', [{ productId: id }]],
      ['PUT', '/v1/batches/products/activate/all', undefined],
    ] as const) {
      const answer = await call(method, path, body, clientId);
      expect(answer.statusCode, path).toBe(403);
      expect(answer.json().errorCodes[0].errorCode, path).toBe('ACCESS_DENIED');
    }
    expect((await call('GET', `/v1/products/${id}/availability`, undefined, clientId)).statusCode).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('describes the write answers as they are', async () => {
    const document = (await server.app.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema(document, 'openapi');
    const pointer = (...parts: string[]) =>
      parts.map((p) => encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');
    const check = async (path: string, method: 'put' | 'get', real: Awaited<ReturnType<typeof call>>) => {
      const validate = ajv.compile({
        $ref: `openapi#/${pointer('paths', path, method, 'responses', '200', 'content', 'application/json', 'schema')}`,
      });
      expect(validate(real.json()) ? [] : validate.errors, `${method} ${path}`).toEqual([]);
    };
    await check(
      '/v1/products/{id}/availability',
      'put',
      await call('PUT', `/v1/products/${plain[0]}/availability`, { in_stock: 2 }),
    );
    await check(
      '/v1/products/{id}/variants/{variantId}/availability',
      'put',
      await call('PUT', `/v1/products/${withVariants.product}/variants/${withVariants.variants[0]}/availability`, {
        in_stock: 2,
      }),
    );
    await check(
      '/v1/batches/products/activate/selected',
      'put',
      await call('PUT', '/v1/batches/products/activate/selected', [{ productId: plain[0] }]),
    );
    await check('/v1/products/{id}/availability', 'get', await call('GET', `/v1/products/${plain[0]}/availability`));
    await check(
      '/v1/products/{id}/variants/{variantId}/availability',
      'get',
      await call('GET', `/v1/products/${withVariants.product}/variants/${withVariants.variants[0]}/availability`),
    );
    await check('/v1/checks/media', 'get', await call('GET', '/v1/checks/media'));
    await check(
      '/v1/products/{id}/supply-delay',
      'put',
      await call('PUT', `/v1/products/${plain[2]}/supply-delay`, { valid_to: '2027-06-01 00:00:00' }),
    );
    await check('/v1/products/{id}/supply-delay', 'get', await call('GET', `/v1/products/${plain[2]}/supply-delay`));
    expect(Object.keys(document.paths['/v1/availability'].post.responses)).toContain('204');
  });
});
