import { decodePDFRawStream, PDFArray, PDFDict, type PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';

/** Reading generated PDFs back in tests: the text a reader sees, and the fonts the file embeds. */

function decoded(stream: PDFRawStream): string {
  return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
}

/** The code → Unicode table of a font's ToUnicode CMap (what a reader or a copy-paste gets back). */
function toUnicode(doc: PDFDocument, font: PDFDict): Map<string, string> {
  const map = new Map<string, string>();
  const stream = doc.context.lookup(font.get(PDFName.of('ToUnicode')));
  if (!(stream instanceof PDFRawStream)) return map;
  for (const [, code, utf16] of decoded(stream).matchAll(/<([0-9a-fA-F]{4})>\s*<([0-9a-fA-F]+)>/g)) {
    const units = utf16!.match(/.{4}/g)!.map((hex) => Number.parseInt(hex, 16));
    map.set(code!.toUpperCase(), String.fromCharCode(...units));
  }
  return map;
}

/** The text the PDF shows, read back through each font's ToUnicode map: one entry per drawn string. */
export function shownText(doc: PDFDocument): string[] {
  const out: string[] = [];
  for (const page of doc.getPages()) {
    const fonts = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
    const maps = new Map<string, Map<string, string>>();
    for (const [name, ref] of fonts?.entries() ?? [])
      maps.set(name.asString(), toUnicode(doc, doc.context.lookup(ref, PDFDict)));
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
    let current = new Map<string, string>();
    for (const ref of streams) {
      const stream = ref instanceof PDFRef ? doc.context.lookup(ref) : ref;
      if (!(stream instanceof PDFRawStream)) continue;
      for (const [, font, hex] of decoded(stream).matchAll(/(\/\S+) [\d.]+ Tf|<([0-9A-Fa-f]*)> Tj/g)) {
        if (font) current = maps.get(font) ?? new Map();
        else
          out.push(
            hex!
              .match(/.{4}/g)!
              .map((code) => current.get(code.toUpperCase()) ?? '\uFFFD')
              .join(''),
          );
      }
    }
  }
  return out;
}

/** BaseFont of every font the pages use, and the size of the embedded font programs. */
export function embeddedFonts(doc: PDFDocument): { names: string[]; programBytes: number } {
  const names: string[] = [];
  let programBytes = 0;
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Font')) {
      // The top-level fonts only: a Type0 font's descendant carries the same name.
      const subtype = object.get(PDFName.of('Subtype'));
      if (subtype === PDFName.of('Type0') || subtype === PDFName.of('Type1'))
        names.push(object.lookup(PDFName.of('BaseFont'), PDFName).decodeText());
    }
    if (object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('FontDescriptor')) {
      const program = doc.context.lookup(object.get(PDFName.of('FontFile2')));
      if (program instanceof PDFRawStream) programBytes += program.contents.length;
    }
  }
  return { names, programBytes };
}
