import type { ErrorCode } from '../errors/codes';

/**
 * The status import's CSV (commerce spec §4 and §7, issue 7 point 5): a header row naming exactly these
 * columns in this order, then one status change per row.
 */
export const STATUS_IMPORT_COLUMNS = [
  'order_id',
  'status',
  'tracking_number',
  'tracking_url',
  'delivered_at',
  'first_delivery_attempt_at',
] as const;
/** Files above this size are refused before a row is read. */
export const STATUS_IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** Rows (without the header) one file may carry; a longer file is refused whole. */
export const STATUS_IMPORT_MAX_ROWS = 100_000;
export const STATUS_IMPORT_DELIMITERS = [';', ','] as const;
export type StatusImportDelimiter = (typeof STATUS_IMPORT_DELIMITERS)[number];
export const STATUS_IMPORT_RESULTS = ['OK', 'NOK', 'FAIL'] as const;
export type StatusImportResult = (typeof STATUS_IMPORT_RESULTS)[number];

/**
 * The delimiter of a file, read from its header line: a semicolon when the line has one (the spreadsheet
 * default in the portal's markets), else a comma. Null when the line has neither: not our header.
 */
export function statusImportDelimiter(headerLine: string): StatusImportDelimiter | null {
  if (headerLine.includes(';')) return ';';
  if (headerLine.includes(',')) return ',';
  return null;
}

/** Whether a header row is ours: the six names in order, any letter case, surrounding blanks ignored. */
export function isStatusImportHeader(cells: readonly string[]): boolean {
  return (
    cells.length === STATUS_IMPORT_COLUMNS.length &&
    cells.every((cell, i) => cell.trim().toLowerCase() === STATUS_IMPORT_COLUMNS[i])
  );
}

export type StatusImportRowRead =
  | { orderId: number; change: Record<string, string> }
  | { orderId: number | null; code: ErrorCode };

/**
 * One data row read into an order id and the change the status dialog would send. Empty cells are absent
 * values; the change itself is checked by the same schema and rules as the status dialog.
 */
export function readStatusImportRow(cells: readonly string[]): StatusImportRowRead {
  const idText = (cells[0] ?? '').trim();
  const orderId = /^\d{1,16}$/.test(idText) && Number(idText) > 0 ? Number(idText) : null;
  if (cells.length !== STATUS_IMPORT_COLUMNS.length) return { orderId, code: 'IMPORT_ROW_COLUMNS' };
  if (orderId === null || !Number.isSafeInteger(orderId)) {
    return { orderId: null, code: idText ? 'ORDER_ID_INVALID' : 'MISSING_ORDER_ID' };
  }
  const change: Record<string, string> = {};
  STATUS_IMPORT_COLUMNS.forEach((column, i) => {
    if (i === 0) return;
    const value = (cells[i] ?? '').trim();
    if (value) change[camel(column)] = column === 'status' ? value.toLowerCase() : value;
  });
  return { orderId, change };
}

function camel(column: string): string {
  return column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** The file's verdict: every row applied, some, or none (spec §4: OK, NOK, FAIL). */
export function statusImportResult(rows: readonly { ok: boolean }[]): StatusImportResult {
  const ok = rows.filter((r) => r.ok).length;
  if (rows.length > 0 && ok === rows.length) return 'OK';
  return ok === 0 ? 'FAIL' : 'NOK';
}
