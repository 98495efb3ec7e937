import { hash } from 'node:crypto';

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
  /** Its own id where that differs from the product's (a Heureka SHOPITEM's ITEM_ID in a group). */
  itemId?: string | null;
}

/** What an item's text says of its ids (null where an id cannot be read as it stands). */
export type ItemIdsOf = (text: string) => { productId: string | null; groupId: string | null; itemId?: string | null };

/** The feed in file order: text between items, or a run of consecutive ITEMs of one product. */
export type RawPiece = { between: string } | { group: RawItem[]; between: string[] };

const NAME_END = /[\s>/]/;
/** An item's text read raw at the most (the reader caps an item's elements and texts far below this). */
const RAW_ITEM_MAX = 4 << 20;
/** Text outside items held before it is handed on. */
const BETWEEN_HELD = 64 * 1024;

/** An item's text without its comments and CDATA sections (which may quote markup). */
const unquoted = (text: string) =>
  text.includes('<!') ? text.replace(/<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->/g, '') : text;

/** What an item's own elements say, read from its text without comments and CDATA. */
export function itemIds(text: string): { productId: string | null; groupId: string | null } {
  // The replacements are skipped when there is nothing to replace: most items have no comment, CDATA or VARIANTS.
  const plain = unquoted(text);
  const group = /<ITEMGROUP_ID>\s*([^<]*?)\s*<\/ITEMGROUP_ID>/.exec(plain)?.[1] || null;
  // A nested product's variants have IDs of their own: the item's is outside VARIANTS.
  const own = plain.includes('<VARIANTS>') ? plain.replace(/<VARIANTS>[\s\S]*?<\/VARIANTS>/g, '') : plain;
  const id = /<ID>\s*([^<]*?)\s*<\/ID>/.exec(own)?.[1] || null;
  return { productId: group ?? id, groupId: group };
}

/**
 * The same for a Heureka SHOPITEM (ITEM_ID, ITEMGROUP_ID; no nested variants). An id written with a reference
 * (`&amp;`…) is not read here: the product is parsed, never left out on a raw reading of its id.
 */
export function shopItemIds(text: string): { productId: string | null; groupId: string | null; itemId: string | null } {
  const plain = unquoted(text);
  const group = /<ITEMGROUP_ID>\s*([^<]*?)\s*<\/ITEMGROUP_ID>/.exec(plain)?.[1] || null;
  const id = /<ITEM_ID>\s*([^<]*?)\s*<\/ITEM_ID>/.exec(plain)?.[1] || null;
  if (id === null || group?.includes('&') || id.includes('&')) return { productId: null, groupId: null, itemId: null };
  return { productId: group ?? id, groupId: group, itemId: id };
}

/** 128 bits of SHA-256 over the product's items as they stand in the file, with the processor's kind. */
export function rawGroupHash(kind: string, items: readonly RawItem[]): string {
  // The one-shot digest: an availability's item is a hundred bytes, where making a Hash object cost as much as
  // hashing it.
  const text = items.length === 1 ? items[0]!.text : items.map((i) => i.text).join('\u0001');
  return hash('sha256', `${kind}\u0000${text}`, 'base64url').slice(0, 22);
}

/** The line breaks of a text: what stands in for an item left out, so that the lines after it keep their number. */
export function lineBreaksOf(text: string): string {
  // Most feeds break lines with \n alone: counted without building the regular expression's answer.
  if (text.includes('\r')) return text.replace(/[^\r\n]+/g, '');
  let n = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) n++;
  return '\n'.repeat(n);
}

/**
 * The feed's text cut into raw pieces as it streams. Memory holds the text not yet cut (an item at most, plus a
 * read chunk); a group of items is held until an item of another product follows.
 */
