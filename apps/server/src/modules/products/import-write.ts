import {
  type CategoryRules,
  checkProduct,
  type FieldIssue,
  mediaToSave,
  type ProductInput,
  type ShopId,
  variantTitle,
  variantTitleParameters,
} from '@pp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Actor, recordAudit } from '../../platform/audit/service';
import { type Db, type DbOrTx, rowsOf } from '../../platform/db/client';
import { loadBrandNames, loadCategoryRules } from '../catalog/rules';
import type { Jobs } from '../../platform/jobs';
import type { ParsedBatch } from './import-prepare';
import { judgePriceChanges } from './price-confirm';
import { auditForcedPrices, dropPriceHolds, holdPrices } from './price-holds';
import { queueRemoteMedia } from './remote-media';
import { knownTaricCodes } from './taric';

export interface ImportJobScope {
  db: Db;
  partnerId: number;
  shopId: ShopId;
  importId: string;
  actor: Actor;
  /** Queues the fetch of images at the seller's URLs in the batch's transaction. */
  jobs: Pick<Jobs, 'send'>;
}

export interface ImportTotals {
  done: number;
  created: number;
  updated: number;
  failed: number;
  /** Price changes over the confirmation bound, not written: listed for the seller to confirm. */
  held: number;
  /** Price changes over the bound written at once because their item said FORCE_PRICE (audited as forced). */
  forced: number;
}

/** Categories and brands met so far in this import: a feed names the same few hundred again and again. */
export interface ImportCache {
  categories: Map<number, CategoryRules | null>;
  brands: Map<string, string | null>;
  /** TARIC codes met so far: whether the table holds them. */
  taricCodes: Map<string, boolean>;
}

export function newImportCache(): ImportCache {
  return { categories: new Map(), brands: new Map(), taricCodes: new Map() };
}

interface Existing {
  id: string;
  status: string;
  stage: string;
  promotions: { source: string }[];
  labels: { source: string }[];
}

interface ExistingMedia {
  product_id: string;
  url: string;
  file_id: string | null;
  thumb_url: string | null;
  width: number | null;
  height: number | null;
}

/** An item that passed every rule, ready to be written. */
interface Accepted {
  input: ProductInput;
  title: string;
  stage: string | null;
  /** The file said NOT_FOR_RESALE: the marketplace's status, which the file can only leave as it is. */
  keepStatus: boolean;
  category: CategoryRules | null;
}

interface Refused {
  productId: string;
  issues: FieldIssue[];
}

async function fillCache(db: DbOrTx, scope: ImportJobScope, cache: ImportCache, batch: ParsedBatch) {
  const categoryIds = batch.categoryIds.filter((id) => !cache.categories.has(id));
  const brandIds = batch.brandIds.filter((id) => !cache.brands.has(id));
  if (categoryIds.length) {
    const rules = await loadCategoryRules(db, scope.shopId, scope.partnerId, categoryIds);
    for (const id of categoryIds) cache.categories.set(id, rules.get(id) ?? null);
  }
  if (brandIds.length) {
    const names = await loadBrandNames(db, brandIds);
    for (const id of brandIds) cache.brands.set(id, names.get(id) ?? null);
  }
}

/** A multiple parameter's single value read from a file becomes the list the form would send. */
function normaliseParameters(input: ProductInput, category: CategoryRules | null): void {
  if (!category) return;
  for (const def of category.parameters) {
    const value = input.parameters[def.code];
    if (def.multiple && typeof value === 'string') input.parameters[def.code] = [value];
  }
}

/** A variant's title, as the form and the save make it (domain `variantTitle`). */
function titleOfVariant(
  title: string,
  input: ProductInput,
  values: Record<string, string>,
  category: CategoryRules | null,
) {
  const codes = input.variableParameters.length ? input.variableParameters : Object.keys(values);
  return variantTitle(title, variantTitleParameters(codes, category?.parameters ?? []), values);
}

