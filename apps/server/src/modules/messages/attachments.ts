import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { type FileHandle, mkdir, open, rm, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { type Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  attachmentKindOfName,
  DomainError,
  MESSAGE_ATTACHMENT_KINDS,
  MESSAGE_ATTACHMENT_MAX_BYTES,
  type MessageAttachmentKind,
} from '@pp/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Platform } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { cleanFileName, spoolFolder, storeFile } from '../../platform/files';
import { storedFiles } from '../../platform/files/tables';
import { messages } from './tables';

/** The stored-file kind of message attachments: private to the partner and the operators, never public. */
export const ATTACHMENT_FILE_KIND = 'message-attachment';

/** A picture bigger than this many pixels per side is not a screenshot: refused before it is decoded. */
const IMAGE_MAX_PX = 12_000;
/** Where a PDF's `%%EOF` must be: at its end, give or take trailing whitespace and a linearisation pad. */
const PDF_TRAILER_BYTES = 2048;
/** The ZIP end record lies in the last 64 KB + 22 bytes (its comment is at most 65,535 bytes). */
const ZIP_TAIL_BYTES = 65_557;
/** The central directory of an office document is small; a huge one is not a document we accept. */
const ZIP_DIRECTORY_MAX_BYTES = 4 * 1024 * 1024;

/** The part that makes a ZIP an office document of the kind, besides `[Content_Types].xml`. */
const OOXML_MAIN_PART: Record<'xlsx' | 'docx', string> = { xlsx: 'xl/workbook.xml', docx: 'word/document.xml' };

export interface UploadedAttachment {
  id: string;
  name: string;
  size: number;
  contentType: string;
}

async function spool(body: Readable & { truncated?: boolean }, path: string): Promise<number> {
  let bytes = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > MESSAGE_ATTACHMENT_MAX_BYTES) return done(new DomainError('MESSAGE_ATTACHMENT_TOO_LARGE'));
      done(null, chunk);
    },
  });
  try {
    await pipeline(body, count, createWriteStream(path, { mode: 0o600 }));
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new DomainError('MESSAGE_ATTACHMENT_TOO_LARGE');
    }
    throw error;
  }
  // The multipart parser stops at its limit and marks the stream instead of failing it.
  if (body.truncated) throw new DomainError('MESSAGE_ATTACHMENT_TOO_LARGE');
  return bytes;
}

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** A PDF starts with its header and ends with its trailer; text named .pdf has neither. */
async function isPdf(file: FileHandle, size: number): Promise<boolean> {
  const head = await readAt(file, 0, 8);
  if (!head.toString('latin1').startsWith('%PDF-')) return false;
  const tailStart = Math.max(0, size - PDF_TRAILER_BYTES);
  const tail = await readAt(file, tailStart, size - tailStart);
  return tail.toString('latin1').includes('%%EOF');
}

/**
 * The names in a ZIP's central directory, read from the end record without inflating anything (a ZIP bomb
 * costs nothing here). Null when the file is not a well-formed ZIP.
 */
async function zipEntryNames(file: FileHandle, size: number): Promise<string[] | null> {
  const tailStart = Math.max(0, size - ZIP_TAIL_BYTES);
  const tail = await readAt(file, tailStart, size - tailStart);
  const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > tail.length) return null;
  const entries = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (directorySize > ZIP_DIRECTORY_MAX_BYTES || directoryOffset + directorySize > size) return null;
  const directory = await readAt(file, directoryOffset, directorySize);
  const names: string[] = [];
  let at = 0;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== 0x02014b50) return null;
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    names.push(directory.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

async function officeKind(file: FileHandle, size: number): Promise<'xlsx' | 'docx' | null> {
  const names = await zipEntryNames(file, size);
  if (!names?.includes('[Content_Types].xml')) return null;
  if (names.includes(OOXML_MAIN_PART.xlsx)) return 'xlsx';
  if (names.includes(OOXML_MAIN_PART.docx)) return 'docx';
  return null;
}

/** Text: valid UTF-8 from start to end and no NUL (a binary file named .txt has both problems). */
async function isText(path: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    await pipeline(
      createReadStream(path),
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          try {
            const text = decoder.decode(chunk, { stream: true });
            done(text.includes('\u0000') ? new Error('NUL') : null);
          } catch (error) {
            done(error as Error);
          }
        },
        final(done) {
          try {
            decoder.decode();
            done();
          } catch (error) {
            done(error as Error);
          }
        },
      }),
    );
    return true;
  } catch {
    return false;
  }
}

/** The header says what an image claims to be; a full decode proves it (a PNG cut in half has a header too). */
async function imageKind(path: string): Promise<'png' | 'jpeg' | 'webp' | null> {
  let format: string;
  let width = 0;
  let height = 0;
  try {
    const meta = await sharp(path).metadata();
    format = String(meta.format ?? '');
    width = meta.width ?? 0;
    height = meta.pageHeight ?? meta.height ?? 0;
  } catch {
    return null;
  }
  const kind = format === 'jpg' ? 'jpeg' : format;
  if (kind !== 'png' && kind !== 'jpeg' && kind !== 'webp') return null;
  if (width > IMAGE_MAX_PX || height > IMAGE_MAX_PX) return null;
  try {
    await sharp(path, { failOn: 'truncated', limitInputPixels: IMAGE_MAX_PX ** 2 }).stats();
  } catch {
    return null;
  }
  return kind;
}

