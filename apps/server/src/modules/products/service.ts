import {
  type CategoryRules,
  checkProduct,
  DomainError,
  type FieldIssue,
  hasControlCharacters,
  isProductId,
  mediaToSave,
  PRODUCT_ID_MAX,
  type ProductInput,
  parameterIssues,
  productInputSchema,
  productTitle,
  USER_PRODUCT_STATUSES,
  variantTitle,
  variantTitleParameters,
} from '@pp/domain';
import { setPriceSource } from './price-history';
import { type AnyColumn, and, asc, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { loadBrandNames, loadCategoryRules } from '../catalog/rules';
import { isModuleOn } from '../partner/service-modules';
import { categoryNames } from './grid';
import { keepStoredFiles } from '../../platform/files';
import { resolveMedia, storedImageDimensions, thumbIdOf } from './media';
import { checkPriceConfirmation, judgePriceChanges } from './price-confirm';
import { dropPriceHolds } from './price-holds';
import { queueRemoteMedia } from './remote-media';
import { sanitizeLongDesc } from './sanitize';
import { partnerShop } from './shop';
import { taricCodeIssues } from './taric';
import { type LabelValue, type PromotionValue, productErrors, productMedia, productVariants, products } from './tables';
import { PG_UNIQUE_VIOLATION, pgErrorOf } from '../../platform/db/pg-errors';

/** At most this many products per call of a command that names them (delete, set live, set status). */
export const PRODUCTS_PER_COMMAND = 10_000;

export type ProductRecord = typeof products.$inferSelect;
export type VariantRecord = typeof productVariants.$inferSelect;
export type MediaRecord = typeof productMedia.$inferSelect;

export interface ProductDetail extends ProductRecord {
  brandName: string | null;
  categoryName: string | null;
  currency: string;
  media: MediaRecord[];
  variants: VariantRecord[];
}

const scopeOf = (partnerId: number, id: string) => and(eq(products.partnerId, partnerId), eq(products.id, id));

async function findProduct(db: DbOrTx, partnerId: number, id: string, lock = false) {
  const query = db.select().from(products).where(scopeOf(partnerId, id));
  const [row] = await (lock ? query.for('update') : query);
  return row ?? null;
}

async function loadDetail(ctx: RequestContext, partnerId: number, id: string): Promise<ProductDetail | null> {
  const product = await findProduct(ctx.db, partnerId, id);
  if (!product) return null;
  const [shop, media, variants, brands, cats] = await Promise.all([
    partnerShop(ctx, partnerId),
    ctx.db
      .select()
      .from(productMedia)
      .where(and(eq(productMedia.partnerId, partnerId), eq(productMedia.productId, id)))
      .orderBy(asc(productMedia.position)),
    ctx.db
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.partnerId, partnerId), eq(productVariants.productId, id)))
      .orderBy(asc(productVariants.position)),
    loadBrandNames(ctx.db, product.brandId ? [product.brandId] : []),
    categoryNames(ctx.db, product.categoryId !== null ? [product.categoryId] : [], ctx.lang),
  ]);
  return {
    ...product,
    brandName: product.brandId ? (brands.get(product.brandId) ?? null) : null,
    categoryName: product.categoryId !== null ? (cats.get(product.categoryId) ?? null) : null,
    currency: shop.currency,
    media,
    variants,
  };
}

/** One product of the caller's partner with its media and variants; null when the partner has none such. */
export async function productDetail(ctx: RequestContext, id: string): Promise<ProductDetail | null> {
  const { partnerId } = await ctx.require('products', 'read');
  // No product carries an id outside the pattern, and such text (a NUL) must not reach the database.
  if (!isProductId(id)) return null;
  return loadDetail(ctx, partnerId, id);
}

