import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { usageEvents } from './tables';

let server: TestServer;
let cz: number;

function view(route: string, at = new Date().toISOString()) {
  return { kind: 'view', route, at };
}

async function send(body: unknown, options: { token?: string | null; partnerId?: number | null } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'accept-language': 'en' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.partnerId != null) headers['x-partner-id'] = String(options.partnerId);
  const response = await server.app.app.inject({
    method: 'POST',
    url: '/portal/usage',
    headers,
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode, body: response.body ? response.json() : null };
}

async function eventsOfRoute(route: string) {
  return server.database.db.select().from(usageEvents).where(eq(usageEvents.route, route)).orderBy(usageEvents.id);
}

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
});
afterAll(async () => server?.close());

describe('POST /portal/usage', () => {
  it('lets exactly the per-session limit of parallel batches through, then answers 429', async () => {
    const { token } = await server.login('partner@demo.test');
    const burst = 60 + 10;
    const results = await Promise.all(
      Array.from({ length: burst }, () => send([view('burst')], { token, partnerId: cz })),
    );
    expect(results.filter((r) => r.status === 204)).toHaveLength(60);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(10);
    expect(refused[0]!.body.code).toBe('TOO_MANY_REQUESTS');
    expect(await eventsOfRoute('burst')).toHaveLength(60);
    // Another session of the same account is not held up by the first one's burst.
    const other = await server.login('partner@demo.test');
    expect((await send([view('burst-other')], { token: other.token, partnerId: cz })).status).toBe(204);
  });
});
