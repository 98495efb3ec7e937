import { z } from 'zod';

/** The validation message key of text that carries control characters. */
export const INVALID_CHARACTERS = 'invalidCharacters';

export interface SafeTextOptions {
  /** Text that may span lines (a message body): tab, line feed and carriage return are allowed. Default: no. */
  multiline?: boolean;
}

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const DELETE = 0x7f;
const HIGH_SURROGATE = 0xd800;
const LOW_SURROGATE = 0xdc00;
const LOW_SURROGATE_END = 0xdfff;

/**
 * Whether text carries a C0 control character (U+0000–U+001F), DEL or a lone UTF-16 surrogate. PostgreSQL
 * refuses NUL in any text value and a lone surrogate in JSON (`\ud800` has no UTF-8 form), and the other
 * control characters have no business in a name, an e-mail or a filter; multi-line text keeps tab, line
 * feed and carriage return. Every check of text on its way to the database goes through here.
 */
export function hasControlCharacters(text: string, options: SafeTextOptions = {}): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= HIGH_SURROGATE && code <= LOW_SURROGATE_END) {
      // A high surrogate followed by a low one is one character beyond U+FFFF (an emoji); anything else is lone.
      const next = text.charCodeAt(i + 1);
      if (code < LOW_SURROGATE && next >= LOW_SURROGATE && next <= LOW_SURROGATE_END) {
        i++;
        continue;
      }
      return true;
    }
    if (code >= 0x20 && code !== DELETE) continue;
    if (options.multiline && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN)) continue;
    return true;
  }
  return false;
}

/**
 * The one refinement every text input that reaches the database goes through: a string schema that refuses
 * control characters and lone surrogates with `invalidCharacters` and stops there (later checks would only add noise). Chain
 * the field's own checks after it: `safeText().trim().max(60)`.
 */
export function safeText(options: SafeTextOptions = {}): z.ZodString {
  return z.string().refine((value) => !hasControlCharacters(value, options), {
    message: INVALID_CHARACTERS,
    abort: true,
  });
}
