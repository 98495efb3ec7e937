import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cappedTotal } from '../../platform/grid';
import { codeOf, startTestServer, type TestServer } from '../../test/harness';
import { partners } from '../partner/tables';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await server.login('admin@demo.test')).token;
});
afterAll(async () => server?.close());

const GRID =
  'query($g: GridInput) { cockpitPartners(grid: $g) { total totalExact page perPage nextCursor items { id sapId shopId partnerName workflowStatus rating onboarding } } }';
type Row = {
  id: string;
  sapId: string | null;
  shopId: string;
  partnerName: string;
  workflowStatus: string;
  rating: number | null;
  onboarding: boolean;
};
type Page = {
  cockpitPartners: {
    total: number;
    totalExact: boolean;
    page: number;
    perPage: number;
    nextCursor: string | null;
    items: Row[];
  };
};

async function grid(g: Record<string, unknown>) {
  const result = await server.gql<Page>(GRID, { g }, { token });
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.cockpitPartners;
}

describe('cockpit partner grid', () => {
  it('pages 50 by default, newest id first', async () => {
    const page = await grid({});
    expect(page.perPage).toBe(50);
    const ids = page.items.map((r) => Number(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(page.total).toBeGreaterThanOrEqual(page.items.length);
  });

  it('counts totals exactly up to the cap and says when there are more', async () => {
    expect((await grid({})).totalExact).toBe(true);
    const all = await cappedTotal(server.database.db, partners, undefined);
    expect(all.totalExact).toBe(true);
    expect(await cappedTotal(server.database.db, partners, undefined, all.total)).toEqual({
      total: all.total,
      totalExact: true,
    });
    expect(await cappedTotal(server.database.db, partners, undefined, all.total - 1)).toEqual({
      total: all.total - 1,
      totalExact: false,
    });
  });

  it('pages by cursor to the same rows as by page number, sorted by a nullable column', async () => {
    const sort = { field: 'rating', direction: 'DESCENDING' };
    let after: string | null = null;
    for (let page = 1; page <= 4; page++) {
      const byOffset = await grid({ perPage: 2, page, sort });
      const byCursor = await grid({ perPage: 2, page, sort, ...(after ? { after } : {}) });
      expect(byCursor.items.map((r) => r.id)).toEqual(byOffset.items.map((r) => r.id));
      expect(byCursor.total).toBe(byOffset.total);
      if (!byCursor.nextCursor) break;
      after = byCursor.nextCursor;
    }
    expect(after).not.toBeNull();
  });

  it('filters the registration by day, as the date filter of the web sends it', async () => {
    const [sample] = await server.database.db
      .select({ id: partners.id, created: partners.created })
      .from(partners)
      .limit(1);
    const day = sample!.created.toISOString().slice(0, 10);
    const dayOf = (r: { id: string }) => r.id;
    const same = await grid({ perPage: 500, filters: [{ field: 'created', operator: 'EQUAL', value: day }] });
    expect(same.items.map(dayOf)).toContain(String(sample!.id));
    const between = await grid({
      perPage: 500,
      filters: [{ field: 'created', operator: 'BETWEEN', values: [day, day] }],
    });
    expect(between.items.map(dayOf).sort()).toEqual(same.items.map(dayOf).sort());
    const after = await grid({ perPage: 500, filters: [{ field: 'created', operator: 'GREATER_THAN', value: day }] });
    expect(after.items.map(dayOf)).not.toContain(String(sample!.id));
    const upTo = await grid({
      perPage: 500,
      filters: [{ field: 'created', operator: 'LESS_THAN_OR_EQUAL', value: day }],
    });
    expect(upTo.items.map(dayOf)).toContain(String(sample!.id));
    expect(upTo.total + after.total).toBe((await grid({ perPage: 1 })).total);
  });

  it('pages through without overlap', async () => {
    const first = await grid({ perPage: 3, page: 1 });
    const second = await grid({ perPage: 3, page: 2 });
    expect(first.items).toHaveLength(3);
    const overlap = first.items.filter((r) => second.items.some((s) => s.id === r.id));
    expect(overlap).toHaveLength(0);
  });

  it('filters with the spec operators', async () => {
    const like = await grid({ filters: [{ field: 'partnerName', operator: 'LIKE', value: 'demo' }] });
    expect(like.items.length).toBeGreaterThan(0);
    expect(like.items.every((r) => r.partnerName.toLowerCase().includes('demo'))).toBe(true);

    const starts = await grid({ filters: [{ field: 'sapId', operator: 'STARTS_WITH', value: '10000' }] });
    expect(starts.items.every((r) => r.sapId?.startsWith('10000'))).toBe(true);

    const inList = await grid({ filters: [{ field: 'shopId', operator: 'IN', values: ['SK10MA', 'PL20MA'] }] });
    expect(inList.items.every((r) => ['SK10MA', 'PL20MA'].includes(r.shopId))).toBe(true);

    const notIn = await grid({ filters: [{ field: 'shopId', operator: 'NIN', values: ['CZ10MA'] }] });
    expect(notIn.items.some((r) => r.shopId === 'CZ10MA')).toBe(false);

    const between = await grid({ filters: [{ field: 'rating', operator: 'BETWEEN', values: ['4', '4.5'] }] });
    expect(between.items.every((r) => r.rating !== null && r.rating >= 4 && r.rating <= 4.5)).toBe(true);

    const empty = await grid({ filters: [{ field: 'sapId', operator: 'EMPTY' }] });
    expect(empty.items.every((r) => r.sapId === null)).toBe(true);
    expect(empty.items.length).toBeGreaterThan(0);

    const onboarding = await grid({ filters: [{ field: 'onboarding', operator: 'EQUAL', value: 'true' }] });
    expect(onboarding.items.every((r) => r.onboarding)).toBe(true);
  });

  it('treats LIKE wildcards in the value as plain characters', async () => {
    const page = await grid({ filters: [{ field: 'partnerName', operator: 'LIKE', value: '%' }] });
    expect(page.total).toBe(0);
  });

  it('sorts by a column and searches', async () => {
    const up = (await grid({ sort: { field: 'partnerName', direction: 'ASCENDING' }, perPage: 500 })).items.map(
      (r) => r.partnerName,
    );
    const down = (await grid({ sort: { field: 'partnerName', direction: 'DESCENDING' }, perPage: 500 })).items.map(
      (r) => r.partnerName,
    );
    expect(up.length).toBeGreaterThan(5);
    expect(down).toEqual([...up].reverse());
    expect(up[0]).not.toBe(down[0]);
    const search = await grid({ search: '100002' });
    expect(search.items.map((r) => r.sapId)).toEqual(['100002']);
  });

  it('refuses unknown fields, wrong operators and values outside an enum', async () => {
    for (const g of [
      { filters: [{ field: 'password_hash', operator: 'EQUAL', value: 'x' }] },
      { filters: [{ field: 'shopId', operator: 'LIKE', value: 'CZ' }] },
      { filters: [{ field: 'shopId', operator: 'EQUAL', value: 'XX10MA' }] },
      { filters: [{ field: 'rating', operator: 'BETWEEN', values: ['1'] }] },
      { sort: { field: 'kam; drop table partners', direction: 'ASCENDING' } },
      { perPage: 100_000 },
    ]) {
      expect(codeOf(await server.gql(GRID, { g }, { token }))).toBe('VALIDATION_ERROR');
    }
  });

  it('is for administrators only', async () => {
    const { token: partnerToken } = await server.login('partner@demo.test');
    expect(codeOf(await server.gql(GRID, { g: {} }, { token: partnerToken }))).toBe('ACCESS_DENIED');
  });
});
