import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { codeOf, partnerIdByShop, startTestServer, type TestServer, testConfig } from '../../test/harness';
import { eventually } from '../../test/waits';
import { DASHBOARD_COUNT_CAP } from './service';

let server: TestServer;
let cz: number;
let sk: number;
let pl: number;
beforeAll(async () => {
  server = await startTestServer();
  [cz, sk, pl] = (await Promise.all(
    ['100001', '100002', '100003'].map((s) => partnerIdByShop(server.database, s)),
  )) as [number, number, number];
});
afterAll(async () => server?.close());

const DASHBOARD = `{ dashboard {
  partner { id shopId isDefault }
  accountsCount activeSessionsCount lastLoginAt
  recentActivity { id action at actorEmail adminEmail actorName byYou kind link params { name value } } } }`;
type Dashboard = {
  partner: { id: string; shopId: string; isDefault: boolean };
  accountsCount: number;
  activeSessionsCount: number;
  lastLoginAt: string | null;
  recentActivity: {
    id: string;
    action: string;
    at: string;
    actorEmail: string | null;
    adminEmail: string | null;
    actorName: string | null;
    byYou: boolean;
    kind: string;
    link: string | null;
    params: { name: string; value: string }[];
  }[];
};

async function dashboard(token: string, partnerId: number): Promise<Dashboard> {
  const result = await server.gql<{ dashboard: Dashboard }>(DASHBOARD, {}, { token, partnerId });
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.dashboard;
}

async function accountId(email: string): Promise<number> {
  const { rows } = await server.database.executeSql('select id from accounts where email = $1', [email]);
  return (rows[0] as { id: number }).id;
}

async function sql(text: string, values: unknown[] = []) {
  return (await server.database.executeSql(text, values)).rows;
}

const SUMMARY =
  'id partnerName mallName sapId shopId currency provider mdpStatus workflowStatus billingStatus rating isDefault';

