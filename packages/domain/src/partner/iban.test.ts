import { describe, expect, it } from 'vitest';
import { contractSchema } from '../registration/schema';
import {
  bankAccountToIban,
  formatIban,
  IBAN_LENGTHS,
  ibanOf,
  isValidDomesticAccount,
  isValidIban,
  normalizeIban,
} from './iban';
import { documentUploadSchema, mayDeleteDocument } from './documents';
import { partnerLogoIssue, publicTitleRefusal, publicTitleSchema } from './info';

const VALID = [
  'CZ6508000000192000145399',
  'SK3112000000198742637541',
  'PL61109010140000071219812874',
  'DE89370400440532013000',
  'HU42117730161111101800000000',
  'SI56263300012039086',
  'HR1210010051863000160',
  'AT611904300234573201',
  'GB82WEST12345698765432',
  'NO9386011117947',
];

describe('isValidIban', () => {
  it('accepts real IBANs of several countries, printed or compact, in any letter case', () => {
    for (const iban of VALID) expect([iban, isValidIban(iban)]).toEqual([iban, true]);
    expect(isValidIban('CZ65 0800 0000 1920 0014 5399')).toBe(true);
    expect(isValidIban(' gb82 west 1234 5698 7654 32 ')).toBe(true);
  });

  it('refuses a wrong check (one digit changed, two digits swapped, check digits 00/01/99)', () => {
    expect(isValidIban('CZ6508000000192000145398')).toBe(false);
    expect(isValidIban('CZ6508000000192000143599')).toBe(false);
    expect(isValidIban('CZ0008000000192000145399')).toBe(false);
    expect(isValidIban('CZ0108000000192000145399')).toBe(false);
    expect(isValidIban('CZ9908000000192000145399')).toBe(false);
  });

  it("refuses a length other than the country's, one character short or long", () => {
    expect(IBAN_LENGTHS.CZ).toBe(24);
    expect(isValidIban('CZ650800000019200014539')).toBe(false);
    expect(isValidIban('CZ65080000001920001453990')).toBe(false);
    // Correct mod 97 but the German length is 22: a well-checked number of the wrong shape.
    expect(isValidIban(ibanOf('DE', '37040044053201300012'))).toBe(false);
    expect(isValidIban(ibanOf('DE', '370400440532013000'))).toBe(true);
  });

  it('refuses unknown countries, letters in the check digits, punctuation and empty text', () => {
    expect(isValidIban(ibanOf('ZZ', '0800000019200014539'))).toBe(false);
    expect(isValidIban('CZA508000000192000145399')).toBe(false);
    expect(isValidIban('CZ65-0800-0000-1920-0014-5399')).toBe(false);
    expect(isValidIban('')).toBe(false);
  });
});

describe('formatting', () => {
  it('stores compact upper case and prints groups of four', () => {
    expect(normalizeIban('cz65 0800 0000 1920 0014 5399')).toBe('CZ6508000000192000145399');
    expect(formatIban('CZ6508000000192000145399')).toBe('CZ65 0800 0000 1920 0014 5399');
    expect(formatIban('NO9386011117947')).toBe('NO93 8601 1117 947');
  });
});

describe('Czech and Slovak domestic accounts', () => {
  it('accepts a number whose prefix and number pass the weighted modulo 11, with or without prefix', () => {
    expect(isValidDomesticAccount('19-2000145399/0800')).toBe(true);
    expect(isValidDomesticAccount('2000145399/0800')).toBe(true);
  });

  it('refuses a wrong check digit in the number or in the prefix, a missing bank code, too few digits', () => {
    expect(isValidDomesticAccount('19-2000145398/0800')).toBe(false);
    expect(isValidDomesticAccount('18-2000145399/0800')).toBe(false);
    expect(isValidDomesticAccount('19-2000145399')).toBe(false);
    expect(isValidDomesticAccount('19-2000145399/080')).toBe(false);
    expect(isValidDomesticAccount('0/0800')).toBe(false);
  });

  it('turns a domestic account of a CZ or SK seat into its IBAN, and refuses it for other seats', () => {
    expect(bankAccountToIban('19-2000145399/0800', 'CZ')).toBe('CZ6508000000192000145399');
    const slovak = bankAccountToIban('19-2000145399/0800', 'SK');
    expect(slovak).toMatch(/^SK\d{2}0800000019200014539{2}$/);
    expect(isValidIban(slovak!)).toBe(true);
    expect(bankAccountToIban('19-2000145399/0800', 'PL')).toBeNull();
    expect(bankAccountToIban('19-2000145398/0800', 'CZ')).toBeNull();
  });

  it('takes an IBAN of any country whatever the seat', () => {
    expect(bankAccountToIban('de89 3704 0044 0532 0130 00', 'HU')).toBe('DE89370400440532013000');
  });
});

