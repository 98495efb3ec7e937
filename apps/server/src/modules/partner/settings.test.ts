import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/tables';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { revokePolicies } from '../catalog/test-fixtures';
import { partnerContracts, partners } from './tables';

let server: TestServer;
let cz: number;
let pl: number;
let fresh: number;
let czToken: string;
let freshToken: string;
let multiToken: string;
let limitedToken: string;

const CONTRACT_FIELDS =
  'company firstName lastName email phone companyId vatId bankAccount street city state zip web publicTitle';
const CONTRACT = `{ contract { ${CONTRACT_FIELDS} } }`;
const SAVE_CONTRACT = `mutation($input: ContractInput!) { saveContract(input: $input) { ${CONTRACT_FIELDS} } }`;
const ADDRESSES = '{ partnerAddresses { id street city state zip types } }';
const SAVE_ADDRESS = `mutation($id: ID, $input: AddressInput!) { saveAddress(id: $id, input: $input) { id street city state zip types } }`;
const DELETE_ADDRESS = 'mutation($id: ID!) { deleteAddress(id: $id) }';
const CONTACTS = '{ partnerContacts { id firstName lastName email phone roles } }';
const SAVE_CONTACT = `mutation($id: ID, $input: ContactInput!) { saveContact(id: $id, input: $input) { id firstName lastName email phone roles } }`;
const DELETE_CONTACT = 'mutation($id: ID!) { deleteContact(id: $id) }';
const CONNECTION = 'mutation($p: String!) { setConnectionType(provider: $p) }';
const SELF_BILLING = '{ selfBilling { offered status } }';
const REQUEST_SELF_BILLING = 'mutation { requestSelfBilling { offered status } }';

const contract = {
  company: 'Nový obchod Demo s.r.o.',
  firstName: 'Olga',
  lastName: 'Nová',
  email: 'olga@novy-obchod.cz',
  phone: '+420 601 123 456',
  companyId: '27082440',
  vatId: 'CZ27082440',
  bankAccount: 'CZ6508000000192000145399',
  street: 'Dlouhá 12',
  city: 'Praha',
  state: 'CZ',
  zip: '110 00',
  web: 'https://www.novy-obchod.cz',
};
const address = { street: 'Skladová 5', city: 'Brno', state: 'CZ', zip: '602 00', types: ['MAIN_WAREHOUSE'] };
const contact = {
  firstName: 'Petr',
  lastName: 'Svoboda',
  email: 'petr@novy-obchod.cz',
  phone: '601 123 456',
  roles: ['LOGISTICS'],
};

type Fields = { field: string; rule: string; message: string }[];
const fieldsOf = (r: { errors?: { extensions: { fields?: unknown[] } }[] }) =>
  (r.errors?.[0]?.extensions.fields ?? []) as Fields;

async function audits(partnerId: number, action: string) {
  return server.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.partnerId, partnerId), eq(auditLog.action, action)));
}

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  pl = await partnerIdByShop(server.database, '100003');
  const [row] = await server.database.db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.mallName, 'novy-obchod'));
  fresh = row!.id;
  await revokePolicies(server.database.db, 'limited@demo.test', cz, 'partner', ['create', 'update', 'delete']);
  await revokePolicies(server.database.db, 'limited@demo.test', cz, 'partnerContacts', [
    'read',
    'create',
    'update',
    'delete',
  ]);
  czToken = (await server.login('partner@demo.test')).token;
  freshToken = (await server.login('onboarding@demo.test')).token;
  multiToken = (await server.login('multi@demo.test')).token;
  limitedToken = (await server.login('limited@demo.test')).token;
});
afterAll(async () => server?.close());

const asFresh = { token: () => freshToken, partnerId: () => fresh };
const gqlFresh = <T>(query: string, variables: Record<string, unknown> = {}) =>
  server.gql<T>(query, variables, { token: asFresh.token(), partnerId: asFresh.partnerId() });

