import { buildApp } from '../apps/server/src/app';
import { type Config, loadConfig } from '../apps/server/src/platform/config';
import type { Database } from '../apps/server/src/platform/db/client';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo';

/** Runs `run` warm-ups plus samples times in a row and answers the sampled durations in ms. */
export async function timed(samples: number, warmups: number, run: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < samples + warmups; i++) {
    const started = performance.now();
    await run();
    if (i >= warmups) out.push(performance.now() - started);
  }
  return out;
}

/**
 * The real server over a bench's database, signed in as partner@demo.test for one partner: requests go
 * through `app.inject` (GraphQL, session, permission, service, database) without a network. Jobs are not
 * worked, the per-client rate limit is off, and the per-partner figures are computed on every call (not kept),
 * so a bench measures the work itself.
 */
export async function signedInApp(database: Database, url: string | undefined, partnerId: number) {
  const config: Config = {
    ...loadConfig({ LOG_LEVEL: 'silent', REMOTE_LOGIN_SECRET: 'bench-remote-login-secret-0123456789' }),
    databaseUrl: url,
    webDist: '/nonexistent',
    jobsEnabled: false,
    rateLimitPerMinute: 0,
    figuresCacheTtlMs: 0,
  };
  const app = await buildApp({ config, database });
  const login = await app.app.inject({
    method: 'POST',
    url: '/graphql',
    payload: { query: `mutation { login(email: "partner@demo.test", password: "${DEMO_PASSWORD}") { token } }` },
  });
  const token = login.json().data.login.token as string;
  /** A GraphQL request of the signed-in partner; GraphQL errors fail the bench. */
  async function gql(query: string, variables: Record<string, unknown>) {
    const response = await app.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: {
        authorization: `Bearer ${token}`,
        'x-partner-id': String(partnerId),
        'content-type': 'application/json',
      },
      payload: { query, variables },
    });
    const body = response.json();
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data;
  }
  return { gql, close: () => app.close() };
}
