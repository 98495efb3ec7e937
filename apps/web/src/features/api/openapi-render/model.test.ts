import { describe, expect, it } from 'vitest';
import {
  answerOf,
  constraintsOf,
  endpointsByTag,
  exampleOf,
  isComposite,
  maskedUrl,
  matchesSearch,
  type OpenApiDocument,
  rateLimitOf,
  requestUrl,
  typeLabel,
} from './model';

const INT = { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 };
const RESULT = {
  type: 'object',
  properties: { code: INT, status: { type: 'string', enum: ['OK', 'ERROR', 'LIMITED'] }, message: { type: 'string' } },
  required: ['code', 'status', 'message'],
};
const envelope = (data: object, extra: Record<string, object> = {}) => ({
  200: {
    description: 'OK',
    content: {
      'application/json': {
        schema: { type: 'object', properties: { result: RESULT, data, ...extra }, required: ['result', 'data'] },
      },
    },
  },
  401: {
    description: 'The client_id is missing',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  },
});

/** The shapes the server's generator writes (openapi.ts): envelope, paging, `$defs` hoisted as components. */
const DOCUMENT: OpenApiDocument = {
  openapi: '3.1.0',
  servers: [{ url: 'http://127.0.0.1:3000' }],
  paths: {
    '/v1/orders': {
      get: {
        summary: 'The partner’s orders, newest first',
        tags: ['Orders'],
        parameters: [
          { name: 'filter', in: 'query', required: false, schema: { type: 'string', enum: ['basic'] } },
          { name: 'client_id', in: 'query', required: true, schema: { type: 'string' } },
        ],
        responses: envelope(
          {
            anyOf: [
              { type: 'array', items: INT },
              {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { id: INT, tracking_url: { type: 'null' }, ship_date: { type: ['string', 'null'] } },
                  required: ['id'],
                },
              },
            ],
          },
          { paging: { type: 'object', properties: { total: { type: 'integer', minimum: 0 } } } },
        ),
      },
    },
    '/v1/categories/tree/{shopId}': {
      get: {
        summary: 'The category tree',
        tags: ['Catalogue'],
        parameters: [{ name: 'shopId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: envelope({ type: 'array', items: { $ref: '#/components/schemas/Tree' } }),
      },
    },
    '/v1/checks/deliveries': {
      get: {
        summary: 'Delivery checks',
        tags: ['Deliveries'],
        responses: envelope(
          { type: 'array', items: { type: 'object', properties: { code: { type: 'string' } } } },
          {
            errors: { type: 'array', items: { type: 'object', properties: { code: { type: 'string' } } } },
          },
        ),
      },
    },
    '/v1/orders/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^\\d+$' } }],
      put: {
        summary: 'Change an order',
        tags: ['Orders'],
        requestBody: { content: { 'application/json': { schema: { type: 'object', properties: {} } } } },
        responses: { 204: { description: 'Done (no body)' } },
      },
    },
  },
  components: {
    schemas: {
      Error: { type: 'object' },
      Tree: {
        type: 'object',
        properties: {
          title: { type: 'string' },
          items: { type: 'array', items: { $ref: '#/components/schemas/Tree' } },
        },
      },
    },
  },
};

