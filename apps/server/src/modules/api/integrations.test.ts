import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, startTestServer, type TestServer } from '../../test/harness';
import { issueKey, spareSeller, v1Get } from './rest/test-v1';

let server: TestServer;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer();
  adminToken = (await server.login('admin@demo.test')).token;
});
afterAll(async () => server?.close());

const SET_KIND = 'mutation($k: String) { setIntegrationKind(kind: $k) }';
const KIND = '{ integrationKind }';
const SET_CONNECTION = 'mutation($p: String!) { setConnectionType(provider: $p) }';
const PARTNERS = `query($g: GridInput) { cockpitPartners(grid: $g) { items {
  id provider pluginProvider apiApplication { name version tag } } } }`;
const LIMITS = `query($g: GridInput) { cockpitApiLimits(grid: $g) { items {
  id provider pluginProvider apiApplication { name version tag lastSeen } } } }`;
const KEYS = '{ apiKeys { id applications { name version tag firstSeen lastSeen } } }';

interface Row {
  id: string;
  provider: string | null;
  pluginProvider: string | null;
  apiApplication: { name: string | null; version: string | null; tag: string | null } | null;
}

async function asSeller(nth: number) {
  const seller = await spareSeller(server, nth);
  const { token } = await server.login(seller.email);
  const gql = <T>(query: string, variables: Record<string, unknown> = {}) =>
    server.gql<T>(query, variables, { token, partnerId: seller.id });
  return { ...seller, token, gql };
}

/** The operator's view of one partner in both cockpit grids, found by its integration kind. */
async function cockpitRows(partnerId: number, kind: string) {
  const filters = [
    { field: 'id', operator: 'EQUAL', value: String(partnerId) },
    { field: 'pluginProvider', operator: 'IN', values: [kind] },
  ];
  const partners = await server.gql<{ cockpitPartners: { items: Row[] } }>(
    PARTNERS,
    { g: { filters } },
    { token: adminToken },
  );
  const limits = await server.gql<{ cockpitApiLimits: { items: Row[] } }>(
    LIMITS,
    // The API limits grid filters the kind as text (its page in the portal offers a text filter).
    { g: { filters: [{ field: 'pluginProvider', operator: 'EQUAL', value: kind }], perPage: 500 } },
    { token: adminToken },
  );
  expect(partners.errors).toBeUndefined();
  expect(limits.errors).toBeUndefined();
  return {
    partner: partners.data!.cockpitPartners.items.find((r) => Number(r.id) === partnerId) ?? null,
    limit: limits.data!.cockpitApiLimits.items.find((r) => Number(r.id) === partnerId) ?? null,
  };
}

async function providerOf(partnerId: number): Promise<string | null> {
  const { rows } = await server.database.executeSql('select provider from partners where id = $1', [partnerId]);
  return (rows[0] as { provider: string | null }).provider;
}

describe('the integration kind', () => {
  it('chosen at onboarding is what the cockpit grids show and filter by', async () => {
    const seller = await asSeller(0);
    expect((await cockpitRows(seller.id, 'MONEY_S3')).partner).toBeNull();
    const saved = await seller.gql<{ setIntegrationKind: string }>(SET_KIND, { k: 'MONEY_S3' });
    expect(saved.data?.setIntegrationKind).toBe('MONEY_S3');
    expect((await seller.gql<{ integrationKind: string }>(KIND)).data?.integrationKind).toBe('MONEY_S3');
    const { partner, limit } = await cockpitRows(seller.id, 'MONEY_S3');
    expect(partner?.pluginProvider).toBe('MONEY_S3');
    expect(limit?.pluginProvider).toBe('MONEY_S3');
    // The change is in the partner's audit trail.
    const { rows } = await server.database.executeSql(
      `select data from audit_log where partner_id = $1 and action = 'partner.integration' order by id desc limit 1`,
      [seller.id],
    );
    expect((rows[0] as { data: unknown }).data).toEqual({ from: null, to: 'MONEY_S3' });
  });

  it('refuses a kind outside the list and clears with null', async () => {
    const seller = await asSeller(1);
    const wrong = await seller.gql(SET_KIND, { k: 'Shoptet 5' });
    expect(codeOf(wrong)).toBe('VALIDATION_ERROR');
    await seller.gql(SET_KIND, { k: 'SHOPTET' });
    const cleared = await seller.gql<{ setIntegrationKind: string | null }>(SET_KIND, { k: null });
    expect(cleared.data?.setIntegrationKind).toBeNull();
    expect((await seller.gql<{ integrationKind: string | null }>(KIND)).data?.integrationKind).toBeNull();
  });
});

