import { addMoney, DomainError, moneyScale } from '@pp/domain';
import type { DbOrTx } from '../../platform/db/client';
import { drawBillingPdf, type PrintedDocument, type PrintedSection } from './pdf-draw';
import { documentLanguage, numberForFile, textsOf } from './pdf-format';
import { type DocumentView, loadDocument, loadOffset, type OffsetLineView, overviewLines } from './read';

/**
 * The PDFs of billing (spec §7 downloads): an invoice, credit note or debit note, an offset, and the overview of
 * a commission invoice's order lines. Written in the language of the partner's shop, with what the detail pages
 * show, from the same readers (read.ts), so a file always says what the page says.
 */

export interface BillingFile {
  fileName: string;
  body: Uint8Array;
}

/** The document's PDF: supplier with bank, customer, items, tax recap per rate, totals, notes and offsets. */
export async function documentPdf(db: DbOrTx, partnerId: number, id: number): Promise<BillingFile> {
  return documentPdfOf(await loadDocument(db, partnerId, id));
}

export async function documentPdfOf(doc: DocumentView): Promise<BillingFile> {
  const x = textsOf(documentLanguage(doc.shopId));
  const money = (amount: string) => x.money(amount, doc.currency);
  const type = x.t(`type.${doc.documentType}`);
  const sections: PrintedSection[] = [
    {
      kind: 'table',
      table: {
        heading: x.t('items.heading'),
        columns: [
          { title: x.t('items.title'), width: 34 },
          { title: x.t('items.quantity'), width: 8, align: 'right' },
          { title: x.t('items.unitPrice'), width: 13, align: 'right' },
          { title: x.t('items.vatRate'), width: 7, align: 'right' },
          { title: x.t('items.priceWithoutVat'), width: 14, align: 'right' },
          { title: x.t('items.priceWithVat'), width: 14, align: 'right' },
        ],
        rows: [
          doc.items.map((item) => [
            item.orderId ? `${item.title} (${x.t('items.order')} ${item.orderId})` : item.title,
            `${x.number(item.quantity)} ${x.t(`units.${item.unit}`)}`,
            x.money(item.unitPrice, doc.currency, 4),
            x.rate(item.vatRate),
            money(item.priceWithoutVat),
            money(item.priceWithVat),
          ]),
        ],
      },
    },
    {
      kind: 'table',
      table: {
        heading: x.t('recap.heading'),
        columns: [
          { title: x.t('recap.vatRate'), width: 25 },
          { title: x.t('recap.base'), width: 25, align: 'right' },
          { title: x.t('recap.vat'), width: 25, align: 'right' },
          { title: x.t('recap.total'), width: 25, align: 'right' },
        ],
        rows: [doc.taxRecap.map((r) => [x.rate(r.vatRate), money(r.base), money(r.vat), money(r.total)])],
      },
    },
    {
      kind: 'totals',
      strong: 2,
      lines: [
        [x.t('totals.withoutVat'), money(doc.totalWithoutVat)],
        [x.t('totals.vat'), money(doc.totalVat)],
        [x.t(doc.documentType === 'credit-note' ? 'totals.credit' : 'totals.total'), money(doc.total)],
        [x.t('totals.remaining'), money(doc.remaining)],
      ],
    },
  ];
  if (doc.reverseCharge) sections.push({ kind: 'text', lines: [x.t('reverseCharge')], bold: true });
  if (doc.note) sections.push({ kind: 'text', lines: [`${x.t('note')}: ${doc.note}`] });
  if (doc.offsets.length) {
    sections.push({
      kind: 'table',
      table: {
        heading: x.t('offsets.heading'),
        columns: [
          { title: x.t('offsets.documentNumber'), width: 40 },
          { title: x.t('offsets.createdAt'), width: 30 },
          { title: x.t('offsets.diffPrice'), width: 30, align: 'right' },
        ],
        rows: [doc.offsets.map((o) => [o.documentNumber, x.moment(o.createdAt), money(o.diffPrice)])],
      },
    });
  }
  const printed: PrintedDocument = {
    title: `${type} ${doc.invoiceNumber}`,
    meta: [
      [x.t('meta.number'), doc.invoiceNumber],
      [x.t('meta.variableSymbol'), doc.variableSymbol],
      [x.t('meta.createdAt'), x.moment(doc.createdAt)],
      [x.t('meta.deliveryAt'), x.day(doc.deliveryAt)],
      [x.t('meta.dueDate'), x.day(doc.dueDate)],
      [x.t('meta.currency'), doc.currency],
      ...(doc.period ? [[x.t('meta.period'), doc.period] as [string, string]] : []),
      ...(doc.originInvoiceNumber ? [[x.t('meta.origin'), doc.originInvoiceNumber] as [string, string]] : []),
      ...(doc.purchNoC ? [[x.t('meta.purchNoC'), doc.purchNoC] as [string, string]] : []),
      ...(doc.invoiceTypeTag ? [[x.t('meta.tag'), doc.invoiceTypeTag] as [string, string]] : []),
    ],
    parties: [
      { title: x.t('party.supplier'), lines: x.party(doc.supplier) },
      { title: x.t('party.customer'), lines: x.party(doc.customer) },
    ],
    sections,
    footer: `${type} ${doc.invoiceNumber}`,
  };
  return {
    fileName: `${x.t(`fileName.${doc.documentType}`, { number: numberForFile(doc.invoiceNumber) })}.pdf`,
    body: await drawBillingPdf(printed),
  };
}

