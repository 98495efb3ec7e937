import { STREAM_LOGIN_TIMEOUT_MS, STREAM_PING_INTERVAL_MS, STREAM_SOCKETS_PER_SESSION, streamPath } from '@pp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type App, buildApp } from '../../app';
import { startTestServer, type TestServer, testConfig } from '../../test/harness';
import { eventually, WAIT_DEADLINE_MS } from '../../test/waits';
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
  return { token, streamToken: await freshStreamToken(token) };
}

/** Another stream token for a session: every socket needs its own. (Logins count towards the address limit.) */
async function freshStreamToken(token: string): Promise<string> {
  const result = await server.gql<{ streamToken: string }>('{ streamToken }', {}, { token });
  return result.data!.streamToken;
}

type Received = { type: string; data?: Record<string, unknown> };

interface Client {
  socket: WebSocket;
  /** Waits for the first unclaimed message of the type (or matching `match`), taking it from the list. */
  next(type: string, timeoutMs?: number, match?: (message: Received) => boolean): Promise<Received>;
  /** Every message received and not claimed by `next` yet. */
  received: Received[];
  closed: Promise<number>;
}

function connect(app: App, streamTokenValue: string): Promise<Client> {
  const socket = new WebSocket(`ws://127.0.0.1:${portOf(app)}${streamPath(streamTokenValue)}`);
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (raw) => {
    received.push(JSON.parse(String(raw)));
    for (const wake of [...waiters]) wake();
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const client: Client = {
    socket,
    closed,
    received,
    next(type, timeoutMs = WAIT_DEADLINE_MS, match = () => true) {
      // Woken by each message; the one timer is the deadline, not a polling interval.
      return new Promise((resolve, reject) => {
        const take = () => {
          const index = received.findIndex((m) => m.type === type && match(m));
          if (index < 0) return false;
          waiters.delete(take);
          clearTimeout(deadline);
          resolve(received.splice(index, 1)[0]!);
          return true;
        };
        const deadline = setTimeout(() => {
          waiters.delete(take);
          reject(new Error(`no ${type} within ${timeoutMs} ms; got ${JSON.stringify(received)}`));
        }, timeoutMs);
        if (!take()) waiters.add(take);
      });
    },
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('error', reject);
  });
}

let markers = 0;

/**
 * Proves that nothing published before now is still on its way to the socket: a marker sent to the
 * socket's account after it must arrive, and NOTIFY delivers in the order of publishing. Then the
 * test looks at what came instead of waiting a while for what should not.
 */
async function settled(client: Client, accountId: number, via: App = server.app): Promise<void> {
  const marker = `marker-${++markers}`;
  await via.platform.stream.publish({ accountId }, { type: 'broadcast', data: { marker } });
  await client.next('broadcast', WAIT_DEADLINE_MS, (m) => m.data?.marker === marker);
}

/** Messages of a type that came (markers aside). */
function got(client: Client, type: string): Received[] {
  return client.received.filter((m) => m.type === type && m.data?.marker === undefined);
}

async function accountIdOf(email: string): Promise<number> {
  const { rows } = await server.database.executeSql('select id from accounts where email = $1', [email]);
  return (rows[0] as { id: number }).id;
}

async function partnerIdOf(sapId: string): Promise<number> {
  const { rows } = await server.database.executeSql('select id from partners where sap_id = $1', [sapId]);
  return (rows[0] as { id: number }).id;
}

/** The close code, or 'open' if the socket is still open after `ms`. */
function closedWithin(client: Client, ms: number): Promise<number | 'open'> {
  return Promise.race([client.closed, new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms))]);
}

/** Logs in, and answers how the attempt ended: logged in, or closed with a code. */
async function tryLogin(client: Client, token: string): Promise<'logged_in' | number> {
  client.socket.send(JSON.stringify({ type: 'login', token }));
  return Promise.race([client.next('logged_in', WAIT_DEADLINE_MS).then(() => 'logged_in' as const), client.closed]);
}