/**
 * What the file is, judged by its content: a PDF by header and trailer, an office document by its ZIP
 * directory and main part, a picture by decoding it. Plain text has no signature, so it is accepted only
 * where the name claims text (a text file named .pdf is refused, not stored as a "PDF").
 */
export async function detectAttachmentKind(path: string, fileName: string): Promise<MessageAttachmentKind | null> {
  const { size } = await stat(path);
  if (size === 0) return null;
  const file = await open(path, 'r');
  try {
    if (await isPdf(file, size)) return 'pdf';
    const head = await readAt(file, 0, 4);
    if (head.equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return await officeKind(file, size);
  } finally {
    await file.close();
  }
  const image = await imageKind(path);
  if (image) return image;
  const claimed = attachmentKindOfName(fileName);
  if ((claimed === 'txt' || claimed === 'csv') && (await isText(path))) return claimed;
  return null;
}

/** The person's name for the file with the extension of what it really is (a PNG sent as .jpg stays a PNG). */
function storedName(fileName: string, kind: MessageAttachmentKind): string {
  const clean = cleanFileName(fileName || 'attachment');
  const claimed = attachmentKindOfName(clean);
  if (claimed === kind) return clean;
  const base = clean.slice(0, clean.length - extname(clean).length) || 'attachment';
  return `${base}.${MESSAGE_ATTACHMENT_KINDS[kind].extensions[0]}`;
}

/**
 * Spools an uploaded attachment to disk (cut off past the limit, never held whole), judges it by its content
 * and stores it for the partner with the usual lifetime: the message that uses it keeps it.
 * `accountId` is who uploaded it: only they may attach it to a message until a message uses it.
 */
export async function storeAttachment(
  platform: Platform,
  input: { partnerId: number; accountId: number; body: Readable & { truncated?: boolean }; fileName: string },
): Promise<UploadedAttachment> {
  const folder = spoolFolder(platform);
  await mkdir(folder, { recursive: true });
  const path = join(folder, `${randomUUID()}.attachment`);
  try {
    await spool(input.body, path);
    const kind = await detectAttachmentKind(path, input.fileName);
    if (!kind) throw new DomainError('MESSAGE_ATTACHMENT_TYPE');
    const contentType = MESSAGE_ATTACHMENT_KINDS[kind].contentType;
    const stored = await storeFile(platform, {
      partnerId: input.partnerId,
      accountId: input.accountId,
      kind: ATTACHMENT_FILE_KIND,
      fileName: storedName(input.fileName, kind),
      contentType,
      body: createReadStream(path),
    });
    return { id: stored.id, name: stored.fileName, size: stored.size, contentType };
  } finally {
    await rm(path, { force: true });
  }
}

/**
 * Checks that each id is an attachment the author may send in this partner's conversation: uploaded for
 * this partner by this author and not expired. Anything else (another partner's file, a product image,
 * another person's pending upload) is MESSAGE_ATTACHMENT_NOT_FOUND, so ids cannot be probed.
 */
export async function checkAttachments(
  tx: DbOrTx,
  partnerId: number,
  authorId: number,
  ids: readonly string[],
): Promise<void> {
  if (!ids.length) return;
  const found = await tx
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.partnerId, partnerId),
        inArray(storedFiles.id, [...ids]),
        eq(storedFiles.kind, ATTACHMENT_FILE_KIND),
        eq(storedFiles.accountId, authorId),
        sql`(${storedFiles.expiresAt} is null or ${storedFiles.expiresAt} > now())`,
      ),
    );
  if (found.length !== ids.length) throw new DomainError('MESSAGE_ATTACHMENT_NOT_FOUND');
}

export interface AttachmentView {
  id: string;
  name: string;
  size: number;
  contentType: string;
}

/** Names and sizes of the attachments of some messages of one partner, by id. */
export async function attachmentsById(
  db: DbOrTx,
  partnerId: number,
  ids: readonly string[],
): Promise<Map<string, AttachmentView>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: storedFiles.id,
      name: storedFiles.fileName,
      size: storedFiles.size,
      contentType: storedFiles.contentType,
    })
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.partnerId, partnerId),
        inArray(storedFiles.id, [...new Set(ids)]),
        eq(storedFiles.kind, ATTACHMENT_FILE_KIND),
      ),
    );
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * A message attachment someone may download: of the partner (null: any partner, for operators), and either
 * sent in one of its messages or still the caller's own pending upload. Anything else answers NOT_FOUND.
 */
export async function findDownloadableAttachment(
  db: DbOrTx,
  id: string,
  scope: { partnerId: number | null; accountId: number },
) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) throw new DomainError('NOT_FOUND');
  const [file] = await db
    .select()
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.id, id),
        eq(storedFiles.kind, ATTACHMENT_FILE_KIND),
        scope.partnerId === null ? undefined : eq(storedFiles.partnerId, scope.partnerId),
      ),
    )
    .limit(1);
  if (!file || (file.expiresAt !== null && file.expiresAt.getTime() <= Date.now())) throw new DomainError('NOT_FOUND');
  if (file.accountId === scope.accountId) return file;
  const [used] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.partnerId, file.partnerId), sql`${messages.attachments} @> array[${id}]::uuid[]`))
    .limit(1);
  if (!used) throw new DomainError('NOT_FOUND');
  return file;
}
