import { DomainError, type ErrorCode, isLanguage, type Language } from '@pp/domain';
import { and, asc, eq } from 'drizzle-orm';
import { PDFDocument, rgb } from 'pdf-lib';
import type { Platform, RequestContext } from '../../platform/context';
import { storeFile } from '../../platform/files';
import { translate } from '../../platform/i18n';
import type { JobDefinition } from '../../platform/jobs';
import { partners } from '../partner/tables';
import { branchById } from './branches';
import { fitText, moneyText, pdfFonts } from './pdf';
import { orderItems, orders } from './tables';

export const DELIVERY_NOTE_JOB = 'orders.delivery-note';

interface DeliveryNoteJob {
  partnerId: number;
  accountId: number;
  orderId: number;
  lang: Language;
}

/**
 * Queues the delivery note of one order of the caller's partner (orderDeliveryNote). The PDF is made by a job;
 * the page waits for `portal_delivery_note_pdf` on the stream, with the download path or an error code.
 */
export async function requestDeliveryNote(ctx: RequestContext, orderId: number): Promise<string> {
  const { partnerId } = await ctx.require('orders', 'read');
  const auth = ctx.requireAuth();
  const [order] = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.partnerId, partnerId), eq(orders.id, orderId)));
  if (!order) throw new DomainError('ORDER_NOT_FOUND', { orderId });
  const job: DeliveryNoteJob = { partnerId, accountId: auth.account.id, orderId, lang: ctx.lang };
  const id = await ctx.platform.jobs.send(DELIVERY_NOTE_JOB, job);
  if (!id) throw new DomainError('SERVICE_UNAVAILABLE');
  return id;
}

/** The delivery note as a PDF: seller, customer and delivery, then the items with quantities and prices. */
export async function renderDeliveryNote(platform: Platform, job: DeliveryNoteJob): Promise<Uint8Array> {
  const db = platform.database.db;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.partnerId, job.partnerId), eq(orders.id, job.orderId)));
  if (!order) throw new DomainError('ORDER_NOT_FOUND');
  const [partner] = await db.select().from(partners).where(eq(partners.id, job.partnerId));
  const items = await db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.partnerId, job.partnerId), eq(orderItems.orderId, job.orderId)))
    .orderBy(asc(orderItems.id));
  const t = (key: string, params: Record<string, string | number> = {}) =>
    translate(job.lang, `orders.deliveryNote.${key}`, params);
  const money = (amount: number, currency: string) => moneyText(amount, currency, job.lang);

  const doc = await PDFDocument.create();
  doc.setTitle(t('title', { id: order.id }));
  const fonts = await pdfFonts(doc);
  const [width, height] = [595.28, 841.89];
  const margin = 40;
  let page = doc.addPage([width, height]);
  let y = height - margin;
  const text = (value: string, x: number, size = 10, bold = false, maxWidth = width - margin - x) => {
    const font = bold ? fonts.bold : fonts.regular;
    page.drawText(fitText(font, value, size, maxWidth), { x, y, size, font });
  };
  text(t('title', { id: order.id }), margin, 18, true);
  y -= 28;
  text(`${t('created')}: ${order.createdAt.toISOString().slice(0, 10)}`, margin);
  if (order.purchaseId) text(`${t('purchase')}: ${order.purchaseId}`, width / 2);
  y -= 24;
  const block = (title: string, lines: string[], x: number, top: number) => {
    let ly = top;
    page.drawText(fitText(fonts.bold, title, 10, width / 2 - margin), { x, y: ly, size: 10, font: fonts.bold });
    for (const line of lines.filter(Boolean)) {
      ly -= 14;
      page.drawText(fitText(fonts.regular, line, 10, width / 2 - margin), { x, y: ly, size: 10, font: fonts.regular });
    }
    return ly;
  };
  const branch = order.deliveryType === 'PICKUP_POINT' ? branchById(order.branchId) : null;
  const seller = block(t('seller'), [partner?.partnerName ?? '', partner?.country ?? ''], margin, y);
  const customer = block(
    t('customer'),
    [
      order.customerName,
      order.deliveryCompany ?? '',
      branch ? `${branch.name}, ${branch.street}` : (order.deliveryStreet ?? ''),
      branch ? `${branch.zip} ${branch.city}` : `${order.deliveryZip ?? ''} ${order.deliveryCity ?? ''}`,
      order.deliveryCountry ?? '',
    ],
    width / 2,
    y,
  );
  y = Math.min(seller, customer) - 30;

  const columns = [
    { key: 'article', x: margin, width: 90 },
    { key: 'item', x: margin + 95, width: 240 },
    { key: 'quantity', x: margin + 340, width: 40 },
    { key: 'unitPrice', x: margin + 385, width: 65 },
    { key: 'total', x: margin + 455, width: 60 },
  ] as const;
  const header = () => {
    for (const c of columns) text(t(c.key), c.x, 9, true, c.width);
    y -= 6;
    page.drawLine({ start: { x: margin, y }, end: { x: width - margin, y }, thickness: 0.5, color: rgb(0, 0, 0) });
    y -= 14;
  };
  header();
  for (const item of items) {
    if (y < margin + 40) {
      page = doc.addPage([width, height]);
      y = height - margin;
      header();
    }
    const cells = [
      item.partnerArticleId ?? item.articleId ?? '',
      item.title,
      String(item.quantity),
      money(item.unitPrice, order.currency),
      money(item.unitPrice * item.quantity - item.totalDiscount, order.currency),
    ];
    columns.forEach((c, i) => {
      text(cells[i]!, c.x, 9, false, c.width);
    });
    y -= 14;
    if (item.serialNumbers.length) {
      text(`${t('serialNumbers')}: ${item.serialNumbers.join(', ')}`, margin + 95, 8, false, 400);
      y -= 12;
    }
  }
  y -= 10;
  const itemsTotal = items.reduce((sum, item) => sum + item.unitPrice * item.quantity - item.totalDiscount, 0);
  text(`${t('itemsTotal')}: ${money(itemsTotal, order.currency)}`, margin + 300, 10);
  y -= 16;
  text(`${t('grandTotal')}: ${money(order.total, order.currency)}`, margin + 300, 11, true);
  return doc.save();
}

