import { describe, expect, it } from 'vitest';
import {
  billingExportFileName,
  billingExportSchema,
  grossRecap,
  isReverseCharge,
  netRecap,
  periodEnd,
  previousPeriod,
  recapTotals,
} from './documents';
import { correctionInputSchema, periodEnded, selfBillingDecisionSchema } from './commands';

describe('tax recap', () => {
  it('sums the bases per rate and takes the VAT once per rate (not per line)', () => {
    const lines = [
      { vatRate: '21', net: '123.45' },
      { vatRate: '21', net: '160.00' },
      { vatRate: '21', net: '10.01' },
      { vatRate: '12', net: '10.05' },
    ];
    const recap = netRecap(lines, 2);
    // 21 % of 293.46 = 61.6266 → 61.63 (the lines' own VAT: 25.92 + 33.60 + 2.10 = 61.62).
    // 12 % of 10.05 = 1.206 → 1.21.
    expect(recap).toEqual([
      { vatRate: '21', base: '293.46', vat: '61.63', total: '355.09' },
      { vatRate: '12', base: '10.05', vat: '1.21', total: '11.26' },
    ]);
    expect(recapTotals(recap, 2)).toEqual({ base: '303.51', vat: '62.84', total: '366.35' });
  });

  it('splits gross lines per rate: base from the sum, VAT the rest', () => {
    expect(
      grossRecap(
        [
          { vatRate: '27', gross: '12700' },
          { vatRate: '5', gross: '1000' },
          { vatRate: '5', gross: '2000' },
        ],
        0,
      ),
    ).toEqual([
      { vatRate: '27', base: '10000', vat: '2700', total: '12700' },
      { vatRate: '5', base: '2857', vat: '143', total: '3000' },
    ]);
  });

  it('charges no VAT to a partner with a VAT number seated in another market', () => {
    expect(isReverseCharge('SK10MA', 'CZ', 'CZ87654321')).toBe(true);
    expect(isReverseCharge('CZ10MA', 'cz', 'CZ87654321')).toBe(false);
    expect(isReverseCharge('SK10MA', 'CZ', '')).toBe(false);
  });
});

describe('periods and the export range', () => {
  it('knows a month’s end, the month before a day, and whether a month has ended', () => {
    expect(periodEnd('2024-12')).toBe('2025-01-01');
    expect(periodEnd('2024-02')).toBe('2024-03-01');
    expect(previousPeriod('2025-01-01')).toBe('2024-12');
    expect(periodEnded('2026-10', '2026-11-01')).toBe(true);
    expect(periodEnded('2026-11', '2026-11-30')).toBe(false);
  });

  it('takes at most three months, in order', () => {
    expect(billingExportSchema.safeParse({ from: '2026-01-01', to: '2026-03-31' }).success).toBe(true);
    expect(billingExportSchema.safeParse({ from: '2026-01-01', to: '2026-04-02' }).error?.issues[0]?.message).toBe(
      'maxThreeMonths',
    );
    expect(billingExportSchema.safeParse({ from: '2026-03-01', to: '2026-01-01' }).error?.issues[0]?.message).toBe(
      'rangeIncomplete',
    );
    expect(billingExportSchema.safeParse({ from: '2026-3-1', to: '2026-04-01' }).success).toBe(false);
  });

  it('names the zip billings plus a timestamp', () => {
    expect(billingExportFileName(new Date('2026-11-30T08:05:09Z'))).toBe('billings-20261130-080509.zip');
  });
});

describe('operators’ commands', () => {
  it('a decline needs a reason', () => {
    expect(selfBillingDecisionSchema.safeParse({ partnerId: 1, accept: false }).success).toBe(false);
    expect(selfBillingDecisionSchema.safeParse({ partnerId: 1, accept: false, reason: 'No VAT' }).success).toBe(true);
    expect(selfBillingDecisionSchema.safeParse({ partnerId: 1, accept: true }).success).toBe(true);
  });

  it('refuses control characters and lone surrogates in reasons and titles, keeps line breaks in a reason', () => {
    expect(
      selfBillingDecisionSchema.safeParse({ partnerId: 1, accept: false, reason: 'No\u0000VAT' }).error?.issues[0]
        ?.message,
    ).toBe('invalidCharacters');
    expect(selfBillingDecisionSchema.safeParse({ partnerId: 1, accept: false, reason: 'Bad \ud800' }).success).toBe(
      false,
    );
    expect(
      selfBillingDecisionSchema.safeParse({ partnerId: 1, accept: false, reason: 'Line one\nline two' }).success,
    ).toBe(true);
    const line = { title: 'Sleva\u0007', quantity: '1', unitPrice: '1', vatRate: '21' };
    expect(
      correctionInputSchema.safeParse({ documentId: 1, documentType: 'credit-note', lines: [line], reason: 'x' })
        .success,
    ).toBe(false);
  });

  it('correction lines are decimals with bounded places', () => {
    const line = { title: 'Sleva', quantity: '1.5', unitPrice: '10.1234', vatRate: '21' };
    expect(
      correctionInputSchema.safeParse({ documentId: 1, documentType: 'credit-note', lines: [line], reason: 'x' })
        .success,
    ).toBe(true);
    const bad = { ...line, unitPrice: '10.12345' };
    expect(
      correctionInputSchema.safeParse({ documentId: 1, documentType: 'credit-note', lines: [bad], reason: 'x' })
        .success,
    ).toBe(false);
    expect(
      correctionInputSchema.safeParse({ documentId: 1, documentType: 'invoice', lines: [line], reason: 'x' }).success,
    ).toBe(false);
  });
});
