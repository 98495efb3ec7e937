import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerIdByShop, startTestServer, type TestServer } from '../../../test/harness';
import { DEMO_API_CLIENT_ID } from '../../../seed/partner-area/api';
import { revokePolicies } from '../../catalog/test-fixtures';
import { insertTestCatalog, TEST_BRAND } from '../../products/test-catalog';
import { phpProduct, portalProduct, v1Call } from './test-products';
import { issueKey, spareSeller } from './test-v1';

let server: TestServer;
let cz: number;
const demo = DEMO_API_CLIENT_ID;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, clientId = demo) =>
  v1Call(server, method, path, clientId, body);

/** A variant as the PHP client's VariantRequest writes it. */
function phpVariant(id: string, size: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    title: '',
    shortdesc: '',
    longdesc: '',
    media: [],
    parameters: { SIZE: [size] },
    promotions: [],
    priority: 1,
    price: 500,
    availability: { status: 'A', in_stock: 3 },
    ...extra,
  };
}

/** The seller's image URLs of VAR-1 the remote-media job is to fetch, and where they stand. */
async function remoteMedia() {
  const { rows } = await server.database.executeSql(
    "select url, status from product_remote_media where partner_id = $1 and product_id = 'VAR-1' order by url",
    [cz],
  );
  return rows;
}

const fieldsOf = (answer: { json(): { errorCodes: { errorAttributes: Record<string, unknown> }[] } }) =>
  answer.json().errorCodes.map((e) => `${e.errorAttributes.field}:${e.errorAttributes.rule}`);

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  await insertTestCatalog(server.database);
  const made = await call(
    'POST',
    '/v1/products',
    phpProduct('VAR-1', {
      variable_parameters: ['SIZE'],
      variants: [phpVariant('VAR-1-S', 'S'), phpVariant('VAR-1-M', 'M', { price: 550 })],
    }),
  );
  if (made.statusCode !== 200) throw new Error(made.body);
});
afterAll(async () => server?.close());

describe('reading variants', () => {
  it('lists ids or basic variants, page by page', async () => {
    const ids = (await call('GET', '/v1/products/VAR-1/variants')).json();
    expect(ids.data).toEqual(['VAR-1-S', 'VAR-1-M']);
    expect(ids.paging).toEqual({ total: 2, pages: 1, size: 2, page: 1 });
    const page = (await call('GET', '/v1/products/VAR-1/variants?page=2&page_size=1&filter=basic')).json();
    expect(page.paging).toEqual({ total: 2, pages: 2, size: 1, page: 2 });
    expect(page.data).toEqual([
      {
        id: 'VAR-1-M',
        product_id: null,
        variant_id: null,
        title: `${TEST_BRAND.name} T-shirt VAR-1 M`,
        status: 'A',
        in_stock: 3,
        price: 550,
        purchase_price: null,
        rrp: null,
      },
    ]);
  });

  it('gives one variant as the client reads it, its pricing, and 404 for an unknown one', async () => {
    const one = (await call('GET', '/v1/products/VAR-1/variants/VAR-1-S')).json().data;
    expect(one).toMatchObject({
      id: 'VAR-1-S',
      article_id: null,
      title: `${TEST_BRAND.name} T-shirt VAR-1 S`,
      shortdesc: 'Soft cotton',
      price: 500,
      parameters: { SIZE: ['S'] },
      availability: { status: 'A', in_stock: 3 },
      media: [],
      package_size: 'smallbox',
    });
    expect((await call('GET', '/v1/products/VAR-1/variants/VAR-1-S/pricing')).json().data).toEqual({
      price: 500,
      rrp: null,
      purchase_price: null,
    });
    for (const path of [
      '/v1/products/VAR-1/variants/NO-SUCH',
      '/v1/products/NO-SUCH/variants/VAR-1-S',
      '/v1/products/NO-SUCH/variants',
    ]) {
      const missing = await call('GET', path);
      expect(missing.statusCode, path).toBe(404);
      expect(missing.json().errorCodes[0].errorCode).toBe('PRODUCT_NOT_FOUND');
    }
  });
});

