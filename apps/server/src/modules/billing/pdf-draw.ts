import { setImmediate as nextTurn } from 'node:timers/promises';
import { degrees, drawText, PDFDocument, type PDFFont, PDFHexString, type PDFName, type PDFPage, rgb } from 'pdf-lib';
import { fitText, pdfFonts, pdfText } from '../orders/pdf';

/**
 * The layout of billing PDFs (invoices, credit and debit notes, offsets, overviews) from a document whose every
 * text is already translated and formatted (pdf.ts): this module draws only. Fonts and the text rules (national
 * letters whole, a "?" only for what DejaVu lacks) are the order PDFs' (orders/pdf.ts).
 */

export interface PrintedColumn {
  title: string;
  /** Share of the printable width. */
  width: number;
  align?: 'left' | 'right';
}

export interface PrintedTable {
  heading?: string;
  columns: PrintedColumn[];
  /** Rows in batches: an overview's tens of thousands of lines come from the database page by page. */
  rows: AsyncIterable<string[][]> | string[][][];
  /** Lines under the table, label and value, right-aligned (the sums). */
  totals?: [string, string][];
}

export type PrintedSection =
  | { kind: 'table'; table: PrintedTable }
  | { kind: 'totals'; lines: [string, string][]; strong?: number }
  | { kind: 'text'; lines: string[]; bold?: boolean };

export interface PrintedDocument {
  title: string;
  /** Under the title: what identifies the document (number, dates, variable symbol…), label and value. */
  meta: [string, string][];
  /** Supplier and customer side by side: a heading and the lines of the party. */
  parties: { title: string; lines: string[] }[];
  sections: PrintedSection[];
  /** On every page's foot beside the page number (the document's number). */
  footer: string;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const INNER = A4.width - 2 * MARGIN;
const LINE = 12;
/**
 * Pages drawn into one document before it is saved: pdf-lib keeps every drawing operation of a document as
 * objects until it is saved, so a long overview is drawn in parts whose pages are copied into one file (the
 * order labels do the same).
 */
const PAGES_PER_PART = 40;
const BLACK = rgb(0, 0, 0);
const NONE = degrees(0);

type Fonts = { regular: PDFFont; bold: PDFFont };

/**
 * Text widths from each character's advance, cached per font: pdf-lib measures a string by shaping it whole
 * (about a tenth of a millisecond each), which made a table page of 500 cells cost over 100 ms. Table cells need
 * no kerning to be placed; the exact measure is still taken when a text is cut (fitText).
 */
const advances = new WeakMap<PDFFont, Map<string, number>>();

function widthOf(font: PDFFont, text: string, size: number): number {
  let widths = advances.get(font);
  if (!widths) {
    widths = new Map();
    advances.set(font, widths);
  }
  let sum = 0;
  for (const char of text) {
    let advance = widths.get(char);
    if (advance === undefined) {
      advance = font.widthOfTextAtSize(char, 1000);
      widths.set(char, advance);
    }
    sum += advance;
  }
  return (sum * size) / 1000;
}

/**
 * A text as the font's glyph codes, one character at a time from a cache: shaping every string whole took most
 * of a table page's time. Each character is still encoded by the font once, which puts its glyph in the
 * embedded subset and its letter in the ToUnicode map (copying text out of the PDF gives the letters back).
 * Texts reach here composed (NFC, through pdfText), so a character is one glyph; ligatures are not used.
 */
const glyphCodes = new WeakMap<PDFFont, Map<string, string>>();

function encoded(font: PDFFont, text: string): PDFHexString {
  let codes = glyphCodes.get(font);
  if (!codes) {
    codes = new Map();
    glyphCodes.set(font, codes);
  }
  let hex = '';
  for (const char of text) {
    let code = codes.get(char);
    if (code === undefined) {
      code = font.encodeText(char).asString();
      codes.set(char, code);
    }
    hex += code;
  }
  return PDFHexString.of(hex);
}

/** `fitText` of the order PDFs, measured by advances first: only a text that does not fit is cut exactly. */
function fastFit(font: PDFFont, text: string, size: number, width: number): string {
  const printable = pdfText(font, text);
  // A little room for kerning, which the advances leave out.
  if (widthOf(font, printable, size) <= width * 0.97) return printable;
  return fitText(font, text, size, width);
}

class Writer {
  private merged: PDFDocument | null = null;
  private part!: PDFDocument;
  private fonts!: Fonts;
  private page!: PDFPage;
  private pagesInPart = 0;
  /** The resource name of each font on the current page. */
  private fontKeys = new Map<PDFFont, PDFName>();
  private pageNumber = 0;
  y = 0;
  /** Redrawn at the top of a new page while a table runs on. */
  repeat: (() => void) | null = null;