/** A batch read and judged by the rules that need no product row: what is left for the transaction. */
export interface PreparedBatch {
  items: number;
  /** Every product id of the batch, written or refused. */
  ids: string[];
  candidates: (Omit<Accepted, 'title'> & { brandName: string | null; issues: FieldIssue[] })[];
  refused: Refused[];
}

/**
 * The work of a batch that needs no lock after parsing (import-prepare.ts): the category and brand look-ups.
 * The import runs it for the next batch while the previous one is being written.
 */
export async function prepareBatch(
  scope: ImportJobScope,
  cache: ImportCache,
  parsed: ParsedBatch,
): Promise<PreparedBatch> {
  await fillCache(scope.db, scope, cache, parsed);
  const codes = parsed.candidates.map((c) => c.input.taricCode).filter((c): c is string => c !== null);
  const unseen = [...new Set(codes.filter((c) => !cache.taricCodes.has(c)))];
  if (unseen.length) {
    const known = await knownTaricCodes(scope.db, unseen);
    for (const code of unseen) cache.taricCodes.set(code, known.has(code));
  }
  const prepared: PreparedBatch = { items: parsed.items, ids: parsed.ids, candidates: [], refused: parsed.refused };
  for (const { input, stage, keepStatus, issues } of parsed.candidates) {
    const category = input.categoryId === null ? null : (cache.categories.get(input.categoryId) ?? null);
    if (input.categoryId !== null && !category) issues.push({ field: 'categoryId', rule: 'invalid' });
    const brandName = input.brandId === null ? null : (cache.brands.get(input.brandId) ?? null);
    if (input.brandId !== null && brandName === null) issues.push({ field: 'brandId', rule: 'invalid' });
    // The form's rule: a TARIC code is one of the table's (taric.ts).
    if (input.taricCode !== null && !cache.taricCodes.get(input.taricCode)) {
      issues.push({ field: 'taricCode', rule: 'in' });
    }
    normaliseParameters(input, category);
    prepared.candidates.push({ input, stage, keepStatus, category, brandName, issues });
  }
  return prepared;
}

/**
 * Judges a prepared batch with the form's rules and writes it in one transaction: valid items are upserted
 * whole (product, variants and media replaced together), refused ones get their reasons in the errors tab,
 * and every product of the batch loses the reasons an earlier import gave. A price that would move by more
 * than 30 % (the form's rule, `judgePriceChanges`) is not written: the item is written with its stored price
 * and the change is held for the seller to confirm (price-holds.ts), as the form would have asked.
 */
