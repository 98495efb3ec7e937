import { describe, expect, it } from 'vitest';
import { fillFromPaste, type ShipOrder, shipItems, shipRefusal, trackingIssue, trackingUrlIssue } from './bulkShip';

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

  it('judges a tracking link before it is sent: http or https only, within 2,000 characters; empty is allowed', () => {
    expect(trackingUrlIssue('')).toBeNull();
    expect(trackingUrlIssue(' https://track.example/DR-1 ')).toBeNull();
    expect(trackingUrlIssue('http://track.example/?id=DR-1')).toBeNull();
    expect(trackingUrlIssue('javascript:alert(1)')?.rule).toBe('url');
    expect(trackingUrlIssue('ftp://track.example/DR-1')?.rule).toBe('url');
    expect(trackingUrlIssue('track.example/DR-1')?.rule).toBe('url');
    expect(trackingUrlIssue(`https://track.example/${'a'.repeat(2000)}`)).toEqual({ rule: 'max', params: { 0: 2000 } });
    expect(trackingUrlIssue('https://track.example/\u0000')?.rule).toBe('invalidCharacters');
  });

  it('sends a tracking link only with the orders that were given one', () => {
    expect(shipItems(selected, { '1001': 'DR-1' }, { '1001': ' https://track.example/DR-1 ', '1002': '  ' })).toEqual([
      { orderId: '1001', trackingNumber: 'DR-1', trackingUrl: 'https://track.example/DR-1' },
      { orderId: '1002', trackingNumber: '' },
    ]);
  });
});
