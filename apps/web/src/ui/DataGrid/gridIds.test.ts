import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gridIdSchema } from '@pp/domain';
import { describe, expect, it } from 'vitest';

/**
 * A grid's id names its saved views and its kept columns on the server, which takes only lower-case ids with
 * hyphens (gridIdSchema): a grid with another id loads, but its saved views fail with "not filled in
 * correctly" above the list. Every DataGrid of the app is found in the sources and its id judged.
 */
const SRC = join(__dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : [];
  });
}

describe('grid ids', () => {
  it('are ids the saved views accept', () => {
    const found: string[] = [];
    for (const file of sources(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/<DataGrid\b[^>]*?\bid=(?:"([^"]+)"|\{`([^`]+)`\}|\{'([^']+)'\})/gs)) {
        // A template's placeholders stand for a lower-case word.
        found.push((match[1] ?? match[2] ?? match[3]!).replace(/\$\{[^}]+\}/g, 'x'));
      }
    }
    expect(found.length).toBeGreaterThan(10);
    expect(found.filter((id) => !gridIdSchema.safeParse(id).success)).toEqual([]);
  });
});
