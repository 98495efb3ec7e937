import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

/**
 * A small zip writer for the billing export: entries are stored (PDFs and XLSX files are compressed already)
 * and written front to back as they are produced, so the archive never sits in memory: one entry's bytes at
 * most (a PDF), or none for an entry given as a stream (its sizes and checksum follow it in a data
 * descriptor). No zip64: an archive past 4 GB fails rather than being written wrong.
 */

export type ZipEntry =
  | { name: string; data: Uint8Array }
  | { name: string; stream: AsyncIterable<Uint8Array | Buffer | string> };

const LIMIT = 0xffff_fff0;
const UTF8_NAMES = 0x0800;
const DESCRIPTOR_FOLLOWS = 0x0008;

interface Written {
  name: Buffer;
  flags: number;
  crc: number;
  size: number;
  offset: number;
}

/** A moment as MS-DOS stores it in a zip (local time of the writer is not known to readers: UTC is used). */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((Math.max(at.getUTCFullYear(), 1980) - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

function localHeader(entry: Written, stamp: { time: number; date: number }): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(entry.flags, 6);
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt16LE(stamp.time, 10);
  header.writeUInt16LE(stamp.date, 12);
  if (!(entry.flags & DESCRIPTOR_FOLLOWS)) {
    header.writeUInt32LE(entry.crc >>> 0, 14);
    header.writeUInt32LE(entry.size, 18);
    header.writeUInt32LE(entry.size, 22);
  }
  header.writeUInt16LE(entry.name.length, 26);
  return Buffer.concat([header, entry.name]);
}

function centralDirectory(entries: readonly Written[], offset: number, stamp: { time: number; date: number }): Buffer {
  const parts: Buffer[] = [];
  let size = 0;
  for (const entry of entries) {
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(entry.flags, 8);
    header.writeUInt16LE(0, 10);
    header.writeUInt16LE(stamp.time, 12);
    header.writeUInt16LE(stamp.date, 14);
    header.writeUInt32LE(entry.crc >>> 0, 16);
    header.writeUInt32LE(entry.size, 20);
    header.writeUInt32LE(entry.size, 24);
    header.writeUInt16LE(entry.name.length, 28);
    header.writeUInt32LE(entry.offset, 42);
    parts.push(header, entry.name);
    size += header.length + entry.name.length;
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  parts.push(end);
  return Buffer.concat(parts);
}

/** The archive of `entries` as a stream of bytes; an entry is asked for only when the reader wants more. */
export function zipStream(entries: AsyncIterable<ZipEntry>, at = new Date()): Readable {
  const stamp = dosTime(at);
  async function* chunks() {
    const written: Written[] = [];
    const names = new Set<string>();
    let offset = 0;
    const emit = (buffer: Buffer) => {
      offset += buffer.length;
      if (offset > LIMIT) throw new Error('the archive outgrew the zip format without zip64');
      return buffer;
    };
    for await (const entry of entries) {
      if (written.length >= 0xffff) throw new Error('too many entries for a zip without zip64');
      // Two documents must never overwrite each other when unpacked.
      let name = entry.name;
      for (let n = 2; names.has(name); n++) name = entry.name.replace(/(\.[^.]*)?$/, (ext) => `-${n}${ext}`);
      names.add(name);
      if ('data' in entry) {
        const record: Written = {
          name: Buffer.from(name, 'utf8'),
          flags: UTF8_NAMES,
          crc: crc32(entry.data),
          size: entry.data.length,
          offset,
        };
        written.push(record);
        yield emit(localHeader(record, stamp));
        yield emit(Buffer.from(entry.data.buffer, entry.data.byteOffset, entry.data.byteLength));
        continue;
      }
      const record: Written = {
        name: Buffer.from(name, 'utf8'),
        flags: UTF8_NAMES | DESCRIPTOR_FOLLOWS,
        crc: 0,
        size: 0,
        offset,
      };
      written.push(record);
      yield emit(localHeader(record, stamp));
      for await (const piece of entry.stream) {
        const chunk = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : Buffer.from(piece);
        record.crc = crc32(chunk, record.crc);
        record.size += chunk.length;
        yield emit(chunk);
      }
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(record.crc >>> 0, 4);
      descriptor.writeUInt32LE(record.size, 8);
      descriptor.writeUInt32LE(record.size, 12);
      yield emit(descriptor);
    }
    yield emit(centralDirectory(written, offset, stamp));
  }
  return Readable.from(chunks(), { objectMode: false });
}

/**
 * The entries of a stored zip (tests read exports back with it): names and contents, from the central
 * directory, as a reader that does not trust local headers does.
 */
export function readStoredZip(zip: Buffer): { name: string; data: Buffer }[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const out: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('broken central directory');
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (method !== 0) throw new Error(`entry ${name} is not stored`);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    if (crc32(data) >>> 0 !== crc) throw new Error(`entry ${name} fails its checksum`);
    out.push({ name, data });
    at += 46 + nameLength + extra + comment;
  }
  return out;
}
