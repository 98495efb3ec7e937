import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/tables';
import { codeOf, partnerIdByShop, signInAsPartner, startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
let cz: number;
let sk: number;
let adminToken: string;
let adminId: number;
let partnerAccountId: number;

const PAGE = `query($g: GridInput) { cockpitAuditLog(grid: $g) {
  total totalExact nextCursor
  items { id at action entity entityId partnerId partnerName accountEmail adminEmail data
    changes { field before after } details { field value } }
} }`;

interface Entry {
  id: string;
  at: string;
  action: string;
  entity: string | null;
  entityId: string | null;
  partnerId: string | null;
  partnerName: string | null;
  accountEmail: string | null;
  adminEmail: string | null;
  data: string | null;
  changes: { field: string | null; before: string | null; after: string | null }[];
  details: { field: string; value: string | null }[];
}
type Page = { total: number; totalExact: boolean; nextCursor: string | null; items: Entry[] };

async function page(grid: Record<string, unknown>, token = adminToken) {
  return server.gql<{ cockpitAuditLog: Page }>(PAGE, { g: grid }, { token });
}

async function items(filters: Record<string, unknown>[], token = adminToken): Promise<Entry[]> {
  const result = await page({ filters, perPage: 500 }, token);
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.cockpitAuditLog.items;
}

const MOMENT = new Date('2026-03-02T10:00:00.123456Z');

beforeAll(async () => {
  server = await startTestServer({ listen: false });
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  adminToken = (await server.login('admin@demo.test')).token;
  const ids = await server.database.executeSql(
    "select id, email from accounts where email in ('admin@demo.test', 'partner@demo.test')",
  );
  const byEmail = new Map((ids.rows as { id: number; email: string }[]).map((r) => [r.email, r.id]));
  adminId = byEmail.get('admin@demo.test')!;
  partnerAccountId = byEmail.get('partner@demo.test')!;
  // Seven entries of one moment (a bulk command writes many in one transaction, so one `at`), and a few
  // others: what an operator filters for.
  await server.database.db.insert(auditLog).values([
    ...Array.from({ length: 7 }, (_, i) => ({
      partnerId: cz,
      accountId: partnerAccountId,
      action: 'test.same-moment',
      entity: 'order',
      entityId: `moment-${i}`,
      data: { from: 'OPEN', to: 'SHIPPED' },
      at: MOMENT,
    })),
    {
      partnerId: sk,
      accountId: adminId,
      action: 'test.fields',
      entity: 'price_lists',
      entityId: '4711',
      data: { before: { name: 'Old', shops: ['CZ10MA'] }, after: { name: 'New', shops: ['CZ10MA'] }, reason: 'typo' },
      at: new Date('2026-01-15T08:00:00Z'),
    },
    {
      partnerId: null,
      accountId: adminId,
      action: 'test.plain',
      entity: 'content_pages',
      entityId: '12',
      data: { title: 'Terms', published: true },
      at: new Date('2025-12-24T18:00:00Z'),
    },
  ]);
});
afterAll(async () => server?.close());

describe('the audit view', () => {
  it('pages through entries of one moment by cursor without skipping or repeating one', async () => {
    const filters = [{ field: 'action', operator: 'EQUAL', value: 'test.same-moment' }];
    const seen: string[] = [];
    let after: string | null = null;
    for (let guard = 0; guard < 10; guard++) {
      const result = await page({ filters, perPage: 3, ...(after ? { after } : {}) });
      const current = result.data!.cockpitAuditLog;
      expect(current.total).toBe(7);
      seen.push(...current.items.map((i) => i.entityId!));
      after = current.nextCursor;
      if (!after) break;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    // Newest first; within one moment the later entry first.
    expect(seen).toEqual(['moment-6', 'moment-5', 'moment-4', 'moment-3', 'moment-2', 'moment-1', 'moment-0']);
  });

  it('filters by partner, account, entity, entity id, action and time range', async () => {
    const byPartner = await items([{ field: 'partnerId', operator: 'EQUAL', value: String(sk) }]);
    expect(byPartner.map((e) => e.action)).toContain('test.fields');
    expect(byPartner.every((e) => e.partnerId === String(sk))).toBe(true);
    expect(byPartner.find((e) => e.action === 'test.fields')?.partnerName).toBeTruthy();

    const byAccount = await items([{ field: 'account', operator: 'EQUAL', value: 'ADMIN@demo.test' }]);
    expect(byAccount.map((e) => e.action)).toEqual(expect.arrayContaining(['test.fields', 'test.plain']));
    expect(byAccount.every((e) => e.accountEmail === 'admin@demo.test')).toBe(true);
    expect(await items([{ field: 'account', operator: 'EQUAL', value: 'nobody@demo.test' }])).toEqual([]);

    const byEntity = await items([{ field: 'entity', operator: 'EQUAL', value: 'content_pages' }]);
    expect(byEntity.map((e) => e.action)).toContain('test.plain');
    expect(byEntity.every((e) => e.entity === 'content_pages')).toBe(true);

    const byEntityId = await items([
      { field: 'entity', operator: 'EQUAL', value: 'order' },
      { field: 'entityId', operator: 'EQUAL', value: 'moment-3' },
    ]);
    expect(byEntityId.map((e) => e.entityId)).toEqual(['moment-3']);

    const byActions = await items([{ field: 'action', operator: 'IN', values: ['test.fields', 'test.plain'] }]);
    expect(byActions.map((e) => e.action)).toEqual(['test.fields', 'test.plain']);

    const january = await items([
      { field: 'at', operator: 'BETWEEN', values: ['2026-01-01T00:00:00Z', '2026-01-31T23:59:59Z'] },
      { field: 'action', operator: 'IN', values: ['test.fields', 'test.plain', 'test.same-moment'] },
    ]);
    expect(january.map((e) => e.action)).toEqual(['test.fields']);
    const since = await items([
      { field: 'at', operator: 'GREATER_THAN_OR_EQUAL', value: '2026-03-02T10:00:00Z' },
      { field: 'action', operator: 'IN', values: ['test.fields', 'test.same-moment'] },
    ]);
    expect(since).toHaveLength(7);
  });

  it('shows an operator acting as a partner as that operator, and finds it by the operator', async () => {
    const impersonation = await signInAsPartner(server, adminToken, cz);
    expect(impersonation).toBeTruthy();
    const behind = await items([{ field: 'operator', operator: 'EQUAL', value: 'admin@demo.test' }]);
    const login = behind.find((e) => e.action === 'auth.remote-login');
    expect(login).toMatchObject({ partnerId: String(cz), adminEmail: 'admin@demo.test' });
    expect(behind.every((e) => e.adminEmail === 'admin@demo.test')).toBe(true);
    // The partner's own entries are not the operator's.
    expect(behind.some((e) => e.action === 'test.same-moment')).toBe(false);
  });

  it('shows the data as before and after', async () => {
    const [moved] = await items([{ field: 'entityId', operator: 'EQUAL', value: 'moment-0' }]);
    expect(moved!.changes).toEqual([{ field: null, before: 'OPEN', after: 'SHIPPED' }]);
    const [fields] = await items([{ field: 'action', operator: 'EQUAL', value: 'test.fields' }]);
    expect(fields!.changes).toEqual([{ field: 'name', before: 'Old', after: 'New' }]);
    expect(fields!.details).toEqual(
      expect.arrayContaining([
        { field: 'reason', value: 'typo' },
        { field: 'shops', value: '["CZ10MA"]' },
      ]),
    );
    const [plain] = await items([{ field: 'action', operator: 'EQUAL', value: 'test.plain' }]);
    expect(plain!.changes).toEqual([]);
    expect(plain!.details).toEqual([
      { field: 'title', value: 'Terms' },
      { field: 'published', value: 'true' },
    ]);
    const detail = await server.gql<{ cockpitAuditEntry: Entry }>(
      'query($id: ID!) { cockpitAuditEntry(id: $id) { id action data changes { field before after } } }',
      { id: plain!.id },
      { token: adminToken },
    );
    expect(detail.data!.cockpitAuditEntry).toMatchObject({ action: 'test.plain', changes: [] });
    expect(JSON.parse(detail.data!.cockpitAuditEntry.data!)).toEqual({ title: 'Terms', published: true });
  });

  it('refuses a filter no index answers, a forged cursor and an unknown entry', async () => {
    for (const filter of [
      { field: 'action', operator: 'LIKE', value: 'test' },
      { field: 'partnerId', operator: 'NOT_EQUAL', value: String(cz) },
      { field: 'account', operator: 'NEMPTY' },
    ]) {
      const result = await page({ filters: [filter] });
      expect(codeOf(result)).toBe('VALIDATION_ERROR');
    }
    expect(codeOf(await page({ after: 'not-a-cursor' }))).toBe('VALIDATION_ERROR');
    const unknown = await server.gql('query { cockpitAuditEntry(id: "999999999") { id } }', {}, { token: adminToken });
    expect(codeOf(unknown)).toBe('ENTITY_NOT_FOUND');
  });

  it('is read by administrators and support only', async () => {
    const support = (await server.login('support@demo.test')).token;
    expect((await items([{ field: 'action', operator: 'EQUAL', value: 'test.plain' }], support)).length).toBe(1);
    for (const email of ['finance@demo.test', 'sales@demo.test', 'content@demo.test', 'partner@demo.test']) {
      const { token } = await server.login(email);
      expect(codeOf(await page({}, token))).toBe('ACCESS_DENIED');
    }
    // An operator signed in as a partner is that partner: no cockpit.
    const impersonation = await signInAsPartner(server, adminToken, cz);
    expect(codeOf(await page({}, impersonation))).toBe('ACCESS_DENIED');
  });
});
