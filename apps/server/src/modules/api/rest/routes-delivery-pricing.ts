import { DomainError, type PricingType } from '@pp/domain';
import { z } from 'zod';
import type { RequestContext } from '../../../platform/context';
import { availableTransports, deliveryCarriers, listDeliveries, saveDelivery } from '../../deliveries/service';
import { v1Route } from './route';

/**
 * A delivery method's price levels and the market's transports, as the marketplace's clients call them:
 * `/v1/deliveries/partner/{code}/pricing` (GET, PUT, DELETE) and `/v1/transports`. A change goes through the
 * deliveries page's own `saveDelivery`, so its rules hold here too: levels strictly increasing, a free limit
 * above the last price level, the pricing kept while open orders or MALL Delivery depend on it.
 */

/** `p`: the level's limit is the order total; `w`: the parcel's weight in kg. */
const LEVEL_TYPES = { p: 'PRICE_LEVELS', w: 'WEIGHT_LEVELS' } as const satisfies Record<string, PricingType>;
type LevelType = keyof typeof LEVEL_TYPES;

const wireNumber = z.union([z.number(), z.string().trim().min(1)]);

const level = z.object({
  type: z.enum(['p', 'w']),
  price: z.number(),
  cod_price: z.number().nullable(),
  limit: z.number(),
});

const levelInput = z.object({
  type: z.enum(['p', 'w']),
  price: wireNumber,
  /** Read and not kept: a method has one COD surcharge (its `cod_price`), whatever the level. */
  cod_price: wireNumber.nullable().optional(),
  limit: wireNumber,
});

const codeParam = z.object({ code: z.string().max(64) });

type Method = Awaited<ReturnType<typeof listDeliveries>>[number];

async function methodByCode(ctx: RequestContext, code: string): Promise<Method> {
  const found = (await listDeliveries(ctx)).find((d) => d.code === code);
  if (!found) throw new DomainError('DELIVERY_NOT_FOUND');
  return found;
}

function wireLevels(method: Method): z.input<typeof level>[] {
  if (method.pricing === 'FIXED') return [];
  const type: LevelType = method.pricing === 'PRICE_LEVELS' ? 'p' : 'w';
  return method.priceLevels.map((l) => ({ type, price: l.price, cod_price: method.codPrice, limit: l.limit }));
}

/** The method as the deliveries form sends it, with another pricing: every other field as it is stored. */
function withPricing(method: Method, pricing: PricingType, priceLevels: { limit: unknown; price: unknown }[]) {
  return {
    code: method.code,
    title: method.title,
    transport: method.transport,
    price: method.price,
    codPrice: method.codPrice,
    freeLimit: method.freeLimit,
    deliveryDelay: method.deliveryDelay,
    isPickupPoint: method.isPickupPoint,
    deliveryKind: method.deliveryKind,
    priority: method.priority,
    packageSize: method.packageSize,
    minHeight: method.minHeight,
    maxHeight: method.maxHeight,
    minWidth: method.minWidth,
    maxWidth: method.maxWidth,
    minLength: method.minLength,
    maxLength: method.maxLength,
    minWeight: method.minWeight,
    maxWeight: method.maxWeight,
    closeTimes: method.closeTimes,
    pricing,
    priceLevels,
  };
}

/** The deliveries form names a level `priceLevels.1.price`; the caller sent it as `body.1.price`. */
function onWire(error: unknown): unknown {
  if (!(error instanceof DomainError) || !error.fields.length) return error;
  const fields = error.fields.map((f) => ({ ...f, field: f.field?.replace(/^priceLevels\b/, 'body') }));
  return new DomainError(error.code, error.params, fields);
}

const getPricing = v1Route({
  method: 'GET',
  path: '/deliveries/partner/:code/pricing',
  summary: "A delivery method's price levels (by order total `p` or by weight `w`; empty for a fixed price)",
  tag: 'Deliveries',
  params: codeParam,
  data: z.array(level),
  async handler(ctx, { params }) {
    return { data: wireLevels(await methodByCode(ctx, params.code)) };
  },
});

const putPricing = v1Route({
  method: 'PUT',
  path: '/deliveries/partner/:code/pricing',
  summary: "Replaces a delivery method's price levels; all of one type. An empty list makes the price fixed",
  tag: 'Deliveries',
  params: codeParam,
  body: z.array(levelInput).max(100).default([]),
  data: z.array(level),
  async handler(ctx, { params, body }) {
    const method = await methodByCode(ctx, params.code);
    const types = new Set(body.map((l) => l.type));
    if (types.size > 1) {
      // One pricing is active at a time (spec: price levels by price or by weight).
      throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'body', rule: 'levelTypesMixed' }]);
    }
    const [type] = [...types] as LevelType[];
    const pricing: PricingType = type ? LEVEL_TYPES[type] : 'FIXED';
    const levels = body.map((l) => ({ limit: l.limit, price: l.price }));
    try {
      await saveDelivery(ctx, String(method.id), withPricing(method, pricing, levels));
    } catch (error) {
      throw onWire(error);
    }
    return { data: wireLevels(await methodByCode(ctx, params.code)) };
  },
});

const deletePricing = v1Route({
  method: 'DELETE',
  path: '/deliveries/partner/:code/pricing',
  summary: "Removes a delivery method's price levels: its base price applies to every order",
  tag: 'Deliveries',
  params: codeParam,
  data: z.null(),
  noContent: true,
  async handler(ctx, { params }) {
    const method = await methodByCode(ctx, params.code);
    if (method.pricing !== 'FIXED') await saveDelivery(ctx, String(method.id), withPricing(method, 'FIXED', []));
    return { data: null };
  },
});

const transport = z.object({
  id: z.string(),
  transportName: z.string(),
  /** Carriers take either size in this portal: a method names its own package size. */
  packageSize: z.enum(['smallbox', 'bigbox']).nullable(),
  isPickupPoint: z.boolean(),
  /** Whether the partner has no method with this transport yet (the deliveries page offers those first). */
  available: z.boolean(),
});

const transports = v1Route({
  method: 'GET',
  path: '/transports',
  summary: "The transports (carriers) of the partner's market",
  tag: 'Deliveries',
  data: z.array(transport),
  async handler(ctx) {
    const [all, free] = await Promise.all([deliveryCarriers(ctx), availableTransports(ctx)]);
    const open = new Set(free.map((c) => c.code));
    return {
      data: all.map((c) => ({
        id: c.code,
        transportName: c.title,
        packageSize: null,
        isPickupPoint: c.isPickupPoint,
        available: open.has(c.code),
      })),
    };
  },
});

export const DELIVERY_PRICING_ROUTES = [getPricing, putPricing, deletePricing, transports];
