import {
  DomainError,
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
import { partners } from '../partner/tables';
import { branchById } from './branches';
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
}

function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * The labels of the chosen orders of the caller's partner, one per parcel ("1/3", "2/3", …), as a PDF or as
 * ZPL. Every order must be ready for a consignment: one that is not refuses the whole print, naming it,
 * so a sheet never comes out with a parcel silently missing.
 */
export async function orderLabels(ctx: RequestContext, input: unknown): Promise<LabelFile> {
  const { partnerId } = await ctx.require('orders', 'read');
  const parsed = labelRequestSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const request = parsed.data;
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.partnerId, partnerId), inArray(orders.id, request.orderIds)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const [partner] = await ctx.db.select().from(partners).where(eq(partners.id, partnerId));
  const t = (key: string, params: Record<string, string | number> = {}) =>
    translate(ctx.lang, `orders.labels.${key}`, params);
  const sender = [partner?.partnerName ?? '', partner?.mallName ?? '', partner?.country ?? ''].filter(Boolean);

  const labels: LabelText[] = [];
  for (const orderId of request.orderIds) {
    const order = byId.get(orderId);
    if (!order || !isOrderStatus(order.status)) throw new DomainError('ORDER_NOT_FOUND', { orderId });
    const refusal = labelRefusal({ status: order.status, confirmed: order.confirmed });
    if (refusal) throw new DomainError(refusal, { orderId });
    const branch = order.deliveryType === 'PICKUP_POINT' ? branchById(order.branchId) : null;
    const recipient = [
      order.customerName,
      ...(order.deliveryType === 'PICKUP_POINT'
        ? [
            t('pickupPoint', { branch: branch?.name ?? order.branchId ?? '' }),
            ...(branch ? [branch.street, `${branch.zip} ${branch.city}`, branch.country] : []),
          ]
        : [
            order.deliveryCompany ?? '',
            order.deliveryStreet ?? '',
            `${order.deliveryZip ?? ''} ${order.deliveryCity ?? ''}`.trim(),
            order.deliveryCountry ?? '',
          ]),
      order.customerPhone ?? '',
    ].filter(Boolean);
    const cod =
      paymentGroupOf(order.paymentType) === 'CASH_ON_DELIVERY'
        ? moneyText(order.cod > 0 ? order.cod : order.total, order.currency, ctx.lang)
        : null;
    const parcels = Math.max(order.parcelCount, 1);
    if (labels.length + parcels > LABELS_MAX) {
      throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'orderIds', rule: 'max', params: { 0: LABELS_MAX } }]);
    }
    for (let parcel = 1; parcel <= parcels; parcel++) {
      labels.push({
        senderTitle: t('sender'),
        sender,
        recipientTitle: t('recipient'),
        recipient,
        order: t('order', { id: orderId }),
        purchase: order.purchaseId ? t('purchase', { id: order.purchaseId }) : null,
        parcel: t('parcel', { parcel, parcels }),
        cod: cod ? t('cod', { amount: cod }) : null,
        number: parcelNumber(orderId, parcel),
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
  };
}

/** ZPL field data: ^ and ~ are the printer's command characters and never appear inside a field. */
function zplText(text: string): string {
  // Printer fonts may lack the narrow and no-break spaces locales group digits with.
  return text.replace(/[\^~\\]/g, ' ').replace(/[\u00a0\u2000-\u200b\u202f\u205f]/g, ' ');
}

/** One ^XA…^XZ block per parcel, 4×6 inch at 203 dpi, UTF-8 (^CI28), the parcel number as Code 128. */
function zpl(labels: LabelText[]): string {
  return labels
    .map((label) => {
      const lines: string[] = ['^XA', '^CI28', '^PW812', '^LL1218'];
      let y = 40;
      const field = (text: string, size = 28) => {
        lines.push(`^FO40,${y}^A0N,${size},${size}^FD${zplText(text)}^FS`);
        y += size + 12;
      };
      field(label.senderTitle, 22);
      for (const line of label.sender) field(line);
      y += 20;
      field(label.recipientTitle, 22);
      for (const line of label.recipient) field(line, 36);
      y += 20;
      field(label.order, 32);
      field(label.parcel, 40);
      if (label.cod) field(label.cod, 44);
      lines.push(`^FO40,${Math.max(y + 30, 820)}^BY3^BCN,220,Y,N,N^FD${zplText(label.number)}^FS`);
      lines.push('^XZ');
      return lines.join('\n');
    })
    .join('\n');
}
