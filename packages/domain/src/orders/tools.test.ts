import { describe, expect, it } from 'vitest';
import { LABEL_ORDERS_MAX, labelRefusal, labelRequestSchema, labelSlots, parcelNumber } from './labels';
import {
  isStatusImportHeader,
  readStatusImportRow,
  STATUS_IMPORT_COLUMNS,
  statusImportDelimiter,
  statusImportResult,
} from './statusImport';
import { TEST_ORDER_ITEMS_MAX, testOrderPriceIssues, testOrderSchema } from './testOrders';

describe('labels', () => {
  it('takes 1 to 500 orders, pdf or zpl, 1 or 4 per page, a first position of 1 to 4', () => {
    const ok = { orderIds: [1], format: 'pdf', labelsPerPage: 4, firstPosition: 4 };
    expect(labelRequestSchema.safeParse(ok).success).toBe(true);
    expect(labelRequestSchema.parse({ orderIds: [2, 2, 3], format: 'zpl' })).toEqual({
      orderIds: [2, 3],
      format: 'zpl',
      labelsPerPage: 1,
      firstPosition: 1,
    });
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(labelRequestSchema.safeParse({ ...ok, orderIds: ids(LABEL_ORDERS_MAX) }).success).toBe(true);
    expect(labelRequestSchema.safeParse({ ...ok, orderIds: ids(LABEL_ORDERS_MAX + 1) }).success).toBe(false);
    expect(labelRequestSchema.safeParse({ ...ok, orderIds: [] }).success).toBe(false);
    for (const bad of [{ firstPosition: 0 }, { firstPosition: 5 }, { labelsPerPage: 2 }, { format: 'png' }]) {
      expect([bad, labelRequestSchema.safeParse({ ...ok, ...bad }).success]).toEqual([bad, false]);
    }
  });

  it('labels open, shipping and shipped orders; an unconfirmed one has no consignment yet', () => {
    expect(labelRefusal({ status: 'open', confirmed: true })).toBeNull();
    expect(labelRefusal({ status: 'shipping', confirmed: true })).toBeNull();
    expect(labelRefusal({ status: 'shipped', confirmed: false })).toBeNull();
    expect(labelRefusal({ status: 'open', confirmed: false })).toBe('CONSIGNMENT_MISSING');
    for (const status of ['blocked', 'delivered', 'cancelled', 'returned', 'lost'] as const) {
      expect(labelRefusal({ status, confirmed: true })).toBe('WRONG_STATUS_FOR_CONSIGNMENT');
    }
  });

  it('places four per page from the first position, one per page each alone', () => {
    expect(labelSlots(3, 4, 3)).toEqual([
      { page: 0, position: 3 },
      { page: 0, position: 4 },
      { page: 1, position: 1 },
    ]);
    expect(labelSlots(4, 4, 1).every((s) => s.page === 0)).toBe(true);
    expect(labelSlots(2, 1, 4)).toEqual([
      { page: 0, position: 1 },
      { page: 1, position: 1 },
    ]);
    expect(parcelNumber(12345, 2)).toBe('12345002');
  });
});

describe('status import file', () => {
  const header = STATUS_IMPORT_COLUMNS.join(';');
  it('reads the delimiter from the header line and wants exactly its six names', () => {
    expect(statusImportDelimiter(header)).toBe(';');
    expect(statusImportDelimiter(STATUS_IMPORT_COLUMNS.join(','))).toBe(',');
    expect(statusImportDelimiter('order_id\tstatus')).toBeNull();
    expect(isStatusImportHeader([...STATUS_IMPORT_COLUMNS])).toBe(true);
    expect(isStatusImportHeader(STATUS_IMPORT_COLUMNS.map((c) => ` ${c.toUpperCase()} `))).toBe(true);
    expect(isStatusImportHeader(STATUS_IMPORT_COLUMNS.slice(0, 5))).toBe(false);
    expect(isStatusImportHeader([...STATUS_IMPORT_COLUMNS].reverse())).toBe(false);
  });

  it('turns a row into the order id and the dialog’s change, empty cells absent', () => {
    expect(readStatusImportRow(['42', 'SHIPPED', 'DR-1', '', '', ''])).toEqual({
      orderId: 42,
      change: { status: 'shipped', trackingNumber: 'DR-1' },
    });
    expect(readStatusImportRow(['42', 'delivered', '', '', '2026-11-20', ''])).toEqual({
      orderId: 42,
      change: { status: 'delivered', deliveredAt: '2026-11-20' },
    });
    expect(readStatusImportRow(['x', 'shipped', '', '', '', ''])).toEqual({ orderId: null, code: 'ORDER_ID_INVALID' });
    expect(readStatusImportRow(['', 'shipped', '', '', '', ''])).toEqual({ orderId: null, code: 'MISSING_ORDER_ID' });
    expect(readStatusImportRow(['42', 'shipped'])).toEqual({ orderId: 42, code: 'IMPORT_ROW_COLUMNS' });
  });

  it('is OK when every row applied, NOK when some, FAIL when none', () => {
    expect(statusImportResult([{ ok: true }, { ok: true }])).toBe('OK');
    expect(statusImportResult([{ ok: true }, { ok: false }])).toBe('NOK');
    expect(statusImportResult([{ ok: false }])).toBe('FAIL');
    expect(statusImportResult([])).toBe('FAIL');
  });
});

describe('test orders', () => {
  const item = { title: 'Míč', quantity: 1, price: 10 };
  it('takes 1 to 5 items with a title, a quantity of 1–9999 and a price with at most two decimals', () => {
    expect(testOrderSchema.safeParse({ deliveryType: 'ADDRESS', items: [item] }).success).toBe(true);
    expect(testOrderSchema.safeParse({ deliveryType: 'ADDRESS', items: [] }).success).toBe(false);
    const many = Array.from({ length: TEST_ORDER_ITEMS_MAX + 1 }, () => item);
    expect(testOrderSchema.safeParse({ deliveryType: 'ADDRESS', items: many }).success).toBe(false);
    for (const bad of [{ quantity: 0 }, { quantity: 10_000 }, { price: 0 }, { price: 1.005 }, { title: ' ' }]) {
      const parsed = testOrderSchema.safeParse({ deliveryType: 'ADDRESS', items: [{ ...item, ...bad }] });
      expect([bad, parsed.success]).toEqual([bad, false]);
    }
    expect(testOrderSchema.safeParse({ deliveryType: 'DRONE', items: [item] }).success).toBe(false);
  });

  it('refuses decimals in whole-price markets', () => {
    const input = testOrderSchema.parse({ deliveryType: 'ADDRESS', items: [item, { ...item, price: 9.5 }] });
    expect(testOrderPriceIssues(input, true)).toEqual([1]);
    expect(testOrderPriceIssues(input, false)).toEqual([]);
  });
});