describe('company details (contract)', () => {
  it('starts from what registration knows: the partner name, its country and the fixed public title', async () => {
    const result = await gqlFresh<{ contract: Record<string, string | null> }>(CONTRACT);
    expect(result.errors).toBeUndefined();
    expect(result.data!.contract).toMatchObject({
      company: 'Nový obchod Demo s.r.o.',
      state: 'CZ',
      companyId: '',
      publicTitle: null,
    });
  });

  it('refuses what the country rules refuse, field by field, and writes nothing', async () => {
    const result = await gqlFresh(SAVE_CONTRACT, {
      input: { ...contract, companyId: '27082441', zip: '1100', phone: '12', web: 'ftp://x.cz' },
    });
    expect(codeOf(result)).toBe('VALIDATION_ERROR');
    const rules = Object.fromEntries(fieldsOf(result).map((f) => [f.field, f.rule]));
    expect(rules).toMatchObject({ companyId: 'companyId', zip: 'zipCodeCountry', phone: 'phone', web: 'url' });
    const rows = await server.database.db.select().from(partnerContracts).where(eq(partnerContracts.partnerId, fresh));
    expect(rows).toHaveLength(0);
  });

  it('refuses a company name another partner of the same shop has, whatever the letter case', async () => {
    const result = await gqlFresh(SAVE_CONTRACT, { input: { ...contract, company: 'SPORTOVNÍ potřeby Demo s.r.o.' } });
    expect(codeOf(result)).toBe('COMPANY_NAME_TAKEN');
    expect(fieldsOf(result)[0]).toMatchObject({ field: 'company', rule: 'uniqueCompanyName' });
  });

  it('allows the name of a partner in another shop', async () => {
    const result = await gqlFresh<{ saveContract: Record<string, string> }>(SAVE_CONTRACT, {
      input: { ...contract, company: 'Záhrada Demo s.r.o.' },
    });
    expect(result.errors).toBeUndefined();
  });

  it('saves the details, renames the partner and records who did it', async () => {
    const result = await gqlFresh<{ saveContract: Record<string, string> }>(SAVE_CONTRACT, { input: contract });
    expect(result.errors).toBeUndefined();
    expect(result.data!.saveContract).toMatchObject({ ...contract });
    const again = await gqlFresh<{ contract: Record<string, string> }>(CONTRACT);
    expect(again.data!.contract.companyId).toBe('27082440');
    const [partner] = await server.database.db.select().from(partners).where(eq(partners.id, fresh));
    expect(partner!.partnerName).toBe(contract.company);
    expect(await audits(fresh, 'partner.contract.save')).toHaveLength(2);
  });

  it('refuses an account without the partner update permission', async () => {
    const result = await server.gql(
      SAVE_CONTRACT,
      { input: { ...contract, company: 'Jiný název' } },
      { token: limitedToken, partnerId: cz },
    );
    expect(codeOf(result)).toBe('ACCESS_DENIED');
    const [partner] = await server.database.db.select().from(partners).where(eq(partners.id, cz));
    expect(partner!.partnerName).toBe('Sportovní potřeby Demo s.r.o.');
  });
});

