import { describe, expect, it } from 'vitest';
import {
  isHttpUrl,
  isValidBankAccount,
  isValidCompanyId,
  isValidPhone,
  isValidPostalCode,
  isValidVatId,
} from './validators';

describe('company id', () => {
  it('checks the modulo-11 digit in CZ and SK', () => {
    expect(isValidCompanyId('CZ', '25596641')).toBe(true);
    expect(isValidCompanyId('CZ', '25596642')).toBe(false);
    expect(isValidCompanyId('SK', '35757442')).toBe(true);
    expect(isValidCompanyId('SK', '35757443')).toBe(false);
  });
  it('maps remainders 0 and 1 to check digits 1 and 0', () => {
    // 2559664: weighted sum 176, remainder 0 → check digit 1.
    expect(isValidCompanyId('CZ', '25596641')).toBe(true);
    // 0000001: weighted sum 2, remainder 2 → check digit 9; 0000010: sum 3 → 8.
    expect(isValidCompanyId('CZ', '00000019')).toBe(true);
    expect(isValidCompanyId('CZ', '00000108')).toBe(true);
    // 1000000: sum 8 → 3; 0000005: sum 10 → 1; 0000006: sum 12, remainder 1 → 10 → 0.
    expect(isValidCompanyId('CZ', '10000003')).toBe(true);
    expect(isValidCompanyId('CZ', '00000060')).toBe(true);
  });
  it('wants exactly eight digits in CZ and SK', () => {
    expect(isValidCompanyId('CZ', '2559664')).toBe(false);
    expect(isValidCompanyId('CZ', '255966410')).toBe(false);
    expect(isValidCompanyId('SK', '3575744A')).toBe(false);
  });
  it('accepts 1–20 letters, digits, spaces and dashes elsewhere', () => {
    expect(isValidCompanyId('PL', '0000123456')).toBe(true);
    expect(isValidCompanyId('HU', '01-09-123456')).toBe(true);
    expect(isValidCompanyId('SI', '6')).toBe(true);
    expect(isValidCompanyId('HR', 'A'.repeat(20))).toBe(true);
    expect(isValidCompanyId('HR', 'A'.repeat(21))).toBe(false);
    expect(isValidCompanyId('PL', '')).toBe(false);
    expect(isValidCompanyId('PL', '123/45')).toBe(false);
  });
});

describe('VAT id', () => {
  it('CZ takes 8 to 12 digits, with or without the prefix', () => {
    expect(isValidVatId('CZ', '12345678')).toBe(true);
    expect(isValidVatId('CZ', 'CZ25596641')).toBe(true);
    expect(isValidVatId('CZ', '123456789012')).toBe(true);
    expect(isValidVatId('CZ', '1234567')).toBe(false);
    expect(isValidVatId('CZ', '1234567890123')).toBe(false);
  });
  it('SK takes exactly 10 digits', () => {
    expect(isValidVatId('SK', 'SK2020317068')).toBe(true);
    expect(isValidVatId('SK', '202031706')).toBe(false);
    expect(isValidVatId('SK', '20203170681')).toBe(false);
  });
  it('SI takes up to 8 digits', () => {
    expect(isValidVatId('SI', 'SI12345678')).toBe(true);
    expect(isValidVatId('SI', '123456789')).toBe(false);
  });
  it('PL, HU and HR follow their national formats', () => {
    expect(isValidVatId('PL', 'PL5260250274')).toBe(true);
    expect(isValidVatId('PL', '526-025-02-74')).toBe(true);
    expect(isValidVatId('PL', '526025027')).toBe(false);
    expect(isValidVatId('HU', 'HU12345678')).toBe(true);
    expect(isValidVatId('HU', '12345678-2-42')).toBe(true);
    expect(isValidVatId('HU', '1234567')).toBe(false);
    expect(isValidVatId('HR', 'HR12345678901')).toBe(true);
    expect(isValidVatId('HR', '1234567890')).toBe(false);
  });
  it('does not take another country prefix', () => {
    expect(isValidVatId('CZ', 'SK12345678')).toBe(false);
  });
});

