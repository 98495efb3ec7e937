import type { V1Route } from './route';
import { AVAILABILITY_ROUTES } from './routes-availability';
import { CATALOG_ROUTES } from './routes-catalog';
import { DELIVERY_PRICING_ROUTES } from './routes-delivery-pricing';
import { DELIVERY_ROUTES } from './routes-deliveries';
import { FINANCE_ROUTES } from './routes-finance';
import { ORDER_LABEL_ROUTES } from './routes-order-labels';
import { ORDER_ROUTES } from './routes-orders';
import { PRODUCT_ROUTES } from './routes-products';
import { VARIANT_ROUTES } from './routes-variants';

/** Every route of the v1 API: what the plugin serves and the OpenAPI document lists. */
export const V1_ROUTES: readonly V1Route[] = [
  ...CATALOG_ROUTES,
  ...DELIVERY_ROUTES,
  ...DELIVERY_PRICING_ROUTES,
  ...FINANCE_ROUTES,
  ...ORDER_LABEL_ROUTES,
  ...ORDER_ROUTES,
  ...AVAILABILITY_ROUTES,
  ...PRODUCT_ROUTES,
  ...VARIANT_ROUTES,
];
