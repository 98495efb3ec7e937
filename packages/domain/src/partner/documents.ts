import { z } from 'zod';
import { dateValueRule } from '../grid/grid';
import { safeText } from '../text/safeText';

/** Partner file types (spec §3 Document). */
export const PARTNER_DOCUMENT_TYPES = ['AGREEMENT_SB', 'AMENDMENT', 'CONTRACT', 'OTHER', 'SLA_DOCUMENTATION'] as const;
export type PartnerDocumentType = (typeof PARTNER_DOCUMENT_TYPES)[number];

/** A scanned contract with its annexes fits; anything larger is not a document a person reads. */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export const DOCUMENT_TITLE_MAX = 200;

/**
 * What a document may be, judged by its content (never by its name): PDF, pictures (scans) and office
 * files. Macro-enabled office files are not among them.
 */
export const DOCUMENT_FORMATS = {
  pdf: { extension: '.pdf', contentType: 'application/pdf' },
  png: { extension: '.png', contentType: 'image/png' },
  jpeg: { extension: '.jpg', contentType: 'image/jpeg' },
  webp: { extension: '.webp', contentType: 'image/webp' },
  docx: {
    extension: '.docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  xlsx: { extension: '.xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  odt: { extension: '.odt', contentType: 'application/vnd.oasis.opendocument.text' },
  ods: { extension: '.ods', contentType: 'application/vnd.oasis.opendocument.spreadsheet' },
} as const;
export type DocumentFormat = keyof typeof DOCUMENT_FORMATS;

/** What the file picker offers; the server decides by content anyway. */
export const DOCUMENT_ACCEPT = [
  ...Object.values(DOCUMENT_FORMATS).flatMap((f): string[] => [f.extension, f.contentType]),
  '.jpeg',
].join(',');

/** The form fields sent with a document upload. */
export const documentUploadSchema = z.object({
  documentType: z.enum(PARTNER_DOCUMENT_TYPES, 'required'),
  title: safeText().trim().min(1, { message: 'required', abort: true }).max(DOCUMENT_TITLE_MAX, 'max'),
  validFrom: z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && dateValueRule(v) === null), 'dateOutOfRange'),
});
export type DocumentUploadInput = z.infer<typeof documentUploadSchema>;

/**
 * Who may remove a document: an operator any; the partner's own people only what the partner uploaded.
 * What the marketplace put there (the signed contract, the self-billing agreement) stays until the
 * marketplace removes it.
 */
export function mayDeleteDocument(document: { uploadedByOperator: boolean }, byOperator: boolean): boolean {
  return byOperator || !document.uploadedByOperator;
}
