import {
  DomainError,
  type LabelRequest,
  labelRefusal,
  labelRequestSchema,
  labelSlots,
  ORDER_STATUSES,
  type OrderStatus,
  paymentGroupOf,
  parcelNumber,
} from '@pp/domain';
import bwipjs from 'bwip-js/node';
import { and, eq, inArray } from 'drizzle-orm';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import type { RequestContext } from '../../platform/context';
import { validationError } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { partners } from '../partner/tables';
import { branchById } from './branches';
import { fitText, moneyText, pdfFonts } from './pdf';
import { orders } from './tables';

/** One print makes at most this many labels (parcels): a few thousand pages is the most a printer queue takes. */
export const LABELS_MAX = 5000;

/** A6 in points: one label per page, and a quarter of A4 for four per page. */
const A6 = { width: 297.64, height: 419.53 };
const A4 = { width: 595.28, height: 841.89 };

interface Label {
  orderId: number;
  purchaseId: string | null;
  parcel: number;
  parcels: number;
  number: string;
  sender: string[];
  recipient: string[];
  cod: string | null;
}

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

  const labels: Label[] = [];
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
        orderId,
        purchaseId: order.purchaseId,
        parcel,
        parcels,
        number: parcelNumber(orderId, parcel),
        sender,
        recipient,
        cod,
      });
    }
  }
  const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');
  if (request.format === 'zpl') {
    return {
      fileName: `labels-${stamp}.zpl`,
      contentType: 'text/plain; charset=utf-8',
      body: zpl(labels, t),
      labels: labels.length,
    };
  }
  return {
    fileName: `labels-${stamp}.pdf`,
    contentType: 'application/pdf',
    body: await pdf(labels, request, t),
    labels: labels.length,
  };
}

type T = (key: string, params?: Record<string, string | number>) => string;

/** ZPL field data: ^ and ~ are the printer's command characters and never appear inside a field. */
function zplText(text: string): string {
  // Printer fonts may lack the narrow and no-break spaces locales group digits with.
  return text.replace(/[\^~\\]/g, ' ').replace(/[\u00a0\u2000-\u200b\u202f\u205f]/g, ' ');
}

/** One ^XA…^XZ block per parcel, 4×6 inch at 203 dpi, UTF-8 (^CI28), the parcel number as Code 128. */
function zpl(labels: Label[], t: T): string {
  return labels
    .map((label) => {
      const lines: string[] = ['^XA', '^CI28', '^PW812', '^LL1218'];
      let y = 40;
      const field = (text: string, size = 28) => {
        lines.push(`^FO40,${y}^A0N,${size},${size}^FD${zplText(text)}^FS`);
        y += size + 12;
      };
      field(t('sender'), 22);
      for (const line of label.sender) field(line);
      y += 20;
      field(t('recipient'), 22);
      for (const line of label.recipient) field(line, 36);
      y += 20;
      field(t('order', { id: label.orderId }), 32);
      field(t('parcel', { parcel: label.parcel, parcels: label.parcels }), 40);
      if (label.cod) field(t('cod', { amount: label.cod }), 44);
      lines.push(`^FO40,${Math.max(y + 30, 820)}^BY3^BCN,220,Y,N,N^FD${zplText(label.number)}^FS`);
      lines.push('^XZ');
      return lines.join('\n');
    })
    .join('\n');
}

/** Draws the parcel number as Code 128 bars (vector, from bwip-js's encoding) into the box, with the text below. */
function drawBarcode(page: PDFPage, font: PDFFont, text: string, x: number, y: number, width: number, height: number) {
  const [symbol] = bwipjs.raw('code128', text, '') as { sbs: number[] }[];
  const modules = symbol!.sbs.reduce((sum, w) => sum + w, 0);
  const unit = width / modules;
  let cursor = x;
  symbol!.sbs.forEach((w, i) => {
    if (i % 2 === 0)
      page.drawRectangle({ x: cursor, y: y + 12, width: w * unit, height: height - 12, color: rgb(0, 0, 0) });
    cursor += w * unit;
  });
  const size = 10;
  page.drawText(text, { x: x + (width - font.widthOfTextAtSize(text, size)) / 2, y, size, font });
}

async function pdf(labels: Label[], request: LabelRequest, t: T): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(t('title'));
  doc.setCreator('Partner Portal');
  const fonts = await pdfFonts(doc);
  const slots = labelSlots(labels.length, request.labelsPerPage, request.firstPosition);
  const pages: PDFPage[] = [];
  labels.forEach((label, i) => {
    const slot = slots[i]!;
    const four = request.labelsPerPage === 4;
    while (pages.length <= slot.page) pages.push(doc.addPage(four ? [A4.width, A4.height] : [A6.width, A6.height]));
    const page = pages[slot.page]!;
    const w = four ? A4.width / 2 : A6.width;
    const h = four ? A4.height / 2 : A6.height;
    const x = four && (slot.position === 2 || slot.position === 4) ? w : 0;
    const y = four && slot.position <= 2 ? h : 0;
    drawLabel(page, fonts, label, t, x, y, w, h);
  });
  return doc.save();
}

function drawLabel(
  page: PDFPage,
  fonts: { regular: PDFFont; bold: PDFFont },
  label: Label,
  t: T,
  x: number,
  y: number,
  w: number,
  h: number,
) {
  const m = 16;
  const inner = w - 2 * m;
  page.drawRectangle({ x: x + 6, y: y + 6, width: w - 12, height: h - 12, borderColor: rgb(0, 0, 0), borderWidth: 1 });
  let cursor = y + h - m;
  // Each line moves down by its own size before it is drawn, so a large line never overlaps a small one above.
  const line = (text: string, size: number, bold = false) => {
    const font = bold ? fonts.bold : fonts.regular;
    cursor -= size;
    page.drawText(fitText(font, text, size, inner), { x: x + m, y: cursor, size, font });
    cursor -= 4;
  };
  line(t('sender'), 7);
  for (const text of label.sender) line(text, 9);
  cursor -= 2;
  page.drawLine({ start: { x: x + m, y: cursor }, end: { x: x + w - m, y: cursor }, thickness: 0.5 });
  cursor -= 8;
  line(t('recipient'), 7);
  label.recipient.forEach((text, i) => {
    line(text, i === 0 ? 13 : 11, i === 0);
  });
  cursor -= 8;
  line(t('order', { id: label.orderId }), 11, true);
  if (label.purchaseId) line(t('purchase', { id: label.purchaseId }), 9);
  line(t('parcel', { parcel: label.parcel, parcels: label.parcels }), 16, true);
  if (label.cod) line(t('cod', { amount: label.cod }), 16, true);
  drawBarcode(page, fonts.regular, label.number, x + m, y + m, inner, 80);
}