describe('home dashboard', () => {
  it('shows the selected partner as the session summarises it, also while an operator signs in as it', async () => {
    const admin = (await server.login('admin@demo.test')).token;
    const link = await server.gql<{ cockpitRemoteLoginLink: string }>(
      'mutation($p: ID!) { cockpitRemoteLoginLink(partnerId: $p) }',
      { p: pl },
      { token: admin },
    );
    const [, h, t, p] = /^\/remote-login\/([^/]+)\/token\/([^/]+)\/partner\/(\d+)$/.exec(
      link.data!.cockpitRemoteLoginLink,
    )!;
    const remote = await server.gql<{ loginAsAdmin: { token: string } }>(
      'mutation($h: String!, $t: String!, $p: ID!) { loginAsAdmin(hash: $h, token: $t, partnerId: $p) { token } }',
      { h, t, p },
    );
    const multi = (await server.login('multi@demo.test')).token;
    const cases: [string, number][] = [
      [(await server.login('partner@demo.test')).token, cz], // master, default
      [multi, cz], // member, not default
      [multi, pl], // master, not default
      [remote.data!.loginAsAdmin.token, pl], // the operator as multi@'s Polish partner: default while bound
    ];
    for (const [token, partnerId] of cases) {
      const session = await server.gql<{ session: { selectedPartner: Record<string, unknown> } }>(
        `{ session { selectedPartner { ${SUMMARY} } } }`,
        {},
        { token, partnerId },
      );
      const seen = await server.gql<{ dashboard: { partner: Record<string, unknown> } }>(
        `{ dashboard { partner { ${SUMMARY} } } }`,
        {},
        { token, partnerId },
      );
      expect(seen.data?.dashboard.partner).toEqual(session.data?.session.selectedPartner);
      expect(seen.data?.dashboard.partner.id).toBe(String(partnerId));
    }
  });

  it('shows no previous sign-in on the first one, then the one before the current', async () => {
    const first = await server.login('limited@demo.test');
    expect((await dashboard(first.token, cz)).lastLoginAt).toBeNull();

    const second = await server.login('limited@demo.test');
    const [before] = (await sql(
      "select at from audit_log where account_id = $1 and action = 'auth.login' order by id limit 1",
      [await accountId('limited@demo.test')],
    )) as { at: Date | string }[];
    const seen = await dashboard(second.token, cz);
    expect(seen.lastLoginAt).toBe(new Date(before!.at).toISOString());
    // Another account's sign-ins are not this account's.
    await server.login('partner@demo.test');
    expect((await dashboard(second.token, cz)).lastLoginAt).toBe(seen.lastLoginAt);
  });

  it("counts the partner's accounts and the live sessions of those accounts only", async () => {
    const limited = await accountId('limited@demo.test');
    await sql('delete from sessions');
    const { token } = await server.login('partner@demo.test');
    await server.login('partner@demo.test');
    await server.login('multi@demo.test'); // a member of the Czech partner too
    await server.login('onboarding@demo.test'); // another partner's account
    // An expired and a revoked session of a Czech account: neither is live.
    await sql(
      `insert into sessions (token_hash, account_id, expires_at, absolute_expires_at, revoked_at) values
        ('expired', $1, now() - interval '1 minute', now() + interval '1 hour', null),
        ('revoked', $1, now() + interval '1 hour', now() + interval '1 hour', now())`,
      [limited],
    );

    const seen = await dashboard(token, cz);
    expect(seen.partner).toEqual({ id: String(cz), shopId: 'CZ10MA', isDefault: true });
    // partner@, multi@, limited@, colleague@, deactivated@, unconfirmed@ and the invited@ (no password yet)
    // belong to the Czech partner.
    expect(seen.accountsCount).toBe(7);
    expect(seen.activeSessionsCount).toBe(3);

    await server.gql('mutation { logout }', {}, { token, partnerId: cz });
    const other = await server.login('partner@demo.test');
    expect((await dashboard(other.token, cz)).activeSessionsCount).toBe(3); // one ended, one begun
  });

  it("lists the selected partner's newest activity, never another partner's or sign-ins", async () => {
    const partnerAccount = await accountId('partner@demo.test');
    const admin = await accountId('admin@demo.test');
    await sql(
      `insert into audit_log (partner_id, account_id, admin_account_id, action) values
        ($1, $3, null, 'test.own'), ($2, $3, null, 'test.other-partner'), ($1, $3, $4, 'test.on-behalf')`,
      [cz, sk, partnerAccount, admin],
    );
    const { token } = await server.login('multi@demo.test');

    const czActivity = (await dashboard(token, cz)).recentActivity;
    expect(czActivity.slice(0, 2)).toMatchObject([
      { action: 'test.on-behalf', actorEmail: 'partner@demo.test', adminEmail: 'admin@demo.test' },
      { action: 'test.own', actorEmail: 'partner@demo.test', adminEmail: null },
    ]);
    expect(czActivity.map((e) => e.action)).toContain('seed.demo');
    expect(czActivity.map((e) => e.action)).not.toContain('test.other-partner');
    expect(czActivity.map((e) => e.action)).not.toContain('auth.login');
    const ids = czActivity.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const skActivity = (await dashboard(token, sk)).recentActivity;
    expect(skActivity.map((e) => e.action)).toEqual(['test.other-partner']);
  });

  it('says each change as a sentence: who ("you" for the reader), what, the values that matter, and a link', async () => {
    const partnerAccount = await accountId('partner@demo.test');
    const colleague = await accountId('colleague@demo.test');
    const [product] = (await sql('select id, title from products where partner_id = $1 order by id limit 1', [cz])) as {
      id: string;
      title: string;
    }[];
    const [names] = (await sql('select first_name, last_name from accounts where id = $1', [colleague])) as {
      first_name: string;
      last_name: string;
    }[];
    await sql(
      `insert into audit_log (partner_id, account_id, action, entity, entity_id, data) values
        ($1, $2, 'order.status', 'order', '1001', '{"from":"open","to":"shipped"}'),
        ($1, $3, 'product.update', 'product', $4, '{"priceFrom":15499,"priceTo":16999}'),
        ($1, $3, 'webhook.delete', 'webhook', '77', '{"url":"https://erp.example/h","secret":"never"}'),
        ($1, null, 'something.unknown', null, null, '{"secret":"never"}'),
        ($1, $2, 'read', 'file', '5', null)`,
      [cz, partnerAccount, colleague, product!.id],
    );
    const { token } = await server.login('partner@demo.test');
    const activity = (await dashboard(token, cz)).recentActivity;
    const params = (e: Dashboard['recentActivity'][number]) =>
      Object.fromEntries(e.params.map((p) => [p.name, p.value]));
    // A file download ('read') is no activity a colleague reads about: left out.
    expect(activity.slice(0, 4).map((e) => [e.kind, e.byYou, e.link])).toEqual([
      ['generic', false, null],
      ['webhookDelete', false, '/partner/webhook'],
      ['productPrice', false, `/products/detail/${encodeURIComponent(product!.id)}`],
      ['orderStatus', true, '/orders/1001'],
    ]);
    expect(activity[0]!.actorName).toBeNull();
    expect(activity[1]!.actorName).toBe(`${names!.first_name} ${names!.last_name}`);
    expect(params(activity[2]!)).toEqual({ product: product!.title, from: '15499', to: '16999' });
    expect(params(activity[3]!)).toEqual({ order: '1001', status: 'shipped' });
    // Only the values a sentence names leave the server, never the rest of an entry's data.
    expect(JSON.stringify(activity)).not.toContain('never');
    // The same entry reads "you" only for the one who made it.
    const colleagueToken = (await server.login('colleague@demo.test')).token;
    const seen = (await dashboard(colleagueToken, cz)).recentActivity;
    expect(seen.slice(1, 4).map((e) => e.byYou)).toEqual([true, true, false]);
  });

  it('shows at most ten entries', async () => {
    await sql("insert into audit_log (partner_id, action) select $1, 'test.bulk-' || g from generate_series(1, 12) g", [
      cz,
    ]);
    const { token } = await server.login('partner@demo.test');
    const activity = (await dashboard(token, cz)).recentActivity;
    expect(activity.map((e) => e.action)).toEqual(Array.from({ length: 10 }, (_, i) => `test.bulk-${12 - i}`));
  });

  it('stops counting live sessions at the cap', async () => {
    const onboarding = await accountId('onboarding@demo.test');
    const onboardingPartner = (
      (await sql('select partner_id from account_partners where account_id = $1', [onboarding])) as {
        partner_id: number;
      }[]
    )[0]!.partner_id;
    await sql(
      `insert into sessions (token_hash, account_id, expires_at, absolute_expires_at)
       select 'cap-' || g, $1, now() + interval '1 hour', now() + interval '1 hour' from generate_series(1, $2::int) g`,
      [onboarding, DASHBOARD_COUNT_CAP + 5],
    );
    const { token } = await server.login('onboarding@demo.test');
    expect((await dashboard(token, onboardingPartner)).activeSessionsCount).toBe(DASHBOARD_COUNT_CAP);
  });

  it("refuses a partner the account does not belong to, with the partner's figures unseen", async () => {
    const { token } = await server.login('onboarding@demo.test');
    const result = await server.gql(DASHBOARD, {}, { token, partnerId: cz });
    expect(codeOf(result)).toBe('ACCESS_DENIED');
    expect(result.data).toBeNull();
  });
});