describe('the connection type following API traffic', () => {
  it('becomes API after a v1 call with a live key, in the audit trail', async () => {
    const seller = await asSeller(1);
    expect((await seller.gql(SET_CONNECTION, { p: 'MANUAL' })).errors).toBeUndefined();
    const { clientId } = await issueKey(server, seller.email, seller.id);
    expect((await v1Get(server.app, '/v1/shops', clientId)).statusCode).toBe(200);
    await server.app.apiV1.integrations.flush();
    expect(await providerOf(seller.id)).toBe('API');
    const { rows } = await server.database.executeSql(
      `select data from audit_log where partner_id = $1 and action = 'partner.connection' order by id desc limit 1`,
      [seller.id],
    );
    expect((rows[0] as { data: Record<string, unknown> }).data).toMatchObject({
      from: 'MANUAL',
      to: 'API',
      reason: 'apiTraffic',
    });
  });

  it('leaves a feed to reading orders, gives way to traffic carrying the offer, and never overrides the plugin', async () => {
    const seller = await asSeller(2);
    await seller.gql(SET_CONNECTION, { p: 'HEUREKA_FEED' });
    const { clientId, keyId } = await issueKey(server, seller.email, seller.id);
    expect((await v1Get(server.app, '/v1/orders', clientId)).statusCode).toBe(200);
    await server.app.apiV1.integrations.flush();
    expect(await providerOf(seller.id)).toBe('HEUREKA_FEED');
    // A product or availability call (the recorder is told the domain the plugin counts the request in).
    const client = { keyId: Number(keyId), partnerId: seller.id };
    server.app.apiV1.integrations.seen(client, { name: 'erp', version: '1', tag: '' }, 'availability');
    await server.app.apiV1.integrations.flush();
    expect(await providerOf(seller.id)).toBe('API');

    const plugin = await asSeller(0);
    await plugin.gql(SET_CONNECTION, { p: 'PLUGIN_FAST_CENTRIK' });
    const pluginKey = await issueKey(server, plugin.email, plugin.id, { type: 'legacy' });
    server.app.apiV1.integrations.seen(
      { keyId: Number(pluginKey.keyId), partnerId: plugin.id },
      { name: 'fast-centrik', version: '3', tag: '' },
      'products',
    );
    await server.app.apiV1.integrations.flush();
    expect(await providerOf(plugin.id)).toBe('PLUGIN_FAST_CENTRIK');
  });
});

describe('the X-Application headers', () => {
  it('are kept per key with first and last seen, readable by the partner and the operator', async () => {
    const seller = await asSeller(0);
    await seller.gql(SET_KIND, { k: 'SHOPTET' });
    const { clientId, keyId } = await issueKey(server, seller.email, seller.id, { type: 'legacy' });
    const call = (version: string) =>
      server.app.app.inject({
        method: 'GET',
        url: `/v1/shops?client_id=${encodeURIComponent(clientId)}`,
        headers: {
          'x-application-name': 'Shoptet connector',
          'x-application-version': version,
          'x-application-tag': 'eshop-17',
        },
      });
    expect((await call('2.1')).statusCode).toBe(200);
    await server.app.apiV1.integrations.flush();
    // Requests within the minute write nothing: the row keeps the time it was written at.
    await server.database.executeSql(
      `update api_key_applications set last_seen = now() - interval '30 seconds' where key_id = $1`,
      [Number(keyId)],
    );
    const before = await server.database.executeSql('select last_seen from api_key_applications where key_id = $1', [
      Number(keyId),
    ]);
    for (let i = 0; i < 5; i++) expect((await call('2.1')).statusCode).toBe(200);
    await server.app.apiV1.integrations.flush();
    const after = await server.database.executeSql('select last_seen from api_key_applications where key_id = $1', [
      Number(keyId),
    ]);
    expect(after.rows).toEqual(before.rows);
    // A new version of the connector is a new entry, listed first.
    expect((await call('2.2')).statusCode).toBe(200);
    await server.app.apiV1.integrations.flush();

    const keys = await seller.gql<{
      apiKeys: { id: string; applications: { name: string; version: string; tag: string; firstSeen: string }[] }[];
    }>(KEYS);
    expect(keys.errors).toBeUndefined();
    const key = keys.data!.apiKeys.find((k) => k.id === keyId)!;
    expect(key.applications.map((a) => [a.name, a.version, a.tag])).toEqual([
      ['Shoptet connector', '2.2', 'eshop-17'],
      ['Shoptet connector', '2.1', 'eshop-17'],
    ]);
    expect(Number.isNaN(Date.parse(key.applications[1]!.firstSeen))).toBe(false);

    const { partner, limit } = await cockpitRows(seller.id, 'SHOPTET');
    expect(partner?.apiApplication).toEqual({ name: 'Shoptet connector', version: '2.2', tag: 'eshop-17' });
    expect(limit?.apiApplication).toMatchObject({ name: 'Shoptet connector', version: '2.2', tag: 'eshop-17' });

    // Another partner's keys show none of them.
    const other = await asSeller(1);
    const otherKeys = await other.gql<{ apiKeys: { applications: { name: string | null }[] }[] }>(KEYS);
    expect(otherKeys.data!.apiKeys.flatMap((k) => k.applications.map((a) => a.name))).not.toContain(
      'Shoptet connector',
    );
  });
});
