import type { ShopId } from '../markets/markets';

export interface DeliveryCarrier {
  code: string;
  title: string;
  markets: readonly ShopId[];
  isPickupPoint: boolean;
}

/**
 * Carriers a partner may offer per market: the national posts, the parcel services that deliver there and
 * the pickup-point networks shoppers know. MALL Delivery is a separate service (issue 10), not listed here.
 */
export const DELIVERY_CARRIERS: readonly DeliveryCarrier[] = [
  { code: 'PPL', title: 'PPL', markets: ['CZ10MA'], isPickupPoint: false },
  { code: 'DPD', title: 'DPD', markets: ['CZ10MA', 'SK10MA', 'PL20MA'], isPickupPoint: false },
  { code: 'GLS', title: 'GLS', markets: ['CZ10MA', 'SK10MA', 'HU20MA', 'SI10SI', 'HR10MA'], isPickupPoint: false },
  { code: 'CESKA_POSTA', title: 'Česká pošta', markets: ['CZ10MA'], isPickupPoint: false },
  { code: 'ZASILKOVNA', title: 'Zásilkovna', markets: ['CZ10MA'], isPickupPoint: true },
  { code: 'PACKETA', title: 'Packeta', markets: ['SK10MA'], isPickupPoint: true },
  { code: 'SPS', title: 'Slovak Parcel Service', markets: ['SK10MA'], isPickupPoint: false },
  { code: 'SLOVENSKA_POSTA', title: 'Slovenská pošta', markets: ['SK10MA'], isPickupPoint: false },
  { code: 'INPOST_PACZKOMATY', title: 'InPost Paczkomaty', markets: ['PL20MA'], isPickupPoint: true },
  { code: 'POCZTA_POLSKA', title: 'Poczta Polska', markets: ['PL20MA'], isPickupPoint: false },
  { code: 'MPL', title: 'MPL (Magyar Posta)', markets: ['HU20MA'], isPickupPoint: false },
  { code: 'FOXPOST', title: 'Foxpost', markets: ['HU20MA'], isPickupPoint: true },
  { code: 'POSTA_SLOVENIJE', title: 'Pošta Slovenije', markets: ['SI10SI'], isPickupPoint: false },
  { code: 'HRVATSKA_POSTA', title: 'Hrvatska pošta', markets: ['HR10MA'], isPickupPoint: false },
  { code: 'OVERSEAS', title: 'Overseas Express', markets: ['HR10MA'], isPickupPoint: false },
];

export const DELIVERY_DELAY_MIN = 0;
export const DELIVERY_DELAY_LIMIT = 30;

export function carriersOf(shopId: ShopId): DeliveryCarrier[] {
  return DELIVERY_CARRIERS.filter((c) => c.markets.includes(shopId));
}

export function carrierOf(shopId: ShopId, code: string): DeliveryCarrier | null {
  return carriersOf(shopId).find((c) => c.code === code) ?? null;
}

// The delivery method itself (its schema, pricing and rules) is `deliveries/methods.ts`.
