import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/tables';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { accounts } from '../account/tables';

let server: TestServer;
let cz: number;
let sk: number;
let adminToken: string;
beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  adminToken = (await server.login('admin@demo.test')).token;
});
afterAll(async () => server?.close());

const LINK = 'mutation($p: ID!) { cockpitRemoteLoginLink(partnerId: $p) }';
const REMOTE =
  'mutation($h: String!, $t: String!, $p: ID!) { loginAsAdmin(hash: $h, token: $t, partnerId: $p) { token session { adminEmail impersonating isAdmin selectedPartner { id } partners { id } account { email } } } }';

function parts(path: string) {
  const match = /^\/remote-login\/([^/]+)\/token\/([^/]+)\/partner\/(\d+)$/.exec(path);
  if (!match) throw new Error(`unexpected link ${path}`);
  return { h: match[1]!, t: match[2]!, p: match[3]! };
}

async function link(partnerId: number) {
  const result = await server.gql<{ cockpitRemoteLoginLink: string }>(LINK, { p: partnerId }, { token: adminToken });
  return result.data!.cockpitRemoteLoginLink;
}

describe('administrator remote login', () => {
  it('signs the administrator in as the partner, visibly, and records changes as theirs', async () => {
    const path = await link(cz);
    const result = await server.gql<{ loginAsAdmin: { token: string; session: Record<string, unknown> } }>(
      REMOTE,
      parts(path),
    );
    const session = result.data!.loginAsAdmin.session;
    expect(session).toMatchObject({
      adminEmail: 'admin@demo.test',
      impersonating: true,
      isAdmin: false,
      selectedPartner: { id: String(cz) },
      partners: [{ id: String(cz) }],
      account: { email: 'partner@demo.test' },
    });
    const [admin] = await server.database.db.select().from(accounts).where(eq(accounts.email, 'admin@demo.test'));
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.remote-login'))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ partnerId: cz, adminAccountId: admin!.id });
  });

  it('keeps the impersonation to the one partner', async () => {
    const { token } = (await server.gql<{ loginAsAdmin: { token: string } }>(REMOTE, parts(await link(cz)))).data!
      .loginAsAdmin;
    expect(codeOf(await server.gql('{ dashboard { accountsCount } }', {}, { token, partnerId: sk }))).toBe(
      'ACCESS_DENIED',
    );
    expect(codeOf(await server.gql('{ dashboard { accountsCount } }', {}, { token, partnerId: cz }))).toBeUndefined();
    // While impersonating, the cockpit is out of reach.
    expect(codeOf(await server.gql('{ cockpitPartners { total } }', {}, { token }))).toBe('ACCESS_DENIED');
  });

  it('refuses a used link, a tampered hash and a different partner id', async () => {
    const used = parts(await link(cz));
    expect(codeOf(await server.gql(REMOTE, used))).toBeUndefined();
    expect(codeOf(await server.gql(REMOTE, used))).toBe('BAD_CREDENTIALS');
    const tampered = parts(await link(cz));
    // One character changed (never to itself: the hash may start with any letter).
    const changed = `${tampered.h.startsWith('x') ? 'y' : 'x'}${tampered.h.slice(1)}`;
    expect(codeOf(await server.gql(REMOTE, { ...tampered, h: changed }))).toBe('BAD_CREDENTIALS');
    expect(codeOf(await server.gql(REMOTE, { ...tampered, p: String(sk) }))).toBe('BAD_CREDENTIALS');
    // The refusals did not use the link up.
    expect(codeOf(await server.gql(REMOTE, tampered))).toBeUndefined();
  });

  it('lets only administrators create links', async () => {
    const { token } = await server.login('partner@demo.test');
    expect(codeOf(await server.gql(LINK, { p: cz }, { token }))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(LINK, { p: 999_999 }, { token: adminToken }))).toBe('ENTITY_NOT_FOUND');
  });

  it('refuses a link into a deactivated partner or a market switched off', async () => {
    const closed = await partnerIdByShop(server.database, '100009');
    const croatian = await partnerIdByShop(server.database, '100004');
    expect(codeOf(await server.gql(LINK, { p: closed }, { token: adminToken }))).toBe('NO_ACTIVE_PARTNER');
    expect(codeOf(await server.gql(LINK, { p: croatian }, { token: adminToken }))).toBe('NO_ACTIVE_PARTNER');
  });
});
