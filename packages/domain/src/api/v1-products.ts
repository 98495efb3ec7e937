import { z } from 'zod';
import type { ParameterValues } from '../catalog/categories';
import { containsWord } from '../products/schema';
import { wireMap } from './v1';

/**
 * The product and variant shapes of the partner REST API v1 (issue 20 point 3), as the marketplace's REST API
 * and its PHP client write them: snake_case, `parameters` as `{code: [values]}` (an empty one as `[]`),
 * availability `{status: A|N|X, in_stock}`, package_size `smallbox`/`bigbox`, stage `live`/`draft`. Pure:
 * the server maps these onto the catalogue's own ProductInput (apps/server/.../rest/products-wire.ts) and
 * the catalogue's save checks them with every rule of the portal's form.
 *
 * Liberal on input: numbers may arrive as text or as whole floats, empty maps as `[]`, and fields the
 * catalogue does not keep (`url`, `partner_title`, `overrides`, `switch` of a medium, a variant's own
 * descriptions …) are accepted and ignored: a connector that reads a product and sends it back works.
 */

/** The marketplace's status letters: A on sale, N not on sale, X not for resale (the marketplace's decision). */
export const WIRE_STATUS = { ACTIVE: 'A', INACTIVE: 'N', NOT_FOR_RESALE: 'X' } as const;
export type WireStatus = (typeof WIRE_STATUS)[keyof typeof WIRE_STATUS];

export function wireStatusOf(status: string): WireStatus {
  return WIRE_STATUS[status as keyof typeof WIRE_STATUS] ?? 'N';
}

export function statusOfWire(letter: WireStatus): keyof typeof WIRE_STATUS {
  return letter === 'A' ? 'ACTIVE' : letter === 'N' ? 'INACTIVE' : 'NOT_FOR_RESALE';
}

/** A number as the wire may carry it: a JSON number or text ("12.50", "21"); null or absent is "none". */
const wireNumber = z.union([z.number(), z.string()]).nullable().optional();
const wireText = z.string().nullable().optional();
const wireFlag = z.boolean().optional();
/** A wire date-time (`YYYY-MM-DD HH:MM:SS`); promotions and labels keep its day. */
const wireDay = z.string().nullable().optional();

export const wireMediaSchema = z.object({
  url: z.string(),
  main: z.boolean().optional(),
  /** The marketplace's variant switch image: not kept by the catalogue. */
  switch: z.string().nullable().optional(),
  energy_label: wireFlag,
  information_list: wireFlag,
});

export const wireAvailabilitySchema = z.object({
  status: z.enum(['A', 'N', 'X']).optional(),
  in_stock: z.union([z.number(), z.string()]).optional(),
});

export const wireDimensionsSchema = z.object({
  weight: wireNumber,
  width: wireNumber,
  height: wireNumber,
  length: wireNumber,
});

export const wireLabelSchema = z.object({ label: z.string(), from: wireDay, to: wireDay, source: wireText });
export const wirePromotionSchema = z.object({ price: wireNumber, from: wireDay, to: wireDay, source: wireText });

const parameterValue = z.union([z.string(), z.number(), z.boolean()]);
/** `{code: [values]}` as the client writes it (one value alone is read too); `[]` when there are none. */
export const wireParametersSchema = wireMap(
  z.record(z.string(), z.union([z.array(parameterValue), parameterValue, z.null()])),
);

/** What a product and a variant share on the wire. */
const articleFields = {
  title: z.string().optional(),
  shortdesc: wireText,
  longdesc: wireText,
  priority: z.union([z.number(), z.string()]).optional(),
  barcode: wireText,
  price: wireNumber,
  purchase_price: wireNumber,
  rrp: wireNumber,
  media: z.array(wireMediaSchema).optional(),
  promotions: z.array(wirePromotionSchema).optional(),
  parameters: wireParametersSchema.optional(),
  labels: z.array(wireLabelSchema).optional(),
  dimensions: wireDimensionsSchema.nullable().optional(),
  availability: wireAvailabilitySchema.nullable().optional(),
  recommended: z.array(z.string()).optional(),
  delivery_delay: z.union([z.number(), z.string()]).nullable().optional(),
  free_delivery: z.boolean().nullable().optional(),
  package_size: z.string().nullable().optional(),
  mallbox_allowed: z.boolean().nullable().optional(),
};

