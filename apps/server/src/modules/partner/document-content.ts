import { open } from 'node:fs/promises';
import type { DocumentFormat } from '@pp/domain';
import sharp from 'sharp';

/**
 * What an uploaded document is, judged by its bytes (never by its name or declared type). Only the parts
 * needed are read from disk: the head, the tail, and for office files the zip's central directory.
 */

async function readAt(path: string, position: number, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * A PDF starts with its version line and ends with `startxref <offset> %%EOF`, the offset pointing at a
 * cross-reference table ("xref") or stream ("n g obj") inside the file: a renamed text file has neither.
 */
async function isPdf(path: string, size: number): Promise<boolean> {
  const head = await readAt(path, 0, 16);
  if (!/^%PDF-[12]\.\d/.test(head.toString('latin1'))) return false;
  const tailLength = Math.min(size, 2048);
  const tail = (await readAt(path, size - tailLength, tailLength)).toString('latin1');
  const match = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!match) return false;
  const offset = Number(match[1]);
  if (!Number.isSafeInteger(offset) || offset <= 8 || offset >= size) return false;
  const target = (await readAt(path, offset, 32)).toString('latin1');
  return /^(xref\b|\d+\s+\d+\s+obj\b)/.test(target);
}

const IMAGE_FORMATS: Record<string, DocumentFormat> = { png: 'png', jpeg: 'jpeg', jpg: 'jpeg', webp: 'webp' };
/** A scan at 600 dpi of an A3 page is about 7000 × 10000 px; anything bigger is not a document scan. */
const IMAGE_MAX_PIXELS = 100_000_000;

async function imageFormat(path: string): Promise<DocumentFormat | null> {
  try {
    const meta = await sharp(path).metadata();
    const format = IMAGE_FORMATS[String(meta.format ?? '')];
    if (!format || (meta.width ?? 0) * (meta.height ?? 0) > IMAGE_MAX_PIXELS) return null;
    // A full decode: a header followed by garbage is not a picture.
    await sharp(path, { failOn: 'truncated', limitInputPixels: IMAGE_MAX_PIXELS }).stats();
    return format;
  } catch {
    return null;
  }
}

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
/** An office document lists a few hundred parts at most; the directory of 20 MB never needs more. */
const MAX_ENTRIES = 10_000;
const MAX_DIRECTORY_BYTES = 4 * 1024 * 1024;

/**
 * The entries of a zip file from its central directory, found through the end-of-central-directory record
 * in the last 64 KiB. Zip64, split archives and a directory outside the file are refused (null): a real
 * office document of at most 20 MB has none of them.
 */
async function zipEntries(path: string, size: number): Promise<ZipEntry[] | null> {
  const tailLength = Math.min(size, 65_557);
  const tail = await readAt(path, size - tailLength, tailLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
      at = i;
      break;
    }
  }
  if (at < 0) return null;
  const disk = tail.readUInt16LE(at + 4);
  const count = tail.readUInt16LE(at + 10);
  const directorySize = tail.readUInt32LE(at + 12);
  const directoryOffset = tail.readUInt32LE(at + 16);
  if (disk !== 0 || count === 0 || count > MAX_ENTRIES || count === 0xffff) return null;
  if (directorySize > MAX_DIRECTORY_BYTES || directoryOffset + directorySize > size) return null;
  const directory = await readAt(path, directoryOffset, directorySize);
  const entries: ZipEntry[] = [];
  let pos = 0;
  for (let i = 0; i < count; i++) {
    if (pos + 46 > directory.length || directory.readUInt32LE(pos) !== CENTRAL_SIGNATURE) return null;
    const method = directory.readUInt16LE(pos + 10);
    const compressedSize = directory.readUInt32LE(pos + 20);
    const nameLength = directory.readUInt16LE(pos + 28);
    const extraLength = directory.readUInt16LE(pos + 30);
    const commentLength = directory.readUInt16LE(pos + 32);
    const localOffset = directory.readUInt32LE(pos + 42);
    if (localOffset >= directoryOffset || pos + 46 + nameLength > directory.length) return null;
    const name = directory.subarray(pos + 46, pos + 46 + nameLength).toString('utf8');
    entries.push({ name, method, compressedSize, localOffset });
    pos += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The uncompressed `mimetype` part an OpenDocument file must start with. */
async function storedText(path: string, entry: ZipEntry, max: number): Promise<string | null> {
  if (entry.method !== 0 || entry.compressedSize > max) return null;
  const header = await readAt(path, entry.localOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_SIGNATURE) return null;
  const start = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  return (await readAt(path, start, entry.compressedSize)).toString('latin1');
}

const OOXML_MAIN_PARTS: [string, DocumentFormat][] = [
  ['word/document.xml', 'docx'],
  ['xl/workbook.xml', 'xlsx'],
];
const ODF_TYPES: Record<string, DocumentFormat> = {
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
};

async function officeFormat(path: string, size: number): Promise<DocumentFormat | null> {
  const entries = await zipEntries(path, size);
  if (!entries) return null;
  const names = new Set(entries.map((e) => e.name));
  // Macro-enabled files (docm, xlsm) carry a VBA project: not a document to keep on file.
  if (entries.some((e) => /(^|\/)vbaProject\.bin$/i.test(e.name))) return null;
  if (names.has('[Content_Types].xml')) {
    for (const [part, format] of OOXML_MAIN_PARTS) if (names.has(part)) return format;
    return null;
  }
  const first = entries.reduce((a, b) => (b.localOffset < a.localOffset ? b : a));
  if (first.name !== 'mimetype' || first.localOffset !== 0 || !names.has('content.xml')) return null;
  const mimetype = await storedText(path, first, 100);
  return mimetype ? (ODF_TYPES[mimetype.trim()] ?? null) : null;
}

/** The format of the file at `path`, or null when it is none of the allowed kinds (or damaged). */
export async function documentFormatOf(path: string, size: number): Promise<DocumentFormat | null> {
  if (size < 8) return null;
  const head = await readAt(path, 0, 16);
  if (head.toString('latin1', 0, 5) === '%PDF-') return (await isPdf(path, size)) ? 'pdf' : null;
  if (head.readUInt32LE(0) === LOCAL_SIGNATURE) return officeFormat(path, size);
  const isPng = head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const isJpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  const isWebp = head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP';
  if (isPng || isJpeg || isWebp) return imageFormat(path);
  return null;
}
