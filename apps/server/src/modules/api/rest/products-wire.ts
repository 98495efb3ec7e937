import { effectivePrice, promotionsOfItem, wireParametersOf, wireStatusOf, campaignDay } from '@pp/domain';
import { z } from 'zod';
import type { MediaFetchState } from '../../products/remote-media';
import type { ProductDetail, VariantRecord } from '../../products/service';

/**
 * Products and variants as the wire gives them (the marketplace's REST API as its PHP client reads it), from
 * the catalogue's ProductDetail; the zod schemas are the `data` of the routes and so the OpenAPI document.
 * The other way, wire to ProductInput, is products-wire-input.ts.
 */

const wireMedia = z.object({
  url: z.string(),
  main: z.boolean(),
  switch: z.null(),
  energy_label: z.boolean(),
  information_list: z.boolean(),
  /** Where the image at the seller's URL stands: pending, stored or failed; null for an upload. */
  fetch_status: z.enum(['pending', 'stored', 'failed']).nullable(),
  /** Why it gave no picture (an error code of the catalogue), null when it did. */
  fetch_error: z.string().nullable(),
});
const wireDimensions = z.object({ weight: z.number(), width: z.number(), height: z.number(), length: z.number() });
const wireAvailability = z.object({ status: z.enum(['A', 'N', 'X']), in_stock: z.number().int() });
const wireDated = { from: z.string().nullable(), to: z.string().nullable() };

const article = {
  id: z.string(),
  /** The marketplace's own article number: the portal has none. */
  article_id: z.null(),
  title: z.string(),
  /** The product's public address: the portal knows none. */
  url: z.string(),
  shortdesc: z.string(),
  longdesc: z.string(),
  priority: z.number().int(),
  barcode: z.string().nullable(),
  price: z.number().nullable(),
  fair_price: z.number().nullable(),
  purchase_price: z.number().nullable(),
  rrp: z.number().nullable(),
  /**
   * What a customer pays today: the lowest promotion valid today (partner's or campaign's; a variant's own
   * campaign price first) when below the price, else the price. Read-only; the XML export says the same.
   */
  effective_price: z
    .number()
    .nullable()
    .describe(
      'What a customer pays today: the lowest promotion valid today (partner or campaign) below the price, else the price. Read-only.',
    ),
  media: z.array(wireMedia),
  promotions: z.array(
    z.object({
      price: z.number(),
      ...wireDated,
      source: z.string().describe("partner, or campaign: the marketplace's, read-only (sent back, it is ignored)."),
    }),
  ),
  parameters: z.record(z.string(), z.array(z.string())),
  dimensions: wireDimensions,
  availability: wireAvailability,
  labels: z.array(z.object({ label: z.string(), ...wireDated, source: z.string() })),
  overrides: z.record(z.string(), z.array(z.never())),
  recommended: z.array(z.string()),
  delivery_delay: z.number().int(),
  free_delivery: z.boolean(),
  package_size: z.enum(['smallbox', 'bigbox']),
  mallbox_allowed: z.boolean(),
};

export const wireVariantSchema = z.object(article);

export const wireProductSchema = z.object({
  ...article,
  stage: z.enum(['live', 'draft']),
  category_id: z.string().nullable(),
  brand_id: z.string().nullable(),
  vat: z.number().nullable(),
  weee_fee: z.number().nullable(),
  partner_title: z.null(),
  variants: z.array(wireVariantSchema),
  variable_parameters: z.array(z.string()),
});

export const wirePricingSchema = z.object({
  price: z.number().nullable(),
  rrp: z.number().nullable(),
  purchase_price: z.number().nullable(),
});

export const basicProductSchema = z.object({
  id: z.string(),
  product_id: z.null(),
  title: z.string(),
  status: z.enum(['A', 'N', 'X']),
  stage: z.enum(['live', 'draft']),
  in_stock: z.number().int(),
  category_id: z.string().nullable(),
  price: z.number().nullable(),
  purchase_price: z.number().nullable(),
  rrp: z.number().nullable(),
  variants_count: z.number().int(),
  has_variants: z.boolean(),
});

export const basicVariantSchema = z.object({
  id: z.string(),
  product_id: z.null(),
  variant_id: z.null(),
  title: z.string(),
  status: z.enum(['A', 'N', 'X']),
  in_stock: z.number().int(),
  price: z.number().nullable(),
  purchase_price: z.number().nullable(),
  rrp: z.number().nullable(),
});

/** A catalogue day (`2026-03-10`) as the wire's date-time. */
const wireDay = (day: string | null) => (day ? `${day} 00:00:00` : null);

/** The promotions of one item (the product's own, or a variant's campaign ones) as the wire gives them. */
const wirePromotionsOf = (promotions: ProductDetail['promotions'], variantId: string | null) =>
  promotionsOfItem(promotions, variantId).map((x) => ({
    price: x.price,
    from: wireDay(x.from),
    to: wireDay(x.to),
    source: x.source.toLowerCase(),
  }));

