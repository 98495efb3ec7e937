import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DomainError,
  type ErrorCode,
  isLanguage,
  type Language,
  isStatusImportHeader,
  readStatusImportRow,
  STATUS_IMPORT_MAX_ROWS,
  type StatusImportDelimiter,
  type StatusImportResult,
  statusImportDelimiter,
  statusImportResult,
} from '@pp/domain';
import { CsvError, parse } from 'csv-parse';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Platform, RequestContext } from '../../platform/context';
import { errorPayload } from '../../platform/errors';
import { fileStorageOf, spoolFolder, storeFile } from '../../platform/files';
import { spooledFirstLine } from '../../platform/uploads/spool';
import { storedFiles } from '../../platform/files/tables';
import { translate } from '../../platform/i18n';
import { utf8Check } from '../../platform/uploads/utf8';
import type { JobDefinition } from '../../platform/jobs';
import { applyOrderStatusChange, type ChangeAuthor, changeAuthorOf, parseStatusChange } from './service';

/**
 * Files up to this many rows are applied while the upload waits and answered row by row (a few seconds);
 * longer ones are applied by a job, with progress on the stream and a result report to download.
 */
export const IMPORT_INLINE_MAX_ROWS = 1000;
/** Progress is announced on the stream at most this often. */
const PROGRESS_EVERY_MS = 1000;

export interface StatusImportRowResult {
  /** The line of the file (the header is line 1), as a spreadsheet shows it. */
  row: number;
  orderId: number | null;
  ok: boolean;
  code: ErrorCode | null;
  message: string | null;
  /** What the message is about: the order, and each refused field with its rule's text. */
  attributes: Record<string, string>;
}

export interface StatusImportAnswer {
  importId: string;
  /** DONE: applied, the rows are here. QUEUED: a job applies the file; the stream brings its END. */
  status: 'DONE' | 'QUEUED';
  result: StatusImportResult | null;
  total: number;
  applied: number;
  failed: number;
  rows: StatusImportRowResult[];
}

/** Refuses the whole file with a code before any row is applied. */
class FileRefusal extends DomainError {}

/**
 * Copies the upload to a spool file while checking the file-level rules that need every byte: the size
 * limit (the multipart parser cuts the stream and marks it truncated) and UTF-8 (the platform's streaming
 * check, which fails on the first invalid sequence, also across chunk borders).
 */
async function spool(upload: Readable & { truncated?: boolean }, path: string): Promise<void> {
  const check = utf8Check(() => new FileRefusal('IMPORT_FILE_ENCODING'));
  try {
    await pipeline(upload, check, createWriteStream(path, { mode: 0o600 }));
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new FileRefusal('IMPORT_FILE_TOO_LARGE');
    throw error;
  }
  if (upload.truncated) throw new FileRefusal('IMPORT_FILE_TOO_LARGE');
}

/** The header line's delimiter, read from the file's first 64 kB. */
async function delimiterOf(path: string): Promise<StatusImportDelimiter> {
  const firstLine = await spooledFirstLine(path);
  if (!firstLine.trim()) throw new FileRefusal('IMPORT_FILE_EMPTY');
  const delimiter = statusImportDelimiter(firstLine);
  if (!delimiter) throw new FileRefusal('INVALID_CSV_HEADER');
  return delimiter;
}

/** The data rows of a file, each with its line number; the header is checked first. */
async function* records(
  source: () => Readable | Promise<Readable>,
  delimiter: StatusImportDelimiter,
): AsyncGenerator<{ line: number; cells: string[] }> {
  const parser = (await source()).pipe(
    parse({ delimiter, bom: true, relax_column_count: true, skip_empty_lines: true, info: true }),
  );
  let header = true;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (header) {
        if (!isStatusImportHeader(record)) throw new FileRefusal('INVALID_CSV_HEADER');
        header = false;
        continue;
      }
      yield { line: info.lines, cells: record };
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    // A quote left open, a stray quote inside a field: the file cannot be read as CSV. The parser's error
    // quotes the field, so it goes no further than here (never to the log).
    if (error instanceof CsvError) throw new FileRefusal('ErrorReadingFile');
    throw error;
  } finally {
    parser.destroy();
  }
}

/** Counts the data rows, refusing the file as soon as it has too many (nothing has changed yet). */
async function countRows(path: string, delimiter: StatusImportDelimiter): Promise<number> {
  let count = 0;
  for await (const _ of records(() => createReadStream(path), delimiter)) {
    if (++count > STATUS_IMPORT_MAX_ROWS) throw new FileRefusal('IMPORT_TOO_MANY_ROWS', { 0: STATUS_IMPORT_MAX_ROWS });
  }
  if (count === 0) throw new FileRefusal('IMPORT_FILE_EMPTY');
  return count;
}

