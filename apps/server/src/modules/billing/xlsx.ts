import type { Readable } from 'node:stream';
import { addMoney, type Language, moneyScale } from '@pp/domain';
import type { DbOrTx } from '../../platform/db/client';
import { type XlsxCell, xlsxWorkbook } from '../../platform/exports/xlsx';
import { neutralise } from '../../platform/exports/writers';
import { documentLanguage, numberForFile, type Texts, textsOf } from './pdf-format';
import { overviewDocument } from './pdf';
import { type DocumentSummary, loadDocument, overviewLines } from './read';

/**
 * The XLSX files of billing, written by the platform's streaming workbook writer (platform/exports/xlsx.ts):
 * a document (identification, parties, items, tax recap, totals) and an overview (one row per order line,
 * streamed page by page from the database), plus the export's summary. Amounts are number cells of the exact
 * decimals the detail page shows; a document's file is in its shop's language like its PDF.
 */

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface BillingStream {
  fileName: string;
  body: Readable;
}

const amount = (value: string): number => Number(value);
const text = (value: string | null | undefined): string => neutralise(value ?? '');

async function* once(rows: XlsxCell[][]) {
  yield rows;
}

/** The document's XLSX: the header block, the items, the recap per VAT rate and the totals, in one sheet. */
export async function documentXlsx(db: DbOrTx, partnerId: number, id: number): Promise<BillingStream> {
  const doc = await loadDocument(db, partnerId, id);
  const x = textsOf(documentLanguage(doc.shopId));
  const type = x.t(`type.${doc.documentType}`);
  const rows: XlsxCell[][] = [
    [x.t('meta.variableSymbol'), doc.variableSymbol],
    [x.t('meta.createdAt'), doc.createdAt],
    [x.t('meta.deliveryAt'), doc.deliveryAt],
    [x.t('meta.dueDate'), doc.dueDate],
    [x.t('meta.currency'), doc.currency],
    ...(doc.period ? [[x.t('meta.period'), doc.period]] : []),
    ...(doc.originInvoiceNumber ? [[x.t('meta.origin'), doc.originInvoiceNumber]] : []),
    [x.t('party.supplier'), text(doc.supplier.name), text(doc.supplier.vatNumber), text(doc.supplier.bank?.iban)],
    [x.t('party.customer'), text(doc.customer.name), text(doc.customer.vatNumber)],
    [],
    [
      x.t('items.title'),
      x.t('items.code'),
      x.t('items.order'),
      x.t('items.quantity'),
      x.t('items.unit'),
      x.t('items.unitPrice'),
      x.t('items.vatRate'),
      x.t('items.priceWithoutVat'),
      x.t('items.priceWithVat'),
    ],
    ...doc.items.map((i): XlsxCell[] => [
      text(i.title),
      i.code,
      i.orderId,
      amount(i.quantity),
      x.t(`units.${i.unit}`),
      amount(i.unitPrice),
      amount(i.vatRate),
      amount(i.priceWithoutVat),
      amount(i.priceWithVat),
    ]),
    [],
    [x.t('recap.vatRate'), x.t('recap.base'), x.t('recap.vat'), x.t('recap.total')],
    ...doc.taxRecap.map((r): XlsxCell[] => [amount(r.vatRate), amount(r.base), amount(r.vat), amount(r.total)]),
    [],
    [x.t('totals.withoutVat'), amount(doc.totalWithoutVat)],
    [x.t('totals.vat'), amount(doc.totalVat)],
    [x.t(doc.documentType === 'credit-note' ? 'totals.credit' : 'totals.total'), amount(doc.total)],
    [x.t('totals.remaining'), amount(doc.remaining)],
  ];
  if (doc.reverseCharge) rows.push([x.t('reverseCharge')]);
  if (doc.note) rows.push([x.t('note'), text(doc.note)]);
  return {
    fileName: `${x.t(`fileName.${doc.documentType}`, { number: numberForFile(doc.invoiceNumber) })}.xlsx`,
    body: xlsxWorkbook(x.t('sheet.document'), [type, doc.invoiceNumber], once(rows), () => undefined),
  };
}

/** The overview's XLSX: one row per order line as the database gives them page by page, then the sums. */
export async function overviewXlsx(
  db: DbOrTx,
  partnerId: number,
  id: number,
  invoiceNumber?: string | null,
): Promise<BillingStream> {
  const doc = await overviewDocument(db, partnerId, id, invoiceNumber);
  const x = textsOf(documentLanguage(doc.shopId));
  const scale = moneyScale(doc.currency);
  async function* rows(): AsyncGenerator<XlsxCell[][]> {
    let paid = '0';
    let commission = '0';
    let quantity = 0;
    for await (const page of overviewLines(db, partnerId, id)) {
      paid = addMoney([paid, ...page.map((l) => l.priceWithVat)], scale);
      commission = addMoney([commission, ...page.map((l) => l.commission)], scale);
      quantity += page.reduce((sum, l) => sum + l.quantity, 0);
      yield page.map((l) => [
        l.orderId,
        l.itemId,
        text(l.articleId),
        text(l.title),
        l.quantity,
        amount(l.priceWithVat),
        amount(l.commissionRate),
        l.rateSource,
        amount(l.commission),
        doc.currency,
        l.orderedAt,
        l.deliveredAt,
      ]);
    }
    yield [
      [x.t('overview.total'), null, null, null, quantity, amount(paid), null, null, amount(commission), doc.currency],
    ];
  }
  return {
    fileName: `${x.t('fileName.overview', { number: numberForFile(doc.invoiceNumber) })}.xlsx`,
    body: xlsxWorkbook(
      x.t('sheet.overview'),
      [
        x.t('overview.orderId'),
        x.t('overview.itemId'),
        x.t('overview.articleId'),
        x.t('overview.title'),
        x.t('overview.quantity'),
        x.t('overview.priceWithVat'),
        x.t('overview.commissionRate'),
        x.t('overview.rateSource'),
        x.t('overview.commission'),
        x.t('meta.currency'),
        x.t('overview.orderedAt'),
        x.t('overview.deliveredAt'),
      ],
      rows(),
      () => undefined,
    ),
  };
}

/** The export's summary: one row per document of the range, in the language of whoever asked. */
export function summaryXlsx(lang: Language, documents: AsyncIterable<DocumentSummary[]>): Readable {
  const x: Texts = textsOf(lang);
  async function* rows(): AsyncGenerator<XlsxCell[][]> {
    for await (const page of documents) {
      yield page.map((d) => [
        d.invoiceNumber,
        x.t(`type.${d.documentType}`),
        x.t(`kind.${d.kind}`),
        d.invoiceTypeTag,
        d.createdAt,
        d.deliveryAt,
        d.dueDate,
        d.currency,
        amount(d.totalWithoutVat),
        amount(d.totalVat),
        amount(d.total),
        amount(d.remaining),
        d.variableSymbol,
      ]);
    }
  }
  return xlsxWorkbook(
    x.t('sheet.summary'),
    [
      x.t('meta.number'),
      x.t('summary.type'),
      x.t('summary.kind'),
      x.t('meta.tag'),
      x.t('meta.createdAt'),
      x.t('meta.deliveryAt'),
      x.t('meta.dueDate'),
      x.t('meta.currency'),
      x.t('totals.withoutVat'),
      x.t('totals.vat'),
      x.t('summary.total'),
      x.t('totals.remaining'),
      x.t('meta.variableSymbol'),
    ],
    rows(),
    () => undefined,
  );
}