function parseInput(input: unknown): ProductInput {
  const parsed = productInputSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

function refuse(issues: FieldIssue[]): never {
  throw new DomainError('VALIDATION_ERROR', {}, issues);
}

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : value == null ? null : Number(value);

/** The largest values the numeric columns hold (numeric(14,2) money, numeric(10,3) measures). */
const MONEY_COLUMN_MAX = 999_999_999_999.99;
const MEASURE_COLUMN_MAX = 9_999_999.999;

/**
 * Numbers the domain bounds only from below (a fee, a weight) must still fit their column: a value past it
 * is the caller's mistake (numberOutOfRange), not a failed statement.
 */
function columnFitIssues(input: ProductInput): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const fit = (field: string, value: number | null, max: number) => {
    if (value !== null && Math.abs(value) > max) issues.push({ field, rule: 'numberOutOfRange', params: { 0: max } });
  };
  for (const key of ['price', 'rrp', 'purchasePrice', 'fairPrice', 'weeeFee'] as const) {
    fit(key, input[key], MONEY_COLUMN_MAX);
  }
  for (const key of ['weight', 'width', 'length', 'height'] as const) fit(key, input[key], MEASURE_COLUMN_MAX);
  for (const [i, p] of input.promotions.entries()) fit(`promotions.${i}.price`, p.price, MONEY_COLUMN_MAX);
  input.variants.forEach((v, i) => {
    fit(`variants.${i}.price`, v.price, MONEY_COLUMN_MAX);
    fit(`variants.${i}.rrp`, v.rrp, MONEY_COLUMN_MAX);
  });
  return issues;
}

/** A variant's title: the product's, then each variant value with its unit (as the domain generates it). */
function variantTitleOf(
  base: string,
  codes: string[],
  values: Record<string, string>,
  category: CategoryRules | null,
): string {
  return variantTitle(
    base,
    variantTitleParameters(codes.length ? codes : Object.keys(values), category?.parameters ?? []),
    values,
  );
}

/**
 * Creates or updates one product (contract §C): the domain's rules with the category and brand of the
 * partner's shop, the sanitised description, the 30 % price confirmation, then one transaction that writes
 * the product with its variants and media and records the change.
 */
