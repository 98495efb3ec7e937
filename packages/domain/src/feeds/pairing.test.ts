import { describe, expect, it } from 'vitest';
// The demo seed's tree is one pure text table (no imports): the pairing is judged on the categories a seller sees.
import { TREE } from '../../../../apps/server/src/seed/catalog-tree';
import {
  AUTO_PAIR_MIN_LEAD,
  AUTO_PAIR_MIN_SCORE,
  autoPairChoice,
  buildPairingIndex,
  PAIRING_RECOMMENDATIONS,
  type PairingCandidate,
  pairingWords,
  rankCategories,
  wordSimilarity,
} from './pairing';

const ORDER = ['en', 'cs', 'sk', 'pl', 'hu', 'hr', 'sl'] as const;
type Lang = (typeof ORDER)[number];

interface SeedLeaf {
  id: number;
  names: Record<Lang, string[]>;
}

/** The seed's leaves with their paths in each language, numbered in the table's order. */
function seedLeaves(): SeedLeaf[] {
  const leaves: SeedLeaf[] = [];
  const open: Record<Lang, string>[] = [];
  let id = 0;
  for (const line of TREE.split('\n')) {
    if (line.trim() === '') continue;
    id++;
    const level = (line.length - line.trimStart().length) / 2;
    const names = line
      .trim()
      .split(/\s*;\s*/)[0]!
      .split('|');
    open[level] = Object.fromEntries(ORDER.map((l, i) => [l, names[i]!])) as Record<Lang, string>;
    open.length = level + 1;
    if (level === 2) {
      leaves.push({
        id,
        names: Object.fromEntries(ORDER.map((l) => [l, open.map((n) => n[l])])) as Record<Lang, string[]>,
      });
    }
  }
  return leaves;
}

const LEAVES = seedLeaves();

function candidates(language: Lang): PairingCandidate[] {
  return LEAVES.map((leaf) => ({
    id: leaf.id,
    paths: [leaf.names[language], ...ORDER.filter((l) => l !== language).map((l) => leaf.names[l])],
  }));
}

const CZECH = buildPairingIndex(candidates('cs'));
const leafNamed = (en: string) => LEAVES.find((l) => l.names.en.at(-1) === en)!.id;
const nameOf = (id: number) => LEAVES.find((l) => l.id === id)!.names.en.at(-1);

describe('the words pairing compares', () => {
  it('ignores case, diacritics, punctuation, stop words and Heureka’s root', () => {
    expect(pairingWords('Heureka.cz | Dům a zahrada > Sekačky, na TRÁVU')).toEqual([
      'dum',
      'zahrada',
      'sekacky',
      'travu',
    ]);
    expect(pairingWords('Łóżka dla dzieci')).toEqual(['lozka', 'dzieci']);
  });

  it('takes inflected forms of a word as partly equal, and short shared beginnings as different', () => {
    expect(wordSimilarity('prilby', 'prilby')).toBe(1);
    expect(wordSimilarity('prilby', 'prilba')).toBeCloseTo(5 / 6);
    expect(wordSimilarity('cyklistika', 'cyklisticke')).toBeCloseTo(8 / 11);
    expect(wordSimilarity('kola', 'kolo')).toBe(0);
    expect(wordSimilarity('sport', 'sekacky')).toBe(0);
  });
});

