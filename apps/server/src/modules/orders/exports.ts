import {
  filterInterval,
  DomainError,
  exportIntervalIssue,
  type GridFilter,
  MAX_PAGE_SIZE,
  type OrderStatus,
  paymentGroupOf,
} from '@pp/domain';
import { and, asc, count, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Platform } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import {
  type ExportCell,
  type ExportFormat,
  type ExportKind,
  gridExportParams,
  registerExport,
  startExport,
} from '../../platform/exports/index';
import type { GridCursorKeys } from '../../platform/grid';
import { createRequestContext } from '../../platform/request-context';
import { ORDER_ROW_FIELDS, ORDERS_VIEWS, type OrdersView, ordersGridQuery } from './grid';
import { orderItems, orders } from './tables';

/**
 * What an orders export takes: the grid's request as the DataGrid sends it (filters, sort, search; paging is
 * ignored, the file holds every matching row) and the tab. The kind fixes the tab where the spec names one.
 */
export interface OrdersExportParams {
  view: OrdersView;
  grid: { filters: GridFilter[]; sort: unknown; search: unknown };
  /** Only orders sent to a pickup point (the Packeta layouts). */
  pickupPointsOnly: boolean;
}

const CREATED_AT = 'createdAt';

/** What an orders export may be sent: the grid's request and the tab (fixed-tab kinds ignore it). */
const ordersExportParams = gridExportParams.extend({ view: z.enum(ORDERS_VIEWS).optional() });

function parseParams(params: unknown, fixed: { view?: OrdersView; pickupPointsOnly: boolean }): OrdersExportParams {
  const input = (params && typeof params === 'object' ? params : {}) as Record<string, unknown>;
  const view = fixed.view ?? input.view ?? 'ALL';
  if (typeof view !== 'string' || !(ORDERS_VIEWS as readonly string[]).includes(view)) {
    throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'view', rule: 'invalid' }]);
  }
  const grid = { filters: input.filters ?? [], sort: input.sort ?? null, search: input.search ?? null };
  // The grid's own validation: unknown fields, operators and values are refused as the grid refuses them.
  const { q } = ordersGridQuery(0, view as OrdersView, grid);
  const interval = filterInterval(q.request.filters, CREATED_AT);
  // The interval must start no earlier than 3 months before its end (spec §5); an export of everything is refused.
  const rule = interval.from === null ? 'exportIntervalRequired' : exportIntervalIssue(interval.from, interval.to);
  if (rule) throw new DomainError('VALIDATION_ERROR', {}, [{ field: `filter.${CREATED_AT}`, rule }]);
  return {
    view: view as OrdersView,
    grid: { filters: q.request.filters, sort: q.request.sort ?? null, search: q.request.search ?? null },
    pickupPointsOnly: fixed.pickupPointsOnly,
  };
}

/**
 * The matching orders in the grid's order, 500 at a time, each batch a seek past the previous one (the grid's
 * keyset cursor, read through `readRows`, which keeps a seek on a nullable sort column to index ranges): the
 * 200th batch costs what the first does, and no query holds a transaction open.
 */
async function* orderBatches<F extends Record<string, PgColumn>>(
  db: DbOrTx,
  partnerId: number,
  params: OrdersExportParams,
  fields: F,
): AsyncGenerator<SelectResultFields<F>[]> {
  const now = new Date();
  let after: string | null = null;
  do {
    const { q, countWhere } = ordersGridQuery(
      partnerId,
      params.view,
      { ...params.grid, perPage: MAX_PAGE_SIZE, after },
      now,
    );
    const scope = params.pickupPointsOnly ? and(countWhere, pickupPoint) : countWhere;
    // The select's row type is lost on a generic selection; it is the selection's result plus the cursor keys.
    const rows = await q.readRows(
      (seek, limit, offset) =>
        db
          .select({ ...(fields as Record<string, PgColumn>), ...q.cursorFields })
          .from(orders)
          .where(and(scope, seek))
          .orderBy(...q.orderBy)
          .limit(limit)
          .offset(offset) as unknown as Promise<(SelectResultFields<F> & GridCursorKeys)[]>,
    );
    const page = q.toPage(rows, { total: 0, totalExact: true }, (row) => row);
    after = page.nextCursor ?? null;
    if (page.items.length) yield page.items;
  } while (after);
}

const pickupPoint: SQL = and(eq(orders.deliveryType, 'PICKUP_POINT'), isNotNull(orders.branchId))!;

async function countOrders(db: DbOrTx, partnerId: number, params: OrdersExportParams): Promise<number> {
  const { where } = ordersGridQuery(partnerId, params.view, params.grid);
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(params.pickupPointsOnly ? and(where, pickupPoint) : where);
  return row?.n ?? 0;
}

function day(value: Date | null): string | null {
  return value ? value.toISOString().slice(0, 10) : null;
}

function stamp(now = new Date()): string {
  return now.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
}

