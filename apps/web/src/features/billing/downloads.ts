/**
 * The billing files of spec §7 (REST). They need the session's headers, so they are fetched with them and
 * handed to the browser (app/api/files `downloadStoredFile`), never opened as plain links.
 */
export type DocumentFileType = 'pdf' | 'xlsx';

export const billingFilePaths = {
  invoice: (id: string, type: DocumentFileType) => `/portal/invoices/${encodeURIComponent(id)}/${type}`,
  overview: (id: string, type: DocumentFileType, invoiceNumber: string) =>
    type === 'xlsx'
      ? `/portal/overviews/${encodeURIComponent(id)}/xlsx?invoiceNumber=${encodeURIComponent(invoiceNumber)}`
      : `/portal/overviews/${encodeURIComponent(id)}/pdf`,
  offset: (documentNumber: string) => `/portal/offsets/${encodeURIComponent(documentNumber)}/pdf`,
  exportZip: (exportId: string) => `/portal/invoices/export/${encodeURIComponent(exportId)}/zip`,
};

/** A file name safe on every system, used when the server names none ("FV-2026/0012" → "FV-2026-0012"). */
export function fileBaseName(number: string): string {
  return number.replace(/[\\/:*?"<>|\s]+/g, '-').replace(/^-+|-+$/g, '') || 'document';
}
