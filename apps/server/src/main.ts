import { buildApp } from './app';
import { queueDemoFeedRuns } from './modules/feeds/demo-feeds';
import { loadConfig } from './platform/config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, hasData, seedDemo } from './seed/demo';
import { demoMediaOf } from './seed/products';
import { secretBox } from './platform/secrets';
import { DEMO_TOTP_SECRET } from './modules/auth/two-factor-seed';
import { DEMO_API_CLIENT_ID } from './seed/partner-area/api';
import { DEMO_SANDBOX_CLIENT_ID } from './seed/partner-area/sandbox';

const config = loadConfig();
const { app, platform, close } = await buildApp({ config });

const seeded = config.seedDemo && !(await hasData(platform.database.db));
if (seeded) {
  app.log.info('empty database: seeding demo data');
  await seedDemo(platform.database.db, {
    media: demoMediaOf(config),
    feedsUrl: config.publicUrl,
    secrets: secretBox(config),
  });
}

await app.listen({ port: config.port, host: config.host });
// The demo's living data: the Czech shop's feeds run once now, from the portal's own demo files.
if (seeded && config.marketplace.demoOrders) await queueDemoFeedRuns(platform);

const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
console.log(
  `\nPartner Portal is ready at ${url}  (database: ${platform.database.kind}${platform.database.kind === 'pglite' ? ` in ${config.dataDir}` : ''})`,
);
console.log(`Demo accounts, password ${DEMO_PASSWORD}:`);
for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(24)} ${account.role}`);
if (config.seedDemo) console.log(`Operators' authenticator secret (two-factor sign-in): ${DEMO_TOTP_SECRET}`);
if (config.seedDemo) {
  console.log(
    `REST API of partner@demo.test's shop: ${url}/v1/brands?client_id=${DEMO_API_CLIENT_ID}  (${url}/v1/openapi.json)`,
  );
  console.log(`Its sandbox (test orders and products only): ${url}/v1/orders?client_id=${DEMO_SANDBOX_CLIENT_ID}`);
}
if (platform.mail.kind === 'mailbox') {
  // The mailbox holds live sign-in links: say who can read it, so nobody opens it wider by accident.
  const allow = config.mail.kind === 'mailbox' ? (config.mail.allow ?? []) : [];
  const readers = allow.length ? `this machine and ${allow.join(', ')} (DEV_MAILBOX_ALLOW)` : 'this machine only';
  console.log(`E-mail goes to the demo mailbox at ${url}/dev/mailbox, readable from ${readers}.`);
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  // Stop taking requests, let those in flight finish, stop jobs, then close the database.
  const timer = setTimeout(() => {
    app.log.error('shutdown timed out');
    process.exit(1);
  }, config.shutdownTimeoutMs);
  timer.unref();
  try {
    await close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
