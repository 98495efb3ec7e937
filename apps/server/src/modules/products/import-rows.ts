import { type CategoryRules, mediaToSave, type ProductInput, variantTitle, variantTitleParameters } from '@pp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../platform/db/client';
import type { Accepted, Existing, ExistingMedia, ImportJobScope, Refused } from './import-types';

/**
 * The rows an import batch writes: products, their variants and pictures replaced whole, and the errors tab.
 * Set-based: one statement per table whatever the batch size.
 */

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

export async function writeProducts(
  tx: DbOrTx,
  scope: ImportJobScope,
  accepted: Accepted[],
  existing: Map<string, Existing>,
  mediaByUrl: Map<string, ExistingMedia>,
  flagged: Set<string>,
  /**
   * The availability module is off at the partner (an operator switched it): a file changes everything but stock —
   * a product and a variant keep the stock they have, a new one starts without any.
   */
  keepStock = false,
) {
  const ids = accepted.map((a) => a.input.id);
  const keptVariantStock = new Map<string, number>();
  if (keepStock) {
    const stored = rowsOf<{ product_id: string; id: string; in_stock: number }>(
      await tx.execute(sql`select product_id, id, in_stock from product_variants
        where partner_id = ${scope.partnerId} and product_id = any(${sql.param(ids)}::text[])`),
    );
    for (const row of stored) keptVariantStock.set(`${row.product_id}\n${row.id}`, Number(row.in_stock));
  }
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
      // What applyRemoteMedia would set (a stored copy, or the portal's own file, never a seller's URL): written
      // right at once, so that it has nothing to correct on a feed's thousands of new products.
      mainThumb: main ? (kept?.thumb_url ?? (main.url.startsWith('/media/') ? main.url : null)) : null,
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
        in_stock: keepStock ? 0 : r.input.inStock,
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
      vat = excluded.vat, in_stock = ${keepStock ? sql`products.in_stock` : sql`excluded.in_stock`}, delivery_delay = excluded.delivery_delay,
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
          in_stock: keepStock ? (keptVariantStock.get(`${r.productId}\n${r.v.id}`) ?? 0) : r.v.inStock,
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
export async function writeErrors(tx: DbOrTx, scope: ImportJobScope, ids: string[], refused: Refused[]) {
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
