import { readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type PlaywrightTestConfig, type Project } from '@playwright/test';

type WebServer = Extract<PlaywrightTestConfig['webServer'], readonly unknown[]>[number];

const testDir = fileURLToPath(new URL('./e2e', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3210);
/** The same build as a deployment runs it (NODE_ENV=production) on a database the seed script filled. */
const productionPort = port + 1000;
const productionData = `.tmp/e2e-data-production-${productionPort}`;
/** E2E_PRODUCTION=false leaves the production server out, for a quick run of a few specs (npm test keeps it). */
const withProduction = process.env.E2E_PRODUCTION !== 'false';
const A11Y_SPEC = 'platform/a11y.spec.ts';

/**
 * The demo specs run on two demo servers at once, each on its own fresh data, one spec after the other in
 * alphabetical order on each (issue 19: the suite took 22 minutes on one). These folders go to the second
 * server, every other folder (and a new one) to the first; the halves take about the same time. A spec
 * shares its server's data only with the specs of its own half: whatever a spec needs that another spec
 * changes (an account, a shop's few open orders, the demo mailbox) stays in one half, or the spec makes
 * its own. docs/decisions.md, "Two demo servers".
 */
const SECOND_HALF = ['catalog', 'cockpit', 'orders', 'partner', 'products', 'sla', 'terms'];
const inSecondHalf = (spec: string) => SECOND_HALF.includes(spec.split('/')[0]!);

/** The spec files a command line names by its file filters (read as Playwright reads them), or null for all. */
function namedSpecs(): string[] | null {
  const valued = new Set(
    '-c --config -g --grep -G --grep-invert -j --workers --project --reporter --retries --repeat-each --timeout --max-failures --output --shard --trace --global-timeout --tsconfig --test-list --test-list-invert --browser --ui-host --ui-port'.split(
      ' ',
    ),
  );
  const args = process.argv.slice(process.argv.indexOf('test') + 1);
  const filters: RegExp[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg.startsWith('-')) {
      if (valued.has(arg)) i++;
      continue;
    }
    const file = arg.replace(/:\d+(:\d+)?$/, '');
    const literal = file.match(/^\/(.*)\/([gi]*)$/);
    filters.push(literal ? new RegExp(literal[1]!, literal[2]) : new RegExp(file, 'i'));
  }
  if (!process.argv.includes('test') || filters.length === 0) return null;
  const specs = (readdirSync(testDir, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.spec.ts'))
    .map((f) => f.split(sep).join('/'));
  const named = specs.filter((spec) => filters.some((re) => re.test(join(testDir, spec))));
  // A filter Playwright reads differently from us (or an option's value we took for one): start everything.
  return named.length ? named : null;
}

/**
 * Which servers this run needs: decided once by the runner process (from its command line) and handed to
 * the worker processes in the environment, so both see the same projects on the same ports. A quick run of
 * one half's specs starts one demo server, on E2E_PORT.
 */
function serversOfRun(): { first: boolean; second: boolean; production: boolean } {
  if (!process.env.E2E_SERVERS) {
    const named = namedSpecs();
    const projects = process.argv.flatMap((arg, i) =>
      arg === '--project' ? [process.argv[i + 1] ?? ''] : arg.startsWith('--project=') ? [arg.slice(10)] : [],
    );
    const wanted = (name: string, has: (spec: string) => boolean) =>
      (projects.length === 0 || projects.includes(name)) && (named === null || named.some(has));
    process.env.E2E_SERVERS = [
      wanted('demo', (spec) => !inSecondHalf(spec) && !(withProduction && spec === A11Y_SPEC)) ? 'demo' : '',
      wanted('demo-2', inSecondHalf) ? 'demo-2' : '',
      withProduction && wanted('production', (spec) => spec === A11Y_SPEC) ? 'production' : '',
    ].join(',');
  }
  const servers = process.env.E2E_SERVERS.split(',');
  // Named nothing of ours (a --project or filter we do not know): everything, as before.
  const none = !servers.some(Boolean);
  return {
    first: none || servers.includes('demo'),
    second: none || servers.includes('demo-2'),
    production: withProduction && (none || servers.includes('production')),
  };
}

const run = serversOfRun();
const firstPort = port;
/** The second demo server takes E2E_PORT itself when it runs alone. */
const secondPort = run.first ? port + 1 : port;

function demoServer(serverPort: number): WebServer {
  return {
    command: `rm -rf .tmp/e2e-data-${serverPort} && tsx apps/server/src/main.ts`,
    url: `http://127.0.0.1:${serverPort}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // Links in e-mails lead to the address the browser uses, so a mailed link keeps the tab's session.
    env: {
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${serverPort}`,
      DATA_DIR: `.tmp/e2e-data-${serverPort}`,
      LOG_LEVEL: 'warn',
      // The webhooks and remote images specs deliver to, and fetch from, servers they start on loopback.
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      // Specs count orders and take the demo shops' open ones: the demo generator stays off; the intake spec
      // posts its own orders with this credential (e2e/deliveries/intake.spec.ts).
      DEMO_ORDERS: 'false',
      MARKETPLACE_INTAKE_TOKEN: E2E_INTAKE_TOKEN,
    },
  };
}

/** The marketplace's service credential of the e2e servers (the intake spec posts orders with it). */
const E2E_INTAKE_TOKEN = 'e2e-marketplace-intake-credential-0123456789';

function productionServer(): WebServer {
  return {
    // Production never seeds demo data by itself: the seed script fills the database first.
    command: `rm -rf ${productionData} && tsx apps/server/src/seed/cli.ts --scale demo && tsx apps/server/src/main.ts`,
    url: `http://127.0.0.1:${productionPort}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(productionPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${productionPort}`,
      DATA_DIR: productionData,
      LOG_LEVEL: 'warn',
      REMOTE_LOGIN_SECRET: 'e2e-production-remote-login-secret-0123456789',
      DEMO_ORDERS: 'false',
    },
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const secondHalfFiles = new RegExp(`^${escapeRegExp(testDir)}/(${SECOND_HALF.join('|')})/.*\\.spec\\.ts$`);
/**
 * The route walk (both languages) runs on the production server (the same build as a deployment, issue 17),
 * beside the two demo halves, which the walk's five minutes would otherwise lengthen; without a production
 * server in the run, the first demo server walks.
 */
const a11yFile = new RegExp(`^${escapeRegExp(testDir)}/${escapeRegExp(A11Y_SPEC)}$`);

const projects: Project[] = [
  {
    name: 'demo',
    testIgnore: run.production ? [secondHalfFiles, a11yFile] : secondHalfFiles,
    workers: 1,
    use: { baseURL: `http://127.0.0.1:${firstPort}` },
  },
  {
    name: 'demo-2',
    testMatch: secondHalfFiles,
    workers: 1,
    use: { baseURL: `http://127.0.0.1:${secondPort}` },
  },
  {
    // The walk of every route, as a deployment runs the server (issue 17).
    name: 'production',
    testMatch: A11Y_SPEC,
    workers: 1,
    use: { baseURL: `http://127.0.0.1:${productionPort}` },
  },
];

/**
 * End-to-end tests drive Debian's Chromium against the built server on a fresh embedded database with
 * the demo data. Playwright never downloads a browser here. Each project has one worker (its specs share
 * its server's data in order); the projects run beside each other.
 */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: [run.first, run.second, run.production].filter(Boolean).length,
  retries: process.env.CI ? 1 : 0,
  // Three servers and three browsers share two cores: a test of 25 s alone takes 60 on a loaded CI machine.
  timeout: 90_000,
  // A page's first rows wait for the app's boot and the page's reads: over 10 s at times on a loaded CI machine.
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: `.tmp/test-results-${port}`,
  projects: projects.filter((p) => p.name !== 'production' || withProduction),
  use: {
    locale: 'en-US',
    viewport: { width: 1400, height: 900 },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    ...(run.first ? [demoServer(firstPort)] : []),
    ...(run.second ? [demoServer(secondPort)] : []),
    ...(run.production ? [productionServer()] : []),
  ],
});
