import {
  DomainError,
  type ProductInputRaw,
  statusOfWire,
  type V1Column,
  v1GridQuery,
  v1PageRequest,
  v1Paging,
  v1PagingQuery,
  wirePricingInputSchema,
  wireProductInputSchema,
  wireStatusOf,
} from '@pp/domain';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { RequestContext } from '../../../platform/context';
import { loadBrandNames } from '../../catalog/rules';
import { productsGrid } from '../../products/grid';
import { withFetchState } from '../../products/remote-media';
import { deleteProducts, type ProductDetail, productDetail, saveProduct } from '../../products/service';
import { products } from '../../products/tables';
import { FORCE_TOKEN_MAX, withPriceProtection } from './price-protection';
import {
  basicProductSchema,
  wirePricingOf,
  wirePricingSchema,
  wireProductOf,
  wireProductSchema,
  wireStage,
} from './products-wire';
import { applyWireProduct, emptyProductInput, onTheWire, productInputOf } from './products-wire-input';
import { v1Route } from './route';

/**
 * The products of the partner REST API v1 (issue 20 point 3): list, detail, create, update, delete and the
 * pricing, through the catalogue's own services (products/service.ts: `productDetail`, `saveProduct`,
 * `deleteProducts`; products/grid.ts for the list) with the key's RequestContext, so the permission
 * (`products`), partner scoping, every rule of the portal's form, the audit and the live events are the
 * portal's. Availability and supply delay are routes-availability.ts.
 */

export const productPath = z.object({ id: z.string().min(1).max(100) });
export const forceTokenQuery = z.object({ force_token: z.string().max(FORCE_TOKEN_MAX).optional() });

/** A product of the key's partner, or 404 PRODUCT_NOT_FOUND (another partner's is as absent as none). */
export async function storedProduct(ctx: RequestContext, id: string): Promise<ProductDetail> {
  const detail = await productDetail(ctx, id);
  if (!detail) throw new DomainError('PRODUCT_NOT_FOUND', { productId: id });
  return detail;
}

/** The product as the wire gives it, with where each image at a seller's URL stands. */
export async function wireProduct(ctx: RequestContext, detail: ProductDetail) {
  return wireProductOf({ ...detail, media: await withFetchState(ctx, detail) });
}

async function brandNameOf(ctx: RequestContext, brandId: string | null | undefined): Promise<string | null> {
  if (!brandId) return null;
  return (await loadBrandNames(ctx.db, [brandId])).get(brandId) ?? null;
}

/**
 * Saves a product's whole input as the portal's form does, under the API's price protection, with the
 * catalogue's refusals named as the wire names the fields.
 */
export async function saveOnTheWire(
  ctx: RequestContext,
  input: ProductInputRaw,
  target: { productId?: string; variantId?: string; variantIndex?: number; forceToken?: string },
): Promise<ProductDetail> {
  const { partnerId } = await ctx.requirePartner();
  const scope = { partnerId, productId: target.productId ?? String(input.id), variantId: target.variantId ?? '' };
  try {
    return await withPriceProtection(ctx, scope, target.forceToken, (confirmation) =>
      saveProduct(ctx, input, {
        ...(target.productId !== undefined ? { productId: target.productId } : {}),
        forceToken: confirmation,
      }),
    );
  } catch (error) {
    throw onTheWire(error, target.variantIndex);
  }
}

/** The list's filter and sort columns, by the products grid field they mean. */
const PRODUCT_COLUMNS: Readonly<Record<string, V1Column>> = {
  id: { field: 'id', kind: 'text' },
  title: { field: 'title', kind: 'text' },
  category_id: { field: 'categoryId', kind: 'number' },
  brand_id: { field: 'brandId', kind: 'text' },
  price: { field: 'price', kind: 'number' },
  in_stock: { field: 'inStock', kind: 'number' },
  status: { field: 'status', kind: 'enum' },
  stage: { field: 'stage', kind: 'enum' },
  variants_count: { field: 'variantCount', kind: 'number' },
  barcode: { field: 'barcode', kind: 'text' },
  created: { field: 'createdAt', kind: 'datetime' },
  updated: { field: 'updatedAt', kind: 'datetime' },
};

