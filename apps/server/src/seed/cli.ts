import { seedDemo, hasData } from './demo';
import { seedLarge } from './large';
import { demoMediaOf } from './products';
import { loadConfig } from '../platform/config';
import { secretBox } from '../platform/secrets';
import { openDatabase } from '../platform/db/client';

/**
 * npm run seed [-- --scale demo|large] [--partners N] [--orders N] [--products N]
 * demo: the demo data (only into an empty database). large: adds data at scale on top: 50,000 partners,
 * 1,000,000 orders with their items and histories, and 200,000 products of the Czech demo partner by default.
 */
const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const scale = option('scale') ?? 'demo';
if (scale !== 'demo' && scale !== 'large') {
  console.error('--scale must be demo or large');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const started = Date.now();
if (!(await hasData(database.db)))
  await seedDemo(database.db, { media: demoMediaOf(config), secrets: secretBox(config) });
if (scale === 'large') {
  const partners = Number(option('partners') ?? 50_000);
  const orders = Number(option('orders') ?? 1_000_000);
  const products = Number(option('products') ?? 200_000);
  await seedLarge(database.db, { partners, orders, products, log: (line) => console.log(line) });
}
console.log(`seed ${scale} done in ${((Date.now() - started) / 1000).toFixed(1)} s (${database.kind})`);
await database.close();