export async function commitBatch(
  scope: ImportJobScope,
  batch: PreparedBatch,
): Promise<{ created: number; updated: number; failed: number; held: number; forced: number }> {
  return scope.db.transaction(async (tx) => {
    const existing = new Map(
      rowsOf<Existing>(
        await tx.execute(sql`select id, status, stage, promotions, labels from products
          where partner_id = ${scope.partnerId} and id = any(${sql.param(batch.ids)}::text[]) for update`),
      ).map((row) => [row.id, row]),
    );

    const accepted: Accepted[] = [];
    const refused: Refused[] = [...batch.refused];
    for (const { input, stage, keepStatus, category, brandName, issues } of batch.candidates) {
      // A product keeps its stage when the file names none: the listing rules follow the stage it will have.
      const effectiveStage = stage ?? existing.get(input.id)?.stage ?? 'DRAFT';
      const check = checkProduct(input, {
        shopId: scope.shopId,
        category,
        brandName,
        forListing: effectiveStage === 'LIVE',
      });
      const all = [...issues, ...check.issues];
      if (all.length) refused.push({ productId: input.id, issues: all });
      else accepted.push({ input, title: check.title, stage, keepStatus, category });
    }
    await refuseTakenVariantIds(tx, scope.partnerId, accepted, refused);
    const { held, forced } = await holdPriceJumps(tx, scope, accepted);

    const written = accepted.map((a) => a.input.id);
    const oldMedia = rowsOf<ExistingMedia>(
      await tx.execute(sql`select product_id, url, file_id, thumb_url, width, height from product_media
        where partner_id = ${scope.partnerId} and product_id = any(${sql.param(written)}::text[])`),
    );
    const mediaByUrl = new Map(oldMedia.map((m) => [`${m.product_id}\n${m.url}`, m]));
    // Reasons the form or the marketplace gave stay, and keep the product flagged.
    const flagged = new Set(
      rowsOf<{ product_id: string }>(
        await tx.execute(sql`select distinct product_id from product_errors where partner_id = ${scope.partnerId}
          and source <> 'IMPORT' and product_id = any(${sql.param(written)}::text[])`),
      ).map((row) => row.product_id),
    );
    await writeProducts(tx, scope, accepted, existing, mediaByUrl, flagged);
    await writeErrors(tx, scope, batch.ids, refused);
    // Images at the seller's URLs: fetched by a job, the ones already stored not again (remote-media.ts).
    await queueRemoteMedia(
      tx,
      scope.jobs,
      scope.partnerId,
      accepted.map((a) => ({ productId: a.input.id, media: mediaToSave(a.input.media) })),
    );

    const created = accepted.filter((a) => !existing.has(a.input.id)).length;
    const counts = { created, updated: accepted.length - created, failed: refused.length, held, forced };
    await tx.execute(sql`update product_imports set done = done + ${batch.items}, created = created + ${counts.created},
        updated = updated + ${counts.updated}, failed = failed + ${counts.failed}, held = held + ${counts.held},
        forced = forced + ${counts.forced}
      where partner_id = ${scope.partnerId} and id = ${scope.importId}`);
    await recordAudit(tx, scope.actor, {
      action: 'product.import.batch',
      entity: 'product_import',
      entityId: scope.importId,
      data: { ...counts, productIds: written },
    });
    return counts;
  });
}

/**
 * The price rule on the accepted items: a product's or a variant's price that moves by more than the bound
 * keeps its stored value and the change is held under this import, unless the item itself says FORCE_PRICE:
 * then it is written and audited as forced (a stored flag never counts, only the file's). Holds of earlier
 * imports or batches for these products go, since this file is the newer word. Answers how many changes were
 * held and how many forced.
 */
async function holdPriceJumps(
  tx: DbOrTx,
  scope: ImportJobScope,
  accepted: Accepted[],
): Promise<{ held: number; forced: number }> {
  await dropPriceHolds(
    tx,
    scope.partnerId,
    accepted.map((a) => a.input.id),
  );
  const writes = accepted.flatMap(({ input }) => [
    { productId: input.id, variantId: null, to: input.price, force: input.forcePrice },
    ...input.variants.map((v) => ({ productId: input.id, variantId: v.id, to: v.price, force: input.forcePrice })),
  ]);
  const { held, forced } = await judgePriceChanges(tx, scope.partnerId, writes);
  await auditForcedPrices(tx, scope.actor, 'IMPORT', scope.importId, forced);
  if (!held.length) return { held: 0, forced: forced.length };
  const byProduct = new Map(accepted.map((a) => [a.input.id, a.input]));
  for (const change of held) {
    const input = byProduct.get(change.productId);
    if (!input) continue;
    if (change.variantId === null) input.price = change.from;
    else {
      const variant = input.variants.find((v) => v.id === change.variantId);
      if (variant) variant.price = change.from;
    }
  }
  await holdPrices(tx, scope.partnerId, 'IMPORT', scope.importId, held);
  return { held: held.length, forced: forced.length };
}

/**
 * A variant id is an item of its own in the marketplace: unique across the partner's products. A variant id
 * already used by another product, or by an earlier item of this batch, refuses the item.
 */
