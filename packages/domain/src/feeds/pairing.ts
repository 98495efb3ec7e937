import { foldDiacritics } from '../catalog/fold';
import { categoryPathOf } from './heureka';

/**
 * Pairing a seller's Heureka category path ("Heureka.cz | Sport | Cyklistika | Přilby") with a marketplace
 * category: a similarity score between the seller's path and each marketplace category's path.
 *
 * How it scores (docs: heureka-decisions):
 *  - both paths are normalised (no case, no diacritics, punctuation as spaces) and cut into words, without
 *    stop words ("a", "pro", "and"…) and Heureka's own root;
 *  - each word weighs by its level (the leaf 1, its parent ½, the grandparent ¼…) times its rarity among the
 *    marketplace's categories (an IDF: "sport" names dozens of categories, "přilby" two), so the leaf and the
 *    telling words decide;
 *  - two words match fully when equal, partly when they share a stem of at least four letters (a shared
 *    prefix over the longer word: "přilby"/"přilba" 0.83, "cyklistika"/"cyklistické" 0.73), which covers the
 *    inflection of the Central European languages without a dictionary;
 *  - the score is the harmonic mean (F1) of how much of the seller's path the category explains (recall) and
 *    how much of the category the seller's path explains (precision), both weighted as above: a category
 *    that only shares a word ("Moto přilby" for bicycle helmets) loses on both sides.
 * A category is scored in the partner's language and in every other language it has (a Slovak feed sold in
 * the Czech shop); another language's score counts at OTHER_LANGUAGE_FACTOR, so the partner's wins a tie.
 */

/** Weight of a level relative to the one below it: the leaf 1, its parent ½, the grandparent ¼… */
export const PAIRING_LEVEL_DECAY = 0.5;
/** Shortest shared prefix that makes two different words partly equal. */
export const PAIRING_MIN_STEM = 4;
/** A score reached through a language other than the partner's counts this much. */
export const PAIRING_OTHER_LANGUAGE_FACTOR = 0.9;
/** Recommendations listed for one category (spec §9: "recommended options 20"). */
export const PAIRING_RECOMMENDATIONS = 20;
/**
 * Automatic pairing: only when the best category is this similar… (a category that names the seller's leaf
 * and most of its path scores above 0.85; one sharing only the leaf word stays under 0.6)
 */
export const AUTO_PAIR_MIN_SCORE = 0.8;
/** …and at least this far ahead of the second best, so a close call is always left to a person. */
export const AUTO_PAIR_MIN_LEAD = 0.2;

/** Words that tell nothing about a category, in the portal's seven languages. */
const STOP_WORDS = new Set([
  // en
  'and',
  'or',
  'for',
  'the',
  'of',
  'with',
  'an',
  'in',
  'on',
  'to',
  // cs, sk
  'a',
  'i',
  'na',
  'pro',
  'pre',
  'do',
  'z',
  'ze',
  's',
  'se',
  'so',
  'v',
  've',
  'k',
  'ke',
  'o',
  'od',
  'po',
  'za',
  'bez',
  'ostatni',
  'ostatne',
  'prislusenstvi',
  // pl
  'dla',
  'w',
  'oraz',
  // hu
  'es',
  'az',
  'egyeb',
  // hr, sl
  'in',
  'sa',
  'ostalo',
  // Heureka's root, when a seller writes it in another form than "Heureka.cz |"
  'heureka',
  'cz',
  'sk',
]);

/** The words of a text as pairing compares them: lower case, no diacritics, no stop words. */
export function pairingWords(text: string): string[] {
  return foldDiacritics(text)
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '' && !STOP_WORDS.has(w));
}

/** How alike two words are: 1 when equal, the shared stem over the longer word when it has 4+ letters, else 0. */
export function wordSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const max = Math.min(a.length, b.length);
  let prefix = 0;
  while (prefix < max && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return prefix >= PAIRING_MIN_STEM ? prefix / Math.max(a.length, b.length) : 0;
}

interface WeightedWord {
  word: string;
  /** The level weight alone; the IDF is applied when scoring. */
  level: number;
}

/** The words of a path (root first), each with the weight of the deepest level it appears on. */
function pathWords(path: readonly string[]): WeightedWord[] {
  const byWord = new Map<string, number>();
  path.forEach((name, i) => {
    const level = PAIRING_LEVEL_DECAY ** (path.length - 1 - i);
    for (const word of pairingWords(name)) byWord.set(word, Math.max(byWord.get(word) ?? 0, level));
  });
  return [...byWord].map(([word, level]) => ({ word, level }));
}

/** A marketplace category as pairing sees it: its path from the root in the partner's language, then others. */
export interface PairingCandidate {
  id: number;
  /** The path in the partner's language first, then the same path in each other language the category has. */
  paths: readonly (readonly string[])[];
  /** Closed to the partner: recommended, but never paired automatically. */
  locked?: boolean;
}

interface IndexedCandidate {
  id: number;
  locked: boolean;
  paths: WeightedWord[][];
}

