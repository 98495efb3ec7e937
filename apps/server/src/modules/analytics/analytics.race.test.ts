import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { usageClient, view } from './test-usage';

let server: TestServer;
let cz: number;

const { send, eventsOfRoute } = usageClient(() => server);

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
