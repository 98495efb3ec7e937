import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
let admin: string;
let partner: string;
let czId: number;
let skId: number;
let today: string;

const PAGE = `query($c: String!, $l: String, $v: ID) { businessTerms(country: $c, lang: $l, version: $v) {
  id version validFrom approvedBy languages content { id lang title body } } }`;
const HISTORY = 'query($c: String!) { businessTermsHistory(country: $c) { id version validFrom languages } }';
const SAVE = `mutation($id: ID, $input: BusinessTermsVersionInput!) { cockpitSaveTerms(id: $id, input: $input) {
  id version published approvedBy contents { id lang title body } } }`;
const PUBLISH = 'mutation($id: ID!) { cockpitPublishTerms(id: $id) { id published approvedBy publishedAt } }';
const AGREE = `mutation($c: ID!, $n: String!, $p: String) { agreeToTerms(contentId: $c, names: $n, path: $p) {
  id version names email signed } }`;
const CURRENT = '{ currentTerms { agreed terms { id version content { id lang } } agreement { version names } } }';
const MUST = '{ session { selectedPartner { id mustAgreeToTerms } } }';

type Page = { id: string; version: string; content: { id: string; lang: string; title: string; body: string } };

const draft = (version: string, extra: Record<string, unknown> = {}) => ({
  shopId: 'CZ10MA',
  version,
  validFrom: today,
  contents: [
    { lang: 'cs', title: 'Obchodní podmínky', body: '<h2>1. Úvod</h2><p>Nový text</p>' },
    { lang: 'en', title: 'Business terms', body: '<h2>1. Intro</h2><p>New text</p>' },
  ],
  ...extra,
});

beforeAll(async () => {
  server = await startTestServer();
  admin = (await server.login('admin@demo.test')).token;
  partner = (await server.login('partner@demo.test')).token;
  czId = await partnerIdByShop(server.database, '100001');
  skId = await partnerIdByShop(server.database, '100002');
  const { rows } = await server.database.executeSql('select current_date::text as today');
  today = (rows[0] as { today: string }).today;
});
afterAll(() => server.close());

async function publishNew(version: string): Promise<string> {
  const saved = await server.gql<{ cockpitSaveTerms: { id: string } }>(
    SAVE,
    { input: draft(version) },
    { token: admin },
  );
  expect(saved.errors).toBeUndefined();
  const id = saved.data!.cockpitSaveTerms.id;
  expect(codeOf(await server.gql(PUBLISH, { id }, { token: admin }))).toBeUndefined();
  return id;
}