/** A status import's progress on the partner's live stream (BEGIN, PROGRESS, END, ERROR). */
function progressOf(platform: Platform, log: FastifyBaseLogger, partnerId: number, importId: string) {
  return (data: Record<string, unknown>) =>
    platform.stream
      .publish({ partnerId }, { type: 'order_import_progress', data: { importId, ...data } })
      .catch((error) => log.warn({ err: error, importId }, 'import progress not published'));
}

interface ApplyTotals {
  applied: number;
  failed: number;
  done: number;
}

/**
 * Applies every row of the file in order, each whole or not at all, calling `onRow` with its outcome and
 * announcing progress about once a second.
 */
async function applyRows(
  author: ChangeAuthor,
  lang: Language,
  partnerId: number,
  rows: AsyncGenerator<{ line: number; cells: string[] }>,
  total: number,
  publish: (data: Record<string, unknown>) => Promise<void>,
  onRow: (row: StatusImportRowResult) => void | Promise<void>,
): Promise<ApplyTotals> {
  const totals: ApplyTotals = { applied: 0, failed: 0, done: 0 };
  let announced = Date.now();
  for await (const { line, cells } of rows) {
    const outcome = await applyRow(author, lang, partnerId, cells);
    if (outcome.ok) totals.applied++;
    else totals.failed++;
    totals.done++;
    await onRow({ row: line, ...outcome });
    if (Date.now() - announced >= PROGRESS_EVERY_MS) {
      announced = Date.now();
      await publish({ status: 'PROGRESS', done: totals.done, total });
    }
  }
  return totals;
}

function verdict(totals: ApplyTotals): StatusImportResult {
  return statusImportResult([...(totals.applied ? [{ ok: true }] : []), ...(totals.failed ? [{ ok: false }] : [])]);
}

/**
 * Imports order statuses from a CSV upload (POST /api/orders/import-statuses). The file is spooled to disk
 * and checked whole first (size, UTF-8, header, row count): a file that breaks one of these is refused
 * before any order changes. A short file is then applied at once and answered row by row; a long one is
 * stored and applied by a job, whose progress and result arrive on the stream (order_import_progress).
 */
export async function importOrderStatuses(
  ctx: RequestContext,
  upload: (Readable & { truncated?: boolean }) | null,
): Promise<StatusImportAnswer> {
  const { partnerId } = await ctx.require('orders', 'update');
  if (!upload) throw new DomainError('IMPORT_FILE_MISSING');
  const importId = randomUUID();
  const folder = spoolFolder(ctx.platform);
  await mkdir(folder, { recursive: true });
  const path = join(folder, `import-${importId}.csv`);
  const publish = progressOf(ctx.platform, ctx.log, partnerId, importId);
  const author = changeAuthorOf(ctx, partnerId);
  try {
    await spool(upload, path);
    const delimiter = await delimiterOf(path);
    const total = await countRows(path, delimiter);
    await publish({ status: 'BEGIN', done: 0, total });

    if (total > IMPORT_INLINE_MAX_ROWS) {
      const stored = await storeFile(ctx.platform, {
        partnerId,
        accountId: author.actor.accountId,
        kind: 'order-status-import',
        fileName: `status-import-${importId}.csv`,
        contentType: 'text/csv',
        body: createReadStream(path),
      });
      const job: StatusImportJob = {
        importId,
        fileId: stored.id,
        partnerId,
        accountId: author.actor.accountId,
        adminAccountId: author.actor.adminAccountId,
        lang: ctx.lang,
        delimiter,
        total,
      };
      await ctx.platform.jobs.send(STATUS_IMPORT_JOB, job);
      return { importId, status: 'QUEUED', result: null, total, applied: 0, failed: 0, rows: [] };
    }

    const rows: StatusImportRowResult[] = [];
    const totals = await applyRows(
      author,
      ctx.lang,
      partnerId,
      records(() => createReadStream(path), delimiter),
      total,
      publish,
      (row) => {
        rows.push(row);
      },
    );
    const result = verdict(totals);
    await publish({ status: 'END', done: totals.done, total, result, applied: totals.applied, failed: totals.failed });
    return {
      importId,
      status: 'DONE',
      result,
      total: totals.done,
      applied: totals.applied,
      failed: totals.failed,
      rows,
    };
  } catch (error) {
    // Drain what is left of the upload, so the client gets the answer instead of a reset connection.
    upload.resume();
    if (error instanceof FileRefusal) throw new DomainError(error.code, error.params);
    throw error;
  } finally {
    await rm(path, { force: true });
  }
}