describe('changing variants', () => {
  it('takes back what it gave: a product with variants, and a variant, sent back unchanged change nothing', async () => {
    const { rows } = await server.database.executeSql(
      'select product_id from product_variants where partner_id = $1 order by product_id limit 1',
      [cz],
    );
    for (const id of ['VAR-1', (rows[0] as { product_id: string }).product_id]) {
      const before = (await call('GET', `/v1/products/${id}`)).json().data;
      expect(before.variants.length, id).toBeGreaterThan(0);
      const again = await call('PUT', `/v1/products/${id}`, before);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data).toEqual(before);
      const variant = before.variants[0];
      const path = `/v1/products/${id}/variants/${encodeURIComponent(variant.id)}`;
      const same = await call('PUT', path, variant);
      expect(same.statusCode, same.body).toBe(200);
      expect(same.json().data).toEqual(variant);
    }
  });

  it('adds a variant, keeping its media URL as sent, and the portal shows it', async () => {
    const answer = await call(
      'POST',
      '/v1/products/VAR-1/variants',
      phpVariant('VAR-1-L', 'L', {
        price: 600,
        rrp: 700,
        barcode: '8594000000013',
        media: [{ url: 'https://images.invalid/var-1-l.jpg', main: true }],
      }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({
      id: 'VAR-1-L',
      title: `${TEST_BRAND.name} T-shirt VAR-1 L`,
      price: 600,
      rrp: 700,
      barcode: '8594000000013',
      media: [{ url: 'https://images.invalid/var-1-l.jpg', main: true }],
    });
    const portal = await portalProduct(server, 'partner@demo.test', cz, 'VAR-1');
    expect(portal?.variants).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'VAR-1-L', price: 600, imageUrl: 'https://images.invalid/var-1-l.jpg' }),
      ]),
    );
    // Checked by the remote-media job like the product's own images, not fetched while the call waits.
    expect(await remoteMedia()).toEqual([{ url: 'https://images.invalid/var-1-l.jpg', status: 'PENDING' }]);
  });

  it('refuses what the form refuses, naming the variant’s own fields', async () => {
    const taken = await call('POST', '/v1/products/VAR-1/variants', phpVariant('VAR-1-S', 'S'));
    expect(taken.statusCode).toBe(400);
    expect(fieldsOf(taken)).toContain('body.id:variantIdDuplicate');
    // The form's order: the shape of the input first, then the catalogue's rules.
    const shape = await call(
      'POST',
      '/v1/products/VAR-1/variants',
      phpVariant('VAR-1-X', 'L', { availability: { status: 'A', in_stock: 100_000 } }),
    );
    expect(shape.statusCode).toBe(400);
    expect(fieldsOf(shape)).toEqual(['body.availability.in_stock:numberBetween']);
    const rules = await call('POST', '/v1/products/VAR-1/variants', phpVariant('VAR-1-X', 'XXL', { barcode: '123' }));
    expect(rules.statusCode).toBe(400);
    expect(fieldsOf(rules)).toEqual(
      expect.arrayContaining(['body.barcode:barcode', expect.stringMatching(/^body\.parameters\.SIZE:/)]),
    );
    expect((await call('GET', '/v1/products/VAR-1/variants')).json().data).toEqual(['VAR-1-S', 'VAR-1-M', 'VAR-1-L']);
  });

  it('updates the fields sent and keeps the others', async () => {
    const answer = await call('PUT', '/v1/products/VAR-1/variants/VAR-1-M', {
      id: 'VAR-1-M',
      availability: { status: 'N', in_stock: 9 },
      price: 560,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({
      id: 'VAR-1-M',
      price: 560,
      availability: { status: 'N', in_stock: 9 },
      parameters: { SIZE: ['M'] },
    });
    const portal = await portalProduct(server, 'partner@demo.test', cz, 'VAR-1');
    expect(portal?.variants).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'VAR-1-M', price: 560, inStock: 9, status: 'INACTIVE' })]),
    );
    const audit = (
      await server.database.executeSql(
        "select count(*)::int as n from audit_log where entity = 'product' and entity_id = 'VAR-1' and action = 'product.update'",
      )
    ).rows[0] as { n: number };
    expect(audit.n).toBeGreaterThanOrEqual(2);
  });

  it('refuses an id in the body that is not the path’s', async () => {
    const renamed = await call('PUT', '/v1/products/VAR-1/variants/VAR-1-M', { id: 'VAR-1-Z', price: 560 });
    expect(renamed.statusCode).toBe(400);
    expect(fieldsOf(renamed)).toEqual(['body.id:invalid']);
  });

  it('protects a variant’s price: over 30 % needs the force token of that change', async () => {
    const refused = await call('PUT', '/v1/products/VAR-1/variants/VAR-1-S/pricing', { price: 1000, rrp: 1200 });
    expect(refused.statusCode).toBe(400);
    const [error] = refused.json().errorCodes;
    expect(error).toMatchObject({ errorCode: 'PRICE_PROTECTION_ERROR', errorAttributes: { percent: 100 } });
    const token = error.errorAttributes.forceToken as string;
    // The token is for this variant's call: another variant's call does not take it.
    const elsewhere = await call(
      'PUT',
      `/v1/products/VAR-1/variants/VAR-1-L/pricing?force_token=${encodeURIComponent(token)}`,
      { price: 1000 },
    );
    expect(elsewhere.json().errorCodes[0].errorAttributes.forceTokenRefused).toBe('invalid');
    const forced = await call(
      'PUT',
      `/v1/products/VAR-1/variants/VAR-1-S/pricing?force_token=${encodeURIComponent(token)}`,
      { price: 1000, rrp: 1200 },
    );
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json().data).toEqual({ price: 1000, rrp: 1200, purchase_price: null });
    const whole = await call('PUT', '/v1/products/VAR-1/variants/VAR-1-S', { price: 100 });
    expect(whole.json().errorCodes[0].errorCode).toBe('PRICE_PROTECTION_ERROR');
  });

  it('removes a variant with 204', async () => {
    const answer = await call('DELETE', '/v1/products/VAR-1/variants/VAR-1-L');
    expect(answer.statusCode).toBe(204);
    expect((await call('GET', '/v1/products/VAR-1/variants')).json().data).toEqual(['VAR-1-S', 'VAR-1-M']);
    expect((await call('DELETE', '/v1/products/VAR-1/variants/VAR-1-L')).statusCode).toBe(404);
    const portal = await portalProduct(server, 'partner@demo.test', cz, 'VAR-1');
    expect((portal!.variants as { id: string }[]).map((v) => v.id)).toEqual(['VAR-1-S', 'VAR-1-M']);
    expect(await remoteMedia()).toEqual([]);
  });
});

