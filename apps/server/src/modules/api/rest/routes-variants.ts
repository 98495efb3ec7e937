import {
  DomainError,
  v1Page,
  v1PageRequest,
  v1PagingQuery,
  wirePricingInputSchema,
  wireStatusOf,
  wireVariantInputSchema,
} from '@pp/domain';
import { z } from 'zod';
import type { RequestContext } from '../../../platform/context';
import type { ProductDetail, VariantRecord } from '../../products/service';
import {
  basicVariantSchema,
  variantStatusOf,
  wirePricingOf,
  wirePricingSchema,
  wireVariantOf,
  wireVariantSchema,
} from './products-wire';
import { applyWireVariant, productInputOf, type VariantRaw, variantInputOf } from './products-wire-input';
import { v1Route } from './route';
import { forceTokenQuery, productPath, saveOnTheWire, storedProduct } from './routes-products';

/**
 * The variants of a product on v1 (issue 20 point 3). The catalogue keeps a product with its variants as one
 * whole, saved by its one save: a variant call is the stored product with that variant added, changed or
 * left out, saved by `saveProduct` with the key's RequestContext, so the variant rules (unique ids across the
 * partner, barcodes, the category's variant parameters, the 30 % price rule) are the form's.
 */

const variantPath = productPath.extend({ variantId: z.string().min(1).max(100) });

function variantOf(product: ProductDetail, variantId: string): { variant: VariantRecord; index: number } {
  const index = product.variants.findIndex((v) => v.id === variantId);
  if (index < 0) throw new DomainError('PRODUCT_NOT_FOUND', { productId: product.id, variantId });
  return { variant: product.variants[index]!, index };
}

function wireVariant(product: ProductDetail, variantId: string) {
  return wireVariantOf(product, variantOf(product, variantId).variant);
}

const list = v1Route({
  method: 'GET',
  path: '/products/:id/variants',
  summary: 'The variants of a product: ids, or basic variants with filter=basic',
  tag: 'Variants',
  params: productPath,
  query: v1PagingQuery.extend({ filter: z.enum(['basic']).optional() }),
  data: z.union([z.array(z.string()), z.array(basicVariantSchema)]),
  paged: true,
  async handler(ctx, { params, query }) {
    const product = await storedProduct(ctx, params.id);
    const { items, paging } = v1Page(product.variants, v1PageRequest(query));
    if (query.filter !== 'basic') return { data: items.map((v) => v.id), paging };
    const data = items.map((v) => ({
      id: v.id,
      product_id: null,
      variant_id: null,
      title: v.title,
      status: wireStatusOf(variantStatusOf(product, v)),
      in_stock: v.inStock,
      price: v.price,
      // The catalogue keeps one purchase price, the product's.
      purchase_price: product.purchasePrice,
      rrp: v.rrp,
    }));
    return { data, paging };
  },
});

const detail = v1Route({
  method: 'GET',
  path: '/products/:id/variants/:variantId',
  summary: 'One variant of a product (the fields a variant does not keep are its product’s)',
  tag: 'Variants',
  params: variantPath,
  data: wireVariantSchema,
  async handler(ctx, { params }) {
    const product = await storedProduct(ctx, params.id);
    return { data: wireVariant(product, params.variantId) };
  },
});

const create = v1Route({
  method: 'POST',
  path: '/products/:id/variants',
  summary:
    'Adds a variant to a product (its id unique across your catalogue), with the rules of the portal’s form; ' +
    'its media URL is kept as sent',
  tag: 'Variants',
  params: productPath,
  body: wireVariantInputSchema,
  data: wireVariantSchema,
  async handler(ctx, { params, body }) {
    const product = await storedProduct(ctx, params.id);
    const input = productInputOf(product);
    const variants = [...(input.variants ?? [])];
    variants.push(applyWireVariant({ id: body.id ?? '' }, body, undefined));
    input.variants = variants;
    const saved = await saveOnTheWire(ctx, input, {
      productId: product.id,
      variantId: body.id ?? '',
      variantIndex: variants.length - 1,
    });
    return { data: wireVariant(saved, body.id ?? '') };
  },
});

