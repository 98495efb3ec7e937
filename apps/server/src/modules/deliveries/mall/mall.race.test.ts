import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../platform/audit/tables';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../../test/harness';
import { partnerAddresses, partnerContacts, partners } from '../../partner/tables';
import { mallDeliveryRequests } from './tables';

let server: TestServer;
let sk: number;
let multiToken: string;
let adminToken: string;
let secondAdminToken: string;

const REQUEST = 'mutation { mallDeliveryRequest { state } }';
const DECIDE = `mutation($p: ID!, $input: MallDeliveryDecisionInput!) { mallDeliveryDecide(partnerId: $p, input: $input) { state } }`;
const ACCEPT = { decision: 'ACCEPT', fee: '1.90', registerBranch: 'SK-BTS-SEN', returnBranch: 'SK-BTS-SEN' };
const DECLINE = { decision: 'DECLINE', reason: 'Collection area not covered yet.' };

async function reset() {
  const db = server.database.db;
  await db.update(partners).set({ mdpStatus: 'inactive' }).where(eq(partners.id, sk));
  await db.delete(mallDeliveryRequests).where(eq(mallDeliveryRequests.partnerId, sk));
}

beforeAll(async () => {
  server = await startTestServer();
  sk = await partnerIdByShop(server.database, '100002');
  const db = server.database.db;
  await db.insert(partnerAddresses).values({
    partnerId: sk,
    street: 'Diaľničná 5',
    city: 'Senec',
    state: 'SK',
    zip: '903 01',
    types: ['MDP_WAREHOUSE'],
  });
  await db.insert(partnerContacts).values({
    partnerId: sk,
    firstName: 'Peter',
    lastName: 'Kuriér',
    email: 'kurier@zahrada-demo.sk',
    phone: '+421 905 111 222',
    roles: ['MALL_DELIVERY'],
  });
  multiToken = (await server.login('multi@demo.test')).token;
  adminToken = (await server.login('admin@demo.test')).token;
  // A second operator's session: two people at two desks.
  secondAdminToken = (await server.login('admin@demo.test')).token;
});
afterAll(async () => server?.close());

describe('MALL Delivery races on PostgreSQL', () => {
  it('two operators deciding the same request at once: one wins, the other finds it decided', async () => {
    for (let round = 0; round < 3; round++) {
      await reset();
      expect((await server.gql(REQUEST, {}, { token: multiToken, partnerId: sk })).errors).toBeUndefined();
      const results = await Promise.all([
        server.gql(DECIDE, { p: sk, input: ACCEPT }, { token: adminToken }),
        server.gql(DECIDE, { p: sk, input: DECLINE }, { token: secondAdminToken }),
      ]);
      expect(results.filter((r) => !r.errors)).toHaveLength(1);
      expect(results.map(codeOf).filter(Boolean)).toEqual(['MALL_DELIVERY_NOT_PENDING']);
      const requests = await server.database.db
        .select()
        .from(mallDeliveryRequests)
        .where(eq(mallDeliveryRequests.partnerId, sk));
      expect(requests).toHaveLength(1);
      const [partner] = await server.database.db
        .select({ state: partners.mdpStatus })
        .from(partners)
        .where(eq(partners.id, sk));
      // The partner's state and the request's status tell the same winner.
      expect(partner!.state).toBe(requests[0]!.status === 'accepted' ? 'active' : 'declined');
    }
    const decisions = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.partnerId, sk), like(auditLog.action, 'deliveries.mall.%ccept')));
    const declines = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.partnerId, sk), eq(auditLog.action, 'deliveries.mall.decline')));
    expect(decisions.length + declines.length).toBe(3);
  });

  it('a partner asking twice at once leaves one pending request', async () => {
    await reset();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => server.gql(REQUEST, {}, { token: multiToken, partnerId: sk })),
    );
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(new Set(results.map(codeOf).filter(Boolean))).toEqual(new Set(['MALL_DELIVERY_REQUEST_NOT_ALLOWED']));
    const pending = await server.database.db
      .select()
      .from(mallDeliveryRequests)
      .where(and(eq(mallDeliveryRequests.partnerId, sk), eq(mallDeliveryRequests.status, 'pending')));
    expect(pending).toHaveLength(1);
  });
});
