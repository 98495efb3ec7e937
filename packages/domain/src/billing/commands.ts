import { z } from 'zod';
import { safeText } from '../text/safeText';
import { billingPeriodSchema } from './documents';

/** What operators send to billing (the cockpit's forms validate with the same schemas). */

const decimal = (places: number, whole = 10) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{1,${whole}}(\\.\\d{1,${places}})?$`), 'invalid');

export const BILLING_REASON_MAX = 500;
export const CORRECTION_LINES_MAX = 50;

export const billingRunInputSchema = z.object({
  period: billingPeriodSchema,
  partnerId: z.number().int().positive().nullish(),
});

export const selfBillingDecisionSchema = z
  .object({
    partnerId: z.number().int().positive(),
    accept: z.boolean(),
    reason: safeText({ multiline: true }).trim().max(BILLING_REASON_MAX, 'max').nullish(),
  })
  .superRefine((value, ctx) => {
    // A partner told "no" is told why.
    if (!value.accept && !value.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'required' });
  });

export const penaltyInputSchema = z.object({
  partnerId: z.number().int().positive(),
  /** Without VAT, in the shop's currency; absent: the shop's penalty fee. */
  amount: decimal(2).nullish(),
  reason: safeText({ multiline: true }).trim().min(1, 'required').max(BILLING_REASON_MAX, 'max'),
});

export const correctionLineSchema = z.object({
  title: safeText().trim().min(1, 'required').max(200, 'max'),
  quantity: decimal(3, 6),
  /** Without VAT. */
  unitPrice: decimal(4),
  vatRate: decimal(2, 2),
});

export const correctionInputSchema = z.object({
  documentId: z.number().int().positive(),
  documentType: z.enum(['credit-note', 'debit-note'], 'invalid'),
  lines: z.array(correctionLineSchema).min(1, 'required').max(CORRECTION_LINES_MAX, 'max'),
  reason: safeText({ multiline: true }).trim().min(1, 'required').max(BILLING_REASON_MAX, 'max'),
});
export type CorrectionInput = z.input<typeof correctionInputSchema>;

/** Whether a billing period ('YYYY-MM') has ended on `today` ('YYYY-MM-DD'): only then may it be billed. */
export function periodEnded(period: string, today: string): boolean {
  return period < today.slice(0, 7);
}
