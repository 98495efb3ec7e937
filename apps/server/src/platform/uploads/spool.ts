import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DomainError, type ErrorCode } from '@pp/domain';
import type { Platform } from '../context';
import { spoolFolder } from '../files';

export type UploadBody = Readable & { truncated?: boolean };

/**
 * Copies an upload to `path` (readable by this process only), counting bytes: past `maxBytes` it stops and
 * refuses with `tooLarge`, whichever way the transport cut the body off (its own limit or this count).
 */
export async function spoolBody(
  body: UploadBody,
  path: string,
  maxBytes: number,
  tooLarge: ErrorCode,
): Promise<number> {
  let bytes = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) return done(new DomainError(tooLarge));
      done(null, chunk);
    },
  });
  try {
    await pipeline(body, count, createWriteStream(path, { mode: 0o600 }));
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError(tooLarge);
    throw error;
  }
  // The multipart parser stops at its limit and marks the stream instead of failing it.
  if (body.truncated) throw new DomainError(tooLarge);
  return bytes;
}

/**
 * Spools an upload, hands the spool file to `judge` and removes the file afterwards, whatever happened:
 * what `judge` keeps it stores elsewhere (storeFile) before it returns.
 */
export async function withSpooledUpload<T>(
  platform: Platform,
  body: UploadBody,
  limit: { maxBytes: number; tooLarge: ErrorCode },
  judge: (path: string, bytes: number) => Promise<T>,
): Promise<T> {
  const folder = spoolFolder(platform);
  await mkdir(folder, { recursive: true });
  const path = join(folder, `${randomUUID()}.upload`);
  try {
    const bytes = await spoolBody(body, path, limit.maxBytes, limit.tooLarge);
    return await judge(path, bytes);
  } finally {
    await rm(path, { force: true });
  }
}

/**
 * The first line of a spooled text file, without a BOM (read from its first 64 kB): where a CSV upload finds
 * its header and separator before reading the file as a stream.
 */
export async function spooledFirstLine(path: string): Promise<string> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
    const text = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    return text.split(/\r?\n/, 1)[0] ?? '';
  } finally {
    await file.close();
  }
}