describe('home dashboard kept per process', () => {
  it('shows a committed change at once in every process, though its figures are kept for a minute', async () => {
    // A second process that keeps the dashboard's figures for a minute: only the audit trail's
    // announcement can make it show a change sooner.
    const other = await buildApp({
      config: testConfig({ databaseUrl: server.url, figuresCacheTtlMs: 60_000 }),
      database: server.database,
      jobs: false,
    });
    try {
      const { token } = await server.login('partner@demo.test');
      const ask = async () => {
        const response = await other.app.inject({
          method: 'POST',
          url: '/graphql',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-partner-id': String(cz) },
          payload: { query: DASHBOARD },
        });
        return (response.json() as { data: { dashboard: Dashboard } }).data.dashboard;
      };
      const before = await ask();
      // An operator's change to the partner, committed through the first process.
      const admin = await server.login('admin@demo.test');
      await server.gql(
        'mutation($p: ID!) { cockpitRemoteLoginLink(partnerId: $p) }',
        { p: cz },
        { token: admin.token },
      );
      // The announcement reaches the other process over NOTIFY, which nothing here can await: ask until it has.
      const after = await eventually('the other process to show the new activity', async () => {
        const now = await ask();
        return now.recentActivity[0]?.id !== before.recentActivity[0]?.id && now;
      });
      expect(after.recentActivity[0]).toMatchObject({ action: 'cockpit.remote-login-link', adminEmail: null });
      expect(after.recentActivity[0]?.id).not.toBe(before.recentActivity[0]?.id);
    } finally {
      await other.close();
    }
  });
});
