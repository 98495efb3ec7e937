import { Readable } from 'node:stream';
import { BRANCH_FILE_COLUMNS } from '@pp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { multipartBody } from '../../partner/test-uploads';
import { searchBranches } from './branches';
import { createBranchLoad, loadBranchFile } from './load';

/**
 * Branch loads side by side (PostgreSQL only): two loads of one carrier never leave a mix of their files, two
 * uploads of one carrier at once are one load and one refusal, and a search during a load sees the old network
 * or the new one, never half of each.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const HEADER = BRANCH_FILE_COLUMNS.join(';');

/** A Foxpost network of `size` branches whose names all start with `tag`, codes from `from`. */
function network(tag: string, from: number, size: number): () => Readable {
  return () =>
    Readable.from(
      (function* () {
        yield `${HEADER}\n`;
        for (let i = 0; i < size; i++) {
          yield `FOXPOST;HU;${from + i};${tag} Foxpost ${i};Fő utca ${1 + (i % 90)};Eger;3300;;;1;1;;\n`;
        }
      })(),
    );
}

async function activeFoxpostNames(): Promise<string[]> {
  const { rows } = await server.database.executeSql(
    "select name from carrier_branches where carrier = 'FOXPOST' and active order by name",
  );
  return (rows as { name: string }[]).map((r) => r.name);
}

async function load(source: () => Readable) {
  const loadId = await createBranchLoad(server.database.db, { accountId: null, fileName: 'race.csv' });
  return loadBranchFile(server.database.db, loadId, source);
}

describe('branch loads side by side', () => {
  it('two loads of one carrier at once: the carrier ends as one whole file says, never a mix', async () => {
    // Codes apart: without one load waiting for the other, each would deactivate only what the other had committed,
    // and both files would stay active side by side.
    const [a, b] = await Promise.all([load(network('Alfa', 70_000, 3000)), load(network('Beta', 80_000, 3000))]);
    expect([a.status, b.status]).toEqual(['done', 'done']);
    const names = await activeFoxpostNames();
    expect(names).toHaveLength(3000);
    const tags = new Set(names.map((n) => n.split(' ')[0]));
    expect(tags.size).toBe(1);
    // They ran one after the other: the last found the first's 3,000 branches and closed them.
    const last = tags.has('Alfa') ? a : b;
    expect(last).toMatchObject({ inserted: 3000, updated: 0, deactivated: 3000 });
  });

  it('two uploads of one carrier at once: one is queued, the other refused', async () => {
    const admin = (await server.login('admin@demo.test')).token;
    const post = () => {
      const form = multipartBody(
        { carrier: 'PACKETA' },
        {
          body: Buffer.from(`${HEADER}\nPACKETA;HU;80001;Packeta Eger;Fő utca 1;Eger;3300;;;1;1;;\n`),
          fileName: 'p.csv',
          contentType: 'text/csv',
        },
      );
      return server.app.app.inject({
        method: 'POST',
        url: '/api/cockpit/carrier-branches',
        headers: { authorization: `Bearer ${admin}`, 'content-type': form.contentType },
        payload: form.payload,
      });
    };
    const answers = await Promise.all(Array.from({ length: 4 }, post));
    const outcomes = answers.map((a) => (a.statusCode === 202 ? 'queued' : a.json().code)).sort();
    expect(outcomes).toEqual(['IMPORT_IN_PROGRESS', 'IMPORT_IN_PROGRESS', 'IMPORT_IN_PROGRESS', 'queued']);
    const { rows } = await server.database.executeSql(
      "select count(*)::int as n from carrier_branch_loads where carrier = 'PACKETA' and status = 'queued'",
    );
    expect(rows).toEqual([{ n: 1 }]);
    // The refused ones left no file behind.
    const files = await server.database.executeSql(
      "select count(*)::int as n from stored_files where kind = 'carrier-branches'",
    );
    expect(files.rows).toEqual([{ n: 1 }]);
  });

  it('a search during a load sees the old network or the new one, never half', async () => {
    await load(network('Old', 60_000, 2000));
    const tagsOf = async () => {
      const page = await searchBranches(server.database.db, {
        country: 'HU',
        carrier: 'FOXPOST',
        search: 'foxpost eger',
        first: 100,
      });
      return [...new Set(page.nodes.map((b) => b.name.split(' ')[0] ?? ''))];
    };
    // The load reports progress inside its transaction, part of the new file written (2,000 of 2,500 rows):
    // search right then, on another connection.
    const during: { done: number; tags: string[] }[] = [];
    const loadId = await createBranchLoad(server.database.db, { accountId: null, fileName: 'new.csv' });
    const outcome = await loadBranchFile(
      server.database.db,
      loadId,
      network('New', 64_000, 2500),
      async (done, total) => {
        if (done > 0 && done < total) during.push({ done, tags: await tagsOf() });
      },
    );
    expect(outcome).toMatchObject({ status: 'done', inserted: 2500, deactivated: 2000 });
    expect(during.length).toBeGreaterThan(0);
    // Half the new file was written when they searched, and they saw the old network whole.
    for (const d of during) expect(d.tags, String(d.done)).toEqual(['Old']);
    expect(await tagsOf()).toEqual(['New']);
  });
});
