import {
  DomainError,
  type ParameterValues,
  type ProductInputRaw,
  parametersOfWire,
  productTypeOfTitle,
  statusOfWire,
  type WireProductInput,
  type WireVariantInput,
  wireFieldOf,
} from '@pp/domain';
import type { ProductDetail, VariantRecord } from '../../products/service';

/**
 * What a call sends, onto the catalogue's ProductInput. A write is always the stored product with what the call
 * sent laid over it, saved whole by the catalogue's own save: what the wire does not name (the taric code, the
 * line of the title, a field the client left out) stays as it is.
 */

export type VariantRaw = NonNullable<ProductInputRaw['variants']>[number];

/** A stored variant as the catalogue's input (its parameters one value each). */
export function variantInputOf(v: VariantRecord): VariantRaw {
  const parameters: Record<string, string> = {};
  for (const [code, value] of Object.entries(v.parameters)) {
    const one = Array.isArray(value) ? value[0] : value;
    if (one !== undefined) parameters[code] = one;
  }
  return {
    id: v.id,
    price: v.price,
    rrp: v.rrp,
    inStock: v.inStock,
    barcode: v.barcode,
    imageUrl: v.imageUrl,
    deliveryDelay: v.deliveryDelay,
    // A variant the marketplace took off sale is never put back on sale by a save that does not say so.
    status: v.status === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE',
    parameters,
  };
}

/** The stored product as the catalogue's input: saving it unchanged changes nothing. */
export function productInputOf(p: ProductDetail): ProductInputRaw {
  return {
    id: p.id,
    productType: p.productType,
    line: p.line,
    shortDesc: p.shortDesc,
    longDesc: p.longDesc,
    brandId: p.brandId,
    categoryId: p.categoryId,
    barcode: p.barcode,
    taricCode: p.taricCode,
    priority: p.priority,
    price: p.price,
    forcePrice: p.forcePrice,
    rrp: p.rrp,
    purchasePrice: p.purchasePrice,
    fairPrice: p.fairPrice,
    weeeFee: p.weeeFee,
    vat: p.vat,
    inStock: p.inStock,
    deliveryDelay: p.deliveryDelay,
    freeDelivery: p.freeDelivery,
    packageSize: p.packageSize as 'smallbox' | 'bigbox' | null,
    weight: p.weight,
    width: p.width,
    length: p.length,
    height: p.height,
    parameters: p.parameters as ParameterValues,
    variableParameters: p.variableParameters,
    promotions: p.promotions.filter((x) => x.source !== 'CAMPAIGN'),
    labels: p.labels.filter((l) => l.source !== 'CAMPAIGN'),
    recommended: p.recommended,
    mallboxAllowed: p.mallboxAllowed,
    // NOT_FOR_RESALE is the marketplace's; the save keeps it whatever the input says.
    status: p.status === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE',
    media: p.media.map((m) => ({
      url: m.url,
      main: m.main,
      energyLabel: m.energyLabel,
      informationList: m.informationList,
    })),
    variants: p.variants.map(variantInputOf),
    // A stored product in a recycling-fee category was confirmed by whoever saved it there.
    recyclingFeeConfirmed: p.categoryId !== null,
  };
}

/** A measure of the wire: 0 is the marketplace client's "not given". */
const measure = (value: number | string | null | undefined) =>
  value === undefined ? undefined : value === null || Number(value) === 0 ? null : value;

/** A status letter onto a stored status: X (the marketplace's decision) is never the seller's to send. */
function statusOf(letter: 'A' | 'N' | 'X' | undefined, stored: string | undefined): string | undefined {
  if (letter === undefined) return undefined;
  const status = statusOfWire(letter);
  if (status !== 'NOT_FOR_RESALE') return status;
  // The stored product is not for resale already: sending it back unchanged is no change.
  return stored === 'NOT_FOR_RESALE' ? undefined : status;
}

/** Lays what a call sent for a variant over the variant's input. */
export function applyWireVariant(
  base: VariantRaw,
  wire: WireVariantInput,
  storedStatus: string | undefined,
): VariantRaw {
  const out: Record<string, unknown> = { ...base };
  if (wire.id !== undefined) out.id = wire.id;
  if (wire.price !== undefined) out.price = wire.price;
  if (wire.rrp !== undefined) out.rrp = wire.rrp;
  if (wire.barcode !== undefined) out.barcode = wire.barcode;
  if (wire.delivery_delay !== undefined && wire.delivery_delay !== null) out.deliveryDelay = wire.delivery_delay;
  if (wire.parameters !== undefined) out.parameters = parametersOfWire(wire.parameters, true);
  if (wire.media !== undefined) {
    // The catalogue keeps one picture per variant: the main one sent, else the first.
    out.imageUrl = (wire.media.find((m) => m.main) ?? wire.media[0])?.url ?? null;
  }
  if (wire.availability) {
    if (wire.availability.in_stock !== undefined) out.inStock = wire.availability.in_stock;
    const status = statusOf(wire.availability.status, storedStatus);
    if (status !== undefined) out.status = status;
  }
  return out as VariantRaw;
}

/**
 * Lays what a call sent for a product over the product's input (`base`: the stored product's, or an empty
 * one for a new product). Absent fields keep what is stored; the lists sent (media, variants, labels,
 * parameters …) replace the stored ones, as the marketplace's PUT takes the whole product.
 */