describe('addresses', () => {
  let czAddressId: string;

  it('answers every field problem at once, each message in the caller’s language', async () => {
    const result = await server.gql(
      SAVE_ADDRESS,
      { input: { ...address, street: '', zip: '1', types: ['MAIN_WAREHOUSE', 'CASTLE'] } },
      { token: asFresh.token(), partnerId: asFresh.partnerId(), lang: 'cs' },
    );
    expect(codeOf(result)).toBe('VALIDATION_ERROR');
    expect(fieldsOf(result)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'street', rule: 'required', message: 'Pole je povinné' }),
        expect.objectContaining({
          field: 'zip',
          rule: 'zipCodeCountry',
          message: 'Toto PSČ neodpovídá zvolené zemi. Zapište ho jako 110 00.',
        }),
        expect.objectContaining({
          field: 'types.1',
          rule: 'included',
          message: 'Vyberte pouze z nabízených hodnot.',
        }),
      ]),
    );
  });

  it('names the VAT ID format of the seat country (vaId), translated', async () => {
    const result = await server.gql(
      SAVE_CONTRACT,
      { input: { ...contract, vatId: 'SK2020123456' } },
      { token: asFresh.token(), partnerId: asFresh.partnerId(), lang: 'sk' },
    );
    expect(codeOf(result)).toBe('VALIDATION_ERROR');
    expect(fieldsOf(result)).toEqual([
      expect.objectContaining({
        field: 'vatId',
        rule: 'vaId',
        message: 'Toto IČ DPH nezodpovedá zvolenej krajine. Zapíšte ho ako CZ12345678.',
      }),
    ]);
  });

  it('adds, changes and lists the selected partner’s addresses', async () => {
    const created = await gqlFresh<{ saveAddress: { id: string; types: string[] } }>(SAVE_ADDRESS, {
      input: { ...address, types: ['WAREHOUSE', 'MAIN_WAREHOUSE'] },
    });
    expect(created.errors).toBeUndefined();
    expect(created.data!.saveAddress.types).toEqual(['MAIN_WAREHOUSE', 'WAREHOUSE']);
    const id = created.data!.saveAddress.id;
    const changed = await gqlFresh<{ saveAddress: { city: string } }>(SAVE_ADDRESS, {
      id,
      input: { ...address, city: 'Olomouc', zip: '779 00' },
    });
    expect(changed.data!.saveAddress.city).toBe('Olomouc');
    const list = await gqlFresh<{ partnerAddresses: { id: string; city: string }[] }>(ADDRESSES);
    expect(list.data!.partnerAddresses).toEqual([expect.objectContaining({ id, city: 'Olomouc' })]);
    expect(await audits(fresh, 'partner.address.update')).toHaveLength(1);
  });

  it('checks the postal code by the address country', async () => {
    const result = await gqlFresh(SAVE_ADDRESS, { input: { ...address, state: 'PL', zip: '602 00' } });
    expect(codeOf(result)).toBe('VALIDATION_ERROR');
    expect(fieldsOf(result)).toEqual([
      expect.objectContaining({ field: 'zip', rule: 'zipCodeCountry', params: { 0: '00-950' } }),
    ]);
    const polish = await gqlFresh(SAVE_ADDRESS, {
      input: { ...address, state: 'PL', zip: '00-950', types: ['CORRESPONDENCE_ADDRESS'] },
    });
    expect(polish.errors).toBeUndefined();
  });

  it('never shows or touches another partner’s address', async () => {
    const other = await server.gql<{ saveAddress: { id: string } }>(
      SAVE_ADDRESS,
      { input: address },
      { token: czToken, partnerId: cz },
    );
    czAddressId = other.data!.saveAddress.id;
    const list = await gqlFresh<{ partnerAddresses: { id: string }[] }>(ADDRESSES);
    expect(list.data!.partnerAddresses.map((a) => a.id)).not.toContain(czAddressId);
    expect(codeOf(await gqlFresh(SAVE_ADDRESS, { id: czAddressId, input: address }))).toBe('ADDRESS_NOT_FOUND');
    expect(codeOf(await gqlFresh(DELETE_ADDRESS, { id: czAddressId }))).toBe('ADDRESS_NOT_FOUND');
    // What is no row id at all is refused as input (the domain's one id rule), before any lookup.
    expect(codeOf(await gqlFresh(DELETE_ADDRESS, { id: 'abc' }))).toBe('VALIDATION_ERROR');
    const mine = await server.gql<{ partnerAddresses: { id: string; city: string }[] }>(
      ADDRESSES,
      {},
      { token: czToken, partnerId: cz },
    );
    expect(mine.data!.partnerAddresses).toContainEqual(expect.objectContaining({ id: czAddressId, city: 'Brno' }));
  });

  it('refuses changes without the partner update permission but lets the account read', async () => {
    expect(codeOf(await server.gql(DELETE_ADDRESS, { id: czAddressId }, { token: limitedToken, partnerId: cz }))).toBe(
      'ACCESS_DENIED',
    );
    const read = await server.gql<{ partnerAddresses: { id: string }[] }>(
      ADDRESSES,
      {},
      { token: limitedToken, partnerId: cz },
    );
    expect(read.data!.partnerAddresses.map((a) => a.id)).toContain(czAddressId);
  });

  it('deletes an address with an audit entry', async () => {
    const result = await server.gql(DELETE_ADDRESS, { id: czAddressId }, { token: czToken, partnerId: cz });
    expect(result.errors).toBeUndefined();
    const list = await server.gql<{ partnerAddresses: { id: string }[] }>(
      ADDRESSES,
      {},
      { token: czToken, partnerId: cz },
    );
    expect(list.data!.partnerAddresses.map((a) => a.id)).not.toContain(czAddressId);
    expect(await audits(cz, 'partner.address.delete')).toHaveLength(1);
  });
});

