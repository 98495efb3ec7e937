import { Readable } from 'node:stream';
import { once } from 'node:events';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * A streaming XLSX writer: the workbook's few fixed parts and one sheet whose rows are turned into XML and
 * deflated batch by batch, inside a zip written front to back (sizes and checksums follow each entry in a
 * data descriptor). Memory holds one batch, never the file. A general spreadsheet library spent most of an
 * export building cell objects; an export needs only values, numbers, dates and one header style.
 */

export type XlsxCell = string | number | boolean | Date | null;

const ZIP_LIMIT = 0xffff_fff0;
/** Text Excel refuses in XML 1.0 (control characters other than tab, line feed and carriage return). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters to remove
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
/** Excel's serial day of 1970-01-01 (its calendar counts from 1900, with the 1900 leap-year quirk). */
const UNIX_EPOCH_SERIAL = 25569;
const DAY_MS = 86_400_000;

function xmlText(value: string): string {
  return value
    .replace(INVALID_XML, '')
    .replace(/[&<>"]/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[c]};`);
}

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Styles: 0 plain, 1 a date and time, 2 the bold header. */
const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts>
<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>
</styleSheet>`;

function fixedParts(sheetName: string): [string, string][] {
  return [
    [
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    ],
    ['xl/styles.xml', STYLES],
  ];
}

function cellXml(ref: string, cell: XlsxCell, header: boolean): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? `<c r="${ref}"><v>${cell}</v></c>` : '';
  if (typeof cell === 'boolean') return `<c r="${ref}" t="b"><v>${cell ? 1 : 0}</v></c>`;
  if (cell instanceof Date) {
    const time = cell.getTime();
    return Number.isNaN(time) ? '' : `<c r="${ref}" s="1"><v>${time / DAY_MS + UNIX_EPOCH_SERIAL}</v></c>`;
  }
  // Only text with outer or doubled blanks needs xml:space; leaving it off elsewhere keeps the sheet smaller.
  const preserve = /^\s|\s$|\s\s/.test(cell) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}" t="inlineStr"${header ? ' s="2"' : ''}><is><t${preserve}>${xmlText(cell)}</t></is></c>`;
}

function rowXml(index: number, cells: readonly XlsxCell[], columns: readonly string[], header = false): string {
  const r = index + 1;
  let xml = `<row r="${r}">`;
  for (let i = 0; i < cells.length; i++) xml += cellXml(`${columns[i] ?? columnName(i)}${r}`, cells[i]!, header);
  return `${xml}</row>`;
}

interface Entry {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** The local header of an entry whose sizes and checksum follow its data (general purpose flag bit 3). */
function localHeader(name: Buffer): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
  header.writeUInt16LE(0x0808, 6); // data descriptor follows; names in UTF-8
  header.writeUInt16LE(8, 8); // deflate
  header.writeUInt32LE(0x00210000, 10); // 1980-01-01 00:00 (DOS time, date)
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

function dataDescriptor(entry: Entry): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(entry.crc >>> 0, 4);
  descriptor.writeUInt32LE(entry.compressed, 8);
  descriptor.writeUInt32LE(entry.size, 12);
  return descriptor;
}

function centralDirectory(entries: readonly Entry[], offset: number): Buffer {
  const parts: Buffer[] = [];
  let size = 0;
  for (const entry of entries) {
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0808, 8);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(0x00210000, 12);
    header.writeUInt32LE(entry.crc >>> 0, 16);
    header.writeUInt32LE(entry.compressed, 20);
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

/**
 * The workbook as a stream of zip bytes. Each batch of rows becomes one deflated block of the sheet entry
 * (a sync flush keeps the blocks one deflate stream), written when the reader asks for more.
 */
export function xlsxWorkbook(
  sheetName: string,
  header: readonly string[],
  batches: AsyncIterable<readonly (readonly XlsxCell[])[]>,
  onRows: (n: number) => void,
): Readable {
  async function* chunks() {
    const entries: Entry[] = [];
    let offset = 0;
    const emit = (buffer: Buffer) => {
      offset += buffer.length;
      if (offset > ZIP_LIMIT) throw new Error('the workbook outgrew the zip format without zip64');
      return buffer;
    };
    for (const [name, text] of fixedParts(sheetName)) {
      const data = Buffer.from(text, 'utf8');
      const compressed = deflateRawSync(data);
      const entry = {
        name: Buffer.from(name),
        crc: crc32(data),
        compressed: compressed.length,
        size: data.length,
        offset,
      };
      entries.push(entry);
      yield emit(Buffer.concat([localHeader(entry.name), compressed, dataDescriptor(entry)]));
    }

    const sheet: Entry = { name: Buffer.from('xl/worksheets/sheet1.xml'), crc: 0, compressed: 0, size: 0, offset };
    entries.push(sheet);
    yield emit(localHeader(sheet.name));
    const columns = header.map((_, i) => columnName(i));
    const deflater = new IncrementalDeflate();
    const part = async (xml: string, last = false) => {
      const data = Buffer.from(xml, 'utf8');
      sheet.crc = crc32(data, sheet.crc);
      sheet.size += data.length;
      if (sheet.size > ZIP_LIMIT) throw new Error('the sheet outgrew the zip format without zip64');
      const compressed = await deflater.push(data, last);
      sheet.compressed += compressed.length;
      return emit(compressed);
    };
    let row = 0;
    yield await part(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>${rowXml(row++, header, columns, true)}`,
    );
    for await (const batch of batches) {
      let xml = '';
      for (const cells of batch) xml += rowXml(row++, cells, columns);
      yield await part(xml);
      onRows(batch.length);
    }
    yield await part('</sheetData></worksheet>', true);
    yield emit(dataDescriptor(sheet));
    yield emit(centralDirectory(entries, offset));
  }
  return Readable.from(chunks(), { objectMode: false });
}

/**
 * One raw deflate stream fed in pieces: what zlib has compressed so far is handed back after each piece
 * (possibly nothing yet), the rest when the stream ends. Waiting for "drain" keeps zlib's buffer small.
 */
class IncrementalDeflate {
  // Level 3: the sheet's XML is very repetitive, so it compresses almost as well as at 6 in half the time.
  private readonly stream = createDeflateRaw({ level: 3 });
  private readonly out: Buffer[] = [];
  private readonly ended: Promise<unknown>;

  constructor() {
    this.stream.on('data', (chunk: Buffer) => this.out.push(chunk));
    this.ended = once(this.stream, 'end');
  }

  async push(data: Buffer, last: boolean): Promise<Buffer> {
    if (last) {
      this.stream.end(data);
      await this.ended;
    } else if (!this.stream.write(data)) {
      await once(this.stream, 'drain');
    }
    const compressed = Buffer.concat(this.out);
    this.out.length = 0;
    return compressed;
  }
}
