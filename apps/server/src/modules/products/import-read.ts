import {
  DomainError,
  PRODUCT_XML_ITEM,
  PRODUCT_XML_MAX_ATTRIBUTES,
  PRODUCT_XML_MAX_DEPTH,
  PRODUCT_XML_MAX_ELEMENTS_OUTSIDE_ITEMS,
  PRODUCT_XML_MAX_ITEMS,
  PRODUCT_XML_MAX_NODES_PER_ITEM,
  PRODUCT_XML_ROOT,
  type LinedItem,
  type XmlNode,
} from '@pp/domain';
import { SaxesParser } from 'saxes';

/**
 * The streaming reader of the product XML import, apart from the server so that the import worker
 * (import-worker.ts) loads only this, the domain and the sanitiser.
 */

/** Items written per transaction: an item is whole or absent, a batch commits or not at all. */
export const IMPORT_BATCH = 1000;
/**
 * Elements per batch beyond which a batch is handed over before it has IMPORT_BATCH items: items of
 * thousands of elements each would otherwise make one batch hundreds of MB. A usual batch (1,000 items of
 * a few dozen elements) stays far below it.
 */
export const IMPORT_BATCH_ELEMENTS = 200_000;
/** The text of one element beyond this is cut: the schema refuses it anyway, and memory stays bounded. */
const MAX_TEXT_PER_ELEMENT = 200_000;

/** Refuses the whole file before anything is written. */
export class FileRefusal extends DomainError {}

// ---------------------------------------------------------------------------------------------------------
// Reading the file: a streaming parser over the stored bytes, never the whole document.

/**
 * Reads the items of a product XML one chunk at a time. With `build` false it only checks the file (pass
 * 1): well-formed, no DOCTYPE (so no entity can ever be declared, let alone expanded), root ITEMS, at most
 * PRODUCT_XML_MAX_ITEMS items. With `build` true it yields each ITEM as a small tree (pass 2).
 *
 * Both passes stop at the bounds of the whole document, not only of an item: saxes keeps every open
 * element with its attributes, so depth and attributes are counted everywhere, and so are the elements
 * outside any ITEM (which nothing reads). Each refusal comes as soon as its bound is crossed, before the
 * rest of the file is read.
 */
export async function* readItems(source: AsyncIterable<Uint8Array>, build: boolean): AsyncGenerator<XmlNode[], number> {
  const lined = readLinedItems(source, build);
  for (;;) {
    const next = await lined.next();
    if (next.done) return next.value;
    yield next.value.map((item) => item.node);
  }
}

/** The elements a reader takes as the document's root and as its items (a feed's availability file has others). */
export interface ItemsFormat {
  root: string;
  item: string;
  maxItems: number;
}

const PRODUCT_ITEMS: ItemsFormat = { root: PRODUCT_XML_ROOT, item: PRODUCT_XML_ITEM, maxItems: PRODUCT_XML_MAX_ITEMS };

/**
 * `readItems` with the line of the file where each item starts (a feed's error log names it), for the product
 * XML or another flat list of items under a root (`format`), within the same bounds.
 */
export async function* readLinedItems(
  source: AsyncIterable<Uint8Array | string>,
  build: boolean,
  format: ItemsFormat = PRODUCT_ITEMS,
): AsyncGenerator<LinedItem[], number> {
  const parser = new SaxesParser({ position: true });
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const ready: LinedItem[] = [];
  let itemLine = 0;
  const stack: XmlNode[] = [];
  let depth = 0;
  let items = 0;
  let nodes = 0;
  let outside = 0;
  let attributes = 0;
  let inItem = false;
  let sawRoot = false;
  const tooComplex = (reason: string) =>
    new FileRefusal('XML_TOO_COMPLEX', { reason, line: parser.line, column: parser.column });

  parser.on('doctype', () => {
    throw new FileRefusal('XML_DOCTYPE_NOT_ALLOWED');
  });
  parser.on('error', (error) => {
    throw new FileRefusal('INVALID_XML', { line: parser.line, column: parser.column, reason: error.message });
  });
  parser.on('opentagstart', () => {
    attributes = 0;
    // Counted when the tag starts, before saxes has put another element on its stack.
    if (depth >= PRODUCT_XML_MAX_DEPTH) throw tooComplex('depth');
  });
  parser.on('attribute', () => {
    if (++attributes > PRODUCT_XML_MAX_ATTRIBUTES) throw tooComplex('attributes');
  });
  parser.on('opentag', (tag) => {
    depth++;
    if (depth === 2 && tag.name === format.item) {
      if (++items > format.maxItems) throw new FileRefusal('XML_TOO_MANY_ITEMS', { 0: format.maxItems });
      inItem = true;
      nodes = 0;
      itemLine = parser.line;
    }
    if (!inItem) {
      if (++outside > PRODUCT_XML_MAX_ELEMENTS_OUTSIDE_ITEMS) throw tooComplex('elements');
      if (depth === 1) {
        if (tag.name !== format.root) throw new FileRefusal('XML_ROOT_INVALID');
        sawRoot = true;
      }
      return;
    }
    if (++nodes > PRODUCT_XML_MAX_NODES_PER_ITEM) {
      throw new FileRefusal('XML_ITEM_TOO_LARGE', { 0: items, 1: PRODUCT_XML_MAX_NODES_PER_ITEM });
    }
    if (!build) return;
    const node: XmlNode = { name: tag.name, text: '', children: [] };
    stack.at(-1)?.children.push(node);
    stack.push(node);
  });
  // Text is only listened to when it is kept: without a listener saxes does not gather it (pass 1).
  if (build) {
    const addText = (text: string) => {
      const node = stack.at(-1);
      if (node && node.text.length < MAX_TEXT_PER_ELEMENT) node.text += text.slice(0, MAX_TEXT_PER_ELEMENT);
    };
    parser.on('text', addText);
    parser.on('cdata', addText);
  }
  parser.on('closetag', () => {
    depth--;
    if (depth === 1) inItem = false;
    if (!build || stack.length === 0) return;
    const node = stack.pop()!;
    node.text = node.text.trim();
    if (stack.length === 0) ready.push({ node, line: itemLine });
  });

  const feed = (text: string) => {
    try {
      parser.write(text);
    } catch (error) {
      if (error instanceof FileRefusal) throw error;
      throw new FileRefusal('INVALID_XML', { line: parser.line, column: parser.column });
    }
  };
  for await (const chunk of source) {
    let text: string;
    try {
      // Text already decoded (a feed's first look) is taken as it is.
      text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    } catch {
      throw new FileRefusal('INVALID_XML', { line: parser.line, column: parser.column });
    }
    feed(text);
    if (ready.length) yield ready.splice(0);
  }
  try {
    feed(decoder.decode());
    parser.close();
  } catch (error) {
    if (error instanceof FileRefusal) throw error;
    throw new FileRefusal('INVALID_XML', { line: parser.line, column: parser.column });
  }
  if (!sawRoot) throw new FileRefusal('XML_ROOT_INVALID');
  if (ready.length) yield ready.splice(0);
  return items;
}
