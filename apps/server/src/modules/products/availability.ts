import { DomainError, type FieldIssue, isProductId, STOCK_MAX, USER_PRODUCT_STATUSES } from '@pp/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import { type DbOrTx, rowsOf } from '../../platform/db/client';
import { type StoredRow, writeSingleChange } from './availability-single';
import { withDeadlockRetry } from '../../platform/db/pg-errors';
import { requireModuleOn } from '../partner/service-modules';
import { PRODUCTS_PER_COMMAND } from './service';

/**
 * Stock and status of products and variants (the availability of the marketplace's API, and the stock and
 * status fields of the portal's form and batch change): the same bounds as the form (0…STOCK_MAX, a seller
 * sets ACTIVE or INACTIVE), NOT_FOR_RESALE stays the marketplace's (a change of stock keeps it, as a save of
 * the form does), partner scoping, the products update right and the partner's availability module on.
 *
 * Connectors send stock often and in bulk, so a change is ONE statement: it resolves the items, refuses the
 * whole command when one is not the partner's, writes the rows that really change and records the audit
 * entry, all or nothing without a transaction round trip of its own.
 */

/** How the ids of a command name their rows. */
export type AvailabilityScope =
  /** `id` is a product. */
  | 'PRODUCT'
  /** `id` is a variant of `productId`. */
  | 'VARIANT'
  /** `id` is an item: a product's id, or else a variant's (variant ids are unique within the partner). */
  | 'ITEM';

export interface AvailabilityChange {
  id: string;
  /** The variant's product (scope VARIANT). */
  productId?: string | null;
  inStock: number;
  /** Null or absent: the status stays. NOT_FOR_RESALE is refused (the marketplace sets it). */
  status?: string | null;
}

export interface StoredAvailability {
  inStock: number;
  status: string;
}

function refuse(issues: FieldIssue[]): never {
  throw new DomainError('VALIDATION_ERROR', {}, issues);
}

/** The command's changes checked with the form's rules; the same item twice keeps its last change. */
export function checkedChanges(scope: AvailabilityScope, changes: readonly AvailabilityChange[]) {
  if (!changes.length) refuse([{ field: 'items', rule: 'required' }]);
  if (changes.length > PRODUCTS_PER_COMMAND) {
    refuse([{ field: 'items', rule: 'max', params: { 0: PRODUCTS_PER_COMMAND } }]);
  }
  const issues: FieldIssue[] = [];
  changes.forEach((c, i) => {
    if (!isProductId(c.id)) issues.push({ field: `items.${i}.id`, rule: 'productId' });
    if (scope === 'VARIANT' && !isProductId(c.productId ?? '')) {
      issues.push({ field: `items.${i}.productId`, rule: 'productId' });
    }
    if (!Number.isInteger(c.inStock) || c.inStock < 0 || c.inStock > STOCK_MAX) {
      issues.push({ field: `items.${i}.inStock`, rule: 'numberBetween', params: { 0: 0, 1: STOCK_MAX } });
    }
    if (c.status === 'NOT_FOR_RESALE') throw new DomainError('PRODUCT_NOT_FOR_RESALE', { productId: c.id });
    if (c.status != null && !(USER_PRODUCT_STATUSES as readonly string[]).includes(c.status)) {
      issues.push({ field: `items.${i}.status`, rule: 'invalid' });
    }
  });
  if (issues.length) refuse(issues);
  const last = new Map<string, number>();
  changes.forEach((c, i) => {
    last.set(`${c.productId ?? ''}\u0000${c.id}`, i);
  });
  return [...last.values()].sort((a, b) => a - b).map((index) => ({ index, ...changes[index]! }));
}

type CheckedChange = ReturnType<typeof checkedChanges>[number];

/**
 * Locks a batch's rows, products then variants, each in id order: two batches over the same products (a
 * connector sending its whole stock twice at once) then wait for each other instead of locking crosswise,
 * which PostgreSQL would end as a deadlock after a second. The products of variants are locked too, as their
 * stock is the variants' sum.
 */
