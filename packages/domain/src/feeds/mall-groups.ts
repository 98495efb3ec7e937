import { STOCK_MAX } from '../products/rules';
import type { XmlNode } from '../products/xml';
import { FEED_MAX_GROUP_ITEMS } from './limits';

/**
 * The marketplace's product feed lists one flat ITEM per product or variant: the variants of a product share an
 * ITEMGROUP_ID (the product's id) and each ITEM is one variant with its own ID, price, stock and variable PARAMs.
 * The product import reads a product whole, its variants nested (VARIANTS/VARIANT). This turns each run of
 * consecutive ITEMs of one group into that one nested ITEM, so that the same mapping, schema and rules judge
 * both forms. ITEMs without ITEMGROUP_ID pass unchanged.
 */

/** An ITEM as the reader hands it over, with the line of the file where it starts. */
export interface LinedItem {
  node: XmlNode;
  line: number;
}

/** A product of the feed: its ITEM (nested when it was a group), where it starts, and its variants' ITEMs. */
export interface FeedProduct {
  node: XmlNode;
  /** The product's id: ITEMGROUP_ID for a group, ID otherwise. */
  id: string;
  line: number;
  /** ITEM elements of the file it stands for (1 for a plain item). */
  items: number;
  /** For a group: each variant's ID and line, in the order of `VARIANTS`. */
  variants: { id: string; line: number }[];
}

/** A group's ITEMs refused whole before any rule ran: split apart in the file, or too many variants. */
export interface GroupRefusal {
  group: string;
  code: 'FEED_ITEMGROUP_SPLIT' | 'VALIDATION_ERROR';
  /** Where the refused ITEMs start. */
  line: number;
  /** ITEM elements refused. */
  items: number;
}

/** The elements of a flat ITEM that belong to its variant rather than to the product. */
const VARIANT_ELEMENTS = new Set(['ID', 'PRICE', 'RRP', 'IN_STOCK', 'BARCODE', 'DELIVERY_DELAY', 'STATUS']);
const GROUP_ELEMENTS = new Set(['ITEMGROUP_ID', 'ITEMGROUP_TITLE']);

const textOf = (node: XmlNode, name: string) => node.children.find((c) => c.name === name)?.text ?? '';
const el = (name: string, children: XmlNode[] = [], text = ''): XmlNode => ({ name, text, children });

/** The codes a flat ITEM names in VARIABLE_PARAMS: its PARAMs of those names are its variant's. */
function variableCodes(node: XmlNode): Set<string> {
  const codes = new Set<string>();
  for (const list of node.children) {
    if (list.name !== 'VARIABLE_PARAMS') continue;
    for (const p of list.children) if (p.name === 'PARAM' && p.text) codes.add(p.text);
  }
  return codes;
}

/** One nested ITEM of a group's flat ITEMs: the product's elements from the first, a VARIANT from each. */
export function nestGroup(group: string, items: readonly LinedItem[]): FeedProduct {
  const first = items[0]!.node;
  const codes = variableCodes(first);
  const isVariantParam = (c: XmlNode) => c.name === 'PARAM' && codes.has(textOf(c, 'NAME'));
  const productChildren = first.children.filter(
    (c) => !VARIANT_ELEMENTS.has(c.name) && !GROUP_ELEMENTS.has(c.name) && !isVariantParam(c),
  );
  const variants = items.map(({ node }) => {
    const own = node.children.filter((c) => VARIANT_ELEMENTS.has(c.name) || isVariantParam(c));
    // A variant has one picture: the first of its item (the product keeps the first item's list).
    const media = node.children.find((c) => c.name === 'MEDIA');
    return el('VARIANT', media ? [...own, media] : own);
  });
  // The product's stock is its variants' sum (as the availability API keeps it), when every variant has a number.
  const stocks = items.map(({ node }) => textOf(node, 'IN_STOCK'));
  const stock = stocks.every((s) => /^\d{1,9}$/.test(s))
    ? [
        el(
          'IN_STOCK',
          [],
          String(
            Math.min(
              STOCK_MAX,
              stocks.reduce((n, s) => n + Number(s), 0),
            ),
          ),
        ),
      ]
    : [];
  return {
    node: el('ITEM', [el('ID', [], group), ...productChildren, ...stock, el('VARIANTS', variants)]),
    id: group,
    line: items[0]!.line,
    items: items.length,
    variants: items.map(({ node, line }) => ({ id: textOf(node, 'ID'), line })),
  };
}

/**
 * Groups a feed's ITEMs as they stream: an ITEM without ITEMGROUP_ID is a product at once, a group is handed on
 * when an ITEM of another group (or the end) follows it. A group that comes back after others is refused
 * (FEED_ITEMGROUP_SPLIT): its product would otherwise be written twice, each time with part of its variants.
 * Memory holds one group and the ids of the groups seen, never the file.
 */
export class MallItemGrouper {
  /** `extra`: ITEMs past FEED_MAX_GROUP_ITEMS, counted and not kept. */
  private open: { group: string; items: LinedItem[]; extra: number } | null = null;
  private readonly seen = new Set<string>();

  /** Takes the next ITEM; answers what is complete now. */
  push(item: LinedItem): { products: FeedProduct[]; refused: GroupRefusal[] } {
    const out = { products: [] as FeedProduct[], refused: [] as GroupRefusal[] };
    const group = textOf(item.node, 'ITEMGROUP_ID');
    if (this.open && this.open.group === group) {
      if (this.open.items.length < FEED_MAX_GROUP_ITEMS) this.open.items.push(item);
      else this.open.extra++;
      return out;
    }
    this.closeInto(out);
    if (!group) {
      const id = textOf(item.node, 'ID');
      out.products.push({ node: item.node, id, line: item.line, items: 1, variants: [] });
    } else if (this.seen.has(group)) {
      out.refused.push({ group, code: 'FEED_ITEMGROUP_SPLIT', line: item.line, items: 1 });
    } else {
      this.open = { group, items: [item], extra: 0 };
    }
    return out;
  }

  /**
   * A group the parser never sees (left out by the first look as unchanged, feeds/raw-items.ts): a later ITEM of it
   * is still refused as a split group.
   */
  markSeen(group: string): void {
    this.seen.add(group);
  }

  /** The last group, at the end of the file. */
  end(): { products: FeedProduct[]; refused: GroupRefusal[] } {
    const out = { products: [] as FeedProduct[], refused: [] as GroupRefusal[] };
    this.closeInto(out);
    return out;
  }

  private closeInto(out: { products: FeedProduct[]; refused: GroupRefusal[] }) {
    const open = this.open;
    if (!open) return;
    this.open = null;
    this.seen.add(open.group);
    if (open.extra) {
      const line = open.items[0]!.line;
      out.refused.push({ group: open.group, code: 'VALIDATION_ERROR', line, items: open.items.length + open.extra });
    } else {
      out.products.push(nestGroup(open.group, open.items));
    }
  }
}
