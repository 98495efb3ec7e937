import {
  DomainError,
  type FieldIssue,
  formatWireDate,
  V1_AVAILABILITY_BATCH_MAX,
  V1_MEDIA_CHECK_ARTICLES_MAX,
  v1ActivateSelectedBody,
  v1Availability,
  v1AvailabilityBatchBody,
  v1AvailabilityBody,
  v1StatusLetter,
  v1SupplyDelay,
  v1SupplyDelayBody,
} from '@pp/domain';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { RequestContext } from '../../../platform/context';
import { translate } from '../../../platform/i18n';
import { readAvailability, type StoredAvailability, setAvailability } from '../../products/availability';
import { activateAllProducts } from '../../products/jobs';
import { failedRemoteMedia } from '../../products/remote-media';
import { productIdsArg, setProductsStatus } from '../../products/service';
import { deleteSupplyDelay, readSupplyDelay, type SupplyDelay, setSupplyDelay } from '../../products/supply-delay';
import { products } from '../../products/tables';
import { v1Route } from './route';

/**
 * Stock and availability, the batch activations and the media check (issue 20 point 3) through the
 * catalogue's own services: `setAvailability` (one statement per command), `setProductsStatus` and
 * `activateAllProducts` as the products grid calls them, `failedRemoteMedia` from the remote-media pipeline.
 * Every call of `/availability` paths counts in the API's "availability" domain (domain `apiDomainOfPath`).
 */

const wire = (stored: StoredAvailability) => ({ status: v1StatusLetter(stored.status), in_stock: stored.inStock });

/** The service's field names (`items.3.inStock`) as the wire names them (`body.3.in_stock`, `path.id`). */
function onWire<T>(run: () => Promise<T>, field: (item: string, key: string) => string): Promise<T> {
  return run().catch((error: unknown) => {
    if (!(error instanceof DomainError) || !error.fields.length) throw error;
    const fields: FieldIssue[] = error.fields.map((f) => {
      const m = /^items\.(\d+)\.(\w+)$/.exec(f.field);
      return m ? { ...f, field: field(m[1]!, m[2]!) } : f;
    });
    throw new DomainError(error.code, error.params, fields);
  });
}

/** A refusal's fields under the wire's names (`validTo` → `body.valid_to`). */
const renamed =
  (names: Record<string, string>) =>
  (error: unknown): never => {
    if (!(error instanceof DomainError)) throw error;
    throw new DomainError(
      error.code,
      error.params,
      error.fields.map((f) => ({ ...f, field: names[f.field] ?? f.field })),
    );
  };

const BODY_NAMES: Record<string, string> = { inStock: 'in_stock', status: 'status' };
const singleField = (pathOf: Record<string, string>) => (_item: string, key: string) =>
  pathOf[key] ?? `body.${BODY_NAMES[key] ?? key}`;

const productPath = z.object({ id: z.string() });
const variantPath = z.object({ id: z.string(), variantId: z.string() });

async function availabilityOf(ctx: RequestContext, productId: string, variantId: string | null = null) {
  const stored = await readAvailability(ctx, productId, variantId);
  if (!stored) throw new DomainError('PRODUCT_NOT_FOUND', { productId });
  return { data: wire(stored) };
}

const getProduct = v1Route({
  method: 'GET',
  path: '/products/:id/availability',
  summary: 'The stock and status (A active, N inactive, X not for resale) of a product',
  tag: 'Availability',
  params: productPath,
  data: v1Availability,
  handler: (ctx, { params }) => availabilityOf(ctx, params.id),
});

const putProduct = v1Route({
  method: 'PUT',
  path: '/products/:id/availability',
  summary:
    'Sets the stock of a product, and its status when given (A or N; X is the marketplace’s and is refused). ' +
    'Answers the availability as stored: a product the marketplace set not for resale stays X.',
  tag: 'Availability',
  params: productPath,
  body: v1AvailabilityBody,
  data: v1Availability,
  async handler(ctx, { params, body }) {
    const [stored] = await onWire(
      () => setAvailability(ctx, 'PRODUCT', [{ id: params.id, inStock: body.in_stock, status: body.status }]),
      singleField({ id: 'path.id' }),
    );
    return { data: wire(stored!) };
  },
});

const getVariant = v1Route({
  method: 'GET',
  path: '/products/:id/variants/:variantId/availability',
  summary: 'The stock and status of a variant',
  tag: 'Availability',
  params: variantPath,
  data: v1Availability,
  handler: (ctx, { params }) => availabilityOf(ctx, params.id, params.variantId),
});

const putVariant = v1Route({
  method: 'PUT',
  path: '/products/:id/variants/:variantId/availability',
  summary:
    'Sets the stock of a variant, and its status when given (A or N). The product’s stock becomes the sum of ' +
    'its variants’ stock.',
  tag: 'Availability',
  params: variantPath,
  body: v1AvailabilityBody,
  data: v1Availability,
  async handler(ctx, { params, body }) {
    const [stored] = await onWire(
      () =>
        setAvailability(ctx, 'VARIANT', [
          { id: params.variantId, productId: params.id, inStock: body.in_stock, status: body.status },
        ]),
      singleField({ id: 'path.variantId', productId: 'path.id' }),
    );
    return { data: wire(stored!) };
  },
});

const batch = v1Route({
  method: 'POST',
  path: '/availability',
  summary:
    `Sets stock and status of up to ${V1_AVAILABILITY_BATCH_MAX} items at once: [{"id","in_stock","status"}], ` +
    'an id being a product’s or a variant’s. Whole or nothing: an invalid or unknown item refuses the batch, ' +
    'naming each such item by its index (field body.<index>.id), and nothing is written. 204 when done.',
  tag: 'Availability',
  body: v1AvailabilityBatchBody,
  data: z.null(),
  noContent: true,
  async handler(ctx, { body }) {
    await onWire(
      () =>
        setAvailability(
          ctx,
          'ITEM',
          body.map((item) => ({ id: item.id, inStock: item.in_stock, status: item.status })),
        ),
      (index, key) => `body.${index}.${BODY_NAMES[key] ?? key}`,
    );
    return { data: null };
  },
});

