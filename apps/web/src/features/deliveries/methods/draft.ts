import {
  type BoundField,
  BOUND_FIELDS,
  deliveryMethodSchema,
  type DeliveryKind,
  type PricingType,
  type ShopId,
  WEEKDAYS,
  type Weekday,
} from '@pp/domain';
import type { TFunction } from 'i18next';
import { type FormIssue, issueParams } from '../../../ui/formErrors';
import type { DeliveryMethodRow } from './operations';

/** A method as the form holds it: what a person typed, numbers as text (comma or dot). */
export interface MethodDraft {
  code: string;
  title: string;
  transport: string;
  price: string;
  codPrice: string;
  freeLimit: string;
  deliveryDelay: string;
  priority: string;
  isPickupPoint: boolean;
  deliveryKind: DeliveryKind;
  packageSize: string;
  bounds: Record<BoundField, string>;
  closeTimes: Record<Weekday, string>;
  pricing: PricingType;
  priceLevels: { key: number; limit: string; price: string }[];
  mdpAllowed: boolean;
  mallDeliveryType: string;
}

let levelKeys = 0;
/** A stable key per level row, so removing a row keeps the others' inputs (and focus) in place. */
export const levelKey = () => ++levelKeys;

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export const EMPTY_METHOD: MethodDraft = {
  code: '',
  title: '',
  transport: '',
  price: '',
  codPrice: '',
  freeLimit: '',
  deliveryDelay: '1',
  priority: '0',
  isPickupPoint: false,
  deliveryKind: 'deposit',
  packageSize: '',
  bounds: Object.fromEntries(BOUND_FIELDS.map((f) => [f, ''])) as Record<BoundField, string>,
  closeTimes: Object.fromEntries(WEEKDAYS.map((d) => [d, ''])) as Record<Weekday, string>,
  pricing: 'FIXED',
  priceLevels: [],
  mdpAllowed: false,
  mallDeliveryType: '',
};

export function draftOf(row: DeliveryMethodRow): MethodDraft {
  return {
    code: row.code,
    title: row.title,
    transport: row.transport,
    price: text(row.price),
    codPrice: text(row.codPrice),
    freeLimit: text(row.freeLimit),
    deliveryDelay: text(row.deliveryDelay),
    priority: text(row.priority),
    isPickupPoint: row.isPickupPoint,
    deliveryKind: row.deliveryKind as DeliveryKind,
    packageSize: row.packageSize ?? '',
    bounds: Object.fromEntries(BOUND_FIELDS.map((f) => [f, text(row[f])])) as Record<BoundField, string>,
    closeTimes: Object.fromEntries(WEEKDAYS.map((d) => [d, row.closeTimes[d] ?? ''])) as Record<Weekday, string>,
    pricing: row.pricing as PricingType,
    priceLevels: row.priceLevels.map((l) => ({ key: levelKey(), limit: text(l.limit), price: text(l.price) })),
    mdpAllowed: row.mdpAllowed,
    mallDeliveryType: row.mallDeliveryType ?? '',
  };
}

const blankIsNull = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * The draft as the server's DeliveryInput (and the domain schema) read it. A saved method's MALL Delivery
 * fields travel by their own call (`withMall` false): a save of the rest leaves them as stored.
 */
export function inputOf(draft: MethodDraft, withMall = true) {
  return {
    code: draft.code,
    title: draft.title,
    transport: draft.transport,
    price: draft.price,
    codPrice: blankIsNull(draft.codPrice),
    freeLimit: blankIsNull(draft.freeLimit),
    // Digits only reach the schema as numbers; anything else is left for it to call "not a whole number".
    deliveryDelay: /^\d+$/.test(draft.deliveryDelay.trim()) ? Number(draft.deliveryDelay) : Number.NaN,
    priority: /^\d+$/.test(draft.priority.trim()) ? Number(draft.priority) : Number.NaN,
    isPickupPoint: draft.isPickupPoint,
    deliveryKind: draft.deliveryKind,
    packageSize: blankIsNull(draft.packageSize),
    ...Object.fromEntries(BOUND_FIELDS.map((f) => [f, blankIsNull(draft.bounds[f])])),
    closeTimes: Object.fromEntries(WEEKDAYS.map((d) => [d, blankIsNull(draft.closeTimes[d])])),
    pricing: draft.pricing,
    priceLevels: draft.pricing === 'FIXED' ? [] : draft.priceLevels.map((l) => ({ limit: l.limit, price: l.price })),
    ...(withMall
      ? {
          mdpAllowed: draft.mdpAllowed,
          mallDeliveryType: draft.mdpAllowed ? blankIsNull(draft.mallDeliveryType) : null,
        }
      : {}),
  };
}

/** One message per field, keyed as the server keys them (`closeTimes.mon`, `priceLevels.1.limit`). */
export function methodIssueErrors(issues: readonly FormIssue[], t: TFunction): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    errors[field] ??= t(`validation.${issue.message}`, issueParams(issue));
  }
  return errors;
}

/** Every rule of the method the browser can judge, all at once, before the request goes. */
export function methodErrors(
  draft: MethodDraft,
  shopId: ShopId,
  t: TFunction,
  withMall = true,
): Record<string, string> {
  const values = inputOf(draft, withMall);
  const parsed = deliveryMethodSchema(shopId).safeParse({
    ...values,
    // The schema reads an integer from digits; NaN stands for "typed something else".
    deliveryDelay: Number.isNaN(values.deliveryDelay) ? draft.deliveryDelay : values.deliveryDelay,
    priority: Number.isNaN(values.priority) ? draft.priority : values.priority,
  });
  return parsed.success ? {} : methodIssueErrors(parsed.error.issues as readonly FormIssue[], t);
}
