import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../../../../packages/domain/src/i18n/locales/en.json';
import { NAV_ITEMS } from '../navigation';

/**
 * Every text key the web names literally must exist in en.json, the file translators work from; a missing
 * key would show the raw key to users in every language.
 */
const root = join(__dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function has(key: string): boolean {
  const lookup = (k: string) =>
    k.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en) !==
    undefined;
  return lookup(key) || lookup(`${key}_one`) || lookup(`${key}_other`);
}

describe('translation keys', () => {
  const text = sources(root)
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  const keys = new Set<string>();
  const patterns: [RegExp, (m: string) => string][] = [
    [/\bt\(\s*'([a-zA-Z][\w.]*)'/g, (m) => m],
    [/(?:label|header|heading|description): '([a-zA-Z]+\.[\w.]+)'/g, (m) => m],
    [/route="(\w+)"/g, (m) => `routes.${m}`],
    [/useDocumentTitle\('(\w+)'\)/g, (m) => `routes.${m}`],
  ];
  for (const [pattern, toKey] of patterns) {
    for (const match of text.matchAll(pattern)) keys.add(toKey(match[1]!));
  }
  for (const item of NAV_ITEMS) keys.add(`nav.${item.key}`);

  it('finds the keys it checks', () => {
    expect(keys.size).toBeGreaterThan(100);
  });

  it.each([...keys].sort())('%s exists in en.json', (key) => {
    expect(has(key)).toBe(true);
  });
});