describe('public business terms', () => {
  it('shows the terms in force per country without signing in, in the asked language or the shop language', async () => {
    const cs = await server.gql<{ businessTerms: Page }>(PAGE, { c: 'cz' });
    expect(cs.data?.businessTerms).toMatchObject({ version: '2026.1', content: { lang: 'cs' } });
    expect(cs.data?.businessTerms.content.title).toBe('Všeobecné obchodní podmínky pro prodejce');
    const en = await server.gql<{ businessTerms: Page }>(PAGE, { c: 'cz', l: 'en' });
    expect(en.data?.businessTerms.content.lang).toBe('en');
    // Polish is not written for the Czech shop: the reader gets the shop's language.
    const pl = await server.gql<{ businessTerms: Page }>(PAGE, { c: 'cz', l: 'pl' });
    expect(pl.data?.businessTerms.content.lang).toBe('cs');
    const hu = await server.gql<{ businessTerms: Page }>(PAGE, { c: 'HU', l: 'de' });
    expect(hu.data?.businessTerms.content).toMatchObject({ lang: 'hu' });
    expect(codeOf(await server.gql(PAGE, { c: 'xx' }))).toBe('TERMS_NOT_FOUND');
  });

  it('lists the history newest first and opens an older version, never a draft or a future one', async () => {
    const history = await server.gql<{ businessTermsHistory: { id: string; version: string }[] }>(HISTORY, { c: 'sk' });
    expect(history.data?.businessTermsHistory.map((v) => v.version)).toEqual(['2026.1', '2025.1']);
    const older = history.data!.businessTermsHistory[1]!;
    const page = await server.gql<{ businessTerms: Page }>(PAGE, { c: 'sk', v: older.id });
    expect(page.data?.businessTerms).toMatchObject({ version: '2025.1', content: { lang: 'sk' } });
    expect(page.data?.businessTerms.content.body).not.toContain('6.');
    // Another country's version is not this country's history.
    expect(codeOf(await server.gql(PAGE, { c: 'cz', v: older.id }))).toBe('TERMS_NOT_FOUND');

    const future = await server.gql<{ cockpitSaveTerms: { id: string } }>(
      SAVE,
      {
        input: draft('2099.1', {
          shopId: 'SK10MA',
          validFrom: '2099-01-01',
          contents: draft('x').contents.map((c) => (c.lang === 'cs' ? { ...c, lang: 'sk' } : c)),
        }),
      },
      { token: admin },
    );
    const futureId = future.data!.cockpitSaveTerms.id;
    expect(codeOf(await server.gql(PAGE, { c: 'sk', v: futureId }))).toBe('TERMS_NOT_FOUND');
    await server.gql(PUBLISH, { id: futureId }, { token: admin });
    const after = await server.gql<{ businessTermsHistory: { version: string }[] }>(HISTORY, { c: 'sk' });
    expect(after.data?.businessTermsHistory.map((v) => v.version)).toEqual(['2026.1', '2025.1']);
    expect((await server.gql<{ businessTerms: Page }>(PAGE, { c: 'sk' })).data?.businessTerms.version).toBe('2026.1');
  });
});

describe('cockpit terms', () => {
  it('is for operators only', async () => {
    expect(codeOf(await server.gql('{ cockpitTerms { id } }', {}, { token: partner }))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(SAVE, { input: draft('2026.9') }, { token: partner }))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(PUBLISH, { id: '1' }, { token: partner }))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql('{ cockpitTerms { id } }'))).toBe('AUTHENTICATION_ERROR');
    const list = await server.gql<{ cockpitTerms: { shopId: string; version: string }[] }>(
      '{ cockpitTerms(shopId: "PL20MA") { shopId version } }',
      {},
      { token: admin },
    );
    expect(list.data?.cockpitTerms.map((v) => v.version)).toEqual(['2026.1', '2025.1']);
  });

  it('refuses a taken version, a missing language, a past day, and keeps only safe HTML', async () => {
    expect(codeOf(await server.gql(SAVE, { input: draft('2026.1') }, { token: admin }))).toBe('TERMS_VERSION_EXISTS');
    const missing = await server.gql(
      SAVE,
      { input: draft('2026.5', { contents: draft('x').contents.slice(1) }) },
      { token: admin },
    );
    expect(codeOf(missing)).toBe('VALIDATION_ERROR');
    expect(missing.errors?.[0]?.extensions.fields).toEqual([
      expect.objectContaining({ field: 'contents', rule: 'termsLanguageMissing' }),
    ]);
    const past = await server.gql(SAVE, { input: draft('2026.5', { validFrom: '2020-01-01' }) }, { token: admin });
    expect(past.errors?.[0]?.extensions.fields).toEqual([expect.objectContaining({ rule: 'termsValidFromPast' })]);
    const scripted = draft('2026.5', {
      contents: [
        {
          lang: 'cs',
          title: 'VOP',
          body: '<p onclick="x()">Text<script>alert(1)</script><a href="javascript:x">a</a></p>',
        },
        { lang: 'en', title: 'GTC', body: '<p>Text</p>' },
      ],
    });
    const saved = await server.gql<{
      cockpitSaveTerms: { id: string; published: boolean; contents: { body: string }[] };
    }>(SAVE, { input: scripted }, { token: admin });
    expect(saved.data?.cockpitSaveTerms.published).toBe(false);
    const body = saved.data!.cockpitSaveTerms.contents[0]!.body;
    expect(body).toContain('Text');
    expect(body).not.toMatch(/script|onclick|javascript/);
    // A body that is nothing but code is empty once cleaned.
    const empty = await server.gql(
      SAVE,
      {
        id: saved.data!.cockpitSaveTerms.id,
        input: draft('2026.5', {
          contents: [{ lang: 'cs', title: 'x', body: '<script>x</script>' }, draft('x').contents[1]],
        }),
      },
      { token: admin },
    );
    expect(empty.errors?.[0]?.extensions.fields).toEqual([
      expect.objectContaining({ field: 'contents.0.body', rule: 'required' }),
    ]);
    // A draft is not public.
    expect((await server.gql<{ businessTerms: Page }>(PAGE, { c: 'cz' })).data?.businessTerms.version).toBe('2026.1');
  });
});

