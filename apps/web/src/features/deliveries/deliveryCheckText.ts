import type { TFunction } from 'i18next';
import type { DeliveryProblemRow } from './checksOperations';

/** A package size of the methods' spelling (SMALLBOX) in the words of the product form (products.detail.packageSizes). */
export function packageSizeLabel(size: string | null | undefined, t: TFunction): string {
  return size ? t(`products.detail.packageSizes.${size.toLowerCase()}`, { defaultValue: size }) : '';
}

/** One delivery problem of a product as a sentence (deliveries.checks.problem.*). */
export function deliveryProblemText(p: DeliveryProblemRow, t: TFunction, number: (value: number) => string): string {
  const method = p.methodTitle ?? p.methodCode ?? '';
  switch (p.kind) {
    case 'NO_METHOD':
      return t('deliveries.checks.problem.NO_METHOD');
    case 'NO_METHOD_FOR_PACKAGE_SIZE':
      return t('deliveries.checks.problem.NO_METHOD_FOR_PACKAGE_SIZE', { size: packageSizeLabel(p.packageSize, t) });
    case 'WEIGHT_MISSING':
      return t('deliveries.checks.problem.WEIGHT_MISSING', { method });
    case 'OVER_SIZE_LIMIT':
    case 'OVER_WEIGHT_LIMIT':
      return t(`deliveries.checks.problem.${p.kind}_${p.bound === 'MIN' ? 'MIN' : 'MAX'}`, {
        method,
        measure: p.measure ? t(`deliveries.checks.measure.${p.measure}`) : '',
        value: p.value == null ? '' : number(p.value),
        limit: p.limit == null ? '' : number(p.limit),
      });
  }
}
