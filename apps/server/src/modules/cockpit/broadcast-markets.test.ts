import type { StreamAudience } from '@pp/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { codeOf, startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
let adminToken: string;
beforeAll(async () => {
  server = await startTestServer();
  adminToken = (await server.login('admin@demo.test')).token;
});
afterAll(async () => server?.close());

const SEND = 'mutation($m: String!, $k: [String!]) { cockpitBroadcast(message: $m, markets: $k) }';

async function partnersOf(shopIds: string[]): Promise<number[]> {
  const { rows } = await server.database.executeSql(
    `select id from partners where shop_id = any($1::text[]) order by id`,
    [shopIds],
  );
  return (rows as { id: number }[]).map((r) => r.id);
}

/** Sends a notice and records to whom the stream was asked to deliver it. */
async function send(variables: Record<string, unknown>) {
  const audiences: StreamAudience[] = [];
  const spy = vi.spyOn(server.app.platform.stream, 'publish').mockImplementation(async (audience) => {
    audiences.push(audience);
  });
  try {
    const result = await server.gql(SEND, variables, { token: adminToken });
    return { result, audiences };
  } finally {
    spy.mockRestore();
  }
}

describe('notice to chosen markets', () => {
  it('goes to everybody when no market is chosen', async () => {
    const { result, audiences } = await send({ m: 'Maintenance at 22:00' });
    expect(result.data).toEqual({ cockpitBroadcast: true });
    expect(audiences).toEqual([{ all: true }]);
    expect((await send({ m: 'Again', k: [] })).audiences).toEqual([{ all: true }]);
  });

  it("reaches the chosen markets' partners only", async () => {
    const expected = await partnersOf(['SK10MA', 'PL20MA']);
    expect(expected.length).toBeGreaterThan(0);
    const { result, audiences } = await send({ m: 'Slovak and Polish news', k: ['SK10MA', 'PL20MA'] });
    expect(result.data).toEqual({ cockpitBroadcast: true });
    expect(audiences.map((a) => ('partnerId' in a ? a.partnerId : a)).sort((a, b) => Number(a) - Number(b))).toEqual(
      expected,
    );
    const czech = await partnersOf(['CZ10MA']);
    expect(audiences.some((a) => 'partnerId' in a && czech.includes(a.partnerId))).toBe(false);
  });

  it('refuses unknown markets and repeated ones, and sends nothing', async () => {
    for (const k of [['XX10MA'], ['CZ10MA', 'CZ10MA']]) {
      const { result, audiences } = await send({ m: 'Hello', k });
      expect(codeOf(result)).toBe('VALIDATION_ERROR');
      expect(audiences).toEqual([]);
    }
  });

  it('is for operators only', async () => {
    const partner = await server.login('partner@demo.test');
    const refused = await server.gql(SEND, { m: 'hi', k: ['CZ10MA'] }, { token: partner.token });
    expect(codeOf(refused)).toBe('ACCESS_DENIED');
  });
});