export async function saveProduct(
  ctx: RequestContext,
  rawInput: unknown,
  opts: { productId?: string; forceToken?: string | null },
): Promise<ProductDetail> {
  const updating = opts.productId !== undefined;
  const { partnerId } = await ctx.require('products', updating ? 'update' : 'create');
  const parsed = parseInput(rawInput);
  const input: ProductInput = {
    ...parsed,
    // The description is counted and kept as the marketplace will show it.
    longDesc: parsed.longDesc ? sanitizeLongDesc(parsed.longDesc) : parsed.longDesc,
  };
  const id = updating ? (opts.productId as string) : input.id;
  if (updating && input.id !== id) refuse([{ field: 'id', rule: 'invalid' }]);
  const shop = await partnerShop(ctx, partnerId);

  const stored = await findProduct(ctx.db, partnerId, id);
  if (updating && !stored) throw new DomainError('PRODUCT_NOT_FOUND', { productId: id });
  if (!updating && stored) throw new DomainError('PRODUCT_ALREADY_EXISTS', { productId: id });
  if (
    !(await isModuleOn(ctx.db, partnerId, 'availability')) &&
    (await changesStock(ctx.db, partnerId, stored, input))
  ) {
    // Stock is the availability module's, switched off: the rest of the product may still be saved.
    throw new DomainError('ACCESS_DENIED');
  }

  const categoryId = input.categoryId ?? null;
  const category =
    categoryId !== null
      ? ((await loadCategoryRules(ctx.db, shop.shopId, partnerId, [categoryId])).get(categoryId) ?? null)
      : null;
  if (categoryId !== null && !category) throw new DomainError('CATEGORY_NOT_FOUND', { categoryId });
  const brandId = input.brandId || null;
  const brandName = brandId ? ((await loadBrandNames(ctx.db, [brandId])).get(brandId) ?? null) : null;
  if (brandId && brandName === null) throw new DomainError('BRAND_NOT_FOUND', { brandId });

  const check = checkProduct(input, {
    shopId: shop.shopId,
    category,
    brandName,
    forListing: stored?.stage === 'LIVE',
  });
  const issues = [...check.issues, ...columnFitIssues(input), ...(await taricCodeIssues(ctx.db, input.taricCode))];

  // A variant is an item of its own in the marketplace: its id is unique across the partner's catalogue.
  const variantIds = input.variants.map((v) => v.id);
  if (variantIds.length) {
    const taken = await ctx.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(
        and(
          eq(productVariants.partnerId, partnerId),
          inArray(productVariants.id, variantIds),
          ne(productVariants.productId, id),
        ),
      );
    const takenIds = new Set(taken.map((t) => t.id));
    input.variants.forEach((v, i) => {
      if (takenIds.has(v.id)) issues.push({ field: `variants.${i}.id`, rule: 'variantIdDuplicate' });
    });
  }

  // Related products are the partner's own, and never the product itself.
  if (input.recommended.length) {
    const wanted = [...new Set(input.recommended)];
    const found = await ctx.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.partnerId, partnerId), inArray(products.id, wanted)));
    const known = new Set(found.map((r) => r.id));
    input.recommended.forEach((related, i) => {
      if (related === id || !known.has(related)) issues.push({ field: `recommended.${i}`, rule: 'invalid' });
    });
  }

  const media = mediaToSave(input.media);
  const previousMedia = stored
    ? await ctx.db
        .select()
        .from(productMedia)
        .where(and(eq(productMedia.partnerId, partnerId), eq(productMedia.productId, id)))
    : [];
  const resolved = await resolveMedia(
    ctx.db,
    partnerId,
    media.map((m) => m.url),
    new Map(previousMedia.map((m) => [m.url, { width: m.width, height: m.height }])),
    (fileId) => storedImageDimensions(ctx, partnerId, fileId),
  );
  issues.push(...resolved.issues);
  if (issues.length) refuse(issues);

  const price = num(input.price);
  /**
   * The prices are compared with the row as it is locked for this save: a confirmation given for what the
   * seller saw never covers a change somebody saved meanwhile.
   */
  const confirmPrices = async (tx: DbOrTx) => {
    const { held } = await judgePriceChanges(tx, partnerId, [
      { productId: id, variantId: null, to: price },
      // No `force` here: a person is present, and the confirmation dialog is the cheaper safeguard.
      ...input.variants.map((v) => ({ productId: id, variantId: v.id, to: num(v.price) })),
    ]);
    // The token signs the changes in a stable order: the product's own price first, then variants by id.
    const changes = held
      .map((h) => ({ key: h.variantId ?? '', from: h.from, to: h.to, percent: h.percent }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    checkPriceConfirmation(ctx.platform.config.remoteLoginSecret, partnerId, id, changes, opts.forceToken);
  };

  const partnerPromotions: PromotionValue[] = input.promotions
    .filter((p) => p.source !== 'CAMPAIGN')
    .map((p) => ({ price: num(p.price) ?? 0, from: p.from ?? null, to: p.to ?? null, source: 'PARTNER' as const }));
  const partnerLabels: LabelValue[] = input.labels
    .filter((l) => l.source !== 'CAMPAIGN')
    .map((l) => ({ label: l.label, from: l.from ?? null, to: l.to ?? null, source: 'PARTNER' as const }));
  const mainIndex = media.findIndex((m) => m.main);
  const now = new Date();
  const values = {
    partnerId,
    id,
    title: check.title || productTitle({ brandName, productType: input.productType, line: input.line ?? null }),
    productType: input.productType,
    line: input.line || null,
    shortDesc: input.shortDesc || null,
    longDesc: input.longDesc || null,
    brandId,
    categoryId,
    barcode: input.barcode || null,
    taricCode: input.taricCode || null,
    priority: input.priority,
    price,
    // Stored and exported, but a person saving here still confirms a jump over 30 % (docs/decisions.md).
    forcePrice: input.forcePrice,
    rrp: num(input.rrp),
    purchasePrice: num(input.purchasePrice),
    fairPrice: num(input.fairPrice),
    weeeFee: num(input.weeeFee),
    vat: num(input.vat),
    inStock: input.inStock,
    deliveryDelay: input.deliveryDelay,
    freeDelivery: input.freeDelivery,
    packageSize: input.packageSize || null,
    weight: num(input.weight),
    width: num(input.width),
    length: num(input.length),
    height: num(input.height),
    parameters: input.parameters,
    variableParameters: input.variableParameters,
    promotions: partnerPromotions,
    labels: partnerLabels,
    recommended: input.recommended,
    mallboxAllowed: input.mallboxAllowed,
    status: input.status as string,
    hasErrors: false,
    variantCount: input.variants.length,
    mainThumbUrl: mainIndex >= 0 ? (resolved.facts[mainIndex]?.thumbUrl ?? media[mainIndex]?.url ?? null) : null,
    updatedAt: now,
  };

  let priceBefore: number | null = null;
  try {
    await ctx.db.transaction(async (tx) => {
      // The price history names who wrote the price: a person in the portal or a key of the REST API.
      await setPriceSource(tx, ctx.actor(partnerId).apiKeyId ? 'API' : 'PORTAL');
      if (stored) {
        const current = await findProduct(tx, partnerId, id, true);
        if (!current) throw new DomainError('PRODUCT_NOT_FOUND', { productId: id });
        await confirmPrices(tx);
        priceBefore = current.price;
        await tx
          .update(products)
          .set({
            ...values,
            // Campaign promotions and labels are the marketplace's: kept from the row, never taken from input.
            promotions: [...partnerPromotions, ...current.promotions.filter((p) => p.source === 'CAMPAIGN')],
            labels: [...partnerLabels, ...current.labels.filter((l) => l.source === 'CAMPAIGN')],
            // NOT_FOR_RESALE is the marketplace's decision: a seller's save keeps it.
            status: current.status === 'NOT_FOR_RESALE' ? current.status : input.status,
          })
          .where(scopeOf(partnerId, id));
        await tx
          .delete(productVariants)
          .where(and(eq(productVariants.partnerId, partnerId), eq(productVariants.productId, id)));
        await tx.delete(productMedia).where(and(eq(productMedia.partnerId, partnerId), eq(productMedia.productId, id)));
      } else {
        await tx.insert(products).values({ ...values, createdAt: now });
      }
      if (input.variants.length) {
        await tx.insert(productVariants).values(
          input.variants.map((v, position) => ({
            partnerId,
            productId: id,
            id: v.id,
            position,
            title: variantTitleOf(values.title, input.variableParameters, v.parameters, category),
            price: num(v.price),
            rrp: num(v.rrp),
            inStock: v.inStock,
            barcode: v.barcode || null,
            imageUrl: v.imageUrl || null,
            deliveryDelay: v.deliveryDelay,
            status: v.status,
            parameters: v.parameters ?? {},
          })),
        );
      }
      if (media.length) {
        await tx.insert(productMedia).values(
          media.map((m, position) => ({
            partnerId,
            productId: id,
            position,
            url: m.url,
            fileId: resolved.facts[position]?.fileId ?? null,
            thumbUrl: resolved.facts[position]?.thumbUrl ?? null,
            main: m.main,
            energyLabel: m.energyLabel ?? false,
            informationList: m.informationList ?? false,
            width: resolved.facts[position]?.width ?? null,
            height: resolved.facts[position]?.height ?? null,
          })),
        );
      }
      // Pictures uploaded for this product stay now that it uses them (unsaved uploads expire).
      const fileIds = resolved.facts.map((f) => f.fileId).filter((f): f is string => f !== null);
      await keepStoredFiles(tx, partnerId, [...fileIds, ...fileIds.map(thumbIdOf)]);
      // The seller's own save is the newer word on the price: changes an import or a batch held are dropped.
      await dropPriceHolds(tx, partnerId, [id]);
      // The product passes every rule now: what an earlier save or import found wrong no longer applies.
      await tx
        .delete(productErrors)
        .where(and(eq(productErrors.partnerId, partnerId), eq(productErrors.productId, id)));
      // Images at the seller's own URLs are fetched by a job and shown from the portal (remote-media.ts); a
      // variant's own picture (the API sends one per variant) is checked the same way.
      const variantImages = input.variants.flatMap((v) => (v.imageUrl ? [{ url: v.imageUrl }] : []));
      await queueRemoteMedia(tx, ctx.platform.jobs, partnerId, [
        { productId: id, media: [...media, ...variantImages] },
      ]);
      await recordAudit(tx, ctx.actor(partnerId), {
        action: stored ? 'product.update' : 'product.create',
        entity: 'product',
        entityId: id,
        data: stored && priceBefore !== price ? { priceFrom: priceBefore, priceTo: price } : undefined,
      });
    });
  } catch (error) {
    const constraint = uniqueConstraintOf(error);
    if (constraint === null) throw error;
    // Two saves of the same new id at once, or a variant id another product took meanwhile.
    if (constraint.startsWith('product_variants')) refuse([{ field: 'variants', rule: 'variantIdDuplicate' }]);
    throw new DomainError('PRODUCT_ALREADY_EXISTS', { productId: id });
  }
  return (await loadDetail(ctx, partnerId, id)) as ProductDetail;
}

/** Whether a save sets other stock than stored (a new product or variant starts at none). */
async function changesStock(
  db: DbOrTx,
  partnerId: number,
  stored: { id: string; inStock: number } | null,
  input: ProductInput,
): Promise<boolean> {
  if ((stored?.inStock ?? 0) !== input.inStock) return true;
  if (!input.variants.length) return false;
  const before = stored
    ? await db
        .select({ id: productVariants.id, inStock: productVariants.inStock })
        .from(productVariants)
        .where(and(eq(productVariants.partnerId, partnerId), eq(productVariants.productId, stored.id)))
    : [];
  const stock = new Map(before.map((v) => [v.id, v.inStock]));
  return input.variants.some((v) => (stock.get(v.id) ?? 0) !== v.inStock);
}

/** The ids a bulk command names: at least one, at most PRODUCTS_PER_COMMAND, each a product id. */
export function productIdsArg(ids: readonly string[], field = 'ids'): string[] {
  const unique = [...new Set(ids.map(String))];
  if (!unique.length) refuse([{ field, rule: 'required' }]);
  if (unique.length > PRODUCTS_PER_COMMAND) refuse([{ field, rule: 'max', params: { 0: PRODUCTS_PER_COMMAND } }]);
  if (unique.some((id) => id.length > PRODUCT_ID_MAX || !isProductId(id))) refuse([{ field, rule: 'productId' }]);
  return unique;
}

const idIn = (partnerId: number, ids: string[]) =>
  and(eq(products.partnerId, partnerId), sql`${products.id} = any(${sql.param(ids)}::text[])`);

/** Deletes products of the partner with their variants, media and errors; answers how many existed. */
export async function deleteProducts(ctx: RequestContext, rawIds: readonly string[]): Promise<number> {
  const { partnerId } = await ctx.require('products', 'delete');
  const ids = productIdsArg(rawIds);
  return ctx.db.transaction(async (tx) => {
    const deleted = await tx.delete(products).where(idIn(partnerId, ids)).returning({ id: products.id });
    const gone = deleted.map((d) => d.id);
    if (!gone.length) return 0;
    const inGone = (column: AnyColumn) => sql`${column} = any(${sql.param(gone)}::text[])`;
    await tx
      .delete(productVariants)
      .where(and(eq(productVariants.partnerId, partnerId), inGone(productVariants.productId)));
    await tx.delete(productMedia).where(and(eq(productMedia.partnerId, partnerId), inGone(productMedia.productId)));
    await tx.delete(productErrors).where(and(eq(productErrors.partnerId, partnerId), inGone(productErrors.productId)));
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'product.delete',
      entity: 'product',
      data: { count: gone.length, ids: gone.slice(0, 100) },
    });
    return gone.length;
  });
}

