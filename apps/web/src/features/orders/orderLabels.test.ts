import {
  DELIVERY_METHODS,
  LANGUAGES,
  ORDER_CHIPS,
  ORDER_STATUSES,
  PAYMENT_GROUPS,
  PAYMENT_TYPE_CODES,
  SHIPMENT_STATUSES,
} from '@pp/domain';
import { describe, expect, it } from 'vitest';
import { countryName, formatOrderMoney } from './orderLabels';

/** The orders screens name these values through keys built at run time, which the key scan cannot see. */
const DYNAMIC_KEYS = [
  ...ORDER_STATUSES.map((s) => `orders.status.${s}`),
  ...ORDER_CHIPS.map((c) => `orders.chips.${c}`),
  ...PAYMENT_TYPE_CODES.map((c) => `orders.paymentType.${c}`),
  ...PAYMENT_GROUPS.map((g) => `orders.paymentGroup.${g}`),
  ...DELIVERY_METHODS.map((m) => `orders.deliveryMethod.${m}`),
  ...SHIPMENT_STATUSES.map((s) => `orders.shipmentStatus.${s}`),
  ...['partner', 'import', 'api', 'marketplace'].map((s) => `orders.source.${s}`),
  ...['statusesUpdate', 'statusesUpdateWithErr', 'statusesUpdateErr'].map((f) => `orders.flash.${f}`),
];

describe('order labels', () => {
  it.each([...LANGUAGES])('names every status, chip, payment, delivery method and flash in %s', async (lang) => {
    const texts = (await import(`../../../../../packages/domain/src/i18n/locales/${lang}.json`)).default;
    const missing = DYNAMIC_KEYS.filter(
      (key) =>
        typeof key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], texts) !==
        'string',
    );
    expect(missing).toEqual([]);
  });

  it('prints money of the markets in their currency and any other code beside the number', () => {
    expect(formatOrderMoney(1290, 'CZK', 'cs-CZ').replace(/\s/g, ' ')).toBe('1 290 Kč');
    expect(formatOrderMoney(12.5, 'EUR', 'en-US')).toBe('€12.5');
    expect(formatOrderMoney(12.5, 'USD', 'en-US')).toBe('12.5 USD');
  });

  it('names countries in the reader’s language and leaves an empty one as a dash', () => {
    expect(countryName('CZ', 'en-US')).toBe('Czechia');
    expect(countryName('SK', 'cs-CZ')).toBe('Slovensko');
    expect(countryName(null, 'en-US')).toBe('—');
  });
});