/** Saves the product with one variant replaced by what `change` makes of it. */
async function changeVariant(
  ctx: RequestContext,
  params: { id: string; variantId: string },
  forceToken: string | undefined,
  change: (variant: VariantRaw, stored: VariantRecord, product: ProductDetail) => VariantRaw,
) {
  const product = await storedProduct(ctx, params.id);
  const { variant, index } = variantOf(product, params.variantId);
  const input = productInputOf(product);
  const variants = [...(input.variants ?? [])];
  variants[index] = change(variantInputOf(variant), variant, product);
  input.variants = variants;
  const saved = await saveOnTheWire(ctx, input, {
    productId: product.id,
    variantId: variant.id,
    variantIndex: index,
    forceToken,
  });
  return { saved, variantId: String(variants[index]!.id) };
}

const update = v1Route({
  method: 'PUT',
  path: '/products/:id/variants/:variantId',
  summary:
    'Updates a variant: the fields sent replace the stored ones. A price moving by more than 30 % answers ' +
    'PRICE_PROTECTION_ERROR with errorAttributes.forceToken; the same call with ?force_token= applies it',
  tag: 'Variants',
  params: variantPath,
  query: forceTokenQuery,
  body: wireVariantInputSchema,
  data: wireVariantSchema,
  async handler(ctx, { params, query, body }) {
    // A variant's id is its item number: renaming one is a new variant, not an update (as for products).
    if (body.id !== undefined && body.id !== params.variantId) {
      await storedProduct(ctx, params.id);
      throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'body.id', rule: 'invalid' }]);
    }
    const { saved, variantId } = await changeVariant(ctx, params, query.force_token, (base, stored, product) =>
      applyWireVariant(base, body, variantStatusOf(product, stored)),
    );
    return { data: wireVariant(saved, variantId) };
  },
});

const remove = v1Route({
  method: 'DELETE',
  path: '/products/:id/variants/:variantId',
  summary: 'Removes a variant from its product',
  tag: 'Variants',
  params: variantPath,
  data: z.null(),
  noContent: true,
  async handler(ctx, { params }) {
    const product = await storedProduct(ctx, params.id);
    variantOf(product, params.variantId);
    const input = productInputOf(product);
    input.variants = (input.variants ?? []).filter((v) => v.id !== params.variantId);
    await saveOnTheWire(ctx, input, { productId: product.id, variantId: params.variantId });
    return { data: null };
  },
});

const pricing = v1Route({
  method: 'GET',
  path: '/products/:id/variants/:variantId/pricing',
  summary: 'The price and recommended retail price of a variant (the purchase price is its product’s)',
  tag: 'Variants',
  params: variantPath,
  data: wirePricingSchema,
  async handler(ctx, { params }) {
    const product = await storedProduct(ctx, params.id);
    const { variant } = variantOf(product, params.variantId);
    return { data: wirePricingOf(variant.price, variant.rrp, product.purchasePrice) };
  },
});

const putPricing = v1Route({
  method: 'PUT',
  path: '/products/:id/variants/:variantId/pricing',
  summary:
    'Sets the price and recommended retail price of a variant (a purchase price is read and not kept: the ' +
    'catalogue keeps the product’s). Over 30 %: PRICE_PROTECTION_ERROR and ?force_token=, as for products',
  tag: 'Variants',
  params: variantPath,
  query: forceTokenQuery,
  body: wirePricingInputSchema,
  data: wirePricingSchema,
  async handler(ctx, { params, query, body }) {
    const { saved, variantId } = await changeVariant(ctx, params, query.force_token, (base) => ({
      ...base,
      ...(body.price !== undefined ? { price: body.price } : {}),
      ...(body.rrp !== undefined ? { rrp: body.rrp } : {}),
    }));
    const { variant } = variantOf(saved, variantId);
    return { data: wirePricingOf(variant.price, variant.rrp, saved.purchasePrice) };
  },
});

export const VARIANT_ROUTES = [list, create, detail, update, remove, pricing, putPricing];
