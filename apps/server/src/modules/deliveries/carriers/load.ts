import type { Readable } from 'node:stream';
import {
  BRANCH_FILE_ERRORS_KEPT,
  BRANCH_FILE_MAX_ROWS,
  type BranchRow,
  type BranchRowIssue,
  DomainError,
  type ErrorCode,
  isBranchFileHeader,
  readBranchRow,
} from '@pp/domain';
import { CsvError, parse } from 'csv-parse';
import { eq, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, rowsOf } from '../../../platform/db/client';
import { utf8Check } from '../../../platform/uploads/utf8';
import { carrierBranchLoads } from './tables';

/**
 * Loading a carrier's branch file (issue 19 point 6): the command line (`npm run branches -- load <file>`)
 * and the cockpit's upload job both come here. The file is read twice as a stream, never held whole: first
 * every row is checked (a file with a bad row changes nothing and is answered with the bad rows' line
 * numbers), then, in one transaction, its branches are written and each (carrier, country) it names is
 * replaced — branches of that network missing from the file become inactive, never deleted (orders point
 * at them).
 *
 * A refusal of the whole file names the line where it was found when there is one: bytes that are not UTF-8,
 * a line longer than BRANCH_LINE_MAX_CHARS (read no further: a 1 GB line costs this much memory, not a GB),
 * text the CSV reader cannot read (a quote left open).
 */

export interface BranchLoadError {
  line: number;
  field: string;
  rule: string;
}

export interface BranchLoadOutcome {
  loadId: number;
  status: 'done' | 'failed';
  /** Why the whole file was refused (its header, encoding, size, bad rows), or null when it was loaded. */
  code: ErrorCode | null;
  lines: number;
  inserted: number;
  updated: number;
  deactivated: number;
  /** The (carrier, country) networks the file replaced, as CARRIER/CC. */
  networks: string[];
  errors: BranchLoadError[];
  errorCount: number;
}

export type BranchSource = () => Readable | Promise<Readable>;
export type BranchProgress = (done: number, total: number) => void | Promise<void>;

export interface BranchLoadOptions {
  /** The one carrier the file may name (the cockpit's upload is for a carrier the operator picked). */
  carrier?: string | null;
}

/** The longest line a branch file may have: a full row is under 1,000 characters. */
export const BRANCH_LINE_MAX_CHARS = 8 * 1024;

/** Two-key advisory locks of branch loads: this namespace and the carrier's hash. */
const LOAD_LOCK = 19_006;
const BATCH = 1000;
const PROGRESS_EVERY = 2000;

/** The whole file refused with a code, and the line it was found on when there is one. */
class FileRefusal extends DomainError {
  constructor(
    code: ErrorCode,
    readonly line: number | null = null,
    readonly rule = 'unreadable',
    params: Record<string, string | number> = {},
  ) {
    super(code, params);
  }
}

/**
 * The header's delimiter: ';' (what spreadsheets of the six markets write) when the first line has one, else
 * ','. Read from the file's first 64 kB; the stream is then let go.
 */
async function delimiterOf(source: BranchSource): Promise<';' | ','> {
  const input = await source();
  let head = '';
  try {
    for await (const chunk of input) {
      head += Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk);
      if (head.includes('\n') || head.length >= 64 * 1024) break;
    }
  } finally {
    input.destroy();
  }
  const first = head.split(/\r?\n/, 1)[0] ?? '';
  if (!first.trim()) throw new FileRefusal('IMPORT_FILE_EMPTY');
  return first.includes(';') ? ';' : ',';
}

/** The rows of the file after its header, with their line numbers (a header line is 1). */
async function* records(source: BranchSource, delimiter: ';' | ','): AsyncGenerator<{ line: number; cells: string[] }> {
  const input = await source();
  const parser = parse({
    delimiter,
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    info: true,
    max_record_size: BRANCH_LINE_MAX_CHARS,
  });
  // Only UTF-8 (platform/uploads/utf8.ts): the first invalid sequence refuses the file with its line.
  const utf8 = utf8Check((line) => new FileRefusal('IMPORT_FILE_ENCODING', line, 'encoding'));
  input.on('error', (error) => parser.destroy(error));
  utf8.on('error', (error) => parser.destroy(error));
  input.pipe(utf8).pipe(parser);
  let header = true;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (header) {
        if (!isBranchFileHeader(record)) throw new FileRefusal('INVALID_CSV_HEADER', 1, 'header');
        header = false;
        continue;
      }
      yield { line: info.lines, cells: record };
    }
    if (header) throw new FileRefusal('IMPORT_FILE_EMPTY');
  } catch (error) {
    if (error instanceof DomainError) throw error;
    // The parser's message quotes the field: only its line and kind go further than here.
    if (error instanceof CsvError) {
      const line = typeof error.lines === 'number' ? error.lines : null;
      throw new FileRefusal('ErrorReadingFile', line, error.code === 'CSV_MAX_RECORD_SIZE' ? 'tooLong' : 'unreadable');
    }
    throw error;
  } finally {
    parser.destroy();
    utf8.destroy();
    input.destroy();
  }
}

