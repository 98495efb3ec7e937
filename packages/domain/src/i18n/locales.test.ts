import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../errors/codes';
import { LANGUAGES } from './languages';
import { requiredPluralCategories } from './plural';

type Tree = { [key: string]: string | Tree };
const load = (lang: string) =>
  JSON.parse(readFileSync(new URL(`./locales/${lang}.json`, import.meta.url), 'utf8')) as Tree;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const en = flatten(load('en'));

describe('locale files', () => {
  it('give every error code of the catalogue an English message', () => {
    for (const code of ERROR_CODES) expect(en.has(`errors.${code}`), code).toBe(true);
    expect(en.get('errors.UNKNOWN')).toBe('Oops, something went wrong :-(');
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every English text, with the same placeholders', (lang) => {
    const other = flatten(load(lang));
    const enBases = new Set([...en.keys()].map(base));
    const otherBases = new Set([...other.keys()].map(base));
    expect([...enBases].filter((k) => !otherBases.has(k))).toEqual([]);
    expect([...otherBases].filter((k) => !enBases.has(k))).toEqual([]);
    for (const [key, text] of en) {
      if (PLURAL.test(key)) continue;
      expect([key, placeholders(other.get(key) ?? '')]).toEqual([key, placeholders(text)]);
      expect([key, (other.get(key) ?? '').trim().length > 0]).toEqual([key, true]);
    }
  });

  it.each(LANGUAGES)('%s has every plural form its language needs', (lang) => {
    const texts = flatten(load(lang));
    const pluralBases = new Set([...texts.keys()].filter((k) => PLURAL.test(k)).map(base));
    for (const key of pluralBases) {
      for (const category of requiredPluralCategories(lang)) {
        expect(texts.has(`${key}_${category}`), `${lang} ${key}_${category}`).toBe(true);
      }
    }
  });
});