describe('agreeing', () => {
  it('asks a partner to agree to a newly published version once, and records who signed what', async () => {
    expect(
      (await server.gql<{ session: { selectedPartner: { mustAgreeToTerms: boolean } } }>(MUST, {}, { token: partner }))
        .data?.session.selectedPartner.mustAgreeToTerms,
    ).toBe(false);
    const before = await server.gql<{ currentTerms: { agreed: boolean; terms: Page } }>(
      CURRENT,
      {},
      { token: partner },
    );
    expect(before.data?.currentTerms).toMatchObject({ agreed: true, terms: { version: '2026.1' } });
    const oldContent = before.data!.currentTerms.terms.content.id;

    const id = await publishNew('2026.2');
    const published = await server.gql<{ cockpitTerms: { id: string; approvedBy: string }[] }>(
      '{ cockpitTerms(shopId: "CZ10MA") { id approvedBy } }',
      {},
      { token: admin },
    );
    expect(published.data?.cockpitTerms.find((v) => v.id === id)?.approvedBy).toBe('Adam Operátor');
    expect(codeOf(await server.gql(PUBLISH, { id }, { token: admin }))).toBe('INVALID_OPERATION');
    expect(codeOf(await server.gql(SAVE, { id, input: draft('2026.2') }, { token: admin }))).toBe('INVALID_OPERATION');

    const must = await server.gql<{ session: { selectedPartner: { mustAgreeToTerms: boolean } } }>(
      MUST,
      {},
      { token: partner },
    );
    expect(must.data?.session.selectedPartner.mustAgreeToTerms).toBe(true);
    const now = await server.gql<{ currentTerms: { agreed: boolean; terms: Page } }>(
      CURRENT,
      {},
      { token: partner, lang: 'en' },
    );
    expect(now.data?.currentTerms).toMatchObject({
      agreed: false,
      terms: { version: '2026.2', content: { lang: 'en' } },
    });

    // Consent to the old version, or a content that is no version's, is not consent to what is in force.
    expect(codeOf(await server.gql(AGREE, { c: oldContent, n: 'Jan Novák' }, { token: partner }))).toBe(
      'TERMS_NOT_FOUND',
    );
    expect(codeOf(await server.gql(AGREE, { c: '999999', n: 'Jan Novák' }, { token: partner }))).toBe(
      'TERMS_NOT_FOUND',
    );
    expect(
      codeOf(await server.gql(AGREE, { c: now.data!.currentTerms.terms.content.id, n: '12' }, { token: partner })),
    ).toBe('VALIDATION_ERROR');

    // Once per version; terms.race.test.ts sends five clicks at once.
    const contentId = now.data!.currentTerms.terms.content.id;
    expect((await server.gql(AGREE, { c: contentId, n: 'Jan Novák' }, { token: partner })).errors).toBeUndefined();
    expect(codeOf(await server.gql(AGREE, { c: contentId, n: 'Jan Novák' }, { token: partner }))).toBe(
      'TERMS_ALREADY_AGREED',
    );
    const agreed = await server.gql<{
      currentTerms: { agreed: boolean; agreement: { version: string; names: string } };
    }>(CURRENT, {}, { token: partner });
    expect(agreed.data?.currentTerms).toMatchObject({
      agreed: true,
      agreement: { version: '2026.2', names: 'Jan Novák' },
    });
    const { rows } = await server.database.executeSql(
      'select email, version from agreements where partner_id = $1 and version = $2',
      [czId, '2026.2'],
    );
    expect(rows).toEqual([{ email: 'partner@demo.test', version: '2026.2' }]);
    const must2 = await server.gql<{ session: { selectedPartner: { mustAgreeToTerms: boolean } } }>(
      MUST,
      {},
      { token: partner },
    );
    expect(must2.data?.session.selectedPartner.mustAgreeToTerms).toBe(false);
  });

  it('keeps another partner out and refuses an account without the partner permission', async () => {
    // partner@ is not a member of the Slovak shop: naming it is refused, not answered with its terms.
    expect(codeOf(await server.gql(CURRENT, {}, { token: partner, partnerId: skId }))).toBe('ACCESS_DENIED');
    const multi = (await server.login('multi@demo.test')).token;
    const sk = await server.gql<{ currentTerms: { terms: Page } }>(
      CURRENT,
      {},
      { token: multi, partnerId: skId, lang: 'sk' },
    );
    expect(sk.data?.currentTerms.terms.content.lang).toBe('sk');

    const limited = await server.login('limited@demo.test');
    const { rows } = await server.database.executeSql("select id from accounts where email = 'limited@demo.test'");
    const limitedId = (rows[0] as { id: number }).id;
    await server.database.executeSql(
      "update access_policies set is_active = false where account_id = $1 and subject = 'partner'",
      [limitedId],
    );
    await server.app.platform.authCache.changed({ accounts: [limitedId] });
    expect(codeOf(await server.gql(CURRENT, {}, { token: limited.token, partnerId: czId }))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql('{ fees { fees { type } } }', {}, { token: limited.token, partnerId: czId }))).toBe(
      'ACCESS_DENIED',
    );
    expect(
      codeOf(await server.gql(AGREE, { c: '1', n: 'Lukáš Malý' }, { token: limited.token, partnerId: czId })),
    ).toBe('ACCESS_DENIED');
  });

  it('refuses consent to an operator signed in as the partner, which the partner then gives itself', async () => {
    await publishNew('2026.3');
    // The operator's real way in: a remote-login link from the cockpit, spent by loginAsAdmin.
    const link = await server.gql<{ cockpitRemoteLoginLink: string }>(
      'mutation($p: ID!) { cockpitRemoteLoginLink(partnerId: $p) }',
      { p: czId },
      { token: admin },
    );
    const [, h, t, p] = /^\/remote-login\/([^/]+)\/token\/([^/]+)\/partner\/(\d+)$/.exec(
      link.data!.cockpitRemoteLoginLink,
    )!;
    const signedIn = await server.gql<{ loginAsAdmin: { token: string; session: { impersonating: boolean } } }>(
      'mutation($h: String!, $t: String!, $p: ID!) { loginAsAdmin(hash: $h, token: $t, partnerId: $p) { token session { impersonating } } }',
      { h, t, p },
    );
    expect(signedIn.data?.loginAsAdmin.session.impersonating).toBe(true);
    const operator = signedIn.data!.loginAsAdmin.token;
    // The operator sees what the partner is asked to agree to …
    const shown = await server.gql<{ currentTerms: { agreed: boolean; terms: Page } }>(
      CURRENT,
      {},
      { token: operator, partnerId: czId },
    );
    expect(shown.data?.currentTerms).toMatchObject({ agreed: false, terms: { version: '2026.3' } });
    const contentId = shown.data!.currentTerms.terms.content.id;
    // … but may not give the partner's consent.
    const refused = await server.gql(AGREE, { c: contentId, n: 'Adam Operátor' }, { token: operator, partnerId: czId });
    expect([codeOf(refused), refused.errors?.[0]?.message]).toEqual(['UNAUTHORIZED_ACTION', 'Action not authorized']);
    const agreements = async () =>
      (
        await server.database.executeSql('select names from agreements where partner_id = $1 and version = $2', [
          czId,
          '2026.3',
        ])
      ).rows;
    expect(await agreements()).toEqual([]);
    const own = await server.gql(AGREE, { c: contentId, n: 'Jan Novák' }, { token: partner, partnerId: czId });
    expect(own.errors).toBeUndefined();
    expect(await agreements()).toEqual([{ names: 'Jan Novák' }]);
  });

  it('moves a registered partner to the vendor check of the path it chose', async () => {
    const onboarding = (await server.login('onboarding@demo.test')).token;
    const must = await server.gql<{ session: { selectedPartner: { id: string; mustAgreeToTerms: boolean } } }>(
      MUST,
      {},
      { token: onboarding },
    );
    expect(must.data?.session.selectedPartner.mustAgreeToTerms).toBe(false);
    const partnerId = Number(must.data!.session.selectedPartner.id);
    const state = await server.gql<{ currentTerms: { agreed: boolean; terms: Page } }>(
      CURRENT,
      {},
      { token: onboarding },
    );
    expect(state.data?.currentTerms.agreed).toBe(false);
    const contentId = state.data!.currentTerms.terms.content.id;
    const noPath = await server.gql(AGREE, { c: contentId, n: 'Olga Nová' }, { token: onboarding });
    expect(noPath.errors?.[0]?.extensions.fields).toEqual([
      expect.objectContaining({ field: 'path', rule: 'required' }),
    ]);
    const agreed = await server.gql(AGREE, { c: contentId, n: 'Olga Nová', p: 'VIP' }, { token: onboarding });
    expect(agreed.errors).toBeUndefined();
    const { rows } = await server.database.executeSql(
      `select p.workflow_status, w.path, (select count(*)::int from workflow_history h where h.partner_id = p.id
         and h.to_status = 'VENDOR_CHECK_VIP') as moves
       from partners p left join partner_workflows w on w.partner_id = p.id where p.id = $1`,
      [partnerId],
    );
    expect(rows[0]).toEqual({ workflow_status: 'VENDOR_CHECK_VIP', path: 'VIP', moves: 1 });
  });
});

