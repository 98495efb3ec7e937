import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  checkCorrectionForm,
  checkDecision,
  checkPenaltyForm,
  checkRunForm,
  defaultRunPeriod,
  EMPTY_CORRECTION_LINE,
  normaliseDecimal,
} from './cockpitForms';

// Without an i18next instance a text is its key, with the bound for the messages that name one.
const NAMES_BOUND = ['validation.billingDecimal', 'validation.max'];
const t = ((key: string, params?: Record<string, unknown>) =>
  NAMES_BOUND.includes(key) ? `${key}(${String(params?.[0])})` : key) as unknown as TFunction;

describe('the billing run form', () => {
  it('sends a month for every partner or for one', () => {
    expect(checkRunForm({ period: '2026-02', partnerId: null }, t)).toEqual({
      input: { period: '2026-02', partnerId: null },
    });
    expect(checkRunForm({ period: ' 2026-02 ', partnerId: '17' }, t).input).toEqual({
      period: '2026-02',
      partnerId: '17',
    });
  });

  it('says the month is missing or not a month', () => {
    expect(checkRunForm({ period: '', partnerId: null }, t).errors).toEqual({ period: 'validation.required' });
    expect(checkRunForm({ period: '2026-13', partnerId: null }, t).errors).toEqual({
      period: 'validation.billingPeriod',
    });
    expect(checkRunForm({ period: '02/2026', partnerId: null }, t).errors).toEqual({
      period: 'validation.billingPeriod',
    });
  });

  it('starts with the last ended month', () => {
    expect(defaultRunPeriod(new Date(2026, 0, 3))).toBe('2025-12');
    expect(defaultRunPeriod(new Date(2026, 6, 31))).toBe('2026-06');
  });
});

describe('the penalty form', () => {
  it("sends no amount for the shop's penalty fee, and a typed one with a point", () => {
    expect(checkPenaltyForm({ amount: '', reason: 'Late dispatch' }, '5', t).input).toEqual({
      partnerId: '5',
      amount: null,
      reason: 'Late dispatch',
    });
    expect(checkPenaltyForm({ amount: '1 500,50', reason: 'Late dispatch' }, '5', t).input?.amount).toBe('1500.50');
  });

  it('wants a reason and an amount of at most two decimal places', () => {
    expect(checkPenaltyForm({ amount: '10.123', reason: '' }, '5', t).errors).toEqual({
      amount: 'validation.billingDecimal(2)',
      reason: 'validation.required',
    });
    expect(checkPenaltyForm({ amount: '-5', reason: 'x' }, '5', t).errors).toEqual({
      amount: 'validation.billingDecimal(2)',
    });
  });

  it('takes a reason of up to 500 characters', () => {
    expect(checkPenaltyForm({ amount: '', reason: 'x'.repeat(500) }, '5', t).input).toBeDefined();
    expect(checkPenaltyForm({ amount: '', reason: 'x'.repeat(501) }, '5', t).errors).toEqual({
      reason: 'validation.max(500)',
    });
  });
});

describe('the self-billing decision', () => {
  it('accepts without a reason, declines only with one', () => {
    expect(checkDecision('9', true, '', t).input).toEqual({ partnerId: '9', accept: true, reason: null });
    expect(checkDecision('9', false, '  ', t).errors).toEqual({ reason: 'validation.required' });
    expect(checkDecision('9', false, 'Not a VAT payer', t).input?.reason).toBe('Not a VAT payer');
  });
});

describe('the credit or debit note form', () => {
  const line = { title: 'Commission refund', quantity: '1', unitPrice: '120,5', vatRate: '21' };

  it('sends the lines with decimal points', () => {
    const checked = checkCorrectionForm({ documentType: 'credit-note', reason: 'Wrong rate', lines: [line] }, '44', t);
    expect(checked.input).toEqual({
      documentId: '44',
      documentType: 'credit-note',
      reason: 'Wrong rate',
      lines: [{ title: 'Commission refund', quantity: '1', unitPrice: '120.5', vatRate: '21' }],
    });
  });

  it('names the field of the line that needs fixing', () => {
    const checked = checkCorrectionForm(
      {
        documentType: 'debit-note',
        reason: '',
        lines: [line, { ...EMPTY_CORRECTION_LINE, title: 'Fee', unitPrice: '1.23456', vatRate: '' }],
      },
      '44',
      t,
    );
    expect(checked.errors).toEqual({
      reason: 'validation.required',
      'lines.1.unitPrice': 'validation.billingDecimal(4)',
      'lines.1.vatRate': 'validation.required',
    });
  });

  it('wants at least one line', () => {
    expect(checkCorrectionForm({ documentType: 'credit-note', reason: 'x', lines: [] }, '44', t).errors).toEqual({
      lines: 'validation.required',
    });
  });

  it('writes decimals typed with a comma or spaces with a point', () => {
    expect(normaliseDecimal(' 1 234,5 ')).toBe('1234.5');
  });
});
