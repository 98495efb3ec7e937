import { describe, expect, it } from 'vitest';
import { billingFilePaths, fileBaseName } from './downloads';

describe('the billing files of spec §7', () => {
  it('asks for a document, its overview (xlsx with the invoice number), an offset and an export by their paths', () => {
    expect(billingFilePaths.invoice('42', 'pdf')).toBe('/portal/invoices/42/pdf');
    expect(billingFilePaths.invoice('42', 'xlsx')).toBe('/portal/invoices/42/xlsx');
    expect(billingFilePaths.overview('42', 'pdf', 'FV2026/0001')).toBe('/portal/overviews/42/pdf');
    expect(billingFilePaths.overview('42', 'xlsx', 'FV2026/0001')).toBe(
      '/portal/overviews/42/xlsx?invoiceNumber=FV2026%2F0001',
    );
    expect(billingFilePaths.offset('ZP 2026/7')).toBe('/portal/offsets/ZP%202026%2F7/pdf');
    expect(billingFilePaths.exportZip('abc-1')).toBe('/portal/invoices/export/abc-1/zip');
  });

  it('names a file after the document number without characters a file system refuses', () => {
    expect(fileBaseName('FV2026/0001')).toBe('FV2026-0001');
    expect(fileBaseName('  ')).toBe('document');
  });
});
