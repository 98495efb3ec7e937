import { DomainError, type ErrorCode, isLanguage, type Language } from '@pp/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Platform, RequestContext } from '../../platform/context';
import { storeFile } from '../../platform/files';
import { translate } from '../../platform/i18n';
import type { JobDefinition } from '../../platform/jobs';
import { partners } from '../partner/tables';
import { branchById } from '../deliveries/carriers/branches';
import { moneyText } from './pdf';
import { renderPdf } from './pdf-pool';
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

  const total = (item: (typeof items)[number]) => item.unitPrice * item.quantity - item.totalDiscount;
  const branch = order.deliveryType === 'PICKUP_POINT' ? await branchById(db, order.branchId) : null;
  // Drawn in a worker thread, like the labels: an order of hundreds of items makes many pages.
  return renderPdf(job.partnerId, {
    kind: 'deliveryNote',
    document: {
      title: t('title', { id: order.id }),
      created: `${t('created')}: ${order.createdAt.toISOString().slice(0, 10)}`,
      purchase: order.purchaseId ? `${t('purchase')}: ${order.purchaseId}` : null,
      sellerTitle: t('seller'),
      seller: [partner?.partnerName ?? '', partner?.country ?? ''],
      customerTitle: t('customer'),
      customer: [
        order.customerName,
        order.deliveryCompany ?? '',
        branch ? `${branch.name}, ${branch.street}` : (order.deliveryStreet ?? ''),
        branch ? `${branch.zip} ${branch.city}` : `${order.deliveryZip ?? ''} ${order.deliveryCity ?? ''}`,
        order.deliveryCountry ?? '',
      ],
      columns: [t('article'), t('item'), t('quantity'), t('unitPrice'), t('total')],
      items: items.map((item) => ({
        cells: [
          item.partnerArticleId ?? item.articleId ?? '',
          item.title,
          String(item.quantity),
          money(item.unitPrice, order.currency),
          money(total(item), order.currency),
        ],
        serialNumbers: item.serialNumbers.length ? `${t('serialNumbers')}: ${item.serialNumbers.join(', ')}` : null,
      })),
      itemsTotal: `${t('itemsTotal')}: ${money(
        items.reduce((sum, item) => sum + total(item), 0),
        order.currency,
      )}`,
      grandTotal: `${t('grandTotal')}: ${money(order.total, order.currency)}`,
    },
  });
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
