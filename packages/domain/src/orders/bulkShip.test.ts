import { describe, expect, it } from 'vitest';
import { ordersShipSchema, readTrackingPaste } from './bulkShip';
import { BULK_STATUS_MAX } from './status';

describe('reading a pasted table of tracking numbers', () => {
  it('reads tab-separated rows as a spreadsheet copies them, skipping a heading and empty lines', () => {
    const paste = readTrackingPaste('Order\tTracking\r\n1001\tDR-1\r\n\r\n1002\tZ_2\r\n');
    expect(paste).toEqual({
      rows: [
        { line: 2, orderId: '1001', trackingNumber: 'DR-1' },
        { line: 4, orderId: '1002', trackingNumber: 'Z_2' },
      ],
      unreadable: [],
    });
  });

  it('reads semicolon-separated rows with quotes and spaces around cells', () => {
    expect(readTrackingPaste(' 1001 ; "DR-1" \n"1002";Z2').rows).toEqual([
      { line: 1, orderId: '1001', trackingNumber: 'DR-1' },
      { line: 2, orderId: '1002', trackingNumber: 'Z2' },
    ]);
  });

  it('names the lines after the first that carry no order number, and keeps the last line of an order', () => {
    const paste = readTrackingPaste('1001;A1\nabc;X\n1002\n1001;A2\n;B');
    expect(paste.unreadable).toEqual([2, 5]);
    expect(paste.rows).toEqual([
      { line: 3, orderId: '1002', trackingNumber: '' },
      { line: 4, orderId: '1001', trackingNumber: 'A2' },
    ]);
  });

  it('takes the tab as the separator when a line has one, so a semicolon stays in the tracking cell', () => {
    expect(readTrackingPaste('1001\tA;B').rows[0]?.trackingNumber).toBe('A;B');
  });

  it('reads nothing from an empty paste', () => {
    expect(readTrackingPaste('\n  \n')).toEqual({ rows: [], unreadable: [] });
  });
});

describe('the bulk shipment list', () => {
  const item = (orderId: number, trackingNumber?: string) => ({ orderId, trackingNumber });

  it('takes one to BULK_STATUS_MAX orders, each with its own optional tracking', () => {
    expect(ordersShipSchema.safeParse({ items: [item(1, 'A-1'), item(2, ''), { orderId: 3 }] }).success).toBe(true);
    const full = Array.from({ length: BULK_STATUS_MAX }, (_, i) => item(i + 1));
    expect(ordersShipSchema.safeParse({ items: full }).success).toBe(true);
    const over = ordersShipSchema.safeParse({ items: [...full, item(BULK_STATUS_MAX + 1)] });
    expect(over.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['items', 'max']]);
    expect(ordersShipSchema.safeParse({ items: [] }).error?.issues[0]?.message).toBe('required');
  });

  it('judges each tracking number and link by the single change rules, naming the row', () => {
    const parsed = ordersShipSchema.safeParse({
      items: [item(1, 'OK-1'), item(2, 'bad number'), { orderId: 3, trackingUrl: 'javascript:alert(1)' }],
    });
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['items.1.trackingNumber', 'trackingNumber'],
      ['items.2.trackingUrl', 'url'],
    ]);
  });

  it('refuses an order listed twice', () => {
    const parsed = ordersShipSchema.safeParse({ items: [item(1, 'A'), item(2), item(1, 'B')] });
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['items.2.orderId', 'orderTwice']]);
  });
});