/** A copy's variant id: the original's with the product id swapped, or the product id and its position. */
function copiedVariantId(variantId: string, fromId: string, toId: string, index: number): string {
  const candidate = variantId.startsWith(fromId) ? `${toId}${variantId.slice(fromId.length)}` : `${toId}-${index + 1}`;
  return isProductId(candidate) ? candidate : `${toId.slice(0, PRODUCT_ID_MAX - 6)}-${index + 1}`;
}

/**
 * Copies a product under a new id as a draft: the same content, media rows pointing at the same public
 * files, variants renamed after the new id. Campaign promotions stay with the original listing.
 */
export async function copyProduct(ctx: RequestContext, sourceId: string, newIdRaw: string): Promise<ProductDetail> {
  const { partnerId } = await ctx.require('products', 'create');
  const newId = newIdRaw.trim();
  if (!isProductId(sourceId)) throw new DomainError('PRODUCT_NOT_FOUND');
  if (!isProductId(newId)) refuse([{ field: 'newId', rule: 'productId' }]);
  try {
    await ctx.db.transaction(async (tx) => {
      const source = await findProduct(tx, partnerId, sourceId);
      if (!source) throw new DomainError('PRODUCT_NOT_FOUND', { productId: sourceId });
      if (await findProduct(tx, partnerId, newId))
        throw new DomainError('PRODUCT_ALREADY_EXISTS', { productId: newId });
      const now = new Date();
      await tx.insert(products).values({
        ...source,
        id: newId,
        stage: 'DRAFT',
        status: source.status === 'NOT_FOR_RESALE' ? 'INACTIVE' : source.status,
        blocked: false,
        blockedReason: null,
        hasErrors: false,
        sentToApprovalAt: null,
        promotions: source.promotions.filter((p) => p.source !== 'CAMPAIGN'),
        labels: source.labels.filter((l) => l.source !== 'CAMPAIGN'),
        createdAt: now,
        updatedAt: now,
      });
      const variants = await tx
        .select()
        .from(productVariants)
        .where(and(eq(productVariants.partnerId, partnerId), eq(productVariants.productId, sourceId)))
        .orderBy(asc(productVariants.position));
      if (variants.length) {
        await tx
          .insert(productVariants)
          .values(variants.map((v, i) => ({ ...v, productId: newId, id: copiedVariantId(v.id, sourceId, newId, i) })));
      }
      const media = await tx
        .select()
        .from(productMedia)
        .where(and(eq(productMedia.partnerId, partnerId), eq(productMedia.productId, sourceId)));
      if (media.length) await tx.insert(productMedia).values(media.map((m) => ({ ...m, productId: newId })));
      await recordAudit(tx, ctx.actor(partnerId), {
        action: 'product.copy',
        entity: 'product',
        entityId: newId,
        data: { from: sourceId },
      });
    });
  } catch (error) {
    const constraint = uniqueConstraintOf(error);
    if (constraint === null) throw error;
    if (constraint.startsWith('product_variants')) refuse([{ field: 'newId', rule: 'variantIdDuplicate' }]);
    throw new DomainError('PRODUCT_ALREADY_EXISTS', { productId: newId });
  }
  return (await loadDetail(ctx, partnerId, newId)) as ProductDetail;
}

