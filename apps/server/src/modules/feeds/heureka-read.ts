import {
  type FeedNode,
  HEUREKA_AVAILABILITY_ITEM,
  HEUREKA_AVAILABILITY_ROOT,
  HEUREKA_MAX_ITEMS,
  HEUREKA_MAX_NODES_PER_ITEM,
  HEUREKA_PRODUCT_ITEM,
  HEUREKA_PRODUCT_ROOT,
  type HeurekaAvailability,
  type HeurekaIssue,
  type HeurekaItem,
  heurekaAvailabilityOf,
  heurekaItemOf,
  PRODUCT_XML_MAX_ATTRIBUTES,
  PRODUCT_XML_MAX_DEPTH,
  PRODUCT_XML_MAX_ELEMENTS_OUTSIDE_ITEMS,
} from '@pp/domain';
import { SaxesParser } from 'saxes';
import { FileRefusal } from '../products/import-read';

/**
 * The streaming reader of the Heureka feeds: the product feed SHOP/SHOPITEM and the availability feed
 * item_list/item[@id]. It uses the product import's parser (saxes) and its bounds (import-read.ts): no
 * DOCTYPE, depth and attributes counted for the whole document, elements outside items counted, an item's
 * elements counted, each element's text cut. It keeps attributes (the availability feed's ids and order
 * deadlines) and the line each item starts on (the run's error log names it), which the import's ITEM
 * reader has no use for. Items are handed over in batches as the bytes arrive: memory holds one batch and
 * one chunk, whatever the size of the file, plus the ids already seen (bounded by HEUREKA_MAX_ITEMS).
 */

/** Items handed over at once: a run writes a batch per transaction. */
export const HEUREKA_READ_BATCH = 500;
/** The text of one element beyond this is cut: nothing the marketplace keeps is longer. */
const MAX_TEXT_PER_ELEMENT = 200_000;

/**
 * Entities of HTML that shops' feeds often carry outside CDATA (a description pasted from an editor). XML
 * knows only five; refusing a whole feed for a `&nbsp;` would help nobody, so these few read as their
 * characters. Any other unknown entity still makes the file INVALID_XML.
 */
const HTML_ENTITIES: Record<string, string> = {
  nbsp: '\u00a0',
  ndash: '\u2013',
  mdash: '\u2014',
  hellip: '\u2026',
  bdquo: '\u201e',
  ldquo: '\u201c',
  rdquo: '\u201d',
  lsquo: '\u2018',
  rsquo: '\u2019',
  laquo: '\u00ab',
  raquo: '\u00bb',
  euro: '\u20ac',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  deg: '\u00b0',
  times: '\u00d7',
};

/** One item of a feed as read: normalised, or refused with every reason; the line its element starts on. */
export interface HeurekaRead<T> {
  line: number;
  /** The item's id in the file, null when it has none. */
  itemId: string | null;
  item: T | null;
  issues: HeurekaIssue[];
}

interface FeedShape {
  root: string;
  item: string;
  /** Where the item's id is written, as the error log names the field. */
  idField: string;
}

interface NodeRead {
  node: FeedNode;
  line: number;
}

/**
 * The items of a feed as small trees, in batches of `batch`, each with its starting line. Throws a
 * FileRefusal (INVALID_XML with the line, HEUREKA_XML_ROOT_INVALID, XML_TOO_COMPLEX…) as soon as the file
 * cannot be read; items handed over before stay valid (each is whole).
 */