describe('not for resale', () => {
  it('shows the marketplace’s X on the product and its variants, and never lifts it', async () => {
    const made = await call(
      'POST',
      '/v1/products',
      phpProduct('VAR-2', { variable_parameters: ['SIZE'], variants: [phpVariant('VAR-2-S', 'S')] }),
    );
    expect(made.statusCode, made.body).toBe(200);
    // A new product's X is refused: it is the marketplace's decision.
    const mine = await call('PUT', '/v1/products/VAR-2', { availability: { status: 'X', in_stock: 1 } });
    expect(fieldsOf(mine)).toEqual(['body.availability.status:invalid']);
    // The marketplace takes it off sale.
    await server.database.executeSql(
      "update products set status = 'NOT_FOR_RESALE' where partner_id = $1 and id = 'VAR-2'",
      [cz],
    );
    const before = (await call('GET', '/v1/products/VAR-2')).json().data;
    expect(before.availability.status).toBe('X');
    expect(before.variants[0].availability.status).toBe('X');
    const same = await call('PUT', '/v1/products/VAR-2', before);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().data).toEqual(before);
    const lifted = await call('PUT', '/v1/products/VAR-2/variants/VAR-2-S', {
      availability: { status: 'A', in_stock: 2 },
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json().data.availability).toEqual({ status: 'X', in_stock: 2 });
    const product = await call('PUT', '/v1/products/VAR-2', { availability: { status: 'A', in_stock: 2 } });
    expect(product.json().data.availability).toEqual({ status: 'X', in_stock: 2 });
  });
});

describe('partners and rights', () => {
  it('never reaches another partner’s variants: 404', async () => {
    const seller = await spareSeller(server, 1);
    const { clientId } = await issueKey(server, seller.email, seller.id);
    const theirs = await v1Call(server, 'POST', '/v1/products', clientId, {
      id: 'THEIRS-V',
      title: 'Their lamp',
      price: 100,
      variants: [{ id: 'THEIRS-V-1', price: 100, availability: { status: 'A', in_stock: 1 } }],
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    for (const [method, path] of [
      ['GET', '/v1/products/THEIRS-V/variants'],
      ['POST', '/v1/products/THEIRS-V/variants'],
      ['GET', '/v1/products/THEIRS-V/variants/THEIRS-V-1'],
      ['PUT', '/v1/products/THEIRS-V/variants/THEIRS-V-1'],
      ['DELETE', '/v1/products/THEIRS-V/variants/THEIRS-V-1'],
      ['PUT', '/v1/products/THEIRS-V/variants/THEIRS-V-1/pricing'],
    ] as const) {
      const answer = await call(
        method,
        path,
        method === 'GET' || method === 'DELETE' ? undefined : phpVariant('X-1', 'S'),
      );
      expect(answer.statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await v1Call(server, 'GET', '/v1/products/THEIRS-V/variants', clientId)).json().data).toEqual([
      'THEIRS-V-1',
    ]);
  });

  it('answers 403 to a key without the products right', async () => {
    const { clientId } = await issueKey(server, 'limited@demo.test', cz, { type: 'legacy' });
    await revokePolicies(server.database.db, 'limited@demo.test', cz, 'products', ['read', 'update']);
    for (const [method, path] of [
      ['GET', '/v1/products/VAR-1/variants'],
      ['PUT', '/v1/products/VAR-1/variants/VAR-1-S/pricing'],
    ] as const) {
      const answer = await v1Call(server, method, path, clientId, method === 'PUT' ? { price: 1000 } : undefined);
      expect(answer.statusCode, path).toBe(403);
      expect(answer.json().errorCodes[0].errorCode).toBe('ACCESS_DENIED');
    }
  });
});
