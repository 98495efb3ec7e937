import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config';
import { rowsOf } from '../../platform/db/client';
import { codeOf, partnerIdByShop, startTestServer, type TestServer, signInAsPartner } from '../../test/harness';
import { accounts } from '../account/tables';
import { deleteOldUsage, usageQuery } from './service';
import { usageEvents } from './tables';
import { usageClient, view } from './test-usage';

let server: TestServer;
let cz: number;
let sk: number;
let adminToken: string;

const USAGE = 'query($days: Int!) { cockpitUsage(days: $days) { day route views clicks employeeViews } }';
type Day = { day: string; route: string; views: number; clicks: number; employeeViews: number };

const { send, eventsOfRoute } = usageClient(() => server);

async function usage(days: number, token = adminToken): Promise<Day[]> {
  const result = await server.gql<{ cockpitUsage: Day[] }>(USAGE, { days }, { token });
  expect(result.errors).toBeUndefined();
  return result.data!.cockpitUsage;
}

const impersonationToken = (partnerId: number) => signInAsPartner(server, adminToken, partnerId);

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  adminToken = (await server.login('admin@demo.test')).token;
});
afterAll(async () => server?.close());

describe('POST /portal/usage', () => {
  it('stores a batch under the session’s account and selected partner, as a seller session', async () => {
    const { token } = await server.login('partner@demo.test');
    const at = new Date(Date.now() - 60_000).toISOString();
    const result = await send(
      [view('orders', at), { kind: 'click', route: 'orders', label: 'Export', at }, view('orders-detail', at)],
      { token, partnerId: cz },
    );
    expect(result.status).toBe(204);
    const [account] = await server.database.db.select().from(accounts).where(eq(accounts.email, 'partner@demo.test'));
    const rows = await eventsOfRoute('orders');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      kind: 'view',
      label: null,
      accountId: account!.id,
      partnerId: cz,
      employee: false,
    });
    expect(rows[1]).toMatchObject({ kind: 'click', label: 'Export', partnerId: cz });
    expect(rows[0]!.occurredAt.toISOString()).toBe(at);
  });

  it('marks the views of an operator signed in as the partner as employee views', async () => {
    const token = await impersonationToken(cz);
    expect((await send([view('sla-employee')], { token, partnerId: cz })).status).toBe(204);
    const [row] = await eventsOfRoute('sla-employee');
    expect(row).toMatchObject({ employee: true, partnerId: cz });
    expect((await send([view('cockpit-usage-own')], { token: adminToken, partnerId: cz })).status).toBe(204);
    const [own] = await eventsOfRoute('cockpit-usage-own');
    expect(own).toMatchObject({ employee: true, partnerId: null });
  });

  it('refuses anonymous callers and a partner that is not the caller’s, storing nothing', async () => {
    const anonymous = await send([view('anonymous-page')]);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('AUTHENTICATION_ERROR');
    const { token } = await server.login('partner@demo.test');
    const foreign = await send([view('foreign-page')], { token, partnerId: sk });
    expect(foreign.status).toBe(403);
    expect(await eventsOfRoute('anonymous-page')).toHaveLength(0);
    expect(await eventsOfRoute('foreign-page')).toHaveLength(0);
  });

  it('refuses a batch over 50 events, an empty one and bad route names whole, translated', async () => {
    const { token } = await server.login('partner@demo.test');
    const tooMany = await send(Array(50 + 1).fill(view('too-many')), { token, partnerId: cz });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe('VALIDATION_ERROR');
    expect((await send([], { token, partnerId: cz })).status).toBe(400);
    for (const route of ['orders/123?token=secret', 'Orders', 'jan@example.com', 'x'.repeat(81)]) {
      const bad = await send([view('good-before-bad'), view(route)], { token, partnerId: cz });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('VALIDATION_ERROR');
    }
    const czech = await server.app.app.inject({
      method: 'POST',
      url: '/portal/usage',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'cs' },
      payload: JSON.stringify({ not: 'a batch' }),
    });
    expect(czech.statusCode).toBe(400);
    expect(czech.json().message).not.toBe(tooMany.body.message);
    expect(await eventsOfRoute('too-many')).toHaveLength(0);
    expect(await eventsOfRoute('good-before-bad')).toHaveLength(0);
  });

  it('refuses a body over the size limit and a body that is not JSON, without a 500', async () => {
    const { token } = await server.login('partner@demo.test');
    const huge = await send([{ ...view('huge'), label: 'x'.repeat(64 * 1024) }], { token, partnerId: cz });
    expect(huge.status).toBe(413);
    const broken = await send('{"kind":', { token, partnerId: cz });
    expect(broken.status).toBe(400);
  });

  it('dates events from a wrong clock within the last day, never in the future', async () => {
    const { token } = await server.login('partner@demo.test');
    const before = Date.now();
    await send([view('clock-future', '2099-01-01T00:00:00Z'), view('clock-past', '2001-01-01T00:00:00Z')], {
      token,
      partnerId: cz,
    });
    const [future] = await eventsOfRoute('clock-future');
    const [past] = await eventsOfRoute('clock-past');
    expect(future!.occurredAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(future!.occurredAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(past!.occurredAt.getTime()).toBeGreaterThanOrEqual(before - 24 * 3600_000 - 1000);
  });
});

