import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/tables';
import { codeOf, partnerIdByShop, startTestServer, type TestServer, signInAsPartner } from '../../test/harness';
import { revokePolicies } from '../catalog/test-fixtures';
import { partnerContracts, partners } from './tables';
import { czPartnerWithoutTitle } from './test-partners';

let server: TestServer;
let cz: number;
let sk: number;
let onboarding: number;
let twin: number;
let single: number;
let czToken: string;
let multiToken: string;
let onboardingToken: string;
let limitedToken: string;
let adminToken: string;

const PROFILE_FIELDS = 'partnerName mallName sapId shopId provider rating publicTitle publicTitleEditable logo { url }';
const PROFILE = `{ shopProfile { ${PROFILE_FIELDS} } }`;
const SET_TITLE = `mutation($t: String!) { setPublicTitle(title: $t) { ${PROFILE_FIELDS} } }`;
const SAVE_CONTRACT = 'mutation($input: ContractInput!) { saveContract(input: $input) { bankAccount } }';

const contract = {
  company: 'Sportovní potřeby Demo s.r.o.',
  firstName: 'Jan',
  lastName: 'Novák',
  email: 'jan@sport-demo.cz',
  phone: '+420 601 123 456',
  companyId: '27082440',
  vatId: 'CZ27082440',
  bankAccount: 'CZ65 0800 0000 1920 0014 5399',
  street: 'Dlouhá 12',
  city: 'Praha',
  state: 'CZ',
  zip: '110 00',
  web: 'https://www.sport-demo.cz',
};

type Profile = Record<string, unknown>;

const impersonationToken = (partnerId: number) => signInAsPartner(server, adminToken, partnerId);

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  const [row] = await server.database.db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.mallName, 'novy-obchod'));
  onboarding = row!.id;
  twin = await czPartnerWithoutTitle(server.database.db, 'Dvojče A s.r.o.');
  single = await czPartnerWithoutTitle(server.database.db, 'Jediný s.r.o.');
  await revokePolicies(server.database.db, 'limited@demo.test', cz, 'partner', ['update']);
  czToken = (await server.login('partner@demo.test')).token;
  multiToken = (await server.login('multi@demo.test')).token;
  onboardingToken = (await server.login('onboarding@demo.test')).token;
  limitedToken = (await server.login('limited@demo.test')).token;
  adminToken = (await server.login('admin@demo.test')).token;
});
afterAll(async () => server?.close());

describe('shop profile', () => {
  it("shows the marketplace's facts of the selected partner only", async () => {
    const result = await server.gql<{ shopProfile: Profile }>(PROFILE, {}, { token: czToken, partnerId: cz });
    expect(result.data!.shopProfile).toMatchObject({
      partnerName: 'Sportovní potřeby Demo s.r.o.',
      mallName: 'sport-demo',
      sapId: '100001',
      shopId: 'CZ10MA',
      provider: 'API',
      rating: 4.6,
      publicTitle: 'sport-demo',
      publicTitleEditable: false,
      logo: null,
    });
    const other = await server.gql(PROFILE, {}, { token: czToken, partnerId: sk });
    expect(codeOf(other)).toBe('ACCESS_DENIED');
  });
});