/** A filter's values in the catalogue's spelling: `status=in:A,N` is ACTIVE and INACTIVE, `stage=live` LIVE. */
function enumValues(raw: unknown, spell: (value: string) => string | null): unknown {
  const text = Array.isArray(raw) ? raw.at(-1) : raw;
  if (typeof text !== 'string') return raw;
  const colon = text.indexOf(':');
  const head = colon > 0 ? text.slice(0, colon + 1) : '';
  const values = colon > 0 ? text.slice(colon + 1) : text;
  return (
    head +
    values
      .split(',')
      .map((v) => (v.trim() === '$null' ? v : (spell(v.trim()) ?? v)))
      .join(',')
  );
}

function catalogueQuery(rawQuery: Record<string, unknown>): Record<string, unknown> {
  const query = { ...rawQuery };
  if (query.status !== undefined) {
    query.status = enumValues(query.status, (v) => (['A', 'N', 'X'].includes(v) ? statusOfWire(v as 'A') : null));
  }
  if (query.stage !== undefined) {
    query.stage = enumValues(query.stage, (v) =>
      ['live', 'draft'].includes(v.toLowerCase()) ? v.toUpperCase() : null,
    );
  }
  return query;
}

const list = v1Route({
  method: 'GET',
  path: '/products',
  summary:
    'The partner’s products, newest first: ids, or basic products with filter=basic. Filters column=op:value on ' +
    `${Object.keys(PRODUCT_COLUMNS).join(', ')} (eq neq gt ge lt le in nin bt nbt, $null); sort _sort=column:asc|desc ` +
    'on id, title, price, in_stock, created, updated',
  tag: 'Products',
  query: v1PagingQuery.extend({ filter: z.enum(['basic']).optional() }),
  data: z.union([z.array(z.string()), z.array(basicProductSchema)]),
  paged: true,
  async handler(ctx, { query, rawQuery }) {
    const request = v1PageRequest(query);
    const { filters, sort } = v1GridQuery(catalogueQuery(rawQuery), PRODUCT_COLUMNS);
    const page = await productsGrid(ctx, 'ALL', {
      page: request.page,
      perPage: request.pageSize,
      filters,
      ...(sort ? { sort } : {}),
    });
    const paging = v1Paging(page.total, request, page.items.length);
    if (query.filter !== 'basic') return { data: page.items.map((p) => p.id), paging };
    const ids = page.items.map((p) => p.id);
    // The prices the grid does not show, for this page's rows only (the grid checked the right and the partner).
    const { partnerId } = await ctx.requirePartner();
    const prices = ids.length
      ? await ctx.db
          .select({ id: products.id, rrp: products.rrp, purchasePrice: products.purchasePrice })
          .from(products)
          .where(and(eq(products.partnerId, partnerId), sql`${products.id} = any(${sql.param(ids)}::text[])`))
      : [];
    const byId = new Map(prices.map((p) => [p.id, p]));
    const data = page.items.map((p) => ({
      id: p.id,
      product_id: null,
      title: p.title,
      status: wireStatusOf(p.status),
      stage: wireStage(p.stage),
      in_stock: p.inStock,
      category_id: p.categoryId === null ? null : String(p.categoryId),
      price: p.price,
      purchase_price: byId.get(p.id)?.purchasePrice ?? null,
      rrp: byId.get(p.id)?.rrp ?? null,
      variants_count: p.variantCount,
      has_variants: p.variantCount > 0,
    }));
    return { data, paging };
  },
});

