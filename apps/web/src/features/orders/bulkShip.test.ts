import { describe, expect, it } from 'vitest';
import { fillFromPaste, type ShipOrder, shipItems, shipRefusal, trackingIssue } from './bulkShip';

const order = (id: string, values: Partial<ShipOrder> = {}): ShipOrder => ({
  id,
  status: 'open',
  confirmed: true,
  isMallDelivery: false,
  trackingNumber: null,
  customerName: 'Jana Nováková',
  ...values,
});

const selected = [order('1001'), order('1002', { status: 'shipping' }), order('1003', { status: 'blocked' })];

describe('the bulk shipment dialog', () => {
  it('fills the selected orders from two pasted columns and names what it left out', () => {
    const fill = fillFromPaste(
      selected,
      { '1001': '', '1002': 'TYPED' },
      'Order\tTracking\n1001\tDR-1\n9999\tX\n1003\tB\nnot an order\n',
    );
    expect(fill.tracking).toEqual({ '1001': 'DR-1', '1002': 'TYPED' });
    expect(fill.filled).toBe(1);
    expect(fill.notSelected).toEqual(['9999']);
    expect(fill.unreadable).toEqual([5]);
  });

  it('says on its row why an order cannot ship, and sends only the others with their own numbers', () => {
    expect(selected.map(shipRefusal)).toEqual([null, null, 'ORDER_BLOCKED_STATUS_CANNOT_CHANGE']);
    expect(shipRefusal(order('1', { confirmed: false }))).toBe('ORDER_UNCONFIRMED_CANNOT_CHANGE');
    expect(shipItems(selected, { '1001': ' DR-1 ', '1003': 'B' })).toEqual([
      { orderId: '1001', trackingNumber: 'DR-1' },
      { orderId: '1002', trackingNumber: '' },
    ]);
  });

  it('judges a tracking number by the rule before it is sent; empty is allowed', () => {
    expect(trackingIssue('')).toBeNull();
    expect(trackingIssue(' DR-1_2 ')).toBeNull();
    expect(trackingIssue('DR 1')).toEqual({ rule: 'trackingNumber', params: { 0: 64 } });
    expect(trackingIssue('A'.repeat(65))?.rule).toBe('max');
  });
});
