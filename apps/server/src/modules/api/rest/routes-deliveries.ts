import { type DeliveryAlert, DomainError } from '@pp/domain';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { RequestContext } from '../../../platform/context';
import { translate } from '../../../platform/i18n';
import { partnerDeliveryAlerts } from '../../deliveries/checks-service';
import { deliveryFilterSql, loadCheckMethods } from '../../deliveries/checks-sql';
import { listDeliveries } from '../../deliveries/service';
import { products } from '../../products/tables';
import { v1Route } from './route';

/** Delivery checks and the partner's delivery methods (issue 20 point 5), through the deliveries services. */

/** Product ids named per check at most: the count in the message says how many there are in all. */
export const CHECK_ARTICLES_MAX = 1_000;

const checkError = z.object({
  code: z.string(),
  attribute: z.string(),
  value: z.string(),
  msg: z.string(),
  articles: z.array(z.string()),
});

/** The marketplace's spelling of each alert of the deliveries page. */
function wireCheck(alert: DeliveryAlert): { code: string; attribute: string; value: string } {
  switch (alert.kind) {
    case 'NO_METHOD':
      return { code: 'MISSING_DELIVERY', attribute: 'delivery', value: '' };
    case 'NO_METHOD_FOR_SIZE':
      return { code: 'MISSING_PACKAGE_DELIVERY', attribute: 'package_size', value: alert.packageSize!.toLowerCase() };
    case 'WEIGHT_MISSING':
      return { code: 'MISSING_WEIGHT', attribute: 'weight', value: '' };
    default:
      return { code: 'UNDELIVERABLE', attribute: 'delivery', value: '' };
  }
}

/**
 * The deliveries page's alerts with the products each concerns: the counts come from the same service, the
 * products from the same SQL the products grid's delivery filter uses, so the three always agree.
 */
async function deliveryCheckErrors(ctx: RequestContext) {
  const alerts = await partnerDeliveryAlerts(ctx);
  const { partnerId } = await ctx.require('deliveries', 'read');
  const methods = await loadCheckMethods(ctx.db, partnerId);
  return Promise.all(
    alerts.map(async (alert) => {
      const rows = await ctx.db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.partnerId, partnerId), deliveryFilterSql(methods, alert.filter)))
        .orderBy(asc(products.id))
        .limit(CHECK_ARTICLES_MAX);
      return {
        ...wireCheck(alert),
        msg: translate(ctx.lang, `deliveries.alerts.${alert.kind}`, {
          count: alert.count,
          size: alert.packageSize ?? '',
        }),
        articles: rows.map((r) => r.id),
      };
    }),
  );
}

const checks = v1Route({
  method: 'GET',
  path: '/checks/deliveries',
  summary: 'Products that cannot be delivered with the active delivery methods, by cause',
  tag: 'Deliveries',
  data: z.array(checkError),
  alsoAs: 'errors',
  async handler(ctx) {
    return { data: await deliveryCheckErrors(ctx) };
  },
});

const nullableNumber = z.number().nullable();

const delivery = z.object({
  code: z.string(),
  title: z.string(),
  price: z.number(),
  cod_price: nullableNumber,
  free_limit: nullableNumber,
  delivery_delay: z.number().int(),
  is_pickup_point: z.boolean(),
  package_size: z.enum(['smallbox', 'bigbox']).nullable(),
  height_min: nullableNumber,
  height_max: nullableNumber,
  length_min: nullableNumber,
  length_max: nullableNumber,
  width_min: nullableNumber,
  width_max: nullableNumber,
  weight_min: nullableNumber,
  weight_max: nullableNumber,
  priority: z.number().int(),
  active: z.boolean(),
  transport: z.string(),
});

type DeliveryRow = Awaited<ReturnType<typeof listDeliveries>>[number];

function wireDelivery(d: DeliveryRow): z.input<typeof delivery> {
  return {
    code: d.code,
    title: d.title,
    price: d.price,
    cod_price: d.codPrice,
    free_limit: d.freeLimit,
    delivery_delay: d.deliveryDelay,
    is_pickup_point: d.isPickupPoint,
    package_size: d.packageSize ? (d.packageSize.toLowerCase() as 'smallbox' | 'bigbox') : null,
    height_min: d.minHeight,
    height_max: d.maxHeight,
    length_min: d.minLength,
    length_max: d.maxLength,
    width_min: d.minWidth,
    width_max: d.maxWidth,
    weight_min: d.minWeight,
    weight_max: d.maxWeight,
    priority: d.priority,
    active: d.active,
    transport: d.transport,
  };
}

const partnerDeliveries = v1Route({
  method: 'GET',
  path: '/deliveries/partner',
  summary: "The codes of the partner's own delivery methods",
  tag: 'Deliveries',
  data: z.object({ ids: z.array(z.string()) }),
  async handler(ctx) {
    return { data: { ids: (await listDeliveries(ctx)).map((d) => d.code) } };
  },
});

const partnerDelivery = v1Route({
  method: 'GET',
  path: '/deliveries/partner/:code',
  summary: 'One of the partner’s delivery methods by its code',
  tag: 'Deliveries',
  params: z.object({ code: z.string().max(64) }),
  data: delivery,
  async handler(ctx, { params }) {
    const found = (await listDeliveries(ctx)).find((d) => d.code === params.code);
    if (!found) throw new DomainError('DELIVERY_NOT_FOUND');
    return { data: wireDelivery(found) };
  },
});

export const DELIVERY_ROUTES = [checks, partnerDeliveries, partnerDelivery];
