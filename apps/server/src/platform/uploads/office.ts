import type { FileHandle } from 'node:fs/promises';

/**
 * Office files judged by their ZIP central directory alone: nothing is ever inflated, so a ZIP bomb costs
 * what its directory costs to read. The directory declares each part's name and sizes, which is enough to
 * tell the kind, refuse macros and refuse a file that would inflate to an absurd size in whoever opens it.
 */

export type OfficeKind = 'docx' | 'xlsx' | 'odt' | 'ods';

interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
/** The end record lies in the last 64 KiB + 22 bytes (its comment is at most 65,535 bytes). */
const ZIP_TAIL_BYTES = 65_557;
/** An office document lists a few hundred parts at most; the directory of a 20 MB one never needs more. */
const MAX_ENTRIES = 10_000;
const MAX_DIRECTORY_BYTES = 4 * 1024 * 1024;
/**
 * A 20 MB spreadsheet of repetitive rows inflates to some 200 MB, an ordinary office file 3 to 20 times
 * its size: more than 256 MB in all, or 200 times the file, is a ZIP bomb aimed at whoever opens it.
 */
const MAX_UNCOMPRESSED_BYTES = 256 * 1024 * 1024;
const MAX_RATIO = 200;
const ZIP64_MARK = 0xffffffff;

/**
 * Parts that carry code: VBA projects (docm, xlsm), Excel 4 macro sheets, ActiveX controls, and the Basic
 * and script folders of OpenDocument. A file with any of them is not a document to keep or forward.
 */
const MACRO_PARTS = [
  /(^|\/)vbaProject\.bin$/i,
  /(^|\/)vbaData\.xml$/i,
  /^xl\/macrosheets\//i,
  /(^|\/)activeX\//i,
  /^Basic\//i,
  /^Scripts\//i,
];

const OOXML_MAIN_PARTS: [string, OfficeKind][] = [
  ['word/document.xml', 'docx'],
  ['xl/workbook.xml', 'xlsx'],
];
const ODF_TYPES: Record<string, OfficeKind> = {
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
};

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/**
 * The entries of the central directory, found through the end record. Zip64, split archives, encrypted parts
 * and a directory that points outside the file are refused (null): a real office document of at most 20 MB
 * has none of them.
 */
async function zipEntries(file: FileHandle, size: number): Promise<ZipEntry[] | null> {
  const tailLength = Math.min(size, ZIP_TAIL_BYTES);
  const tail = await readAt(file, size - tailLength, tailLength);
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
  if (disk !== 0 || count === 0 || count > MAX_ENTRIES) return null;
  if (directorySize > MAX_DIRECTORY_BYTES || directoryOffset + directorySize > size) return null;
  const directory = await readAt(file, directoryOffset, directorySize);
  const entries: ZipEntry[] = [];
  let pos = 0;
  for (let i = 0; i < count; i++) {
    if (pos + 46 > directory.length || directory.readUInt32LE(pos) !== CENTRAL_SIGNATURE) return null;
    const entry: ZipEntry = {
      flags: directory.readUInt16LE(pos + 8),
      method: directory.readUInt16LE(pos + 10),
      compressedSize: directory.readUInt32LE(pos + 20),
      uncompressedSize: directory.readUInt32LE(pos + 24),
      localOffset: directory.readUInt32LE(pos + 42),
      name: '',
    };
    const nameLength = directory.readUInt16LE(pos + 28);
    const extraLength = directory.readUInt16LE(pos + 30);
    const commentLength = directory.readUInt16LE(pos + 32);
    if (pos + 46 + nameLength > directory.length) return null;
    if ((entry.flags & 1) !== 0 || entry.localOffset >= directoryOffset) return null;
    if ([entry.compressedSize, entry.uncompressedSize, entry.localOffset].includes(ZIP64_MARK)) return null;
    entry.name = directory.subarray(pos + 46, pos + 46 + nameLength).toString('utf8');
    entries.push(entry);
    pos += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Whether the parts would inflate to an absurd size, by what the directory declares. */
function isBomb(entries: ZipEntry[], size: number): boolean {
  let total = 0;
  for (const entry of entries) {
    // A stored part is as large as it is; a declared difference is a lie about the rest.
    if (entry.method === 0 && entry.compressedSize !== entry.uncompressedSize) return true;
    total += entry.uncompressedSize;
  }
  return total > MAX_UNCOMPRESSED_BYTES || total > size * MAX_RATIO;
}

/** The uncompressed `mimetype` part an OpenDocument file must start with. */
async function storedText(file: FileHandle, entry: ZipEntry, max: number): Promise<string | null> {
  if (entry.method !== 0 || entry.compressedSize > max) return null;
  const header = await readAt(file, entry.localOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_SIGNATURE) return null;
  const start = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  return (await readAt(file, start, entry.compressedSize)).toString('latin1');
}

/** The office kind of a ZIP file, or null when it is none, carries macros or is a bomb. */
export async function officeKindOf(file: FileHandle, size: number): Promise<OfficeKind | null> {
  const entries = await zipEntries(file, size);
  if (!entries || isBomb(entries, size)) return null;
  if (entries.some((e) => MACRO_PARTS.some((part) => part.test(e.name)))) return null;
  const names = new Set(entries.map((e) => e.name));
  if (names.has('[Content_Types].xml')) {
    for (const [part, kind] of OOXML_MAIN_PARTS) if (names.has(part)) return kind;
    return null;
  }
  const first = entries.reduce((a, b) => (b.localOffset < a.localOffset ? b : a));
  if (first.name !== 'mimetype' || first.localOffset !== 0 || !names.has('content.xml')) return null;
  const mimetype = await storedText(file, first, 100);
  return mimetype ? (ODF_TYPES[mimetype.trim()] ?? null) : null;
}
