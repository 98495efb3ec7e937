import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DOCUMENT_FORMATS, DOCUMENT_MAX_BYTES, DomainError, documentUploadSchema, mayDeleteDocument } from '@pp/domain';
import { and, desc, eq, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { downloadPath, keepStoredFiles, spoolFolder, storeFile } from '../../platform/files';
import { storedFiles } from '../../platform/files/tables';
import { accounts } from '../account/tables';
import { documentFormatOf } from './document-content';
import { partnerDocuments } from './tables';

export const PARTNER_DOCUMENT_KIND = 'partner-document';
/** The list shows the newest documents; a partner keeps a few dozen, so this is a safety bound only. */
const LIST_LIMIT = 500;

export interface PartnerDocumentView {
  id: string;
  title: string;
  documentType: string;
  validFrom: string | null;
  fileName: string;
  contentType: string;
  size: number;
  url: string;
  uploadedAt: Date;
  uploadedBy: string | null;
  /** Uploaded by the marketplace (an operator signed in as the partner). */
  uploadedByOperator: boolean;
  deletedAt: Date | null;
  deletedBy: string | null;
  isDeleted: boolean;
  /** Whether this caller may delete it (permission aside). */
  deletable: boolean;
}

const uploader = alias(accounts, 'uploader');
const remover = alias(accounts, 'remover');
const fullName = (a: { firstName: SQLWrapper; lastName: SQLWrapper }) =>
  sql<string | null>`nullif(trim(${a.firstName} || ' ' || ${a.lastName}), '')`;

async function readDocuments(db: DbOrTx, partnerId: number, operator: boolean, where: SQL[]) {
  const rows = await db
    .select({
      doc: partnerDocuments,
      fileName: storedFiles.fileName,
      contentType: storedFiles.contentType,
      size: storedFiles.size,
      uploadedBy: fullName(uploader),
      uploaderEmail: uploader.email,
      uploadedByOperator: uploader.isAdmin,
      deletedBy: fullName(remover),
    })
    .from(partnerDocuments)
    .innerJoin(
      storedFiles,
      and(eq(storedFiles.partnerId, partnerDocuments.partnerId), eq(storedFiles.id, partnerDocuments.fileId)),
    )
    .leftJoin(uploader, eq(uploader.id, partnerDocuments.uploadedBy))
    .leftJoin(remover, eq(remover.id, partnerDocuments.deletedBy))
    .where(and(eq(partnerDocuments.partnerId, partnerId), ...where))
    .orderBy(desc(partnerDocuments.uploadedAt), desc(partnerDocuments.id))
    .limit(LIST_LIMIT);
  return rows.map((r): PartnerDocumentView => {
    const uploadedByOperator = r.uploadedByOperator === true;
    return {
      id: String(r.doc.id),
      title: r.doc.title,
      documentType: r.doc.documentType,
      validFrom: r.doc.validFrom,
      fileName: r.fileName,
      contentType: r.contentType,
      size: r.size,
      url: downloadPath(r.doc.fileId),
      uploadedAt: r.doc.uploadedAt,
      uploadedBy: r.uploadedBy ?? r.uploaderEmail,
      uploadedByOperator,
      deletedAt: r.doc.deletedAt,
      deletedBy: r.deletedBy,
      isDeleted: r.doc.deletedAt !== null,
      deletable: r.doc.deletedAt === null && mayDeleteDocument({ uploadedByOperator }, operator),
    };
  });
}

const isOperator = (ctx: RequestContext) => ctx.auth?.admin != null;

/** The partner's documents, newest first; deleted ones only when asked (with who removed them and when). */
export async function listDocuments(ctx: RequestContext, includeDeleted: boolean): Promise<PartnerDocumentView[]> {
  const { partnerId } = await ctx.require('partner', 'read');
  return readDocuments(ctx.db, partnerId, isOperator(ctx), includeDeleted ? [] : [isNull(partnerDocuments.deletedAt)]);
}

async function spool(body: Readable & { truncated?: boolean }, path: string): Promise<void> {
  let bytes = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > DOCUMENT_MAX_BYTES) return done(new DomainError('DOCUMENT_TOO_LARGE'));
      done(null, chunk);
    },
  });
  try {
    await pipeline(body, count, createWriteStream(path, { mode: 0o600 }));
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError('DOCUMENT_TOO_LARGE');
    throw error;
  }
  // The multipart parser stops at its limit and marks the stream instead of failing it.
  if (body.truncated) throw new DomainError('DOCUMENT_TOO_LARGE');
}