/** The grid's columns (contract: orders grid), in its order; codes stay codes so the file can be read back. */
const GRID_COLUMNS = [
  'id',
  'purchaseId',
  'externalId',
  'status',
  'confirmed',
  'createdAt',
  'deliveryDate',
  'shippedAt',
  'deliveredAt',
  'customerName',
  'deliveryCity',
  'deliveryCountry',
  'deliveryType',
  'branchId',
  'paymentType',
  'paymentGroup',
  'total',
  'cod',
  'currency',
  'trackingNumber',
  'parcelCount',
  'isTest',
  'isMallDelivery',
  'readyToReturn',
  // Added last (issue 18): a seller's script that reads the file by position keeps working.
  'orderType',
] as const;

function gridKind(kind: string, fixed: { view?: OrdersView }): ExportKind<OrdersExportParams> {
  return {
    kind,
    resource: 'orders',
    action: 'read',
    params: ordersExportParams,
    parse: (params) => parseParams(params, { ...fixed, pickupPointsOnly: false }),
    columns: (t) => GRID_COLUMNS.map((c) => t(`exports.columns.${c}`)),
    async *rows(db, partnerId, params) {
      const batches = orderBatches(db, partnerId, params, ORDER_ROW_FIELDS);
      for await (const batch of batches) {
        yield batch.map((o): ExportCell[] => [
          o.id,
          o.purchaseId,
          o.externalId,
          o.status as OrderStatus,
          o.confirmed,
          o.createdAt,
          day(o.deliveryDate),
          o.shippedAt,
          o.deliveredAt,
          o.customerName,
          o.deliveryCity,
          o.deliveryCountry,
          o.deliveryType,
          o.branchId,
          o.paymentType,
          paymentGroupOf(o.paymentType),
          o.total,
          o.cod,
          o.currency,
          o.trackingNumber,
          o.parcelCount,
          o.isTest,
          o.isMallDelivery,
          o.readyToReturn,
          o.orderType,
        ]);
      }
    },
    count: countOrders,
    fileName: () => `${kind}-${stamp()}`,
  };
}

const BILLING_COLUMNS = [
  'id',
  'purchaseId',
  'createdAt',
  'status',
  'currency',
  'paymentType',
  'itemId',
  'articleId',
  'partnerArticleId',
  'title',
  'quantity',
  'unitPrice',
  'totalDiscount',
  'priceWithVat',
  'vatRate',
  'priceWithoutVat',
  'vatAmount',
  'commission',
  'codFee',
] as const;

const cents = (value: number) => Math.round(value * 100) / 100;

/** What an item line costs the customer, and its split into price without VAT and VAT (rounded to cents). */
export function itemMoney(item: { quantity: number; unitPrice: number; totalDiscount: number; vat: number }) {
  const withVat = cents(item.quantity * item.unitPrice - item.totalDiscount);
  const withoutVat = cents(withVat / (1 + item.vat / 100));
  return { withVat, withoutVat, vatAmount: cents(withVat - withoutVat) };
}

/** One row per item of the matching orders (the billing export): price, VAT and commission per item. */
const billingKind: ExportKind<OrdersExportParams> = {
  kind: 'billing-orders',
  resource: 'orders',
  action: 'read',
  params: ordersExportParams,
  parse: (params) => parseParams(params, { pickupPointsOnly: false }),
  columns: (t) => BILLING_COLUMNS.map((c) => t(`exports.columns.${c}`)),
  async *rows(db, partnerId, params) {
    const fields = {
      id: orders.id,
      purchaseId: orders.purchaseId,
      createdAt: orders.createdAt,
      status: orders.status,
      currency: orders.currency,
      paymentType: orders.paymentType,
    };
    const batches = orderBatches(db, partnerId, params, fields);
    for await (const batch of batches) {
      const items = await db
        .select()
        .from(orderItems)
        .where(
          and(
            eq(orderItems.partnerId, partnerId),
            inArray(
              orderItems.orderId,
              batch.map((o) => o.id),
            ),
          ),
        )
        .orderBy(asc(orderItems.orderId), asc(orderItems.id));
      const byOrder = new Map<number, typeof items>();
      for (const item of items) {
        const list = byOrder.get(item.orderId);
        if (list) list.push(item);
        else byOrder.set(item.orderId, [item]);
      }
      yield batch.flatMap((o) =>
        (byOrder.get(o.id) ?? []).map((item): ExportCell[] => {
          const money = itemMoney(item);
          return [
            o.id,
            o.purchaseId,
            o.createdAt,
            o.status,
            o.currency,
            o.paymentType,
            item.id,
            item.articleId,
            item.partnerArticleId,
            item.title,
            item.quantity,
            item.unitPrice,
            item.totalDiscount,
            money.withVat,
            item.vat,
            money.withoutVat,
            money.vatAmount,
            item.commission,
            item.codFee,
          ];
        }),
      );
    }
  },
  count: countOrders,
  fileName: () => `billing-orders-${stamp()}`,
};

