import {
  DomainError,
  LOCALE_TAGS,
  labelRefusal,
  labelRequestSchema,
  ORDER_STATUSES,
  type OrderStatus,
  paymentGroupOf,
  parcelNumber,
} from '@pp/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { validationError } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { branchesByIds } from '../deliveries/carriers/branches';
import { carriageOf, labelSender, orderWeights, partnerCarriers } from './label-parts';
import { moneyText } from './pdf';
import { renderPdf } from './pdf-pool';
import type { LabelText } from './pdf-render';
import { orders } from './tables';

/** One print makes at most this many labels (parcels): a few thousand pages is the most a printer queue takes. */
export const LABELS_MAX = 5000;

export interface LabelFile {
  fileName: string;
  contentType: string;
  body: Uint8Array | string;
  labels: number;
  /** The barcode of each parcel, per order in the order asked (the partner API answers them). */
  orders: { orderId: number; barcodes: string[] }[];
}

export interface LabelOptions {
  /**
   * Parcels of an order for this print instead of the order's own count (the partner API's `parcel_count`):
   * the connector knows how many boxes it packed.
   */
  parcelCounts?: ReadonlyMap<number, number>;
}

function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * The labels of the chosen orders of the caller's partner, one per parcel ("1/3", "2/3", …), as a PDF or as
 * ZPL. Every order must be ready for a consignment: one that is not refuses the whole print, naming it,
 * so a sheet never comes out with a parcel silently missing.
 */
export async function orderLabels(ctx: RequestContext, input: unknown, options: LabelOptions = {}): Promise<LabelFile> {
  const { partnerId } = await ctx.require('orders', 'read');
  const parsed = labelRequestSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const request = parsed.data;
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.partnerId, partnerId), inArray(orders.id, request.orderIds)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const [sender, carriers, weights, branches] = await Promise.all([
    labelSender(ctx.db, partnerId),
    partnerCarriers(ctx.db, partnerId),
    orderWeights(ctx.db, partnerId, request.orderIds),
    branchesByIds(
      ctx.db,
      rows.filter((r) => r.deliveryType === 'PICKUP_POINT').map((r) => r.branchId),
    ),
  ]);
  const t = (key: string, params: Record<string, string | number> = {}) =>
    translate(ctx.lang, `orders.labels.${key}`, params);
  const kilograms = new Intl.NumberFormat(LOCALE_TAGS[ctx.lang], {
    style: 'unit',
    unit: 'kilogram',
    maximumFractionDigits: 2,
  });

  const labels: LabelText[] = [];
  const barcodes: LabelFile['orders'] = [];
  for (const orderId of request.orderIds) {
    const order = byId.get(orderId);
    if (!order || !isOrderStatus(order.status)) throw new DomainError('ORDER_NOT_FOUND', { orderId });
    const refusal = labelRefusal({ status: order.status, confirmed: order.confirmed });
    if (refusal) throw new DomainError(refusal, { orderId });
    const { carrier, branch } = carriageOf(order, carriers, branches);
    const pickup = order.deliveryType === 'PICKUP_POINT';
    const service = order.deliveryType
      ? translate(ctx.lang, `orders.deliveryMethod.${order.deliveryType}`, {})
      : t('serviceUnknown');
    const recipient = [
      order.customerName,
      ...(pickup
        ? []
        : [
            order.deliveryCompany ?? '',
            order.deliveryStreet ?? '',
            `${order.deliveryZip ?? ''} ${order.deliveryCity ?? ''}`.trim(),
            order.deliveryCountry ?? '',
          ]),
      order.customerPhone ?? '',
    ].filter(Boolean);
    const pickupPoint = pickup
      ? branch
        ? [`${branch.name} (${branch.code})`, branch.street, `${branch.zip} ${branch.city}`, branch.country]
        : [t('branchId', { branch: order.branchId ?? '' })]
      : null;
    const cod =
      paymentGroupOf(order.paymentType) === 'CASH_ON_DELIVERY'
        ? moneyText(order.cod > 0 ? order.cod : order.total, order.currency, ctx.lang)
        : null;
    const parcels = Math.max(options.parcelCounts?.get(orderId) ?? order.parcelCount, 1);
    const kg = weights.get(orderId);
    const weight =
      kg === undefined ? null : t(parcels === 1 ? 'weight' : 'weightTotal', { weight: kilograms.format(kg) });
    if (labels.length + parcels > LABELS_MAX) {
      throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'orderIds', rule: 'max', params: { 0: LABELS_MAX } }]);
    }
    // The carrier routes a single parcel by the tracking number the seller got from it; several parcels of one
    // order each need their own number, which only the parcel number gives.
    const tracking = order.trackingNumber?.trim() || null;
    const routable = tracking && parcels === 1 && /^[\x20-\x7e]{1,40}$/.test(tracking) ? tracking : null;
    const numbers: string[] = [];
    barcodes.push({ orderId, barcodes: numbers });
    for (let parcel = 1; parcel <= parcels; parcel++) {
      numbers.push(routable ?? parcelNumber(orderId, parcel));
      labels.push({
        carrier: carrier ? t('carrier', { carrier, service }) : service,
        senderTitle: t('sender'),
        sender: [sender.name, ...sender.address].filter(Boolean),
        recipientTitle: t('recipient'),
        recipient,
        pickupPointTitle: pickupPoint ? t('pickupPointTitle') : null,
        pickupPoint: pickupPoint ?? [],
        order: t('order', { id: orderId }),
        purchase: order.purchaseId ? t('purchase', { id: order.purchaseId }) : null,
        parcel: t('parcel', { parcel, parcels }),
        weight,
        cod: cod ? t('cod', { amount: cod }) : null,
        number: numbers[parcel - 1]!,
      });
    }
  }
  const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');
  if (request.format === 'zpl') {
    return {
      fileName: `labels-${stamp}.zpl`,
      contentType: 'text/plain; charset=utf-8',
      body: zpl(labels),
      labels: labels.length,
      orders: barcodes,
    };
  }
  return {
    fileName: `labels-${stamp}.pdf`,
    contentType: 'application/pdf',
    // Drawn in a worker thread: hundreds of pages must not hold this thread, which answers everyone else.
    body: await renderPdf(partnerId, {
      kind: 'labels',
      document: {
        title: t('title'),
        labelsPerPage: request.labelsPerPage,
        firstPosition: request.firstPosition,
        labels,
      },
    }),
    labels: labels.length,
    orders: barcodes,
  };
}