/** The job: renders, stores the file for the account that asked, and tells the partner's pages. */
export async function makeDeliveryNote(platform: Platform, data: DeliveryNoteJob): Promise<void> {
  const job = { ...data, lang: isLanguage(data.lang) ? data.lang : 'en' } as DeliveryNoteJob;
  const publish = (event: Record<string, unknown>) =>
    platform.stream.publish(
      { partnerId: job.partnerId },
      { type: 'portal_delivery_note_pdf', data: { orderId: String(job.orderId), ...event } },
    );
  let stored: Awaited<ReturnType<typeof storeFile>>;
  try {
    const body = await renderDeliveryNote(platform, job);
    stored = await storeFile(platform, {
      partnerId: job.partnerId,
      accountId: job.accountId,
      kind: 'delivery-note',
      fileName: `${translate(job.lang, 'orders.deliveryNote.fileName', { id: job.orderId })}.pdf`,
      contentType: 'application/pdf',
      body,
    });
  } catch (error) {
    const code: ErrorCode = error instanceof DomainError ? error.code : 'DELIVERY_NOTE_FAILED';
    platform.log.error({ err: error, orderId: job.orderId }, 'delivery note failed');
    // The page waits for an answer: it gets the failure instead of a retry it cannot see.
    await publish({ status: 'ERROR', code });
    return;
  }
  await publish({ status: 'END', downloadPath: stored.downloadPath, fileName: stored.fileName, fileId: stored.id });
}

export function deliveryNoteJobs(platform: Platform): JobDefinition<DeliveryNoteJob>[] {
  return [{ name: DELIVERY_NOTE_JOB, retryLimit: 0, handler: (data) => makeDeliveryNote(platform, data) }];
}
