import { type LabelsPerPage, labelSlots } from '@pp/domain';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { code128Widths } from './code128';
import { fitText, pdfFonts } from './pdf';

/**
 * The layout of the order PDFs, from documents whose every text is already translated and formatted: this
 * module draws only, so it runs in the PDF worker thread (pdf-pool.ts) without the database or the request.
 */

/** One label (one parcel) with its texts as printed. */
export interface LabelText {
  /** The carrier and its service ("PPL · Delivery to address"), or the service alone when no carrier is known. */
  carrier: string;
  senderTitle: string;
  /** The sending company and the address the parcel leaves from. */
  sender: string[];
  recipientTitle: string;
  recipient: string[];
  /** The pickup point the parcel goes to (pickup-point orders): its name and id, street, town, country. */
  pickupPointTitle: string | null;
  pickupPoint: string[];
  order: string;
  purchase: string | null;
  parcel: string;
  weight: string | null;
  cod: string | null;
  /** What the carrier routes by (the tracking number of a single parcel, else the parcel number), as Code 128. */
  number: string;
}

export interface LabelsDocument {
  title: string;
  labelsPerPage: LabelsPerPage;
  firstPosition: number;
  labels: LabelText[];
}

export interface DeliveryNoteDocument {
  title: string;
  /** "Created: 2024-05-01" and the purchase line, as printed. */
  created: string;
  purchase: string | null;
  sellerTitle: string;
  seller: string[];
  customerTitle: string;
  customer: string[];
  /** The column headings: article, item, quantity, unit price, total. */
  columns: [string, string, string, string, string];
  items: { cells: [string, string, string, string, string]; serialNumbers: string | null }[];
  itemsTotal: string;
  grandTotal: string;
}

/** A6 in points: one label per page, and a quarter of A4 for four per page. */
const A6 = { width: 297.64, height: 419.53 };
const A4 = { width: 595.28, height: 841.89 };

/**
 * Pages drawn into one document before it is saved: pdf-lib holds every drawing operation of a document as
 * objects until it is saved (5,000 labels drawn at once ran out of a 512 MB heap), while a saved part holds its
 * pages as compressed streams. A bigger print is drawn in parts and the parts' pages are copied into one file.
 */
const PAGES_PER_PART = 250;

export async function renderLabelsPdf(input: LabelsDocument): Promise<Uint8Array> {
  const slots = labelSlots(input.labels.length, input.labelsPerPage, input.firstPosition);
  const pageCount = (slots.at(-1)?.page ?? 0) + 1;
  if (pageCount <= PAGES_PER_PART) return (await drawLabelPages(input, slots, 0, pageCount)).save();
  const merged = await PDFDocument.create();
  merged.setTitle(input.title);
  merged.setCreator('Partner Portal');
  for (let first = 0; first < pageCount; first += PAGES_PER_PART) {
    const drawn = await drawLabelPages(input, slots, first, Math.min(first + PAGES_PER_PART, pageCount));
    const part = await PDFDocument.load(await drawn.save());
    for (const page of await merged.copyPages(part, part.getPageIndices())) merged.addPage(page);
  }
  return merged.save();
}

/** The labels whose slot lies on pages [first, end) of the print, as a document of those pages. */
async function drawLabelPages(
  input: LabelsDocument,
  slots: { page: number; position: number }[],
  first: number,
  end: number,
): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  doc.setTitle(input.title);
  doc.setCreator('Partner Portal');
  const fonts = await pdfFonts(doc);
  const pages: PDFPage[] = [];
  const four = input.labelsPerPage === 4;
  input.labels.forEach((label, i) => {
    const slot = slots[i]!;
    if (slot.page < first || slot.page >= end) return;
    const index = slot.page - first;
    while (pages.length <= index) pages.push(doc.addPage(four ? [A4.width, A4.height] : [A6.width, A6.height]));
    const page = pages[index]!;
    const w = four ? A4.width / 2 : A6.width;
    const h = four ? A4.height / 2 : A6.height;
    const x = four && (slot.position === 2 || slot.position === 4) ? w : 0;
    const y = four && slot.position <= 2 ? h : 0;
    drawLabel(page, fonts, label, x, y, w, h);
  });
  return doc;
}

/** Quiet zone on each side of a Code 128 symbol, in modules (ISO/IEC 15417: at least 10). */
const QUIET_MODULES = 10;

