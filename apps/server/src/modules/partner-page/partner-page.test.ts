import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/tables';
import { codeOf, partnerIdByShop, signInAsPartner, startTestServer, type TestServer } from '../../test/harness';
import { revokePolicies } from '../catalog/test-fixtures';
import { multipartBody, pngOf, postForm } from '../partner/test-uploads';
import { partnerPages } from './tables';

let server: TestServer;
let cz: number;
let sk: number;
let czToken: string;
let multiToken: string;
let limitedToken: string;
let adminToken: string;

const FIELDS = `partnerName shopId publicTitle publicTitleEditable logo { url name } tagline description
  webUrl termsUrl complaintsUrl contactEmail contactPhone updated`;
const PAGE = `{ partnerPage { ${FIELDS} } }`;
const SAVE = `mutation($input: PartnerPageInput!) { savePartnerPage(input: $input) { ${FIELDS} } }`;

type Page = Record<string, unknown>;
type Field = { field: string; rule: string; message: string };
type As = { token: string; partnerId: number; lang?: string };

const page = {
  tagline: 'Zahradní technika a rady od zahradníků',
  description: '<p>Jsme <strong>rodinná</strong> firma.</p><ul><li>Doprava do 48 hodin</li></ul>',
  webUrl: 'https://www.zahrada-demo.sk',
  termsUrl: 'https://www.zahrada-demo.sk/obchodne-podmienky',
  complaintsUrl: 'https://www.zahrada-demo.sk/reklamacie',
  contactEmail: 'Obchod@Zahrada-Demo.sk',
  contactPhone: '+421 902 123 456',
};

const save = (input: Record<string, unknown>, as: As) => server.gql<{ savePartnerPage: Page }>(SAVE, { input }, as);
const read = (as: As) => server.gql<{ partnerPage: Page }>(PAGE, {}, as);

/** The one field a refusal names, with its rule and its translated message. */
async function refusal(input: Record<string, unknown>, as: As): Promise<Field[]> {
  const result = await save(input, as);
  expect(codeOf(result)).toBe('VALIDATION_ERROR');
  return (result.errors![0]!.extensions.fields ?? []) as Field[];
}

async function audits(partnerId: number) {
  return server.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.partnerId, partnerId), eq(auditLog.action, 'partner.page.save')));
}

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  await revokePolicies(server.database.db, 'limited@demo.test', cz, 'partner', ['update']);
  czToken = (await server.login('partner@demo.test')).token;
  multiToken = (await server.login('multi@demo.test')).token;
  limitedToken = (await server.login('limited@demo.test')).token;
  adminToken = (await server.login('admin@demo.test')).token;
});
afterAll(async () => server?.close());