/** Sets the hubs' limits for one test; the returned function restores them. */
function withLimits(limits: { loginTimeoutMs?: number; socketsPerSession?: number }): () => void {
  const hubs = [server.app.platform.stream, second.platform.stream];
  const saved = hubs.map((hub) => ({ ...hub.limits }));
  for (const hub of hubs) Object.assign(hub.limits, limits);
  return () => {
    for (const [i, hub] of hubs.entries()) Object.assign(hub.limits, saved[i]);
  };
}

/** The hub's count of sockets changes as sockets open and close, with no event to await. */
function until(check: () => boolean) {
  return eventually('the hub to hold the expected sockets', check);
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
    await settled(client, await accountIdOf('partner@demo.test'));
    expect(got(client, 'update_campaign')).toEqual([]);
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

describe('stream tokens are single-use', () => {
  it('refuses a second socket with a used token, while the first lives on', async () => {
    const { token, streamToken: st } = await streamToken('partner@demo.test');
    const first = await connect(server.app, st);
    expect(await tryLogin(first, token)).toBe('logged_in');

    const again = await connect(server.app, st);
    expect((await again.next('error')).data).toEqual({ code: 'AUTHENTICATION_ERROR' });
    expect(await again.closed).toBe(4401);
    // Used up on another process too, and after the first socket has gone.
    first.socket.close();
    await first.closed;
    const elsewhere = await connect(second, st);
    expect(await elsewhere.closed).toBe(4401);
  });

  it('gives exactly one socket of twenty opened at once with one token', async () => {
    const { token } = await server.login('multi@demo.test');
    const st = await freshStreamToken(token);
    const clients = await Promise.all(Array.from({ length: 20 }, (_, i) => connect(i % 2 ? second : server.app, st)));
    const outcomes = await Promise.all(clients.map((client) => tryLogin(client, token)));
    expect(outcomes.filter((o) => o === 'logged_in')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 4401)).toHaveLength(19);
    for (const client of clients) client.socket.close();
  });
});

describe('sockets that do not log in', () => {
  it('closes a socket that sends no login in time (4408), pings or not; a logged-in one stays', async () => {
    expect(STREAM_LOGIN_TIMEOUT_MS).toBe(5_000);
    const restore = withLimits({ loginTimeoutMs: 300 });
    try {
      const { token, streamToken: st } = await streamToken('partner@demo.test');
      // The member opens first: when the silent socket's login timer has run out, the member's has too.
      const member = await connect(server.app, await freshStreamToken(token));
      expect(await tryLogin(member, token)).toBe('logged_in');
      const silent = await connect(server.app, st);
      silent.socket.send(JSON.stringify({ type: 'ping' }));
      await silent.next('pong');
      expect(await closedWithin(silent, 15_000)).toBe(4408);

      member.socket.send(JSON.stringify({ type: 'ping' }));
      await member.next('pong');
      expect(await closedWithin(member, 0)).toBe('open');
      member.socket.close();
    } finally {
      restore();
    }
  });

  it('closes the not-yet-logged-in sockets of a session that logs out, and they cannot log in after', async () => {
    const { token, streamToken: st } = await streamToken('limited@demo.test');
    const waiting = await connect(second, st);
    const late = await connect(server.app, await freshStreamToken(token));
    // A pong comes after the socket's token is used and the socket is held: both are, before the logout.
    for (const client of [waiting, late]) {
      client.socket.send(JSON.stringify({ type: 'ping' }));
      await client.next('pong');
    }
    expect((await server.gql('mutation { logout }', {}, { token })).data).toEqual({ logout: true });
    expect(await tryLogin(late, token)).toBe(4401);
    // Closed by the logout itself: the login timeout would close it with 4408.
    expect(await closedWithin(waiting, 15_000)).toBe(4401);
  });
});