/**
 * POST /portal/partner/documents: the form's fields are checked first, the file is spooled to disk (cut off
 * past 20 MB), judged by its content, stored for the whole partner (every account of it may download it)
 * and listed in one transaction that also keeps the file for good. An operator's upload is recorded as the
 * operator's, so the partner sees it came from the marketplace.
 */
export async function uploadDocument(
  ctx: RequestContext,
  upload: { body: Readable & { truncated?: boolean }; fileName: string; fields: Record<string, string> },
): Promise<PartnerDocumentView> {
  const { partnerId } = await ctx.require('partner', 'create');
  const auth = ctx.requireAuth();
  const parsed = documentUploadSchema.safeParse(upload.fields);
  if (!parsed.success) {
    upload.body.resume();
    throw validationError(parsed.error);
  }
  const folder = spoolFolder(ctx.platform);
  await mkdir(folder, { recursive: true });
  const path = join(folder, `${randomUUID()}.doc`);
  try {
    await spool(upload.body, path);
    const { size } = await stat(path);
    const format = await documentFormatOf(path, size);
    if (!format) throw new DomainError('DOCUMENT_TYPE_NOT_ALLOWED');
    const { extension, contentType } = DOCUMENT_FORMATS[format];
    const base = upload.fileName.slice(0, upload.fileName.length - extname(upload.fileName).length).trim();
    const stored = await storeFile(ctx.platform, {
      partnerId,
      accountId: null,
      kind: PARTNER_DOCUMENT_KIND,
      fileName: `${base || 'document'}${extension}`,
      contentType,
      body: createReadStream(path),
    });
    const uploadedBy = auth.admin?.id ?? auth.account.id;
    return await ctx.db.transaction(async (tx) => {
      await keepStoredFiles(tx, partnerId, [stored.id]);
      const [row] = await tx
        .insert(partnerDocuments)
        .values({
          partnerId,
          fileId: stored.id,
          documentType: parsed.data.documentType,
          title: parsed.data.title,
          validFrom: parsed.data.validFrom || null,
          uploadedBy,
        })
        .returning({ id: partnerDocuments.id });
      await recordAudit(tx, ctx.actor(partnerId), {
        action: 'partner.document.upload',
        entity: 'partner_document',
        entityId: row!.id,
        data: { documentType: parsed.data.documentType, format, bytes: size, fileId: stored.id },
      });
      const [view] = await readDocuments(tx, partnerId, isOperator(ctx), [eq(partnerDocuments.id, row!.id)]);
      return view!;
    });
  } finally {
    await rm(path, { force: true });
  }
}

/**
 * Marks a document deleted (who and when); the row and the file stay as the partner's history. The
 * marketplace's own uploads are removed only by an operator.
 */
export async function deleteDocument(ctx: RequestContext, id: string): Promise<PartnerDocumentView> {
  const { partnerId } = await ctx.require('partner', 'delete');
  const auth = ctx.requireAuth();
  const documentId = Number(id);
  if (!Number.isSafeInteger(documentId) || documentId <= 0 || documentId > 2_147_483_647) {
    throw new DomainError('DOCUMENT_NOT_FOUND');
  }
  const operator = isOperator(ctx);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: partnerDocuments.id, deletedAt: partnerDocuments.deletedAt, uploaderIsAdmin: accounts.isAdmin })
      .from(partnerDocuments)
      .leftJoin(accounts, eq(accounts.id, partnerDocuments.uploadedBy))
      .where(and(eq(partnerDocuments.partnerId, partnerId), eq(partnerDocuments.id, documentId)))
      .for('update', { of: partnerDocuments });
    if (!row || row.deletedAt !== null) throw new DomainError('DOCUMENT_NOT_FOUND');
    if (!mayDeleteDocument({ uploadedByOperator: row.uploaderIsAdmin === true }, operator)) {
      throw new DomainError('DOCUMENT_DELETE_NOT_ALLOWED');
    }
    await tx
      .update(partnerDocuments)
      .set({ deletedAt: new Date(), deletedBy: auth.admin?.id ?? auth.account.id })
      .where(and(eq(partnerDocuments.partnerId, partnerId), eq(partnerDocuments.id, documentId)));
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'partner.document.delete',
      entity: 'partner_document',
      entityId: documentId,
    });
    const [view] = await readDocuments(tx, partnerId, operator, [eq(partnerDocuments.id, documentId)]);
    return view!;
  });
}
