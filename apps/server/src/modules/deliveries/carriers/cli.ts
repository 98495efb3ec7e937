import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { basename } from 'node:path';
import { loadConfig } from '../../../platform/config';
import { openDatabase } from '../../../platform/db/client';
import { createBranchLoad, loadBranchFile } from './load';

/**
 * npm run branches -- load <file.csv>
 * Loads a carrier branch file (format: docs/operations.md "Carrier branches") into the database of the
 * settings (DATABASE_URL or DATA_DIR): each (carrier, country) of the file is replaced in one transaction,
 * its branches missing from the file become inactive. A file with bad rows changes nothing; they are
 * printed with their line numbers and the command ends with status 1.
 */
const [command, file] = process.argv.slice(2);
if (command !== 'load' || !file) {
  console.error('usage: npm run branches -- load <file.csv>');
  process.exit(2);
}
try {
  await access(file);
} catch {
  console.error(`no such file: ${file}`);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const started = Date.now();
const loadId = await createBranchLoad(database.db, { accountId: null, fileName: basename(file) });
const outcome = await loadBranchFile(
  database.db,
  loadId,
  () => createReadStream(file),
  (done, total) => {
    console.log(`load ${loadId}: ${done} / ${total} rows`);
  },
);
await database.close();
if (outcome.status === 'done') {
  console.log(
    `load ${loadId} done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${outcome.networks.join(', ')} — ` +
      `${outcome.inserted} new, ${outcome.updated} updated, ${outcome.deactivated} deactivated`,
  );
} else {
  console.error(`load ${loadId} refused (${outcome.code}); nothing changed`);
  for (const e of outcome.errors) console.error(`  line ${e.line}: ${e.field} ${e.rule}`);
  if (outcome.errorCount > outcome.errors.length) {
    console.error(`  … ${outcome.errorCount} bad rows in all`);
  }
  process.exitCode = 1;
}
