import {
  CAMPAIGN_IMPORT_MAX_LINES,
  type CampaignDelimiter,
  type CampaignLine,
  DomainError,
  detectCampaignDelimiter,
  type ErrorCode,
  isCampaignHeader,
  parseCampaignLine,
  type ShopId,
  splitCampaignLine,
} from '@pp/domain';

/**
 * The streaming reader of a campaign file (spec commerce §5): UTF-8 (a BOM is skipped), lines ended by LF,
 * CRLF or CR, a semicolon or comma delimiter decided by the first non-blank line, an optional header line.
 * It holds one chunk and one batch of lines at a time, never the file.
 */

/** Lines checked (and written) per batch: one statement of look-ups per batch, 1,000 keys each. */
export const CAMPAIGN_IMPORT_BATCH = 1000;
/** A line longer than this is no campaign line (two short fields): the file is not one, and memory stays bounded. */
const MAX_LINE_CHARS = 4096;

/** Refuses the whole file (FAILED, its code in `file_error`). */
export class CampaignFileRefusal extends DomainError {}

export interface ReadLine {
  /** 1-based line of the file. */
  line: number;
  parsed: Exclude<CampaignLine, { kind: 'blank' }>;
}

/** The file's lines as text, one at a time; refuses bytes that are not UTF-8 text. */
async function* textLines(source: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const refuse = (): never => {
    throw new CampaignFileRefusal('ErrorReadingFile');
  };
  let rest = '';
  /** The complete lines of `rest`; without `final`, a CR at its very end waits (it may start a CRLF). */
  const complete = function* (final: boolean): Generator<string> {
    let start = 0;
    for (let i = 0; i < rest.length; i++) {
      const c = rest[i];
      if (c !== '\n' && c !== '\r') continue;
      if (c === '\r' && i === rest.length - 1 && !final) break;
      if (i - start > MAX_LINE_CHARS) refuse();
      yield rest.slice(start, i);
      if (c === '\r' && rest[i + 1] === '\n') i++;
      start = i + 1;
    }
    rest = rest.slice(start);
    if (rest.length > MAX_LINE_CHARS) refuse();
  };
  const decode = (chunk?: Uint8Array): string => {
    try {
      const text = chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
      return text.includes('\u0000') ? refuse() : text;
    } catch (error) {
      if (error instanceof CampaignFileRefusal) throw error;
      return refuse();
    }
  };
  for await (const chunk of source) {
    rest += decode(chunk);
    yield* complete(false);
  }
  rest += decode();
  yield* complete(true);
  // A last line without a line end.
  if (rest !== '') yield rest;
}

/**
 * The file's data lines in batches of CAMPAIGN_IMPORT_BATCH, each parsed (a product id and a valid price, or
 * the line's own error). Blank lines and the header are skipped but counted in line numbers. Whole-file
 * refusals: ErrorReadingFile (not UTF-8 text, a NUL byte, a line over 4,096 characters), UnsupportedDelimiter
 * (the first line has neither a semicolon nor a comma), IMPORT_TOO_MANY_ROWS (over CAMPAIGN_IMPORT_MAX_LINES).
 */
export async function* readCampaignFile(
  source: AsyncIterable<Uint8Array>,
  shopId: ShopId,
): AsyncGenerator<ReadLine[], number> {
  let delimiter: CampaignDelimiter | null = null;
  let lineNo = 0;
  let dataLines = 0;
  let batch: ReadLine[] = [];
  for await (const text of textLines(source)) {
    lineNo++;
    if (text.trim() === '') continue;
    if (delimiter === null) {
      delimiter = detectCampaignDelimiter(text);
      if (delimiter === null) throw new CampaignFileRefusal('UnsupportedDelimiter');
      if (isCampaignHeader(splitCampaignLine(text, delimiter))) continue;
    }
    const parsed = parseCampaignLine(splitCampaignLine(text, delimiter), delimiter, shopId);
    if (parsed.kind === 'blank') continue;
    dataLines++;
    if (dataLines > CAMPAIGN_IMPORT_MAX_LINES)
      throw new CampaignFileRefusal('IMPORT_TOO_MANY_ROWS' satisfies ErrorCode);
    batch.push({ line: lineNo, parsed });
    if (batch.length >= CAMPAIGN_IMPORT_BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
  return dataLines;
}
