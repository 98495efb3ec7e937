import { describe, expect, it } from 'vitest';
import { addMoney, compareMoney, fromUnits, netOfGross, percentOf, subtractMoney, toUnits } from './money';

describe('exact billing amounts', () => {
  it('reads decimals into units, rounding extra places half away from zero', () => {
    expect(toUnits('12.34', 2)).toBe(1234n);
    expect(toUnits('12.345', 2)).toBe(1235n);
    expect(toUnits('12.3449', 2)).toBe(1234n);
    expect(toUnits('-12.345', 2)).toBe(-1235n);
    expect(toUnits('7', 2)).toBe(700n);
    expect(toUnits(0.1, 2)).toBe(10n);
    expect(() => toUnits('1,5', 2)).toThrow();
  });

  it('prints units with the currency’s places', () => {
    expect(fromUnits(1234n, 2)).toBe('12.34');
    expect(fromUnits(5n, 2)).toBe('0.05');
    expect(fromUnits(-5n, 2)).toBe('-0.05');
    expect(fromUnits(988n, 0)).toBe('988');
  });

  it('takes a percent rounded on both sides of a half', () => {
    // 100.10 × 5 % = 5.005 → 5.01; 100.09 × 5 % = 5.0045 → 5.00.
    expect(percentOf('100.10', '5', 2)).toBe('5.01');
    expect(percentOf('100.09', '5', 2)).toBe('5.00');
    // Forints whole: 12,345 × 8 % = 987.6 → 988; 12,337.5 would be 987 exactly.
    expect(percentOf('12345', 8, 0)).toBe('988');
    expect(percentOf('293.46', '21', 2)).toBe('61.63');
    expect(percentOf('-100.10', '5', 2)).toBe('-5.01');
  });

  it('splits a gross amount into its base at a rate', () => {
    expect(netOfGross('121.00', 21, 2)).toBe('100.00');
    expect(netOfGross('3000', 5, 0)).toBe('2857');
    // 1.21 / 1.21 = 1.00; 0.05 / 1.21 = 0.0413 → 0.04.
    expect(netOfGross('0.05', '21', 2)).toBe('0.04');
    expect(netOfGross('9.5', '9.5', 2)).toBe('8.68');
  });

  it('adds, subtracts and compares without floats', () => {
    expect(addMoney(['0.10', '0.20'], 2)).toBe('0.30');
    expect(subtractMoney('717.53', '199.66', 2)).toBe('517.87');
    expect(compareMoney('0.30', addMoney(['0.10', '0.20'], 2), 2)).toBe(0);
    expect(compareMoney('1.00', '0.99', 2)).toBe(1);
  });
});