/** ZPL field data: ^ and ~ are the printer's command characters and never appear inside a field. */
function zplText(text: string): string {
  // Printer fonts may lack the narrow and no-break spaces locales group digits with.
  return text.replace(/[\^~\\]/g, ' ').replace(/[\u00a0\u2000-\u200b\u202f\u205f]/g, ' ');
}

/** One ^XA…^XZ block per parcel, 4×6 inch at 203 dpi, UTF-8 (^CI28), the routing number as Code 128. */
function zpl(labels: LabelText[]): string {
  return labels
    .map((label) => {
      const lines: string[] = ['^XA', '^CI28', '^PW812', '^LL1218'];
      let y = 40;
      const field = (text: string, size = 28) => {
        lines.push(`^FO40,${y}^A0N,${size},${size}^FD${zplText(text)}^FS`);
        y += size + 12;
      };
      field(label.carrier, 40);
      y += 10;
      field(label.senderTitle, 22);
      for (const line of label.sender) field(line, 26);
      y += 16;
      field(label.recipientTitle, 22);
      for (const line of label.recipient) field(line, 36);
      if (label.pickupPointTitle) {
        y += 10;
        field(label.pickupPointTitle, 22);
        for (const line of label.pickupPoint) field(line, 30);
      }
      y += 16;
      field(label.order, 32);
      field(label.parcel, 40);
      if (label.weight) field(label.weight, 28);
      if (label.cod) field(label.cod, 44);
      // ^BC with the interpretation line; the printer picks code sets itself, as Code 128 allows.
      lines.push(`^FO40,${Math.max(y + 20, 900)}^BY3^BCN,200,Y,N,N^FD${zplText(label.number)}^FS`);
      lines.push('^XZ');
      return lines.join('\n');
    })
    .join('\n');
}