export async function lockInOrder(
  tx: DbOrTx,
  partnerId: number,
  scope: AvailabilityScope,
  items: readonly CheckedChange[],
) {
  const ids = sql.param(items.map((i) => i.id));
  const parents = sql.param(items.map((i) => i.productId ?? i.id));
  // The ids named, and for items that may be variants their products, as one array of keys (an OR of the two
  // read every product of the partner). An array the planner cannot count (`array(…)`) is looked up by index:
  // given the list itself, it judged a thousand keys dearer than reading all the partner's products and variants.
  const variantParents =
    scope === 'ITEM'
      ? sql` union select v.product_id from unnest(${ids}::text[]) as u(id) cross join lateral (select v.product_id
          from product_variants v where v.partner_id = ${partnerId} and v.id = u.id offset 0) v`
      : sql``;
  await tx.execute(sql`select 1 from products p where p.partner_id = ${partnerId}
      and p.id = any(array(select unnest(${scope === 'VARIANT' ? parents : ids}::text[])${variantParents}))
    order by p.id for update`);
  if (scope !== 'PRODUCT') {
    await tx.execute(sql`select 1 from product_variants v where v.partner_id = ${partnerId}
        and v.id = any(array(select unnest(${ids}::text[]))) order by v.product_id, v.id for update`);
  }
}

/**
 * Sets stock (and status, when given) of products or variants of the caller's partner. Whole or nothing:
 * an item the partner does not have refuses the command with PRODUCT_NOT_FOUND, one field per such item
 * (`items.<index>.id`), and nothing is written. Answers what is stored now, in the order of the changes.
 */
export async function setAvailability(
  ctx: RequestContext,
  scope: AvailabilityScope,
  changes: readonly AvailabilityChange[],
): Promise<StoredAvailability[]> {
  const { partnerId } = await ctx.require('products', 'update');
  // Stock is the availability module's, which operators may switch off (it has no resource of its own).
  await requireModuleOn(ctx.db, partnerId, 'availability');
  const items = checkedChanges(scope, changes);
  const actor = ctx.actor(partnerId);
  const statement = availabilityStatement(partnerId, scope, items, actor);
  const single = items[0]!;
  let rows: StoredRow[];
  if (scope === 'PRODUCT' && items.length === 1 && ctx.db === ctx.platform.database.db) {
    // The API's most frequent call: written together with the partner's other single changes of the moment.
    const change = { id: single.id, inStock: single.inStock, status: single.status ?? null, actor };
    const row = await writeSingleChange(ctx.db, partnerId, change, statement);
    rows = row ? [{ ...row, n: single.index }] : [];
  } else {
    // A batch takes its rows' locks in one order first (see lockInOrder).
    const result = await withDeadlockRetry(() =>
      items.length === 1
        ? ctx.db.execute(statement)
        : ctx.db.transaction(async (tx) => {
            await lockInOrder(tx, partnerId, scope, items);
            return tx.execute(statement);
          }),
    );
    rows = rowsOf<StoredRow>(result);
  }
  const byIndex = new Map(rows.map((r) => [Number(r.n), { inStock: Number(r.in_stock), status: r.status }]));
  const missing = items.map((i) => i.index).filter((n) => !byIndex.has(n));
  if (missing.length) {
    const firstMissing = changes[missing[0]!]!;
    throw new DomainError(
      'PRODUCT_NOT_FOUND',
      { productId: scope === 'VARIANT' ? (firstMissing.productId ?? '') : firstMissing.id },
      missing.map((n) => ({ field: `items.${n}.id`, rule: 'itemNotFound', params: { id: changes[n]!.id } })),
    );
  }
  if (items.length > 1) {
    // Open products grids refresh as after the portal's own batch change (useProductsLive); a single change
    // announces nothing, as a save of the form does not.
    const total = items.length;
    await ctx.platform.stream
      .publish(
        { partnerId },
        {
          type: 'product_batch_progress',
          data: { jobId: ctx.requestId, status: 'END', done: total, total, failed: 0 },
        },
      )
      .catch((error) => ctx.log.warn({ err: error }, 'availability batch not announced'));
  }
  return items.map((i) => byIndex.get(i.index)!);
}

/**
 * The one statement of a change (exported for the bench, which runs it raw beside the API): resolves the
 * items, writes what changes unless one is missing, records the audit entry, answers per item its index
 * with what is stored, or `found = false`.
 */
