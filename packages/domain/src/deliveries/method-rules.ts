import { z } from 'zod';
import type { ErrorCode } from '../errors/codes';
import { formRules } from '../text/formRules';
import { MALL_DELIVERY_TYPES, type MallDeliveryType } from './methods';

/**
 * What a delivery method may do given the orders that travel with it and the partner's MALL Delivery: be
 * offered through MALL Delivery (the spec's separate "update for mall delivery" call), be deleted, have its
 * pricing changed. Pure rules: the server decides with them inside its transaction, the web shows the same
 * answer before the request goes.
 */

/** The part of a method the "update for mall delivery" call changes, and nothing else. */
export interface MethodMallFields {
  mdpAllowed: boolean;
  mallDeliveryType: MallDeliveryType | null;
}

/** What the partner's MALL Delivery is now: its state and the Spectrum/DIP switch. */
export interface MallDeliveryFacts {
  state: string;
  spectrumStatus: string;
}

const mallTypeField = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.enum(MALL_DELIVERY_TYPES, 'in').nullable(),
);

const mallShape = { mdpAllowed: z.boolean('invalid'), mallDeliveryType: mallTypeField };

/** The call's input: MALL Delivery allowed or not, and then its type (required), cleared when not allowed. */
export const methodMallSchema = z
  .object(mallShape)
  .superRefine(
    ...formRules<z.output<z.ZodObject<typeof mallShape>>>((m, add) => {
      if (m.mdpAllowed && m.mallDeliveryType === null) add({ field: 'mallDeliveryType', rule: 'required' });
    }),
  )
  .transform(
    (m): MethodMallFields => ({
      mdpAllowed: m.mdpAllowed,
      mallDeliveryType: m.mdpAllowed ? m.mallDeliveryType : null,
    }),
  );
export type MethodMallInput = z.input<typeof methodMallSchema>;

/**
 * Why a method may not be offered through MALL Delivery as asked, or null. Offering it (or changing its type)
 * needs MALL Delivery requested or active: the marketplace offers methods of a service it runs or is about
 * to decide on, and a seller may prepare while the request waits. A classic method cannot be added while
 * Spectrum is on (spec §4: classic disabled, spectrum active). Withdrawing a method is always the seller's
 * call, and an unchanged offer is never refused (a save that repeats what is stored).
 */
export function methodMallRefusal(
  facts: MallDeliveryFacts,
  before: MethodMallFields | null,
  after: MethodMallFields,
): ErrorCode | null {
  if (!after.mdpAllowed) return null;
  if (before?.mdpAllowed && before.mallDeliveryType === after.mallDeliveryType) return null;
  if (facts.state !== 'requested' && facts.state !== 'active') return 'MALL_DELIVERY_NOT_REQUESTED';
  if (after.mallDeliveryType === 'classic' && facts.spectrumStatus === 'active')
    return 'MALL_DELIVERY_CLASSIC_DISABLED';
  return null;
}

/** What keeps a method as it is: the open orders that travel with it, and whether it is in an active offer. */
export interface MethodUse {
  /** Open orders (not yet handed to the carrier) that name the method by its code. */
  openOrders: number;
  mdpAllowed: boolean;
  /** The partner's MALL Delivery state. */
  mallDeliveryState: string;
}

/** Whether the method is part of the marketplace's running MALL Delivery offer. */
export function inActiveMallOffer(use: MethodUse): boolean {
  return use.mdpAllowed && use.mallDeliveryState === 'active';
}

/**
 * Why a method cannot be deleted now, or null. Open orders name it by its code and may be priced again by
 * it; a method of an active MALL Delivery is part of the marketplace's offer — withdraw it from MALL
 * Delivery first.
 */
export function methodDeleteRefusal(use: MethodUse): ErrorCode | null {
  if (use.openOrders > 0) return 'DELIVERY_IN_USE';
  if (inActiveMallOffer(use)) return 'DELIVERY_IN_MALL_DELIVERY';
  return null;
}

/** Whether the pricing structure (type and levels) is held (CANNOT_UPDATE_DELIVERY_PRICING) by this use. */
export function pricingHeld(use: MethodUse): boolean {
  return use.openOrders > 0 || inActiveMallOffer(use);
}
