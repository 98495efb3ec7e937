import { describe, expect, it } from 'vitest';
import { availableShopIds, EU_COUNTRIES, formatMoney, isEuCountry, MARKETS } from './markets';

describe('markets', () => {
  it('has the six shops with their currencies', () => {
    expect(Object.fromEntries(Object.values(MARKETS).map((m) => [m.shopId, m.currency]))).toEqual({
      CZ10MA: 'CZK',
      SK10MA: 'EUR',
      PL20MA: 'PLN',
      SI10SI: 'EUR',
      HU20MA: 'HUF',
      HR10MA: 'EUR',
    });
  });

  it('leaves Croatia out while croatiaEnabled is off', () => {
    expect(availableShopIds({ croatiaEnabled: false })).not.toContain('HR10MA');
    expect(availableShopIds({ croatiaEnabled: true })).toContain('HR10MA');
    expect(availableShopIds({ croatiaEnabled: false })).toHaveLength(5);
  });

  it('knows the 27 EU countries', () => {
    expect(EU_COUNTRIES).toHaveLength(27);
    expect(isEuCountry('sk')).toBe(true);
    expect(isEuCountry('GB')).toBe(false);
  });

  it('shows money with 0 to 2 decimals in the currency', () => {
    const nb = (s: string) => s.replace(/\s/g, ' ');
    expect(nb(formatMoney(1234, 'CZK', 'cs-CZ'))).toBe('1 234 Kč');
    expect(nb(formatMoney(12.5, 'EUR', 'sk-SK'))).toBe('12,5 €');
    expect(nb(formatMoney(12.345, 'EUR', 'en-GB'))).toBe('€12.35');
  });
});
