import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { type Currency, formatMoney, type Language, LOCALE_TAGS } from '@pp/domain';
import type { PDFDocument, PDFFont } from 'pdf-lib';

const require = createRequire(import.meta.url);

/**
 * DejaVu Sans: names and addresses in all our markets (ř, ő, ł, ž, đ…) must print exactly, which the PDF
 * standard fonts (Windows-1252 only) cannot do. The files come from the `dejavu-fonts-ttf` package.
 */
const FONT_FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
} as const;

// Read once per process: every label print and delivery note needs them, and the files never change.
let fontBytes: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;

function loadFontBytes() {
  fontBytes ??= Promise.all([
    readFile(require.resolve(FONT_FILES.regular)),
    readFile(require.resolve(FONT_FILES.bold)),
  ]).then(
    ([regular, bold]) => ({ regular, bold }),
    (error: unknown) => {
      // A failed read must not stick for the life of the process.
      fontBytes = undefined;
      throw error;
    },
  );
  return fontBytes;
}

/**
 * Embeds DejaVu Sans regular and bold. Subset: only the glyphs the document uses go into the file, so a
 * label stays tens of kilobytes instead of the fonts' 1.4 MB.
 */
export async function pdfFonts(doc: PDFDocument): Promise<{ regular: PDFFont; bold: PDFFont }> {
  doc.registerFontkit(fontkit);
  const bytes = await loadFontBytes();
  return {
    regular: await doc.embedFont(bytes.regular, { subset: true }),
    bold: await doc.embedFont(bytes.bold, { subset: true }),
  };
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const supportedByFont = new WeakMap<PDFFont, Set<number>>();

function characterSet(font: PDFFont): Set<number> {
  let set = supportedByFont.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    supportedByFont.set(font, set);
  }
  return set;
}

/**
 * Text as the font can draw it. Letters stay as they are (composed, so "R" + combining caron prints as "Ř");
 * a space the font lacks becomes a plain space (locales group digits with narrow or no-break spaces); any
 * other character the font lacks loses its accents if that makes it printable, else becomes one "?" per
 * visible character (an emoji sequence is one "?"), because pdf-lib throws on a glyph the font does not have.
 */
export function pdfText(font: PDFFont, text: string): string {
  const supported = characterSet(font);
  const printable = (value: string) => [...value].every((c) => supported.has(c.codePointAt(0)!));
  let out = '';
  for (const { segment } of graphemes.segment(text.normalize('NFC').replace(/[\r\n\t]+/g, ' '))) {
    if (printable(segment)) out += segment;
    else if (/^\s+$/u.test(segment)) out += ' ';
    else if (/^\p{Default_Ignorable_Code_Point}+$/u.test(segment)) continue;
    else {
      // "ł" and "đ" carry their stroke in the letter itself, not as a mark NFD could take off.
      const plain = segment
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .replace(/[łŁđĐ]/g, (c) => ({ ł: 'l', Ł: 'L', đ: 'd', Đ: 'D' })[c] ?? c);
      out += plain && printable(plain) ? plain : '?';
    }
  }
  return out;
}

/** Cuts text to fit `width` at `size`, with an ellipsis, so a long name never runs off the label. */
export function fitText(font: PDFFont, text: string, size: number, width: number): string {
  const value = pdfText(font, text);
  if (font.widthOfTextAtSize(value, size) <= width) return value;
  // Whole characters only: cutting between the halves of a surrogate pair would break the text.
  const chars = [...value];
  while (chars.length > 1 && font.widthOfTextAtSize(`${chars.join('')}...`, size) > width) chars.pop();
  return `${chars.join('')}...`;
}

/** Money as the reader's language writes it; a currency code Intl does not take is printed as it is. */
export function moneyText(amount: number, currency: string, lang: Language): string {
  try {
    return formatMoney(amount, currency as Currency, LOCALE_TAGS[lang]);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}
