import { createHash } from 'node:crypto';

/**
 * A fast first look at the marketplace's product feed (issue 21: an unchanged re-run ≥ 10× faster than the
 * first): the file is cut into its ITEMs as raw text, without parsing them, so that an item whose exact text
 * was applied before can be left out of the parse entirely. Only what XML allows makes this safe: a `<` inside
 * text or an attribute value is always escaped, so outside comments, CDATA sections and processing
 * instructions (which are skipped as such) the next `</ITEM>` is the item's end. Everything that is not an item
 * (the prologue, the root, whatever lies between items) is handed on as it is, so the parser still judges the
 * whole document; an item left out is replaced by its line breaks, so every line number stays the file's.
 *
 * Whether an item may be left out is decided by its raw hash (rawGroupHash) against the one stored when the
 * same bytes were parsed and applied: the same bytes parse to the same product. A raw text the scanner got
 * wrong (a malformed file) matches no stored hash and simply goes to the parser like everything else.
 */

export interface RawItem {
  /** The item's whole text, `<ITEM…>` to `</ITEM>`. */
  text: string;
  /** The product it belongs to: its ITEMGROUP_ID, else its ID (null when neither can be read). */
  productId: string | null;
  /** Its ITEMGROUP_ID, when it has one. */
  groupId: string | null;
}

/** The feed in file order: text between items, or a run of consecutive ITEMs of one product. */
export type RawPiece = { between: string } | { group: RawItem[]; between: string[] };

const NAME_END = /[\s>/]/;
/** An item's text read raw at the most (the reader caps an item's elements and texts far below this). */
const RAW_ITEM_MAX = 4 << 20;
/** Text outside items held before it is handed on. */
const BETWEEN_HELD = 64 * 1024;

/** What an item's own elements say, read from its text without comments and CDATA (which may quote markup). */
function itemIds(text: string): { productId: string | null; groupId: string | null } {
  const plain = text.replace(/<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->/g, '');
  const group = /<ITEMGROUP_ID>\s*([^<]*?)\s*<\/ITEMGROUP_ID>/.exec(plain)?.[1] || null;
  // A nested product's variants have IDs of their own: the item's is outside VARIANTS.
  const id = /<ID>\s*([^<]*?)\s*<\/ID>/.exec(plain.replace(/<VARIANTS>[\s\S]*?<\/VARIANTS>/g, ''))?.[1] || null;
  return { productId: group ?? id, groupId: group };
}

/** 128 bits of SHA-256 over the product's items as they stand in the file, with the processor's kind. */
export function rawGroupHash(kind: string, items: readonly RawItem[]): string {
  const hash = createHash('sha256');
  hash.update(`${kind}\u0000${items.map((i) => i.text).join('\u0001')}`);
  return hash.digest('base64url').slice(0, 22);
}

/** The line breaks of a text: what stands in for an item left out, so that the lines after it keep their number. */
export const lineBreaksOf = (text: string) => text.replace(/[^\r\n]+/g, '');

/**
 * The feed's text cut into raw pieces as it streams. Memory holds the text not yet cut (an item at most, plus a
 * read chunk); a group of items is held until an item of another product follows.
 */