async function refuseTakenVariantIds(tx: DbOrTx, partnerId: number, accepted: Accepted[], refused: Refused[]) {
  const variantIds = accepted.flatMap((a) => a.input.variants.map((v) => v.id));
  if (!variantIds.length) return;
  const owners = new Map(
    rowsOf<{ id: string; product_id: string }>(
      await tx.execute(sql`select id, product_id from product_variants
        where partner_id = ${partnerId} and id = any(${sql.param(variantIds)}::text[])`),
    ).map((row) => [row.id, row.product_id]),
  );
  const claimed = new Set<string>();
  for (let i = 0; i < accepted.length; i++) {
    const { input } = accepted[i]!;
    const issues: FieldIssue[] = [];
    input.variants.forEach((v, n) => {
      const owner = owners.get(v.id);
      if ((owner !== undefined && owner !== input.id) || claimed.has(v.id)) {
        issues.push({ field: `variants.${n}.id`, rule: 'variantIdDuplicate' });
      }
    });
    if (issues.length) {
      refused.push({ productId: input.id, issues });
      accepted.splice(i--, 1);
    } else {
      for (const v of input.variants) claimed.add(v.id);
    }
  }
}

/**
 * The file's own promotions (or labels) with the campaign ones kept where they stood: each old partner entry's
 * place takes the file's next one, so an unchanged list comes back in the same order.
 */
function withCampaignOnes<T extends { source: string }>(before: { source: string }[], fromFile: T[]): unknown[] {
  const own = fromFile.filter((entry) => entry.source !== 'CAMPAIGN');
  let next = 0;
  const merged: unknown[] = [];
  for (const entry of before) {
    if (entry.source === 'CAMPAIGN') merged.push(entry);
    else if (next < own.length) merged.push(own[next++]);
  }
  return [...merged, ...own.slice(next)];
}

/**
 * A batch's rows as one JSON parameter for `json_to_recordset`: the statement has one parameter whatever the
 * batch size, and the serialising is one native JSON.stringify instead of an array literal per column built
 * element by element (which cost more than the statement itself).
 */
const recordset = (rows: object[]): SQL => sql`${JSON.stringify(rows)}::json`;

