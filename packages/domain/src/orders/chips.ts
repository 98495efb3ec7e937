import { paymentGroupOf } from './payment';
import type { OrderStatus } from './status';

/**
 * How an order reaches the customer, kept in `orders.delivery_type`: to the customer's address, to a pickup
 * point (a carrier's branch; `branch_id` names it), or picked up in person at the seller's shop.
 */
export const DELIVERY_METHODS = ['ADDRESS', 'PICKUP_POINT', 'PERSONAL_PICKUP'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/**
 * Where an order was placed (commerce spec §3 Order, "order type"): on the marketplace itself or on Allegro,
 * whose orders the marketplace passes on. The grid's filter offers "all" as no filter at all.
 */
export const ORDER_TYPES = ['mall', 'allegro'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** The chips of an order (commerce spec §2), in the order a row shows them. */
export const ORDER_CHIPS = [
  'cashOnDelivery',
  'deliveryToAddress',
  'mallDelivery',
  'personalPickup',
  'readyToReturn',
  'waitingForPayment',
] as const;
export type OrderChip = (typeof ORDER_CHIPS)[number];

export interface OrderChipFacts {
  status: OrderStatus;
  paymentType: string;
  deliveryType: string | null;
  isMallDelivery: boolean;
  readyToReturn: boolean;
  confirmed: boolean;
}

/**
 * The chips one order carries. "Waiting for payment confirmation" is an open order the marketplace has not
 * confirmed yet: it confirms once the customer's payment has arrived (docs/decisions.md, "Orders").
 */
export function orderChips(order: OrderChipFacts): OrderChip[] {
  const chips: OrderChip[] = [];
  if (paymentGroupOf(order.paymentType) === 'CASH_ON_DELIVERY') chips.push('cashOnDelivery');
  if (order.deliveryType === 'ADDRESS') chips.push('deliveryToAddress');
  if (order.isMallDelivery) chips.push('mallDelivery');
  if (order.deliveryType === 'PERSONAL_PICKUP') chips.push('personalPickup');
  if (order.readyToReturn) chips.push('readyToReturn');
  if (order.status === 'open' && !order.confirmed) chips.push('waitingForPayment');
  return chips;
}
