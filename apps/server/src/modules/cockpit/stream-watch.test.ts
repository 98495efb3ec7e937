import { streamPath } from '@pp/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { auditLog } from '../../platform/audit/tables';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { within } from '../../test/waits';

let server: TestServer;
let cz: number;
let sk: number;
let admin: string;
beforeAll(async () => {
  server = await startTestServer({ listen: true });
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  admin = (await server.login('admin@demo.test')).token;
});
afterAll(async () => server?.close());

const WATCH = 'mutation($p: ID!) { cockpitStreamWatch(partnerId: $p) { token partnerName } }';
type Message = { type: string; data?: Record<string, unknown> };

/** A socket opened with a watch token, as the cockpit's stream page opens it; logs in with `loginToken`. */
async function openWatch(streamToken: string, loginToken: string) {
  const port = (server.app.app.server.address() as { port: number }).port;
  const socket = new WebSocket(`ws://127.0.0.1:${port}${streamPath(streamToken)}`);
  const received: Message[] = [];
  const waiters = new Set<() => boolean>();
  let closedWith: number | null = null;
  socket.on('message', (raw) => {
    received.push(JSON.parse(String(raw)));
    for (const wake of [...waiters]) if (wake()) waiters.delete(wake);
  });
  socket.on('close', (code) => {
    closedWith = code;
    for (const wake of [...waiters]) if (wake()) waiters.delete(wake);
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const next = (test: (m: Message) => boolean, what: string) =>
    within(
      what,
      new Promise<Message | null>((resolve) => {
        const take = () => {
          const found = received.find(test);
          if (found) resolve(found);
          else if (closedWith !== null) resolve(null);
          return Boolean(found) || closedWith !== null;
        };
        if (!take()) waiters.add(take);
      }),
    );
  socket.send(JSON.stringify({ type: 'login', token: loginToken }));
  const first = await next((m) => m.type === 'logged_in' || m.type === 'error', 'the login answer');
  return { socket, received, next, loggedIn: first?.type === 'logged_in', closed: () => closedWith };
}

const watchToken = async (token: string, partnerId: number) =>
  server.gql<{ cockpitStreamWatch: { token: string; partnerName: string } }>(WATCH, { p: partnerId }, { token });

describe("the administrator's login to stream", () => {
  it("receives the partner's events and no other partner's, and the opening is audited", async () => {
    const token = (await watchToken(admin, cz)).data!.cockpitStreamWatch.token;
    const watch = await openWatch(token, admin);
    try {
      expect(watch.loggedIn).toBe(true);
      const stream = server.app.platform.stream;
      await stream.publish({ partnerId: sk }, { type: 'order_created', data: { orderId: 'SK-1', status: 'open' } });
      await stream.publish({ partnerId: cz }, { type: 'order_created', data: { orderId: 'CZ-1', status: 'open' } });
      // NOTIFY keeps the order of publishes: once the marker arrives, the Slovak event had its chance.
      await stream.publish({ partnerId: cz }, { type: 'broadcast', data: { marker: 'watch-settled' } });
      await watch.next((m) => m.data?.marker === 'watch-settled', 'the marker');
      expect(watch.received.filter((m) => m.type === 'order_created').map((m) => m.data?.orderId)).toEqual(['CZ-1']);
      // The operator's own events are not the partner's and stay off the list.
      const [operator] = (await server.database.executeSql("select id from accounts where email = 'admin@demo.test'"))
        .rows as { id: number }[];
      await stream.publish({ accountId: operator!.id }, { type: 'broadcast', data: { marker: 'own' } });
      await stream.publish({ partnerId: cz }, { type: 'broadcast', data: { marker: 'after-own' } });
      await watch.next((m) => m.data?.marker === 'after-own', 'the second marker');
      expect(watch.received.some((m) => m.data?.marker === 'own')).toBe(false);
    } finally {
      watch.socket.close();
    }
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'cockpit.stream.watch'))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ partnerId: cz, entityId: String(cz) });
  });

  it('lets the operator do nothing as the partner', async () => {
    const token = (await watchToken(admin, cz)).data!.cockpitStreamWatch.token;
    const watch = await openWatch(token, admin);
    try {
      // A second login over the socket (with a partner's session) is ignored: the socket stays the watch it was.
      const partner = (await server.login('partner@demo.test')).token;
      watch.socket.send(JSON.stringify({ type: 'login', token: partner }));
      await server.app.platform.stream.publish({ partnerId: cz }, { type: 'broadcast', data: { marker: 'still' } });
      await watch.next((m) => m.data?.marker === 'still', 'the marker');
      expect(watch.received.filter((m) => m.type === 'logged_in')).toHaveLength(1);
    } finally {
      watch.socket.close();
    }
    // No partner session came of it: the operator's own session still cannot act for the partner.
    expect(codeOf(await server.gql('{ dashboard { accountsCount } }', {}, { token: admin, partnerId: cz }))).toBe(
      'ACCESS_DENIED',
    );
  });

  it('is refused to partners, and its token opens nothing for another session', async () => {
    const partner = (await server.login('partner@demo.test')).token;
    expect(codeOf(await watchToken(partner, cz))).toBe('ACCESS_DENIED');
    expect(codeOf(await watchToken(admin, 999_999))).toBe('ENTITY_NOT_FOUND');
    const token = (await watchToken(admin, cz)).data!.cockpitStreamWatch.token;
    const stolen = await openWatch(token, partner);
    expect(stolen.loggedIn).toBe(false);
    await stolen.next(() => false, 'the socket closing').catch(() => null);
    expect(stolen.closed()).toBe(4401);
  });
});
