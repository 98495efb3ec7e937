import { formatWireDate, formatWireDay, type OrderStatus, V1_WIRE_TIME_ZONE } from '@pp/domain';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { orders } from '../../orders/tables';
import { z } from 'zod';
import type { OrderDetail } from '../../orders/service';

/**
 * Orders as the marketplace's API writes them and its clients read them: snake_case, dates
 * `YYYY-MM-DD HH:MM:SS` in Prague time (calendar days at midnight), item ids as strings, the delivery address
 * under `address`, the moment of each status under the status's name. Fields the portal does not keep are
 * null (the marketplace's customer number), never invented.
 */

const wireDate = z.string().describe('YYYY-MM-DD HH:MM:SS, Prague time');
const wireDateOrNull = wireDate.nullable();
const at = (date: Date | null) => (date ? formatWireDate(date) : null);
const day = (date: Date | null) => (date ? formatWireDay(date) : null);

export const v1BasicOrder = z.object({
  id: z.number().int(),
  purchase_id: z.string().nullable(),
  external_id: z.string().nullable(),
  customer_id: z.null(),
  customer: z.string(),
  cod: z.number(),
  payment_type: z.string(),
  ship_date: wireDateOrNull,
  tracking_number: z.string().nullable(),
  tracking_url: z.string().nullable(),
  delivered_at: wireDateOrNull,
  created: wireDate,
  status: z.string(),
  confirmed: z.boolean(),
  test: z.boolean(),
  mdp: z.boolean(),
});

/** A moment in the wire's format and time zone, written by the database (`formatWireDate`'s twin; tested equal). */
const wireDateSql = (column: AnyPgColumn) =>
  sql`to_char(${column} at time zone ${sql.raw(`'${V1_WIRE_TIME_ZONE}'`)}, 'YYYY-MM-DD HH24:MI:SS')`;
/** A calendar day as the wire writes it (`formatWireDay`'s twin). */
const wireDaySql = (column: AnyPgColumn) => sql`(to_char(${column}, 'YYYY-MM-DD') || ' 00:00:00')`;

/**
 * An order as a basic order (`filter=basic`), built by the database as JSON: the list's rows go out as the
 * database wrote them (ordersApiPage). Keys and values as `v1BasicOrder` says; the v1 tests hold each field to
 * the order's detail.
 */
export const basicOrderJsonSql = sql`json_build_object(
  'id', ${orders.id},
  'purchase_id', ${orders.purchaseId},
  'external_id', ${orders.externalId},
  'customer_id', null,
  'customer', ${orders.customerName},
  'cod', ${orders.cod}::float8,
  'payment_type', ${orders.paymentType},
  'ship_date', ${wireDaySql(orders.dispatchDate)},
  'tracking_number', ${orders.trackingNumber},
  'tracking_url', ${orders.trackingUrl},
  'delivered_at', ${wireDateSql(orders.deliveredAt)},
  'created', ${wireDateSql(orders.createdAt)},
  'status', ${orders.status},
  'confirmed', ${orders.confirmed},
  'test', ${orders.isTest},
  'mdp', ${orders.isMallDelivery}
)`;

/** An order's id as the id list writes it. */
export const orderIdJsonSql = sql`${orders.id}`;

const v1OrderItem = z.object({
  id: z.string().describe('The item id, a string on the wire'),
  article_id: z.string().nullable(),
  partner_article_id: z.string().nullable(),
  title: z.string(),
  quantity: z.number().int(),
  price: z.number().describe('Unit price'),
  total_discount: z.number(),
  vat: z.number(),
  commission: z.number().nullable(),
  cod_fee: z.number(),
  prepaid: z.number(),
  purchase_price: z.number().nullable(),
  serial_numbers: z.array(z.string()),
  references: z.array(z.string()),
});

const v1Address = z.object({
  customer_id: z.null(),
  name: z.string(),
  company: z.string().nullable(),
  phone: z.string(),
  email: z.string(),
  street: z.string(),
  city: z.string(),
  zip: z.string(),
  country: z.string(),
});