/**
 * Draws the routing number as Code 128 bars (vector rectangles: sharp at any printer resolution) into the
 * box, quiet zones included, with the number in plain text below.
 */
function drawBarcode(page: PDFPage, font: PDFFont, text: string, x: number, y: number, width: number, height: number) {
  const widths = code128Widths(text);
  const modules = widths.reduce((sum, w) => sum + w, 0) + 2 * QUIET_MODULES;
  const unit = width / modules;
  let cursor = x + QUIET_MODULES * unit;
  widths.forEach((w, i) => {
    if (i % 2 === 0)
      page.drawRectangle({ x: cursor, y: y + 12, width: w * unit, height: height - 12, color: rgb(0, 0, 0) });
    cursor += w * unit;
  });
  const size = 10;
  page.drawText(text, { x: x + (width - font.widthOfTextAtSize(text, size)) / 2, y, size, font });
}

function drawLabel(
  page: PDFPage,
  fonts: { regular: PDFFont; bold: PDFFont },
  label: LabelText,
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
    cursor -= 3;
  };
  const rule = () => {
    cursor -= 2;
    page.drawLine({ start: { x: x + m, y: cursor }, end: { x: x + w - m, y: cursor }, thickness: 0.5 });
    cursor -= 6;
  };
  line(label.carrier, 13, true);
  rule();
  line(label.senderTitle, 7);
  label.sender.forEach((text, i) => {
    line(text, 8, i === 0);
  });
  rule();
  line(label.recipientTitle, 7);
  label.recipient.forEach((text, i) => {
    line(text, i === 0 ? 13 : 11, i === 0);
  });
  if (label.pickupPointTitle) {
    cursor -= 4;
    line(label.pickupPointTitle, 7);
    label.pickupPoint.forEach((text, i) => {
      line(text, i === 0 ? 11 : 10, i === 0);
    });
  }
  rule();
  line(label.order, 11, true);
  if (label.purchase) line(label.purchase, 8);
  line(label.parcel, 15, true);
  if (label.weight) line(label.weight, 9);
  if (label.cod) line(label.cod, 15, true);
  drawBarcode(page, fonts.regular, label.number, x + m, y + m, inner, 70);
}

/** The delivery note: seller, customer and delivery, then the items with quantities and prices. */
export async function renderDeliveryNotePdf(note: DeliveryNoteDocument): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(note.title);
  const fonts = await pdfFonts(doc);
  const [width, height] = [595.28, 841.89];
  const margin = 40;
  let page = doc.addPage([width, height]);
  let y = height - margin;
  const text = (value: string, x: number, size = 10, bold = false, maxWidth = width - margin - x) => {
    const font = bold ? fonts.bold : fonts.regular;
    page.drawText(fitText(font, value, size, maxWidth), { x, y, size, font });
  };
  text(note.title, margin, 18, true);
  y -= 28;
  text(note.created, margin);
  if (note.purchase) text(note.purchase, width / 2);
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
  const seller = block(note.sellerTitle, note.seller, margin, y);
  const customer = block(note.customerTitle, note.customer, width / 2, y);
  y = Math.min(seller, customer) - 30;

  const columns = [
    { x: margin, width: 90 },
    { x: margin + 95, width: 240 },
    { x: margin + 340, width: 40 },
    { x: margin + 385, width: 65 },
    { x: margin + 455, width: 60 },
  ] as const;
  const header = () => {
    columns.forEach((c, i) => {
      text(note.columns[i]!, c.x, 9, true, c.width);
    });
    y -= 6;
    page.drawLine({ start: { x: margin, y }, end: { x: width - margin, y }, thickness: 0.5, color: rgb(0, 0, 0) });
    y -= 14;
  };
  header();
  for (const item of note.items) {
    if (y < margin + 40) {
      page = doc.addPage([width, height]);
      y = height - margin;
      header();
    }
    columns.forEach((c, i) => {
      text(item.cells[i]!, c.x, 9, false, c.width);
    });
    y -= 14;
    if (item.serialNumbers) {
      text(item.serialNumbers, margin + 95, 8, false, 400);
      y -= 12;
    }
  }
  y -= 10;
  text(note.itemsTotal, margin + 300, 10);
  y -= 16;
  text(note.grandTotal, margin + 300, 11, true);
  return doc.save();
}
