import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../../app';
import type { TestServer } from '../../../test/harness';
import { apiTiers } from '../tables';

/** Helpers of the v1 tests: calls as an integration makes them, keys issued as a partner issues them. */

export function v1Get(
  app: App,
  path: string,
  clientId: string | null,
  options: { lang?: string | null; body?: string; method?: 'GET' | 'DELETE' | 'PUT' | 'POST' } = {},
): Promise<LightMyRequestResponse> {
  const join = path.includes('?') ? '&' : '?';
  const url = clientId === null ? path : `${path}${join}client_id=${encodeURIComponent(clientId)}`;
  return app.app.inject({
    method: options.method ?? 'GET',
    url,
    headers: {
      ...(options.lang === null ? {} : { 'accept-language': options.lang ?? 'en' }),
      'x-application-name': 'test-connector',
      'x-application-version': '1.0',
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(options.body !== undefined ? { payload: options.body } : {}),
  });
}

const CREATE = 'mutation($input: ApiKeyInput!) { createApiKey(input: $input) { secret key { id } } }';

/** Issues a key as `email` for `partnerId` through the portal's own mutation; answers its client_id (the secret). */
export async function issueKey(
  server: TestServer,
  email: string,
  partnerId: number,
  input: Record<string, unknown> = { type: 'master' },
): Promise<{ clientId: string; keyId: string }> {
  const { token } = await server.login(email);
  const result = await server.gql<{ createApiKey: { secret: string; key: { id: string } } }>(
    CREATE,
    { input },
    { token, partnerId },
  );
  if (!result.data) throw new Error(`issuing a key as ${email} failed: ${JSON.stringify(result.errors)}`);
  return { clientId: result.data.createApiKey.secret, keyId: result.data.createApiKey.key.id };
}

/** A reachable seller of the demo (three of them) without usage or tier of its own, and its master's e-mail. */
export async function spareSeller(server: TestServer, nth: number): Promise<{ id: number; email: string }> {
  const { rows } = await server.database.executeSql(
    `select p.id, a.email from account_partners ap join accounts a on a.id = ap.account_id
     join partners p on p.id = ap.partner_id
     where a.email like 'seller%' and ap.is_master and p.shop_id <> 'HR10MA'
       and p.workflow_status not in ('DEACTIVATED', 'ONBOARDING_CANCELLED')
     order by p.id`,
  );
  return rows[nth] as { id: number; email: string };
}

/** Gives a partner a tier allowing `limit` requests a day in one domain, 1,000 in the others (an operator's change). */
export async function tightTier(
  server: TestServer,
  partnerId: number,
  limit: number,
  domain: 'other' | 'orders' = 'other',
): Promise<void> {
  const [tier] = await server.database.db
    .insert(apiTiers)
    .values({
      name: `Tight ${domain} ${limit}`,
      productsLimit: 1000,
      availabilityLimit: 1000,
      ordersLimit: domain === 'orders' ? limit : 1000,
      otherLimit: domain === 'other' ? limit : 1000,
    })
    .returning();
  const { token } = await server.login('admin@demo.test');
  const result = await server.gql(
    'mutation($p: ID!, $t: ID!) { setPartnerApiTier(partnerId: $p, tierId: $t) { id } }',
    { p: partnerId, t: tier!.id },
    { token },
  );
  if (result.errors) throw new Error(JSON.stringify(result.errors));
}

export const UPDATE_ACCESS = `mutation($id: ID!, $p: [PermissionPairInput!]!) {
  updateAccessControl(accountId: $id, policies: $p) { accountId } }`;

export async function accountIdOf(server: TestServer, email: string): Promise<number> {
  const { rows } = await server.database.executeSql('select id from accounts where lower(email) = $1', [email]);
  return Number((rows[0] as { id: number }).id);
}

/** The pairs an account holds for a partner, as the permissions editor shows them to `token`. */
export async function accessOf(
  server: TestServer,
  token: string,
  partnerId: number,
  accountId: number,
): Promise<{ subject: string; action: string }[]> {
  const result = await server.gql<{ accessControl: { policies: { subject: string; action: string }[] } }>(
    'query($id: ID!) { accessControl(accountId: $id) { policies { subject action } } }',
    { id: accountId },
    { token, partnerId },
  );
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.accessControl.policies;
}

/**
 * The partner's master takes pairs away from an account in the permissions editor (announced, so every process
 * and every key the account issued sees it at once).
 */
export async function withdrawRights(
  server: TestServer,
  partnerId: number,
  email: string,
  subject: string,
  actions: readonly string[],
): Promise<void> {
  const accountId = await accountIdOf(server, email);
  const { token } = await server.login('partner@demo.test');
  const held = await accessOf(server, token, partnerId, accountId);
  const kept = held.filter((p) => !(p.subject === subject && actions.includes(p.action)));
  const saved = await server.gql(UPDATE_ACCESS, { id: accountId, p: kept }, { token, partnerId });
  if (saved.errors) throw new Error(JSON.stringify(saved.errors));
}