  constructor(private readonly doc: PrintedDocument) {}

  async start() {
    await this.newPart();
    this.newPage();
  }

  private async newPart() {
    this.part = await PDFDocument.create();
    this.part.setTitle(this.doc.title);
    this.part.setCreator('Partner Portal');
    this.fonts = await pdfFonts(this.part);
    this.pagesInPart = 0;
  }

  private async flushPart() {
    this.merged ??= await PDFDocument.create();
    this.merged.setTitle(this.doc.title);
    this.merged.setCreator('Partner Portal');
    const saved = await PDFDocument.load(await this.part.save());
    for (const page of await this.merged.copyPages(saved, saved.getPageIndices())) this.merged.addPage(page);
  }

  private newPage() {
    this.page = this.part.addPage([A4.width, A4.height]);
    this.fontKeys = new Map();
    this.pagesInPart += 1;
    this.pageNumber += 1;
    this.y = A4.height - MARGIN;
    const foot = `${this.doc.footer} · ${this.pageNumber}`;
    this.page.drawText(fitText(this.fonts.regular, foot, 7, INNER), {
      x: MARGIN,
      y: MARGIN / 2,
      size: 7,
      font: this.fonts.regular,
      color: rgb(0.35, 0.35, 0.35),
    });
  }

  /** Room for `height` more points on this page, else a new page (and a new part every PAGES_PER_PART pages). */
  async room(height: number) {
    if (this.y - height >= MARGIN) return;
    if (this.pagesInPart >= PAGES_PER_PART) {
      await this.flushPart();
      await this.newPart();
    }
    this.newPage();
    // Let other requests in between pages: a long overview must not hold the server's thread for seconds.
    await nextTurn();
    this.repeat?.();
  }

  text(value: string, x: number, width: number, size = 9, bold = false, align: 'left' | 'right' = 'left') {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    const fitted = fastFit(font, value, size, width);
    // An empty cell draws nothing (an empty string would still be a text operation in the file).
    if (!fitted) return;
    const dx = align === 'right' ? width - widthOf(font, fitted, size) : 0;
    // The page's own drawText sets the font and parses options on every call; the operators are the same.
    let key = this.fontKeys.get(font);
    if (!key) {
      key = this.page.node.newFontDictionary(font.name, font.ref);
      this.fontKeys.set(font, key);
    }
    this.page.pushOperators(
      ...drawText(encoded(font, fitted), {
        x: x + dx,
        y: this.y,
        size,
        font: key,
        color: BLACK,
        rotate: NONE,
        xSkew: NONE,
        ySkew: NONE,
      }),
    );
  }

  /** Words wrapped to the width (a note, a long reverse-charge sentence). */
  wrap(value: string, width: number, size = 9, bold = false): string[] {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    const out: string[] = [];
    let line = '';
    for (const word of pdfText(font, value).split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) > width) {
        out.push(line);
        line = word;
      } else line = next;
    }
    if (line) out.push(line);
    return out;
  }

  rule(thickness = 0.5) {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: A4.width - MARGIN, y: this.y },
      thickness,
      color: rgb(0.2, 0.2, 0.2),
    });
  }

  async finish(): Promise<Uint8Array> {
    if (!this.merged) return this.part.save();
    await this.flushPart();
    return this.merged.save();
  }
}

