import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, runnerImport } from 'vite';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
/** Each build gets its own version, so open tabs learn over the live stream that a newer build is served. */
const appVersion = process.env.APP_VERSION ?? `${pkg.version}+${Date.now().toString(36)}`;
const api = process.env.API_ORIGIN ?? 'http://127.0.0.1:3000';
const define = { __APP_VERSION__: JSON.stringify(appVersion) };

/** Text files worth compressing; source maps are not served, so they are left alone. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml)$/;

/**
 * Every text file of the build gets a brotli (.br) and a gzip (.gz) sibling, written once here instead of
 * compressing on each request; the server picks one by Accept-Encoding (@fastify/static preCompressed).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'pp-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const path = join(dir, entry.name);
          if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : walk(path);
          return COMPRESSIBLE.test(entry.name) ? [path] : [];
        });
      for (const file of walk(outDir)) {
        const source = readFileSync(file);
        if (source.length < 512) continue;
        const br = brotliCompressSync(source, {
          params: {
            [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
            [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
            [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        });
        const gz = gzipSync(source, { level: 9 });
        if (br.length < source.length) writeFileSync(`${file}.br`, br);
        if (gz.length < source.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

/**
 * routes.json: the path patterns of the router's pages (TanStack syntax: `$param`, `{-$param}`), read from
 * the route tree itself, so the server can answer 404 for a path no page has (docs/decisions.md). The tree
 * is loaded in Node, so the files router.tsx imports must not touch browser globals at import time.
 */
function routeList(): Plugin {
  let root = process.cwd();
  let patterns: Promise<string[]> | undefined;
  return {
    name: 'pp-route-list',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      // Started early: loading the route tree in Node takes a few seconds, in parallel with the bundling.
      patterns = runnerImport<{ routeTree: RouteNode }>('/src/app/router.tsx', {
        root,
        define,
        logLevel: 'error',
        plugins: [react()],
      }).then(({ module }) => leafPaths(module.routeTree));
      patterns.catch(() => {});
    },
    async generateBundle() {
      const list = await patterns;
      if (!list?.length) throw new Error('routes.json: the route tree has no pages');
      this.emitFile({
        type: 'asset',
        fileName: 'routes.json',
        source: `${JSON.stringify({ routes: list }, null, 1)}\n`,
      });
    },
  };
}

/**
 * The libraries every page starts with go into one `vendor` chunk, which changes rarely (returning users keep
 * it cached). Left alone, the bundler cuts them into many small chunks by which lazy areas share them. Mantine
 * stays out of it: its menus, popovers and the like are only used behind login and load with those areas.
 */
const VENDOR =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/](react-router|router-core|history|store|react-store|query-core|react-query)|i18next|react-i18next|@0no-co[\\/]graphql\.web|gql\.tada)[\\/]/;

/**
 * The domain package is pure rules (docs/architecture.md): importing one of its files runs nothing but
 * declarations. Saying so lets the bundler drop the files a page does not use (its index re-exports all).
 */
function pureDomain(): Plugin {
  return {
    name: 'pp-pure-domain',
    transform: {
      filter: { id: /[\\/]packages[\\/]domain[\\/]src[\\/]/ },
      handler(code) {
        return { code, map: null, moduleSideEffects: false };
      },
    },
  };
}

interface RouteNode {
  fullPath: string;
  children?: Record<string, RouteNode> | RouteNode[];
}

/** Only leaf routes render a page; a parent without an index child is not a page of its own. */
function leafPaths(route: RouteNode): string[] {
  const children = route.children ? Object.values(route.children) : [];
  if (!children.length) return [route.fullPath];
  return [...new Set(children.flatMap(leafPaths))].sort();
}

export default defineConfig({
  base: '/v2/',
  plugins: [
    react(),
    {
      name: 'pp-version-file',
      generateBundle() {
        this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ version: appVersion }) });
      },
    },
    pureDomain(),
    routeList(),
    precompress(),
  ],
  define,
  build: {
    outDir: 'dist',
    // Maps stay in dist for error reporting but are not referenced from the files (and the server does not
    // serve them). The manifest tells the bundle check and the bench which chunks each page loads.
    sourcemap: 'hidden',
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'vendor', test: VENDOR }] } },
    },
  },
  server: {
    proxy: {
      '/graphql': api,
      '/fefl': api,
      '/translations': api,
      // REST the spec names: files, uploads, imports and exports, and the public product images.
      '/api': api,
      '/portal': api,
      '/media': api,
      '/medias': api,
      // The Heureka override CSV uploads at the spec's paths (/hci-v2/partners/{partnerId}/…-overrides).
      '/hci-v2': api,
      '/upload': api,
      '/dev/mailbox/messages': api,
      '/v1': { target: api.replace('http', 'ws'), ws: true },
    },
  },
});