/** The marketplace's categories prepared once for scoring many seller paths against them. */
export interface PairingIndex {
  candidates: IndexedCandidate[];
  idf: Map<string, number>;
  /** The IDF of a word no category has (rarest of all). */
  unknownIdf: number;
  /** Candidates by the stem key of each of their words: only those can score above zero for a word. */
  postings: Map<string, number[]>;
}

/** Two words can match only when their keys are equal: the first PAIRING_MIN_STEM letters, or a shorter word whole. */
const stemKey = (word: string) => (word.length >= PAIRING_MIN_STEM ? word.slice(0, PAIRING_MIN_STEM) : word);

export function buildPairingIndex(candidates: readonly PairingCandidate[]): PairingIndex {
  const indexed = candidates.map((c) => ({
    id: c.id,
    locked: Boolean(c.locked),
    paths: c.paths.map(pathWords).filter((words) => words.length > 0),
  }));
  const df = new Map<string, number>();
  let documents = 0;
  for (const c of indexed) {
    for (const words of c.paths) {
      documents++;
      for (const { word } of words) df.set(word, (df.get(word) ?? 0) + 1);
    }
  }
  const idf = new Map<string, number>();
  for (const [word, n] of df) idf.set(word, Math.log(1 + documents / n));
  const postings = new Map<string, number[]>();
  indexed.forEach((c, i) => {
    const keys = new Set(c.paths.flatMap((words) => words.map((w) => stemKey(w.word))));
    for (const key of keys) {
      const list = postings.get(key);
      if (list) list.push(i);
      else postings.set(key, [i]);
    }
  });
  return { candidates: indexed, idf, unknownIdf: Math.log(1 + documents), postings };
}

function bestMatch(word: string, others: readonly WeightedWord[]): number {
  let best = 0;
  for (const other of others) {
    const s = wordSimilarity(word, other.word);
    if (s > best) best = s;
    if (best === 1) break;
  }
  return best;
}

/** The weighted F1 of two word lists (see the file's comment). */
function pathScore(index: PairingIndex, seller: readonly WeightedWord[], category: readonly WeightedWord[]): number {
  const weight = (w: WeightedWord) => w.level * (index.idf.get(w.word) ?? index.unknownIdf);
  let recallHit = 0;
  let recallAll = 0;
  for (const w of seller) {
    const wt = weight(w);
    recallAll += wt;
    recallHit += wt * bestMatch(w.word, category);
  }
  let precisionHit = 0;
  let precisionAll = 0;
  for (const w of category) {
    const wt = weight(w);
    precisionAll += wt;
    precisionHit += wt * bestMatch(w.word, seller);
  }
  if (recallAll === 0 || precisionAll === 0) return 0;
  const recall = recallHit / recallAll;
  const precision = precisionHit / precisionAll;
  return recall + precision === 0 ? 0 : (2 * recall * precision) / (recall + precision);
}

export interface PairingScore {
  categoryId: number;
  /** 0 (nothing in common) to 1 (the same path). */
  score: number;
  locked: boolean;
}

/** Rounded so that equal-looking scores sort by id, and clients show what was compared. */
const round = (n: number) => Math.round(n * 1000) / 1000;

/** Every category's similarity to a seller's category path, best first (ties by id); zero scores left out. */
export function rankCategories(
  index: PairingIndex,
  categoryText: string,
  limit = Number.POSITIVE_INFINITY,
): PairingScore[] {
  const seller = pathWords(categoryPathOf(categoryText));
  if (!seller.length) return [];
  // Only candidates sharing a stem with the seller's words can score: the others are not even looked at.
  const reachable = new Set<number>();
  for (const { word } of seller) for (const i of index.postings.get(stemKey(word)) ?? []) reachable.add(i);
  const scores: PairingScore[] = [];
  for (const i of reachable) {
    const c = index.candidates[i]!;
    let best = 0;
    c.paths.forEach((words, i) => {
      const s = pathScore(index, seller, words) * (i === 0 ? 1 : PAIRING_OTHER_LANGUAGE_FACTOR);
      if (s > best) best = s;
    });
    if (best > 0) scores.push({ categoryId: c.id, score: round(best), locked: c.locked });
  }
  scores.sort((a, b) => b.score - a.score || a.categoryId - b.categoryId);
  return scores.slice(0, limit);
}

/**
 * The category a seller's path is paired with without asking anybody, or null: the best one must be open to
 * the partner, similar enough, and clearly ahead of the second (AUTO_PAIR_MIN_SCORE, AUTO_PAIR_MIN_LEAD).
 */
export function autoPairChoice(ranked: readonly PairingScore[]): PairingScore | null {
  const [best, second] = ranked;
  if (!best || best.locked || best.score < AUTO_PAIR_MIN_SCORE) return null;
  // Scores have three decimals: compared with a margin, so that a lead of exactly 0.2 counts as 0.2.
  if (second && best.score - second.score < AUTO_PAIR_MIN_LEAD - 1e-9) return null;
  return best;
}