export const v1Order = z.object({
  id: z.number().int(),
  purchase_id: z.string().nullable(),
  external_id: z.string().nullable(),
  status: z.string(),
  confirmed: z.boolean(),
  test: z.boolean(),
  mdp: z.boolean().describe('A MALL Delivery order'),
  ready_to_return: z.boolean(),
  necessary_inspection: z.boolean(),
  order_type: z.string(),
  currency: z.string(),
  total: z.number(),
  discount: z.number(),
  cod: z.number(),
  cod_price: z.number().describe('The cash-on-delivery fee'),
  delivery_price: z.number(),
  payment_type: z.string(),
  delivery_type: z.string().nullable().describe('ADDRESS, PICKUP_POINT or PERSONAL_PICKUP'),
  delivery_method: z.string().describe('The carrier the order travels with, else the delivery type'),
  delivery_method_id: z.string(),
  branch_id: z.string().nullable(),
  branches: z.object({
    branch_id: z.string().nullable(),
    secondary_branch_id: z.string().nullable(),
    last_change: wireDateOrNull,
  }),
  parcel_count: z.number().int(),
  tracking_number: z.string().nullable(),
  tracking_url: z.string().nullable(),
  invoice_number: z.string().nullable(),
  created: wireDate,
  ship_date: wireDateOrNull.describe('The ship-by day'),
  delivery_date: wireDateOrNull.describe('The expected delivery day'),
  delivered_at: wireDateOrNull,
  first_delivery_attempt: wireDateOrNull,
  // The last moment the order entered each status.
  open: wireDateOrNull,
  blocked: wireDateOrNull,
  shipping: wireDateOrNull,
  shipped: wireDateOrNull,
  delivered: wireDateOrNull,
  cancelled: wireDateOrNull,
  returned: wireDateOrNull,
  lost: wireDateOrNull,
  address: v1Address,
  items: z.array(v1OrderItem),
  ulozenka_status_history: z.array(z.object({ id: z.number().int(), name: z.string(), date: wireDate })),
});

/** The last moment the order entered each status (its history; open is the order's creation until then). */
function statusMoments(detail: OrderDetail): Record<OrderStatus, string | null> {
  const last = new Map<string, Date>();
  for (const entry of detail.statusHistory) last.set(entry.status, entry.at);
  const moment = (status: OrderStatus) => at(last.get(status) ?? null);
  return {
    open: moment('open') ?? (detail.blockedAt ? null : formatWireDate(detail.createdAt)),
    blocked: moment('blocked') ?? at(detail.blockedAt),
    shipping: moment('shipping'),
    shipped: moment('shipped') ?? at(detail.shippedAt),
    delivered: moment('delivered') ?? at(detail.deliveredAt),
    cancelled: moment('cancelled'),
    returned: moment('returned'),
    lost: moment('lost'),
  };
}

/** One order with its items, address, delivery, payment and histories, as `GET /orders/{id}` answers it. */
export function orderWire(detail: OrderDetail): z.input<typeof v1Order> {
  const method = detail.transportId ?? detail.deliveryType ?? '';
  return {
    id: detail.id,
    purchase_id: detail.purchaseId,
    external_id: detail.externalId,
    status: detail.status,
    confirmed: detail.confirmed,
    test: detail.isTest,
    mdp: detail.isMallDelivery,
    ready_to_return: detail.readyToReturn,
    necessary_inspection: detail.necessaryInspection,
    order_type: detail.orderType,
    currency: detail.currency,
    total: detail.total,
    discount: detail.totalDiscount,
    cod: detail.cod,
    cod_price: detail.codFee,
    delivery_price: detail.deliveryPrice,
    payment_type: detail.paymentType,
    delivery_type: detail.deliveryType,
    delivery_method: method,
    delivery_method_id: method,
    branch_id: detail.branchId,
    branches: {
      branch_id: detail.branchId,
      secondary_branch_id: detail.secondaryBranchId,
      last_change: null,
    },
    parcel_count: detail.parcelCount,
    tracking_number: detail.trackingNumber,
    tracking_url: detail.trackingUrl,
    invoice_number: detail.invoiceNumber,
    created: formatWireDate(detail.createdAt),
    ship_date: day(detail.dispatchDate),
    delivery_date: day(detail.deliveryDate),
    delivered_at: at(detail.deliveredAt),
    first_delivery_attempt: at(detail.firstDeliveryAttemptAt),
    ...statusMoments(detail),
    address: {
      customer_id: null,
      name: detail.customerName,
      company: detail.deliveryCompany,
      phone: detail.customerPhone ?? '',
      email: detail.customerEmail ?? '',
      street: detail.deliveryStreet ?? '',
      city: detail.deliveryCity ?? '',
      zip: detail.deliveryZip ?? '',
      country: detail.deliveryCountry ?? '',
    },
    items: detail.items.map((item) => ({
      id: String(item.id),
      article_id: item.articleId,
      partner_article_id: item.partnerArticleId,
      title: item.title,
      quantity: item.quantity,
      price: item.unitPrice,
      total_discount: item.totalDiscount,
      vat: item.vat,
      commission: item.commission,
      cod_fee: item.codFee,
      prepaid: item.prepaid,
      purchase_price: item.purchasePrice,
      serial_numbers: item.serialNumbers,
      references: item.references,
    })),
    ulozenka_status_history: detail.shipmentHistory.map((entry) => ({
      id: Number(entry.id),
      name: entry.status,
      date: formatWireDate(entry.at),
    })),
  };
}

const count = z.number().int();

/** How many orders of the asked days are in each status now. */
export const v1OrderStats = z.object({
  blocked: count,
  open: count,
  shipping: count,
  shipped: count,
  cancelled: count,
  delivered: count,
  lost: count,
  returned: count,
});

export const v1Labels = z.object({
  orders: z.array(z.object({ order_id: z.number().int(), barcodes: z.array(z.string()) })),
  labels_raw: z.string().describe('The PDF or ZPL file, base64'),
});
