import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/tables';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { openStreamSocket } from '../../test/stream-socket';

let server: TestServer;
let cz: number;
let sk: number;
let content: string;
beforeAll(async () => {
  server = await startTestServer({ listen: true });
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  content = (await server.login('content@demo.test')).token;
});
afterAll(async () => server?.close());

const SAVE = `mutation($id: ID, $i: PortalDialogInput!) {
  cockpitSavePortalDialog(id: $id, input: $i) { id published shops texts { lang title body } } }`;
const PUBLISH =
  'mutation($id: ID!, $p: Boolean!) { cockpitSetPortalDialogPublished(id: $id, published: $p) { id published } }';
const CURRENT = '{ portalDialog { id lang title body } }';
const DISMISS = 'mutation($id: ID!) { dismissPortalDialog(id: $id) }';

type Current = { portalDialog: { id: string; lang: string; title: string; body: string } | null };

const input = (title: string, shops = ['CZ10MA']) => ({
  shops,
  validFrom: new Date(Date.now() - 60_000).toISOString(),
  validTo: null,
  texts: [
    { lang: 'en', title: `${title} (en)`, body: '<p>News for sellers</p><script>alert(1)</script>' },
    { lang: 'cs', title: `${title} (cs)`, body: '<p>Novinky pro prodejce</p>' },
  ],
});

async function createDialog(title: string, shops?: string[]): Promise<string> {
  const saved = await server.gql<{ cockpitSavePortalDialog: { id: string } }>(
    SAVE,
    { i: input(title, shops) },
    { token: content },
  );
  if (!saved.data) throw new Error(JSON.stringify(saved.errors));
  return saved.data.cockpitSavePortalDialog.id;
}

const current = (token: string, partnerId: number, lang = 'en') =>
  server.gql<Current>(CURRENT, {}, { token, partnerId, lang }).then((r) => r.data!.portalDialog);

describe('the portal dialog', () => {
  it("reaches open portals of its market when published, not before, and is shown in the reader's language", async () => {
    const partner = (await server.login('partner@demo.test')).token;
    const id = await createDialog('Spring update');
    // A draft is nobody's.
    expect(await current(partner, cz)).toBeNull();

    const socket = await openStreamSocket(server, partner, { partnerId: cz });
    try {
      const published = await server.gql(PUBLISH, { id, p: true }, { token: content });
      expect(codeOf(published)).toBeUndefined();
      await socket.next('portal_dialog_published', (m) => String(m.data?.id) === id);
    } finally {
      socket.close();
    }
    expect(await current(partner, cz, 'cs')).toMatchObject({ id, lang: 'cs', title: 'Spring update (cs)' });
    // A language the operators did not write falls back to English; the script did not survive the sanitiser.
    const fallback = await current(partner, cz, 'hu');
    expect(fallback).toMatchObject({ id, lang: 'en', title: 'Spring update (en)' });
    expect(fallback!.body).not.toContain('script');

    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'content.portal-dialog.publish'))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ entityId: id, data: { shops: ['CZ10MA'] } });

    // Dismissed once, gone for this person in every browser; a colleague of the same partner still sees it.
    expect((await server.gql(DISMISS, { id }, { token: partner, partnerId: cz })).data).toEqual({
      dismissPortalDialog: true,
    });
    expect(await current(partner, cz)).toBeNull();
    const otherBrowser = (await server.login('partner@demo.test')).token;
    expect(await current(otherBrowser, cz)).toBeNull();
    const colleague = (await server.login('colleague@demo.test')).token;
    expect(await current(colleague, cz)).toMatchObject({ id });
    // Dismissing twice is no error and changes nothing.
    expect(codeOf(await server.gql(DISMISS, { id }, { token: partner, partnerId: cz }))).toBeUndefined();
    expect(await current(partner, cz)).toBeNull();
  });

  it('is not shown to another market, nor may it be dismissed from there', async () => {
    const id = await createDialog('Czech only');
    await server.gql(PUBLISH, { id, p: true }, { token: content });
    const multi = (await server.login('multi@demo.test')).token;
    expect(await current(multi, cz)).toMatchObject({ id });
    const slovak = await current(multi, sk);
    expect(slovak?.id).not.toBe(id);
    expect(codeOf(await server.gql(DISMISS, { id }, { token: multi, partnerId: sk }))).toBe('ENTITY_NOT_FOUND');
    // Withdrawn, it is nobody's again.
    await server.gql(PUBLISH, { id, p: false }, { token: content });
    expect((await current(multi, cz))?.id).not.toBe(id);
  });

  it('shows the newest published dialog first, the next one after it is dismissed', async () => {
    const colleague = (await server.login('limited@demo.test')).token;
    const older = await createDialog('Older');
    await server.gql(PUBLISH, { id: older, p: true }, { token: content });
    const newer = await createDialog('Newer');
    await server.gql(PUBLISH, { id: newer, p: true }, { token: content });
    expect((await current(colleague, cz))?.id).toBe(newer);
    await server.gql(DISMISS, { id: newer }, { token: colleague, partnerId: cz });
    expect((await current(colleague, cz))?.id).not.toBe(newer);
  });

  it('is written only by a role that may change content, with English and a market', async () => {
    const support = (await server.login('support@demo.test')).token;
    const partner = (await server.login('partner@demo.test')).token;
    expect(codeOf(await server.gql(SAVE, { i: input('Nope') }, { token: support }))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(SAVE, { i: input('Nope') }, { token: partner }))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql('{ cockpitPortalDialogs { id } }', {}, { token: support }))).toBeUndefined();
    const id = await createDialog('Support cannot publish');
    expect(codeOf(await server.gql(PUBLISH, { id, p: true }, { token: support }))).toBe('ACCESS_DENIED');

    const noEnglish = { ...input('x'), texts: [{ lang: 'cs', title: 'Jen česky', body: '<p>Text</p>' }] };
    const refused = await server.gql(SAVE, { i: noEnglish }, { token: content });
    expect(codeOf(refused)).toBe('VALIDATION_ERROR');
    const empty = await server.gql(SAVE, { i: { ...input('x'), shops: [] } }, { token: content });
    expect(codeOf(empty)).toBe('VALIDATION_ERROR');
    const blankBody = { ...input('x'), texts: [{ lang: 'en', title: 'Blank', body: '<script>only</script>' }] };
    expect(codeOf(await server.gql(SAVE, { i: blankBody }, { token: content }))).toBe('VALIDATION_ERROR');
  });
});
