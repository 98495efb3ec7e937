#!/usr/bin/env node
/**
 * The build's size check: the JavaScript the sign-in page loads before it can show anything (the entry chunk
 * of index.html and its static imports, which index.html preloads) must stay within the budget, gzip-
 * compressed. Run after `vite build` (the workspace's build script does); exits 1 over the budget, or when
 * a built file still names its source map (maps are built `hidden`: kept in dist, not public).
 *
 *   node scripts/check-bundle.mjs [distDir]      # default: dist next to this script's package
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Gzip bytes of the sign-in page's initial JavaScript (issue 6: 200 KB; kB of 1,000 bytes, as in the issue). */
export const SIGN_IN_BUDGET_GZIP = 200_000;

/** The manifest's chunks a page needs first: the given chunks and, recursively, their static imports. */
export function initialChunks(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
}

export function readManifest(dist) {
  return JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
}

/** The key of index.html's entry chunk. */
export function entryKey(manifest) {
  const keys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (keys.length !== 1) throw new Error(`expected one entry in the manifest, found ${keys.length}`);
  return keys[0];
}

/** Raw and gzip bytes of a list of files in dist (gzip at level 9, per file, as the build precompresses). */
export function measure(dist, files) {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const source = readFileSync(join(dist, file));
    raw += source.length;
    gzip += gzipSync(source, { level: 9 }).length;
  }
  return { files: files.length, raw, gzip };
}

export const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** Built files that still point at their source map (the maps are built `hidden` and are not served). */
export function filesNamingMaps(dist) {
  return readdirSync(join(dist, 'assets')).filter(
    (file) =>
      /\.(js|css)$/.test(file) &&
      /[#@] sourceMappingURL=\S+\s*(\*\/)?\s*$/.test(readFileSync(join(dist, 'assets', file), 'utf8')),
  );
}

function main() {
  const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const naming = filesNamingMaps(dist);
  if (naming.length) {
    console.error(`These files name their source map, which is not public: ${naming.join(', ')}`);
    process.exit(1);
  }
  const manifest = readManifest(dist);
  const files = initialChunks(manifest, [entryKey(manifest)]);
  const size = measure(dist, files);
  const verdict = size.gzip <= SIGN_IN_BUDGET_GZIP ? 'ok' : 'OVER BUDGET';
  console.log(
    `sign-in page initial JS: ${size.files} files, ${kb(size.raw)} raw, ${kb(size.gzip)} gzip ` +
      `(budget ${kb(SIGN_IN_BUDGET_GZIP)} gzip) — ${verdict}`,
  );
  if (size.gzip > SIGN_IN_BUDGET_GZIP) {
    console.error(
      'The sign-in page loads too much JavaScript: load areas lazily (docs/decisions.md, "Loading pages").',
    );
    process.exit(1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