const detail = v1Route({
  method: 'GET',
  path: '/products/:id',
  summary: 'One product with its variants, media (and where each image at your URL stands) and parameters',
  tag: 'Products',
  params: productPath,
  data: wireProductSchema,
  async handler(ctx, { params }) {
    return { data: await wireProduct(ctx, await storedProduct(ctx, params.id)) };
  },
});

const create = v1Route({
  method: 'POST',
  path: '/products',
  summary:
    'Creates a product (a draft) with the rules of the portal’s product form. Media are URLs: images are ' +
    'fetched and checked afterwards by a job, and one that cannot be fetched never refuses the save',
  tag: 'Products',
  body: wireProductInputSchema,
  data: wireProductSchema,
  async handler(ctx, { body }) {
    const input = applyWireProduct(emptyProductInput(), body, {
      stored: null,
      brandName: await brandNameOf(ctx, body.brand_id),
    });
    return { data: await wireProduct(ctx, await saveOnTheWire(ctx, input, {})) };
  },
});

const update = v1Route({
  method: 'PUT',
  path: '/products/:id',
  summary:
    'Updates a product: the fields sent replace the stored ones (lists whole), the fields left out stay. A price ' +
    'moving by more than 30 % answers PRICE_PROTECTION_ERROR with errorAttributes.forceToken; the same call with ' +
    '?force_token= applies it',
  tag: 'Products',
  params: productPath,
  query: forceTokenQuery,
  body: wireProductInputSchema,
  data: wireProductSchema,
  async handler(ctx, { params, query, body }) {
    const stored = await storedProduct(ctx, params.id);
    const brandId = body.brand_id !== undefined ? body.brand_id : stored.brandId;
    const input = applyWireProduct(productInputOf(stored), body, {
      stored,
      brandName: await brandNameOf(ctx, brandId),
    });
    const saved = await saveOnTheWire(ctx, input, { productId: stored.id, forceToken: query.force_token });
    return { data: await wireProduct(ctx, saved) };
  },
});

const remove = v1Route({
  method: 'DELETE',
  path: '/products/:id',
  summary: 'Deletes a product with its variants and media',
  tag: 'Products',
  params: productPath,
  data: z.null(),
  noContent: true,
  async handler(ctx, { params }) {
    const stored = await storedProduct(ctx, params.id);
    const gone = await deleteProducts(ctx, [stored.id]);
    if (!gone) throw new DomainError('PRODUCT_NOT_FOUND', { productId: stored.id });
    return { data: null };
  },
});

const pricing = v1Route({
  method: 'GET',
  path: '/products/:id/pricing',
  summary: 'The price, recommended retail price and purchase price of a product',
  tag: 'Products',
  params: productPath,
  data: wirePricingSchema,
  async handler(ctx, { params }) {
    const p = await storedProduct(ctx, params.id);
    return { data: wirePricingOf(p.price, p.rrp, p.purchasePrice) };
  },
});

const putPricing = v1Route({
  method: 'PUT',
  path: '/products/:id/pricing',
  summary:
    'Sets the prices of a product (those sent). A price moving by more than 30 % answers PRICE_PROTECTION_ERROR ' +
    'with errorAttributes.forceToken; the same call with ?force_token= applies it',
  tag: 'Products',
  params: productPath,
  query: forceTokenQuery,
  body: wirePricingInputSchema,
  data: wirePricingSchema,
  async handler(ctx, { params, query, body }) {
    const stored = await storedProduct(ctx, params.id);
    const input = productInputOf(stored);
    if (body.price !== undefined) input.price = body.price;
    if (body.rrp !== undefined) input.rrp = body.rrp;
    if (body.purchase_price !== undefined) input.purchasePrice = body.purchase_price;
    const saved = await saveOnTheWire(ctx, input, { productId: stored.id, forceToken: query.force_token });
    return { data: wirePricingOf(saved.price, saved.rrp, saved.purchasePrice) };
  },
});

export const PRODUCT_ROUTES = [list, create, detail, update, remove, pricing, putPricing];
