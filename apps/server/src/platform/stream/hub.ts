import type { StreamAudience, StreamEvent } from '@pp/domain';
import type { Database } from '../db/client';

const CHANNEL = 'pp_stream';

export interface StreamClient {
  sessionId: number;
  accountId: number;
  partnerIds: ReadonlySet<number>;
  send(event: StreamEvent): void;
  /** Ends the socket: its session is gone. */
  close(): void;
}

/**
 * Fans live events out to websockets. A publish goes through PostgreSQL NOTIFY, so every server process
 * (each LISTENing) delivers it to the sockets it holds, whichever process published it.
 */
export interface StreamHub {
  start(): Promise<void>;
  publish(audience: StreamAudience, event: StreamEvent): Promise<void>;
  /** Closes the sockets of ended sessions, in every process (logout, password reset, revocation). */
  endSessions(sessionIds: number[]): Promise<void>;
  add(client: StreamClient): () => void;
  size(): number;
  stop(): Promise<void>;
}

function reaches(audience: StreamAudience, client: StreamClient): boolean {
  if ('all' in audience) return true;
  if ('partnerId' in audience) return client.partnerIds.has(audience.partnerId);
  return client.accountId === audience.accountId;
}

export function createStreamHub(database: Database): StreamHub {
  const clients = new Set<StreamClient>();
  let unlisten: (() => Promise<void>) | null = null;

  function deliver(payload: string) {
    let message: { audience: StreamAudience; event: StreamEvent } | { endSessions: number[] };
    try {
      message = JSON.parse(payload);
    } catch {
      return;
    }
    if ('endSessions' in message) {
      const ended = new Set(message.endSessions);
      for (const client of clients) if (ended.has(client.sessionId)) client.close();
      return;
    }
    for (const client of clients) if (reaches(message.audience, client)) client.send(message.event);
  }

  return {
    async start() {
      unlisten = await database.listen(CHANNEL, deliver);
    },
    async publish(audience, event) {
      const payload = JSON.stringify({ audience, event });
      // NOTIFY payloads are limited to 8000 bytes: events carry ids and progress, never documents.
      if (Buffer.byteLength(payload) > 7900) throw new Error(`stream event ${event.type} is too large`);
      await database.notify(CHANNEL, payload);
    },
    async endSessions(sessionIds) {
      if (sessionIds.length) await database.notify(CHANNEL, JSON.stringify({ endSessions: sessionIds }));
    },
    add(client) {
      clients.add(client);
      return () => clients.delete(client);
    },
    size() {
      return clients.size;
    },
    async stop() {
      await unlisten?.();
      clients.clear();
    },
  };
}
