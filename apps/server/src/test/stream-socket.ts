import { streamPath } from '@pp/domain';
import WebSocket from 'ws';
import type { TestServer } from './harness';
import { within } from './waits';

type Received = { type: string; data?: Record<string, unknown> };

export interface StreamSocket {
  /**
   * The first message of the type (and matching `match`) that `next` has not returned before, as soon as it
   * arrives. No polling: woken by each message; the one timer is the deadline.
   */
  next(type: string, match?: (message: Received) => boolean): Promise<Received>;
  /** Every message of the type received so far, markers aside. */
  all(type: string): Received[];
  /**
   * Proves that nothing published before now is still on its way to this socket: a marker sent to the
   * socket's account after it must arrive, and NOTIFY delivers in the order of commits. A test then looks
   * at what came instead of waiting a while for what should not.
   */
  settled(): Promise<void>;
  close(): void;
}

let markers = 0;

/** A logged-in live stream socket of the session, as the web opens it (the server must listen). */
export async function openStreamSocket(
  server: TestServer,
  sessionToken: string,
  options: { partnerId?: number } = {},
): Promise<StreamSocket> {
  const asked = { token: sessionToken, partnerId: options.partnerId ?? null };
  const { streamToken } = (await server.gql<{ streamToken: string }>('{ streamToken }', {}, asked)).data!;
  const session = await server.gql<{ session: { account: { id: string } } }>(
    '{ session { account { id } } }',
    {},
    asked,
  );
  const accountId = Number(session.data!.session.account.id);
  const port = (server.app.app.server.address() as { port: number }).port;
  const socket = new WebSocket(`ws://127.0.0.1:${port}${streamPath(streamToken)}`);
  const received: Received[] = [];
  const returned = new Set<Received>();
  const waiters = new Set<() => boolean>();
  socket.on('message', (raw) => {
    received.push(JSON.parse(String(raw)));
    for (const wake of [...waiters]) if (wake()) waiters.delete(wake);
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const next = (type: string, match: (message: Received) => boolean = () => true) =>
    within(
      `a ${type} on the stream`,
      new Promise<Received>((resolve) => {
        const take = () => {
          const found = received.find((m) => m.type === type && !returned.has(m) && match(m));
          if (!found) return false;
          returned.add(found);
          resolve(found);
          return true;
        };
        if (!take()) waiters.add(take);
      }),
    ).catch((error: Error) => {
      throw new Error(`${error.message}; got ${JSON.stringify(received)}`);
    });
  socket.send(JSON.stringify({ type: 'login', token: sessionToken }));
  await next('logged_in');
  return {
    next,
    all: (type) => received.filter((m) => m.type === type && m.data?.marker === undefined),
    async settled() {
      const marker = `socket-marker-${++markers}`;
      await server.app.platform.stream.publish({ accountId }, { type: 'broadcast', data: { marker } });
      await next('broadcast', (m) => m.data?.marker === marker);
    },
    close: () => socket.close(),
  };
}
