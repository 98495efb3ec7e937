import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/tables';
import { storedFiles } from '../../platform/files/tables';
import { codeOf, partnerIdByShop, startTestServer, type TestServer, signInAsPartner } from '../../test/harness';
import { revokePolicies } from '../catalog/test-fixtures';
import { partnerDocuments } from './tables';
import {
  bigJpegHeaderOf,
  bombXlsxOf,
  docxOf,
  multipartBody,
  odtOf,
  pdfOf,
  pngOf,
  postForm,
  zipOf,
} from './test-uploads';

let server: TestServer;
let cz: number;
let sk: number;
let czToken: string;
let multiToken: string;
let limitedToken: string;
let adminToken: string;

interface DocumentView {
  id: string;
  title: string;
  documentType: string;
  fileName: string;
  contentType: string;
  url: string;
  uploadedBy: string | null;
  uploadedByOperator: boolean;
  isDeleted: boolean;
  deletedBy: string | null;
  deletable: boolean;
}

const FIELDS =
  'id title documentType validFrom fileName contentType url uploadedBy uploadedByOperator isDeleted deletedBy deletable';
const LIST = `query($d: Boolean) { partnerDocuments(includeDeleted: $d) { ${FIELDS} } }`;
const DELETE = `mutation($id: ID!) { deletePartnerDocument(id: $id) { ${FIELDS} } }`;

const czAs = () => ({ token: czToken, partnerId: cz });

function upload(
  body: Buffer,
  fileName: string,
  fields: Record<string, string> = { documentType: 'CONTRACT', title: 'Smlouva' },
  as = czAs(),
) {
  return postForm(
    server,
    '/portal/partner/documents',
    multipartBody(fields, { body, fileName, contentType: 'application/octet-stream' }),
    as,
  );
}

async function xlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Ceník').addRow(['Položka', 'Cena']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const impersonationToken = (partnerId: number) => signInAsPartner(server, adminToken, partnerId);

async function list(includeDeleted = false, as = czAs()) {
  const result = await server.gql<{ partnerDocuments: DocumentView[] }>(LIST, { d: includeDeleted }, as);
  expect(result.errors).toBeUndefined();
  return result.data!.partnerDocuments;
}

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  // limited@ keeps partner read but may neither upload nor delete documents.
  await revokePolicies(server.database.db, 'limited@demo.test', cz, 'partner', ['create', 'delete']);
  czToken = (await server.login('partner@demo.test')).token;
  multiToken = (await server.login('multi@demo.test')).token;
  limitedToken = (await server.login('limited@demo.test')).token;
  adminToken = (await server.login('admin@demo.test')).token;
});
afterAll(async () => server?.close());

