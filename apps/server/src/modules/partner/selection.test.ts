import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFeatureFlag } from '../../platform/flags/service';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
let cz: number;
let sk: number;
let pl: number;
let hr: number;
beforeAll(async () => {
  server = await startTestServer();
  [cz, sk, pl, hr] = (await Promise.all(
    ['100001', '100002', '100003', '100004'].map((s) => partnerIdByShop(server.database, s)),
  )) as [number, number, number, number];
});
afterAll(async () => server?.close());

const SESSION = '{ session { selectedPartner { id shopId currency } partners { id shopId } acl { subject action } } }';
type SessionData = {
  session: {
    selectedPartner: { id: string; shopId: string; currency: string } | null;
    partners: { id: string }[];
    acl: { subject: string; action: string }[];
  };
};

describe('selected partner', () => {
  it('takes the server default when the client names none', async () => {
    const { token } = await server.login('multi@demo.test');
    const result = await server.gql<SessionData>(SESSION, {}, { token });
    expect(result.data?.session.selectedPartner).toEqual({ id: String(sk), shopId: 'SK10MA', currency: 'EUR' });
    expect(result.data?.session.partners.map((p) => Number(p.id))).toEqual([cz, sk, pl]);
  });

  it('takes the stored choice the client sends, when the account belongs to it', async () => {
    const { token } = await server.login('multi@demo.test');
    const result = await server.gql<SessionData>(SESSION, {}, { token, partnerId: pl });
    expect(result.data?.session.selectedPartner?.shopId).toBe('PL20MA');
  });

  it('falls back to the default when the stored choice is a partner the account does not belong to', async () => {
    const { token } = await server.login('partner@demo.test');
    const result = await server.gql<SessionData>(SESSION, {}, { token, partnerId: sk });
    expect(result.data?.session.selectedPartner?.id).toBe(String(cz));
  });

  it('refuses any partner operation for a partner the account does not belong to', async () => {
    const { token } = await server.login('partner@demo.test');
    const result = await server.gql('{ dashboard { accountsCount } }', {}, { token, partnerId: sk });
    expect(codeOf(result)).toBe('ACCESS_DENIED');
    expect(result.data).toBeNull();
  });

  it('gives each partner its own permissions', async () => {
    const { token } = await server.login('limited@demo.test');
    const result = await server.gql<SessionData>(SESSION, {}, { token, partnerId: cz });
    const subjects = new Set(result.data?.session.acl.map((p) => p.subject));
    expect(subjects.has('orders')).toBe(false);
    expect(subjects.has('partner')).toBe(true);
  });

  it('hides the Croatian market while croatiaEnabled is off', async () => {
    const { token } = await server.login('admin@demo.test');
    const grid = '{ cockpitPartners(grid: { perPage: 500 }) { items { shopId } } }';
    type Grid = { cockpitPartners: { items: { shopId: string }[] } };
    const off = await server.gql<Grid>(grid, {}, { token });
    expect(off.data?.cockpitPartners.items.some((p) => p.shopId === 'HR10MA')).toBe(false);
    await setFeatureFlag(server.database.db, 'croatiaEnabled', true);
    const on = await server.gql<Grid>(grid, {}, { token });
    expect(on.data?.cockpitPartners.items.some((p) => p.shopId === 'HR10MA')).toBe(true);
    const flags = await server.app.app.inject({ url: '/fefl' });
    expect(flags.json()).toMatchObject({ croatiaEnabled: true });
    await setFeatureFlag(server.database.db, 'croatiaEnabled', false);
    expect(hr).toBeGreaterThan(0);
  });
});