/** Draws a billing document: title, identification, the two parties, then its tables, sums and notes. */
export async function drawBillingPdf(doc: PrintedDocument): Promise<Uint8Array> {
  const w = new Writer(doc);
  await w.start();
  w.y -= 16;
  w.text(doc.title, MARGIN, INNER, 16, true);
  w.y -= 22;
  const half = INNER / 2;
  for (let i = 0; i < doc.meta.length; i += 2) {
    for (const [j, pair] of doc.meta.slice(i, i + 2).entries()) {
      const x = MARGIN + j * half;
      w.text(pair[0], x, half * 0.58, 9, true);
      w.text(pair[1], x + half * 0.6, half * 0.4 - 6);
    }
    w.y -= LINE;
  }
  w.y -= 10;
  const top = w.y;
  let lowest = top;
  doc.parties.slice(0, 2).forEach((party, i) => {
    w.y = top;
    const x = MARGIN + i * half;
    w.text(party.title, x, half - 10, 10, true);
    party.lines.filter(Boolean).forEach((line, n) => {
      // A court's register note or a long company name wraps rather than being cut.
      for (const part of w.wrap(line, half - 12, 9, n === 0)) {
        w.y -= LINE;
        w.text(part, x, half - 10, 9, n === 0);
      }
    });
    lowest = Math.min(lowest, w.y);
  });
  w.y = lowest - 20;
  for (const section of doc.sections) {
    if (section.kind === 'table') await drawTable(w, section.table);
    else if (section.kind === 'totals') {
      await w.room(section.lines.length * (LINE + 2) + 6);
      section.lines.forEach(([label, value], i) => {
        const strong = section.strong === i;
        w.text(label, MARGIN + INNER * 0.45, INNER * 0.33, strong ? 11 : 9, strong, 'right');
        w.text(value, MARGIN + INNER * 0.8, INNER * 0.2, strong ? 11 : 9, strong, 'right');
        w.y -= strong ? LINE + 4 : LINE;
      });
      w.y -= 8;
    } else {
      for (const line of section.lines.flatMap((l) => w.wrap(l, INNER, 9, section.bold))) {
        await w.room(LINE);
        w.text(line, MARGIN, INNER, 9, section.bold);
        w.y -= LINE;
      }
      w.y -= 6;
    }
  }
  return w.finish();
}

async function drawTable(w: Writer, table: PrintedTable) {
  const share = table.columns.reduce((sum, c) => sum + c.width, 0);
  const xs: number[] = [];
  let x = MARGIN;
  for (const column of table.columns) {
    xs.push(x);
    x += (column.width / share) * INNER;
  }
  // A left-aligned column keeps a gap from the right-aligned one before it.
  const gap = (i: number) => (i > 0 && table.columns[i]!.align !== 'right' ? 6 : 0);
  const cellWidth = (i: number) => (table.columns[i]!.width / share) * INNER - 4 - gap(i);
  const header = () => {
    table.columns.forEach((c, i) => {
      w.text(c.title, xs[i]! + gap(i), cellWidth(i), 8, true, c.align);
    });
    w.y -= 5;
    w.rule();
    w.y -= 11;
  };
  if (table.heading) {
    await w.room(LINE * 4);
    w.text(table.heading, MARGIN, INNER, 11, true);
    w.y -= 16;
  }
  await w.room(LINE * 3);
  header();
  w.repeat = header;
  for await (const batch of table.rows) {
    for (const row of batch) {
      await w.room(LINE);
      row.forEach((cell, i) => {
        w.text(cell, xs[i]! + gap(i), cellWidth(i), 8, false, table.columns[i]?.align);
      });
      w.y -= LINE;
    }
  }
  w.repeat = null;
  w.y += 4;
  w.rule();
  w.y -= 14;
  if (table.totals?.length) {
    await w.room(table.totals.length * LINE);
    for (const [label, value] of table.totals) {
      w.text(label, MARGIN + INNER * 0.45, INNER * 0.33, 9, true, 'right');
      w.text(value, MARGIN + INNER * 0.8, INNER * 0.2, 9, true, 'right');
      w.y -= LINE;
    }
  }
  w.y -= 10;
}