describe('ranking the seed’s categories for a seller’s category path', () => {
  it('ranks bicycle helmets first for "Heureka.cz | Sport | Cyklistika | Přilby", far ahead of motorcycle helmets', () => {
    const ranked = rankCategories(CZECH, 'Heureka.cz | Sport | Cyklistika | Přilby');
    expect(nameOf(ranked[0]!.categoryId)).toBe('Bike helmets');
    const moto = ranked.find((r) => r.categoryId === leafNamed('Motorcycle helmets'))!;
    expect(ranked[0]!.score).toBeGreaterThanOrEqual(AUTO_PAIR_MIN_SCORE);
    expect(ranked[0]!.score - moto.score).toBeGreaterThanOrEqual(AUTO_PAIR_MIN_LEAD);
    expect(autoPairChoice(ranked)?.categoryId).toBe(leafNamed('Bike helmets'));
  });

  it('scores unrelated categories low or not at all', () => {
    const ranked = rankCategories(CZECH, 'Heureka.cz | Sport | Cyklistika | Přilby');
    const scoreOf = (en: string) => ranked.find((r) => r.categoryId === leafNamed(en))?.score ?? 0;
    for (const unrelated of ['Washing machines', 'Novels', 'Dog food', 'Lipsticks', 'Smartphones']) {
      expect([unrelated, scoreOf(unrelated)]).toEqual([unrelated, 0]);
    }
    // Sharing only the ancestors (sport, cycling) is not enough to come near.
    expect(scoreOf('Bicycles')).toBeLessThan(0.5);
    expect(scoreOf('Tents')).toBeLessThan(0.3);
  });

  it('pairs other paths a Czech seller writes with their category', () => {
    const cases: [string, string][] = [
      ['Heureka.cz | Elektronika | Mobilní telefony | Chytré telefony', 'Smartphones'],
      ['Heureka.cz | Dům a zahrada | Zahrada | Sekačky na trávu', 'Lawn mowers'],
      ['Heureka.cz | Bílé zboží | Velké spotřebiče | Pračky', 'Washing machines'],
      ['Heureka.cz | Kosmetika a zdraví | Parfémy | Dámské parfémy', "Women's perfumes"],
      ['Chovatelské potřeby > Psi > Krmivo pro psy', 'Dog food'],
      ['Heureka.cz | Hobby | Nářadí | Aku šroubováky', 'Cordless screwdrivers'],
    ];
    for (const [path, expected] of cases) {
      expect([path, nameOf(rankCategories(CZECH, path)[0]!.categoryId)]).toEqual([path, expected]);
    }
  });

  it('reads a Slovak feed sold in the Czech shop through the category’s Slovak names', () => {
    const ranked = rankCategories(CZECH, 'Heureka.sk | Šport | Cyklistika | Cyklistické prilby');
    expect(nameOf(ranked[0]!.categoryId)).toBe('Bike helmets');
  });

  it('weighs the leaf more than the ancestors', () => {
    // Same ancestors, different leaves: the leaf decides.
    const lights = rankCategories(CZECH, 'Sport | Cyklistika | Světla');
    expect(nameOf(lights[0]!.categoryId)).toBe('Bike lights');
    // A leaf word under unrelated ancestors still finds its category before the ancestors' categories.
    const tents = rankCategories(CZECH, 'Sport | Cyklistika | Stany');
    expect(nameOf(tents[0]!.categoryId)).toBe('Tents');
  });

  it('lists at most the requested number, best first, and nothing for a path of stop words only', () => {
    const ranked = rankCategories(CZECH, 'Heureka.cz | Sport', PAIRING_RECOMMENDATIONS);
    expect(ranked.length).toBeLessThanOrEqual(PAIRING_RECOMMENDATIONS);
    expect(ranked.map((r) => r.score)).toEqual([...ranked.map((r) => r.score)].sort((a, b) => b - a));
    expect(rankCategories(CZECH, 'Heureka.cz | a | pro')).toEqual([]);
  });
});

describe('automatic pairing', () => {
  const at = (score: number, id = 1, locked = false) => ({ categoryId: id, score, locked });

  it('pairs only a best category that is similar enough and clearly ahead of the second', () => {
    expect(autoPairChoice([at(0.95, 1), at(0.5, 2)])?.categoryId).toBe(1);
    expect(autoPairChoice([at(0.95, 1)])?.categoryId).toBe(1);
    expect(
      autoPairChoice([at(AUTO_PAIR_MIN_SCORE, 1), at(AUTO_PAIR_MIN_SCORE - AUTO_PAIR_MIN_LEAD, 2)]),
    ).not.toBeNull();
    expect(autoPairChoice([at(AUTO_PAIR_MIN_SCORE - 0.001, 1)])).toBeNull();
    expect(autoPairChoice([at(0.95, 1), at(0.95 - AUTO_PAIR_MIN_LEAD + 0.01, 2)])).toBeNull();
    expect(autoPairChoice([])).toBeNull();
  });

  it('never pairs a category closed to the partner', () => {
    expect(autoPairChoice([at(1, 1, true), at(0.1, 2)])).toBeNull();
  });

  it('leaves a path between two similar categories to a person', () => {
    // "Boty" (shoes) is the name of a whole group: several leaves are equally plausible.
    expect(autoPairChoice(rankCategories(CZECH, 'Heureka.cz | Móda | Boty'))).toBeNull();
  });
});