/** The name of an offset's PDF (the API names it before anyone downloads it). */
export function offsetFileName(shopId: string, documentNumber: string): string {
  const x = textsOf(documentLanguage(shopId));
  return `${x.t('fileName.offset', { number: numberForFile(documentNumber) })}.pdf`;
}

/** The offset's PDF: what the partner owed, what the marketplace owed, each settled line and the difference. */
export async function offsetPdf(db: DbOrTx, partnerId: number, documentNumber: string): Promise<BillingFile> {
  const offset = await loadOffset(db, partnerId, documentNumber);
  const x = textsOf(documentLanguage(offset.shopId));
  const money = (amount: string) => x.money(amount, offset.currency);
  const lineRows = (lines: OffsetLineView[]) => [
    lines.map((l) => [
      x.t(`offset.lineKind.${l.lineKind}`),
      l.reference,
      x.moment(l.created),
      x.day(l.dueDate),
      x.money(l.sumPrice, l.currency),
      x.money(l.offsetPrice, l.currency),
      x.money(l.remainPrice, l.currency),
    ]),
  ];
  const columns = [
    { title: x.t('offset.columns.kind'), width: 13 },
    { title: x.t('offset.columns.reference'), width: 17 },
    { title: x.t('offset.columns.created'), width: 12 },
    { title: x.t('offset.columns.dueDate'), width: 12 },
    { title: x.t('offset.columns.sumPrice'), width: 15, align: 'right' as const },
    { title: x.t('offset.columns.offsetPrice'), width: 15, align: 'right' as const },
    { title: x.t('offset.columns.remainPrice'), width: 15, align: 'right' as const },
  ];
  const sections: PrintedSection[] = [
    { kind: 'table', table: { heading: x.t('offset.invoices'), columns, rows: lineRows(offset.invoices) } },
  ];
  if (offset.orders.length) {
    sections.push({ kind: 'table', table: { heading: x.t('offset.orders'), columns, rows: lineRows(offset.orders) } });
  }
  sections.push({
    kind: 'totals',
    strong: 3,
    lines: [
      [x.t('offset.sumPrice'), money(offset.sumPrice)],
      [x.t('offset.creditPrice'), money(offset.creditPrice)],
      [x.t('offset.remainingPrice'), money(offset.remainingPrice)],
      [x.t('offset.diffPrice'), money(offset.diffPrice)],
    ],
  });
  const type = x.t('type.offset');
  return {
    fileName: offsetFileName(offset.shopId, offset.documentNumber),
    body: await drawBillingPdf({
      title: `${type} ${offset.documentNumber}`,
      meta: [
        [x.t('meta.number'), offset.documentNumber],
        [x.t('meta.variableSymbol'), offset.variableSymbol],
        [x.t('meta.createdAt'), x.moment(offset.createdAt)],
        [x.t('meta.dueDate'), x.day(offset.dueDate)],
        [x.t('meta.period'), offset.period],
        [x.t('meta.currency'), offset.currency],
      ],
      parties: [
        { title: x.t('party.supplier'), lines: x.party(offset.supplier) },
        { title: x.t('party.customer'), lines: x.party(offset.customer) },
      ],
      sections,
      footer: `${type} ${offset.documentNumber}`,
    }),
  };
}

