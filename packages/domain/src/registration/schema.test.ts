import { describe, expect, it } from 'vitest';
import {
  contractSchema,
  isDisposableEmail,
  registrationBasicSchema,
  registrationCompanySchema,
  registrationMarkets,
  registrationSchema,
} from './schema';

export const validBasic = {
  shopId: 'CZ10MA',
  shopName: 'Kola Novák',
  web: 'https://kola-novak.cz',
  firstName: 'Jan',
  lastName: 'Novák',
  email: 'Jan.Novak@Kola-Novak.cz',
  phone: '+420 603 123 456',
  provider: 'MANUAL',
  language: 'cs',
};

export const validCompany = {
  country: 'CZ',
  companyId: '25596641',
  company: 'Kola Novák s.r.o.',
  vatId: 'CZ25596641',
  street: 'Dlouhá 12',
  city: 'Praha',
  zip: '110 00',
  bankAccount: 'CZ65 0800 0000 1920 0014 5399',
  annualTurnover: '1M_10M',
  salesCount: '100_500',
  offeredCount: '100_1000',
  divisions: ['SPORTS'],
  otherDivisions: '',
  countries: ['CZ', 'SK'],
  productFeed: '',
  availabilityFeed: '',
  hasCarrier: true,
  consent: true,
};

function rules(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
}

describe('registration step 1', () => {
  it('accepts a complete step and lowers the e-mail', () => {
    const parsed = registrationBasicSchema.parse(validBasic);
    expect(parsed.email).toBe('jan.novak@kola-novak.cz');
  });
  it('checks the phone by the market country', () => {
    expect(rules(registrationBasicSchema.safeParse({ ...validBasic, shopId: 'HU20MA' }))).toEqual({ phone: 'phone' });
    expect(
      registrationBasicSchema.safeParse({ ...validBasic, shopId: 'HU20MA', phone: '+36 30 123 4567' }).success,
    ).toBe(true);
  });
  it('bounds the public title to 2–50 characters', () => {
    expect(rules(registrationBasicSchema.safeParse({ ...validBasic, shopName: 'K' }))).toEqual({ shopName: 'min' });
    expect(rules(registrationBasicSchema.safeParse({ ...validBasic, shopName: ' ' }))).toEqual({
      shopName: 'required',
    });
    expect(registrationBasicSchema.safeParse({ ...validBasic, shopName: 'Ko' }).success).toBe(true);
    expect(registrationBasicSchema.safeParse({ ...validBasic, shopName: 'K'.repeat(50) }).success).toBe(true);
    expect(rules(registrationBasicSchema.safeParse({ ...validBasic, shopName: 'K'.repeat(51) }))).toEqual({
      shopName: 'max',
    });
  });
  it('wants an http(s) web, an e-mail, a provider and a market', () => {
    expect(
      rules(
        registrationBasicSchema.safeParse({
          ...validBasic,
          web: 'ftp://x.cz',
          email: 'nope',
          provider: 'FAX',
          shopId: 'DE10MA',
        }),
      ),
    ).toMatchObject({ web: 'url', email: 'email', provider: 'in', shopId: 'in' });
  });
  it('refuses control characters in names', () => {
    expect(rules(registrationBasicSchema.safeParse({ ...validBasic, firstName: 'Jan\u0000' }))).toEqual({
      firstName: 'invalidCharacters',
    });
  });
});

describe('registration step 2', () => {
  it('accepts a complete step', () => {
    expect(registrationCompanySchema.safeParse(validCompany).success).toBe(true);
  });
  it('checks company id, VAT id and postal code by the company country', () => {
    expect(
      rules(registrationCompanySchema.safeParse({ ...validCompany, companyId: '25596642', vatId: 'CZ1', zip: '1100' })),
    ).toEqual({ companyId: 'companyId', vatId: 'vaId', zip: 'zipCodeCountry' });
    expect(
      registrationCompanySchema.safeParse({
        ...validCompany,
        country: 'HR',
        companyId: '080000014',
        vatId: 'HR12345678901',
        zip: '10000',
      }).success,
    ).toBe(true);
  });
  it('keeps the VAT id and the feeds optional, but the feeds http(s)', () => {
    expect(registrationCompanySchema.safeParse({ ...validCompany, vatId: '' }).success).toBe(true);
    expect(rules(registrationCompanySchema.safeParse({ ...validCompany, productFeed: 'file:///etc/passwd' }))).toEqual({
      productFeed: 'url',
    });
    expect(
      registrationCompanySchema.safeParse({ ...validCompany, availabilityFeed: 'https://kola-novak.cz/a.xml' }).success,
    ).toBe(true);
  });
  it('wants the ranges from the lists, a division, a target country and the consent', () => {
    expect(
      rules(
        registrationCompanySchema.safeParse({
          ...validCompany,
          annualTurnover: 'LOTS',
          divisions: [],
          countries: [],
          consent: false,
        }),
      ),
    ).toEqual({
      annualTurnover: 'in',
      divisions: 'atLeastOne',
      countries: 'atLeastOne',
      consent: 'consentRequired',
    });
  });
});

describe('registration as a whole', () => {
  it('is both steps', () => {
    expect(registrationSchema.safeParse({ ...validBasic, ...validCompany }).success).toBe(true);
    expect(rules(registrationSchema.safeParse({ ...validBasic, ...validCompany, companyId: '25596642' }))).toEqual({
      companyId: 'companyId',
    });
  });
  it('offers Croatia only with croatiaEnabled', () => {
    expect(registrationMarkets({ croatiaEnabled: false })).not.toContain('HR10MA');
    expect(registrationMarkets({ croatiaEnabled: true })).toContain('HR10MA');
  });
  it('knows disposable mailboxes', () => {
    expect(isDisposableEmail('x@mailinator.com')).toBe(true);
    expect(isDisposableEmail('x@eu.mailinator.com')).toBe(true);
    expect(isDisposableEmail('x@kola-novak.cz')).toBe(false);
  });
});

describe('contract', () => {
  const contract = {
    company: 'Kola Novák s.r.o.',
    firstName: 'Jan',
    lastName: 'Novák',
    email: 'jan@kola-novak.cz',
    phone: '603123456',
    companyId: '25596641',
    vatId: '',
    bankAccount: 'CZ65 0800 0000 1920 0014 5399',
    street: 'Dlouhá 12',
    city: 'Praha',
    zip: '11000',
    state: 'CZ',
    web: 'https://kola-novak.cz',
  };
  it('accepts complete company details', () => {
    expect(contractSchema.safeParse(contract).success).toBe(true);
  });
  it('checks the formats by the seat country', () => {
    expect(rules(contractSchema.safeParse({ ...contract, state: 'SK', companyId: '25596642' }))).toEqual({
      companyId: 'companyId',
    });
    expect(rules(contractSchema.safeParse({ ...contract, state: 'HU' }))).toEqual({
      zip: 'zipCodeCountry',
      phone: 'phone',
    });
    expect(rules(contractSchema.safeParse({ ...contract, bankAccount: '' }))).toEqual({ bankAccount: 'required' });
  });
});