describe('cockpitUsage', () => {
  it('counts views and clicks per route and day, employee views apart', async () => {
    const { token } = await server.login('multi@demo.test');
    const now = new Date().toISOString();
    await send(
      [
        view('cockpit-count', now),
        view('cockpit-count', now),
        { kind: 'click', route: 'cockpit-count', label: 'A', at: now },
      ],
      { token },
    );
    await send([view('cockpit-count', now)], { token: await impersonationToken(sk), partnerId: sk });
    const today = now.slice(0, 10);
    const rows = (await usage(7)).filter((row) => row.route === 'cockpit-count');
    expect(rows).toEqual([{ day: today, route: 'cockpit-count', views: 2, clicks: 1, employeeViews: 1 }]);
  });

  it('leaves out days before the period', async () => {
    await server.database.db.insert(usageEvents).values({
      kind: 'view',
      route: 'old-page',
      occurredAt: new Date(Date.now() - 3 * 24 * 3600_000),
    });
    expect((await usage(1)).some((row) => row.route === 'old-page')).toBe(false);
    expect((await usage(5)).some((row) => row.route === 'old-page')).toBe(true);
  });

  it('accepts 1 to 90 days and refuses others with a translated validation error', async () => {
    for (const days of [0, 91, -1]) {
      const result = await server.gql(USAGE, { days }, { token: adminToken, lang: 'cs' });
      expect(codeOf(result)).toBe('VALIDATION_ERROR');
    }
    await usage(90);
  });

  it('is for operators only: a partner master, an impersonation and anonymous callers are refused', async () => {
    const { token } = await server.login('partner@demo.test');
    expect(codeOf(await server.gql(USAGE, { days: 7 }, { token, partnerId: cz }))).toBe('ACCESS_DENIED');
    const impersonation = await impersonationToken(cz);
    expect(codeOf(await server.gql(USAGE, { days: 7 }, { token: impersonation, partnerId: cz }))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(USAGE, { days: 7 }))).toBe('AUTHENTICATION_ERROR');
  });

  it('reads the period through the index on occurred_at', async () => {
    await server.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = rowsOf<Record<string, string>>(await tx.execute(sql`explain ${usageQuery(30)}`))
        .map((row) => Object.values(row)[0])
        .join('\n');
      expect(plan).toContain('usage_events_occurred_idx');
    });
  });
});

describe('error reporting settings', () => {
  it('gives the web the configured DSN with the feature flags, and nothing when none is configured', async () => {
    expect((await server.app.app.inject({ url: '/fefl' })).json()).not.toHaveProperty('errorReportingDsn');
    const withDsn = await startTestServer({ config: { sentryDsn: 'https://public@errors.example.com/7' } });
    try {
      const flags = (await withDsn.app.app.inject({ url: '/fefl' })).json();
      expect(flags).toMatchObject({ croatiaEnabled: false, errorReportingDsn: 'https://public@errors.example.com/7' });
    } finally {
      await withDsn.close();
    }
  });

  it('accepts only an http(s) DSN from the environment', () => {
    const base = { LOG_LEVEL: 'silent', REMOTE_LOGIN_SECRET: 'test-remote-login-secret-0123456789' };
    expect(loadConfig({ ...base, SENTRY_DSN: 'https://k@e.example.com/1' }).sentryDsn).toBe(
      'https://k@e.example.com/1',
    );
    expect(loadConfig(base).sentryDsn).toBeNull();
    expect(() => loadConfig({ ...base, SENTRY_DSN: 'javascript:alert(1)' })).toThrow(/SENTRY_DSN/);
  });
});

describe('retention', () => {
  it('deletes events older than 400 days in chunks and keeps newer ones', async () => {
    const old = new Date(Date.now() - 401 * 24 * 3600_000);
    const rows = Array.from({ length: 5200 }, () => ({ kind: 'view' as const, route: 'ancient', occurredAt: old }));
    for (let i = 0; i < rows.length; i += 1000)
      await server.database.db.insert(usageEvents).values(rows.slice(i, i + 1000));
    await server.database.db
      .insert(usageEvents)
      .values({ kind: 'view', route: 'recent', occurredAt: new Date(Date.now() - 399 * 24 * 3600_000) });
    expect(await deleteOldUsage(server.database.db)).toBe(5200);
    expect(await eventsOfRoute('ancient')).toHaveLength(0);
    expect(await eventsOfRoute('recent')).toHaveLength(1);
    const [latest] = await server.database.db.select().from(usageEvents).orderBy(desc(usageEvents.id)).limit(1);
    expect(latest!.route).toBe('recent');
  });
});