export function applyWireProduct(
  base: ProductInputRaw,
  wire: WireProductInput,
  known: { stored: ProductDetail | null; brandName: string | null },
): ProductInputRaw {
  const out: Record<string, unknown> = { ...base };
  const { stored } = known;
  if (wire.id !== undefined) out.id = wire.id;
  // The title: unchanged keeps the type and line it was built from; another one is the product type.
  if (wire.title !== undefined && !(stored && wire.title.trim() === stored.title)) {
    out.productType = productTypeOfTitle(wire.title, known.brandName);
    out.line = null;
  }
  const copy: [keyof WireProductInput, string][] = [
    ['shortdesc', 'shortDesc'],
    ['longdesc', 'longDesc'],
    ['brand_id', 'brandId'],
    ['barcode', 'barcode'],
    ['price', 'price'],
    ['rrp', 'rrp'],
    ['purchase_price', 'purchasePrice'],
    ['fair_price', 'fairPrice'],
    ['weee_fee', 'weeeFee'],
    ['vat', 'vat'],
    ['recommended', 'recommended'],
    ['variable_parameters', 'variableParameters'],
  ];
  for (const [from, to] of copy) if (wire[from] !== undefined) out[to] = wire[from];
  if (wire.priority !== undefined) out.priority = wire.priority;
  if (wire.delivery_delay !== undefined && wire.delivery_delay !== null) out.deliveryDelay = wire.delivery_delay;
  if (wire.free_delivery !== undefined && wire.free_delivery !== null) out.freeDelivery = wire.free_delivery;
  if (wire.mallbox_allowed !== undefined && wire.mallbox_allowed !== null) out.mallboxAllowed = wire.mallbox_allowed;
  if (wire.category_id !== undefined) {
    const text = wire.category_id === null ? '' : String(wire.category_id).trim();
    // A number the catalogue's own check refuses with its rule, never a guess.
    out.categoryId = text === '' ? null : /^\d{1,9}$/.test(text) ? Number(text) : -1;
  }
  // The recycling fee sent is the seller's confirmation that the category carries one; a product moved to
  // another category is not confirmed by its earlier save.
  const feeSent = wire.weee_fee !== undefined && wire.weee_fee !== null;
  if (feeSent) out.recyclingFeeConfirmed = true;
  else if (out.categoryId !== (stored?.categoryId ?? null)) out.recyclingFeeConfirmed = false;
  if (wire.parameters !== undefined) out.parameters = parametersOfWire(wire.parameters);
  if (wire.availability) {
    if (wire.availability.in_stock !== undefined) out.inStock = wire.availability.in_stock;
    const status = statusOf(wire.availability.status, stored?.status);
    if (status !== undefined) out.status = status;
  }
  if (wire.dimensions) {
    for (const key of ['weight', 'width', 'height', 'length'] as const) {
      const value = measure(wire.dimensions[key]);
      if (value !== undefined) out[key] = value;
    }
  }
  // The catalogue keeps a package size together with its dimensions: one sent without them (the client's
  // default "smallbox") leaves a product without dimensions as it is.
  const hasDimensions = ['width', 'height', 'length'].every((k) => out[k] !== null && out[k] !== undefined);
  if (wire.package_size !== undefined && wire.package_size !== null && hasDimensions) {
    out.packageSize = wire.package_size;
  }
  if (!hasDimensions && ['width', 'height', 'length'].every((k) => out[k] === null || out[k] === undefined)) {
    out.packageSize = null;
  }
  if (wire.media !== undefined) {
    out.media = wire.media.map((m) => ({
      url: m.url,
      main: m.main ?? false,
      energyLabel: m.energy_label ?? false,
      informationList: m.information_list ?? false,
    }));
  }
  // A campaign's entries are the marketplace's: the product's GET shows them (source "campaign"), and one
  // sent back is ignored, never stored as the partner's own (the save keeps the stored ones).
  const partnerOwn = (x: { source?: string | null }) => x.source?.toUpperCase() !== 'CAMPAIGN';
  if (wire.labels !== undefined) {
    out.labels = wire.labels
      .filter(partnerOwn)
      .map((l) => ({ label: l.label, from: l.from ?? null, to: l.to ?? null }));
  }
  if (wire.promotions !== undefined) {
    out.promotions = wire.promotions
      .filter(partnerOwn)
      .map((x) => ({ price: x.price ?? null, from: x.from ?? null, to: x.to ?? null }));
  }
  if (wire.variants !== undefined) {
    const before = new Map((stored?.variants ?? []).map((v) => [v.id, v]));
    out.variants = wire.variants.map((w) => {
      const old = w.id !== undefined ? before.get(w.id) : undefined;
      return applyWireVariant(
        old ? variantInputOf(old) : { id: w.id ?? '' },
        w,
        stored?.status === 'NOT_FOR_RESALE' ? 'NOT_FOR_RESALE' : old?.status,
      );
    });
  }
  return out as ProductInputRaw;
}

/** A new product's starting input: nothing but what the call sends. */
export const emptyProductInput = (): ProductInputRaw => ({ id: '', productType: '', parameters: {} });

/**
 * A refusal of the catalogue with its fields as the wire names them (`body.availability.in_stock`). For a
 * variant's own call, the fields of that variant are the body's own (`variants.2.price` is `body.price`).
 */
export function onTheWire(error: unknown, variantIndex?: number): unknown {
  if (!(error instanceof DomainError) || !error.fields.length) return error;
  const own = variantIndex === undefined ? null : `variants.${variantIndex}.`;
  return new DomainError(
    error.code,
    error.params,
    error.fields.map((f) => {
      const field = own && f.field.startsWith(own) ? f.field.slice(own.length) : f.field;
      return { ...f, field: `body.${wireFieldOf(field)}` };
    }),
  );
}
