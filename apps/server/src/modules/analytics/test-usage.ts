import { eq } from 'drizzle-orm';
import type { TestServer } from '../../test/harness';
import { usageEvents } from './tables';

/** A page view as the web's usage recorder sends it. */
export function view(route: string, at = new Date().toISOString()) {
  return { kind: 'view', route, at };
}

/** What the analytics tests (the PGlite file and the PostgreSQL race file) send and read back. */
export function usageClient(server: () => TestServer) {
  return {
    async send(body: unknown, options: { token?: string | null; partnerId?: number | null } = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json', 'accept-language': 'en' };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.partnerId != null) headers['x-partner-id'] = String(options.partnerId);
      const response = await server().app.app.inject({
        method: 'POST',
        url: '/portal/usage',
        headers,
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      });
      return { status: response.statusCode, body: response.body ? response.json() : null };
    },
    eventsOfRoute(route: string) {
      const { db } = server().database;
      return db.select().from(usageEvents).where(eq(usageEvents.route, route)).orderBy(usageEvents.id);
    },
  };
}