describe('contact persons', () => {
  it('adds and changes a contact; the phone follows the seat country', async () => {
    const created = await gqlFresh<{ saveContact: { id: string; roles: string[] } }>(SAVE_CONTACT, {
      input: { ...contact, roles: ['RMA', 'LOGISTICS'] },
    });
    expect(created.errors).toBeUndefined();
    expect(created.data!.saveContact.roles).toEqual(['LOGISTICS', 'RMA']);
    const hungarian = await gqlFresh(SAVE_CONTACT, { input: { ...contact, phone: '+36 30 123 4567' } });
    expect(fieldsOf(hungarian)).toEqual([expect.objectContaining({ field: 'phone', rule: 'phone' })]);
    const changed = await gqlFresh<{ saveContact: { lastName: string } }>(SAVE_CONTACT, {
      id: created.data!.saveContact.id,
      input: { ...contact, lastName: 'Dvořák' },
    });
    expect(changed.data!.saveContact.lastName).toBe('Dvořák');
  });

  it('needs at least one role and a real e-mail', async () => {
    const result = await gqlFresh(SAVE_CONTACT, { input: { ...contact, roles: [], email: 'petr@' } });
    const rules = Object.fromEntries(fieldsOf(result).map((f) => [f.field, f.rule]));
    expect(rules).toEqual({ roles: 'required', email: 'email' });
  });

  it('keeps contacts per partner and refuses an account without the contacts permission', async () => {
    const other = await server.gql<{ saveContact: { id: string } }>(
      SAVE_CONTACT,
      { input: contact },
      { token: czToken, partnerId: cz },
    );
    const id = other.data!.saveContact.id;
    const list = await gqlFresh<{ partnerContacts: { id: string }[] }>(CONTACTS);
    expect(list.data!.partnerContacts.map((c) => c.id)).not.toContain(id);
    expect(codeOf(await gqlFresh(SAVE_CONTACT, { id, input: contact }))).toBe('CONTACT_NOT_FOUND');
    expect(codeOf(await gqlFresh(DELETE_CONTACT, { id }))).toBe('CONTACT_NOT_FOUND');
    expect(codeOf(await server.gql(CONTACTS, {}, { token: limitedToken, partnerId: cz }))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(DELETE_CONTACT, { id }, { token: limitedToken, partnerId: cz }))).toBe(
      'ACCESS_DENIED',
    );
    expect((await server.gql(DELETE_CONTACT, { id }, { token: czToken, partnerId: cz })).errors).toBeUndefined();
    expect(await audits(cz, 'partner.contact.delete')).toHaveLength(1);
  });
});