describe('phone', () => {
  it('CZ and PL take nine digits, with or without the calling code', () => {
    expect(isValidPhone('CZ', '+420 603 123 456')).toBe(true);
    expect(isValidPhone('CZ', '603123456')).toBe(true);
    expect(isValidPhone('CZ', '60312345')).toBe(false);
    expect(isValidPhone('PL', '+48 512 345 678')).toBe(true);
    expect(isValidPhone('PL', '+48 512 345 6789')).toBe(false);
  });
  it('SK and SI take the national trunk 0 or the calling code', () => {
    expect(isValidPhone('SK', '0905 123 456')).toBe(true);
    expect(isValidPhone('SK', '+421 905 123 456')).toBe(true);
    expect(isValidPhone('SK', '905')).toBe(false);
    expect(isValidPhone('SI', '+386 41 123 456')).toBe(true);
    expect(isValidPhone('SI', '041 123 456')).toBe(true);
    expect(isValidPhone('SI', '041 123 45')).toBe(false);
  });
  it('HU has its own pattern', () => {
    expect(isValidPhone('HU', '+36 1 234 5678')).toBe(true);
    expect(isValidPhone('HU', '06 30 123 4567')).toBe(true);
    expect(isValidPhone('HU', '+36 62 123 456')).toBe(true);
    expect(isValidPhone('HU', '+36 30 123 456')).toBe(false);
    expect(isValidPhone('HU', '30 123 4567')).toBe(false);
    expect(isValidPhone('HU', '+36 1 234 567')).toBe(false);
  });
  it('HR counts 7 to 16 digits', () => {
    expect(isValidPhone('HR', '1234567')).toBe(true);
    expect(isValidPhone('HR', '+1234567890123456')).toBe(true);
    expect(isValidPhone('HR', '123456')).toBe(false);
    expect(isValidPhone('HR', '12345678901234567')).toBe(false);
    expect(isValidPhone('HR', '12345a7')).toBe(false);
  });
});

describe('postal code', () => {
  it('follows each country', () => {
    expect(isValidPostalCode('CZ', '110 00')).toBe(true);
    expect(isValidPostalCode('CZ', '11000')).toBe(true);
    expect(isValidPostalCode('CZ', '1100')).toBe(false);
    expect(isValidPostalCode('SK', '811 01')).toBe(true);
    expect(isValidPostalCode('SK', '8110')).toBe(false);
    expect(isValidPostalCode('PL', '00-950')).toBe(true);
    expect(isValidPostalCode('PL', '00-95')).toBe(false);
    expect(isValidPostalCode('HU', '1051')).toBe(true);
    expect(isValidPostalCode('HU', '10510')).toBe(false);
    expect(isValidPostalCode('SI', '1000')).toBe(true);
    expect(isValidPostalCode('SI', '100')).toBe(false);
    expect(isValidPostalCode('HR', '10000')).toBe(true);
    expect(isValidPostalCode('HR', '1000')).toBe(false);
  });
  it('is 4 to 6 digits, spaces or dashes elsewhere', () => {
    expect(isValidPostalCode('AT', '1010')).toBe(true);
    expect(isValidPostalCode('DE', '101 15')).toBe(true);
    expect(isValidPostalCode('DE', '123456')).toBe(true);
    expect(isValidPostalCode('DE', '123')).toBe(false);
    expect(isValidPostalCode('DE', '1234567')).toBe(false);
    expect(isValidPostalCode('DE', 'AB123')).toBe(false);
  });
});

describe('urls and accounts', () => {
  it('accepts only http and https', () => {
    expect(isHttpUrl('https://shop.example.cz')).toBe(true);
    expect(isHttpUrl('http://shop.example.cz/feed.xml')).toBe(true);
    expect(isHttpUrl('ftp://shop.example.cz')).toBe(false);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('shop.example.cz')).toBe(false);
    expect(isHttpUrl('https://shop example.cz')).toBe(false);
  });
  it('accepts IBAN and national account numbers', () => {
    expect(isValidBankAccount('CZ65 0800 0000 1920 0014 5399')).toBe(true);
    expect(isValidBankAccount('19-2000145399/0800')).toBe(true);
    expect(isValidBankAccount('abc')).toBe(false);
    expect(isValidBankAccount('account no.')).toBe(false);
  });
});