/** The file's rows checked; nothing is written. */
async function check(source: BranchSource, delimiter: ';' | ',', only: string | null) {
  const errors: BranchLoadError[] = [];
  let errorCount = 0;
  let lines = 0;
  const seen = new Set<string>();
  const networks = new Set<string>();
  const refuse = (line: number, issues: BranchRowIssue[]) => {
    errorCount++;
    for (const issue of issues) if (errors.length < BRANCH_FILE_ERRORS_KEPT) errors.push({ line, ...issue });
  };
  for await (const { line, cells } of records(source, delimiter)) {
    if (++lines > BRANCH_FILE_MAX_ROWS) {
      throw new FileRefusal('IMPORT_TOO_MANY_ROWS', line, 'tooMany', { 0: BRANCH_FILE_MAX_ROWS });
    }
    const read = readBranchRow(cells);
    if ('issues' in read) {
      refuse(line, read.issues);
      continue;
    }
    if (only && read.branch.carrier !== only) {
      refuse(line, [{ field: 'carrier', rule: 'otherCarrier' }]);
      continue;
    }
    if (seen.has(read.branch.id)) {
      refuse(line, [{ field: 'code', rule: 'duplicate' }]);
      continue;
    }
    seen.add(read.branch.id);
    networks.add(`${read.branch.carrier}/${read.branch.country}`);
  }
  return { lines, errors, errorCount, networks: [...networks].sort() };
}

async function upsert(db: DbOrTx, loadId: number, rows: BranchRow[]) {
  const col = <K extends keyof BranchRow>(key: K) => sql.param(rows.map((r) => r[key]));
  const result = await db.execute(sql`
    insert into carrier_branches (id, carrier, country, code, name, street, city, zip, lat, lng, active,
                                  cod_allowed, max_package_size, opening_hours, load_id, updated_at)
    select u.*, ${loadId}::int, now()
    from unnest(${col('id')}::text[], ${col('carrier')}::text[], ${col('country')}::text[], ${col('code')}::text[],
                ${col('name')}::text[], ${col('street')}::text[], ${col('city')}::text[], ${col('zip')}::text[],
                ${col('lat')}::float8[], ${col('lng')}::float8[], ${col('active')}::boolean[],
                ${col('codAllowed')}::boolean[], ${col('maxPackageSize')}::text[], ${col('openingHours')}::text[]) as u
    on conflict (id) do update set
      country = excluded.country, name = excluded.name, street = excluded.street, city = excluded.city,
      zip = excluded.zip, lat = excluded.lat, lng = excluded.lng, active = excluded.active,
      cod_allowed = excluded.cod_allowed, max_package_size = excluded.max_package_size,
      opening_hours = excluded.opening_hours, load_id = excluded.load_id, updated_at = now()
    returning (xmax = 0) as inserted`);
  const flags = rowsOf<{ inserted: boolean }>(result);
  const inserted = flags.filter((r) => r.inserted).length;
  return { inserted, updated: flags.length - inserted };
}

/** Starts a load's record (the cockpit shows it; the command prints it). */
export async function createBranchLoad(
  db: Db,
  values: { accountId: number | null; fileName: string | null; fileKey?: string | null; status?: string },
): Promise<number> {
  const [row] = await db
    .insert(carrierBranchLoads)
    .values({
      accountId: values.accountId,
      fileName: values.fileName,
      fileKey: values.fileKey ?? null,
      status: values.status ?? 'running',
    })
    .returning({ id: carrierBranchLoads.id });
  return row!.id;
}

/**
 * Loads a branch file into carrier_branches (see the top of this file). Parallel loads of one carrier run
 * one after the other (an advisory lock per carrier, taken before anything is written), so their rows never
 * interleave: the carrier ends as one whole file says.
 */
