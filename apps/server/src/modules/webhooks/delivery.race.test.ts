import { MAX_WEBHOOKS } from '@pp/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { webhooks } from './tables';

let server: TestServer;
let cz: number;
let sk: number;
let czToken: string;
let skToken: string;
/** Nothing is delivered here (no event is emitted): the URLs are only saved and counted. */
const base = 'http://127.0.0.1:9';

beforeAll(async () => {
  server = await startTestServer({ config: { webhooks: { allowPrivateUrls: true } } });
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  // The demo's own hooks would count against the limit: the test counts only its own.
  await server.database.db.delete(webhooks);
  czToken = (await server.login('partner@demo.test')).token;
  skToken = (await server.login('multi@demo.test')).token;
});
afterAll(async () => server?.close());

const CREATE = `mutation($data: WebhookInput!) { webhookCreate(data: $data) {
  secret webhook { id url event isEnabled status } } }`;

type Created = { webhookCreate: { secret: string; webhook: { id: string; status: string } } };

async function createHook(path: string, event = 'ORDER_CREATED', options: { token?: string; partnerId?: number } = {}) {
  const result = await server.gql<Created>(
    CREATE,
    { data: { url: `${base}${path}`, event, isEnabled: true } },
    { token: options.token ?? czToken, partnerId: options.partnerId ?? cz },
  );
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return { id: Number(result.data.webhookCreate.webhook.id), secret: result.data.webhookCreate.secret };
}

describe('the five-webhook limit', () => {
  it('lets five of ten parallel creates pass and refuses the rest with the spec message', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        server.gql(
          CREATE,
          { data: { url: `${base}/ok/${i}`, event: 'ORDER_CREATED', isEnabled: true } },
          {
            token: czToken,
            partnerId: cz,
          },
        ),
      ),
    );
    const refused = results.filter((r) => r.errors);
    expect(results.length - refused.length).toBe(MAX_WEBHOOKS);
    expect(refused.map(codeOf)).toEqual(Array(10 - MAX_WEBHOOKS).fill('MAX_HOOKS_EXCEEDED'));
    expect(refused[0]!.errors![0]!.message).toBe(
      'You cannot add another webhook because you have reached the maximum limit of 5 webhooks.',
    );
    const rows = await server.database.db.select().from(webhooks).where(eq(webhooks.partnerId, cz));
    expect(rows).toHaveLength(MAX_WEBHOOKS);
    // Another partner's count is its own.
    await createHook('/ok', 'ORDER_CREATED', { token: skToken, partnerId: sk });
  });
});