describe('connection type', () => {
  it('records the provider and the session shows it at once', async () => {
    const result = await gqlFresh(CONNECTION, { p: 'MALL_FEED' });
    expect(result.errors).toBeUndefined();
    const [partner] = await server.database.db.select().from(partners).where(eq(partners.id, fresh));
    expect(partner!.provider).toBe('MALL_FEED');
    const session = await gqlFresh<{ session: { selectedPartner: { provider: string } } }>(
      '{ session { selectedPartner { provider } } }',
    );
    expect(session.data!.session.selectedPartner.provider).toBe('MALL_FEED');
    expect(await audits(fresh, 'partner.connection')).toEqual([
      expect.objectContaining({ data: { from: 'MANUAL', to: 'MALL_FEED' } }),
    ]);
  });

  it('refuses an unknown provider and an account without the permission', async () => {
    expect(codeOf(await gqlFresh(CONNECTION, { p: 'FAX' }))).toBe('VALIDATION_ERROR');
    expect(codeOf(await server.gql(CONNECTION, { p: 'API' }, { token: limitedToken, partnerId: cz }))).toBe(
      'ACCESS_DENIED',
    );
  });
});

describe('self-billing', () => {
  it('is not offered outside Czechia and Slovakia', async () => {
    const result = await server.gql<{ selfBilling: { offered: boolean } }>(
      SELF_BILLING,
      {},
      { token: multiToken, partnerId: pl },
    );
    expect(result.data!.selfBilling.offered).toBe(false);
    expect(codeOf(await server.gql(REQUEST_SELF_BILLING, {}, { token: multiToken, partnerId: pl }))).toBe(
      'SELF_BILLING_NOT_OFFERED',
    );
  });

  it('is not offered to a Czech partner that is no VAT payer', async () => {
    await gqlFresh(SAVE_CONTRACT, { input: { ...contract, vatId: '' } });
    expect((await gqlFresh<{ selfBilling: { offered: boolean } }>(SELF_BILLING)).data!.selfBilling.offered).toBe(false);
    expect(codeOf(await gqlFresh(REQUEST_SELF_BILLING))).toBe('SELF_BILLING_NOT_OFFERED');
  });

  it('needs the legal data: complete details and a billing address', async () => {
    await gqlFresh(SAVE_CONTRACT, { input: contract });
    const state = await gqlFresh<{ selfBilling: { offered: boolean; status: string } }>(SELF_BILLING);
    expect(state.data!.selfBilling).toEqual({ offered: true, status: 'inactive' });
    const refused = await gqlFresh(REQUEST_SELF_BILLING);
    expect(codeOf(refused)).toBe('LEGAL_DATA_MISSING');
    expect(refused.errors![0]!.message).toBe('You have not uploaded all the legal data');
  });

  it('moves from inactive to requested once, with an audit entry', async () => {
    await gqlFresh(SAVE_ADDRESS, { input: { ...address, types: ['BILLING_ADDRESS'] } });
    const result = await gqlFresh<{ requestSelfBilling: { status: string } }>(REQUEST_SELF_BILLING);
    expect(result.errors).toBeUndefined();
    expect(result.data!.requestSelfBilling.status).toBe('requested');
    await gqlFresh(REQUEST_SELF_BILLING);
    expect(await audits(fresh, 'partner.selfBilling.request')).toHaveLength(1);
    expect((await gqlFresh<{ selfBilling: { status: string } }>(SELF_BILLING)).data!.selfBilling.status).toBe(
      'requested',
    );
  });

  it('is a billing matter too: an account that may change billing but not the company details may ask', async () => {
    const asked = await server.gql<{ requestSelfBilling: { status: string } }>(
      REQUEST_SELF_BILLING,
      {},
      { token: limitedToken, partnerId: cz },
    );
    // Past the permission, the rules answer: the demo Czech shop is no VAT payer.
    expect(codeOf(asked)).toBe('SELF_BILLING_NOT_OFFERED');
  });

  it('refuses the request without the billing and the partner update permission', async () => {
    await revokePolicies(server.database.db, 'limited@demo.test', cz, 'billing', ['update']);
    limitedToken = (await server.login('limited@demo.test')).token;
    expect(codeOf(await server.gql(REQUEST_SELF_BILLING, {}, { token: limitedToken, partnerId: cz }))).toBe(
      'ACCESS_DENIED',
    );
  });
});
