import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { demoOrderInput } from './intake-demo';

/**
 * What a broken or hostile sender could post to the order intake: every answer is a 4xx with a catalogue code
 * naming what is wrong, never INTERNAL, and nothing of such an order is written.
 */

const TOKEN = 'intake-hostile-service-credential-0123456789';
let server: TestServer;
let cz: number;
let nextId = 4_500_000_000_000;

beforeAll(async () => {
  server = await startTestServer();
  server.app.platform.config.marketplace.intakeTokenHash = createHash('sha256').update(TOKEN).digest();
  cz = await partnerIdByShop(server.database, '100001');
});
afterAll(async () => server?.close());

const newOrder = () => demoOrderInput({ id: cz, shopId: 'CZ10MA' }, nextId++, () => 0.5);

/** Posts a body as the exact JSON text given (numbers JSON.stringify cannot write, escapes it would not). */
async function postRaw(body: string) {
  const answer = await server.app.app.inject({
    method: 'POST',
    url: '/internal/marketplace/orders',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', 'accept-language': 'cs' },
    payload: body,
  });
  const json = answer.json() as { code: string; message: string; fields?: { field: string; rule: string }[] };
  return { status: answer.statusCode, code: json.code, message: json.message, fields: json.fields ?? [] };
}

const post = (body: unknown) => postRaw(JSON.stringify(body));

/** The order's JSON with `value` (raw JSON text) in place of the field's value. */
function withRaw(order: object, field: string, value: string): string {
  const marker = '"__hostile__"';
  const path = field.split('.');
  const copy = structuredClone(order) as Record<string, unknown>;
  let at: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[path.at(-1)!] = '__hostile__';
  return JSON.stringify(copy).replace(marker, value);
}

async function count(): Promise<number> {
  const { rows } = await server.database.executeSql(
    'select (select count(*)::int from orders) + (select count(*)::int from marketplace_order_intake) as n',
  );
  return (rows[0] as { n: number }).n;
}

function expectRefusal(answer: Awaited<ReturnType<typeof postRaw>>, code: string, field?: string) {
  expect(answer.status, JSON.stringify(answer)).toBeGreaterThanOrEqual(400);
  expect(answer.status, JSON.stringify(answer)).toBeLessThan(500);
  expect(answer.code, JSON.stringify(answer)).toBe(code);
  // A sentence of the catalogue in the asked language, not a key.
  expect(answer.message).not.toMatch(/^errors\./);
  if (field) expect(answer.fields.map((f) => f.field)).toContain(field);
}

describe('hostile orders on the intake', () => {
  it('refuses NUL bytes and lone surrogates in any text as invalid characters', async () => {
    const before = await count();
    for (const [field, raw] of [
      ['customer.name', '"Eva\\u0000"'],
      ['items.0.title', '"Kettle\\u0000"'],
      ['transport.transportId', '"PPL\\u0000"'],
      ['address.street', '"\\ud800 Main"'],
      ['customer.phone', '"+420\\udfff"'],
      ['items.0.articleId', '"MP-\\ud83d"'],
      ['purchaseId', '"\\u0000"'],
    ] as const) {
      const answer = await postRaw(withRaw(newOrder(), field, raw));
      expectRefusal(answer, 'VALIDATION_ERROR', field);
      expect(answer.fields.find((f) => f.field === field)?.rule).toBe('invalidCharacters');
    }
    // A pair of surrogates is one character (an emoji) and welcome in a name.
    const emoji = await postRaw(withRaw(newOrder(), 'customer.name', '"Eva \\ud83d\\ude00"'));
    expect(emoji.status).toBe(201);
    expect(await count()).toBe(before + 2);
  });

  it('refuses numbers JSON can spell but no order holds: 1e400, -1e400, NaN-like text, huge ids', async () => {
    const before = await count();
    for (const [field, raw, code] of [
      ['orderId', '1e400', 'INVALID_ORDER_ID'],
      ['orderId', '"NaN"', 'INVALID_ORDER_ID'],
      ['orderId', '12345678901234567890', 'INVALID_ORDER_ID'],
      ['orderId', '-1e400', 'INVALID_ORDER_ID'],
      ['partnerId', '1e400', 'INVALID_PARTNER_ID'],
      ['partnerId', '"Infinity"', 'INVALID_PARTNER_ID'],
      ['items.0.unitPrice', '1e400', 'VALIDATION_ERROR'],
      ['items.0.quantity', '-1e400', 'VALIDATION_ERROR'],
      ['items.0.quantity', '"NaN"', 'VALIDATION_ERROR'],
      ['items.0.vat', '1e400', 'VALIDATION_ERROR'],
      ['prices.delivery', '1e308', 'VALIDATION_ERROR'],
      ['createdAt', '1e400', 'VALIDATION_ERROR'],
      ['createdAt', '"+275760-09-13T00:00:00Z"', 'VALIDATION_ERROR'],
    ] as const) {
      const answer = await postRaw(withRaw(newOrder(), field, raw));
      expectRefusal(answer, code, code === 'VALIDATION_ERROR' ? field : undefined);
    }
    expect(await count()).toBe(before);
  });

  it('refuses over-long text, 10,000 items and a body over the limit', async () => {
    const before = await count();
    const long = 'x'.repeat(100_000);
    for (const field of ['customer.name', 'items.0.title', 'address.city', 'purchaseId', 'transport.branchId']) {
      expectRefusal(await postRaw(withRaw(newOrder(), field, JSON.stringify(long))), 'VALIDATION_ERROR', field);
    }
    const item = { id: 1, title: 'x', quantity: 1, unitPrice: 1, vat: 21 };
    const many = { ...newOrder(), items: Array.from({ length: 10_000 }, (_, i) => ({ ...item, id: i + 1 })) };
    expectRefusal(await post(many), 'VALIDATION_ERROR', 'items');
    const huge = { ...newOrder(), customer: { name: 'x'.repeat(2 * 1024 * 1024) } };
    const tooLarge = await post(huge);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.code).toBe('REQUEST_BODY_SIZE_EXCEEDED');
    expect(await count()).toBe(before);
  });

  it('refuses deeply nested JSON, and JSON that is not an order at all', async () => {
    const before = await count();
    const depth = 100_000;
    const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    expectRefusal(await postRaw(withRaw(newOrder(), 'customer.name', nested)), 'VALIDATION_ERROR', 'customer.name');
    // An item that is a list, not an object, has no id.
    expectRefusal(await postRaw(withRaw(newOrder(), 'items', nested)), 'MISSING_ITEM_ID');
    // Nested objects whose keys a prototype-pollution guard looks into.
    const objects = `${'{"constructor":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    expect((await postRaw(withRaw(newOrder(), 'address', objects))).status).toBeLessThan(500);
    expectRefusal(await postRaw(nested), 'BAD_REQUEST');
    expectRefusal(await postRaw('{"orderId": 1,'), 'INVALID_REQUEST');
    expectRefusal(await postRaw('null'), 'BAD_REQUEST');
    expectRefusal(await postRaw('"order"'), 'BAD_REQUEST');
    expect(await count()).toBe(before);
  });
});
