import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const CREATE =
  'mutation($g: String!, $n: String!, $c: [String!]) { savedViewCreate(gridId: $g, name: $n, filters: [], columns: $c) { id name columns } }';
const LIST = 'query($g: String!) { savedViews(gridId: $g) { name columns } }';

describe("a saved view's columns", () => {
  it('are kept with their order and listed back; a view without them answers null', async () => {
    const { token } = await server.login('partner@demo.test');
    const created = await server.gql<{ savedViewCreate: { columns: string[] } }>(
      CREATE,
      { g: 'orders', n: 'Narrow', c: ['status', 'id', 'created'] },
      { token },
    );
    expect(created.errors).toBeUndefined();
    expect(created.data?.savedViewCreate.columns).toEqual(['status', 'id', 'created']);
    await server.gql(CREATE, { g: 'orders', n: 'All' }, { token });
    const list = await server.gql<{ savedViews: { name: string; columns: string[] | null }[] }>(
      LIST,
      { g: 'orders' },
      { token },
    );
    expect(list.data?.savedViews).toEqual(
      expect.arrayContaining([
        { name: 'Narrow', columns: ['status', 'id', 'created'] },
        { name: 'All', columns: null },
      ]),
    );
  });

  it('refuses more than 100 names, names over 64 characters and odd characters', async () => {
    const { token } = await server.login('partner@demo.test');
    const many = Array.from({ length: 101 }, (_, i) => `c${i}`);
    expect(codeOf(await server.gql(CREATE, { g: 'orders', n: 'Many', c: many }, { token }))).toBe('VALIDATION_ERROR');
    expect(codeOf(await server.gql(CREATE, { g: 'orders', n: 'Long', c: ['x'.repeat(65)] }, { token }))).toBe(
      'VALIDATION_ERROR',
    );
    expect(codeOf(await server.gql(CREATE, { g: 'orders', n: 'Nul', c: ['a\u0000'] }, { token }))).toBe(
      'VALIDATION_ERROR',
    );
    expect(
      (await server.gql(CREATE, { g: 'orders', n: 'Hundred', c: many.slice(0, 100) }, { token })).errors,
    ).toBeUndefined();
  });
});
