import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/tables';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { revokePolicies } from '../catalog/test-fixtures';
import { contactEmailsOfGroups, groupsWithoutContact } from './contacts';
import { partnerContacts, partners } from './tables';
import { courierContact as courier, sellerContact as seller } from './test-partners';

let server: TestServer;
let cz: number;
let sk: number;
let pl: number;
let czToken: string;
let multiToken: string;
let limitedToken: string;

const FIELDS = 'id firstName lastName email phone roles';
const GRID = `query($grid: GridInput) { contactsGrid(grid: $grid) { items { ${FIELDS} } total page perPage nextCursor } }`;
const SAVE = `mutation($id: ID, $input: ContactInput!) { saveContact(id: $id, input: $input) { ${FIELDS} } }`;
const DELETE = 'mutation($id: ID!) { deleteContact(id: $id) }';

type Contact = { id: string; firstName: string; lastName: string; email: string; phone: string; roles: string[] };
type Page = { items: Contact[]; total: number; page: number; perPage: number; nextCursor: string | null };

const asCz = () => ({ token: czToken, partnerId: cz });
const asSk = () => ({ token: multiToken, partnerId: sk });
const asPl = () => ({ token: multiToken, partnerId: pl });

async function grid(as: { token: string; partnerId: number }, request: Record<string, unknown> = {}) {
  const result = await server.gql<{ contactsGrid: Page }>(GRID, { grid: request }, as);
  expect(result.errors).toBeUndefined();
  return result.data!.contactsGrid;
}

async function rowsOf(partnerId: number) {
  return server.database.db.select().from(partnerContacts).where(eq(partnerContacts.partnerId, partnerId));
}

async function setMdp(partnerId: number, status: string) {
  await server.database.db.update(partners).set({ mdpStatus: status }).where(eq(partners.id, partnerId));
}

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  pl = await partnerIdByShop(server.database, '100003');
  await revokePolicies(server.database.db, 'limited@demo.test', cz, 'partnerContacts', ['create', 'update', 'delete']);
  czToken = (await server.login('partner@demo.test')).token;
  multiToken = (await server.login('multi@demo.test')).token;
  limitedToken = (await server.login('limited@demo.test')).token;
});
afterAll(async () => server?.close());

describe('contacts grid', () => {
  it('shows 10 contacts a page and the rest on the next', async () => {
    const first = await grid(asCz(), { perPage: 100 });
    expect(first.perPage).toBe(10);
    expect(first.items).toHaveLength(10);
    expect(first.total).toBe(14);
    const second = await grid(asCz(), { page: 2, after: first.nextCursor });
    expect(second.items).toHaveLength(4);
    expect(new Set([...first.items, ...second.items].map((c) => c.id)).size).toBe(14);
  });

  it('filters by role over the roles of each contact', async () => {
    const finance = await grid(asCz(), { filters: [{ field: 'roles', operator: 'IN', values: ['FINANCE'] }] });
    expect(finance.items.map((c) => c.lastName).sort()).toEqual(['Dvořáková', 'Hájková']);
    const either = await grid(asCz(), { filters: [{ field: 'roles', operator: 'IN', values: ['RMA', 'MARKETING'] }] });
    expect(either.total).toBe(4);
    const without = await grid(asCz(), { filters: [{ field: 'roles', operator: 'NIN', values: ['SALES', 'TECH'] }] });
    expect(without.total).toBe(10);
  });

  it('searches by name and e-mail, and sorts by name', async () => {
    expect((await grid(asCz(), { search: 'jana nov' })).items.map((c) => c.email)).toEqual([
      'jana.novakova@sport-demo.cz',
    ]);
    expect((await grid(asCz(), { search: 'ONDREJ.KRAL@' })).items.map((c) => c.lastName)).toEqual(['Král']);
    const sorted = await grid(asCz(), { sort: { field: 'name', direction: 'ASCENDING' } });
    expect(sorted.items[0]!.firstName).toBe('Alena');
  });

  it("never shows another partner's contacts and refuses an account without the contacts resource", async () => {
    const page = await grid(asSk());
    expect(page.total).toBe(3);
    expect(page.items.every((c) => c.email.endsWith('@zahrada-demo.sk'))).toBe(true);
    const [theirs] = (await grid(asCz())).items;
    expect(codeOf(await server.gql(SAVE, { id: theirs!.id, input: seller }, asSk()))).toBe('CONTACT_NOT_FOUND');
    expect(codeOf(await server.gql(DELETE, { id: theirs!.id }, asSk()))).toBe('CONTACT_NOT_FOUND');

    const limited = { token: limitedToken, partnerId: cz };
    expect((await grid(limited)).total).toBe(14);
    expect(codeOf(await server.gql(SAVE, { input: seller }, limited))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(SAVE, { id: theirs!.id, input: seller }, limited))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(DELETE, { id: theirs!.id }, limited))).toBe('ACCESS_DENIED');
    await revokePolicies(server.database.db, 'limited@demo.test', cz, 'partnerContacts', ['read']);
    // The policy cache learns of the change as the permissions editor would announce it.
    await server.app.platform.authCache.changed({ all: true });
    expect(codeOf(await server.gql(GRID, {}, limited))).toBe('ACCESS_DENIED');
    expect(await rowsOf(cz)).toHaveLength(14);
  });
});

