import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@pp/domain';

type Tree = { [key: string]: string | Tree };

const domainDir = dirname(createRequire(import.meta.url).resolve('@pp/domain/package.json'));

/** Locale files are read from disk on every call in development would be slow; they are read once. */
const cache = new Map<Language, Tree>();

export function localeTree(lang: Language): Tree {
  let tree = cache.get(lang);
  if (!tree) {
    tree = JSON.parse(readFileSync(join(domainDir, 'src/i18n/locales', `${lang}.json`), 'utf8')) as Tree;
    cache.set(lang, tree);
  }
  return tree;
}

export function localeFileText(lang: Language): string {
  return JSON.stringify(localeTree(lang));
}

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (!node || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The server's own translation: used for error messages, e-mails and exports. i18next's `{{x}}` syntax. */
export function translate(lang: Language, key: string, params: Record<string, string | number> = {}): string {
  const text = lookup(localeTree(lang), key) ?? lookup(localeTree(FALLBACK_LANGUAGE), key) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

export function clearLocaleCache(): void {
  cache.clear();
}

export { LANGUAGES };