export async function loadBranchFile(
  db: Db,
  loadId: number,
  source: BranchSource,
  onProgress: BranchProgress = () => undefined,
  options: BranchLoadOptions = {},
): Promise<BranchLoadOutcome> {
  const outcome: BranchLoadOutcome = {
    loadId,
    status: 'failed',
    code: null,
    lines: 0,
    inserted: 0,
    updated: 0,
    deactivated: 0,
    networks: [],
    errors: [],
    errorCount: 0,
  };
  let delimiter: ';' | ',' = ';';
  try {
    delimiter = await delimiterOf(source);
    const checked = await check(source, delimiter, options.carrier ?? null);
    Object.assign(outcome, {
      lines: checked.lines,
      errors: checked.errors,
      errorCount: checked.errorCount,
      networks: checked.networks,
    });
    if (checked.errorCount > 0) outcome.code = 'CARRIER_BRANCH_ERROR';
    else if (checked.lines === 0) outcome.code = 'IMPORT_FILE_EMPTY';
  } catch (error) {
    if (!(error instanceof FileRefusal)) throw error;
    outcome.code = error.code;
    if (error.line !== null && outcome.errors.length < BRANCH_FILE_ERRORS_KEPT) {
      outcome.errors.push({ line: error.line, field: 'row', rule: error.rule });
      outcome.errorCount++;
    }
  }
  if (outcome.code) {
    await finish(db, outcome);
    return outcome;
  }
  await onProgress(0, outcome.lines);

  try {
    await write(db, loadId, () => records(source, delimiter), outcome, onProgress);
  } catch (error) {
    // The transaction rolled back: nothing of the file was written.
    Object.assign(outcome, { status: 'failed', inserted: 0, updated: 0, deactivated: 0 });
    outcome.code = error instanceof DomainError ? error.code : 'CARRIER_BRANCH_ERROR';
    await finish(db, outcome);
    if (!(error instanceof DomainError)) throw error;
    return outcome;
  }
  await onProgress(outcome.lines, outcome.lines);
  return outcome;
}

/** The second pass: one transaction that writes the checked file and replaces its networks. */
async function write(
  db: Db,
  loadId: number,
  rows: () => AsyncGenerator<{ line: number; cells: string[] }>,
  outcome: BranchLoadOutcome,
  onProgress: BranchProgress,
) {
  await db.transaction(async (tx) => {
    const carriers = [...new Set(outcome.networks.map((n) => n.split('/')[0]!))].sort();
    for (const carrier of carriers) {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOAD_LOCK}, hashtext(${carrier}))`);
    }
    let batch: BranchRow[] = [];
    let done = 0;
    const flush = async () => {
      const counts = await upsert(tx, loadId, batch);
      outcome.inserted += counts.inserted;
      outcome.updated += counts.updated;
      done += batch.length;
      batch = [];
      if (done % PROGRESS_EVERY < BATCH) await onProgress(done, outcome.lines);
    };
    // The second read: the file was checked whole, so every row reads; a file changed in between refuses.
    for await (const { cells } of rows()) {
      const read = readBranchRow(cells);
      if (!('branch' in read)) throw new DomainError('CARRIER_BRANCH_ERROR');
      batch.push(read.branch);
      if (batch.length >= BATCH) await flush();
    }
    if (batch.length) await flush();
    for (const network of outcome.networks) {
      const [carrier, country] = network.split('/') as [string, string];
      const result = await tx.execute(sql`
        update carrier_branches set active = false, updated_at = now()
        where carrier = ${carrier} and country = ${country} and active
          and load_id is distinct from ${loadId}
        returning id`);
      outcome.deactivated += rowsOf(result).length;
    }
    outcome.status = 'done';
    await finish(tx, outcome);
  });
}

async function finish(db: DbOrTx, outcome: BranchLoadOutcome) {
  const networks = outcome.networks.join(', ').slice(0, 500) || null;
  await db
    .update(carrierBranchLoads)
    .set({
      status: outcome.status,
      // The networks the file replaced; a refused upload keeps the carrier it was uploaded for.
      carrier: outcome.status === 'done' ? networks : sql`coalesce(${carrierBranchLoads.carrier}, ${networks}::text)`,
      lines: outcome.lines,
      inserted: outcome.inserted,
      updated: outcome.updated,
      deactivated: outcome.deactivated,
      errors: outcome.errors,
      errorCount: outcome.errorCount,
      errorCode: outcome.code,
      finishedAt: new Date(),
    })
    .where(eq(carrierBranchLoads.id, outcome.loadId));
}