describe('uploading documents', () => {
  it('takes each allowed kind, judged by content, named by what it is', async () => {
    const cases: [Buffer, string, string, string][] = [
      [await pdfOf(), 'smlouva.pdf', 'smlouva.pdf', 'application/pdf'],
      [await pngOf(800, 1100), 'sken', 'sken.png', 'image/png'],
      [
        docxOf(),
        'dodatek.docx',
        'dodatek.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
      [await xlsx(), 'cenik.xlsx', 'cenik.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      [odtOf(), 'sla.odt', 'sla.odt', 'application/vnd.oasis.opendocument.text'],
      // A PDF sent as .docx is stored as the PDF it is.
      [await pdfOf('Annex'), 'annex.docx', 'annex.pdf', 'application/pdf'],
    ];
    for (const [body, name, storedName, contentType] of cases) {
      const response = await upload(body, name, { documentType: 'OTHER', title: name, validFrom: '2026-01-01' });
      expect([name, response.statusCode]).toEqual([name, 200]);
      expect(response.json()).toMatchObject({ fileName: storedName, contentType, title: name, documentType: 'OTHER' });
    }
    const rows = await server.database.db.select().from(partnerDocuments).where(eq(partnerDocuments.partnerId, cz));
    expect(rows).toHaveLength(cases.length);
    const files = await server.database.db
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.partnerId, cz), eq(storedFiles.kind, 'partner-document')));
    expect(files.every((f) => f.expiresAt === null && f.accountId === null)).toBe(true);
  });

  it('refuses a renamed text file, a PDF without its trailer, a zip that is no document and a macro file', async () => {
    const before = (await list()).length;
    const text = Buffer.from('%PDF-1.7 not really a pdf, just text pretending\n'.repeat(10));
    const refused: [Buffer, string][] = [
      [Buffer.from('Dear partner, this is plain text.\n'.repeat(10)), 'smlouva.pdf'],
      [text, 'fake.pdf'],
      [(await pdfOf()).subarray(0, 400), 'cut.pdf'],
      [zipOf([['notes.txt', 'hello']]), 'archive.docx'],
      [docxOf([['word/vbaProject.bin', 'macro']]), 'macro.docx'],
      [Buffer.from('GIF89a....'), 'anim.png'],
    ];
    for (const [body, name] of refused) {
      const response = await upload(body, name);
      expect([name, response.statusCode, response.json().code]).toEqual([name, 400, 'DOCUMENT_TYPE_NOT_ALLOWED']);
    }
    expect((await list()).length).toBe(before);
  });

  it('refuses a ZIP bomb dressed as a spreadsheet by its directory, never inflating it', async () => {
    const before = (await list()).length;
    const bomb = bombXlsxOf();
    // About 1 MB on the wire, 1 GiB once opened: the declared sizes alone refuse it.
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const response = await upload(bomb, 'cenik.xlsx');
    expect([response.statusCode, response.json().code]).toEqual([400, 'DOCUMENT_TYPE_NOT_ALLOWED']);
    expect((await list()).length).toBe(before);
  });

  it('refuses a scan of 12000 × 12000 or 10000 × 10000 px by its header, before any decode', async () => {
    const before = (await list()).length;
    for (const side of [12_000, 10_000]) {
      // Only the header is real: a decode would fail on the missing pixels with another code.
      const response = await upload(await bigJpegHeaderOf(side, side), 'sken.jpg');
      expect([side, response.statusCode, response.json().code]).toEqual([side, 400, 'IMAGE_TOO_MANY_PIXELS']);
      expect(response.json().message).toContain('50');
    }
    // A real scan's size still passes.
    expect((await upload(await pngOf(2480, 3508), 'a4-300dpi.png')).statusCode).toBe(200);
    expect((await list()).length).toBe(before + 1);
  });

  it('checks the form fields: a known type, a title, a real date', async () => {
    const pdf = await pdfOf();
    const bad = await upload(pdf, 'a.pdf', { documentType: 'INVOICE', title: '', validFrom: '2026-02-30' });
    expect(bad.statusCode).toBe(400);
    const body = bad.json() as { code: string; fields: { field: string; rule: string }[] };
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(Object.fromEntries(body.fields.map((f) => [f.field, f.rule]))).toEqual({
      documentType: 'required',
      title: 'required',
      validFrom: 'dateOutOfRange',
    });
  });

  it('refuses a file over 20 MB and stores nothing', async () => {
    const before = (await server.database.db.select().from(storedFiles).where(eq(storedFiles.partnerId, cz))).length;
    const big = Buffer.concat([await pdfOf(), Buffer.alloc(20 * 1024 * 1024)]);
    const response = await upload(big, 'big.pdf');
    expect(response.json()).toMatchObject({ code: 'DOCUMENT_TOO_LARGE' });
    const after = (await server.database.db.select().from(storedFiles).where(eq(storedFiles.partnerId, cz))).length;
    expect(after).toBe(before);
  });
});

