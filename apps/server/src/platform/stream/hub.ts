import { STREAM_LOGIN_TIMEOUT_MS, STREAM_SOCKETS_PER_SESSION, type StreamAudience, type StreamEvent } from '@pp/domain';
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client';

const CHANNEL = 'pp_stream';

function streamPayload(audience: StreamAudience, event: StreamEvent): string {
  const payload = JSON.stringify({ audience, event });
  // NOTIFY payloads are limited to 8000 bytes: events carry ids and progress, never documents.
  if (Buffer.byteLength(payload) > 7900) throw new Error(`stream event ${event.type} is too large`);
  return payload;
}

/**
 * Publishes from inside a transaction: PostgreSQL delivers the NOTIFY only when the transaction commits, so
 * a rolled-back change announces nothing. For changes whose transaction belongs to the caller.
 */
export async function publishInTransaction(tx: DbOrTx, audience: StreamAudience, event: StreamEvent): Promise<void> {
  await tx.execute(sql`select pg_notify(${CHANNEL}, ${streamPayload(audience, event)})`);
}

/** Who a logged-in socket is: set by its `login` message. */
export interface StreamMember {
  accountId: number;
  partnerIds: ReadonlySet<number>;
  /** The markets of those partners, for notices to chosen markets. */
  shopIds: ReadonlySet<string>;
  /**
   * An administrator signed in as themselves (the same test as requireAdmin): the cockpit's queues follow
   * the `operators` audience. An administrator acting as a partner is that partner's member instead.
   * Absent means not an operator.
   */
  operator?: boolean;
}

/** One socket of this process, from the moment its stream token opened it. */
export interface StreamClient {
  sessionId: number;
  /** Null until the socket has logged in: no event reaches it before that. */
  member: StreamMember | null;
  send(event: StreamEvent): void;
  /** Ends the socket: its session is gone. */
  close(): void;
}

export interface StreamLimits {
  /** A socket that has not logged in this long after opening is closed. */
  loginTimeoutMs: number;
  /** Sockets one session may hold in this process, logged in or not. */
  socketsPerSession: number;
}

/**
 * Fans live events out to websockets. A publish goes through PostgreSQL NOTIFY, so every server process
 * (each LISTENing) delivers it to the sockets it holds, whichever process published it.
 */
export interface StreamHub {
  /** Read by the route for each new socket; tests shorten them. */
  readonly limits: StreamLimits;
  start(): Promise<void>;
  publish(audience: StreamAudience, event: StreamEvent): Promise<void>;
  /** Closes the sockets of ended sessions, in every process (logout, password reset, revocation). */
  endSessions(sessionIds: number[]): Promise<void>;
  /**
   * Holds a socket as soon as its stream token is used, logged in or not, so that an ended session
   * closes it at once and it counts towards its session's cap. Returns the remover, or null when the
   * session already holds `socketsPerSession` sockets here. The cap is per process on purpose: each
   * socket costs a fresh single-use token from an authenticated, rate-limited request, so a client cannot
   * open sockets faster than it may ask for tokens, and no cross-process count is needed.
   */
  add(client: StreamClient): (() => void) | null;
  size(): number;
  stop(): Promise<void>;
}

function reaches(audience: StreamAudience, member: StreamMember): boolean {
  if ('all' in audience) return true;
  if ('partnerId' in audience) return member.partnerIds.has(audience.partnerId);
  if ('shops' in audience) return audience.shops.some((shop) => member.shopIds.has(shop));
  if ('operators' in audience) return member.operator === true;
  return member.accountId === audience.accountId;
}

export function createStreamHub(database: Database, limits: Partial<StreamLimits> = {}): StreamHub {
  const hubLimits: StreamLimits = {
    loginTimeoutMs: limits.loginTimeoutMs ?? STREAM_LOGIN_TIMEOUT_MS,
    socketsPerSession: limits.socketsPerSession ?? STREAM_SOCKETS_PER_SESSION,
  };
  const bySession = new Map<number, Set<StreamClient>>();
  let count = 0;
  let unlisten: (() => Promise<void>) | null = null;

  function deliver(payload: string) {
    let message: { audience: StreamAudience; event: StreamEvent } | { endSessions: number[] };
    try {
      message = JSON.parse(payload);
    } catch {
      return;
    }
    if ('endSessions' in message) {
      for (const sessionId of message.endSessions)
        for (const client of [...(bySession.get(sessionId) ?? [])]) client.close();
      return;
    }
    for (const clients of bySession.values())
      for (const client of clients)
        if (client.member && reaches(message.audience, client.member)) client.send(message.event);
  }

  return {
    limits: hubLimits,
    async start() {
      unlisten = await database.listen(CHANNEL, deliver);
    },
    async publish(audience, event) {
      await database.notify(CHANNEL, streamPayload(audience, event));
    },
    async endSessions(sessionIds) {
      if (sessionIds.length) await database.notify(CHANNEL, JSON.stringify({ endSessions: sessionIds }));
    },
    add(client) {
      let clients = bySession.get(client.sessionId);
      if (clients && clients.size >= hubLimits.socketsPerSession) return null;
      if (!clients) {
        clients = new Set();
        bySession.set(client.sessionId, clients);
      }
      clients.add(client);
      count++;
      const held = clients;
      return () => {
        if (!held.delete(client)) return;
        count--;
        if (held.size === 0 && bySession.get(client.sessionId) === held) bySession.delete(client.sessionId);
      };
    },
    size() {
      return count;
    },
    async stop() {
      await unlisten?.();
      for (const clients of bySession.values()) clients.clear();
      bySession.clear();
      count = 0;
    },
  };
}
