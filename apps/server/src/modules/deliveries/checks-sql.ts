import {
  DELIVERY_CHECK_FILTERS,
  DELIVERY_CHECK_MEASURES,
  type DeliveryCheckFilter,
  type DeliveryCheckMethod,
  METHOD_PACKAGE_SIZES,
  type MethodPackageSize,
} from '@pp/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import type { GridColumn } from '../../platform/grid';
import { partnerDeliveries } from '../partner/tables';
import { products } from '../products/tables';

/**
 * The domain's delivery checks (`deliveryChecks`, packages/domain/src/deliveries/checks.ts) as SQL, in two
 * spellings of one rule:
 * - with the partner's active methods read first and written into the statement as constants
 *   (`deliveryFilterSql`): per product a few comparisons with no join, so the products grid filters 200,000
 *   products by it in one pass (an index cannot hold a rule that depends on another table);
 * - with the methods as rows of `partner_deliveries` (`deliverableByRowsSql`), for the onboarding checklist,
 *   which must stay one statement. The server tests check both against the domain on the same products.
 */

/** The product columns the checks read (the grid's table, or a correlation name in a hand-written statement). */
export interface ProductCheckColumns {
  packageSize: SQL;
  weight: SQL;
  width: SQL;
  length: SQL;
  height: SQL;
}

export const PRODUCT_CHECK_COLUMNS: ProductCheckColumns = {
  packageSize: sql`${products.packageSize}`,
  weight: sql`${products.weight}`,
  width: sql`${products.width}`,
  length: sql`${products.length}`,
  height: sql`${products.height}`,
};

/** The same columns of `products` under the correlation name `alias`. */
export function productColumnsOf(alias: string): ProductCheckColumns {
  const c = (name: string) => sql`${sql.identifier(alias)}.${sql.identifier(name)}`;
  return {
    packageSize: c('package_size'),
    weight: c('weight'),
    width: c('width'),
    length: c('length'),
    height: c('height'),
  };
}