describe('the endpoints of an OpenAPI document', () => {
  it('groups them by tag in the document’s order and keeps path-level parameters', () => {
    const groups = endpointsByTag(DOCUMENT);
    expect(groups.map((g) => [g.tag, g.endpoints.map((e) => e.id)])).toEqual([
      ['Orders', ['get /v1/orders', 'put /v1/orders/{id}']],
      ['Catalogue', ['get /v1/categories/tree/{shopId}']],
      ['Deliveries', ['get /v1/checks/deliveries']],
    ]);
    const put = groups[0]!.endpoints[1]!;
    expect(put.method).toBe('PUT');
    expect(put.operation.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(['path:id']);
  });

  it('finds an endpoint by every word of a search, in any case', () => {
    const [orders] = endpointsByTag(DOCUMENT)[0]!.endpoints;
    expect(matchesSearch(orders!, 'GET orders')).toBe(true);
    expect(matchesSearch(orders!, 'newest ORDERS')).toBe(true);
    expect(matchesSearch(orders!, 'orders tree')).toBe(false);
    expect(matchesSearch(orders!, '  ')).toBe(true);
  });
});

describe('types and limits read as a developer writes them', () => {
  it('names nullable, list and variant types without words to translate', () => {
    expect(typeLabel(DOCUMENT, { type: ['string', 'null'] })).toBe('string | null');
    expect(typeLabel(DOCUMENT, { type: 'array', items: INT })).toBe('integer[]');
    expect(typeLabel(DOCUMENT, { type: 'array', items: { type: ['string', 'null'] } })).toBe('(string | null)[]');
    expect(
      typeLabel(DOCUMENT, {
        anyOf: [
          { type: 'array', items: INT },
          { type: 'array', items: { type: 'object' } },
        ],
      }),
    ).toBe('integer[] | object[]');
    expect(typeLabel(DOCUMENT, { $ref: '#/components/schemas/Tree' })).toBe('object');
    expect(typeLabel(DOCUMENT, { type: 'array', items: { not: {} } })).toBe('never[]');
    expect(typeLabel(DOCUMENT, { enum: ['smallbox', 'bigbox'] })).toBe('string');
  });

  it('leaves out the bounds every integer has and keeps the ones a reader must respect', () => {
    expect(constraintsOf(INT)).toEqual([]);
    expect(constraintsOf({ type: 'integer', minimum: 1, maximum: 500 })).toEqual([{ kind: 'range', text: '1–500' }]);
    expect(constraintsOf({ type: 'number', exclusiveMinimum: 0 })).toEqual([{ kind: 'range', text: '> 0' }]);
    expect(constraintsOf({ type: 'string', maxLength: 100, pattern: '^\\d+$' })).toEqual([
      { kind: 'length', text: '≤ 100' },
      { kind: 'pattern', text: '^\\d+$' },
    ]);
    expect(constraintsOf({ type: 'array', minItems: 1, maxItems: 1000 })).toEqual([{ kind: 'items', text: '1–1000' }]);
  });

  it('knows which schemas have parts to open', () => {
    expect(isComposite(DOCUMENT, { type: 'array', items: INT })).toBe(false);
    expect(isComposite(DOCUMENT, { type: 'array', items: { $ref: '#/components/schemas/Tree' } })).toBe(true);
    expect(isComposite(DOCUMENT, { type: 'object', properties: {} })).toBe(false);
    expect(isComposite(DOCUMENT, { anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe(false);
    expect(isComposite(DOCUMENT, { anyOf: [{ type: 'null' }, { type: 'object', properties: { a: {} } }] })).toBe(true);
  });
});

describe('an answer split along the envelope', () => {
  const [orders, put] = endpointsByTag(DOCUMENT)[0]!.endpoints;
  const checks = endpointsByTag(DOCUMENT)[2]!.endpoints[0]!;

  it('shows data, says a list is paged, and leaves result to the page’s one explanation', () => {
    const answer = answerOf(DOCUMENT, orders!.operation)!;
    expect(answer.status).toBe('200');
    expect(answer.paged).toBe(true);
    expect(answer.members.map(([name]) => name)).toEqual(['data']);
  });

  it('keeps a second top-level member the marketplace’s clients read (errors of the checks)', () => {
    expect(answerOf(DOCUMENT, checks.operation)!.members.map(([name]) => name)).toEqual(['data', 'errors']);
  });

  it('says a 204 has no body', () => {
    expect(answerOf(DOCUMENT, put!.operation)).toEqual({ status: '204', paged: false, members: [], empty: true });
  });
});

describe('the request a "try it" sends', () => {
  it('fills the path, keeps the query in order and puts client_id last, as the marketplace’s clients do', () => {
    const url = requestUrl(
      '/v1/categories/tree/{shopId}',
      { shopId: 'CZ 10' },
      [
        ['filter', 'basic'],
        ['page', ''],
      ],
      '?status=in:open,shipping&client_id=sneaky&_sort=created:desc',
      'secret-id',
    );
    expect(url).toBe(
      '/v1/categories/tree/CZ%2010?filter=basic&status=in%3Aopen%2Cshipping&_sort=created%3Adesc&client_id=secret-id',
    );
    expect(new URLSearchParams(url.split('?')[1]).getAll('client_id')).toEqual(['secret-id']);
  });

  it('never shows the client id on screen', () => {
    expect(maskedUrl('/v1/shops?page=1&client_id=abc-secret')).toBe('/v1/shops?page=1&client_id=…');
  });

  it('reads the rate-limit headers, and none on an answer without them (401)', () => {
    const headers = new Headers({
      'x-ratelimit-limit': '10000',
      'x-ratelimit-remaining': '1599',
      'x-ratelimit-reset': '1764370800',
    });
    expect(rateLimitOf(headers)).toEqual({ limit: '10000', remaining: '1599', reset: 1764370800 });
    expect(rateLimitOf(new Headers())).toEqual({ limit: null, remaining: null, reset: null });
  });
});

describe('the starting body of a change', () => {
  it('holds the required members with a value of their type, and one item of a whole-body list', () => {
    const item = {
      type: 'object',
      properties: {
        id: { type: 'string' },
        in_stock: { type: 'integer', minimum: 0, maximum: 9007199254740991 },
        note: { type: 'string' },
      },
      required: ['id', 'in_stock'],
    };
    expect(exampleOf(DOCUMENT, { type: 'array', items: item, maxItems: 1000 })).toEqual([{ id: '', in_stock: 0 }]);
    expect(
      exampleOf(DOCUMENT, {
        type: 'object',
        properties: {
          labels_type: { type: 'string', enum: ['pdf', 'zpl'] },
          labels: {
            type: 'array',
            minItems: 1,
            items: { type: 'object', properties: { order_id: INT }, required: ['order_id'] },
          },
          tracking_url: { anyOf: [{ type: 'null' }, { type: 'string' }] },
          first_position: { type: 'integer', default: 1 },
        },
        required: ['labels_type', 'labels', 'tracking_url', 'first_position'],
      }),
    ).toEqual({ labels_type: 'pdf', labels: [{ order_id: 0 }], tracking_url: '', first_position: 1 });
    expect(exampleOf(DOCUMENT, { type: 'object', properties: { confirmed: { type: 'boolean' } } })).toEqual({});
  });
});
