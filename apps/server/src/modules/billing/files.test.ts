import { streamPath } from '@pp/domain';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { withdrawRights } from '../api/rest/test-v1';
import { embeddedFonts, shownText } from '../orders/test-pdf';
import { BILLING_EXPORT_JOB } from './export';
import { documentPdfOf, overviewPdf } from './pdf';
import { loadDocument, loadOffset } from './read';
import { insertTestInvoice, type TestDocument } from './test-documents';
import { readStoredZip } from './zip';

let server: TestServer;
let cz: number;
let sk: number;
let partner: string;
let invoice: TestDocument;
let big: TestDocument;
let slovak: TestDocument;

/** The overview lines of the big invoice: more than one database page and more than one PDF part. */
const BIG_LINES = 3_000;

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  partner = (await server.login('partner@demo.test')).token;
  const db = server.database.db;
  invoice = await insertTestInvoice(db, { partnerId: cz, shopId: 'CZ10MA', settled: '500.00' });
  big = await insertTestInvoice(db, { partnerId: cz, shopId: 'CZ10MA', overviewLines: BIG_LINES });
  slovak = await insertTestInvoice(db, { partnerId: sk, shopId: 'SK10MA' });
}, 120_000);
afterAll(async () => server?.close());

function download(path: string, token: string | null = partner, partnerId: number = cz, lang = 'en') {
  return server.app.app.inject({
    method: 'GET',
    url: path,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'x-partner-id': String(partnerId),
      'accept-language': lang,
    },
  });
}

async function pdfText(body: Buffer): Promise<{ text: string; doc: PDFDocument }> {
  const doc = await PDFDocument.load(body);
  // Amounts are grouped with no-break spaces: compared as plain spaces.
  return { text: shownText(doc).join('\n').replace(/\s/g, ' '), doc };
}

async function workbook(body: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}

/** The row whose first cell is `label`, as [label, value, …]. */
function rowOf(sheet: ExcelJS.Worksheet, label: string): unknown[] {
  let found: unknown[] | undefined;
  sheet.eachRow((row) => {
    if (row.getCell(1).value === label) found = (row.values as unknown[]).slice(1);
  });
  if (!found) throw new Error(`no row ${label}`);
  return found;
}