/**
 * The document an overview belongs to: a commission invoice or a return credit of the partner; with
 * `invoiceNumber` (the spec's query) it must be that document's number.
 */
export async function overviewDocument(
  db: DbOrTx,
  partnerId: number,
  id: number,
  invoiceNumber?: string | null,
): Promise<DocumentView> {
  const doc = await loadDocument(db, partnerId, id);
  if (!doc.hasOverview || (invoiceNumber != null && invoiceNumber !== doc.invoiceNumber)) {
    throw new DomainError('ENTITY_NOT_FOUND');
  }
  return doc;
}

/**
 * Overviews being drawn, by partner: a long one takes seconds of drawing (between whose pages other requests
 * run), so a partner draws one at a time and a second click meanwhile is TOO_MANY_REQUESTS, not a second copy.
 */
const drawingOverviews = new Set<number>();

/** The overview's PDF: one line per order item, drawn page by page as the lines are read. */
export async function overviewPdf(
  db: DbOrTx,
  partnerId: number,
  id: number,
  invoiceNumber?: string | null,
): Promise<BillingFile> {
  if (drawingOverviews.has(partnerId)) throw new DomainError('TOO_MANY_REQUESTS');
  drawingOverviews.add(partnerId);
  try {
    return await drawOverview(db, partnerId, id, invoiceNumber);
  } finally {
    drawingOverviews.delete(partnerId);
  }
}

async function drawOverview(
  db: DbOrTx,
  partnerId: number,
  id: number,
  invoiceNumber?: string | null,
): Promise<BillingFile> {
  const doc = await overviewDocument(db, partnerId, id, invoiceNumber);
  const x = textsOf(documentLanguage(doc.shopId));
  const scale = moneyScale(doc.currency);
  let count = 0;
  let paid = '0';
  let commission = '0';
  async function* rows() {
    for await (const page of overviewLines(db, partnerId, id)) {
      count += page.length;
      paid = addMoney([paid, ...page.map((l) => l.priceWithVat)], scale);
      commission = addMoney([commission, ...page.map((l) => l.commission)], scale);
      yield page.map((l) => [
        String(l.orderId),
        l.articleId ?? '',
        l.title,
        x.number(l.quantity),
        x.money(l.priceWithVat, doc.currency),
        x.rate(l.commissionRate),
        x.money(l.commission, doc.currency),
        x.moment(l.deliveredAt ?? l.orderedAt),
      ]);
    }
  }
  const type = x.t('type.overview');
  const table = {
    columns: [
      { title: x.t('overview.orderId'), width: 15 },
      { title: x.t('overview.articleId'), width: 11 },
      { title: x.t('overview.title'), width: 21 },
      { title: x.t('overview.quantity'), width: 5, align: 'right' as const },
      { title: x.t('overview.priceWithVat'), width: 13, align: 'right' as const },
      { title: x.t('overview.commissionRate'), width: 10, align: 'right' as const },
      { title: x.t('overview.commission'), width: 12, align: 'right' as const },
      { title: x.t('overview.deliveredAt'), width: 13 },
    ],
    rows: rows(),
    totals: [] as [string, string][],
  };
  // The sums are known once the last line is read: the table fills them in before it draws them.
  const totals = table.totals;
  const withTotals = (async function* () {
    yield* table.rows;
    totals.push(
      [x.t('overview.lines'), x.number(count)],
      [x.t('overview.paidTotal'), x.money(paid, doc.currency)],
      [x.t('overview.commissionTotal'), x.money(commission, doc.currency)],
    );
  })();
  return {
    fileName: `${x.t('fileName.overview', { number: numberForFile(doc.invoiceNumber) })}.pdf`,
    body: await drawBillingPdf({
      title: `${type} ${doc.invoiceNumber}`,
      meta: [
        [x.t('meta.number'), doc.invoiceNumber],
        [x.t('meta.createdAt'), x.moment(doc.createdAt)],
        ...(doc.period ? [[x.t('meta.period'), doc.period] as [string, string]] : []),
        [x.t('meta.currency'), doc.currency],
      ],
      parties: [
        { title: x.t('party.supplier'), lines: x.party(doc.supplier).slice(0, 4) },
        { title: x.t('party.customer'), lines: x.party(doc.customer).slice(0, 4) },
      ],
      sections: [{ kind: 'table', table: { ...table, rows: withTotals } }],
      footer: `${type} ${doc.invoiceNumber}`,
    }),
  };
}