const activateAll = v1Route({
  method: 'PUT',
  path: '/batches/products/activate/all',
  summary: 'Activates every inactive product, by a job (the portal’s “activate all”); answers the job’s id',
  tag: 'Availability',
  data: z.object({ job_id: z.string() }),
  async handler(ctx) {
    const { jobId } = await activateAllProducts(ctx);
    return { data: { job_id: jobId } };
  },
});

const activateSelected = v1Route({
  method: 'PUT',
  path: '/batches/products/activate/selected',
  summary:
    'Activates the products named [{"productId"}]; whole or nothing: an unknown product (404) or one the ' +
    'marketplace set not for resale refuses the call. Answers how many changed.',
  tag: 'Availability',
  body: v1ActivateSelectedBody,
  data: z.object({ activated: z.number().int() }),
  async handler(ctx, { body }) {
    const { partnerId } = await ctx.require('products', 'update');
    // The products grid's bound and id rule on a list of products.
    const ids = productIdsArg(
      body.map((b) => b.productId),
      'body',
    );
    const found = await ctx.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.partnerId, partnerId), sql`${products.id} = any(${sql.param(ids)}::text[])`));
    const known = new Set(found.map((f) => f.id));
    const missing = body.map((b, index) => ({ id: b.productId, index })).filter((b) => !known.has(b.id));
    if (missing.length) {
      throw new DomainError(
        'PRODUCT_NOT_FOUND',
        { productId: missing[0]!.id },
        missing.map((m) => ({ field: `body.${m.index}.productId`, rule: 'itemNotFound', params: { id: m.id } })),
      );
    }
    return { data: { activated: await setProductsStatus(ctx, ids, 'ACTIVE') } };
  },
});

const mediaError = z.object({
  code: z.string(),
  attribute: z.string(),
  value: z.string(),
  msg: z.string(),
  articles: z.array(z.string()),
});

/** URLs listed at most: a seller with more failing images fixes these first and sees the rest next. */
const MEDIA_CHECK_URLS_MAX = 1_000;

const mediaCheck = v1Route({
  method: 'GET',
  path: '/checks/media',
  summary:
    'Product images given by URL that could not be fetched: one entry per URL and reason (code), value the ' +
    'URL, articles the products naming it',
  tag: 'Availability',
  data: z.array(mediaError),
  alsoAs: 'errors',
  async handler(ctx) {
    const failed = await failedRemoteMedia(ctx, {
      urls: MEDIA_CHECK_URLS_MAX,
      articlesMax: V1_MEDIA_CHECK_ARTICLES_MAX,
    });
    return {
      data: failed.map((f) => ({
        code: f.errorCode,
        attribute: 'media',
        value: f.url,
        msg: translate(ctx.lang, `errors.${f.errorCode}`),
        articles: f.productIds,
      })),
    };
  },
});

const supplyDelayData = v1SupplyDelay;
const wireDelay = (delay: SupplyDelay) => ({
  valid_from: formatWireDate(delay.validFrom),
  valid_to: formatWireDate(delay.validTo),
});

/**
 * `/supply-delay` of a product and of a variant, as both marketplace clients call it: GET, POST and PUT (both
 * set or replace), DELETE.
 */
function supplyDelayRoutes(variant: boolean) {
  const path = variant ? '/products/:id/variants/:variantId/supply-delay' : '/products/:id/supply-delay';
  const params = variant ? variantPath : productPath;
  const what = variant ? 'a variant' : 'a product';
  const itemOf = (p: { id: string; variantId?: string }) => ({ productId: p.id, variantId: p.variantId ?? null });
  const get = v1Route({
    method: 'GET',
    path,
    summary: `The supply delay of ${what} (404 when it has none)`,
    tag: 'Supply delay',
    params,
    data: supplyDelayData,
    async handler(ctx, { params: p }) {
      const delay = await readSupplyDelay(ctx, itemOf(p));
      if (!delay) throw new DomainError('NOT_FOUND');
      return { data: wireDelay(delay) };
    },
  });
  const set = (method: 'POST' | 'PUT') =>
    v1Route({
      method,
      path,
      summary: `Sets or replaces the supply delay of ${what}: valid_from (now when left out) to valid_to`,
      tag: 'Supply delay',
      params,
      body: v1SupplyDelayBody,
      data: supplyDelayData,
      async handler(ctx, { params: p, body }) {
        const delay = await setSupplyDelay(ctx, itemOf(p), {
          validFrom: body.valid_from ?? null,
          validTo: body.valid_to,
        }).catch(renamed({ validTo: 'body.valid_to' }));
        return { data: wireDelay(delay) };
      },
    });
  const remove = v1Route({
    method: 'DELETE',
    path,
    summary: `Removes the supply delay of ${what}`,
    tag: 'Supply delay',
    params,
    data: z.null(),
    async handler(ctx, { params: p }) {
      await deleteSupplyDelay(ctx, itemOf(p));
      return { data: null };
    },
  });
  return [get, set('POST'), set('PUT'), remove];
}

export const AVAILABILITY_ROUTES = [
  ...supplyDelayRoutes(false),
  ...supplyDelayRoutes(true),
  getProduct,
  putProduct,
  getVariant,
  putVariant,
  batch,
  activateAll,
  activateSelected,
  mediaCheck,
];
