import { type ItemIdsOf, lineBreaksOf, type RawItem, type RawPiece, rawGroupHash, rawPieces } from './raw-items';

/**
 * The first look at a product feed (raw-items.ts cuts it): products whose exact text was applied before, under
 * the same inputs, are left out of the parse and counted as unchanged; the rest of the file goes on to the
 * parser as text, every left-out product replaced by its line breaks so that each line keeps its number. Both
 * product feeds use it: the marketplace's (ITEM, keyed by its text alone) and Heureka's (SHOPITEM, keyed by its
 * text and the pairings, options, overrides and measures it is mapped with).
 */

/** Products looked up together. */
export const FIRST_LOOK_BATCH = 250;

/** What is known of a product handed on to the parser: its key, how many items it had, the key stored. */
export interface RawSeen {
  hash: string;
  items: number;
  stored: string | undefined;
  /** What the processor remembers with the key (Heureka: what the items add to the run's notes). */
  notes?: unknown;
}

/** A product left out of the parse. */
export interface LeftOut {
  items: readonly RawItem[];
  groupId: string | null;
  notes: unknown;
}

/** A product's key as stored, with what was remembered beside it. */
export interface StoredRaw {
  rawHash: string;
  notes: unknown;
}

export interface FirstLookOptions {
  /** The item element: ITEM or SHOPITEM. */
  item: string;
  /** How an item's product and group ids are read from its text. */
  ids?: ItemIdsOf;
  /** The stored keys of these product ids. */
  stored(ids: string[]): Promise<Map<string, StoredRaw>>;
  /** The key function for a batch of products (it may look up what the keys depend on, once per batch). */
  keys(ids: string[]): Promise<(id: string | null, group: readonly RawItem[]) => string>;
  /** Products looked up together (FIRST_LOOK_BATCH unless said): more for small items, fewer round trips. */
  batch?: number;
  /** Products left out: each one's items, group id and stored notes. */
  leftOut(products: LeftOut[]): Promise<void>;
}

/**
 * The file as text for the parser, and per product id handed on what the first look saw (null: the id came
 * twice, nothing is known). A product between two items of one group (a split group) is never left out: the
 * parser must see it to tell the two apart; a product appearing twice is always parsed.
 */
export function firstLook(body: AsyncIterable<Uint8Array>, options: FirstLookOptions) {
  const handed = new Map<string, RawSeen | null>();
  const seen = new Set<string>();
  /** The ITEMGROUP_ID of the last product decided (null: none, or a product without one). */
  let previous: string | null = null;

  /** Decides a batch of pieces; `following` is the group id of the product after it (null at the end). */
  async function* decide(pieces: RawPiece[], following: string | null | undefined): AsyncGenerator<string> {
    const ids = pieces.flatMap((p) => ('group' in p && p.group[0]!.productId !== null ? [p.group[0]!.productId] : []));
    const [stored, keyOf] = await Promise.all([options.stored(ids), options.keys(ids)]);
    const groupIds = pieces.flatMap((p) => ('group' in p ? [p.group[0]!.groupId] : []));
    let text = '';
    const left: LeftOut[] = [];
    let index = 0;
    for (const piece of pieces) {
      if (!('group' in piece)) {
        text += piece.between;
        continue;
      }
      const { group, between } = piece;
      const id = group[0]!.productId;
      const next = index + 1 < groupIds.length ? groupIds[index + 1]! : following;
      // `undefined`: what follows is not known yet, so a product after a group is kept for the parser.
      const splitAround = previous !== null && (next === undefined || previous === next);
      previous = group[0]!.groupId;
      index++;
      const hash = keyOf(id, group);
      const before = id === null ? undefined : stored.get(id);
      const unchanged = id !== null && !seen.has(id) && !splitAround && before?.rawHash === hash;
      if (id !== null) {
        if (!unchanged)
          handed.set(
            id,
            handed.has(id) || seen.has(id) ? null : { hash, items: group.length, stored: before?.rawHash },
          );
        seen.add(id);
      }
      if (unchanged) left.push({ items: group, groupId: group[0]!.groupId, notes: before!.notes });
      group.forEach((item, i) => {
        text += (unchanged ? lineBreaksOf(item.text) : item.text) + (between[i] ?? '');
      });
    }
    if (left.length) await options.leftOut(left);
    if (text) yield text;
  }

  async function* input(): AsyncGenerator<string> {
    let pieces: RawPiece[] = [];
    let groups = 0;
    let held = 0;
    for await (const piece of rawPieces(body, options.item, options.ids)) {
      pieces.push(piece);
      if (!('group' in piece)) {
        // Much text outside items (a broken file) is handed on, not gathered.
        held += piece.between.length;
        if (held > 1 << 20) {
          yield* decide(pieces, undefined);
          pieces = [];
          groups = 0;
          held = 0;
        }
        continue;
      }
      if (++groups <= (options.batch ?? FIRST_LOOK_BATCH)) continue;
      // The batch is decided once the product after it is known; that one starts the next batch.
      yield* decide(pieces.slice(0, -1), piece.group[0]!.groupId);
      pieces = [piece];
      groups = 1;
      held = 0;
    }
    yield* decide(pieces, null);
  }
  return { input: input(), handed };
}

/** The key of a product by its exact text alone (the marketplace's feed). */
export const textKey = (kind: string) => async () => (_id: string | null, group: readonly RawItem[]) =>
  rawGroupHash(kind, group);
