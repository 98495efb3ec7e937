import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../app';
import { anotherProcess, partnerIdByShop, startTestServer, type TestServer } from '../../../test/harness';
import { eventually } from '../../../test/waits';
import { apiKeys } from '../tables';
import { createApiKeyCache } from './key-cache';
import { accessOf, accountIdOf, issueKey, UPDATE_ACCESS, v1Get } from './test-v1';

let server: TestServer;
/** A second process on the same database that keeps the keys it read for a minute: only announcements reach it. */
let other: App;
let cz: number;

beforeAll(async () => {
  server = await startTestServer();
  other = await anotherProcess(server, { authCacheTtlMs: 60_000 });
  cz = await partnerIdByShop(server.database, '100001');
});
afterAll(async () => {
  await other?.close();
  await server?.close();
});

const status = async (app: App, path: string, clientId: string) => (await v1Get(app, path, clientId)).statusCode;

describe('the keys a process keeps', () => {
  it('reads a key once per few seconds: a change nobody announces is not seen by a process that holds it', async () => {
    const revokeSilently = (keyId: string) =>
      server.database.db
        .update(apiKeys)
        .set({ revokedAt: new Date() })
        .where(eq(apiKeys.id, Number(keyId)));
    // Written behind the portal's back (no audit, no announcement): the process answers from what it read. On
    // PostgreSQL the announcement of the key's creation may reach the other process after its first read and make
    // it read again, seeing the silent change; then it holds that, and the next attempt takes a fresh key.
    let kept = false;
    let clientId = '';
    for (let attempt = 0; attempt < 5 && !kept; attempt++) {
      const key = await issueKey(server, 'partner@demo.test', cz, { type: 'legacy' });
      clientId = key.clientId;
      expect(await status(other, '/v1/shops', clientId)).toBe(200);
      await revokeSilently(key.keyId);
      kept = (await status(other, '/v1/shops', clientId)) === 200;
    }
    expect(kept).toBe(true);
    // A process that never read the key reads it now.
    expect(await status(server.app, '/v1/shops', clientId)).toBe(401);
  });

  it('closes a revoked key in every process, not only in the one that revoked it', async () => {
    const { clientId, keyId } = await issueKey(server, 'partner@demo.test', cz, { type: 'legacy' });
    expect(await status(other, '/v1/shops', clientId)).toBe(200);
    expect(await status(server.app, '/v1/shops', clientId)).toBe(200);
    const { token } = await server.login('partner@demo.test');
    const revoked = await server.gql(
      'mutation($id: ID!) { revokeApiKey(id: $id) { state } }',
      { id: keyId },
      { token, partnerId: cz },
    );
    expect(revoked.errors).toBeUndefined();
    // The revoking process forgot before it answered.
    expect(await status(server.app, '/v1/shops', clientId)).toBe(401);
    expect(
      await eventually(
        'the other process to refuse the revoked key',
        async () => (await status(other, '/v1/shops', clientId)) === 401,
      ),
    ).toBe(true);
  });

  it('takes a right away from a key in every process when its issuer loses it', async () => {
    const { clientId } = await issueKey(server, 'limited@demo.test', cz, { type: 'legacy' });
    expect(await status(other, '/v1/invoices', clientId)).toBe(200);
    const limitedId = await accountIdOf(server, 'limited@demo.test');
    const { token } = await server.login('partner@demo.test');
    const held = await accessOf(server, token, cz, limitedId);
    const saved = await server.gql(
      UPDATE_ACCESS,
      { id: limitedId, p: held.filter((p) => p.subject !== 'billing') },
      { token, partnerId: cz },
    );
    expect(saved.errors).toBeUndefined();
    expect(
      await eventually(
        'the other process to refuse billing to the key',
        async () => (await status(other, '/v1/invoices', clientId)) === 403,
      ),
    ).toBe(true);
    // What the issuer still holds, the key still does.
    expect(await status(other, '/v1/brands', clientId)).toBe(200);
    await server.gql(UPDATE_ACCESS, { id: limitedId, p: held }, { token, partnerId: cz });
  });
});

describe('the cache itself', () => {
  it('does not keep a row read while something was forgotten (it may predate the change)', () => {
    const cache = createApiKeyCache<string>(60_000);
    const before = cache.generation();
    cache.forgetPartners([1]);
    cache.set('hash', 'row read before the change', { partnerId: 1, issuerId: 7 }, before);
    expect(cache.get('hash')).toBeUndefined();
    cache.set('hash', 'row', { partnerId: 1, issuerId: 7 }, cache.generation());
    expect(cache.get('hash')).toBe('row');
    cache.forgetAccounts([7]);
    expect(cache.get('hash')).toBeUndefined();
  });

  it('keeps nothing with no time to keep it, and nothing past its time', async () => {
    const off = createApiKeyCache<string>(0);
    off.set('hash', 'row', { partnerId: 1, issuerId: null }, off.generation());
    expect(off.get('hash')).toBeUndefined();
    const short = createApiKeyCache<string>(20);
    short.set('hash', 'row', { partnerId: 1, issuerId: null }, short.generation());
    expect(short.get('hash')).toBe('row');
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(short.get('hash')).toBeUndefined();
  });
});