export const wireVariantInputSchema = z.object({ id: z.string().optional(), ...articleFields });
export type WireVariantInput = z.output<typeof wireVariantInputSchema>;

export const wireProductInputSchema = z.object({
  id: z.string().optional(),
  ...articleFields,
  category_id: z.union([z.string(), z.number()]).nullable().optional(),
  brand_id: wireText,
  vat: wireNumber,
  fair_price: wireNumber,
  weee_fee: wireNumber,
  variants: z.array(wireVariantInputSchema).optional(),
  variable_parameters: z.array(z.string()).optional(),
});
export type WireProductInput = z.output<typeof wireProductInputSchema>;

export const wirePricingInputSchema = z.object({ price: wireNumber, rrp: wireNumber, purchase_price: wireNumber });
export type WirePricingInput = z.output<typeof wirePricingInputSchema>;

/**
 * The catalogue's parameter values from the wire's lists: one value alone, several as a list (a `multiple`
 * parameter), an empty list or null dropped. For a variant (`single`), its one value per parameter.
 */
export function parametersOfWire(
  wire: Record<string, unknown[] | string | number | boolean | null>,
  single = false,
): ParameterValues {
  const out: ParameterValues = {};
  for (const [code, raw] of Object.entries(wire)) {
    const values = (Array.isArray(raw) ? raw : raw === null ? [] : [raw]).map((v) => String(v));
    if (!values.length) continue;
    out[code] = single || values.length === 1 ? values[0]! : values;
  }
  return out;
}

/** The wire's `{code: [values]}` of the catalogue's values. */
export function wireParametersOf(values: ParameterValues): Record<string, string[]> {
  return Object.fromEntries(Object.entries(values).map(([code, v]) => [code, Array.isArray(v) ? v : [v]]));
}

/**
 * The product type of a wire title. The catalogue builds a title as brand + product type + line, while the
 * marketplace's clients send the whole title: a title that starts with the brand's name loses it here, so
 * the built title is the one sent. A brand named elsewhere in the title is left for the catalogue's rule.
 */
export function productTypeOfTitle(title: string, brandName: string | null): string {
  const text = title.trim();
  const brand = brandName?.trim();
  if (!brand || !containsWord(text, brand)) return text;
  const head = text.slice(0, brand.length);
  const rest = text.slice(brand.length);
  if (head.toLocaleLowerCase() === brand.toLocaleLowerCase() && /^\s/.test(rest) && rest.trim() !== '') {
    return rest.trim();
  }
  return text;
}

/** The catalogue's input field names as the wire spells them (one path segment at a time). */
const WIRE_FIELD: Readonly<Record<string, string>> = {
  productType: 'title',
  line: 'title',
  shortDesc: 'shortdesc',
  longDesc: 'longdesc',
  categoryId: 'category_id',
  brandId: 'brand_id',
  purchasePrice: 'purchase_price',
  fairPrice: 'fair_price',
  weeeFee: 'weee_fee',
  recyclingFeeConfirmed: 'weee_fee',
  inStock: 'availability.in_stock',
  status: 'availability.status',
  deliveryDelay: 'delivery_delay',
  freeDelivery: 'free_delivery',
  packageSize: 'package_size',
  weight: 'dimensions.weight',
  width: 'dimensions.width',
  length: 'dimensions.length',
  height: 'dimensions.height',
  variableParameters: 'variable_parameters',
  mallboxAllowed: 'mallbox_allowed',
  taricCode: 'taric_code',
  imageUrl: 'media',
  energyLabel: 'energy_label',
  informationList: 'information_list',
};

/**
 * A field of the catalogue's refusal (`variants.0.inStock`) as the wire names it (`variants.0.availability.in_stock`).
 * Parameter codes after `parameters.` are the caller's own and stay as they are.
 */
export function wireFieldOf(field: string): string {
  const parts = field.split('.');
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    out.push(WIRE_FIELD[part] ?? part);
    if (part === 'parameters') {
      out.push(...parts.slice(i + 1));
      break;
    }
  }
  return out.join('.');
}