async function writeProducts(
  tx: DbOrTx,
  scope: ImportJobScope,
  accepted: Accepted[],
  existing: Map<string, Existing>,
  mediaByUrl: Map<string, ExistingMedia>,
  flagged: Set<string>,
) {
  const ids = accepted.map((a) => a.input.id);
  await tx.execute(
    sql`delete from product_variants where partner_id = ${scope.partnerId} and product_id = any(${sql.param(ids)}::text[])`,
  );
  await tx.execute(
    sql`delete from product_media where partner_id = ${scope.partnerId} and product_id = any(${sql.param(ids)}::text[])`,
  );
  if (!accepted.length) return;

  const rows = accepted.map(({ input, title, stage, keepStatus }) => {
    const before = existing.get(input.id);
    // NOT_FOR_RESALE is set by the marketplace only: a file neither sets nor lifts it.
    const status = before?.status === 'NOT_FOR_RESALE' || keepStatus ? (before?.status ?? 'INACTIVE') : input.status;
    const media = mediaToSave(input.media);
    const main = media.find((m) => m.main);
    const kept = main ? mediaByUrl.get(`${input.id}\n${main.url}`) : undefined;
    return {
      input,
      title,
      status,
      stage: stage ?? before?.stage ?? 'DRAFT',
      // Campaign promotions and labels belong to the marketplace: kept as they are, never taken from a file.
      promotions: withCampaignOnes(before?.promotions ?? [], input.promotions),
      labels: withCampaignOnes(before?.labels ?? [], input.labels),
      mainThumb: main ? (kept?.thumb_url ?? main.url) : null,
    };
  });
  await tx.execute(sql`
    insert into products (partner_id, id, title, product_type, line, short_desc, long_desc, brand_id, category_id,
      barcode, taric_code, priority, price, force_price, rrp, purchase_price, fair_price, weee_fee, vat, in_stock,
      delivery_delay, free_delivery, package_size, weight, width, length, height, parameters, variable_parameters,
      promotions, labels, recommended, mallbox_allowed, status, stage, variant_count, main_thumb_url, has_errors,
      updated_at)
    select ${scope.partnerId}, id, title, product_type, line, short_desc, long_desc, brand_id, category_id,
      barcode, taric_code, priority, price, force_price, rrp, purchase_price, fair_price, weee_fee, vat, in_stock, delivery_delay,
      free_delivery, package_size, weight, width, length, height, parameters,
      array(select jsonb_array_elements_text(variable_parameters)), promotions, labels,
      array(select jsonb_array_elements_text(recommended)), mallbox_allowed, status, stage, variant_count,
      main_thumb_url, has_errors, now()
    from json_to_recordset(${recordset(
      rows.map((r) => ({
        id: r.input.id,
        title: r.title,
        product_type: r.input.productType,
        line: r.input.line,
        short_desc: r.input.shortDesc,
        long_desc: r.input.longDesc,
        brand_id: r.input.brandId,
        category_id: r.input.categoryId,
        barcode: r.input.barcode,
        taric_code: r.input.taricCode,
        priority: r.input.priority,
        price: r.input.price,
        force_price: r.input.forcePrice,
        rrp: r.input.rrp,
        purchase_price: r.input.purchasePrice,
        fair_price: r.input.fairPrice,
        weee_fee: r.input.weeeFee,
        vat: r.input.vat,
        in_stock: r.input.inStock,
        delivery_delay: r.input.deliveryDelay,
        free_delivery: r.input.freeDelivery,
        package_size: r.input.packageSize,
        weight: r.input.weight,
        width: r.input.width,
        length: r.input.length,
        height: r.input.height,
        parameters: r.input.parameters,
        variable_parameters: r.input.variableParameters,
        promotions: r.promotions,
        labels: r.labels,
        recommended: r.input.recommended,
        mallbox_allowed: r.input.mallboxAllowed,
        status: r.status,
        stage: r.stage,
        variant_count: r.input.variants.length,
        main_thumb_url: r.mainThumb,
        has_errors: flagged.has(r.input.id),
      })),
    )}) as t(id text, title text, product_type text, line text, short_desc text, long_desc text, brand_id text,
      category_id int, barcode text, taric_code text, priority int, price numeric, force_price boolean, rrp numeric,
      purchase_price numeric,
      fair_price numeric, weee_fee numeric, vat numeric, in_stock int, delivery_delay int, free_delivery boolean,
      package_size text, weight numeric, width numeric, length numeric, height numeric, parameters jsonb,
      variable_parameters jsonb, promotions jsonb, labels jsonb, recommended jsonb, mallbox_allowed boolean,
      status text, stage text, variant_count int, main_thumb_url text, has_errors boolean)
    on conflict (partner_id, id) do update set title = excluded.title, product_type = excluded.product_type,
      line = excluded.line, short_desc = excluded.short_desc, long_desc = excluded.long_desc,
      brand_id = excluded.brand_id, category_id = excluded.category_id, barcode = excluded.barcode,
      taric_code = excluded.taric_code, priority = excluded.priority, price = excluded.price,
      force_price = excluded.force_price, rrp = excluded.rrp,
      purchase_price = excluded.purchase_price, fair_price = excluded.fair_price, weee_fee = excluded.weee_fee,
      vat = excluded.vat, in_stock = excluded.in_stock, delivery_delay = excluded.delivery_delay,
      free_delivery = excluded.free_delivery, package_size = excluded.package_size, weight = excluded.weight,
      width = excluded.width, length = excluded.length, height = excluded.height, parameters = excluded.parameters,
      variable_parameters = excluded.variable_parameters, promotions = excluded.promotions, labels = excluded.labels,
      recommended = excluded.recommended, mallbox_allowed = excluded.mallbox_allowed, status = excluded.status,
      stage = excluded.stage, variant_count = excluded.variant_count, main_thumb_url = excluded.main_thumb_url,
      has_errors = excluded.has_errors, updated_at = now()`);

  const variants = accepted.flatMap(({ input, title, category }) =>
    input.variants.map((v, position) => ({
      productId: input.id,
      position,
      v,
      title: titleOfVariant(title, input, v.parameters, category),
    })),
  );
  if (variants.length) {
    await tx.execute(sql`
      insert into product_variants (partner_id, product_id, id, position, title, price, rrp, in_stock, barcode,
        image_url, delivery_delay, status, parameters)
      select ${scope.partnerId}, product_id, id, position, title, price, rrp, in_stock, barcode, image_url,
        delivery_delay, status, parameters
      from json_to_recordset(${recordset(
        variants.map((r) => ({
          product_id: r.productId,
          id: r.v.id,
          position: r.position,
          title: r.title,
          price: r.v.price,
          rrp: r.v.rrp,
          in_stock: r.v.inStock,
          barcode: r.v.barcode,
          image_url: r.v.imageUrl,
          delivery_delay: r.v.deliveryDelay,
          status: r.v.status,
          parameters: r.v.parameters,
        })),
      )}) as t(product_id text, id text, position int, title text, price numeric, rrp numeric, in_stock int,
        barcode text, image_url text, delivery_delay int, status text, parameters jsonb)`);
  }

  const media = accepted.flatMap(({ input }) =>
    mediaToSave(input.media).map((m, position) => ({
      productId: input.id,
      position,
      m,
      kept: mediaByUrl.get(`${input.id}\n${m.url}`),
    })),
  );
  if (media.length) {
    await tx.execute(sql`
      insert into product_media (partner_id, product_id, position, url, file_id, thumb_url, main, energy_label,
        information_list, width, height)
      select ${scope.partnerId}, product_id, position, url, file_id, thumb_url, main, energy_label, information_list,
        width, height
      from json_to_recordset(${recordset(
        media.map((r) => ({
          product_id: r.productId,
          position: r.position,
          url: r.m.url,
          file_id: r.kept?.file_id ?? null,
          thumb_url: r.kept?.thumb_url ?? null,
          main: r.m.main,
          energy_label: r.m.energyLabel ?? false,
          information_list: r.m.informationList ?? false,
          width: r.kept?.width ?? null,
          height: r.kept?.height ?? null,
        })),
      )}) as t(product_id text, position int, url text, file_id uuid, thumb_url text, main boolean,
        energy_label boolean, information_list boolean, width int, height int)`);
  }
}

/**
 * The errors tab: reasons of earlier imports for the products of this batch go and this import's refusals
 * come in. A refused product that exists is flagged; written ones got their flag with their row.
 */
async function writeErrors(tx: DbOrTx, scope: ImportJobScope, ids: string[], refused: Refused[]) {
  const touched = [...new Set([...ids, ...refused.map((r) => r.productId)])];
  await tx.execute(sql`delete from product_errors where partner_id = ${scope.partnerId} and source = 'IMPORT'
    and product_id = any(${sql.param(touched)}::text[])`);
  if (refused.length) {
    await tx.execute(sql`insert into product_errors (partner_id, product_id, source, import_id, issues)
      select ${scope.partnerId}, product_id, 'IMPORT', ${scope.importId}::uuid, issues
      from json_to_recordset(${recordset(refused.map((r) => ({ product_id: r.productId, issues: r.issues })))})
        as t(product_id text, issues jsonb)`);
  }
  if (refused.length) {
    await tx.execute(sql`update products set has_errors = true where partner_id = ${scope.partnerId}
      and not has_errors and id = any(${sql.param(refused.map((r) => r.productId))}::text[])`);
  }
}
