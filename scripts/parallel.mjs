#!/usr/bin/env node
// Runs shell commands side by side and fails when any fails: the typecheck's three projects each use one core,
// so on a two-core machine they take the time of the longest instead of the sum.
// Usage: node scripts/parallel.mjs "<command>" "<command>" …
import { spawn } from 'node:child_process';

const commands = process.argv.slice(2);
const codes = await Promise.all(
  commands.map(
    (command) =>
      new Promise((resolve) => {
        const child = spawn(command, { shell: true, stdio: 'inherit' });
        child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
      }),
  ),
);
const failed = commands.filter((_, i) => codes[i] !== 0);
for (const command of failed) console.error(`failed: ${command}`);
process.exit(failed.length ? 1 : 0);