describe('sockets per session', () => {
  it(`holds at most ${STREAM_SOCKETS_PER_SESSION} sockets of one session per process, logged in or not`, async () => {
    const { token } = await server.login('multi@demo.test');
    const hub = server.app.platform.stream;
    // The sockets of earlier tests are gone: the counts below are this test's own.
    await until(() => hub.size() === 0);
    const held: Client[] = [];
    for (let i = 0; i < STREAM_SOCKETS_PER_SESSION; i++) {
      const client = await connect(server.app, await freshStreamToken(token));
      if (i % 2) expect(await tryLogin(client, token)).toBe('logged_in');
      held.push(client);
    }
    await until(() => hub.size() === STREAM_SOCKETS_PER_SESSION);

    const over = await connect(server.app, await freshStreamToken(token));
    expect((await over.next('error')).data).toEqual({ code: 'TOO_MANY_REQUESTS' });
    expect(await over.closed).toBe(4429);
    for (const client of held) expect(await closedWithin(client, 0)).toBe('open');

    // Another process, another session: not affected.
    const elsewhere = await connect(second, await freshStreamToken(token));
    expect(await tryLogin(elsewhere, token)).toBe('logged_in');
    const other = await streamToken('partner@demo.test');
    const otherClient = await connect(server.app, other.streamToken);
    expect(await tryLogin(otherClient, other.token)).toBe('logged_in');

    expect(hub.size()).toBe(STREAM_SOCKETS_PER_SESSION + 1);

    // A closed socket frees its place.
    held[0]!.socket.close();
    await until(() => hub.size() === STREAM_SOCKETS_PER_SESSION);
    const again = await connect(server.app, await freshStreamToken(token));
    expect(await tryLogin(again, token)).toBe('logged_in');
    for (const client of [...held, again, elsewhere, otherClient]) client.socket.close();
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
    await settled(client, await accountIdOf('partner@demo.test'));
    expect(got(client, 'broadcast')).toEqual([]);

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

describe('operators audience', () => {
  it('reaches administrators signed in as themselves, on any process; never partners nor an impersonation', async () => {
    const admin = await streamToken('admin@demo.test');
    const partner = await streamToken('partner@demo.test');
    const adminToken = admin.token;
    const [cz] = (await server.database.executeSql("select id from partners where sap_id = '100001'")).rows as {
      id: number;
    }[];
    const link = await server.gql<{ cockpitRemoteLoginLink: string }>(
      'mutation($p: ID!) { cockpitRemoteLoginLink(partnerId: $p) }',
      { p: cz!.id },
      { token: adminToken },
    );
    const [, h, t, p] = /^\/remote-login\/([^/]+)\/token\/([^/]+)\/partner\/(\d+)$/.exec(
      link.data!.cockpitRemoteLoginLink,
    )!;
    const remote = await server.gql<{ loginAsAdmin: { token: string } }>(
      'mutation($h: String!, $t: String!, $p: ID!) { loginAsAdmin(hash: $h, token: $t, partnerId: $p) { token } }',
      { h, t, p },
    );
    const actingToken = remote.data!.loginAsAdmin.token;

    const operator = await connect(second, admin.streamToken);
    const seller = await connect(server.app, partner.streamToken);
    const acting = await connect(second, await freshStreamToken(actingToken));
    expect(await tryLogin(operator, adminToken)).toBe('logged_in');
    expect(await tryLogin(seller, partner.token)).toBe('logged_in');
    expect(await tryLogin(acting, actingToken)).toBe('logged_in');

    await server.app.platform.stream.publish(
      { operators: true },
      { type: 'brand_request_created', data: { requestId: 1, name: 'Queue' } },
    );
    expect((await operator.next('brand_request_created')).data).toEqual({ requestId: 1, name: 'Queue' });
    // The partner's event still reaches the impersonation, which is that partner's member.
    await server.app.platform.stream.publish({ partnerId: cz!.id }, { type: 'update_campaign', data: { id: 3 } });
    await acting.next('update_campaign');
    await seller.next('update_campaign');
    await settled(seller, await accountIdOf('partner@demo.test'));
    await settled(operator, await accountIdOf('admin@demo.test'));
    expect(got(seller, 'brand_request_created')).toEqual([]);
    // The impersonation's account is the partner's master: partner@'s marker reached it too.
    await acting.next('broadcast', WAIT_DEADLINE_MS, (m) => m.data?.marker !== undefined);
    expect(got(acting, 'brand_request_created')).toEqual([]);
    expect(got(operator, 'update_campaign')).toEqual([]);
    for (const client of [operator, seller, acting]) client.socket.close();
  });
});

describe('events by right', () => {
  it("reaches only members holding the event's resource, and follows a change of rights at once", async () => {
    const cz = await partnerIdOf('100001');
    const master = await streamToken('partner@demo.test');
    const limited = await streamToken('limited@demo.test');
    const limitedId = await accountIdOf('limited@demo.test');
    const full = await connect(server.app, master.streamToken);
    const without = await connect(second, limited.streamToken);
    expect(await tryLogin(full, master.token)).toBe('logged_in');
    expect(await tryLogin(without, limited.token)).toBe('logged_in');

    // limited@ holds everything but orders: an order's event is not for it, the partner's others are.
    const orderEvent = { type: 'order_status_changed', data: { orderId: '41', status: 'SHIPPED' } } as const;
    await server.app.platform.stream.publish({ partnerId: cz }, orderEvent);
    await server.app.platform.stream.publish({ partnerId: cz }, { type: 'update_campaign', data: { id: 5 } });
    expect((await full.next('order_status_changed')).data).toEqual(orderEvent.data);
    await without.next('update_campaign');
    await settled(without, limitedId);
    expect(got(without, 'order_status_changed')).toEqual([]);

    // The master grants orders read: the next order event reaches the open socket, no reconnect.
    const control = await server.gql<{ accessControl: { policies: { subject: string; action: string }[] } }>(
      'query($id: ID!) { accessControl(accountId: $id) { policies { subject action } } }',
      { id: limitedId },
      { token: master.token, partnerId: cz },
    );
    const update =
      'mutation($id: ID!, $p: [PermissionPairInput!]!) { updateAccessControl(accountId: $id, policies: $p) { accountId } }';
    const granted = [...control.data!.accessControl.policies, { subject: 'orders', action: 'read' }];
    expect(
      (await server.gql(update, { id: limitedId, p: granted }, { token: master.token, partnerId: cz })).errors,
    ).toBeUndefined();
    await server.app.platform.stream.publish(
      { partnerId: cz },
      { ...orderEvent, data: { orderId: '42', status: 'OPEN' } },
    );
    expect((await without.next('order_status_changed')).data).toEqual({ orderId: '42', status: 'OPEN' });

    // And taken away again: the very next one does not.
    const taken = control.data!.accessControl.policies;
    expect(
      (await server.gql(update, { id: limitedId, p: taken }, { token: master.token, partnerId: cz })).errors,
    ).toBeUndefined();
    await server.app.platform.stream.publish(
      { partnerId: cz },
      { ...orderEvent, data: { orderId: '43', status: 'OPEN' } },
    );
    await settled(without, limitedId);
    expect(got(without, 'order_status_changed')).toEqual([]);
    for (const client of [full, without]) client.socket.close();
  });

  it("stops a partner's events on an open socket right after the account leaves that partner", async () => {
    const cz = await partnerIdOf('100001');
    const sk = await partnerIdOf('100002');
    const multiId = await accountIdOf('multi@demo.test');
    const multi = await streamToken('multi@demo.test');
    const { token: masterToken } = await server.login('partner@demo.test');
    // Held by the other process: the change reaches it only through the announcement.
    const client = await connect(second, multi.streamToken);
    expect(await tryLogin(client, multi.token)).toBe('logged_in');
    await server.app.platform.stream.publish({ partnerId: cz }, { type: 'update_campaign', data: { id: 1 } });
    expect((await client.next('update_campaign')).data).toEqual({ id: 1 });

    const unlinked = await server.gql(
      'mutation($id: ID!) { unlinkPartnerAccount(accountId: $id) }',
      { id: multiId },
      { token: masterToken, partnerId: cz },
    );
    expect(unlinked.data).toEqual({ unlinkPartnerAccount: true });
    // Published the moment the unlink has answered: the Czech one must not arrive, the Slovak one must.
    await server.app.platform.stream.publish({ partnerId: cz }, { type: 'update_campaign', data: { id: 2 } });
    await server.app.platform.stream.publish({ partnerId: sk }, { type: 'update_campaign', data: { id: 3 } });
    expect((await client.next('update_campaign')).data).toEqual({ id: 3 });
    await settled(client, multiId);
    expect(got(client, 'update_campaign')).toEqual([]);
    // Its session lives on for its other partners.
    expect(await closedWithin(client, 0)).toBe('open');
    client.socket.close();
  });
});
