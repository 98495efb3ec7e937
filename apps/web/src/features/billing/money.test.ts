import { describe, expect, it } from 'vitest';
import { absAmount, formatAmount, formatDecimal, formatRate, formatUnitPrice, signOf } from './money';

// Intl separates groups with a narrow or plain no-break space depending on the locale data: compare with spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('billing amounts shown from their decimal strings', () => {
  it('keeps every digit of a large amount (a float would lose the last ones)', () => {
    expect(plain(formatAmount('12345678901234567.89', 'CZK', 'cs-CZ'))).toBe('12 345 678 901 234 567,89 Kč');
    expect(plain(formatAmount('9007199254740993.00', 'EUR', 'en-GB'))).toBe('€9,007,199,254,740,993.00');
  });

  it('rounds a half the way the string says, where the float of 0.145 is below the half', () => {
    expect(formatAmount('0.145', 'EUR', 'en-GB')).toBe('€0.15');
    expect(formatAmount('0.144', 'EUR', 'en-GB')).toBe('€0.14');
  });

  it("shows the currency's invoice places: two for crowns, euros and zloty, none for forints", () => {
    expect(plain(formatAmount('1234.5', 'CZK', 'cs-CZ'))).toBe('1 234,50 Kč');
    expect(plain(formatAmount('12000.00', 'HUF', 'hu-HU'))).toBe('12 000 Ft');
    expect(plain(formatAmount('99.9', 'PLN', 'pl-PL'))).toBe('99,90 zł');
    expect(formatAmount('-40.00', 'EUR', 'en-GB')).toBe('-€40.00');
  });

  it('writes the number in the reader language', () => {
    expect(plain(formatAmount('1234.56', 'EUR', 'sk-SK'))).toBe('1 234,56 €');
    expect(plain(formatAmount('1234.56', 'EUR', 'en-GB'))).toBe('€1,234.56');
  });

  it('shows text that is no decimal as it came, and an unknown currency code after the number', () => {
    expect(formatAmount('n/a', 'CZK', 'cs-CZ')).toBe('n/a');
    expect(formatAmount('1.5e3', 'CZK', 'cs-CZ')).toBe('1.5e3');
    expect(plain(formatAmount('10.5', 'X1', 'en-GB'))).toBe('10.50 X1');
  });

  it('gives a unit price up to four places and quantities and rates without trailing zeros', () => {
    expect(plain(formatUnitPrice('0.0350', 'CZK', 'cs-CZ'))).toBe('0,035 Kč');
    expect(plain(formatUnitPrice('12.0000', 'CZK', 'cs-CZ'))).toBe('12,00 Kč');
    expect(formatDecimal('3.000', 'cs-CZ')).toBe('3');
    expect(formatDecimal('2.500', 'cs-CZ')).toBe('2,5');
    expect(formatRate('9.50', 'sl-SI')).toBe('9,5 %');
    expect(formatRate('21.00', 'en-GB')).toBe('21 %');
  });

  it('reads the sign of an amount from its text', () => {
    expect(signOf('-0.01')).toBe(-1);
    expect(signOf('0.00')).toBe(0);
    expect(signOf('-0.00')).toBe(0);
    expect(signOf('15.20')).toBe(1);
    expect(absAmount('-15.20')).toBe('15.20');
  });
});
