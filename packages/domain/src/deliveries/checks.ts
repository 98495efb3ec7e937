import type { MethodPackageSize, PricingType } from './methods';

/**
 * Delivery checks of a product against the partner's active delivery methods (commerce spec §5: "no delivery
 * method, no method for package size, item over size limit, item over weight limit"; "weight levels require
 * weights on all products").
 *
 * How a method and a product meet (docs/decisions.md "Delivery checks"):
 * - A method with a package size carries only products of that size; one without carries every size. A
 *   product without a package size is carried by every method: nothing says it is not (the product form
 *   makes size and dimensions go together, so a product without them is one nobody measured yet).
 * - Each of height, width, length and weight is compared with the method's bound of the same name, as
 *   entered (no turning the parcel); a value exactly on a bound fits. A missing value or bound is no limit.
 * - A method priced by weight levels cannot price a product without a weight.
 * A product is deliverable when one method takes it on all of these. A method that refuses it while another
 * takes it is a note for the seller ("cannot go by PPL"), not a problem: the product still sells. Only a
 * product no method takes, or one without the weight a weight-levels method needs, is a problem.
 */

export interface DeliveryCheckMethod {
  id: number;
  code: string;
  title: string;
  packageSize: MethodPackageSize | null;
  minHeight: number | null;
  maxHeight: number | null;
  minWidth: number | null;
  maxWidth: number | null;
  minLength: number | null;
  maxLength: number | null;
  minWeight: number | null;
  maxWeight: number | null;
  pricing: PricingType;
}

export interface DeliveryCheckProduct {
  /** smallbox or bigbox as the product form stores it (any case), or null. */
  packageSize: string | null;
  weight: number | null;
  width: number | null;
  length: number | null;
  height: number | null;
}

/** The product measures checked against a method's bounds: product field, bounds, and the problem kind. */
export const DELIVERY_CHECK_MEASURES = [
  { field: 'height', min: 'minHeight', max: 'maxHeight', kind: 'OVER_SIZE_LIMIT' },
  { field: 'width', min: 'minWidth', max: 'maxWidth', kind: 'OVER_SIZE_LIMIT' },
  { field: 'length', min: 'minLength', max: 'maxLength', kind: 'OVER_SIZE_LIMIT' },
  { field: 'weight', min: 'minWeight', max: 'maxWeight', kind: 'OVER_WEIGHT_LIMIT' },
] as const;
export type DeliveryCheckMeasure = (typeof DELIVERY_CHECK_MEASURES)[number]['field'];

export const DELIVERY_PROBLEM_KINDS = [
  'NO_METHOD',
  'NO_METHOD_FOR_PACKAGE_SIZE',
  'OVER_SIZE_LIMIT',
  'OVER_WEIGHT_LIMIT',
  'WEIGHT_MISSING',
] as const;
export type DeliveryProblemKind = (typeof DELIVERY_PROBLEM_KINDS)[number];

export interface DeliveryProblem {
  kind: DeliveryProblemKind;
  /** True when this makes the product a problem; false for a method refusing it while another takes it. */
  blocking: boolean;
  /** The method it concerns (limits, weight levels); null for the product as a whole. */
  method: { id: number; code: string; title: string } | null;
  /** The product's package size (NO_METHOD_FOR_PACKAGE_SIZE). */
  packageSize?: MethodPackageSize;
  /** The measure outside the method's bound, which bound, and the bound (OVER_SIZE_LIMIT, OVER_WEIGHT_LIMIT). */
  measure?: DeliveryCheckMeasure;
  bound?: 'MIN' | 'MAX';
  limit?: number;
  value?: number;
}

export interface DeliveryCheck {
  /** Some active method carries, fits and prices the product. */
  deliverable: boolean;
  /** Deliverable, and nothing blocks it (no weight missing for weight levels). */
  ok: boolean;
  /** Blocking problems first, then notes. */
  problems: DeliveryProblem[];
}

/** The product's package size in the methods' spelling, or null when it has none (or an unknown one). */
export function productPackageSize(packageSize: string | null): MethodPackageSize | null {
  const upper = packageSize?.trim().toUpperCase();
  return upper === 'SMALLBOX' || upper === 'BIGBOX' ? upper : null;
}

/** Whether the method carries parcels of the product's package size. */
export function methodCarries(method: DeliveryCheckMethod, product: DeliveryCheckProduct): boolean {
  const size = productPackageSize(product.packageSize);
  return method.packageSize === null || size === null || method.packageSize === size;
}

/** The product's measures outside the method's bounds (a value exactly on a bound fits). */
export function limitProblems(method: DeliveryCheckMethod, product: DeliveryCheckProduct): DeliveryProblem[] {
  const problems: DeliveryProblem[] = [];
  const ref = { id: method.id, code: method.code, title: method.title };
  for (const m of DELIVERY_CHECK_MEASURES) {
    const value = product[m.field];
    if (value === null) continue;
    const min = method[m.min];
    const max = method[m.max];
    if (min !== null && value < min) {
      problems.push({ kind: m.kind, blocking: false, method: ref, measure: m.field, bound: 'MIN', limit: min, value });
    }
    if (max !== null && value > max) {
      problems.push({ kind: m.kind, blocking: false, method: ref, measure: m.field, bound: 'MAX', limit: max, value });
    }
  }
  return problems;
}

/** Whether the method needs the product's weight to price it and the product has none. */
export function weightMissingFor(method: DeliveryCheckMethod, product: DeliveryCheckProduct): boolean {
  return method.pricing === 'WEIGHT_LEVELS' && product.weight === null;
}

