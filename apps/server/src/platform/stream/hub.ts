import {
  type Resource,
  STREAM_LOGIN_TIMEOUT_MS,
  STREAM_SOCKETS_PER_SESSION,
  type StreamAudience,
  type StreamEvent,
} from '@pp/domain';
import { sql } from 'drizzle-orm';
import { AUTH_CHANNEL, type AuthChange } from '../auth-cache';
import type { Database, DbOrTx } from '../db/client';
import { STREAM_EVENT_RESOURCE } from './resources';

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

/** Events of many audiences from inside a transaction, in one statement (a billing run's partners). */
export async function publishEachInTransaction(
  tx: DbOrTx,
  items: readonly { audience: StreamAudience; event: StreamEvent }[],
): Promise<void> {
  if (items.length === 0) return;
  const payloads = items.map((i) => streamPayload(i.audience, i.event));
  await tx.execute(sql`select pg_notify(${CHANNEL}, p) from unnest(${sql.param(payloads)}::text[]) as p`);
}

/** Many events of one audience from inside a transaction, in one statement (a bulk command's orders). */
export async function publishManyInTransaction(
  tx: DbOrTx,
  audience: StreamAudience,
  events: readonly StreamEvent[],
): Promise<void> {
  if (events.length === 0) return;
  const payloads = events.map((event) => streamPayload(audience, event));
  await tx.execute(sql`select pg_notify(${CHANNEL}, p) from unnest(${sql.param(payloads)}::text[]) as p`);
}

/** Who a logged-in socket is: set by its `login` message. */
export interface StreamMember {
  accountId: number;
  /** The operator behind an impersonation: a change to the operator is a change to this socket too. */
  adminAccountId?: number | null;
  partnerIds: ReadonlySet<number>;
  /**
   * Per partner, the resources this account may read there: a partner's event that belongs to a resource
   * reaches only members holding it (absent: none).
   */
  readable?: ReadonlyMap<number, ReadonlySet<Resource>>;
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
  /**
   * Reads the member again after an announced change of memberships or rights: the new member, or null
   * when the socket must go. Events wait meanwhile and are then judged by the new member.
   */
  refresh?(): Promise<StreamMember | null>;
}

export interface StreamLimits {
  /** A socket that has not logged in this long after opening is closed. */
  loginTimeoutMs: number;
  /** Sockets one session may hold in this process, logged in or not. */
  socketsPerSession: number;
}

/** Events one socket may hold back while its rights are read again; past this it is closed and reconnects. */
const HELD_EVENTS_MAX = 500;
/** Sockets whose rights are read again at once: a change for everybody must not take the whole pool. */
const REFRESH_CONCURRENCY = 4;

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
  /** How many changes of memberships or rights this process has heard: a login that saw one come while it read the member reads again. */
  changes(): number;
  size(): number;
  stop(): Promise<void>;
}

function reaches(audience: StreamAudience, event: StreamEvent, member: StreamMember): boolean {
  if ('all' in audience) return true;
  if ('partnerId' in audience) {
    if (!member.partnerIds.has(audience.partnerId)) return false;
    const resource = STREAM_EVENT_RESOURCE[event.type] ?? null;
    return resource === null || member.readable?.get(audience.partnerId)?.has(resource) === true;
  }
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
  const unlisten: (() => Promise<void>)[] = [];
  type Published = { audience: StreamAudience; event: StreamEvent };
  /** Sockets whose rights are being read again, with the events that came meanwhile (in order). */
  const held = new Map<StreamClient, { events: Published[]; again: boolean }>();
  const refreshQueue: StreamClient[] = [];
  let refreshing = 0;
  let changeCount = 0;

  function offer(client: StreamClient, message: Published) {
    if (!client.member) return;
    const waiting = held.get(client);
    if (waiting) {
      if (waiting.events.length >= HELD_EVENTS_MAX) client.close();
      else waiting.events.push(message);
      return;
    }
    if (reaches(message.audience, message.event, client.member)) client.send(message.event);
  }

  function deliver(payload: string) {
    let message: Published | { endSessions: number[] };
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
    for (const clients of bySession.values()) for (const client of clients) offer(client, message);
  }

  function pump() {
    while (refreshing < REFRESH_CONCURRENCY && refreshQueue.length) {
      const client = refreshQueue.shift()!;
      refreshing++;
      void refreshOne(client).finally(() => {
        refreshing--;
        pump();
      });
    }
  }

  async function refreshOne(client: StreamClient) {
    const waiting = held.get(client);
    if (!waiting) return;
    waiting.again = false;
    const member = await client.refresh!().catch(() => null);
    if (!member) {
      held.delete(client);
      client.close();
      return;
    }
    client.member = member;
    // Another change came while reading: read once more before anything held is let through.
    if (waiting.again) {
      refreshQueue.push(client);
      return;
    }
    held.delete(client);
    for (const message of waiting.events) offer(client, message);
  }

  /**
   * An announced change of memberships or rights (the auth cache's channel): the sockets it concerns stop
   * at once, read their member again, and only then see the events that came meanwhile, so nothing
   * published after the change reaches a socket under its old rights.
   */
  function authChanged(payload: string) {
    changeCount++;
    let change: AuthChange;
    try {
      change = JSON.parse(payload) as AuthChange;
    } catch {
      change = { all: true };
    }
    const accounts = 'accounts' in change ? new Set<number | null | undefined>(change.accounts) : null;
    const sessions = 'sessions' in change ? new Set(change.sessions) : null;
    for (const clients of bySession.values()) {
      for (const client of clients) {
        const member = client.member;
        if (!member || !client.refresh) continue;
        const concerned =
          'all' in change ||
          (sessions?.has(client.sessionId) ?? false) ||
          (accounts !== null && (accounts.has(member.accountId) || accounts.has(member.adminAccountId)));
        if (!concerned) continue;
        const waiting = held.get(client);
        if (waiting) waiting.again = true;
        else {
          held.set(client, { events: [], again: false });
          refreshQueue.push(client);
        }
      }
    }
    pump();
  }

  return {
    limits: hubLimits,
    async start() {
      unlisten.push(await database.listen(CHANNEL, deliver));
      unlisten.push(await database.listen(AUTH_CHANNEL, authChanged));
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
      const session = clients;
      return () => {
        if (!session.delete(client)) return;
        count--;
        held.delete(client);
        if (session.size === 0 && bySession.get(client.sessionId) === session) bySession.delete(client.sessionId);
      };
    },
    changes() {
      return changeCount;
    },
    size() {
      return count;
    },
    async stop() {
      for (const stop of unlisten.splice(0)) await stop();
      held.clear();
      refreshQueue.length = 0;
      for (const clients of bySession.values()) clients.clear();
      bySession.clear();
      count = 0;
    },
  };
}
