import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
let admin: string;
let partner: string;
let czId: number;
let today: string;

const SAVE =
  'mutation($id: ID, $input: BusinessTermsVersionInput!) { cockpitSaveTerms(id: $id, input: $input) { id } }';
const PUBLISH = 'mutation($id: ID!) { cockpitPublishTerms(id: $id) { id } }';
const AGREE = 'mutation($c: ID!, $n: String!, $p: String) { agreeToTerms(contentId: $c, names: $n, path: $p) { id } }';
const CURRENT = '{ currentTerms { agreed terms { id version content { id lang } } agreement { version names } } }';

const draft = (version: string) => ({
  shopId: 'CZ10MA',
  version,
  validFrom: today,
  contents: [
    { lang: 'cs', title: 'Obchodní podmínky', body: '<h2>1. Úvod</h2><p>Nový text</p>' },
    { lang: 'en', title: 'Business terms', body: '<h2>1. Intro</h2><p>New text</p>' },
  ],
});

beforeAll(async () => {
  server = await startTestServer();
  admin = (await server.login('admin@demo.test')).token;
  partner = (await server.login('partner@demo.test')).token;
  czId = await partnerIdByShop(server.database, '100001');
  const { rows } = await server.database.executeSql('select current_date::text as today');
  today = (rows[0] as { today: string }).today;
});
afterAll(() => server.close());

describe('agreeing', () => {
  it('records one agreement of five parallel clicks on a newly published version', async () => {
    const saved = await server.gql<{ cockpitSaveTerms: { id: string } }>(
      SAVE,
      { input: draft('2026.2') },
      { token: admin },
    );
    expect(
      codeOf(await server.gql(PUBLISH, { id: saved.data!.cockpitSaveTerms.id }, { token: admin })),
    ).toBeUndefined();
    const now = await server.gql<{ currentTerms: { agreed: boolean; terms: { content: { id: string } } } }>(
      CURRENT,
      {},
      { token: partner },
    );
    expect(now.data?.currentTerms.agreed).toBe(false);

    const contentId = now.data!.currentTerms.terms.content.id;
    const attempts = await Promise.all(
      Array.from({ length: 5 }, () => server.gql(AGREE, { c: contentId, n: 'Jan Novák' }, { token: partner })),
    );
    expect(attempts.filter((a) => !a.errors)).toHaveLength(1);
    expect(attempts.filter((a) => codeOf(a) === 'TERMS_ALREADY_AGREED')).toHaveLength(4);
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
  });
});
