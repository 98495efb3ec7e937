import { Transform } from 'node:stream';

/**
 * The one streaming UTF-8 check of uploaded text files (the order status import, carrier branch files): the
 * bytes pass through unchanged, and the first invalid sequence (a stray byte, an overlong form, an encoded
 * lone surrogate), also one split across two chunks, fails the stream with `refuse(line)`, the line being the
 * file's line (1 is the first) that holds it. Only a chunk and at most three bytes of an unfinished character
 * are held, however long the file or its lines.
 */
export function utf8Check(refuse: (line: number) => Error): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  // Newlines passed so far, and the bytes of a character the last chunk ended in the middle of.
  let lines = 0;
  let tail: Buffer = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        return done(refuse(lines + lineOfFault(tail, chunk)));
      }
      lines += newlines(chunk);
      tail = unfinishedTail(chunk, tail);
      done(null, chunk);
    },
    flush(done) {
      try {
        decoder.decode();
      } catch {
        return done(refuse(lines + 1));
      }
      done();
    },
  });
}

function newlines(chunk: Buffer): number {
  let count = 0;
  for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) count++;
  return count;
}

/**
 * Which line of the chunk (1: the one it starts in) holds the fault. A newline byte is never part of a
 * multi-byte character, so the chunk is decoded again line by line, after the unfinished character it
 * continues, and the first line that fails is the one.
 */
function lineOfFault(tail: Buffer, chunk: Buffer): number {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  decoder.decode(tail, { stream: true });
  let line = 1;
  let from = 0;
  for (;;) {
    const end = chunk.indexOf(0x0a, from);
    try {
      decoder.decode(chunk.subarray(from, end === -1 ? chunk.length : end + 1), { stream: true });
    } catch {
      return line;
    }
    if (end === -1) return line;
    from = end + 1;
    line++;
  }
}

/** The last bytes of `chunk` when they begin a character the next chunk finishes (at most three). */
function unfinishedTail(chunk: Buffer, previous: Buffer): Buffer {
  const joined = chunk.length >= 3 ? chunk : Buffer.concat([previous, chunk]);
  for (let back = 1; back <= Math.min(3, joined.length); back++) {
    const byte = joined[joined.length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back for the lead
    const needs = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needs > back ? Buffer.from(joined.subarray(joined.length - back)) : Buffer.alloc(0);
  }
  return Buffer.alloc(0);
}
