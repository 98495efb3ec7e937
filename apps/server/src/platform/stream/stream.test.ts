import { STREAM_PING_INTERVAL_MS, streamPath } from '@pp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type App, buildApp } from '../../app';
import { startTestServer, type TestServer, testConfig } from '../../test/harness';
import { openDatabase } from '../db/client';

/**
 * The live stream over real sockets. A second server instance stands for a second process: on PostgreSQL
 * it has its own connections; on PGlite (one process only) it shares the embedded database. Either way
 * an event published by one instance reaches a socket held by the other only through LISTEN/NOTIFY.
 */
let server: TestServer;
let second: App;
let closeSecondDb: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  const database = server.url
    ? await openDatabase({ databaseUrl: server.url, dataDir: '', poolSize: 2 })
    : server.database;
  if (server.url) closeSecondDb = () => database.close();
  const webDist = new URL('./fixtures', import.meta.url).pathname;
  second = await buildApp({ config: testConfig({ databaseUrl: server.url, webDist }), database, jobs: false });
  await second.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await second?.close();
  await closeSecondDb();
  await server?.close();
});

function portOf(app: App): number {
  return (app.app.server.address() as { port: number }).port;
}

async function streamToken(email: string) {
  const { token } = await server.login(email);
  const result = await server.gql<{ streamToken: string }>('{ streamToken }', {}, { token });
  return { token, streamToken: result.data!.streamToken };
}

interface Client {
  socket: WebSocket;
  next(type: string, timeoutMs?: number): Promise<{ type: string; data?: Record<string, unknown> }>;
  closed: Promise<number>;
}

function connect(app: App, streamTokenValue: string): Promise<Client> {
  const socket = new WebSocket(`ws://127.0.0.1:${portOf(app)}${streamPath(streamTokenValue)}`);
  const received: { type: string; data?: Record<string, unknown> }[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (raw) => {
    received.push(JSON.parse(String(raw)));
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const client: Client = {
    socket,
    closed,
    async next(type, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = received.findIndex((m) => m.type === type);
        if (index >= 0) return received.splice(index, 1)[0]!;
        if (Date.now() > deadline)
          throw new Error(`no ${type} within ${timeoutMs} ms; got ${JSON.stringify(received)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('error', reject);
  });
}

describe('live stream', () => {
  it('answers login and pings, as the web sends them every 15 seconds', async () => {
    expect(STREAM_PING_INTERVAL_MS).toBe(15_000);
    const { token, streamToken: st } = await streamToken('partner@demo.test');
    const client = await connect(server.app, st);
    client.socket.send(JSON.stringify({ type: 'login', token }));
    await client.next('logged_in');
    client.socket.send(JSON.stringify({ type: 'ping' }));
    const pong = await client.next('pong');
    expect(typeof pong.data?.at).toBe('string');
    client.socket.close();
  });

  it('delivers an event published by one process to a socket held by the other', async () => {
    const { token, streamToken: st } = await streamToken('partner@demo.test');
    const other = await streamToken('multi@demo.test');
    const client = await connect(second, st);
    const otherClient = await connect(second, other.streamToken);
    client.socket.send(JSON.stringify({ type: 'login', token }));
    otherClient.socket.send(JSON.stringify({ type: 'login', token: other.token }));
    await client.next('logged_in');
    await otherClient.next('logged_in');

    const [czId] = (await server.database.executeSql("select id from partners where sap_id = '100001'")).rows as {
      id: number;
    }[];
    const [plId] = (await server.database.executeSql("select id from partners where sap_id = '100003'")).rows as {
      id: number;
    }[];
    await server.app.platform.stream.publish(
      { all: true },
      { type: 'broadcast', data: { message: 'maintenance at 22:00' } },
    );
    expect((await client.next('broadcast')).data).toEqual({ message: 'maintenance at 22:00' });
    expect((await otherClient.next('broadcast')).data).toEqual({ message: 'maintenance at 22:00' });

    // A partner's event reaches that partner's sockets only.
    await server.app.platform.stream.publish({ partnerId: plId!.id }, { type: 'update_campaign', data: { id: 7 } });
    expect((await otherClient.next('update_campaign')).data).toEqual({ id: 7 });
    await expect(client.next('update_campaign', 600)).rejects.toThrow();
    expect(czId!.id).toBeGreaterThan(0);
    client.socket.close();
    otherClient.socket.close();
  });

  it('tells a client running an older build that a new version exists', async () => {
    const { token, streamToken: st } = await streamToken('partner@demo.test');
    const client = await connect(second, st);
    client.socket.send(JSON.stringify({ type: 'login', token }));
    client.socket.send(JSON.stringify({ type: 'app_version', version: 'old-build' }));
    expect((await client.next('app_new_version')).data).toEqual({ version: 'fixture-build-2' });
    client.socket.close();
  });

  it('closes a socket opened with an unknown token, or logged in with another session', async () => {
    const bad = await connect(server.app, 'not-a-token');
    expect(await bad.closed).toBe(4401);
    const a = await streamToken('partner@demo.test');
    const b = await server.login('partner@demo.test');
    const mismatched = await connect(server.app, a.streamToken);
    mismatched.socket.send(JSON.stringify({ type: 'login', token: b.token }));
    expect(await mismatched.closed).toBe(4401);
  });
});

describe('operator broadcast', () => {
  it('reaches every signed-in socket, on any process, and only an administrator may send it', async () => {
    const partner = await streamToken('partner@demo.test');
    const client = await connect(second, partner.streamToken);
    client.socket.send(JSON.stringify({ type: 'login', token: partner.token }));
    await client.next('logged_in');

    const admin = await server.login('admin@demo.test');
    const send = 'mutation($m: String!) { cockpitBroadcast(message: $m) }';
    const refused = await server.gql(send, { m: 'hello' }, { token: partner.token });
    expect(refused.errors?.[0]?.extensions.code).toBe('ACCESS_DENIED');
    const empty = await server.gql(send, { m: '   ' }, { token: admin.token });
    expect(empty.errors?.[0]?.extensions.code).toBe('VALIDATION_ERROR');
    await expect(client.next('broadcast', 500)).rejects.toThrow();

    expect((await server.gql(send, { m: ' Planned maintenance at 22:00 ' }, { token: admin.token })).data).toEqual({
      cockpitBroadcast: true,
    });
    expect((await client.next('broadcast')).data).toEqual({ message: 'Planned maintenance at 22:00' });
    client.socket.close();
  });
});

describe('ended sessions', () => {
  it('closes the sockets of a session that logs out, on whichever process holds them', async () => {
    const { token, streamToken: st } = await streamToken('limited@demo.test');
    const other = await streamToken('limited@demo.test');
    const client = await connect(second, st);
    const stays = await connect(second, other.streamToken);
    client.socket.send(JSON.stringify({ type: 'login', token }));
    stays.socket.send(JSON.stringify({ type: 'login', token: other.token }));
    await client.next('logged_in');
    await stays.next('logged_in');

    expect((await server.gql('mutation { logout }', {}, { token })).data).toEqual({ logout: true });
    expect(await client.closed).toBe(4401);
    // The same account's other session is untouched.
    stays.socket.send(JSON.stringify({ type: 'ping' }));
    await stays.next('pong');
    stays.socket.close();
  });
});