export async function* rawPieces(body: AsyncIterable<Uint8Array>, item = 'ITEM'): AsyncGenerator<RawPiece> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const source = body[Symbol.asyncIterator]();
  let buf = '';
  let ended = false;
  const open = `<${item}`;
  const close = `</${item}`;

  /** Reads on until `buf` has text at `at` (false at the end of the file). */
  async function more(): Promise<boolean> {
    if (ended) return false;
    const step = await source.next();
    if (step.done) {
      ended = true;
      buf += decoder.decode();
      return false;
    }
    buf += decoder.decode(step.value, { stream: true });
    return true;
  }
  /** The index just past `end` searched from `from`, reading on as needed; -1 at the end of the file. */
  async function past(end: string, from: number): Promise<number> {
    const limit = from + RAW_ITEM_MAX;
    for (;;) {
      const at = buf.indexOf(end, from);
      if (at >= 0) return at + end.length;
      from = Math.max(from, buf.length - end.length + 1);
      if (from > limit || !(await more())) return -1;
    }
  }
  /** The index just past the `>` of a tag starting at `from`, quotes respected. */
  async function tagEnd(from: number): Promise<number> {
    let quote = '';
    for (let i = from + 1; ; i++) {
      if (i - from > RAW_ITEM_MAX) return -1;
      while (i >= buf.length) if (!(await more())) return -1;
      const ch = buf[i];
      if (quote) {
        if (ch === quote) quote = '';
      } else if (ch === '"' || ch === "'") quote = ch;
      else if (ch === '>') return i + 1;
    }
  }
  /** Enough text at `at` to tell what starts there (a CDATA opening is the longest to tell). */
  async function ahead(at: number, n: number): Promise<void> {
    while (buf.length < at + n && (await more()));
  }
  /** Where the markup starting with `<` at `at` ends, skipping what may quote markup; -1 at the end. */
  async function skipMarkup(at: number): Promise<number> {
    await ahead(at, 9);
    if (buf.startsWith('<!--', at)) return past('-->', at + 4);
    if (buf.startsWith('<![CDATA[', at)) return past(']]>', at + 9);
    if (buf.startsWith('<?', at)) return past('?>', at + 2);
    return tagEnd(at);
  }
  const isTag = async (at: number, name: string) => {
    await ahead(at, name.length + 1);
    return buf.startsWith(name, at) && NAME_END.test(buf[at + name.length] ?? '>');
  };

  /**
   * The rest of the file, from `from` on, as it comes: after something the scanner does not take apart (the
   * file ends inside markup, an item or a comment larger than any the marketplace takes), the parser judges it.
   */
  const passthrough = async function* (from: number): AsyncGenerator<RawPiece> {
    yield* flushGroup();
    yield { between: between + buf.slice(from) };
    between = '';
    buf = '';
    while (await more()) {
      yield { between: buf };
      buf = '';
    }
    if (buf) yield { between: buf };
  };

  let group: RawItem[] = [];
  let inner: string[] = [];
  let between = '';
  const flushGroup = function* (): Generator<RawPiece> {
    if (group.length) yield { group, between: inner };
    group = [];
    inner = [];
  };

  /** What is consumed of `buf`; the text before it is dropped now and then, not after every item. */
  let pos = 0;
  const consume = (to: number) => {
    pos = to;
    if (pos > 1 << 20) {
      buf = buf.slice(pos);
      pos = 0;
    }
  };
  for (;;) {
    let lt = buf.indexOf('<', pos);
    while (lt < 0) {
      if (buf.length - pos > BETWEEN_HELD) {
        yield* flushGroup();
        yield { between: between + buf.slice(pos) };
        between = '';
        consume(buf.length);
      }
      if (!(await more())) break;
      lt = buf.indexOf('<', pos);
    }
    if (lt < 0) {
      between += buf.slice(pos);
      break;
    }
    if (!(await isTag(lt, open))) {
      const end = await skipMarkup(lt);
      if (end < 0) {
        yield* passthrough(pos);
        return;
      }
      between += buf.slice(pos, end);
      consume(end);
      if (between.length > BETWEEN_HELD) {
        // Much text outside items (a broken file): handed on as it comes, never held.
        yield* flushGroup();
        yield { between };
        between = '';
      }
      continue;
    }
    // An item starts: what came before it is between items.
    between += buf.slice(pos, lt);
    consume(lt);
    const start = pos;
    const startEnd = await tagEnd(start);
    if (startEnd < 0) {
      yield* passthrough(start);
      return;
    }
    let end = buf[startEnd - 2] === '/' ? startEnd : -1;
    let at = startEnd;
    while (end < 0 && at - start <= RAW_ITEM_MAX) {
      let next = buf.indexOf('<', at);
      while (next < 0) {
        if (!(await more())) break;
        next = buf.indexOf('<', at);
      }
      if (next < 0) break;
      if (await isTag(next, close)) {
        end = await tagEnd(next);
        if (end < 0) break;
      } else {
        at = await skipMarkup(next);
        if (at < 0) break;
      }
    }
    if (end < 0) {
      // The file ends inside the item, or the item is larger than any the marketplace takes: the rest of the
      // file goes to the parser as it comes, which says what is wrong with it.
      yield* passthrough(start);
      return;
    }
    const text = buf.slice(start, end);
    consume(end);
    const ids = itemIds(text);
    const last = group.at(-1);
    if (last && !(ids.groupId !== null && ids.groupId === last.groupId)) yield* flushGroup();
    else if (last) inner.push(between);
    if (!group.length && between) yield { between };
    between = '';
    group.push({ text, ...ids });
  }
  yield* flushGroup();
  if (between) yield { between };
}