describe('public title', () => {
  it('is set once by a partner without one, then fixed', async () => {
    const as = { token: multiToken, partnerId: sk };
    const before = await server.gql<{ shopProfile: Profile }>(PROFILE, {}, as);
    expect(before.data!.shopProfile).toMatchObject({ publicTitle: null, publicTitleEditable: true });
    // Free in the Slovak shop although the Czech shop has it.
    const set = await server.gql<{ setPublicTitle: Profile }>(SET_TITLE, { t: '  sport-demo ' }, as);
    expect(set.errors).toBeUndefined();
    expect(set.data!.setPublicTitle).toMatchObject({ publicTitle: 'sport-demo', publicTitleEditable: false });
    const change = await server.gql(SET_TITLE, { t: 'zahrada-nova' }, as);
    expect(codeOf(change)).toBe('PUBLIC_TITLE_FIXED');
    expect(change.errors![0]!.message).toBe('The shop name cannot be changed after registration.');
    const [row] = await server.database.db.select().from(partners).where(eq(partners.id, sk));
    expect(row!.urlSlug).toBe('sport-demo');
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.partnerId, sk), eq(auditLog.action, 'partner.publicTitle.set')));
    expect(audits).toHaveLength(1);
  });

  it('is refused when another partner of the same shop has it as title or mall name, whatever the case', async () => {
    const as = { token: onboardingToken, partnerId: onboarding };
    expect(codeOf(await server.gql(SET_TITLE, { t: 'SPORT-demo' }, as))).toBe('PUBLIC_TITLE_TAKEN');
    // Its own mall name is no clash.
    const own = await server.gql<{ setPublicTitle: Profile }>(SET_TITLE, { t: 'novy-obchod' }, as);
    expect(own.errors).toBeUndefined();
    expect(own.data!.setPublicTitle.publicTitle).toBe('novy-obchod');
  });

  it('checks the length and the characters before anything', async () => {
    const as = { token: czToken, partnerId: single };
    const short = await server.gql(SET_TITLE, { t: 'x' }, as);
    expect(codeOf(short)).toBe('VALIDATION_ERROR');
    expect(codeOf(await server.gql(SET_TITLE, { t: 'x'.repeat(51) }, as))).toBe('VALIDATION_ERROR');
    expect(codeOf(await server.gql(SET_TITLE, { t: 'bad\u0000name' }, as))).toBe('VALIDATION_ERROR');
    const [row] = await server.database.db.select().from(partners).where(eq(partners.id, single));
    expect(row!.urlSlug).toBeNull();
  });

  it('may be changed by an operator signed in as the partner, still unique', async () => {
    // Another partner of the same shop holds the title the operator tries first.
    expect(codeOf(await server.gql(SET_TITLE, { t: 'Dvojčata' }, { token: czToken, partnerId: twin }))).toBeUndefined();
    const token = await impersonationToken(cz);
    const profile = await server.gql<{ shopProfile: Profile }>(PROFILE, {}, { token, partnerId: cz });
    expect(profile.data!.shopProfile.publicTitleEditable).toBe(true);
    expect(codeOf(await server.gql(SET_TITLE, { t: 'Dvojčata' }, { token, partnerId: cz }))).toBe('PUBLIC_TITLE_TAKEN');
    const changed = await server.gql<{ setPublicTitle: Profile }>(
      SET_TITLE,
      { t: 'sport-demo-cz' },
      { token, partnerId: cz },
    );
    expect(changed.errors).toBeUndefined();
    expect(changed.data!.setPublicTitle.publicTitle).toBe('sport-demo-cz');
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.partnerId, cz), eq(auditLog.action, 'partner.publicTitle.set')));
    expect(audit!.adminAccountId).not.toBeNull();
  });

  it('refuses an account without the partner update permission', async () => {
    const result = await server.gql(SET_TITLE, { t: 'cokoli' }, { token: limitedToken, partnerId: cz });
    expect(codeOf(result)).toBe('ACCESS_DENIED');
  });
});

describe('bank account (IBAN)', () => {
  const as = () => ({ token: czToken, partnerId: cz });

  it('refuses a bank account that is not a valid IBAN with IBAN_INVALID and writes nothing', async () => {
    for (const bankAccount of ['CZ65 0800 0000 1920 0014 5398', 'CZ650800000019200014539', '19-2000145398/0800']) {
      const result = await server.gql(SAVE_CONTRACT, { input: { ...contract, bankAccount } }, as());
      expect([bankAccount, codeOf(result)]).toEqual([bankAccount, 'IBAN_INVALID']);
      expect(result.errors![0]!.message).toBe('The bank account is not a valid IBAN');
      expect(result.errors![0]!.extensions.fields).toEqual([
        expect.objectContaining({
          field: 'bankAccount',
          rule: 'iban',
          message: 'The bank account is not a valid IBAN',
        }),
      ]);
    }
    const rows = await server.database.db.select().from(partnerContracts).where(eq(partnerContracts.partnerId, cz));
    expect(rows).toHaveLength(0);
  });

  it('names every field when more than the bank account is wrong', async () => {
    const result = await server.gql(SAVE_CONTRACT, { input: { ...contract, bankAccount: 'nope', zip: '1' } }, as());
    expect(codeOf(result)).toBe('VALIDATION_ERROR');
  });

  it('stores a valid IBAN compact, and a Czech domestic account as its IBAN', async () => {
    const printed = await server.gql<{ saveContract: { bankAccount: string } }>(
      SAVE_CONTRACT,
      { input: contract },
      as(),
    );
    expect(printed.data!.saveContract.bankAccount).toBe('CZ6508000000192000145399');
    const domestic = await server.gql<{ saveContract: { bankAccount: string } }>(
      SAVE_CONTRACT,
      { input: { ...contract, bankAccount: '2000145399/0800' } },
      as(),
    );
    expect(domestic.data!.saveContract.bankAccount).toBe('CZ7908000000002000145399');
    const foreign = await server.gql<{ saveContract: { bankAccount: string } }>(
      SAVE_CONTRACT,
      { input: { ...contract, bankAccount: 'de89 3704 0044 0532 0130 00' } },
      as(),
    );
    expect(foreign.data!.saveContract.bankAccount).toBe('DE89370400440532013000');
  });
});
