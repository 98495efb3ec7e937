import { createReadStream } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { judgePicture } from './images';
import { officeKindOf } from './office';

/**
 * The one content check of every private upload (partner documents, message attachments): what a file is,
 * judged by its bytes, never by its name or declared type. Only the parts needed are read: the head, the
 * tail, a ZIP's central directory; a picture is decoded in a bounded slot. Each upload kind then accepts
 * some of these kinds and answers its own refusal.
 */

export type UploadKind = 'pdf' | 'png' | 'jpeg' | 'webp' | 'docx' | 'xlsx' | 'odt' | 'ods' | 'txt' | 'csv';
/** `type`: not what any accepted kind looks like (or damaged); `pixels`: a picture too large to decode. */
export type UploadVerdict = { kind: UploadKind } | { refused: 'type' | 'pixels' };

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/**
 * A PDF starts with its version line and ends with `startxref <offset> %%EOF`, the offset pointing at a
 * cross-reference table ("xref") or stream ("n g obj") inside the file: text that merely starts with
 * `%PDF-` and ends with `%%EOF` has no such target.
 */
async function isPdf(file: FileHandle, size: number): Promise<boolean> {
  const head = await readAt(file, 0, 16);
  if (!/^%PDF-[12]\.\d/.test(head.toString('latin1'))) return false;
  const tailLength = Math.min(size, 2048);
  const tail = (await readAt(file, size - tailLength, tailLength)).toString('latin1');
  const match = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!match) return false;
  const offset = Number(match[1]);
  if (!Number.isSafeInteger(offset) || offset <= 8 || offset >= size) return false;
  const target = (await readAt(file, offset, 32)).toString('latin1');
  return /^(xref\b|\d+\s+\d+\s+obj\b)/.test(target);
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
            done(decoder.decode(chunk, { stream: true }).includes('\u0000') ? new Error('NUL') : null);
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

type Signature = 'pdf' | 'zip' | 'picture' | 'none';

function signatureOf(head: Buffer): Signature {
  if (head.toString('latin1', 0, 5) === '%PDF-') return 'pdf';
  if (head.length >= 4 && head.readUInt32LE(0) === 0x04034b50) return 'zip';
  const isPng = head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const isJpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  const isWebp = head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP';
  return isPng || isJpeg || isWebp ? 'picture' : 'none';
}

/**
 * What the spooled file at `path` is. `textAs` is the text kind the person's file name claims (txt or csv),
 * if the upload accepts text at all: plain text has no signature, so it is taken only where the name says
 * text (a text file named .pdf is refused, not stored as a "PDF"). `partnerId` owns the picture's decode slot.
 */
export async function judgeUpload(
  path: string,
  options: { partnerId: number; textAs?: 'txt' | 'csv' | null },
): Promise<UploadVerdict> {
  const file = await open(path, 'r');
  let signature: Signature;
  try {
    const { size } = await file.stat();
    // Too short for any signature: a word of text at most.
    if (size < 8) {
      if (options.textAs && size > 0 && (await isText(path))) return { kind: options.textAs };
      return { refused: 'type' };
    }
    signature = signatureOf(await readAt(file, 0, 16));
    if (signature === 'pdf') return (await isPdf(file, size)) ? { kind: 'pdf' } : { refused: 'type' };
    if (signature === 'zip') {
      const kind = await officeKindOf(file, size);
      return kind ? { kind } : { refused: 'type' };
    }
  } finally {
    await file.close();
  }
  if (signature === 'picture') {
    const picture = await judgePicture(path, options.partnerId);
    return 'format' in picture ? { kind: picture.format } : picture;
  }
  if (options.textAs && (await isText(path))) return { kind: options.textAs };
  return { refused: 'type' };
}
