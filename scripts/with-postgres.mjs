#!/usr/bin/env node
// Runs a command with TEST_DATABASE_URL pointing at a throw-away PostgreSQL cluster made for it and removed
// after (or at the server TEST_DATABASE_URL already names). Used by `npm test` for the PostgreSQL pass: the
// race tests mean nothing on PGlite, which runs one transaction at a time, so without PostgreSQL this fails.
// Usage: node scripts/with-postgres.mjs <command> [args…]
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args…]');
  process.exit(2);
}

function run(env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

if (process.env.TEST_DATABASE_URL) process.exit(await run({}));

const root = '/usr/lib/postgresql';
const versions = existsSync(root)
  ? readdirSync(root)
      .filter((v) => existsSync(join(root, v, 'bin', 'postgres')))
      .sort((a, b) => Number(a) - Number(b))
  : [];
if (!versions.length) {
  console.error(
    'The PostgreSQL pass of `npm test` needs a PostgreSQL server: `apt-get install postgresql` (.ci/run does), ' +
      'or set TEST_DATABASE_URL to a server it may create databases on.',
  );
  process.exit(1);
}
const bin = join(root, versions.at(-1), 'bin');

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});

const dir = mkdtempSync(join(tmpdir(), 'pp-postgres-'));
chmodSync(dir, 0o755);
// PostgreSQL refuses to run as root: there the cluster belongs to the postgres user the package made.
const asRoot = process.getuid?.() === 0;
if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
const pg = (tool, toolArgs) =>
  asRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, tool), ...toolArgs], { stdio: 'pipe' })
    : execFileSync(join(bin, tool), toolArgs, { stdio: 'pipe' });

const data = join(dir, 'data');
let code = 1;
try {
  pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres']);
  // A cluster thrown away after the run: nothing it writes must survive a crash, so it never waits for the disk
  // (each test file's CREATE DATABASE and every commit otherwise wait for fsync).
  const durability = '-c fsync=off -c synchronous_commit=off -c full_page_writes=off';
  pg('pg_ctl', [
    '-D',
    data,
    '-l',
    join(dir, 'log'),
    '-o',
    `-h 127.0.0.1 -p ${port} -k ${dir} ${durability}`,
    '-w',
    'start',
  ]);
  const version = pg('postgres', ['--version']).toString().trim();
  console.log(`PostgreSQL pass on ${version}, port ${port}`);
  code = await run({ TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres` });
} finally {
  try {
    pg('pg_ctl', ['-D', data, '-m', 'fast', 'stop']);
  } catch {
    // Already down (initdb or start failed): nothing to stop.
  }
  rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