/**
 * Puts drafts live. Whole or nothing: a blocked product (PRODUCT_BLOCKED) or one without its category or
 * the parameters the category needs for listing refuses the command, naming the product.
 */
export async function setProductsLive(ctx: RequestContext, rawIds: readonly string[]): Promise<number> {
  const { partnerId } = await ctx.require('products', 'update');
  const ids = productIdsArg(rawIds);
  const shop = await partnerShop(ctx, partnerId);
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: products.id,
        blocked: products.blocked,
        categoryId: products.categoryId,
        parameters: products.parameters,
        stage: products.stage,
      })
      .from(products)
      .where(idIn(partnerId, ids))
      .for('update');
    const blocked = rows.find((r) => r.blocked);
    if (blocked) throw new DomainError('PRODUCT_BLOCKED', { productId: blocked.id });
    const rules = await loadCategoryRules(
      tx,
      shop.shopId,
      partnerId,
      rows.map((r) => r.categoryId).filter((c): c is number => c !== null),
    );
    for (const row of rows) {
      const category = row.categoryId !== null ? rules.get(row.categoryId) : undefined;
      if (!category)
        throw new DomainError('VALIDATION_ERROR', { productId: row.id }, [{ field: 'categoryId', rule: 'required' }]);
      const missing = parameterIssues(category.parameters, row.parameters, { forListing: true });
      if (missing.length) throw new DomainError('VALIDATION_ERROR', { productId: row.id }, missing);
    }
    const drafts = rows.filter((r) => r.stage !== 'LIVE').map((r) => r.id);
    if (!drafts.length) return 0;
    await tx.update(products).set({ stage: 'LIVE', updatedAt: new Date() }).where(idIn(partnerId, drafts));
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'product.live',
      entity: 'product',
      data: { count: drafts.length, ids: drafts.slice(0, 100) },
    });
    return drafts.length;
  });
}

