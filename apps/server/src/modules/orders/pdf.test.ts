import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/harness';
import { renderDeliveryNote } from './delivery-notes';
import { fitText, moneyText, pdfFonts, pdfText } from './pdf';
import { orderItems } from './tables';
import { embeddedFonts, shownText } from './test-pdf';
import { orderMaker, type OrdersTestBed, startOrdersTestBed } from './test-setup';

/** Letters of all our markets that the PDF standard fonts (Windows-1252) cannot print. */
const NAME = 'Řehoř Žluťoučký';
const COMPANY = 'Đurđević Čakovec d.o.o.';
const STREET = 'Győri út 12';
const CITY = 'Łódź';

let bed: OrdersTestBed;
let server: TestServer;
let cz: number;
let token: string;

beforeAll(async () => {
  bed = await startOrdersTestBed();
  ({ server, cz, token } = bed);
});
afterAll(async () => server?.close());

const order = orderMaker(() => bed, 2_100_000_000_000, {
  cod: 2990,
  customerName: NAME,
  deliveryType: 'ADDRESS',
  deliveryCompany: COMPANY,
  deliveryStreet: STREET,
  deliveryCity: CITY,
  deliveryZip: '90-001',
  deliveryCountry: 'PL',
  createdAt: new Date(),
});

describe('PDF text', () => {
  it('keeps every letter of our markets in DejaVu Sans, regular and bold', async () => {
    const doc = await PDFDocument.create();
    const fonts = await pdfFonts(doc);
    const text = `${NAME}, ${CITY}, Győr, Čakovec, ${COMPANY}, Ľubovňa, Žalec, Hőgyes Endre, ß€„“`;
    expect(pdfText(fonts.regular, text)).toBe(text);
    expect(pdfText(fonts.bold, text)).toBe(text);
    expect(fitText(fonts.bold, NAME, 12, 1000)).toBe(NAME);
    // A letter typed as base + combining mark prints as the one letter.
    expect(pdfText(fonts.regular, 'R\u030Cehor\u030C')).toBe('Řehoř');
  });

  it('keeps the narrow and no-break spaces of money amounts, and turns line breaks into spaces', async () => {
    const doc = await PDFDocument.create();
    const fonts = await pdfFonts(doc);
    for (const lang of ['cs', 'sk', 'pl', 'hu', 'sl', 'hr'] as const) {
      const amount = moneyText(1234567.5, 'EUR', lang);
      expect(pdfText(fonts.regular, amount)).toBe(amount);
      expect(() => fonts.regular.encodeText(pdfText(fonts.regular, amount))).not.toThrow();
    }
    expect(pdfText(fonts.regular, 'Dlouhá 5\r\nPlzeň\t1')).toBe('Dlouhá 5 Plzeň 1');
    // A font without them (the standard Helvetica, which lacks "č" too) degrades rather than breaking the file.
    const helvetica = await doc.embedFont(StandardFonts.Helvetica);
    expect(pdfText(helvetica, '1\u202F290\u2009Kč')).toBe('1 290 Kc');
    expect(pdfText(helvetica, 'Łódź, Đurđa')).toBe('Lódz, Durda');
  });

  it('prints "?" only for what the font lacks: one per emoji or sign, never for a letter', async () => {
    const doc = await PDFDocument.create();
    const fonts = await pdfFonts(doc);
    expect(pdfText(fonts.regular, 'Dárek 🦄 pro 👨‍👩‍👧 a 👍🏽, 漢字')).toBe('Dárek ? pro ? a ?, ??');
    expect(fitText(fonts.regular, 'Dárek 🦄', 10, 1000)).toBe('Dárek ?');
    // A cut never splits a character in two.
    const long = `${NAME} ${NAME} ${NAME}`;
    const cut = fitText(fonts.regular, long, 10, 80);
    expect(cut).toMatch(/\.\.\.$/);
    expect(long.startsWith(cut.slice(0, -3))).toBe(true);
    expect(fonts.regular.widthOfTextAtSize(cut, 10)).toBeLessThanOrEqual(80);
  });
});

describe('label and delivery note PDFs', () => {
  it('print the customer’s name and address with their diacritics in embedded, subset DejaVu Sans', async () => {
    const id = await order({ parcelCount: 2 });
    const answer = await server.app.app.inject({
      method: 'POST',
      url: '/api/orders/labels',
      headers: { authorization: `Bearer ${token}`, 'x-partner-id': String(cz), 'accept-language': 'cs' },
      payload: { orderIds: [id], format: 'pdf' },
    });
    expect(answer.statusCode).toBe(200);
    const doc = await PDFDocument.load(answer.rawPayload);
    expect(doc.getPageCount()).toBe(2);
    const fonts = embeddedFonts(doc);
    expect(fonts.names.length).toBe(2);
    for (const name of fonts.names) expect(name).toMatch(/^DejaVuSans(-Bold)?-/);
    expect(fonts.names.some((name) => name.includes('Helvetica'))).toBe(false);
    const shown = shownText(doc);
    for (const line of [NAME, COMPANY, STREET, `90-001 ${CITY}`]) expect(shown).toContain(line);
    // The COD amount keeps the no-break space Czech writes it with.
    expect(shown.some((line) => line.includes(moneyText(2990, 'CZK', 'cs')))).toBe(true);
    // Only the glyphs used are embedded: the two whole fonts are about 1.4 MB.
    expect(fonts.programBytes).toBeLessThan(80_000);
    expect(answer.rawPayload.length).toBeLessThan(100_000);
  });

  it('print the delivery note’s customer, items and amounts the same way', async () => {
    const id = await order();
    await server.database.db.insert(orderItems).values([
      {
        partnerId: cz,
        orderId: id,
        id: 1,
        articleId: 'A-1',
        title: 'Koloběžka Łucznik',
        quantity: 2,
        unitPrice: 2990,
        vat: 21,
      },
      { partnerId: cz, orderId: id, id: 2, articleId: 'A-2', title: 'Dárek 🦄', quantity: 1, unitPrice: 10, vat: 21 },
    ]);
    const body = await renderDeliveryNote(server.app.platform, {
      partnerId: cz,
      accountId: 0,
      orderId: id,
      lang: 'hu',
    });
    const doc = await PDFDocument.load(body);
    const fonts = embeddedFonts(doc);
    expect(fonts.names.length).toBe(2);
    for (const name of fonts.names) expect(name).toContain('DejaVu');
    const shown = shownText(doc);
    for (const line of [NAME, COMPANY, STREET, `90-001 ${CITY}`, 'Koloběžka Łucznik', 'Dárek ?']) {
      expect(shown).toContain(line);
    }
    expect(shown).toContain(moneyText(2990, 'CZK', 'hu'));
    expect(shown.every((line) => !line.includes('\uFFFD'))).toBe(true);
    expect(fonts.programBytes).toBeLessThan(80_000);
    expect(body.length).toBeLessThan(100_000);
  });
});
