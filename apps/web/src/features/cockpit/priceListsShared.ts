import type { TFunction } from 'i18next';
import { errorMessage, fieldErrors } from '../../app/api/apiError';
import { flash } from '../../ui/flash';

/** The cockpit's price-list queries: the lists of a shop, and each version opened. */
export const PRICE_LISTS_KEY = ['cockpitPriceLists'] as const;

export const STATE_COLORS: Record<string, string> = { ACTIVE: 'teal', PLANNED: 'blue', EXPIRED: 'gray' };

/** A form field's width: the whole line on a phone, room for its label beside the others from `xs` up. */
export const FIELD_WIDTH = { base: '100%', xs: 200 } as const;

/** A 'YYYY-MM-DD' day read at noon, so no time zone moves it to the day before. */
export const dayOf = (day: string) => new Date(`${day}T12:00:00`);

/** The day `n` days after `day`, as a date field takes it ('YYYY-MM-DD'). */
export function addDays(day: Date, n: number): string {
  const d = new Date(day);
  d.setDate(d.getDate() + n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A refused request of a form: its fields' messages on the fields, anything else as a flash. */
export function showFormError(error: unknown, t: TFunction, setErrors: (errors: Record<string, string>) => void) {
  const fields = fieldErrors(error, t);
  setErrors(fields);
  if (!Object.keys(fields).length) flash.error(errorMessage(error, t));
}
