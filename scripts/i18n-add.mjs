#!/usr/bin/env node
// Adds texts to the seven locale files in one quick read-merge-write per file, so several people (or
// helpers) adding keys at once do not overwrite each other's edits.
// Usage: node scripts/i18n-add.mjs texts.json   where texts.json is { "en": { "orders": { ... } }, "cs": { ... }, ... }
// Existing keys are replaced by the new text; nothing is removed.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const LANGS = ['cs', 'en', 'hr', 'hu', 'pl', 'sk', 'sl'];
const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'packages', 'domain', 'src', 'i18n', 'locales');

function merge(target, source, path) {
  for (const [key, value] of Object.entries(source)) {
    if (value !== null && typeof value === 'object') {
      if (typeof target[key] === 'string') throw new Error(`${path}${key} is a text, not a group`);
      target[key] = merge(target[key] ?? {}, value, `${path}${key}.`);
    } else {
      if (typeof value !== 'string') throw new Error(`${path}${key} must be a string`);
      if (target[key] !== null && typeof target[key] === 'object') throw new Error(`${path}${key} is a group`);
      target[key] = value;
    }
  }
  return target;
}

const input = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const missing = LANGS.filter((l) => !input[l]);
if (missing.length) throw new Error(`texts for every language are needed; missing: ${missing.join(', ')}`);
for (const lang of LANGS) {
  const file = join(dir, `${lang}.json`);
  const tree = merge(JSON.parse(readFileSync(file, 'utf8')), input[lang], '');
  writeFileSync(`${file}.tmp`, `${JSON.stringify(tree, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}
console.log(`added to ${LANGS.length} locale files`);