export async function* rawPieces(
  body: AsyncIterable<Uint8Array>,
  item = 'ITEM',
  idsOf: ItemIdsOf = itemIds,
): AsyncGenerator<RawPiece> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const source = body[Symbol.asyncIterator]();
  let buf = '';
  /** Changes whenever `buf` does (read on, or cut): what was found in it before is forgotten. */
  let version = 0;
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
      version++;
      return false;
    }
    buf += decoder.decode(step.value, { stream: true });
    version++;
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
    if (buf.length <= at + name.length) await ahead(at, name.length + 1);
    return buf.startsWith(name, at) && NAME_END.test(buf[at + name.length] ?? '>');
  };

  /**
   * The end of an item starting at `start`, found without waiting when the text at hand holds all of it. Outside
   * comments, CDATA sections and processing instructions (skipped whole: they may quote markup) every `<` starts
   * a tag, since XML escapes it in text and forbids it in attribute values. -1: more text is needed; -2: the item
   * is too large to look at here (`careful` below decides).
   */
  function quickEnd(start: number): number {
    let i = start + open.length;
    let quote = 0;
    for (; ; i++) {
      if (i >= buf.length) return -1;
      const c = buf.charCodeAt(i);
      if (quote) {
        if (c === quote) quote = 0;
      } else if (c === 34 || c === 39) quote = c;
      else if (c === 62) break;
      if (i - start > RAW_ITEM_MAX) return -2;
    }
    if (buf.charCodeAt(i - 1) === 47) return i + 1;
    for (let at = i + 1; ; ) {
      const end = buf.indexOf(close, at);
      if (end < 0 || end + close.length >= buf.length) return -1;
      if (end - start > RAW_ITEM_MAX) return -2;
      // What may quote markup before it is skipped whole; the next such opening is remembered, not searched
      // again for every item (most items have one CDATA at the most).
      const lt = quotedAt(at);
      if (lt >= 0 && lt < end) {
        if (lt + 9 > buf.length) return -1;
        const quoted = buf.startsWith('<![CDATA[', lt)
          ? ']]>'
          : buf.startsWith('<!--', lt)
            ? '-->'
            : buf[lt + 1] === '?'
              ? '?>'
              : '';
        if (!quoted) {
          at = lt + 1;
          continue;
        }
        // Searched from where skipMarkup searches, so both cut the same text the same way.
        const past = buf.indexOf(quoted, lt + (quoted === ']]>' ? 9 : quoted === '-->' ? 4 : 2));
        if (past < 0) return -1;
        at = past + quoted.length;
        continue;
      }
      if (!NAME_END.test(buf[end + close.length]!)) {
        at = end + 1;
        continue;
      }
      const gt = buf.indexOf('>', end);
      return gt < 0 ? -1 : gt + 1;
    }
  }
  /** The next `<!` or `<?` at or after `from` (-1: none in the text at hand), remembered between calls. */
  let quoted = { version: -1, from: 0, bang: -1, question: -1 };
  function quotedAt(from: number): number {
    if (quoted.version !== version || from < quoted.from) quoted = { version, from, bang: -2, question: -2 };
    if (quoted.bang !== -1 && quoted.bang < from) quoted.bang = -2;
    if (quoted.question !== -1 && quoted.question < from) quoted.question = -2;
    if (quoted.bang === -2) quoted.bang = buf.indexOf('<!', from);
    if (quoted.question === -2) quoted.question = buf.indexOf('<?', from);
    quoted.from = from;
    const { bang, question } = quoted;
    return bang < 0 ? question : question < 0 ? bang : Math.min(bang, question);
  }

  /** The end of the item starting at `start`, reading on and skipping what may quote markup; -1: none. */
  async function careful(start: number): Promise<number> {
    const startEnd = await tagEnd(start);
    if (startEnd < 0) return -1;
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
    return end;
  }

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
    if (pos > 1 << 16) {
      buf = buf.slice(pos);
      version++;
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
    let end = quickEnd(start);
    // An item cut by the read chunk is looked at again from its start once more text is at hand.
    while (end === -1 && (await more())) end = quickEnd(start);
    if (end < 0) end = await careful(start);
    if (end < 0) {
      // The file ends inside the item, or the item is larger than any the marketplace takes: the rest of the
      // file goes to the parser as it comes, which says what is wrong with it.
      yield* passthrough(start);
      return;
    }
    const text = buf.slice(start, end);
    consume(end);
    const ids = idsOf(text);
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
