import {
  billingRunInputSchema,
  correctionInputSchema,
  penaltyInputSchema,
  previousPeriod,
  selfBillingDecisionSchema,
} from '@pp/domain';
import type { TFunction } from 'i18next';
import { type FormIssue, issueParams } from '../../ui/formErrors';

/**
 * The operators' billing forms, checked by the domain's schemas before they are sent (the server checks the
 * same ones). Decimals may be typed with a comma; they are sent with a dot.
 */

type Checked<T> = { input: T; errors?: undefined } | { input?: undefined; errors: Record<string, string> };

/** Decimal places each decimal field takes (the domain's correction and penalty schemas). */
const DECIMAL_PLACES: Record<string, number> = { amount: 2, quantity: 3, unitPrice: 4, vatRate: 2 };

/** "12,5" → "12.5"; spaces typed as thousands separators are dropped. */
export function normaliseDecimal(value: string): string {
  return value.trim().replace(/\s+/g, '').replace(',', '.');
}

/** One message per field path ("reason", "lines.0.unitPrice"); the first issue of a path wins. */
function messages(issues: readonly FormIssue[], t: TFunction): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    const field = String(issue.path[issue.path.length - 1]);
    const places = DECIMAL_PLACES[field];
    errors[path] ??=
      issue.message === 'invalid' && places !== undefined
        ? t('validation.billingDecimal', { 0: places })
        : t(`validation.${issue.message}`, issueParams(issue));
  }
  return errors;
}

export interface RunFormValues {
  period: string;
  partnerId: string | null;
}

/** The period a run form starts with: the last ended month. */
export function defaultRunPeriod(today: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return previousPeriod(`${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`);
}

export function checkRunForm(
  values: RunFormValues,
  t: TFunction,
): Checked<{ period: string; partnerId: string | null }> {
  const period = values.period.trim();
  const parsed = billingRunInputSchema.safeParse({
    period,
    partnerId: values.partnerId ? Number(values.partnerId) : null,
  });
  if (!period) return { errors: { period: t('validation.required') } };
  if (!parsed.success) {
    const errors = messages(parsed.error.issues, t);
    if (errors.period) errors.period = t('validation.billingPeriod');
    return { errors };
  }
  return { input: { period, partnerId: values.partnerId } };
}

export interface PenaltyFormValues {
  amount: string;
  reason: string;
}

export function checkPenaltyForm(
  values: PenaltyFormValues,
  partnerId: string,
  t: TFunction,
): Checked<{ partnerId: string; amount: string | null; reason: string }> {
  const amount = normaliseDecimal(values.amount);
  const parsed = penaltyInputSchema.safeParse({
    partnerId: Number(partnerId),
    amount: amount || null,
    reason: values.reason,
  });
  if (!parsed.success) return { errors: messages(parsed.error.issues, t) };
  return { input: { partnerId, amount: parsed.data.amount ?? null, reason: parsed.data.reason } };
}

/** A decline tells the partner why: the reason is required then (and optional with an acceptance). */
export function checkDecision(
  partnerId: string,
  accept: boolean,
  reason: string,
  t: TFunction,
): Checked<{ partnerId: string; accept: boolean; reason: string | null }> {
  const parsed = selfBillingDecisionSchema.safeParse({
    partnerId: Number(partnerId),
    accept,
    reason: reason.trim() || null,
  });
  if (!parsed.success) return { errors: messages(parsed.error.issues, t) };
  return { input: { partnerId, accept, reason: parsed.data.reason ?? null } };
}

export interface CorrectionLineValues {
  title: string;
  quantity: string;
  unitPrice: string;
  vatRate: string;
}

export interface CorrectionFormValues {
  documentType: 'credit-note' | 'debit-note';
  reason: string;
  lines: CorrectionLineValues[];
}

export const EMPTY_CORRECTION_LINE: CorrectionLineValues = { title: '', quantity: '1', unitPrice: '', vatRate: '' };

export function checkCorrectionForm(
  values: CorrectionFormValues,
  documentId: string,
  t: TFunction,
): Checked<{
  documentId: string;
  documentType: 'credit-note' | 'debit-note';
  lines: CorrectionLineValues[];
  reason: string;
}> {
  const lines = values.lines.map((line) => ({
    title: line.title,
    quantity: normaliseDecimal(line.quantity),
    unitPrice: normaliseDecimal(line.unitPrice),
    vatRate: normaliseDecimal(line.vatRate),
  }));
  const parsed = correctionInputSchema.safeParse({
    documentId: Number(documentId),
    documentType: values.documentType,
    lines,
    reason: values.reason,
  });
  if (!parsed.success) {
    const errors = messages(parsed.error.issues, t);
    // An empty decimal is a missing value, not a badly written one.
    lines.forEach((line, i) => {
      for (const field of ['quantity', 'unitPrice', 'vatRate'] as const) {
        if (!line[field]) errors[`lines.${i}.${field}`] = t('validation.required');
      }
    });
    return { errors };
  }
  return {
    input: { documentId, documentType: parsed.data.documentType, lines: parsed.data.lines, reason: parsed.data.reason },
  };
}
