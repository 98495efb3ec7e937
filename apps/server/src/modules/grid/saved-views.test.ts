import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
let cz: number;
let sk: number;
beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
});
afterAll(async () => server?.close());

const LIST =
  'query($g: String!) { savedViews(gridId: $g) { id name filters { field operator value values } sort { field direction } search } }';
const CREATE =
  'mutation($g: String!, $n: String!, $f: [GridFilterInput!], $s: GridSortInput, $q: String) { savedViewCreate(gridId: $g, name: $n, filters: $f, sort: $s, search: $q) { id name } }';
const DELETE = 'mutation($id: ID!) { savedViewDelete(id: $id) }';
type Views = { savedViews: { id: string; name: string; filters: unknown[]; sort: unknown; search: string | null }[] };

const czFilter = [{ field: 'shopId', operator: 'EQUAL', value: 'CZ10MA' }];

describe('saved grid views', () => {
  it('saves filters, sort and search under a name and lists them back', async () => {
    const { token } = await server.login('partner@demo.test');
    const created = await server.gql(
      CREATE,
      { g: 'orders', n: ' Czech shop ', f: czFilter, s: { field: 'id', direction: 'ASCENDING' }, q: 'abc' },
      { token },
    );
    expect(created.errors).toBeUndefined();
    const list = await server.gql<Views>(LIST, { g: 'orders' }, { token });
    expect(list.data?.savedViews).toEqual([
      {
        id: expect.any(String),
        name: 'Czech shop',
        filters: [{ field: 'shopId', operator: 'EQUAL', value: 'CZ10MA', values: null }],
        sort: { field: 'id', direction: 'ASCENDING' },
        search: 'abc',
      },
    ]);
  });

  it('refuses a name already used for the grid, in any letter case, naming the field', async () => {
    const { token } = await server.login('partner@demo.test');
    await server.gql(CREATE, { g: 'products', n: 'Sold out', f: [] }, { token });
    const again = await server.gql(CREATE, { g: 'products', n: 'SOLD OUT ', f: [] }, { token });
    expect(codeOf(again)).toBe('ENTITY_ALREADY_EXISTS');
    expect(again.errors?.[0]?.extensions.fields).toEqual([
      expect.objectContaining({ field: 'name', rule: 'uniqueFilterName' }),
    ]);
    // Another grid may use the same name.
    expect((await server.gql(CREATE, { g: 'orders', n: 'Sold out', f: [] }, { token })).errors).toBeUndefined();
  });

  it('refuses an empty or too long name and invalid filters', async () => {
    const { token } = await server.login('partner@demo.test');
    expect(codeOf(await server.gql(CREATE, { g: 'orders', n: '  ', f: [] }, { token }))).toBe('VALIDATION_ERROR');
    expect(codeOf(await server.gql(CREATE, { g: 'orders', n: 'x'.repeat(61), f: [] }, { token }))).toBe(
      'VALIDATION_ERROR',
    );
    expect(
      codeOf(
        await server.gql(
          CREATE,
          { g: 'orders', n: 'ok', f: [{ field: 'a', operator: 'BETWEEN', values: ['1'] }] },
          { token },
        ),
      ),
    ).toBe('VALIDATION_ERROR');
    expect(codeOf(await server.gql(CREATE, { g: 'Bad Grid!', n: 'ok', f: [] }, { token }))).toBe('VALIDATION_ERROR');
  });

  it("keeps each account's and each partner's views apart, and deletes only one's own", async () => {
    const multi = await server.login('multi@demo.test');
    await server.gql(CREATE, { g: 'orders', n: 'Mine on CZ', f: [] }, { token: multi.token, partnerId: cz });
    const onSk = await server.gql<Views>(LIST, { g: 'orders' }, { token: multi.token, partnerId: sk });
    expect(onSk.data?.savedViews).toEqual([]);
    const onCz = await server.gql<Views>(LIST, { g: 'orders' }, { token: multi.token, partnerId: cz });
    expect(onCz.data?.savedViews.map((v) => v.name)).toEqual(['Mine on CZ']);

    // The Czech partner's master sees none of multi@'s views, and cannot delete them.
    const master = await server.login('partner@demo.test');
    const masterViews = await server.gql<Views>(LIST, { g: 'orders' }, { token: master.token, partnerId: cz });
    expect(masterViews.data?.savedViews.map((v) => v.name)).not.toContain('Mine on CZ');
    const id = onCz.data!.savedViews[0]!.id;
    expect(codeOf(await server.gql(DELETE, { id }, { token: master.token, partnerId: cz }))).toBe('ENTITY_NOT_FOUND');
    expect((await server.gql(DELETE, { id }, { token: multi.token, partnerId: cz })).data).toEqual({
      savedViewDelete: true,
    });
    expect(codeOf(await server.gql(DELETE, { id }, { token: multi.token, partnerId: cz }))).toBe('ENTITY_NOT_FOUND');
    expect(codeOf(await server.gql(DELETE, { id: 'not-a-number' }, { token: multi.token }))).toBe('VALIDATION_ERROR');
  });

  it('gives administrators views of their own in the cockpit', async () => {
    const { token } = await server.login('admin@demo.test');
    expect(
      (
        await server.gql(
          CREATE,
          { g: 'cockpit-partners', n: 'Slovak', f: [{ field: 'shopId', operator: 'EQUAL', value: 'SK10MA' }] },
          { token },
        )
      ).errors,
    ).toBeUndefined();
    const list = await server.gql<Views>(LIST, { g: 'cockpit-partners' }, { token });
    expect(list.data?.savedViews.map((v) => v.name)).toEqual(['Slovak']);
  });
});
