import { billingExportSchema } from '@pp/domain';
import type { TFunction } from 'i18next';
import { schemaErrors } from '../../ui/formErrors';

export interface ExportRangeValues {
  from: string;
  to: string;
  [field: string]: string;
}

/**
 * The export's range checked by the domain's rule before it is sent (complete, in order, at most three
 * months): the range to send, or one translated message per field.
 */
export function checkExportRange(
  values: ExportRangeValues,
  t: TFunction,
): { input: { from: string; to: string }; errors?: undefined } | { input?: undefined; errors: Record<string, string> } {
  const parsed = billingExportSchema.safeParse({ from: values.from.trim(), to: values.to.trim() });
  if (parsed.success) return { input: parsed.data };
  const errors = schemaErrors<'from' | 'to'>(parsed.error.issues, t);
  // An empty day is a missing field, not a badly written one.
  for (const field of ['from', 'to'] as const) {
    if (!values[field].trim()) errors[field] = t('validation.required');
  }
  return { errors: errors as Record<string, string> };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The month before `today` as the range the form starts with: the last billed period. */
export function previousMonthRange(today: Date): ExportRangeValues {
  const first = new Date(today.getFullYear(), today.getMonth() - 1, 1);
  const last = new Date(today.getFullYear(), today.getMonth(), 0);
  const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return { from: day(first), to: day(last) };
}
