import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerIdByShop, startTestServer, type TestServer } from '../../../test/harness';
import { DEMO_API_CLIENT_ID } from '../../../seed/partner-area/api';
import { loadDocument, loadOffset } from '../../billing/read';
import { insertTestInvoice, type TestDocument } from '../../billing/test-documents';
import { revokePolicies } from '../../catalog/test-fixtures';
import { shownText } from '../../orders/test-pdf';
import { issueKey, v1Get } from './test-v1';

let server: TestServer;
let cz: number;
let sk: number;
let first: TestDocument;
let second: TestDocument;
let slovak: TestDocument;
const get = (path: string, clientId: string = DEMO_API_CLIENT_ID) => v1Get(server.app, path, clientId);

const offsetIdOf = async (documentNumber: string) =>
  Number(
    (
      (await server.database.executeSql('select id from billing_offsets where document_number = $1', [documentNumber]))
        .rows[0] as { id: number }
    ).id,
  );

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  const db = server.database.db;
  first = await insertTestInvoice(db, { partnerId: cz, shopId: 'CZ10MA', createdAt: new Date(Date.now() - 3_600_000) });
  second = await insertTestInvoice(db, { partnerId: cz, shopId: 'CZ10MA', settled: '769.90' });
  slovak = await insertTestInvoice(db, { partnerId: sk, shopId: 'SK10MA' });
});
afterAll(async () => server?.close());

async function pdfOf(data: { filename: string; mime: string; content: string }) {
  expect(data.mime).toBe('application/pdf');
  const doc = await PDFDocument.load(Buffer.from(data.content, 'base64'));
  return shownText(doc).join('\n');
}

describe('invoices', () => {
  it('lists the partner’s documents newest first as pages, with exact amounts', async () => {
    const page = (await get('/v1/invoices?page=1&page_size=1')).json();
    expect(page.data).toHaveLength(1);
    expect(page.data[0].id).toBe(second.id);
    expect(page.paging.total).toBeGreaterThanOrEqual(2);
    expect(page.paging.pages).toBe(page.paging.total);
    const all = (await get('/v1/invoices?page_size=500')).json().data as { id: number }[];
    const ids = all.map((d) => d.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(ids).not.toContain(slovak.id);
    expect(all.find((d) => d.id === second.id)).toMatchObject({
      invoice_number: second.invoiceNumber,
      document_type: 'invoice',
      kind: 'COMMISSION',
      invoice_type_tag: 'FS',
      currency: 'CZK',
      total_without_vat: '1465.07',
      total_vat: '304.83',
      total: '1769.90',
      remaining: '1000.00',
      reverse_charge: true,
      has_overview: true,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      due_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2} 00:00:00$/),
    });
  });

  it('answers one document as its detail page shows it, and its PDF', async () => {
    const answer = await get(`/v1/invoices/${second.id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const data = answer.json().data;
    const detail = await loadDocument(server.database.db, cz, second.id);
    expect(data.items).toHaveLength(detail.items.length);
    expect(data.items[0]).toMatchObject({ id: 1, code: 'COMMISSION', unit_price: detail.items[0]!.unitPrice });
    expect(data.tax_recap).toEqual(
      detail.taxRecap.map((r) => ({ vat_rate: r.vatRate, base: r.base, vat: r.vat, total: r.total })),
    );
    expect(data.supplier.bank).toMatchObject({ iban: 'CZ6520100000002400012345', swift: 'FIOBCZPP' });
    expect(data.customer).toMatchObject({ name: 'Řehoř Žluťoučký Đurđević s.r.o.', bank: null });
    expect(data.offsets).toEqual([
      expect.objectContaining({ document_number: second.offsetNumber, diff_price: '769.90' }),
    ]);
    const file = (await get(`/v1/invoices/${second.id}/download`)).json().data;
    expect(file.filename).toBe(`faktura-${second.invoiceNumber}.pdf`);
    const text = await pdfOf(file);
    expect(text).toContain(second.invoiceNumber);
    expect(text).toContain('Řehoř Žluťoučký Đurđević s.r.o.');
  });
});

describe('offsets', () => {
  it('lists, details and downloads the partner’s offsets', async () => {
    const id = await offsetIdOf(second.offsetNumber);
    const all = (await get('/v1/offsets?page_size=500')).json().data as { id: number; document_number: string }[];
    expect(all.map((o) => o.document_number)).toEqual(
      expect.arrayContaining([first.offsetNumber, second.offsetNumber]),
    );
    expect(all.map((o) => o.document_number)).not.toContain(slovak.offsetNumber);
    const data = (await get(`/v1/offsets/${id}`)).json().data;
    const offset = await loadOffset(server.database.db, cz, second.offsetNumber);
    expect(data).toMatchObject({
      id,
      document_number: second.offsetNumber,
      sum_price: offset.sumPrice,
      credit_price: '769.90',
      remaining_price: '1000.00',
      diff_price: '-1000.00',
      attachment: { filename: `zapocet-${second.offsetNumber}.pdf`, mime: 'application/pdf' },
    });
    expect(data.invoices).toEqual([
      expect.objectContaining({ line_kind: 'invoice', document_id: second.id, reference: second.invoiceNumber }),
    ]);
    expect(data.orders).toHaveLength(1);
    const file = (await get(`/v1/offsets/${id}/download`)).json().data;
    expect(file.filename).toBe(data.attachment.filename);
    expect(await pdfOf(file)).toContain(second.offsetNumber);
  });
});

describe('access', () => {
  it("answers another partner's document and offset as not found", async () => {
    const offset = await offsetIdOf(slovak.offsetNumber);
    for (const path of [
      `/v1/invoices/${slovak.id}`,
      `/v1/invoices/${slovak.id}/download`,
      `/v1/offsets/${offset}`,
      `/v1/offsets/${offset}/download`,
    ]) {
      const answer = await get(path);
      expect(answer.statusCode, path).toBe(404);
      expect(answer.json().errorCodes[0].errorCode).toBe('DOCUMENT_NOT_FOUND');
    }
  });

  it('refuses a key without billing/read on every finance call', async () => {
    const { clientId } = await issueKey(server, 'limited@demo.test', cz, { type: 'legacy' });
    await revokePolicies(server.database.db, 'limited@demo.test', cz, 'billing', ['read']);
    const offset = await offsetIdOf(first.offsetNumber);
    for (const path of [
      '/v1/invoices',
      `/v1/invoices/${first.id}`,
      `/v1/invoices/${first.id}/download`,
      '/v1/offsets',
      `/v1/offsets/${offset}`,
      `/v1/offsets/${offset}/download`,
    ]) {
      const answer = await get(path, clientId);
      expect(answer.statusCode, path).toBe(403);
    }
  });
});