/**
 * Packeta's (Zásilkovna's) CSV import layout, one row per pickup-point order, in the column order of its
 * import format: reserved, order number, first name, surname, company, e-mail, phone, COD amount, currency,
 * value, weight, pickup point, sender label, adult content, delayed delivery, street, house number, city,
 * ZIP, carrier pickup point, width, height, length, note. Headers are Packeta's names, not ours to translate.
 */
export const PACKETA_COLUMNS = [
  'Reserved',
  'Order number',
  'Name',
  'Surname',
  'Company',
  'E-mail',
  'Phone',
  'COD',
  'Currency',
  'Value',
  'Weight',
  'Pickup point or carrier ID',
  'Sender label',
  'Adult content',
  'Delayed delivery',
  'Street',
  'House number',
  'City',
  'ZIP',
  'Carrier pickup point',
  'Width',
  'Height',
  'Length',
  'Note',
] as const;

/** "Jana Nováková" → Jana / Nováková; a single word is the surname (Packeta requires one). */
export function splitName(name: string): [string, string] {
  const parts = name.trim().split(/\s+/);
  if (parts.length < 2) return ['', parts[0] ?? ''];
  return [parts[0]!, parts.slice(1).join(' ')];
}

function packetaKind(kind: string, fixed: { view?: OrdersView }): ExportKind<OrdersExportParams> {
  const fields = {
    id: orders.id,
    purchaseId: orders.purchaseId,
    customerName: orders.customerName,
    customerEmail: orders.customerEmail,
    customerPhone: orders.customerPhone,
    deliveryCompany: orders.deliveryCompany,
    deliveryStreet: orders.deliveryStreet,
    deliveryCity: orders.deliveryCity,
    deliveryZip: orders.deliveryZip,
    branchId: orders.branchId,
    cod: orders.cod,
    total: orders.total,
    currency: orders.currency,
  };
  return {
    kind,
    resource: 'orders',
    action: 'read',
    params: ordersExportParams,
    parse: (params) => parseParams(params, { ...fixed, pickupPointsOnly: true }),
    columns: () => [...PACKETA_COLUMNS],
    async *rows(db, partnerId, params) {
      const batches = orderBatches(db, partnerId, params, fields);
      for await (const batch of batches) {
        yield batch.map((o): ExportCell[] => {
          const [first, last] = splitName(o.customerName);
          return [
            null,
            o.id,
            first,
            last,
            o.deliveryCompany,
            o.customerEmail,
            o.customerPhone,
            o.cod > 0 ? o.cod : null,
            o.currency,
            o.total,
            null,
            o.branchId,
            null,
            0,
            null,
            o.deliveryStreet,
            null,
            o.deliveryCity,
            o.deliveryZip,
            null,
            null,
            null,
            null,
            o.purchaseId,
          ];
        });
      }
    },
    count: countOrders,
    fileName: () => `${kind}-${stamp()}`,
  };
}

/** The orders exports the spec names (commerce §7), each a kind of the platform's export job. */
export const ORDERS_EXPORTS = {
  orders: registerExport(gridKind('orders', {})),
  'orders-missing': registerExport(gridKind('orders-missing', { view: 'MISSING' })),
  'billing-orders': registerExport(billingKind),
  'orders-zasilkovna': registerExport(packetaKind('orders-zasilkovna', {})),
  'orders-missing-zasilkovna': registerExport(packetaKind('orders-missing-zasilkovna', { view: 'MISSING' })),
} as const;

/** The spec's REST paths (commerce §7) and the export each starts. */
const REST_PATHS: Record<string, keyof typeof ORDERS_EXPORTS> = {
  '/portal/export/orders': 'orders',
  '/portal/export/orders/zasilkovna': 'orders-zasilkovna',
  '/portal/export/orders-missing': 'orders-missing',
  '/portal/export/orders-missing/zasilkovna': 'orders-missing-zasilkovna',
  '/portal/export/billing-orders': 'billing-orders',
};

/**
 * GET /portal/export/…?format=csv|xlsx&grid=<the grid request as JSON>[&view=OPEN]: starts the same export job
 * as the GraphQL mutation and answers 202 with it; the file arrives on the live stream.
 */
export function registerOrdersExportRoutes(app: FastifyInstance, platform: Platform) {
  for (const [path, kind] of Object.entries(REST_PATHS)) {
    app.get<{ Querystring: { format?: string; grid?: string; view?: string } }>(path, async (request, reply) => {
      const ctx = await createRequestContext(platform, request);
      const format = (request.query.format ?? 'csv').toUpperCase();
      if (format !== 'CSV' && format !== 'XLSX') {
        throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'format', rule: 'invalid' }]);
      }
      let grid: unknown = {};
      if (request.query.grid) {
        try {
          grid = JSON.parse(request.query.grid);
        } catch {
          throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'grid', rule: 'invalid' }]);
        }
        if (!grid || typeof grid !== 'object' || Array.isArray(grid)) {
          throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'grid', rule: 'invalid' }]);
        }
      }
      const params = { ...(grid as object), ...(request.query.view ? { view: request.query.view } : {}) };
      const job = await startExport(ctx, kind, format as ExportFormat, params);
      return reply.status(202).send(job);
    });
  }
}
