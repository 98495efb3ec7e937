import { type Resource, STREAM_CLOSE, STREAM_IDLE_TIMEOUT_MS, type StreamEvent } from '@pp/domain';
import type { FastifyInstance } from 'fastify';
import { resolveSession } from '../../modules/auth/service';
import { consumeStreamToken } from '../../modules/auth/stream-tokens';
import { watchMemberOf } from '../../modules/cockpit/stream-watch';
import { policiesFor, reachablePartners } from '../../modules/partner/service';
import type { Auth, Platform } from '../context';
import type { Db } from '../db/client';
import { readFeatureFlags } from '../flags/service';
import { metrics } from '../metrics';
import type { StreamClient, StreamMember } from './hub';

/**
 * Who a socket's session is on the stream: its partners (the same the API lets it act for), what it may
 * read at each, and whether it is an operator. Read at login and again after every announced change that
 * concerns it.
 */
async function memberOf(db: Db, auth: Auth): Promise<StreamMember> {
  const flags = await readFeatureFlags(db);
  // A session that may only set up two-factor sign-in hears no partner's events either (issue 24).
  const reachable = auth.twoFactorEnrolmentRequired ? [] : await reachablePartners(db, auth, flags);
  const readable = new Map<number, ReadonlySet<Resource>>();
  for (const partner of reachable) {
    const policies = await policiesFor(db, auth, partner);
    readable.set(
      partner.id,
      new Set(policies.filter((p) => p.isActive && !p.isDisabled && p.action === 'read').map((p) => p.subject)),
    );
  }
  return {
    accountId: auth.account.id,
    adminAccountId: auth.admin?.id ?? null,
    partnerIds: new Set(reachable.map((p) => p.id)),
    readable,
    shopIds: new Set(reachable.map((p) => p.shopId)),
    // A session that may only set up two-factor sign-in is no operator's (issue 24).
    operator: auth.account.isAdmin && auth.admin === null && !auth.twoFactorEnrolmentRequired,
  };
}

/**
 * The live stream: /v1/stream-api/{token}/ws. The client proves its session twice: the stream token in
 * the path opens the socket (and is used up by it: one token, one socket), the login message binds it to
 * the same session. Events flow only after that.
 *
 * Close codes (STREAM_CLOSE): 4401 with an `error` AUTHENTICATION_ERROR event for an unknown, used or
 * expired token, a login with another session, or an ended session; 4408 when the socket sent nothing for
 * three ping periods, or sent no valid login within the hub's loginTimeoutMs (a timeout, not a proven
 * bad credential: the web simply reconnects with a fresh token); 4429 with an `error` TOO_MANY_REQUESTS
 * event when the session already holds its cap of sockets in this process.
 */
export function registerStreamRoute(app: FastifyInstance, platform: Platform, webVersion: () => string | null) {
  app.get<{ Params: { token: string } }>('/v1/stream-api/:token/ws', { websocket: true }, async (socket, request) => {
    const send = (event: StreamEvent) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
    };
    // Closing or closed: nothing more is sent, joined or logged in.
    const gone = () => socket.readyState !== socket.OPEN;
    const close = (code: number, reason: string) => {
      if (!gone()) socket.close(code, reason);
    };
    const refuse = () => {
      send({ type: 'error', data: { code: 'AUTHENTICATION_ERROR' } });
      close(STREAM_CLOSE.unauthenticated, 'AUTHENTICATION_ERROR');
    };
    // Listeners are attached before anything is awaited, or a client's first messages would be lost;
    // messages are then handled one after another, in the order they came.
    let queue: Promise<void> = Promise.resolve();
    let removeClient: (() => void) | null = null;
    let watchPartnerId: number | null = null;
    let idle = setTimeout(() => close(STREAM_CLOSE.timeout, 'idle'), STREAM_IDLE_TIMEOUT_MS);
    // A socket that never logs in (pings do not count) is closed however the session fares.
    const loginTimer = setTimeout(
      () => close(STREAM_CLOSE.timeout, 'login timeout'),
      platform.stream.limits.loginTimeoutMs,
    );
    metrics.streamConnections.inc();

    // The token is used up here, whatever follows. The socket joins the hub at once, before login, so
    // that an ended session closes it and it counts towards the session's cap.
    const opened: Promise<StreamClient | null> = consumeStreamToken(platform.database.db, request.params.token)
      .catch((error) => {
        request.log.error({ err: error }, 'stream token check failed');
        return null;
      })
      .then((session) => {
        if (!session) {
          refuse();
          return null;
        }
        watchPartnerId = session.watchPartnerId;
        if (gone()) return null;
        const client: StreamClient = {
          sessionId: session.sessionId,
          member: null,
          send,
          close: () => close(STREAM_CLOSE.unauthenticated, 'AUTHENTICATION_ERROR'),
        };
        removeClient = platform.stream.add(client);
        if (!removeClient) {
          send({ type: 'error', data: { code: 'TOO_MANY_REQUESTS' } });
          close(STREAM_CLOSE.tooManySockets, 'TOO_MANY_REQUESTS');
          return null;
        }
        return client;
      });

    async function handle(raw: unknown, client: StreamClient) {
      let message: { type?: string; token?: string; version?: string };
      try {
        message = JSON.parse(String(raw));
      } catch {
        return;
      }
      if (message.type === 'ping') return send({ type: 'pong', data: { at: new Date().toISOString() } });
      if (message.type === 'app_version') {
        const current = webVersion();
        if (current && message.version && message.version !== current) {
          send({ type: 'app_new_version', data: { version: current } });
        }
        return;
      }
      if (message.type === 'login' && typeof message.token === 'string' && !client.member) {
        // A revoked or expired session no longer resolves: a socket opened before logout cannot log in after.
        const db = platform.database.db;
        const auth = await resolveSession(db, message.token).catch(() => null);
        if (!auth || auth.sessionId !== client.sessionId) return refuse();
        // An operator's "login to stream" listens as the watched partner's member, never as the partner.
        const watched = watchPartnerId;
        const read = (): Promise<StreamMember | null> =>
          watched === null ? memberOf(db, auth) : watchMemberOf(db, auth, watched);
        let member: StreamMember | null;
        let seen: number;
        do {
          seen = platform.stream.changes();
          member = await read();
        } while (seen !== platform.stream.changes() && !gone());
        if (!member) return refuse();
        // Closed meanwhile (the session ended, the timeout, the client left): the hub has let it go.
        if (gone()) return;
        client.member = member;
        // An ended session closes the socket through the hub; a change of partners or rights reads the
        // member again from the session as it was resolved (without touching the session's idle time).
        client.refresh = async () => (gone() ? null : read());
        clearTimeout(loginTimer);
        send({ type: 'logged_in' });
      }
    }

    socket.on('message', (raw) => {
      clearTimeout(idle);
      idle = setTimeout(() => close(STREAM_CLOSE.timeout, 'idle'), STREAM_IDLE_TIMEOUT_MS);
      queue = queue.then(async () => {
        const client = await opened;
        if (client && !gone())
          await handle(raw, client).catch((error) => request.log.error({ err: error }, 'stream message failed'));
      });
    });
    socket.on('close', () => {
      clearTimeout(idle);
      clearTimeout(loginTimer);
      removeClient?.();
      metrics.streamConnections.dec();
    });
  });
}
