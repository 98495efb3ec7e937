import { defineConfig } from 'vitest/config';

// Vitest 5's reporter calls Map.groupBy, which Node 20 lacks; without it a failing run cannot print why.
if (!('groupBy' in Map)) {
  Object.defineProperty(Map, 'groupBy', {
    value<T, K>(items: Iterable<T>, key: (item: T, index: number) => K): Map<K, T[]> {
      const groups = new Map<K, T[]>();
      let index = 0;
      for (const item of items) {
        const k = key(item, index++);
        const group = groups.get(k);
        if (group) group.push(item);
        else groups.set(k, [item]);
      }
      return groups;
    },
  });
}

export default defineConfig({
  test: {
    projects: [
      {
        // Pure functions: one import of the domain serves every file.
        test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node', isolate: false },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.race.test.ts'],
          environment: 'node',
          // The migrated, seeded database every file's server copies (apps/server/src/test/template.ts).
          globalSetup: ['apps/server/src/test/template.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file starts its own embedded database; two at a time suits a two-core machine.
          maxWorkers: 2,
          // A worker imports the server once for all its files (a file's own server and database keep them
          // apart; module state is keyed by platform): the import was a third of the suite's time.
          isolate: false,
        },
      },
      {
        // N parallel requests of which one may pass: only a real PostgreSQL runs transactions side by side,
        // so this group refuses to run anywhere else (npm run test:postgres gives it a server).
        test: {
          name: 'races',
          include: ['apps/server/src/**/*.race.test.ts'],
          environment: 'node',
          setupFiles: ['apps/server/src/test/races-setup.ts'],
          globalSetup: ['apps/server/src/test/template.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test-setup.ts'],
          // One environment and one import per worker, not per file: the run took 290 s, 70 % of it importing
          // and building the DOM again; Testing Library empties the DOM after every test either way.
          isolate: false,
        },
      },
    ],
  },
});