/** Sets ACTIVE or INACTIVE; a product the marketplace set NOT_FOR_RESALE refuses the whole command. */
export async function setProductsStatus(
  ctx: RequestContext,
  rawIds: readonly string[],
  status: string,
): Promise<number> {
  const { partnerId } = await ctx.require('products', 'update');
  const ids = productIdsArg(rawIds);
  if (!(USER_PRODUCT_STATUSES as readonly string[]).includes(status)) {
    if (status === 'NOT_FOR_RESALE') throw new DomainError('PRODUCT_NOT_FOR_RESALE');
    refuse([{ field: 'status', rule: 'invalid' }]);
  }
  return ctx.db.transaction(async (tx) => {
    const [nfr] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(idIn(partnerId, ids), eq(products.status, 'NOT_FOR_RESALE')))
      .limit(1);
    if (nfr) throw new DomainError('PRODUCT_NOT_FOR_RESALE', { productId: nfr.id });
    const changed = await tx
      .update(products)
      .set({ status, updatedAt: new Date() })
      .where(and(idIn(partnerId, ids), ne(products.status, status)))
      .returning({ id: products.id });
    if (changed.length) {
      await recordAudit(tx, ctx.actor(partnerId), {
        action: 'product.status',
        entity: 'product',
        data: { status, count: changed.length, ids: changed.slice(0, 100).map((c) => c.id) },
      });
    }
    return changed.length;
  });
}

