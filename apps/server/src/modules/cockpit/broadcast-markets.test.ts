import type { StreamEvent } from '@pp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, startTestServer, type TestServer } from '../../test/harness';
import { eventually } from '../../test/waits';

let server: TestServer;
let adminToken: string;
beforeAll(async () => {
  server = await startTestServer();
  adminToken = (await server.login('admin@demo.test')).token;
});
afterAll(async () => server?.close());

const SEND = 'mutation($m: String!, $k: [String!]) { cockpitBroadcast(message: $m, markets: $k) }';

/**
 * Sellers holding the live stream in this process, as the socket route registers them after login: one of
 * a Slovak partner, one of a Polish partner, one of a Czech partner.
 */
function sellers() {
  const received = new Map<string, StreamEvent[]>();
  const removers = ['SK10MA', 'PL20MA', 'CZ10MA'].map((shop, i) => {
    received.set(shop, []);
    return server.app.platform.stream.add({
      sessionId: 900_000 + i,
      member: { accountId: 900_000 + i, partnerIds: new Set([900_000 + i]), shopIds: new Set([shop]) },
      send: (event) => received.get(shop)!.push(event),
      close: () => undefined,
    });
  });
  return {
    received,
    remove: () => {
      for (const remove of removers) remove?.();
    },
  };
}

let markers = 0;

/**
 * Proves that every notice sent before now has reached the sellers: the fan-out goes through the database
 * (also back to this process) in the order of commits, so a marker to everybody published after them comes
 * after them. The markers are then taken out, leaving what the notices brought.
 */
async function settled(received: Map<string, StreamEvent[]>) {
  const marker = `marker-${++markers}`;
  const isMarker = (e: StreamEvent) => (e.data as { marker?: string } | undefined)?.marker === marker;
  await server.app.platform.stream.publish({ all: true }, { type: 'broadcast', data: { marker } });
  await eventually(`the marker ${marker} at every seller`, () =>
    [...received.values()].every((events) => events.some(isMarker)),
  );
  for (const [shop, events] of received) {
    received.set(
      shop,
      events.filter((e) => !isMarker(e)),
    );
  }
}

describe('notice to chosen markets', () => {
  it('goes to everybody when no market is chosen', async () => {
    const { received, remove } = sellers();
    try {
      for (const k of [undefined, []]) {
        const result = await server.gql(SEND, { m: 'Maintenance at 22:00', k }, { token: adminToken });
        expect(result.data).toEqual({ cockpitBroadcast: true });
      }
      await settled(received);
      for (const events of received.values()) expect(events.map((e) => e.type)).toEqual(['broadcast', 'broadcast']);
    } finally {
      remove();
    }
  });

  it("reaches the chosen markets' sellers only, with one announcement", async () => {
    const { received, remove } = sellers();
    try {
      const result = await server.gql(
        SEND,
        { m: 'Slovak and Polish news', k: ['SK10MA', 'PL20MA'] },
        { token: adminToken },
      );
      expect(result.data).toEqual({ cockpitBroadcast: true });
      await settled(received);
      expect(received.get('SK10MA')).toEqual([{ type: 'broadcast', data: { message: 'Slovak and Polish news' } }]);
      expect(received.get('PL20MA')).toHaveLength(1);
      // Everything sent before the marker has arrived: it did not reach the Czech seller.
      expect(received.get('CZ10MA')).toEqual([]);
    } finally {
      remove();
    }
  });

  it('refuses unknown markets and repeated ones, and sends nothing', async () => {
    const { received, remove } = sellers();
    try {
      for (const k of [['XX10MA'], ['CZ10MA', 'CZ10MA']]) {
        expect(codeOf(await server.gql(SEND, { m: 'Hello', k }, { token: adminToken }))).toBe('VALIDATION_ERROR');
      }
      await settled(received);
      for (const events of received.values()) expect(events).toEqual([]);
    } finally {
      remove();
    }
  });

  it('is for operators only', async () => {
    const partner = await server.login('partner@demo.test');
    const refused = await server.gql(SEND, { m: 'hi', k: ['CZ10MA'] }, { token: partner.token });
    expect(codeOf(refused)).toBe('ACCESS_DENIED');
  });
});