/**
 * The delivery problems of one product with the partner's ACTIVE methods (the caller leaves inactive ones out).
 * Pure; the server computes the same in SQL for the grid, the alerts and the checklist.
 */
export function deliveryChecks(product: DeliveryCheckProduct, methods: readonly DeliveryCheckMethod[]): DeliveryCheck {
  if (methods.length === 0) {
    return { deliverable: false, ok: false, problems: [{ kind: 'NO_METHOD', blocking: true, method: null }] };
  }
  const carrying = methods.filter((m) => methodCarries(m, product));
  const size = productPackageSize(product.packageSize);
  if (carrying.length === 0) {
    const problem: DeliveryProblem = { kind: 'NO_METHOD_FOR_PACKAGE_SIZE', blocking: true, method: null };
    if (size) problem.packageSize = size;
    return { deliverable: false, ok: false, problems: [problem] };
  }
  const limits: DeliveryProblem[] = [];
  const weightMissing: DeliveryProblem[] = [];
  let deliverable = false;
  for (const method of carrying) {
    const outside = limitProblems(method, product);
    limits.push(...outside);
    // Weight levels matter only for a method the product fits: otherwise the method is out anyway.
    const unpriced = outside.length === 0 && weightMissingFor(method, product);
    if (unpriced) {
      weightMissing.push({
        kind: 'WEIGHT_MISSING',
        blocking: true,
        method: { id: method.id, code: method.code, title: method.title },
      });
    }
    if (outside.length === 0 && !unpriced) deliverable = true;
  }
  const problems = [...weightMissing, ...limits.map((p) => ({ ...p, blocking: !deliverable }))];
  problems.sort((a, b) => Number(b.blocking) - Number(a.blocking));
  return { deliverable, ok: deliverable && weightMissing.length === 0, problems };
}

/**
 * The values of the products grid's "delivery" filter (and of the deliveries page's alerts, each of which
 * links to the grid filtered to exactly its products): OK and PROBLEM split every product in two; the rest
 * name one cause.
 */
export const DELIVERY_CHECK_FILTERS = [
  'OK',
  'PROBLEM',
  'UNDELIVERABLE',
  'NO_METHOD_FOR_SMALLBOX',
  'NO_METHOD_FOR_BIGBOX',
  'WEIGHT_MISSING',
] as const;
export type DeliveryCheckFilter = (typeof DELIVERY_CHECK_FILTERS)[number];

/** The filter values a product matches: what the SQL of the grid filter must agree with. */
export function deliveryCheckFilters(
  product: DeliveryCheckProduct,
  methods: readonly DeliveryCheckMethod[],
): DeliveryCheckFilter[] {
  const check = deliveryChecks(product, methods);
  const values: DeliveryCheckFilter[] = [check.ok ? 'OK' : 'PROBLEM'];
  if (!check.deliverable) values.push('UNDELIVERABLE');
  for (const p of check.problems) {
    if (p.kind === 'NO_METHOD_FOR_PACKAGE_SIZE' && p.packageSize) values.push(`NO_METHOD_FOR_${p.packageSize}`);
  }
  if (check.problems.some((p) => p.kind === 'WEIGHT_MISSING')) values.push('WEIGHT_MISSING');
  return values;
}

export const DELIVERY_ALERT_KINDS = ['NO_METHOD', 'UNDELIVERABLE', 'NO_METHOD_FOR_SIZE', 'WEIGHT_MISSING'] as const;
export type DeliveryAlertKind = (typeof DELIVERY_ALERT_KINDS)[number];

export interface DeliveryAlert {
  kind: DeliveryAlertKind;
  /** How many of the partner's products it concerns. */
  count: number;
  packageSize: MethodPackageSize | null;
  /** The products grid's delivery filter value that shows exactly these products. */
  filter: DeliveryCheckFilter;
}

/** Counts of the partner's products per filter value, as the server reads them in one statement. */
export type DeliveryCheckCounts = Record<Exclude<DeliveryCheckFilter, 'OK' | 'PROBLEM'>, number>;

/**
 * The deliveries page's alerts from the counts: no method at all (then nothing else is worth saying), products
 * no method delivers, a package size some products have and no method carries, weight levels with products
 * without a weight. Nothing to say, no alert.
 */
export function deliveryAlerts(activeMethods: number, counts: DeliveryCheckCounts): DeliveryAlert[] {
  if (activeMethods === 0) {
    return [{ kind: 'NO_METHOD', count: counts.UNDELIVERABLE, packageSize: null, filter: 'UNDELIVERABLE' }];
  }
  const alerts: DeliveryAlert[] = [];
  if (counts.UNDELIVERABLE > 0) {
    alerts.push({ kind: 'UNDELIVERABLE', count: counts.UNDELIVERABLE, packageSize: null, filter: 'UNDELIVERABLE' });
  }
  for (const size of ['SMALLBOX', 'BIGBOX'] as const) {
    const count = counts[`NO_METHOD_FOR_${size}`];
    if (count > 0)
      alerts.push({ kind: 'NO_METHOD_FOR_SIZE', count, packageSize: size, filter: `NO_METHOD_FOR_${size}` });
  }
  if (counts.WEIGHT_MISSING > 0) {
    alerts.push({ kind: 'WEIGHT_MISSING', count: counts.WEIGHT_MISSING, packageSize: null, filter: 'WEIGHT_MISSING' });
  }
  return alerts;
}