/**
 * Sends the partner's products that are ready for listing (live, not blocked, without errors) to the
 * marketplace's approval; the onboarding checklist reads the time. Answers when they were sent.
 */
export async function sendProductsToApproval(ctx: RequestContext): Promise<Date> {
  const { partnerId } = await ctx.require('products', 'update');
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    const sent = await tx
      .update(products)
      .set({ sentToApprovalAt: now })
      .where(
        and(
          eq(products.partnerId, partnerId),
          eq(products.stage, 'LIVE'),
          eq(products.blocked, false),
          eq(products.hasErrors, false),
          isNull(products.sentToApprovalAt),
        ),
      )
      .returning({ id: products.id });
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'product.sendToApproval',
      entity: 'product',
      data: { count: sent.length },
    });
  });
  return now;
}

export const PRODUCT_OPTIONS_MAX = 20;

/** Products to pick as related ones: by id or title, or the named ids, 20 at most. */
export async function productOptions(
  ctx: RequestContext,
  search: string | null | undefined,
  ids: readonly string[] | null | undefined,
): Promise<{ id: string; title: string }[]> {
  const { partnerId } = await ctx.require('products', 'read');
  const term = (search ?? '').trim().slice(0, 100);
  if (hasControlCharacters(term)) refuse([{ field: 'search', rule: 'invalidCharacters' }]);
  const named = (ids ?? []).map(String).filter(isProductId).slice(0, PRODUCT_OPTIONS_MAX);
  const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return ctx.db
    .select({ id: products.id, title: products.title })
    .from(products)
    .where(
      and(
        eq(products.partnerId, partnerId),
        named.length ? inArray(products.id, named) : undefined,
        term ? or(ilike(products.id, like), ilike(products.title, like)) : undefined,
      ),
    )
    .orderBy(asc(products.title), asc(products.id))
    .limit(PRODUCT_OPTIONS_MAX);
}

/** The constraint of a unique violation ('' when the driver does not name it), or null for any other error. */
function uniqueConstraintOf(error: unknown): string | null {
  const pg = pgErrorOf(error);
  return pg?.code === PG_UNIQUE_VIOLATION ? (pg.constraint ?? '') : null;
}