export const STATUS_IMPORT_JOB = 'orders.status-import';

interface StatusImportJob {
  importId: string;
  fileId: string;
  partnerId: number;
  accountId: number | null;
  adminAccountId: number | null;
  lang: Language;
  delimiter: StatusImportDelimiter;
  total: number;
}

/** A cell of the result report: quoted, and never read by a spreadsheet as a formula. */
function reportCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * The job of a long file: applies its rows as the account that uploaded it (checked at upload), writes each
 * row's outcome into a result report as it goes (a file, never a list in memory), stores the report and
 * announces END with it. A failure announces ERROR; the job is not retried, as rows already applied would
 * then be refused as repeated changes.
 */
export async function runStatusImport(platform: Platform, job: StatusImportJob): Promise<void> {
  const lang = isLanguage(job.lang) ? job.lang : 'en';
  const publish = progressOf(platform, platform.log, job.partnerId, job.importId);
  const author: ChangeAuthor = {
    db: platform.database.db,
    platform,
    log: platform.log,
    actor: {
      accountId: job.accountId,
      adminAccountId: job.adminAccountId,
      partnerId: job.partnerId,
      requestId: `import:${job.importId}`,
    },
  };
  const folder = spoolFolder(platform);
  await mkdir(folder, { recursive: true });
  const reportPath = join(folder, `import-result-${job.importId}.csv`);
  try {
    const [file] = await platform.database.db
      .select({ storageKey: storedFiles.storageKey })
      .from(storedFiles)
      .where(and(eq(storedFiles.partnerId, job.partnerId), eq(storedFiles.id, job.fileId)));
    if (!file) throw new DomainError('ErrorReadingFile');
    const report = createWriteStream(reportPath, { mode: 0o600 });
    const write = (line: string) =>
      new Promise<void>((resolve, reject) => {
        if (report.write(`${line}\r\n`)) resolve();
        else report.once('drain', resolve).once('error', reject);
      });
    const header = ['row', 'order_id', 'result', 'code', 'message'].map((key) =>
      translate(lang, `orders.importStatuses.report.${key}`),
    );
    await write(`\uFEFF${header.map(reportCell).join(';')}`);
    const totals = await applyRows(
      author,
      lang,
      job.partnerId,
      records(() => fileStorageOf(platform).get(file.storageKey), job.delimiter),
      job.total,
      publish,
      (row) => write([row.row, row.orderId, row.ok ? 'OK' : 'ERROR', row.code, row.message].map(reportCell).join(';')),
    );
    await new Promise<void>((resolve, reject) =>
      report.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    const stored = await storeFile(platform, {
      partnerId: job.partnerId,
      accountId: job.accountId,
      kind: 'order-status-import-result',
      fileName: `${translate(lang, 'orders.importStatuses.report.fileName')}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: createReadStream(reportPath),
    });
    await publish({
      status: 'END',
      done: totals.done,
      total: job.total,
      result: verdict(totals),
      applied: totals.applied,
      failed: totals.failed,
      downloadPath: stored.downloadPath,
      fileName: stored.fileName,
    });
  } catch (error) {
    platform.log.error({ err: error, importId: job.importId }, 'status import failed');
    await publish({ status: 'ERROR', code: error instanceof DomainError ? error.code : 'INTERNAL' });
  } finally {
    await rm(reportPath, { force: true });
  }
}

export function statusImportJobs(platform: Platform): JobDefinition<StatusImportJob>[] {
  return [{ name: STATUS_IMPORT_JOB, retryLimit: 0, handler: (data) => runStatusImport(platform, data) }];
}

async function applyRow(
  author: ChangeAuthor,
  lang: Language,
  partnerId: number,
  cells: string[],
): Promise<Omit<StatusImportRowResult, 'row'>> {
  const read = readStatusImportRow(cells);
  const failure = (orderId: number | null, error: DomainError) => {
    const payload = errorPayload(error, lang);
    const attributes: Record<string, string> = orderId ? { orderId: String(orderId) } : {};
    for (const field of payload.fields) attributes[field.field] = field.message;
    return { orderId, ok: false, code: error.code, message: payload.message, attributes };
  };
  if ('code' in read) return failure(read.orderId, new DomainError(read.code));
  try {
    const change = parseStatusChange(read.change);
    await applyOrderStatusChange(author, partnerId, read.orderId, change, { source: 'import', announce: false });
    return { orderId: read.orderId, ok: true, code: null, message: null, attributes: {} };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return failure(read.orderId, error);
  }
}