describe('a document as a PDF', () => {
  it('prints the number, parties with bank, items, recap, totals and the national letters whole, in Czech', async () => {
    const answer = await download(`/portal/invoices/${invoice.id}/pdf`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toContain(
      `attachment; filename="faktura-${invoice.invoiceNumber}.pdf"`,
    );
    const { text, doc } = await pdfText(answer.rawPayload);
    const detail = await loadDocument(server.database.db, cz, invoice.id);
    // Hand-computed: 1234.565 → 1234.57 and 199 at 21 % (VAT 301.05 of 1433.57), 3 × 10.50 at 12 % (VAT 3.78).
    expect(detail.total).toBe('1769.90');
    expect(detail.remaining).toBe('1269.90');
    expect(text).toContain(`Faktura – daňový doklad ${invoice.invoiceNumber}`);
    for (const shown of ['1 769,90 Kč', '1 433,57 Kč', '301,05 Kč', '35,28 Kč', '1 269,90 Kč', '1 234,565 Kč']) {
      expect(text).toContain(shown);
    }
    expect(text).toContain('Řehoř Žluťoučký Đurđević s.r.o.');
    expect(text).toContain('Łódź – Győr – Čakovec – Ľubovňa');
    expect(text).toContain('Provize z prodeje – září (žluté kolo)');
    // The supplier's bank, the reverse charge note, the due date and the offset that settled part of it.
    expect(text).toContain('IBAN: CZ6520100000002400012345');
    expect(text).toContain('Fio banka, a.s.');
    expect(text).toContain('Daň odvede zákazník (přenesená daňová povinnost).');
    expect(text).toContain('Rekapitulace DPH');
    expect(text).toContain(invoice.offsetNumber);
    expect(text).toContain('500,00 Kč');
    expect(text).not.toContain('?');
    expect(embeddedFonts(doc).names.every((n) => n.includes('DejaVuSans'))).toBe(true);
  });

  it("writes every market's document in its language, each letter whole", async () => {
    const detail = await loadDocument(server.database.db, cz, invoice.id);
    const titles = {
      SK10MA: ['Faktúra – daňový doklad', 'Rekapitulácia DPH', 'Dodávateľ', '1 769,90 €'],
      PL20MA: ['Faktura VAT', 'Podsumowanie VAT', 'Odwrotne obciążenie – podatek rozlicza nabywca.', '1769,90 zł'],
      HU20MA: ['Számla', 'ÁFA-összesítő', 'Fordított adózás – az adót a vevő fizeti.', '1770 Ft'],
      SI10SI: ['Račun', 'Rekapitulacija DDV', 'Obrnjena davčna obveznost – DDV obračuna kupec.', '1769,90 €'],
      HR10MA: ['Račun', 'Rekapitulacija PDV-a', 'Prijenos porezne obveze – PDV obračunava kupac.', '1.769,90 €'],
    } as const;
    for (const [shopId, shown] of Object.entries(titles)) {
      const currency = shopId === 'HU20MA' ? 'HUF' : shopId === 'PL20MA' ? 'PLN' : 'EUR';
      const file = await documentPdfOf({
        ...detail,
        shopId,
        currency,
        total: currency === 'HUF' ? '1770' : detail.total,
      });
      const { text } = await pdfText(Buffer.from(file.body));
      for (const part of shown) expect(text, shopId).toContain(part);
      expect(text, shopId).not.toContain('?');
    }
  });

  it('answers an offset as a PDF by its document number', async () => {
    const answer = await download(`/portal/offsets/${encodeURIComponent(invoice.offsetNumber)}/pdf`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toContain(`zapocet-${invoice.offsetNumber}.pdf`);
    const offset = await loadOffset(server.database.db, cz, invoice.offsetNumber);
    const { text } = await pdfText(answer.rawPayload);
    expect(offset.diffPrice).toBe('-1269.90');
    expect(text).toContain(`Zápočet ${invoice.offsetNumber}`);
    expect(text).toContain(invoice.invoiceNumber);
    expect(text).toMatch(/[-−]1 269,90 Kč/);
    expect(text).toContain('Řehoř Žluťoučký Đurđević s.r.o.');
  });

  it('prints a long overview page by page with its sums', async () => {
    const answer = await download(`/portal/overviews/${big.id}/pdf?invoiceNumber=${big.invoiceNumber}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const { text, doc } = await pdfText(answer.rawPayload);
    // About 60 lines a page: more pages than one drawing part holds.
    expect(doc.getPageCount()).toBeGreaterThan(40);
    expect(text).toContain(`Přehled objednávek ${big.invoiceNumber}`);
    expect(text).toContain('Přilba ŁÓDŹ');
    expect(text).toContain('Kolo Šťastný Ňouma');
    expect(text).toContain(`${(BIG_LINES * 125).toLocaleString('cs-CZ').replace(/\s/g, ' ')},00 Kč`);
  });
});

describe('overviews drawn at once', () => {
  it('draws one overview of a partner at a time: a second one meanwhile is refused, not queued', async () => {
    const db = server.database.db;
    const first = overviewPdf(db, cz, invoice.id);
    await expect(overviewPdf(db, cz, invoice.id)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // Another partner draws meanwhile, and the partner again once the first is done.
    expect((await overviewPdf(db, sk, slovak.id)).fileName).toBe(`prehlad-${slovak.invoiceNumber}.pdf`);
    await first;
    expect((await overviewPdf(db, cz, invoice.id)).fileName).toBe(`prehled-${invoice.invoiceNumber}.pdf`);
  });
});

describe('a document as an XLSX', () => {
  it('holds the items, the recap and totals equal to the detail', async () => {
    const answer = await download(`/portal/invoices/${invoice.id}/xlsx`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(answer.headers['content-disposition']).toContain(`faktura-${invoice.invoiceNumber}.xlsx`);
    const sheet = await workbook(answer.rawPayload);
    const detail = await loadDocument(server.database.db, cz, invoice.id);
    expect(sheet.getRow(1).getCell(2).value).toBe(invoice.invoiceNumber);
    expect(rowOf(sheet, 'Celkem k úhradě')[1]).toBe(Number(detail.total));
    expect(rowOf(sheet, 'Celkem bez DPH')[1]).toBe(Number(detail.totalWithoutVat));
    expect(rowOf(sheet, 'Zbývá uhradit')[1]).toBe(Number(detail.remaining));
    expect(rowOf(sheet, 'Provize z prodeje – září (žluté kolo)').slice(3, 9)).toEqual([
      1,
      'ks',
      1234.565,
      21,
      1234.57,
      1493.83,
    ]);
    const recap = detail.taxRecap.map((r) => [Number(r.vatRate), Number(r.base), Number(r.vat), Number(r.total)]);
    expect(recap).toEqual([
      [21, 1433.57, 301.05, 1734.62],
      [12, 31.5, 3.78, 35.28],
    ]);
    for (const row of recap) expect(rowOf(sheet, row[0] as never)).toEqual(row);
  });

  it('lists every order line of an overview with the sums, for the document named by invoiceNumber', async () => {
    const path = `/portal/overviews/${big.id}/xlsx`;
    const answer = await download(`${path}?invoiceNumber=${encodeURIComponent(big.invoiceNumber)}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const sheet = await workbook(answer.rawPayload);
    expect(sheet.rowCount).toBe(BIG_LINES + 2);
    expect(sheet.getRow(2).getCell(4).value).toBe('Přilba ŁÓDŹ');
    const total = (sheet.getRow(BIG_LINES + 2).values as unknown[]).slice(1);
    expect(total[0]).toBe('Celkem');
    expect(total[5]).toBe(BIG_LINES * 1000);
    expect(total[8]).toBe(BIG_LINES * 125);
    // The number must be the document's; the spec's call always names it.
    for (const wrong of [`${path}?invoiceNumber=${invoice.invoiceNumber}`, path]) {
      const refused = await download(wrong);
      expect(refused.statusCode, wrong).toBe(404);
      expect(refused.json().code).toBe('ENTITY_NOT_FOUND');
    }
  });
});

describe('who may download', () => {
  const routes = (doc: TestDocument) => [
    `/portal/invoices/${doc.id}/pdf`,
    `/portal/invoices/${doc.id}/xlsx`,
    `/portal/overviews/${doc.id}/pdf?invoiceNumber=${doc.invoiceNumber}`,
    `/portal/overviews/${doc.id}/xlsx?invoiceNumber=${doc.invoiceNumber}`,
    `/portal/offsets/${doc.offsetNumber}/pdf`,
  ];

  it("answers another partner's document as not found on every route", async () => {
    const multi = (await server.login('multi@demo.test')).token;
    for (const path of routes(slovak)) expect((await download(path, multi, sk)).statusCode, path).toBe(200);
    for (const path of routes(invoice)) {
      const answer = await download(path, multi, sk);
      expect(answer.statusCode, path).toBe(404);
      expect(answer.json().code, path).toBe('ENTITY_NOT_FOUND');
    }
    for (const path of ['/portal/invoices/abc/pdf', '/portal/invoices/0/pdf', `/portal/invoices/${invoice.id}/doc`]) {
      expect((await download(path)).statusCode, path).toBe(404);
    }
  });

  it('refuses an account without billing/read and a signed-out caller', async () => {
    await withdrawRights(server, cz, 'limited@demo.test', 'billing', ['read']);
    const limited = (await server.login('limited@demo.test')).token;
    for (const path of [...routes(invoice), '/portal/invoices/export/00000000-0000-4000-8000-000000000000/zip']) {
      const answer = await download(path, limited);
      expect(answer.statusCode, path).toBe(403);
      expect(answer.json().code).toBe('ACCESS_DENIED');
      expect((await download(path, null)).statusCode, path).toBe(401);
    }
  });
});

const CREATE = `mutation($f: String!, $t: String!) {
  createInvoiceExport(from: $f, to: $t) { id status fromDay toDay documents fileName createdAt } }`;
const READ = 'query($id: ID!) { billingExport(id: $id) { id status documents fileName } }';

/** A logged-in live stream socket of the session, as the web opens it. */
async function socketOf(token: string) {
  const { streamToken } = (await server.gql<{ streamToken: string }>('{ streamToken }', {}, { token })).data!;
  const port = (server.app.app.server.address() as { port: number }).port;
  const socket = new WebSocket(`ws://127.0.0.1:${port}${streamPath(streamToken)}`);
  const received: { type: string; data?: Record<string, unknown> }[] = [];
  socket.on('message', (raw) => received.push(JSON.parse(String(raw))));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const next = (type: string) =>
    new Promise<{ type: string; data?: Record<string, unknown> }>((resolve) => {
      const check = () => {
        const found = received.find((m) => m.type === type);
        if (!found) return;
        socket.off('message', check);
        resolve(found);
      };
      socket.on('message', check);
      check();
    });
  socket.send(JSON.stringify({ type: 'login', token }));
  await next('logged_in');
  return { next, close: () => socket.close() };
}

describe('the billing export', () => {
  it('makes a zip of every PDF and a summary in a job, announces it on the stream and downloads it', async () => {
    const db = server.database.db;
    // A quarter of long ago, so that only these documents fall in it; one just outside it.
    const march = await insertTestInvoice(db, {
      partnerId: cz,
      shopId: 'CZ10MA',
      createdAt: new Date('2019-03-01T08:00:00Z'),
    });
    const may = await insertTestInvoice(db, {
      partnerId: cz,
      shopId: 'CZ10MA',
      createdAt: new Date('2019-05-31T21:30:00Z'),
      documentType: 'credit-note',
    });
    await insertTestInvoice(db, { partnerId: cz, shopId: 'CZ10MA', createdAt: new Date('2019-05-31T22:30:00Z') });
    await insertTestInvoice(db, { partnerId: sk, shopId: 'SK10MA', createdAt: new Date('2019-04-01T08:00:00Z') });
    const socket = await socketOf(partner);
    const created = await server.gql<{ createInvoiceExport: Record<string, unknown> }>(
      CREATE,
      { f: '2019-03-01', t: '2019-05-31' },
      { token: partner, partnerId: cz },
    );
    expect(created.errors).toBeUndefined();
    const made = created.data!.createInvoiceExport;
    expect(made).toMatchObject({ status: 'QUEUED', fromDay: '2019-03-01', toDay: '2019-05-31', fileName: null });
    expect(await server.app.platform.jobs.runQueued(BILLING_EXPORT_JOB)).toBe(1);
    const event = await socket.next('portal_new_invoice_export');
    socket.close();
    expect(event.data).toMatchObject({ exportId: made.id, status: 'DONE', documents: 2 });
    expect(event.data!.fileName).toMatch(/^billings-\d{8}-\d{6}\.zip$/);
    const read = await server.gql<{ billingExport: Record<string, unknown> }>(
      READ,
      { id: made.id },
      { token: partner, partnerId: cz },
    );
    expect(read.data!.billingExport).toEqual({
      id: made.id,
      status: 'DONE',
      documents: 2,
      fileName: event.data!.fileName,
    });

    const answer = await download(`/portal/invoices/export/${made.id}/zip`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toContain(`filename="${event.data!.fileName}"`);
    const entries = readStoredZip(answer.rawPayload);
    // 21:30 UTC on 31 May is still 31 May in Prague; 22:30 UTC is already June there.
    expect(entries.map((e) => e.name).sort()).toEqual(
      [
        `faktura-${march.invoiceNumber}.pdf`,
        `dobropis-${may.invoiceNumber}.pdf`,
        `zapocet-${march.offsetNumber}.pdf`,
        `zapocet-${may.offsetNumber}.pdf`,
        'summary.xlsx',
      ].sort(),
    );
    for (const entry of entries.filter((e) => e.name.endsWith('.pdf'))) {
      const { text } = await pdfText(entry.data);
      expect(text).toContain('Řehoř Žluťoučký Đurđević s.r.o.');
    }
    const summary = await workbook(entries.find((e) => e.name === 'summary.xlsx')!.data);
    expect(summary.rowCount).toBe(3);
    expect(summary.getRow(1).getCell(1).value).toBe('Number');
    const rows = [2, 3].map((n) => (summary.getRow(n).values as unknown[]).slice(1));
    expect(rows.map((r) => [r[0], r[1], r[7], r[10], r[11]])).toEqual([
      [march.invoiceNumber, 'Invoice – tax document', 'CZK', 1769.9, 1769.9],
      [may.invoiceNumber, 'Credit note', 'CZK', 1769.9, 1769.9],
    ]);

    // The job delivered again (pg-boss after a lost worker) leaves a finished export as it is.
    const stored = async () =>
      (
        await server.database.executeSql('select account_id, file_id, status from billing_exports where id = $1', [
          made.id,
        ])
      ).rows[0] as { account_id: number; file_id: string; status: string };
    const before = await stored();
    await server.app.platform.jobs.send(BILLING_EXPORT_JOB, {
      exportId: made.id,
      partnerId: cz,
      accountId: before.account_id,
      lang: 'en',
    });
    expect(await server.app.platform.jobs.runQueued(BILLING_EXPORT_JOB)).toBe(1);
    expect(await stored()).toEqual(before);
  });

  it('refuses a range over three months with the translated message', async () => {
    for (const [lang, message] of [
      ['en', 'The selected interval must be within 3 months.'],
      ['cs', 'Vybrané období nesmí být delší než 3 měsíce.'],
    ] as const) {
      const refused = await server.gql(
        CREATE,
        { f: '2019-01-01', t: '2019-04-02' },
        { token: partner, partnerId: cz, lang },
      );
      expect(codeOf(refused)).toBe('VALIDATION_ERROR');
      expect(refused.errors![0]!.extensions.fields).toEqual([
        expect.objectContaining({ field: 'to', rule: 'maxThreeMonths', message }),
      ]);
    }
    const reversed = await server.gql(CREATE, { f: '2019-02-01', t: '2019-01-01' }, { token: partner, partnerId: cz });
    expect(reversed.errors![0]!.extensions.fields).toEqual([expect.objectContaining({ rule: 'rangeIncomplete' })]);
    // Three months to the day, the last day included, is allowed.
    const exact = await server.gql(CREATE, { f: '2019-01-01', t: '2019-04-01' }, { token: partner, partnerId: cz });
    expect(exact.errors).toBeUndefined();
  });

  it("says EXPORT_NOT_FOUND for an unknown id and for another account's or partner's export", async () => {
    const mine = await server.gql<{ createInvoiceExport: { id: string } }>(
      CREATE,
      { f: '2019-06-01', t: '2019-06-30' },
      { token: partner, partnerId: cz },
    );
    const id = mine.data!.createInvoiceExport.id;
    const colleague = (await server.login('colleague@demo.test')).token;
    const multi = (await server.login('multi@demo.test')).token;
    for (const [token, partnerId, exportId] of [
      [partner, cz, '7d1f5c9e-0000-4000-8000-000000000000'],
      [partner, cz, 'not-a-uuid'],
      [colleague, cz, id],
      [multi, sk, id],
    ] as const) {
      expect(codeOf(await server.gql(READ, { id: exportId }, { token, partnerId }))).toBe('EXPORT_NOT_FOUND');
      const answer = await download(`/portal/invoices/export/${exportId}/zip`, token, partnerId);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().code).toBe('EXPORT_NOT_FOUND');
    }
    // Not made yet: nothing to download either.
    const early = await download(`/portal/invoices/export/${id}/zip`);
    expect(early.json().code).toBe('EXPORT_NOT_FOUND');
  });
});