export function availabilityStatement(
  partnerId: number,
  scope: AvailabilityScope,
  items: readonly CheckedChange[],
  actor: Actor,
  /** Write the items found even when others are not (a feed, which reports the unknown ones item by item). */
  partial = false,
): SQL {
  const first = items[0]!;
  // One entry per command, in the portal's words: a product's edit, or a change of many products. The
  // `availability` mark keeps the entry off the pp_audit announcement (migration 0036): see there why.
  const audit: AuditValues =
    items.length === 1
      ? {
          action: 'product.update',
          entityId: scope === 'VARIANT' ? first.productId! : first.id,
          data: {
            availability: true,
            ...(scope === 'VARIANT' ? { variantId: first.id } : {}),
            inStock: first.inStock,
            ...(first.status ? { status: first.status } : {}),
          },
        }
      : {
          action: 'product.batch',
          entityId: null,
          data: {
            availability: true,
            field: 'availability',
            count: items.length,
            ids: items.slice(0, 100).map((i) => i.id),
          },
        };
  if (scope === 'PRODUCT' && items.length === 1) return singleProductStatement(partnerId, first, audit, actor);
  const column = <T>(pick: (item: (typeof items)[number]) => T) => sql.param(items.map(pick));
  // Every row the statement reads or writes is reached by key: the items' ids, or the products of the variants
  // found, as arrays the planner cannot count (\`array(…)\`, so it looks them up by index), and the items'
  // values carried in \`hit\` rather than joined again. Planned by row estimates, the statement read all the
  // partner's products and variants several times a batch (300 ms at 150,000 products, growing with them).
  const keys = sql`array(select unnest(${column((i) => i.id)}::text[]))`;
  return sql`
    with input as (
      select * from unnest(${column((i) => i.id)}::text[], ${column((i) => i.productId ?? null)}::text[],
        ${column((i) => i.inStock)}::int[], ${column((i) => i.status ?? null)}::text[],
        ${column((i) => i.index)}::int[]) as t(id, parent, in_stock, status, n)
    ),
    hit as (
      select i.n, i.in_stock, i.status, p.id as product_id, null::text as variant_id from input i
        cross join lateral (select p.id from products p where p.partner_id = ${partnerId} and p.id = i.id
          offset 0) p
        where ${scope} <> 'VARIANT'
      union all
      select i.n, i.in_stock, i.status, v.product_id, v.id from input i
        cross join lateral (select v.product_id, v.id from product_variants v where v.partner_id = ${partnerId}
          and v.id = i.id offset 0) v
        where (${scope} = 'VARIANT' and v.product_id = i.parent)
          or (${scope} = 'ITEM' and not exists (select 1 from products p where p.partner_id = ${partnerId}
            and p.id = i.id offset 0))
    ),
    -- An item hits at most one row (items are unique, a variant counts only where no product has its id): all
    -- were found when the counts agree, which costs a count where an anti-join of the two cost 40 ms a batch.
    whole as (select ${partial} or (select count(*) from hit) = (select count(*) from input) as ok),
    product_rows as (
      update products t set in_stock = h.in_stock,
          status = case when t.status = 'NOT_FOR_RESALE' then t.status else coalesce(h.status, t.status) end,
          updated_at = now()
        from hit h
        where h.variant_id is null and t.partner_id = ${partnerId} and t.id = h.product_id
          and t.id = any(${keys}) and (select ok from whole)
          and (t.in_stock <> h.in_stock or (h.status is not null and t.status <> h.status
            and t.status <> 'NOT_FOR_RESALE'))
        returning h.n
    ),
    variant_rows as (
      update product_variants t set in_stock = h.in_stock, status = coalesce(h.status, t.status)
        from hit h
        where h.variant_id is not null and t.partner_id = ${partnerId} and t.product_id = h.product_id
          and t.id = h.variant_id and t.id = any(${keys}) and (select ok from whole)
          and (t.in_stock <> h.in_stock or (h.status is not null and t.status <> h.status))
        returning h.n
    ),
    -- The stock of a product with variants is its variants' (the grid's sold-out and last-items tabs read the
    -- product row), as the seed keeps it: the sum of the variants' new stock, within the bound.
    parent_rows as (
      update products t set in_stock = s.total, updated_at = now()
        from (select v.product_id, least(${STOCK_MAX}, sum(coalesce(h.in_stock, v.in_stock)))::int as total
          from product_variants v
            left join hit h on h.variant_id = v.id and h.product_id = v.product_id
          where v.partner_id = ${partnerId}
            and v.product_id = any(array(select product_id from hit where variant_id is not null))
          group by v.product_id) s
        where t.partner_id = ${partnerId} and t.id = s.product_id
          and t.id = any(array(select product_id from hit where variant_id is not null)) and (select ok from whole)
          and t.in_stock <> s.total and t.id not in (select product_id from hit where variant_id is null)
        returning t.id
    ),
    changed as (select n from product_rows union all select n from variant_rows),
    trail as (${auditInsert(partnerId, audit, actor)} where exists (select 1 from changed))
    select h.n, h.in_stock,
      (case when p.status = 'NOT_FOR_RESALE' then p.status else coalesce(h.status, v.status, p.status) end) as status
    from hit h
      left join products p on h.variant_id is null and p.partner_id = ${partnerId} and p.id = h.product_id
        and p.id = any(${keys})
      left join product_variants v on h.variant_id is not null and v.partner_id = ${partnerId}
        and v.product_id = h.product_id and v.id = h.variant_id and v.id = any(${keys})`;
}

