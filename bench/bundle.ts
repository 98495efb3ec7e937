import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { buildApp } from '../apps/server/src/app';
import { type Config, loadConfig } from '../apps/server/src/platform/config';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed/demo';
import { entryKey, initialChunks, kb, measure, readManifest } from '../apps/web/scripts/check-bundle.mjs';
import { benchDatabase } from './database';
import type { BenchResult } from './run';

const WEB = new URL('../apps/web/', import.meta.url).pathname;
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Lighthouse runs per page and preset; the median is reported (its scores move with the machine's load). */
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));

/**
 * What a first visit downloads and how fast it shows, per layout:
 * - the initial JavaScript (entry chunk and its static imports, plus the lazily loaded chunks the layout
 *   needs before its first page shows), raw, gzip and brotli (what the server sends), from the build manifest;
 * - Lighthouse's performance score of the sign-in page and of the home page (signed in) in Debian's Chromium,
 *   with Lighthouse's mobile preset (simulated slow 4G, 4× slower CPU) and its desktop preset.
 * The web is built fresh into a temporary folder (BENCH_WEB_DIST names an existing build instead), and served
 * by the real server on a throw-away database with the demo data.
 */
export async function bundleBench(): Promise<BenchResult[]> {
  const own = !process.env.BENCH_WEB_DIST;
  const dist = process.env.BENCH_WEB_DIST ?? join(mkdtempSync(join(tmpdir(), 'pp-bench-web-')), 'dist');
  try {
    if (own) {
      execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
        cwd: WEB,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    }
    printInitialJs(dist);
    if (!existsSync(CHROMIUM)) {
      console.log(`  lighthouse: skipped, no Chromium at ${CHROMIUM}`);
      return [];
    }
    await lighthouseScores(dist);
    return [];
  } finally {
    if (own) rmSync(join(dist, '..'), { recursive: true, force: true });
  }
}

/** The lazily loaded files each layout needs before its first page shows (router.tsx, routes/layouts.tsx). */
const LAYOUTS: { name: string; lazy: string[] }[] = [
  { name: 'public (sign-in)', lazy: [] },
  {
    name: 'portal (home)',
    lazy: ['src/app/layouts/PrivateLayout.tsx', 'src/app/layouts/PortalLayout.tsx', 'src/features/home/HomePage.tsx'],
  },
  {
    name: 'cockpit (partners)',
    lazy: [
      'src/app/layouts/PrivateLayout.tsx',
      'src/app/layouts/CockpitLayout.tsx',
      'src/features/cockpit/CockpitPartnersPage.tsx',
    ],
  },
];

function printInitialJs(dist: string) {
  const manifest = readManifest(dist);
  const entry = entryKey(manifest);
  const version = (JSON.parse(readFileSync(join(dist, 'version.json'), 'utf8')) as { version: string }).version;
  console.log(
    `bundle: initial JavaScript per layout (build ${version}; entry chunk + static imports + first lazy chunks)`,
  );
  for (const layout of LAYOUTS) {
    const files = initialChunks(manifest, [entry, ...layout.lazy]);
    const size = measure(dist, files);
    const brotli = files.reduce((sum, file) => {
      const br = join(dist, `${file}.br`);
      return sum + (existsSync(br) ? readFileSync(br).length : readFileSync(join(dist, file)).length);
    }, 0);
    console.log(
      `  ${layout.name.padEnd(20)} ${String(size.files).padStart(3)} files  ${kb(size.raw).padStart(9)} raw  ` +
        `${kb(size.gzip).padStart(9)} gzip  ${kb(brotli).padStart(9)} brotli`,
    );
  }
}

async function lighthouseScores(dist: string) {
  const base = loadConfig({ LOG_LEVEL: 'silent', REMOTE_LOGIN_SECRET: 'bench-remote-login-secret-0123456789' });
  const { database, url, drop } = await benchDatabase('bundle', {
    poolSize: base.databasePoolSize,
    statementTimeoutMs: base.statementTimeoutMs,
  });
  await seedDemo(database.db, { extraPartners: 0 });
  const config: Config = { ...base, databaseUrl: url, webDist: dist, jobsEnabled: false, rateLimitPerMinute: 0 };
  const app = await buildApp({ config, database });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.app.server.address() as { port: number }).port}`;

    // The home page needs a session: sign in over the API and store the token where the web keeps it.
    const answer = await fetch(`${origin}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({
        query: 'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }',
        variables: { e: 'partner@demo.test', p: DEMO_PASSWORD },
      }),
    });
    const token = ((await answer.json()) as { data: { login: { token: string } } }).data.login.token;
    // Lighthouse empties the origin's storage and the browser cache before a run; for the home page only the
    // cache is emptied here (a first visit), and the token is put where the web keeps it (sessionStore.ts).
    const signIn = async () => {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const tab = await browser.newPage();
      const cdp = await tab.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await tab.goto(`${origin}/v2/version.json`);
      await tab.evaluate((value) => window.localStorage.setItem('pp.token', value), token);
      await tab.close();
      await browser.disconnect();
    };

    console.log(`bundle: Lighthouse 12 performance, median of ${RUNS} (score 0–100; FCP, LCP, TBT, bytes transferred)`);
    for (const [preset, presetConfig] of [
      ['mobile', undefined],
      ['desktop', desktopConfig],
    ] as const) {
      for (const [page, path, signedIn] of [
        ['sign-in', '/login', false],
        ['home', '/', true],
      ] as const) {
        const runs: { score: number; fcp: number; lcp: number; tbt: number; bytes: number }[] = [];
        for (let run = 0; run < RUNS; run++) {
          if (signedIn) await signIn();
          const result = await lighthouse(
            `${origin}${path}`,
            {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance'],
              disableStorageReset: signedIn,
            },
            presetConfig,
          );
          const lhr = result?.lhr;
          if (!lhr) throw new Error(`lighthouse gave no result for ${path}`);
          if (new URL(lhr.finalDisplayedUrl).pathname !== path) {
            throw new Error(`${path} ended at ${lhr.finalDisplayedUrl} (not signed in?)`);
          }
          const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
          runs.push({
            score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
            fcp: value('first-contentful-paint'),
            lcp: value('largest-contentful-paint'),
            tbt: value('total-blocking-time'),
            bytes: value('total-byte-weight'),
          });
        }
        const median = [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)]!;
        console.log(
          `  ${preset.padEnd(8)} ${page.padEnd(8)} score ${String(median.score).padStart(3)} ` +
            `(runs ${runs.map((r) => r.score).join(', ')})  FCP ${(median.fcp / 1000).toFixed(1)} s  ` +
            `LCP ${(median.lcp / 1000).toFixed(1)} s  TBT ${Math.round(median.tbt)} ms  transfer ${kb(median.bytes)}`,
        );
      }
    }
  } finally {
    chrome.kill();
    await app.close();
    await drop();
  }
}

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) await bundleBench();