describe('MALL Delivery contact', () => {
  it('is exactly one: a second is refused', async () => {
    expect(codeOf(await server.gql(SAVE, { input: courier }, asCz()))).toBe('MALL_DELIVERY_CONTACT_NOT_UNIQUE');
    expect((await rowsOf(cz)).filter((c) => c.roles.includes('MALL_DELIVERY'))).toHaveLength(1);
  });

  it('has no other role and a phone the courier can call', async () => {
    const combined = await server.gql(SAVE, { input: { ...courier, roles: ['MALL_DELIVERY', 'LOGISTICS'] } }, asPl());
    expect(codeOf(combined)).toBe('MALL_DELIVERY_CONTACT_NOT_STANDALONE');
    expect(combined.errors![0]!.message).toBe('The MALL Delivery contact cannot have other roles.');
    const silent = await server.gql(SAVE, { input: { ...courier, phone: '' } }, asPl());
    expect(codeOf(silent)).toBe('MALL_DELIVERY_CONTACT_INCONSISTENT');
    expect(silent.errors![0]!.extensions).toMatchObject({ fields: [{ field: 'phone', rule: 'required' }] });
    // Other roles may go without a phone.
    expect((await server.gql(SAVE, { input: seller }, asCz())).errors).toBeUndefined();
    expect((await rowsOf(pl)).filter((c) => c.roles.includes('MALL_DELIVERY'))).toHaveLength(0);
  });

  it('is mandatory while MALL Delivery is active: neither deleted nor stripped of its role', async () => {
    const [mine] = (await rowsOf(cz)).filter((c) => c.roles.includes('MALL_DELIVERY'));
    const id = String(mine!.id);
    expect(codeOf(await server.gql(DELETE, { id }, asCz()))).toBe('MALL_DELIVERY_CONTACT_MANDATORY');
    expect(codeOf(await server.gql(SAVE, { id, input: { ...courier, roles: ['LOGISTICS'] } }, asCz()))).toBe(
      'MALL_DELIVERY_CONTACT_MANDATORY',
    );
    const changed = await server.gql<{ saveContact: Contact }>(
      SAVE,
      { id, input: { ...courier, lastName: 'Nový' } },
      asCz(),
    );
    expect(changed.data!.saveContact).toMatchObject({ lastName: 'Nový', roles: ['MALL_DELIVERY'] });
    await setMdp(cz, 'inactive');
    try {
      expect(codeOf(await server.gql(DELETE, { id }, asCz()))).toBeUndefined();
      const audits = await server.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.partnerId, cz), eq(auditLog.action, 'partner.contact.delete')));
      expect(audits).toEqual([expect.objectContaining({ entityId: id, data: { roles: ['MALL_DELIVERY'] } })]);
      expect((await server.gql(SAVE, { input: courier }, asCz())).errors).toBeUndefined();
    } finally {
      await setMdp(cz, 'active');
    }
  });
});

describe('recipients for notifications', () => {
  it('gives the distinct lower-cased e-mails of groups and names the groups nobody holds', async () => {
    await server.database.db
      .insert(partnerContacts)
      .values({ partnerId: sk, firstName: 'Z', lastName: 'K', email: 'ZUZANA@zahrada-demo.sk', roles: ['MARKETING'] });
    expect(await contactEmailsOfGroups(server.database.db, sk, ['MANAGER', 'MARKETING'])).toEqual([
      'zuzana@zahrada-demo.sk',
    ]);
    expect(await contactEmailsOfGroups(server.database.db, sk, [])).toEqual([]);
    expect(await groupsWithoutContact(server.database.db, sk, ['MANAGER', 'USER', 'CALLCENTRUM'])).toEqual([
      'USER',
      'CALLCENTRUM',
    ]);
  });
});
