import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/tables';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { openStreamSocket } from '../../test/stream-socket';
import { DEMO_API_CLIENT_ID } from '../../seed/partner-area/api';
import { v1Get } from '../api/rest/test-v1';

let server: TestServer;
let cz: number;
let admin: string;
let partner: string;
beforeAll(async () => {
  server = await startTestServer({ listen: true });
  cz = await partnerIdByShop(server.database, '100001');
  admin = (await server.login('admin@demo.test')).token;
  partner = (await server.login('partner@demo.test')).token;
});
afterAll(async () => server?.close());

const SET = `mutation($p: ID!, $m: String!, $e: Boolean!) {
  cockpitSetServiceModule(partnerId: $p, module: $m, enabled: $e) { module enabled resources } }`;
const MODULES = 'query($p: ID!) { cockpitServiceModules(partnerId: $p) { module enabled resources updated } }';
const STATS = '{ statistics(input: { from: "2026-01-01", to: "2026-01-31" }) { from } }';
const ACL = '{ session { acl { subject action isActive isDisabled } } }';

const setModule = (module: string, enabled: boolean, token = admin) =>
  server.gql<{ cockpitSetServiceModule: { module: string; enabled: boolean }[] }>(
    SET,
    { p: cz, m: module, e: enabled },
    { token },
  );

async function statisticsAcl() {
  const result = await server.gql<{ session: { acl: { subject: string; action: string; isDisabled: boolean }[] } }>(
    ACL,
    {},
    { token: partner, partnerId: cz },
  );
  return result.data!.session.acl.filter((p) => p.subject === 'statistics' && p.action === 'read');
}

describe('service modules', () => {
  it('are all on for a partner nobody switched', async () => {
    const result = await server.gql<{ cockpitServiceModules: { module: string; enabled: boolean }[] }>(
      MODULES,
      { p: cz },
      { token: admin },
    );
    expect(result.data!.cockpitServiceModules.map((m) => `${m.module}:${m.enabled}`)).toEqual([
      'orders:true',
      'listing:true',
      'availability:true',
      'transport:true',
      'stats:true',
      'invoices:true',
      'marketplaceDelivery:true',
      'marketplaceFeed:true',
    ]);
  });

  it("switched off, refuse the partner's calls of the resource and show it disabled in the session; on again, allow them", async () => {
    expect(codeOf(await server.gql(STATS, {}, { token: partner, partnerId: cz }))).toBeUndefined();
    const socket = await openStreamSocket(server, partner, { partnerId: cz });
    try {
      const off = await setModule('stats', false);
      expect(off.data!.cockpitSetServiceModule.find((m) => m.module === 'stats')?.enabled).toBe(false);
      // The open portal hears of it and reads its session again.
      await socket.next('service_modules_changed', (m) => m.data?.module === 'stats' && m.data?.enabled === false);
    } finally {
      socket.close();
    }
    expect(codeOf(await server.gql(STATS, {}, { token: partner, partnerId: cz }))).toBe('ACCESS_DENIED');
    expect(await statisticsAcl()).toEqual([
      { subject: 'statistics', action: 'read', isActive: true, isDisabled: true },
    ]);
    // Other resources are untouched.
    expect(
      codeOf(await server.gql('{ dashboardOrders { __typename } }', {}, { token: partner, partnerId: cz })),
    ).toBeUndefined();

    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'partner.service-module.disable'))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({
      partnerId: cz,
      data: { module: 'stats', before: { enabled: true }, after: { enabled: false } },
    });

    await setModule('stats', true);
    expect(codeOf(await server.gql(STATS, {}, { token: partner, partnerId: cz }))).toBeUndefined();
    expect((await statisticsAcl())[0]?.isDisabled).toBe(false);
  });

  it("stop the module's events on the partner's open stream at once, and let them through again", async () => {
    const socket = await openStreamSocket(server, partner, { partnerId: cz });
    const stream = server.app.platform.stream;
    try {
      await setModule('orders', false);
      await socket.next('service_modules_changed', (m) => m.data?.module === 'orders');
      await stream.publish({ partnerId: cz }, { type: 'order_created', data: { orderId: 'WHILE-OFF' } });
      await socket.settled();
      expect(socket.all('order_created')).toEqual([]);
      await setModule('orders', true);
      await socket.next('service_modules_changed', (m) => m.data?.module === 'orders' && m.data?.enabled === true);
      await stream.publish({ partnerId: cz }, { type: 'order_created', data: { orderId: 'ON-AGAIN' } });
      await socket.next('order_created', (m) => m.data?.orderId === 'ON-AGAIN');
    } finally {
      socket.close();
    }
  });

  it('records nothing when switched to the state it is in', async () => {
    const count = async () =>
      (
        await server.database.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.entityId, String(cz)))
      ).filter((e) => e.action.startsWith('partner.service-module')).length;
    const before = await count();
    await setModule('orders', true);
    expect(await count()).toBe(before);
  });

  it('are changed only by an operator whose role may change partners, and read by any operator', async () => {
    const support = (await server.login('support@demo.test')).token;
    expect(codeOf(await setModule('stats', false, support))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(MODULES, { p: cz }, { token: support }))).toBeUndefined();
    expect(codeOf(await setModule('stats', false, partner))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(STATS, {}, { token: partner, partnerId: cz }))).toBeUndefined();
  });

  it('refuses an unknown module on its field and an unknown partner', async () => {
    const unknown = await setModule('teleport', false);
    expect(codeOf(unknown)).toBe('VALIDATION_ERROR');
    expect(codeOf(await server.gql(MODULES, { p: 999_999 }, { token: admin }))).toBe('ENTITY_NOT_FOUND');
  });
});

describe('service modules and the partner API', () => {
  it('refuse the API calls of a switched-off module at once, and allow them when it is on again', async () => {
    const invoices = () => v1Get(server.app, '/v1/invoices?page_size=1', DEMO_API_CLIENT_ID);
    expect((await invoices()).statusCode).toBe(200);
    await setModule('invoices', false);
    const refused = await invoices();
    expect(refused.statusCode).toBe(403);
    // The orders, another module, still answer.
    expect((await v1Get(server.app, '/v1/orders?page_size=1', DEMO_API_CLIENT_ID)).statusCode).toBe(200);
    await setModule('invoices', true);
    expect((await invoices()).statusCode).toBe(200);
  });
});