describe('listing, downloading and deleting', () => {
  it('lists newest first with who uploaded, and downloads to members of the partner only', async () => {
    const response = await upload(await pdfOf('Newest'), 'newest.pdf', {
      documentType: 'AMENDMENT',
      title: 'Dodatek 3',
    });
    const doc = response.json() as DocumentView;
    const docs = await list();
    expect(docs[0]).toMatchObject({
      id: doc.id,
      title: 'Dodatek 3',
      uploadedBy: 'Jan Novák',
      uploadedByOperator: false,
    });
    const download = await server.app.app.inject({
      method: 'GET',
      url: doc.url,
      headers: { authorization: `Bearer ${multiToken}`, 'x-partner-id': String(cz) },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // multi@ acting for its Slovak partner: the Czech partner's file is not there.
    const other = await server.app.app.inject({
      method: 'GET',
      url: doc.url,
      headers: { authorization: `Bearer ${multiToken}`, 'x-partner-id': String(sk) },
    });
    expect(other.statusCode).toBe(404);
    // Documents are never public, unlike the logo.
    const publicRoute = await server.app.app.inject({ method: 'GET', url: doc.url.replace('/api/files/', '/media/') });
    expect(publicRoute.statusCode).toBe(404);
    expect(await list(false, { token: multiToken, partnerId: sk })).toEqual([]);
  });

  it('marks a deletion with who and when; the list hides it unless asked', async () => {
    const doc = (
      await upload(await pdfOf(), 'old.pdf', { documentType: 'OTHER', title: 'Starý ceník' })
    ).json() as DocumentView;
    const deleted = await server.gql<{ deletePartnerDocument: DocumentView }>(DELETE, { id: doc.id }, czAs());
    expect(deleted.data!.deletePartnerDocument).toMatchObject({
      isDeleted: true,
      deletedBy: 'Jan Novák',
      deletable: false,
    });
    expect((await list()).map((d) => d.id)).not.toContain(doc.id);
    expect((await list(true)).find((d) => d.id === doc.id)).toMatchObject({ isDeleted: true });
    const [row] = await server.database.db
      .select()
      .from(partnerDocuments)
      .where(eq(partnerDocuments.id, Number(doc.id)));
    expect(row!.deletedAt).not.toBeNull();
    expect(codeOf(await server.gql(DELETE, { id: doc.id }, czAs()))).toBe('DOCUMENT_NOT_FOUND');
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.partnerId, cz), eq(auditLog.action, 'partner.document.delete')));
    expect(audits).toHaveLength(1);
  });

  it("keeps the marketplace's upload from the partner's delete; an operator may delete it", async () => {
    const operator = await impersonationToken(cz);
    const response = await upload(
      await pdfOf('Signed'),
      'contract.pdf',
      { documentType: 'CONTRACT', title: 'Smlouva' },
      {
        token: operator,
        partnerId: cz,
      },
    );
    const doc = response.json() as DocumentView;
    expect(doc).toMatchObject({ uploadedBy: 'Adam Operátor', uploadedByOperator: true });
    expect((await list()).find((d) => d.id === doc.id)!.deletable).toBe(false);
    expect(codeOf(await server.gql(DELETE, { id: doc.id }, czAs()))).toBe('DOCUMENT_DELETE_NOT_ALLOWED');
    const byOperator = await server.gql<{ deletePartnerDocument: DocumentView }>(
      DELETE,
      { id: doc.id },
      { token: operator, partnerId: cz },
    );
    expect(byOperator.data!.deletePartnerDocument.isDeleted).toBe(true);
  });

  it("refuses an account without partner create or delete, and another partner's document", async () => {
    const doc = (await list())[0]!;
    const limitedUpload = await upload(await pdfOf(), 'x.pdf', undefined, { token: limitedToken, partnerId: cz });
    expect(limitedUpload.statusCode).toBe(403);
    expect(codeOf(await server.gql(DELETE, { id: doc.id }, { token: limitedToken, partnerId: cz }))).toBe(
      'ACCESS_DENIED',
    );
    // limited@ may still read and download.
    expect((await list(false, { token: limitedToken, partnerId: cz })).length).toBeGreaterThan(0);
    // multi@ is master of SK: the Czech document is not found there.
    expect(codeOf(await server.gql(DELETE, { id: doc.id }, { token: multiToken, partnerId: sk }))).toBe(
      'DOCUMENT_NOT_FOUND',
    );
    expect((await list()).find((d) => d.id === doc.id)!.isDeleted).toBe(false);
  });
});
