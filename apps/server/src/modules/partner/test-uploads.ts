import { crc32, deflateRawSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import type { TestServer } from '../../test/harness';

/** A multipart form as a browser sends it: text fields first, then the one file. */
export function multipartBody(
  fields: Record<string, string>,
  file: { body: Buffer; fileName: string; contentType: string },
): { payload: Buffer; contentType: string } {
  const boundary = `----pp${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.fileName}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
    ),
    file.body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function postForm(
  server: TestServer,
  url: string,
  form: { payload: Buffer; contentType: string },
  session: { token: string; partnerId: number },
) {
  return server.app.app.inject({
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${session.token}`,
      'x-partner-id': String(session.partnerId),
      'accept-language': 'en',
      'content-type': form.contentType,
    },
    payload: form.payload,
  });
}

/** A part already deflated, with what it inflates to: enough to build a ZIP bomb without inflating it. */
export interface DeflatedPart {
  deflated: Buffer;
  size: number;
  crc: number;
}

/** A zip of stored (uncompressed) or deflated entries, in the given order: enough to build office files by hand. */
export function zipOf(entries: [string, string | Buffer | DeflatedPart][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const part =
      typeof content === 'string' || Buffer.isBuffer(content)
        ? { data: Buffer.from(content), size: Buffer.byteLength(content), crc: crc32(content), method: 0 }
        : { data: content.deflated, size: content.size, crc: content.crc, method: 8 };
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(part.method, 8);
    local.writeUInt32LE(part.crc, 14);
    local.writeUInt32LE(part.data.length, 18);
    local.writeUInt32LE(part.size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(part.method, 10);
    central.writeUInt32LE(part.crc, 16);
    central.writeUInt32LE(part.data.length, 20);
    central.writeUInt32LE(part.size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, part.data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + part.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export const docxOf = (extra: [string, string][] = []) =>
  zipOf([
    ['[Content_Types].xml', '<?xml version="1.0"?><Types/>'],
    ['_rels/.rels', '<?xml version="1.0"?><Relationships/>'],
    ['word/document.xml', '<?xml version="1.0"?><w:document/>'],
    ...extra,
  ]);

export const odtOf = () =>
  zipOf([
    ['mimetype', 'application/vnd.oasis.opendocument.text'],
    ['content.xml', '<?xml version="1.0"?><office:document-content/>'],
    ['META-INF/manifest.xml', '<?xml version="1.0"?><manifest:manifest/>'],
  ]);

export async function pdfOf(text = 'Contract'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText(text, { x: 50, y: 780, size: 18 });
  return Buffer.from(await doc.save());
}

export function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 110 } } })
    .png()
    .toBuffer();
}

/**
 * A real ZIP bomb dressed as a spreadsheet: 16 sheets of 64 MiB of spaces each, deflated to about 64 KB
 * apiece, so the file is about 1 MB and inflates to 1 GiB in whoever opens it. Every size it declares is true.
 */
export function bombXlsxOf(): Buffer {
  const sheet = Buffer.alloc(64 * 1024 * 1024, 0x20);
  const part: DeflatedPart = { deflated: deflateRawSync(sheet, { level: 9 }), size: sheet.length, crc: crc32(sheet) };
  return zipOf([
    ['[Content_Types].xml', '<?xml version="1.0"?><Types/>'],
    ['xl/workbook.xml', '<?xml version="1.0"?><workbook/>'],
    ...Array.from({ length: 16 }, (_, i): [string, DeflatedPart] => [`xl/worksheets/sheet${i + 1}.xml`, part]),
  ]);
}

/**
 * A progressive JPEG whose header announces `width` × `height` pixels: the start of frame of a small real
 * one, rewritten. Small on disk like a solid-colour photo of that size (a real 12000 × 12000 one is 845 KB
 * and costs about 400 MB to decode); a server that trusts the header never needs the rest.
 */
export async function bigJpegHeaderOf(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 200, b: 190 } } })
    .jpeg({ progressive: true })
    .toBuffer();
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc2]));
  if (sof < 0) throw new Error('no progressive start of frame');
  jpeg.writeUInt16BE(height, sof + 5);
  jpeg.writeUInt16BE(width, sof + 7);
  return jpeg;
}

/** A real progressive JPEG of one colour: costly to decode (every pixel), light to send. */
export function solidJpegOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 90, g: 140, b: 200 } } })
    .jpeg({ progressive: true })
    .toBuffer();
}
