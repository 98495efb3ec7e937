import { describe, expect, it } from 'vitest';
import { brandPartySchema } from '../catalog/brands';
import { profileSchema } from '../account/profile';
import { notificationSettingSchema } from '../notifications/notifications';
import { addressSchema } from '../partner/addresses';
import { contactSchema } from '../partner/contacts';
import { publicTitleSchema } from '../partner/info';
import { checkProduct, containsWord, productInputSchema } from '../products/schema';
import { contractSchema, registrationCompanySchema } from '../registration/schema';
import { isPlausiblePostCode, postalCodeIssue, vatIdIssue } from '../registration/validators';

type Issues = { issues: { path: PropertyKey[]; message: string; params?: unknown }[] } | undefined;
/** The first message of each field, as a form shows them. */
function rules(error: Issues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

const CONTRACT = {
  company: 'Dřevotvar s.r.o.',
  firstName: 'Jana',
  lastName: 'Nováková',
  email: 'jana@drevotvar.example',
  phone: '+420 601 123 456',
  companyId: '27082440',
  vatId: 'CZ27082440',
  bankAccount: 'CZ6508000000192000145399',
  street: 'Palackého 1',
  city: 'Praha',
  zip: '110 00',
  state: 'CZ',
  web: 'https://drevotvar.example',
};

describe('a form reports every problem at once', () => {
  it('accepts the valid contract', () => {
    expect(contractSchema.safeParse(CONTRACT).success).toBe(true);
  });

  it.each([
    ['bankAccount', ''],
    ['web', ''],
    ['state', ''],
    ['company', ''],
  ])('shows the required %s together with the format errors of other fields', (field, value) => {
    const result = contractSchema.safeParse({ ...CONTRACT, [field]: value, zip: '1', companyId: '12345678' });
    const found = rules(result.error);
    expect(found[field]).toBe('required');
    if (field !== 'state') {
      // Without a country the post code and company id cannot be judged; with one they are.
      expect(found.zip).toBe('zipCodeCountry');
      expect(found.companyId).toBe('companyId');
    }
  });

  it('shows an empty street and a bad post code of an address together', () => {
    const found = rules(
      addressSchema.safeParse({ street: '', city: 'Praha', state: 'CZ', zip: '1', types: ['DEFAULT'] }).error,
    );
    expect(found).toEqual({ street: 'required', zip: 'zipCodeCountry' });
  });

  it('shows missing types and a bad post code together', () => {
    const found = rules(addressSchema.safeParse({ street: 'A 1', city: 'Praha', state: 'CZ', zip: '1' }).error);
    expect(found).toEqual({ types: 'required', zip: 'zipCodeCountry' });
  });

  it('shows a missing contact role and a bad phone together', () => {
    const found = rules(
      contactSchema('CZ').safeParse({ firstName: '', lastName: 'N', email: 'a@b.cz', phone: '12' }).error,
    );
    expect(found).toEqual({ firstName: 'required', phone: 'phone', roles: 'required' });
  });

  it('never judges a failed field twice: an empty post code is only required', () => {
    const found = rules(
      addressSchema.safeParse({ street: 'A 1', city: 'B', state: 'CZ', zip: '', types: ['DEFAULT'] }).error,
    );
    expect(found).toEqual({ zip: 'required' });
  });
});

describe('zipCodeCountry, zipCode and postCode', () => {
  it('names the country format of a known country, the generic rule elsewhere', () => {
    expect(postalCodeIssue('CZ', '110 00')).toBeNull();
    expect(postalCodeIssue('CZ', '00-950')).toEqual({ rule: 'zipCodeCountry', params: { 0: '110 00' } });
    expect(postalCodeIssue('PL', '00-950')).toBeNull();
    expect(postalCodeIssue('PL', '110 00')).toEqual({ rule: 'zipCodeCountry', params: { 0: '00-950' } });
    expect(postalCodeIssue('AT', '1010')).toBeNull();
    expect(postalCodeIssue('AT', '1')).toEqual({ rule: 'zipCode' });
  });

  it('accepts any plausible post code of the world for a manufacturer (postCode)', () => {
    expect(isPlausiblePostCode('SW1A 1AA')).toBe(true);
    expect(isPlausiblePostCode('D02 X285')).toBe(true);
    expect(isPlausiblePostCode('518000')).toBe(true);
    expect(isPlausiblePostCode('AB')).toBe(false);
    expect(isPlausiblePostCode('NO DIGITS')).toBe(false);
    expect(isPlausiblePostCode('12345678901')).toBe(false);
    expect(isPlausiblePostCode('12#45')).toBe(false);
  });

  it('applies them to a brand manufacturer by its country', () => {
    const party = { name: 'Maker Ltd', street: 'High St 1', city: 'London', country: 'GB', zip: 'SW1A 1AA' };
    expect(brandPartySchema.safeParse(party).success).toBe(true);
    expect(rules(brandPartySchema.safeParse({ ...party, zip: 'LONDON' }).error)).toEqual({ zip: 'postCode' });
    expect(rules(brandPartySchema.safeParse({ ...party, country: 'cz', zip: 'SW1A 1AA' }).error)).toEqual({
      zip: 'zipCodeCountry',
    });
    expect(brandPartySchema.safeParse({ ...party, country: 'cz', zip: '110 00' }).success).toBe(true);
  });
});

describe('vaId and vatId', () => {
  it('names the country format of a known country', () => {
    expect(vatIdIssue('CZ', 'CZ27082440')).toBeNull();
    expect(vatIdIssue('CZ', '27082440')).toBeNull();
    expect(vatIdIssue('CZ', 'SK2020123456')).toEqual({ rule: 'vaId', params: { 0: 'CZ12345678' } });
    expect(vatIdIssue('SK', '202012345')).toEqual({ rule: 'vaId', params: { 0: 'SK2020123456' } });
    expect(vatIdIssue('SK', '2020123456')).toBeNull();
    expect(vatIdIssue('DE', 'DE123456789')).toBeNull();
    expect(vatIdIssue('DE', '#')).toEqual({ rule: 'vatId' });
    expect(vatIdIssue('CZ', '')).toBeNull();
  });

  it('is the contract form’s message, with the example as {{0}}', () => {
    const result = contractSchema.safeParse({ ...CONTRACT, vatId: 'SK2020123456' });
    const issue = result.error?.issues.find((i) => i.path[0] === 'vatId');
    expect(issue).toMatchObject({ message: 'vaId', params: { 0: 'CZ12345678' } });
  });
});

describe('in and included', () => {
  it('calls an empty choice required and one off the list in', () => {
    expect(rules(profileSchema.safeParse({ firstName: 'A', lastName: 'B', lang: '' }).error)).toEqual({
      lang: 'required',
    });
    expect(rules(profileSchema.safeParse({ firstName: 'A', lastName: 'B', lang: 'de' }).error)).toEqual({ lang: 'in' });
    expect(profileSchema.safeParse({ firstName: 'A', lastName: 'B', lang: 'cs' }).success).toBe(true);
    expect(rules(contractSchema.safeParse({ ...CONTRACT, state: 'DE' }).error)).toEqual({ state: 'in' });
  });

  it('calls a list item off the list not included', () => {
    const address = { street: 'A 1', city: 'Praha', state: 'CZ', zip: '110 00' };
    expect(rules(addressSchema.safeParse({ ...address, types: ['DEFAULT', 'CASTLE'] }).error)).toEqual({
      'types.1': 'included',
    });
    expect(addressSchema.safeParse({ ...address, types: ['DEFAULT'] }).success).toBe(true);
    const setting = { eventType: 'ORDER_CREATED', groups: ['SALES', 'NOBODY'], emails: '', active: true };
    expect(rules(notificationSettingSchema.safeParse(setting).error)).toEqual({ 'groups.1': 'included' });
    expect(rules(notificationSettingSchema.safeParse({ ...setting, eventType: 'X', groups: ['SALES'] }).error)).toEqual(
      {
        eventType: 'in',
      },
    );
    const company = registrationCompanySchema.safeParse({ divisions: ['TOYS_KIDS', 'WEAPONS'] });
    expect(rules(company.error)['divisions.1']).toBe('included');
  });
});

describe('mustContain: a public shop name has a letter', () => {
  it.each([
    ['Dřevotvar', true],
    ['4 kola', true],
    ['1234', false],
    ['--', false],
  ])('%s → %s', (title, ok) => {
    const result = publicTitleSchema.safeParse(title);
    expect(result.success).toBe(ok);
    if (!ok) expect(result.error?.issues.map((i) => i.message)).toEqual(['mustContain']);
  });

  it('an empty name is only required, a short one only min', () => {
    expect(publicTitleSchema.safeParse('').error?.issues.map((i) => i.message)).toEqual(['required']);
    expect(publicTitleSchema.safeParse('A').error?.issues.map((i) => i.message)).toEqual(['min']);
  });
});

describe('canNotContain: the product type does not repeat the brand', () => {
  it('finds the brand as a whole word only', () => {
    expect(containsWord('Samsung Galaxy S24', 'samsung')).toBe(true);
    expect(containsWord('Televize (Samsung)', 'Samsung')).toBe(true);
    expect(containsWord('Samsungite kufr', 'Samsung')).toBe(false);
    expect(containsWord('Televize', '')).toBe(false);
    expect(containsWord('Kryt pro A.B.', 'A.B.')).toBe(true);
  });

  it('refuses a type with the brand, names the brand', () => {
    const base = productInputSchema.parse({ id: 'P-1', productType: 'Samsung Televize', categoryId: 1 });
    const ctx = { brandName: 'Samsung', shopId: 'CZ10MA' as const, forListing: false, category: null };
    const found = checkProduct(base, ctx).issues;
    expect(found).toContainEqual({ field: 'productType', rule: 'canNotContain', params: { 0: 'Samsung' } });
    const fine = checkProduct({ ...base, productType: 'Televize' }, ctx);
    expect(fine.issues.filter((i) => i.field === 'productType')).toEqual([]);
  });
});
