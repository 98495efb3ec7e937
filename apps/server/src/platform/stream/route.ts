import { STREAM_IDLE_TIMEOUT_MS, type StreamEvent } from '@pp/domain';
import type { FastifyInstance } from 'fastify';
import { resolveSession } from '../../modules/auth/service';
import { resolveStreamToken } from '../../modules/auth/stream-tokens';
import { reachablePartners } from '../../modules/partner/service';
import type { Platform } from '../context';
import { readFeatureFlags } from '../flags/service';
import { metrics } from '../metrics';

/**
 * The live stream: /v1/stream-api/{token}/ws. The client proves its session twice: the stream token in
 * the path opens the socket, the login message binds it to the same session. Events flow only after that.
 */
export function registerStreamRoute(app: FastifyInstance, platform: Platform, webVersion: () => string | null) {
  app.get<{ Params: { token: string } }>('/v1/stream-api/:token/ws', { websocket: true }, async (socket, request) => {
    const send = (event: StreamEvent) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
    };
    // Listeners are attached before anything is awaited, or a client's first messages would be lost;
    // messages are then handled one after another, in the order they came.
    let queue: Promise<void> = Promise.resolve();
    let removeClient: (() => void) | null = null;
    let idle = setTimeout(() => socket.close(4408, 'idle'), STREAM_IDLE_TIMEOUT_MS);
    const opened = resolveStreamToken(platform.database.db, request.params.token).catch(() => null);
    metrics.streamConnections.inc();

    async function handle(raw: unknown, session: { sessionId: number }) {
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
      if (message.type === 'login' && typeof message.token === 'string' && !removeClient) {
        const auth = await resolveSession(platform.database.db, message.token).catch(() => null);
        if (!auth || auth.sessionId !== session.sessionId) {
          socket.close(4401, 'AUTHENTICATION_ERROR');
          return;
        }
        const flags = await readFeatureFlags(platform.database.db);
        const partnerIds = new Set((await reachablePartners(platform.database.db, auth, flags)).map((p) => p.id));
        removeClient = platform.stream.add({
          sessionId: auth.sessionId,
          accountId: auth.account.id,
          partnerIds,
          send,
          close: () => socket.close(4401, 'AUTHENTICATION_ERROR'),
        });
        send({ type: 'logged_in' });
      }
    }

    socket.on('message', (raw) => {
      clearTimeout(idle);
      idle = setTimeout(() => socket.close(4408, 'idle'), STREAM_IDLE_TIMEOUT_MS);
      queue = queue.then(async () => {
        const session = await opened;
        if (session)
          await handle(raw, session).catch((error) => request.log.error({ err: error }, 'stream message failed'));
      });
    });
    void opened.then((session) => {
      if (session) return;
      send({ type: 'error', data: { code: 'AUTHENTICATION_ERROR' } });
      socket.close(4401, 'AUTHENTICATION_ERROR');
    });
    socket.on('close', () => {
      clearTimeout(idle);
      removeClient?.();
      metrics.streamConnections.dec();
    });
  });
}