interface AuditValues {
  action: string;
  entityId: string | null;
  data: Record<string, unknown>;
}

const auditInsert = (partnerId: number, audit: AuditValues, actor: Actor) => sql`
  insert into audit_log (partner_id, account_id, admin_account_id, action, entity, entity_id, data, request_id,
      api_key_id)
  select ${partnerId}, ${actor.accountId}::int, ${actor.adminAccountId}::int, ${audit.action}, 'product',
      ${audit.entityId}::text, ${JSON.stringify(audit.data)}::jsonb, ${actor.requestId}::text,
      ${actor.apiKeyId ?? null}::int`;

/**
 * One product's change, the API's most frequent call: the same effect as the general statement, in a form
 * PostgreSQL plans in a fraction of its time (planning the general one cost more than running it).
 */
function singleProductStatement(partnerId: number, item: CheckedChange, audit: AuditValues, actor: Actor): SQL {
  const status = item.status ?? null;
  return sql`
    with current as (
      select status from products where partner_id = ${partnerId} and id = ${item.id}
    ),
    changed as (
      update products t set in_stock = ${item.inStock},
          status = case when t.status = 'NOT_FOR_RESALE' then t.status else coalesce(${status}::text, t.status) end,
          updated_at = now()
        where t.partner_id = ${partnerId} and t.id = ${item.id}
          and (t.in_stock <> ${item.inStock} or (${status}::text is not null and t.status <> ${status}::text
            and t.status <> 'NOT_FOR_RESALE'))
        returning 1
    ),
    trail as (${auditInsert(partnerId, audit, actor)} where exists (select 1 from changed))
    select ${item.index}::int as n, ${item.inStock}::int as in_stock,
      case when c.status = 'NOT_FOR_RESALE' then c.status else coalesce(${status}::text, c.status) end as status
    from current c`;
}

/** The stock and status of one product, or of one of its variants; null when the partner has none such. */
export async function readAvailability(
  ctx: RequestContext,
  productId: string,
  variantId: string | null = null,
): Promise<StoredAvailability | null> {
  const { partnerId } = await ctx.require('products', 'read');
  if (!isProductId(productId) || (variantId !== null && !isProductId(variantId))) return null;
  const result =
    variantId === null
      ? await ctx.db.execute(sql`select in_stock, status from products
          where partner_id = ${partnerId} and id = ${productId}`)
      : await ctx.db.execute(sql`select v.in_stock, case when p.status = 'NOT_FOR_RESALE' then p.status
            else v.status end as status
          from product_variants v join products p on p.partner_id = v.partner_id and p.id = v.product_id
          where v.partner_id = ${partnerId} and v.product_id = ${productId} and v.id = ${variantId}`);
  const row = rowsOf<{ in_stock: number; status: string }>(result)[0];
  return row ? { inStock: Number(row.in_stock), status: row.status } : null;
}
