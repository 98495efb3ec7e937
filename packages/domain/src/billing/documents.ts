import { z } from 'zod';
import { MARKETS, type ShopId } from '../markets/markets';
import { exportIntervalIssue } from '../orders/exports';
import { addMoney, netOfGross, percentOf, subtractMoney } from './money';

/** Spec §3: the document types of billing and the two invoice tags. */
export const DOCUMENT_TYPES = ['invoice', 'credit-note', 'debit-note'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
/** FS: the marketplace's billing fees; SB: self-billing (the partner's invoice, issued by the marketplace). */
export const INVOICE_TAGS = ['FS', 'SB'] as const;
export type InvoiceTag = (typeof INVOICE_TAGS)[number];

/**
 * What a document bills. COMMISSION, FEES and SELF_BILLING are issued once per partner and period by the period
 * run; RETURN_CREDIT credits the commission of returned orders; PENALTY and CORRECTION (credit or debit) are
 * issued by an operator.
 */
export const DOCUMENT_KINDS = ['COMMISSION', 'FEES', 'PENALTY', 'SELF_BILLING', 'RETURN_CREDIT', 'CORRECTION'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Days from issue to due date of every billing document. */
export const BILLING_DUE_DAYS = 14;

/** A party of a document as printed on it: a snapshot taken when the document is issued. */
export interface BillingParty {
  name: string;
  registrationNumber: string;
  /** The tax office's identification (where a market has one besides the VAT number). */
  taxIdentification: string;
  vatNumber: string;
  note: string;
  address: { street: string; city: string; zip: string; country: string };
  bank?: { bankAccount: string; bankName: string; iban: string; swift: string };
}

/**
 * The marketplace's company in each market: the supplier of its fee and commission invoices and the customer of
 * self-billing invoices. Demo figures; a real deployment keeps them in configuration of the same shape.
 */
export const MARKETPLACE_PARTIES: Readonly<Record<ShopId, BillingParty>> = {
  CZ10MA: {
    name: 'Marketplace CZ s.r.o.',
    registrationNumber: '24681357',
    taxIdentification: '',
    vatNumber: 'CZ24681357',
    note: 'Spisová značka C 123456, Městský soud v Praze',
    address: { street: 'Pražská 1250/12', city: 'Praha 10', zip: '102 00', country: 'CZ' },
    bank: {
      bankAccount: '2400012345/2010',
      bankName: 'Fio banka, a.s.',
      iban: 'CZ6520100000002400012345',
      swift: 'FIOBCZPP',
    },
  },
  SK10MA: {
    name: 'Marketplace SK s.r.o.',
    registrationNumber: '51234567',
    taxIdentification: '2120456789',
    vatNumber: 'SK2120456789',
    note: 'Obchodný register Mestského súdu Bratislava III, oddiel Sro, vložka 123456/B',
    address: { street: 'Prievozská 4/C', city: 'Bratislava', zip: '821 09', country: 'SK' },
    bank: {
      bankAccount: '2900123456/1100',
      bankName: 'Tatra banka, a.s.',
      iban: 'SK3111000000002900123456',
      swift: 'TATRSKBX',
    },
  },
  PL20MA: {
    name: 'Marketplace PL sp. z o.o.',
    registrationNumber: '0000765432',
    taxIdentification: '5272987654',
    vatNumber: 'PL5272987654',
    note: 'Sąd Rejonowy dla m.st. Warszawy, XII Wydział Gospodarczy KRS',
    address: { street: 'ul. Żelazna 59', city: 'Warszawa', zip: '00-848', country: 'PL' },
    bank: { bankAccount: '', bankName: 'mBank S.A.', iban: 'PL61114020040000350212345678', swift: 'BREXPLPW' },
  },
  SI10SI: {
    name: 'Marketplace SI d.o.o.',
    registrationNumber: '8123456000',
    taxIdentification: '',
    vatNumber: 'SI12345678',
    note: 'Vpisano pri Okrožnem sodišču v Ljubljani',
    address: { street: 'Letališka cesta 33', city: 'Ljubljana', zip: '1000', country: 'SI' },
    bank: { bankAccount: '', bankName: 'NLB d.d.', iban: 'SI56020100012345678', swift: 'LJBASI2X' },
  },
  HU20MA: {
    name: 'Marketplace HU Kft.',
    registrationNumber: '01-09-123456',
    taxIdentification: '12345678-2-42',
    vatNumber: 'HU12345678',
    note: 'Fővárosi Törvényszék Cégbírósága',
    address: { street: 'Váci út 30.', city: 'Budapest', zip: '1132', country: 'HU' },
    bank: {
      bankAccount: '10918001-00000123-45670001',
      bankName: 'UniCredit Bank Hungary Zrt.',
      iban: 'HU42109180010000012345670001',
      swift: 'BACXHUHB',
    },
  },
  HR10MA: {
    name: 'Marketplace HR d.o.o.',
    registrationNumber: '081234567',
    taxIdentification: '12345678901',
    vatNumber: 'HR12345678901',
    note: 'Trgovački sud u Zagrebu',
    address: { street: 'Radnička cesta 80', city: 'Zagreb', zip: '10000', country: 'HR' },
    bank: { bankAccount: '', bankName: 'Zagrebačka banka d.d.', iban: 'HR1723600001101234565', swift: 'ZABAHR2X' },
  },
};

/** The VAT-rate table each shop starts with (spec §3 VAT rate): the standard rate is the default. */
export const DEFAULT_VAT_RATES: Readonly<Record<ShopId, readonly { rate: number; isDefault: boolean }[]>> = {
  CZ10MA: [
    { rate: 21, isDefault: true },
    { rate: 12, isDefault: false },
    { rate: 0, isDefault: false },
  ],
  SK10MA: [
    { rate: 23, isDefault: true },
    { rate: 19, isDefault: false },
    { rate: 5, isDefault: false },
    { rate: 0, isDefault: false },
  ],
  PL20MA: [
    { rate: 23, isDefault: true },
    { rate: 8, isDefault: false },
    { rate: 5, isDefault: false },
    { rate: 0, isDefault: false },
  ],
  SI10SI: [
    { rate: 22, isDefault: true },
    { rate: 9.5, isDefault: false },
    { rate: 5, isDefault: false },
    { rate: 0, isDefault: false },
  ],
  HU20MA: [
    { rate: 27, isDefault: true },
    { rate: 18, isDefault: false },
    { rate: 5, isDefault: false },
    { rate: 0, isDefault: false },
  ],
  HR10MA: [
    { rate: 25, isDefault: true },
    { rate: 13, isDefault: false },
    { rate: 5, isDefault: false },
    { rate: 0, isDefault: false },
  ],
};

/**
 * The marketplace's services to a partner seated in another EU country are taxed by the partner (reverse
 * charge): the invoice carries rate 0 and the note. A partner at home pays the shop's standard rate.
 */
export function isReverseCharge(shopId: ShopId, partnerCountry: string, partnerVatNumber: string): boolean {
  const country = partnerCountry.trim().toUpperCase();
  return country !== '' && country !== MARKETS[shopId].shortCode && partnerVatNumber.trim() !== '';
}

export interface RecapRow {
  vatRate: string;
  base: string;
  vat: string;
  total: string;
}

/**
 * The tax recap of lines priced without VAT (the marketplace's invoices): per rate the bases are summed and
 * the VAT is computed once from the sum, rounded half away from zero to the currency's places. The total of
 * the document is the sum of the recap (docs/decisions.md, "Billing amounts and rounding").
 */
export function netRecap(lines: readonly { vatRate: string; net: string }[], scale: number): RecapRow[] {
  const byRate = groupByRate(lines, (l) => l.net);
  return [...byRate].map(([rate, nets]) => {
    const base = addMoney(nets, scale);
    const vat = percentOf(base, rate, scale);
    return { vatRate: rate, base, vat, total: addMoney([base, vat], scale) };
  });
}

/**
 * The tax recap of lines priced with VAT (self-billing invoices of goods, priced as the customer paid): per
 * rate the gross amounts are summed, the base is the sum over (1 + rate) rounded, and the VAT the rest.
 */
export function grossRecap(lines: readonly { vatRate: string; gross: string }[], scale: number): RecapRow[] {
  const byRate = groupByRate(lines, (l) => l.gross);
  return [...byRate].map(([rate, grosses]) => {
    const total = addMoney(grosses, scale);
    const base = netOfGross(total, rate, scale);
    return { vatRate: rate, base, vat: subtractMoney(total, base, scale), total };
  });
}

function groupByRate<T extends { vatRate: string }>(lines: readonly T[], amount: (l: T) => string) {
  const byRate = new Map<string, string[]>();
  const sorted = [...lines].sort((a, b) => Number(b.vatRate) - Number(a.vatRate));
  for (const line of sorted) {
    const key = normaliseRate(line.vatRate);
    byRate.set(key, [...(byRate.get(key) ?? []), amount(line)]);
  }
  return byRate;
}

/** A rate as the recap prints it: "21", "9.5". */
export function normaliseRate(rate: string | number): string {
  return String(Number(rate));
}

/** The sums of a recap. */
export function recapTotals(recap: readonly RecapRow[], scale: number) {
  return {
    base: addMoney(
      recap.map((r) => r.base),
      scale,
    ),
    vat: addMoney(
      recap.map((r) => r.vat),
      scale,
    ),
    total: addMoney(
      recap.map((r) => r.total),
      scale,
    ),
  };
}

/** A billing period is a calendar month: 'YYYY-MM'. */
export const billingPeriodSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'invalid');

/** The first day of the month after `period` ('YYYY-MM' → 'YYYY-MM-01'). */
export function periodEnd(period: string): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** The period before the one `day` ('YYYY-MM-DD') falls in: the month a run on the 1st bills. */
export function previousPeriod(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The billing export's range (spec: from, to as year-month-day): the same interval rule as every export
 * (`exportIntervalIssue`: complete, in order, at most three months).
 */
export const billingExportSchema = z
  .object({
    from: z.string().regex(DAY, 'date'),
    to: z.string().regex(DAY, 'date'),
  })
  .superRefine((value, ctx) => {
    if (!DAY.test(value.from) || !DAY.test(value.to)) return;
    const issue = exportIntervalIssue(new Date(`${value.from}T00:00:00Z`), new Date(`${value.to}T00:00:00Z`));
    if (issue) ctx.addIssue({ code: 'custom', path: ['to'], message: issue });
  });
export type BillingExportInput = z.input<typeof billingExportSchema>;

/** The export zip's name: "billings" and a timestamp (spec §9). */
export function billingExportFileName(at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
  return `billings-${stamp}.zip`;
}