describe('partner page', () => {
  it('shows the seeded page of a demo shop with its public title', async () => {
    const result = await read({ token: czToken, partnerId: cz });
    expect(result.errors).toBeUndefined();
    expect(result.data!.partnerPage).toMatchObject({
      publicTitle: 'sport-demo',
      shopId: 'CZ10MA',
      tagline: 'Vybavení na běh, kolo a hory od roku 2009',
      webUrl: 'https://www.sport-demo.cz',
      contactEmail: 'obchod@sport-demo.cz',
      logo: null,
    });
    expect(result.data!.partnerPage.description).toContain('<strong>sami vyzkoušíme</strong>');
  });

  it('starts empty for a shop that never saved it, then keeps what was saved', async () => {
    const as = { token: multiToken, partnerId: sk };
    const before = await read(as);
    expect(before.data!.partnerPage).toMatchObject({ tagline: '', description: '', contactEmail: '', updated: null });

    const saved = await save(page, as);
    expect(saved.errors).toBeUndefined();
    const expected = { ...page, contactEmail: 'obchod@zahrada-demo.sk' };
    expect(saved.data!.savePartnerPage).toMatchObject(expected);
    expect(saved.data!.savePartnerPage.updated).not.toBeNull();
    expect((await read(as)).data!.partnerPage).toMatchObject(expected);

    const [entry] = await audits(sk);
    expect(entry!.data).toMatchObject({
      changed: expect.arrayContaining(['tagline', 'description', 'contactEmail']),
      before: { tagline: '' },
      after: { tagline: page.tagline },
    });
    // Saving the same page again changes nothing and writes no second entry.
    await save(page, as);
    expect(await audits(sk)).toHaveLength(1);
    // Optional fields left out (null in GraphQL) are empty, as the form sends them.
    const minimal = await save({ contactEmail: 'obchod@zahrada-demo.sk', tagline: null }, as);
    expect(minimal.data!.savePartnerPage).toMatchObject({ tagline: '', webUrl: '', contactPhone: '' });
    await save(page, as);
    // Clearing an optional link is a change like any other.
    const cleared = await save({ ...page, complaintsUrl: '' }, as);
    expect(cleared.data!.savePartnerPage.complaintsUrl).toBe('');
    expect((await audits(sk)).at(-1)!.data).toMatchObject({ changed: ['complaintsUrl'] });
  });

  it('refuses each invalid field with its rule and a translated message, and saves nothing', async () => {
    const as = { token: multiToken, partnerId: sk };
    const stored = (await read(as)).data!.partnerPage;
    expect(await refusal({ ...page, contactEmail: '' }, as)).toEqual([
      expect.objectContaining({ field: 'contactEmail', rule: 'required', message: 'The field is mandatory' }),
    ]);
    expect(await refusal({ ...page, contactEmail: 'obchod.zahrada-demo.sk' }, as)).toEqual([
      expect.objectContaining({ field: 'contactEmail', rule: 'email', message: 'Enter a valid e-mail address.' }),
    ]);
    expect(await refusal({ ...page, tagline: 'x'.repeat(161) }, as)).toEqual([
      expect.objectContaining({
        field: 'tagline',
        rule: 'max',
        message: 'The field must contain maximum of 160 characters.',
      }),
    ]);
    expect(await refusal({ ...page, webUrl: 'www.zahrada-demo.sk' }, as)).toEqual([
      expect.objectContaining({ field: 'webUrl', rule: 'url' }),
    ]);
    expect(await refusal({ ...page, termsUrl: 'https://admin:heslo@zahrada-demo.sk' }, as)).toEqual([
      expect.objectContaining({
        field: 'termsUrl',
        rule: 'urlCredentials',
        message: 'Do not put a user name or password in the URL.',
      }),
    ]);
    expect(await refusal({ ...page, contactPhone: 'volajte nám' }, as)).toEqual([
      expect.objectContaining({ field: 'contactPhone', rule: 'phone', message: 'Enter a valid phone number.' }),
    ]);
    expect(await refusal({ ...page, tagline: 'a\u0000b' }, as)).toEqual([
      expect.objectContaining({ field: 'tagline', rule: 'invalidCharacters' }),
    ]);
    // Every problem at once, in the signed-in person's language.
    const many = await refusal({ ...page, contactEmail: 'x', webUrl: 'ftp://x.sk' }, { ...as, lang: 'sk' });
    expect(many.map((f) => f.field).sort()).toEqual(['contactEmail', 'webUrl']);
    expect(many.find((f) => f.field === 'contactEmail')!.message).not.toBe('Enter a valid e-mail address.');
    expect((await read(as)).data!.partnerPage).toEqual(stored);
  });

  it('strips code from the description, refuses code-running links and oversized text', async () => {
    const as = { token: multiToken, partnerId: sk };
    const hostile =
      '<p onclick="steal()">Vitajte</p><script>alert(document.cookie)</script><img src=x onerror="alert(1)">' +
      '<a href="javascript:alert(1)">klik</a><style>body{display:none}</style><iframe src="https://evil.test"></iframe>';
    const saved = await save({ ...page, description: hostile }, as);
    expect(saved.errors).toBeUndefined();
    const description = String(saved.data!.savePartnerPage.description);
    expect(description).toContain('Vitajte');
    expect(description).toContain('klik');
    for (const bad of ['<script', 'alert', 'onclick', 'onerror', '<img', 'javascript:', '<style', '<iframe']) {
      expect(description).not.toContain(bad);
    }
    const [row] = await server.database.db.select().from(partnerPages).where(eq(partnerPages.partnerId, sk));
    expect(row!.description).toBe(description);

    for (const field of ['webUrl', 'termsUrl', 'complaintsUrl']) {
      expect(await refusal({ ...page, [field]: 'javascript:alert(1)' }, as)).toEqual([
        expect.objectContaining({ field, rule: 'url' }),
      ]);
    }
    expect(await refusal({ ...page, description: `<p>${'a'.repeat(100_000)}</p>` }, as)).toEqual([
      expect.objectContaining({ field: 'description', rule: 'max', params: { 0: 5000 } }),
    ]);
    // Short as typed, too long once escaped: the limit counts what would be stored.
    expect(await refusal({ ...page, description: '>'.repeat(2000) }, as)).toEqual([
      expect.objectContaining({ field: 'description', rule: 'max' }),
    ]);
  });

  it("never reaches another partner's page", async () => {
    const before = await server.database.db.select().from(partnerPages).where(eq(partnerPages.partnerId, sk));
    expect(codeOf(await read({ token: czToken, partnerId: sk }))).toBe('ACCESS_DENIED');
    expect(codeOf(await save({ ...page, tagline: 'Ukradené' }, { token: czToken, partnerId: sk }))).toBe(
      'ACCESS_DENIED',
    );
    const after = await server.database.db.select().from(partnerPages).where(eq(partnerPages.partnerId, sk));
    expect(after).toEqual(before);
  });

  it('lets an account without partner update read the page but not save it', async () => {
    const as = { token: limitedToken, partnerId: cz };
    expect((await read(as)).data!.partnerPage).toMatchObject({ publicTitle: 'sport-demo' });
    expect(codeOf(await save({ ...page, tagline: 'Změna' }, as))).toBe('ACCESS_DENIED');
    expect((await read(as)).data!.partnerPage.tagline).toBe('Vybavení na běh, kolo a hory od roku 2009');
  });

  it('shows the logo the shop uploaded, and a file that is not an image changes nothing', async () => {
    const as = { token: czToken, partnerId: cz };
    const form = (body: Buffer) => multipartBody({}, { body, fileName: 'logo.png', contentType: 'image/png' });
    const text = await postForm(
      server,
      '/portal/partner/logo',
      form(Buffer.from('<svg onload=alert(1)>'.repeat(50))),
      as,
    );
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ code: 'PARTNER_LOGO_TYPE' });
    expect((await read(as)).data!.partnerPage.logo).toBeNull();

    const png = await postForm(server, '/portal/partner/logo', form(await pngOf(200, 200)), as);
    expect(png.statusCode).toBe(200);
    const logo = (await read(as)).data!.partnerPage.logo as { url: string };
    expect(logo.url).toMatch(/^\/media\//);
    const served = await server.app.app.inject({ method: 'GET', url: logo.url });
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('is saved by an operator signed in as the partner, who is named in the audit', async () => {
    const token = await signInAsPartner(server, adminToken, cz);
    const saved = await save({ ...page, contactEmail: 'podpora@sport-demo.cz' }, { token, partnerId: cz });
    expect(saved.errors).toBeUndefined();
    const entry = (await audits(cz)).at(-1)!;
    expect(entry.adminAccountId).not.toBeNull();
  });
});