describe('fees', () => {
  it('lists the fees in the market currency and a searchable, paged commission list in the reader language', async () => {
    const fees = await server.gql<{
      fees: {
        fees: { type: string; amount: number; currency: string }[];
        commissions: {
          total: number;
          items: { division: string; subcategory: string; brands: string[]; commission: number }[];
        };
      };
    }>(
      '{ fees { fees { type amount currency } commissions(limit: 10) { total items { division subcategory brands commission } } } }',
      {},
      { token: partner, lang: 'cs' },
    );
    expect(fees.data?.fees.fees).toHaveLength(5);
    expect(fees.data?.fees.fees[0]).toEqual({ type: 'MONTHLY_FEE', amount: 499, currency: 'CZK' });
    expect(fees.data?.fees.commissions.items).toHaveLength(10);
    expect(fees.data?.fees.commissions.total).toBeGreaterThan(150);
    expect(fees.data?.fees.commissions.items[0]?.division).toBe('Elektronika');

    const search = await server.gql<{
      fees: { commissions: { total: number; items: { subcategory: string; brands: string[]; commission: number }[] } };
    }>(
      '{ fees { commissions(search: "chytre telefony") { total items { subcategory brands commission } } } }',
      {},
      { token: partner, lang: 'cs' },
    );
    expect(search.data?.fees.commissions.items).toEqual([
      { subcategory: 'Chytré telefony', brands: [], commission: 6 },
      { subcategory: 'Chytré telefony', brands: ['Apple', 'Samsung'], commission: 5 },
    ]);
    expect(codeOf(await server.gql('{ fees { commissions(limit: 101) { total } } }', {}, { token: partner }))).toBe(
      'VALIDATION_ERROR',
    );
  });
});