export const wireStage = (stage: string) => (stage === 'LIVE' ? 'live' : 'draft') as 'live' | 'draft';

/** The catalogue keeps no package size until dimensions come with it; the marketplace always has one. */
const wirePackageSize = (size: string | null) => (size === 'bigbox' ? 'bigbox' : 'smallbox') as 'smallbox' | 'bigbox';

type DetailWithMedia = Omit<ProductDetail, 'media'> & { media: (ProductDetail['media'][number] & MediaFetchState)[] };

function wireMediaOf(media: DetailWithMedia['media']): z.input<typeof wireMedia>[] {
  return media.map((m) => ({
    url: m.url,
    main: m.main,
    switch: null,
    energy_label: m.energyLabel,
    information_list: m.informationList,
    fetch_status: m.fetchStatus ? (m.fetchStatus.toLowerCase() as 'pending' | 'stored' | 'failed') : null,
    fetch_error: m.fetchError,
  }));
}

function dimensionsOf(p: Omit<ProductDetail, 'media'>) {
  return { weight: p.weight ?? 0, width: p.width ?? 0, height: p.height ?? 0, length: p.length ?? 0 };
}

/** A variant's status as the marketplace sees it: its product's NOT_FOR_RESALE, else its own. */
export const variantStatusOf = (p: { status: string }, v: { status: string }) =>
  p.status === 'NOT_FOR_RESALE' ? 'NOT_FOR_RESALE' : v.status;

/** A variant on the wire: its own price, stock, barcode, image and values, the rest its product's. */
export function wireVariantOf(
  p: Omit<ProductDetail, 'media'>,
  v: VariantRecord,
  today: string = campaignDay(),
): z.input<typeof wireVariantSchema> {
  return {
    id: v.id,
    article_id: null,
    title: v.title,
    url: '',
    shortdesc: p.shortDesc ?? '',
    longdesc: p.longDesc ?? '',
    priority: p.priority,
    barcode: v.barcode,
    price: v.price,
    fair_price: null,
    purchase_price: p.purchasePrice,
    rrp: v.rrp,
    effective_price: effectivePrice({ price: v.price, variantId: v.id }, p.promotions, today).price,
    media: v.imageUrl
      ? [
          {
            url: v.imageUrl,
            main: true,
            switch: null,
            energy_label: false,
            information_list: false,
            fetch_status: null,
            fetch_error: null,
          },
        ]
      : [],
    promotions: wirePromotionsOf(p.promotions, v.id),
    parameters: wireParametersOf(v.parameters),
    dimensions: dimensionsOf(p),
    // A product the marketplace took off sale takes its variants with it (as the availability calls say).
    availability: { status: wireStatusOf(variantStatusOf(p, v)), in_stock: v.inStock },
    labels: [],
    overrides: {},
    recommended: [],
    delivery_delay: v.deliveryDelay,
    free_delivery: p.freeDelivery,
    package_size: wirePackageSize(p.packageSize),
    mallbox_allowed: p.mallboxAllowed,
  };
}

export function wireProductOf(p: DetailWithMedia, today: string = campaignDay()): z.input<typeof wireProductSchema> {
  return {
    id: p.id,
    article_id: null,
    stage: wireStage(p.stage),
    title: p.title,
    url: '',
    shortdesc: p.shortDesc ?? '',
    longdesc: p.longDesc ?? '',
    category_id: p.categoryId === null ? null : String(p.categoryId),
    brand_id: p.brandId,
    priority: p.priority,
    barcode: p.barcode,
    price: p.price,
    fair_price: p.fairPrice,
    purchase_price: p.purchasePrice,
    vat: p.vat,
    rrp: p.rrp,
    effective_price: effectivePrice({ price: p.price }, p.promotions, today).price,
    weee_fee: p.weeeFee,
    media: wireMediaOf(p.media),
    // The product's own; a campaign's price of one variant is that variant's.
    promotions: wirePromotionsOf(p.promotions, null),
    variants: p.variants.map((v) => wireVariantOf(p, v, today)),
    parameters: wireParametersOf(p.parameters),
    variable_parameters: p.variableParameters,
    dimensions: dimensionsOf(p),
    availability: { status: wireStatusOf(p.status), in_stock: p.inStock },
    labels: p.labels.map((l) => ({
      label: l.label,
      from: wireDay(l.from),
      to: wireDay(l.to),
      source: l.source.toLowerCase(),
    })),
    overrides: {},
    recommended: p.recommended,
    delivery_delay: p.deliveryDelay,
    free_delivery: p.freeDelivery,
    package_size: wirePackageSize(p.packageSize),
    mallbox_allowed: p.mallboxAllowed,
    partner_title: null,
  };
}

export const wirePricingOf = (price: number | null, rrp: number | null, purchasePrice: number | null) => ({
  price,
  rrp,
  purchase_price: purchasePrice,
});
