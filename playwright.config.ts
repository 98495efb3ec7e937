import { defineConfig, type PlaywrightTestConfig, type Project } from '@playwright/test';

type WebServer = Extract<PlaywrightTestConfig['webServer'], readonly unknown[]>[number];

const port = Number(process.env.E2E_PORT ?? 3210);
/** The same build as a deployment runs it (NODE_ENV=production) on a database the seed script filled. */
const productionPort = port + 1000;
const productionData = `.tmp/e2e-data-production-${productionPort}`;
/** E2E_PRODUCTION=false leaves the production server out, for a quick run of a few specs (npm test keeps it). */
const withProduction = process.env.E2E_PRODUCTION !== 'false';

/** The walk of every route once more, as a deployment runs the server (issue 17). */
function productionProject(): Project {
  return {
    name: 'production',
    testMatch: 'platform/a11y.spec.ts',
    grep: / in en /,
    use: { baseURL: `http://127.0.0.1:${productionPort}` },
  };
}

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
    },
  };
}

/**
 * End-to-end tests drive Debian's Chromium against the built server on a fresh embedded database with
 * the demo data. Playwright never downloads a browser here.
 */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: `.tmp/test-results-${port}`,
  projects: [{ name: 'demo' }, ...(withProduction ? [productionProject()] : [])],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
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
    {
      command: `rm -rf .tmp/e2e-data-${port} && tsx apps/server/src/main.ts`,
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      // Links in e-mails lead to the address the browser uses, so a mailed link keeps the tab's session.
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: `.tmp/e2e-data-${port}`,
        LOG_LEVEL: 'warn',
        // The webhooks spec delivers to a receiver it starts on loopback.
        WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      },
    },
    ...(withProduction ? [productionServer()] : []),
  ],
});