const all = (parts: SQL[]): SQL => (parts.length ? sql`(${sql.join(parts, sql` and `)})` : sql`true`);
const any = (parts: SQL[]): SQL => (parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`);

const knownSizes = sql.join(
  METHOD_PACKAGE_SIZES.map((s) => sql.raw(`'${s}'`)),
  sql`, `,
);

/** The product's package size in the methods' spelling (products store smallbox / bigbox). */
const sizeOf = (p: ProductCheckColumns) => sql`upper(btrim(${p.packageSize}))`;

/** The active methods of the partner in the shape the checks read, oldest first. */
export async function loadCheckMethods(db: DbOrTx, partnerId: number): Promise<DeliveryCheckMethod[]> {
  const d = partnerDeliveries;
  return db
    .select({
      id: d.id,
      code: d.code,
      title: d.title,
      packageSize: d.packageSize,
      minHeight: d.minHeight,
      maxHeight: d.maxHeight,
      minWidth: d.minWidth,
      maxWidth: d.maxWidth,
      minLength: d.minLength,
      maxLength: d.maxLength,
      minWeight: d.minWeight,
      maxWeight: d.maxWeight,
      pricing: d.pricing,
    })
    .from(d)
    .where(and(eq(d.partnerId, partnerId), eq(d.active, true)))
    .orderBy(asc(d.id));
}

// --- With the methods as constants ---

function carriesSql(m: DeliveryCheckMethod, p: ProductCheckColumns): SQL {
  if (m.packageSize === null) return sql`true`;
  // A product without a size, or with one the domain does not know, is carried (productPackageSize gives null).
  return sql`(${p.packageSize} is null or ${sizeOf(p)} not in (${knownSizes}) or ${sizeOf(p)} = ${m.packageSize})`;
}

/** Within every bound the method sets (exactly on a bound fits; a missing product value is not judged). */
function withinSql(m: DeliveryCheckMethod, p: ProductCheckColumns): SQL {
  const parts: SQL[] = [];
  for (const measure of DELIVERY_CHECK_MEASURES) {
    const column = p[measure.field];
    const min = m[measure.min];
    const max = m[measure.max];
    if (min !== null) parts.push(sql`(${column} is null or ${column} >= ${min})`);
    if (max !== null) parts.push(sql`(${column} is null or ${column} <= ${max})`);
  }
  return all(parts);
}

function deliversSql(m: DeliveryCheckMethod, p: ProductCheckColumns): SQL {
  const priced = m.pricing === 'WEIGHT_LEVELS' ? [sql`${p.weight} is not null`] : [];
  return all([carriesSql(m, p), withinSql(m, p), ...priced]);
}

/** Some method carries, fits and prices the product. */
export function deliverableSql(methods: readonly DeliveryCheckMethod[], p = PRODUCT_CHECK_COLUMNS): SQL {
  return any(methods.map((m) => deliversSql(m, p)));
}

/** A weight-levels method the product fits cannot price it: it has no weight. */
export function weightMissingSql(methods: readonly DeliveryCheckMethod[], p = PRODUCT_CHECK_COLUMNS): SQL {
  const levels = methods.filter((m) => m.pricing === 'WEIGHT_LEVELS');
  if (!levels.length) return sql`false`;
  return all([sql`${p.weight} is null`, any(levels.map((m) => all([carriesSql(m, p), withinSql(m, p)])))]);
}

/** Products of this package size when no active method carries it; nothing otherwise. */
export function noMethodForSizeSql(
  methods: readonly DeliveryCheckMethod[],
  size: MethodPackageSize,
  p = PRODUCT_CHECK_COLUMNS,
): SQL {
  if (methods.length === 0) return sql`false`;
  if (methods.some((m) => m.packageSize === null || m.packageSize === size)) return sql`false`;
  return sql`(${sizeOf(p)} = ${size})`;
}

/** The products matching one value of the grid's delivery filter. */
export function deliveryFilterSql(
  methods: readonly DeliveryCheckMethod[],
  value: DeliveryCheckFilter,
  p = PRODUCT_CHECK_COLUMNS,
): SQL {
  switch (value) {
    case 'OK':
      return sql`(${deliverableSql(methods, p)} and not ${weightMissingSql(methods, p)})`;
    case 'PROBLEM':
      return sql`(not ${deliverableSql(methods, p)} or ${weightMissingSql(methods, p)})`;
    case 'UNDELIVERABLE':
      return sql`(not ${deliverableSql(methods, p)})`;
    case 'WEIGHT_MISSING':
      return weightMissingSql(methods, p);
    case 'NO_METHOD_FOR_SMALLBOX':
      return noMethodForSizeSql(methods, 'SMALLBOX', p);
    case 'NO_METHOD_FOR_BIGBOX':
      return noMethodForSizeSql(methods, 'BIGBOX', p);
  }
}

/** OK or PROBLEM for each product: the grid's "delivery" column. */
export function deliveryStateSql(methods: readonly DeliveryCheckMethod[], p = PRODUCT_CHECK_COLUMNS): SQL<string> {
  return sql<string>`(case when ${deliveryFilterSql(methods, 'OK', p)} then 'OK' else 'PROBLEM' end)`;
}

/**
 * The products grid's "delivery" column: OK / PROBLEM on each row, filtered by any value of
 * DELIVERY_CHECK_FILTERS (the alerts link to the grid with one of them).
 */
export function deliveryGridColumn(methods: readonly DeliveryCheckMethod[]): GridColumn {
  return {
    field: 'delivery',
    sql: deliveryStateSql(methods),
    filterType: 'ENUMS',
    options: DELIVERY_CHECK_FILTERS,
    notNull: true,
    filterSql: (filter) => {
      if (filter.operator === 'EMPTY') return sql`false`;
      if (filter.operator === 'NEMPTY') return sql`true`;
      const values = (
        filter.operator === 'EQUAL' || filter.operator === 'NOT_EQUAL' ? [filter.value ?? ''] : (filter.values ?? [])
      ) as DeliveryCheckFilter[];
      const matches = values.length
        ? sql`(${sql.join(
            values.map((v) => deliveryFilterSql(methods, v)),
            sql` or `,
          )})`
        : sql`false`;
      return filter.operator === 'NOT_EQUAL' || filter.operator === 'NIN' ? sql`not ${matches}` : matches;
    },
  };
}

// --- With the methods as rows (one statement, no methods read before) ---

/**
 * Some active method of the partner delivers the product: `partnerId` and the product columns come from the
 * outer statement. The same rule as `deliverableSql`, read from the method's columns.
 */
export function deliverableByRowsSql(partnerId: SQL, p: ProductCheckColumns): SQL {
  const bounds = DELIVERY_CHECK_MEASURES.flatMap((measure) => {
    const column = p[measure.field];
    const min = sql`d.${sql.identifier(snake(measure.min))}`;
    const max = sql`d.${sql.identifier(snake(measure.max))}`;
    return [
      sql`(${min} is null or ${column} is null or ${column} >= ${min})`,
      sql`(${max} is null or ${column} is null or ${column} <= ${max})`,
    ];
  });
  return sql`exists (select 1 from partner_deliveries d where d.partner_id = ${partnerId} and d.active
    and (d.package_size is null or ${p.packageSize} is null or ${sizeOf(p)} not in (${knownSizes}) or ${sizeOf(p)} = d.package_size)
    and ${all(bounds)}
    and (d.pricing <> 'WEIGHT_LEVELS' or ${p.weight} is not null))`;
}

function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