describe('the contract schema', () => {
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
  const ruleOf = (input: object) => {
    const parsed = contractSchema.safeParse(input);
    return parsed.success ? null : parsed.error.issues.find((i) => i.path[0] === 'bankAccount')?.message;
  };

  it('refuses a bank account that is not a valid IBAN with the iban rule', () => {
    expect(ruleOf({ ...contract, bankAccount: 'CZ6508000000192000145398' })).toBe('iban');
    expect(ruleOf({ ...contract, bankAccount: '1234567890' })).toBe('iban');
    expect(
      ruleOf({ ...contract, state: 'PL', zip: '00-950', phone: '601123456', bankAccount: '19-2000145399/0800' }),
    ).toBe('iban');
  });

  it('stores what it accepts as the compact IBAN', () => {
    expect(contractSchema.parse(contract).bankAccount).toBe('CZ6508000000192000145399');
    expect(contractSchema.parse({ ...contract, bankAccount: '19-2000145399/0800' }).bankAccount).toBe(
      'CZ6508000000192000145399',
    );
  });
});

describe('shop profile', () => {
  it('takes a public title of 2 to 50 characters', () => {
    expect(publicTitleSchema.safeParse('A').success).toBe(false);
    expect(publicTitleSchema.safeParse('AB').success).toBe(true);
    expect(publicTitleSchema.safeParse('x'.repeat(50)).success).toBe(true);
    expect(publicTitleSchema.safeParse('x'.repeat(51)).success).toBe(false);
    expect(publicTitleSchema.safeParse('Shop\u0000').success).toBe(false);
  });

  it('lets a partner set the title once, and an operator change it', () => {
    expect(publicTitleRefusal(null, false)).toBeNull();
    expect(publicTitleRefusal('sport-demo', false)).toBe('PUBLIC_TITLE_FIXED');
    expect(publicTitleRefusal('sport-demo', true)).toBeNull();
  });

  it('judges a logo by format, bytes and both sides', () => {
    const ok = { format: 'png', width: 64, height: 4000, bytes: 5 * 1024 * 1024 };
    expect(partnerLogoIssue(ok)).toBeNull();
    expect(partnerLogoIssue({ ...ok, format: 'jpg' })).toBeNull();
    expect(partnerLogoIssue({ ...ok, format: 'webp' })).toBeNull();
    expect(partnerLogoIssue({ ...ok, format: 'gif' })).toBe('PARTNER_LOGO_TYPE');
    expect(partnerLogoIssue({ ...ok, width: 63 })).toBe('PARTNER_LOGO_DIMENSIONS');
    expect(partnerLogoIssue({ ...ok, height: 4001 })).toBe('PARTNER_LOGO_DIMENSIONS');
    expect(partnerLogoIssue({ ...ok, bytes: 5 * 1024 * 1024 + 1 })).toBe('PARTNER_LOGO_TOO_LARGE');
  });
});

describe('documents', () => {
  it('needs a known type and a title of at most 200 characters; the valid-from date is optional', () => {
    const ok = { documentType: 'CONTRACT', title: 'Smlouva 2026' };
    expect(documentUploadSchema.safeParse(ok).success).toBe(true);
    expect(documentUploadSchema.safeParse({ ...ok, documentType: 'INVOICE' }).success).toBe(false);
    expect(documentUploadSchema.safeParse({ ...ok, title: ' ' }).success).toBe(false);
    expect(documentUploadSchema.safeParse({ ...ok, title: 'x'.repeat(200) }).success).toBe(true);
    expect(documentUploadSchema.safeParse({ ...ok, title: 'x'.repeat(201) }).success).toBe(false);
    expect(documentUploadSchema.safeParse({ ...ok, validFrom: '2026-02-28' }).success).toBe(true);
    expect(documentUploadSchema.safeParse({ ...ok, validFrom: '2026-02-30' }).success).toBe(false);
    expect(documentUploadSchema.safeParse({ ...ok, validFrom: '2026-02-28T10:00' }).success).toBe(false);
  });

  it("keeps the marketplace's own documents from the partner's delete", () => {
    expect(mayDeleteDocument({ uploadedByOperator: false }, false)).toBe(true);
    expect(mayDeleteDocument({ uploadedByOperator: true }, false)).toBe(false);
    expect(mayDeleteDocument({ uploadedByOperator: true }, true)).toBe(true);
  });
});
