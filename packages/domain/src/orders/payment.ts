/** Payment groups and type codes (commerce spec §3). */
export const PAYMENT_GROUPS = [
  'BANK_TRANSFER',
  'CASH_ON_DELIVERY',
  'INACTIVE_PAYMENT',
  'INSTALLMENT_PAYMENT',
  'ONLINE_PAYMENT',
] as const;
export type PaymentGroup = (typeof PAYMENT_GROUPS)[number];

/**
 * Every payment type code and its group. The spec names the groups of most codes; 1 and 6 have none and are
 * treated as inactive payments, 8 (advance payment via another marketplace) as paid online before shipping
 * (docs/decisions.md, "Orders").
 */
export const PAYMENT_TYPES = {
  '1': 'INACTIVE_PAYMENT',
  '6': 'INACTIVE_PAYMENT',
  '8': 'ONLINE_PAYMENT',
  '9': 'CASH_ON_DELIVERY',
  A: 'CASH_ON_DELIVERY',
  B: 'BANK_TRANSFER',
  C: 'ONLINE_PAYMENT',
  E: 'ONLINE_PAYMENT',
  F: 'ONLINE_PAYMENT',
  H: 'ONLINE_PAYMENT',
  J: 'ONLINE_PAYMENT',
  L: 'ONLINE_PAYMENT',
  U: 'ONLINE_PAYMENT',
  D: 'INSTALLMENT_PAYMENT',
  N: 'INSTALLMENT_PAYMENT',
  W: 'INSTALLMENT_PAYMENT',
} as const satisfies Record<string, PaymentGroup>;
export type PaymentType = keyof typeof PAYMENT_TYPES;
export const PAYMENT_TYPE_CODES = Object.keys(PAYMENT_TYPES) as PaymentType[];

export function isPaymentType(value: string): value is PaymentType {
  return Object.hasOwn(PAYMENT_TYPES, value);
}

/** The group of a payment type code; an unknown code is an inactive payment, never a crash. */
export function paymentGroupOf(code: string): PaymentGroup {
  return isPaymentType(code) ? PAYMENT_TYPES[code] : 'INACTIVE_PAYMENT';
}

/** The codes of one group, for the "cash on delivery" chip and payment filters. */
export function paymentTypesOf(group: PaymentGroup): PaymentType[] {
  return PAYMENT_TYPE_CODES.filter((code) => PAYMENT_TYPES[code] === group);
}
