import { createReadStream } from 'node:fs';
import { extname } from 'node:path';
import {
  DOCUMENT_FORMATS,
  DOCUMENT_MAX_BYTES,
  type DocumentFormat,
  DomainError,
  documentUploadSchema,
  mayDeleteDocument,
} from '@pp/domain';
import { and, desc, eq, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { downloadPath, keepStoredFiles, storeFile } from '../../platform/files';
import { storedFiles } from '../../platform/files/tables';
import { judgeUpload } from '../../platform/uploads/content';
import { type UploadBody, withSpooledUpload } from '../../platform/uploads/spool';
import { accounts } from '../account/tables';
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

const isDocumentFormat = (kind: string): kind is DocumentFormat => kind in DOCUMENT_FORMATS;

/**
 * What the document is, by the content check every private upload shares (message attachments too): PDF by
 * header and trailer, pictures by a bounded decode, office files by their ZIP directory (no macros, no bomb).
 */
async function documentFormatOf(path: string, partnerId: number): Promise<DocumentFormat> {
  const verdict = await judgeUpload(path, { partnerId });
  if ('refused' in verdict) {
    throw new DomainError(verdict.refused === 'pixels' ? 'IMAGE_TOO_MANY_PIXELS' : 'DOCUMENT_TYPE_NOT_ALLOWED');
  }
  if (!isDocumentFormat(verdict.kind)) throw new DomainError('DOCUMENT_TYPE_NOT_ALLOWED');
  return verdict.kind;
}

/**
 * POST /portal/partner/documents: the form's fields are checked first, the file is spooled to disk (cut off
 * past 20 MB), judged by its content, stored for the whole partner (every account of it may download it)
 * and listed in one transaction that also keeps the file for good. An operator's upload is recorded as the
 * operator's, so the partner sees it came from the marketplace.
 */
export async function uploadDocument(
  ctx: RequestContext,
  upload: { body: UploadBody; fileName: string; fields: Record<string, string> },
): Promise<PartnerDocumentView> {
  const { partnerId } = await ctx.require('partner', 'create');
  const auth = ctx.requireAuth();
  const parsed = documentUploadSchema.safeParse(upload.fields);
  if (!parsed.success) {
    upload.body.resume();
    throw validationError(parsed.error);
  }
  const limit = { maxBytes: DOCUMENT_MAX_BYTES, tooLarge: 'DOCUMENT_TOO_LARGE' } as const;
  return withSpooledUpload(ctx.platform, upload.body, limit, async (path, size) => {
    const format = await documentFormatOf(path, partnerId);
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
    return ctx.db.transaction(async (tx) => {
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
  });
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
