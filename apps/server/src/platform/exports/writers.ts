import { Readable } from 'node:stream';
import type { ExportCell } from './registry';
import { xlsxWorkbook } from './xlsx';

export const EXPORT_FORMATS = ['CSV', 'XLSX'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  CSV: 'text/csv; charset=utf-8',
  XLSX: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Text a spreadsheet would read as a formula (=, +, -, @, or a tab / carriage return before one) gets a
 * leading apostrophe, so a customer's name like `=HYPERLINK(…)` stays text when the seller opens the file.
 * A sign followed only by digits, spaces and separators (`+420 777 000 111`, `-12.5`) cannot call anything
 * and stays as it is: phone numbers must reach carriers' importers unchanged.
 */
export function neutralise(value: string): string {
  if (/^[+-][\d\s.,/]*$/.test(value)) return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** CSV separator: a semicolon, what Excel expects in every market's locale (decimal comma). */
export const CSV_SEPARATOR = ';';

function csvText(cell: ExportCell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return cell.toISOString().replace(/\.\d{3}Z$/, 'Z');
  if (typeof cell === 'number' || typeof cell === 'boolean') return String(cell);
  const text = neutralise(cell);
  return /[";\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(cells: readonly ExportCell[]): string {
  return `${cells.map(csvText).join(CSV_SEPARATOR)}\r\n`;
}

/**
 * CSV as a stream: UTF-8 with a byte-order mark (Excel then reads the diacritics right), CRLF lines, quoted
 * where needed. Each batch becomes one chunk when the reader asks for it, so a slow storage slows the query.
 */
export function csvStream(
  header: readonly string[],
  batches: AsyncIterable<ExportCell[][]>,
  onRows: (n: number) => void,
): Readable {
  async function* chunks() {
    yield Buffer.from(`\uFEFF${csvLine(header)}`, 'utf8');
    for await (const batch of batches) {
      yield Buffer.from(batch.map(csvLine).join(''), 'utf8');
      onRows(batch.length);
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/**
 * XLSX as a stream (`xlsx.ts`): inline strings rather than a shared-string table, which would hold every
 * text of the file; formula-like text neutralised as in CSV. Rows are written batch by batch as the
 * storage reads.
 */
export function xlsxStream(
  sheetName: string,
  header: readonly string[],
  batches: AsyncIterable<ExportCell[][]>,
  onRows: (n: number) => void,
): Readable {
  async function* neutralised() {
    for await (const batch of batches) {
      yield batch.map((cells) => cells.map((c) => (typeof c === 'string' ? neutralise(c) : c)));
    }
  }
  return xlsxWorkbook(sheetName.slice(0, 31) || 'Export', header, neutralised(), onRows);
}