async function* readNodes(
  source: AsyncIterable<Uint8Array | string>,
  shape: FeedShape,
  batch: number,
): AsyncGenerator<NodeRead[], number> {
  const parser = new SaxesParser({ position: true });
  Object.assign(parser.ENTITIES, HTML_ENTITIES);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const ready: NodeRead[] = [];
  const stack: FeedNode[] = [];
  let depth = 0;
  let items = 0;
  let nodes = 0;
  let outside = 0;
  let attributes = 0;
  let itemLine = 0;
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
    if (depth >= PRODUCT_XML_MAX_DEPTH) throw tooComplex('depth');
  });
  parser.on('attribute', () => {
    if (++attributes > PRODUCT_XML_MAX_ATTRIBUTES) throw tooComplex('attributes');
  });
  parser.on('opentag', (tag) => {
    depth++;
    if (depth === 1) {
      if (tag.name !== shape.root) throw new FileRefusal('HEUREKA_XML_ROOT_INVALID', { root: shape.root });
      sawRoot = true;
    }
    if (depth === 2 && tag.name === shape.item) {
      if (++items > HEUREKA_MAX_ITEMS) throw new FileRefusal('XML_TOO_MANY_ITEMS', { 0: HEUREKA_MAX_ITEMS });
      inItem = true;
      nodes = 0;
      itemLine = parser.line;
    }
    if (!inItem) {
      // Elements outside items (the root, a shop's own headers) are read by nothing; only counted.
      if (++outside > PRODUCT_XML_MAX_ELEMENTS_OUTSIDE_ITEMS) throw tooComplex('elements');
      return;
    }
    if (++nodes > HEUREKA_MAX_NODES_PER_ITEM) {
      throw new FileRefusal('XML_ITEM_TOO_LARGE', { 0: items, 1: HEUREKA_MAX_NODES_PER_ITEM });
    }
    const attrs: Record<string, string> = {};
    for (const [name, value] of Object.entries(tag.attributes)) attrs[name] = String(value);
    const node: FeedNode = { name: tag.name, text: '', attributes: attrs, children: [] };
    stack.at(-1)?.children.push(node);
    stack.push(node);
  });
  const addText = (text: string) => {
    const node = stack.at(-1);
    if (node && node.text.length < MAX_TEXT_PER_ELEMENT) node.text += text.slice(0, MAX_TEXT_PER_ELEMENT);
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    depth--;
    if (depth === 1) inItem = false;
    if (stack.length === 0) return;
    const node = stack.pop()!;
    node.text = node.text.trim();
    if (stack.length === 0) ready.push({ node, line: itemLine });
  });

  const write = (text: string) => {
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
      // Text already decoded (the first look's) is taken as it is.
      text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    } catch {
      throw new FileRefusal('INVALID_XML', { line: parser.line, column: parser.column });
    }
    write(text);
    while (ready.length >= batch) yield ready.splice(0, batch);
  }
  try {
    write(decoder.decode());
    parser.close();
  } catch (error) {
    if (error instanceof FileRefusal) throw error;
    throw new FileRefusal('INVALID_XML', { line: parser.line, column: parser.column });
  }
  if (!sawRoot) throw new FileRefusal('HEUREKA_XML_ROOT_INVALID', { root: shape.root });
  while (ready.length) yield ready.splice(0, batch);
  return items;
}

/**
 * Maps each node through the domain's rules and refuses the second and later items of an id already read
 * (the first one wins: a feed is one list of products, and two items cannot both be one product).
 */
async function* readFeed<T>(
  source: AsyncIterable<Uint8Array | string>,
  shape: FeedShape,
  batch: number,
  map: (node: FeedNode) => { item: T | null; issues: HeurekaIssue[] },
  idOf: (node: FeedNode) => string | null,
  seen = new Set<string>(),
): AsyncGenerator<HeurekaRead<T>[], number> {
  const nodes = readNodes(source, shape, batch);
  try {
    for (;;) {
      const next = await nodes.next();
      if (next.done) return next.value;
      yield next.value.map(({ node, line }): HeurekaRead<T> => {
        const itemId = idOf(node);
        if (itemId !== null && seen.has(itemId)) {
          return { line, itemId, item: null, issues: [{ code: 'HEUREKA_ITEM_ID_DUPLICATE', field: shape.idField }] };
        }
        if (itemId !== null) seen.add(itemId);
        const { item, issues } = map(node);
        return { line, itemId, item, issues };
      });
    }
  } finally {
    // A consumer that stops early (a run cancelled, a test) closes the parser and the download with it.
    await nodes.return(0);
  }
}

function childId(node: FeedNode): string | null {
  const text = node.children.find((c) => c.name === 'ITEM_ID')?.text ?? '';
  return text === '' ? null : text;
}

/**
 * The products of a Heureka product feed (SHOP/SHOPITEM); returns how many items the file had. `read`: ids of
 * items already read without parsing (the first look's), so that a later item of one is still a duplicate.
 */
export function readHeurekaProducts(
  source: AsyncIterable<Uint8Array | string>,
  batch = HEUREKA_READ_BATCH,
  read?: Set<string>,
): AsyncGenerator<HeurekaRead<HeurekaItem>[], number> {
  return readFeed(
    source,
    { root: HEUREKA_PRODUCT_ROOT, item: HEUREKA_PRODUCT_ITEM, idField: 'ITEM_ID' },
    batch,
    heurekaItemOf,
    childId,
    read,
  );
}

/** The items of a Heureka availability feed (item_list/item[@id]); returns how many items the file had. */
export function readHeurekaAvailability(
  source: AsyncIterable<Uint8Array>,
  batch = HEUREKA_READ_BATCH,
): AsyncGenerator<HeurekaRead<HeurekaAvailability>[], number> {
  return readFeed(
    source,
    { root: HEUREKA_AVAILABILITY_ROOT, item: HEUREKA_AVAILABILITY_ITEM, idField: 'id' },
    batch,
    heurekaAvailabilityOf,
    (node) => node.attributes.id?.trim() || null,
  );
}
