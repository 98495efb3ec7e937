import { Readable } from 'node:stream';
import { BRANCH_FILE_COLUMNS, branchSearchWords, branchZipPrefix } from '@pp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../../test/harness';
import { orders } from '../../orders/tables';
import { type FakeUlozenka, startFakeUlozenka } from './fake-ulozenka';
import { searchBranches } from './branches';
import { BRANCH_LINE_MAX_CHARS, type BranchLoadOptions, createBranchLoad, loadBranchFile } from './load';

/**
 * Carrier branches (issue 19 point 6): the search behind the branch picker, loading a carrier's file, the
 * order's branch change against the table, and Ulozenka register and export through the carrier adapter,
 * against a loopback fake of Ulozenka's API (the outside world; our server and database are real).
 */

let server: TestServer;
let fake: FakeUlozenka;
let cz: number;
let token: string;
let nextId = 2_600_000_000_000;

beforeAll(async () => {
  fake = await startFakeUlozenka();
  server = await startTestServer({
    config: { carriers: { ulozenka: { url: fake.url, shopId: '4242', apiKey: 'test-key' }, timeoutMs: 500 } },
  });
  cz = await partnerIdByShop(server.database, '100001');
  token = (await server.login('partner@demo.test')).token;
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const SEARCH = `query($country: String!, $carrier: String, $search: String, $first: Int, $after: String) {
  carrierBranches(country: $country, carrier: $carrier, search: $search, first: $first, after: $after) {
    nodes { id carrier carrierTitle code name street zip city country active codAllowed } nextCursor } }`;

interface Branch {
  id: string;
  carrier: string;
  carrierTitle: string;
  code: string;
  name: string;
  street: string;
  zip: string;
  city: string;
  country: string;
}

async function search(variables: Record<string, unknown>) {
  const answer = await server.gql<{ carrierBranches: { nodes: Branch[]; nextCursor: string | null } }>(
    SEARCH,
    variables,
    { token, partnerId: cz },
  );
  expect(answer.errors).toBeUndefined();
  return answer.data!.carrierBranches;
}

describe('branch search', () => {
  it('finds towns without their diacritics, by zip with or without its space, in name order', async () => {
    const plzen = await search({ country: 'CZ', search: 'plzen', first: 50 });
    expect(plzen.nodes.length).toBeGreaterThan(5);
    expect(new Set(plzen.nodes.map((b) => b.city))).toEqual(new Set(['Plzeň']));
    const names = plzen.nodes.map((b) => b.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    // ł is no accent to NFD, but the database's folding knows it: "lodz" finds Łódź.
    const lodz = await search({ country: 'PL', search: 'lodz' });
    expect(lodz.nodes.length).toBeGreaterThan(0);
    expect(lodz.nodes.every((b) => b.city === 'Łódź')).toBe(true);

    // A zip prefix, typed as written ("301") or without the space of the full code ("30100").
    for (const typed of ['301', '30100', '301 00']) {
      const found = await search({ country: 'CZ', search: typed, first: 100 });
      expect(found.nodes.length, typed).toBeGreaterThan(0);
      expect(
        found.nodes.every((b) => b.zip.startsWith('301')),
        typed,
      ).toBe(true);
    }
    // Every word must match: a town and a street.
    const both = await search({ country: 'CZ', search: 'brno masarykova', first: 100 });
    expect(both.nodes.length).toBeGreaterThan(0);
    expect(both.nodes.every((b) => b.city === 'Brno' && b.street.startsWith('Masarykova'))).toBe(true);
    // Another country's towns are not offered.
    expect((await search({ country: 'SK', search: 'plzen' })).nodes).toEqual([]);
  });

  it('pages by keyset without gaps or repeats, and hides inactive branches', async () => {
    const seen: Branch[] = [];
    let after: string | null = null;
    do {
      const page: { nodes: Branch[]; nextCursor: string | null } = await search({
        country: 'CZ',
        search: 'ostrava',
        first: 7,
        after,
      });
      seen.push(...page.nodes);
      after = page.nextCursor;
    } while (after);
    const { rows } = await server.database.executeSql(
      "select count(*)::int as n from carrier_branches where country = 'CZ' and city = 'Ostrava' and active",
    );
    expect(seen.length).toBe((rows[0] as { n: number }).n);
    expect(new Set(seen.map((b) => b.id)).size).toBe(seen.length);

    const [hidden] = seen;
    await server.database.executeSql('update carrier_branches set active = false where id = $1', [hidden!.id]);
    const again = await search({ country: 'CZ', search: hidden!.name, first: 100 });
    expect(again.nodes.map((b) => b.id)).not.toContain(hidden!.id);
    await server.database.executeSql('update carrier_branches set active = true where id = $1', [hidden!.id]);
  });

  it('answers the same rows in the same order as a plain query, page by page, whichever way it searches', async () => {
    // Every branch of the page must be read from a plain statement that can only be right: no index tricks.
    const expected = async (country: string, carrier: string | null, search: string) => {
      const words = branchSearchWords(search);
      const params: unknown[] = [country, carrier];
      const where = words.map((word) => {
        const zip = branchZipPrefix(country, word);
        params.push(zip ?? word);
        const like = `search_text like '%' || lower(pp_unaccent($${params.length})) || '%'`;
        if (!zip) return like;
        params.push(zip);
        return `${like} and replace(zip, ' ', '') like $${params.length} || '%'`;
      });
      const { rows } = await server.database.executeSql(
        `select id from carrier_branches where country = $1 and ($2::text is null or carrier = $2) and active
          ${where.map((w) => `and ${w}`).join(' ')} order by name, id`,
        params,
      );
      return (rows as { id: string }[]).map((r) => r.id);
    };
    const cases: [string, string | null, string][] = [
      ['CZ', 'ZASILKOVNA', 'praha'],
      ['CZ', null, 'Z-BOX'],
      ['CZ', 'ZASILKOVNA', 'plzen'],
      ['CZ', null, 'kolin'],
      ['CZ', null, 'brno masarykova'],
      ['CZ', null, '301'],
      ['CZ', null, 'ostr'],
      ['HU', null, 'foxpost budapest'],
      ['PL', null, '00695'],
      ['CZ', null, 'nothing-like-this'],
    ];
    // The walk as the service sets it, a short one (often too short to fill a page: the gather answers) and none.
    for (const walk of [undefined, 40, 0]) {
      for (const [country, carrier, search] of cases) {
        const seen: string[] = [];
        let after: string | null = null;
        do {
          const page = await searchBranches(server.database.db, { country, carrier, search, first: 17, after }, walk);
          seen.push(...page.nodes.map((b) => b.id));
          after = page.nextCursor;
        } while (after);
        expect(seen, `${search} (walk ${walk})`).toEqual(await expected(country, carrier, search));
      }
    }
  });

  it('refuses an unknown country, carrier, page size or cursor with a validation error', async () => {
    for (const variables of [
      { country: 'DE' },
      { country: 'CZ', carrier: 'NOPE' },
      { country: 'CZ', first: 101 },
      { country: 'CZ', after: 'not-a-cursor' },
    ]) {
      expect(codeOf(await server.gql(SEARCH, variables, { token, partnerId: cz })), JSON.stringify(variables)).toBe(
        'VALIDATION_ERROR',
      );
    }
  });
});

const HEADER = BRANCH_FILE_COLUMNS.join(';');
const file =
  (...lines: string[]) =>
  () =>
    Readable.from([`${[HEADER, ...lines].join('\n')}\n`]);

async function load(source: () => Readable, options: BranchLoadOptions = {}) {
  const loadId = await createBranchLoad(server.database.db, { accountId: null, fileName: 'test.csv' });
  return loadBranchFile(server.database.db, loadId, source, undefined, options);
}

const FOX = (code: string, extra = '') => `FOXPOST;HU;${code};Foxpost Eger${extra};Fő utca 1;Eger;3300;;;1;1;;`;

async function activeFoxpost(): Promise<string[]> {
  const { rows } = await server.database.executeSql(
    "select id from carrier_branches where carrier = 'FOXPOST' and country = 'HU' and active order by id",
  );
  return (rows as { id: string }[]).map((r) => r.id);
}

describe('loading a carrier file', () => {
  it('reports every bad row with its line number and changes nothing', async () => {
    const before = await activeFoxpost();
    const outcome = await load(
      file(
        'FOXPOST;HU;9001;Foxpost Szeged Tesco;Kossuth Lajos utca 5;Szeged;6720;46.25;20.15;1;1;SMALLBOX;H–P 8–18',
        'FOXPOST;HU;9002;Foxpost Pécs;Király utca 1;Pécs;76210;;;1;1;;',
        'NOPE;HU;9003;Somewhere;Fő utca 1;Eger;3300;;;1;1;;',
        'FOXPOST;HU;9001;Duplicate;Fő utca 2;Eger;3300;;;1;1;;',
      ),
    );
    expect(outcome).toMatchObject({ status: 'failed', code: 'CARRIER_BRANCH_ERROR', errorCount: 3 });
    expect(outcome.errors).toEqual([
      { line: 3, field: 'zip', rule: 'invalid' },
      { line: 4, field: 'carrier', rule: 'invalid' },
      { line: 5, field: 'code', rule: 'duplicate' },
    ]);
    expect(await activeFoxpost()).toEqual(before);
    expect((await load(() => Readable.from(['carrier;code\nFOXPOST;1\n']))).code).toBe('INVALID_CSV_HEADER');
    expect((await load(() => Readable.from([Buffer.from([0x63, 0xff, 0xfe, 0x0a])]))).code).toBe(
      'IMPORT_FILE_ENCODING',
    );
  });

  it('refuses hostile files with the line and a catalogue code, changing nothing', async () => {
    const before = await activeFoxpost();
    const bytes =
      (...parts: (string | number[])[]) =>
      () =>
        Readable.from([Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))))]);
    const cases: [string, () => Readable, { code: string; errors: unknown[] }][] = [
      [
        'a NUL byte in a name',
        file(FOX('9301'), FOX('9302', '\u0000x')),
        { code: 'CARRIER_BRANCH_ERROR', errors: [{ line: 3, field: 'name', rule: 'invalidCharacters' }] },
      ],
      [
        'a lone surrogate written as UTF-8',
        bytes(
          `${HEADER}\n${FOX('9301')}\n${FOX('9302')}\nFOXPOST;HU;9303;Foxpost `,
          [0xed, 0xa0, 0x80],
          ' Eger;Fő utca 1;Eger;3300;;;1;1;;\n',
        ),
        { code: 'IMPORT_FILE_ENCODING', errors: [{ line: 4, field: 'row', rule: 'encoding' }] },
      ],
      [
        'Windows-1250 instead of UTF-8',
        bytes(
          `${HEADER}\n${FOX('9301')}\nFOXPOST;HU;9302;P`,
          [0xe9],
          'cs;F',
          [0xf5],
          ' utca 1;P',
          [0xe9],
          'cs;7621;;;1;1;;\n',
        ),
        { code: 'IMPORT_FILE_ENCODING', errors: [{ line: 3, field: 'row', rule: 'encoding' }] },
      ],
      [
        'too few and too many columns',
        file(FOX('9301'), 'FOXPOST;HU;9302;Foxpost Eger', `${FOX('9303')};extra`),
        {
          code: 'CARRIER_BRANCH_ERROR',
          errors: [
            { line: 3, field: 'row', rule: 'columns' },
            { line: 4, field: 'row', rule: 'columns' },
          ],
        },
      ],
      [
        'a code twice',
        file(FOX('9301'), FOX('9301', ' 2')),
        { code: 'CARRIER_BRANCH_ERROR', errors: [{ line: 3, field: 'code', rule: 'duplicate' }] },
      ],
      [
        'numbers out of any range in the coordinates',
        file(
          'FOXPOST;HU;9301;Foxpost Eger;Fő utca 1;Eger;3300;1e400;-1e400;1;1;;',
          'FOXPOST;HU;9302;Foxpost Eger;Fő utca 1;Eger;3300;NaN;Infinity;1;1;;',
        ),
        {
          code: 'CARRIER_BRANCH_ERROR',
          errors: [
            { line: 2, field: 'lat', rule: 'invalid' },
            { line: 2, field: 'lng', rule: 'invalid' },
            { line: 3, field: 'lat', rule: 'invalid' },
            { line: 3, field: 'lng', rule: 'invalid' },
          ],
        },
      ],
      [
        'a quote left open',
        file(FOX('9301'), 'FOXPOST;HU;9302;"Foxpost Eger;Fő utca 1;Eger;3300;;;1;1;;'),
        { code: 'ErrorReadingFile', errors: [{ line: expect.any(Number), field: 'row', rule: 'unreadable' }] },
      ],
    ];
    for (const [label, source, refusal] of cases) {
      const outcome = await load(source);
      expect({ status: outcome.status, code: outcome.code, errors: outcome.errors }, label).toEqual({
        status: 'failed',
        ...refusal,
      });
      expect(await activeFoxpost(), label).toEqual(before);
    }
  });

  it('stops reading at a line longer than the limit: a 1 GB line costs a few chunks, not a gigabyte', async () => {
    let chunks = 0;
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    async function* huge() {
      yield Buffer.from(`${HEADER}\n${FOX('9301')}\nFOXPOST;HU;9302;`);
      // 16,384 chunks of 64 kB: one line of a gigabyte, made only as far as it is read.
      for (let i = 0; i < 16_384; i++) {
        chunks++;
        yield chunk;
      }
    }
    const outcome = await load(() => Readable.from(huge()));
    expect(outcome).toMatchObject({
      status: 'failed',
      code: 'ErrorReadingFile',
      errors: [{ line: 3, field: 'row', rule: 'tooLong' }],
    });
    // The parser gives up past BRANCH_LINE_MAX_CHARS, within the first chunk of the line; the streams ahead of it
    // hold a few chunks (Readable.from reads 16 ahead): of 16,384, fewer than 64 are ever made.
    expect(BRANCH_LINE_MAX_CHARS).toBeLessThan(chunk.length);
    expect(chunks).toBeLessThan(64);
  });

  it("replaces a carrier's network: new and changed branches written, the missing ones inactive, not deleted", async () => {
    const before = await activeFoxpost();
    expect(before.length).toBeGreaterThan(100);
    const kept = before[0]!.replace('FOXPOST-', '');
    const outcome = await load(
      file(
        `FOXPOST;HU;${kept};Foxpost Budapest Westend;Váci út 1-3;Budapest;1062;47.51;19.06;1;0;SMALLBOX;0–24`,
        'FOXPOST;HU;9101;Foxpost Debrecen Fórum;Csapó utca 30;Debrecen;4024;;;1;1;;H–V 8–20',
        'FOXPOST;HU;9102;Foxpost Debrecen Kossuth;Kossuth utca 2;Debrecen;4024;;;1;1;;',
      ),
    );
    expect(outcome).toMatchObject({
      status: 'done',
      code: null,
      lines: 3,
      inserted: 2,
      updated: 1,
      deactivated: before.length - 1,
      networks: ['FOXPOST/HU'],
    });
    expect(await activeFoxpost()).toEqual([`FOXPOST-${kept}`, 'FOXPOST-9101', 'FOXPOST-9102']);
    const { rows } = await server.database.executeSql(
      "select count(*)::int as n from carrier_branches where carrier = 'FOXPOST' and not active",
    );
    expect((rows[0] as { n: number }).n).toBeGreaterThanOrEqual(before.length - 1);
    // Packeta's Hungarian branches are another network: untouched.
    expect((await search({ country: 'HU', carrier: 'PACKETA', first: 5 })).nodes).toHaveLength(5);
    const westend = await search({ country: 'HU', search: 'vaci westend' });
    expect(westend.nodes.map((b) => [b.id, b.zip])).toEqual([[`FOXPOST-${kept}`, '1062']]);
  });

  it('reads the delimiter from the header, so names keep their commas; an upload for a carrier refuses the others', async () => {
    const semicolons = await load(
      file('FOXPOST;HU;9401;Foxpost Győr, Árkád;Budai út 1;Győr;9027;47.68;17.65;1;1;SMALLBOX;H–V 8–20'),
      { carrier: 'FOXPOST' },
    );
    expect(semicolons).toMatchObject({ status: 'done', lines: 1 });
    expect((await search({ country: 'HU', search: 'arkad' })).nodes.map((b) => b.name)).toEqual([
      'Foxpost Győr, Árkád',
    ]);
    const commas = await load(() =>
      Readable.from([
        `${BRANCH_FILE_COLUMNS.join(',')}\nFOXPOST,HU,9402,"Foxpost Győr, Plaza",Budai út 2,Győr,9027,,,1,1,,\n`,
      ]),
    );
    expect(commas).toMatchObject({ status: 'done', lines: 1 });
    const other = await load(file(FOX('9403'), 'PACKETA;HU;9404;Packeta Eger;Fő utca 2;Eger;3300;;;1;1;;'), {
      carrier: 'FOXPOST',
    });
    expect(other).toMatchObject({
      status: 'failed',
      code: 'CARRIER_BRANCH_ERROR',
      errors: [{ line: 3, field: 'carrier', rule: 'otherCarrier' }],
    });
    expect(await activeFoxpost()).toEqual(['FOXPOST-9402']);
  });
});

const BRANCHES =
  'query($id: ID!, $s: String) { orderDestinationBranches(orderId: $id, search: $s) { id city country } }';
const BRANCH_UPDATE = `mutation($id: ID!, $b: String!) { orderBranchUpdate(orderId: $id, branchId: $b) { branchId branch { name city } } }`;

async function order(values: Partial<typeof orders.$inferInsert> = {}): Promise<number> {
  const id = nextId++;
  await server.database.db.insert(orders).values({
    partnerId: cz,
    id,
    status: 'open',
    paymentType: 'B',
    currency: 'CZK',
    customerName: 'Jana Nováková',
    deliveryCountry: 'CZ',
    ...values,
  });
  return id;
}

describe('changing an order’s pickup point', () => {
  it('offers branches of its carrier and country found by town, and sends it to a real one', async () => {
    const [first] = (await search({ country: 'CZ', carrier: 'ZASILKOVNA', search: 'praha' })).nodes;
    const id = await order({ deliveryType: 'PICKUP_POINT', transportId: 'ZASILKOVNA', branchId: first!.id });
    const offered = await server.gql<{ orderDestinationBranches: { id: string; city: string; country: string }[] }>(
      BRANCHES,
      { id, s: 'ceske budejovice' },
      { token, partnerId: cz },
    );
    const list = offered.data!.orderDestinationBranches;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((b) => b.city === 'České Budějovice' && b.country === 'CZ')).toBe(true);
    const answer = await server.gql(BRANCH_UPDATE, { id, b: list[0]!.id }, { token, partnerId: cz });
    expect(answer.data).toEqual({
      orderBranchUpdate: { branchId: list[0]!.id, branch: { name: expect.any(String), city: 'České Budějovice' } },
    });

    // A closed branch, another country's, or one that does not exist: not among the destination branches.
    await server.database.executeSql('update carrier_branches set active = false where id = $1', [first!.id]);
    const [slovak] = (await search({ country: 'SK', search: 'kosice' })).nodes;
    for (const branch of [first!.id, slovak!.id, 'ZASILKOVNA-1']) {
      expect(codeOf(await server.gql(BRANCH_UPDATE, { id, b: branch }, { token, partnerId: cz })), branch).toBe(
        'BRANCH_NOT_AVAILABLE',
      );
    }
    await server.database.executeSql('update carrier_branches set active = true where id = $1', [first!.id]);
  });
});

const REGISTER =
  'mutation($id: ID!) { orderUlozenkaRegister(orderId: $id) { orderId consignmentId trackingNumber exportedAt } }';
const EXPORT =
  'mutation($ids: [ID!]!) { orderUlozenkaExport(orderIds: $ids) { exportId consignments { orderId exportedAt } } }';

describe('Ulozenka register and export', () => {
  it('registers a MALL Delivery order once and exports its consignment', async () => {
    fake.mode = 'ok';
    fake.requests.length = 0;
    const [branch] = (await search({ country: 'CZ', search: 'brno' })).nodes;
    const id = await order({
      isMallDelivery: true,
      deliveryType: 'PICKUP_POINT',
      branchId: branch!.id,
      paymentType: 'A',
      cod: 1290,
      total: 1290,
    });
    const first = await server.gql<{ orderUlozenkaRegister: { consignmentId: string; trackingNumber: string } }>(
      REGISTER,
      { id },
      { token, partnerId: cz },
    );
    expect(first.errors).toBeUndefined();
    expect(first.data!.orderUlozenkaRegister.trackingNumber).toMatch(/^UL\d+CZ$/);
    const again = await server.gql(REGISTER, { id }, { token, partnerId: cz });
    expect(again.data).toEqual(first.data);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v3/consignments',
      shop: '4242',
      body: { reference: String(id), destination_branch_id: branch!.code, cash_on_delivery: 1290, currency: 'CZK' },
    });

    const exported = await server.gql<{ orderUlozenkaExport: { exportId: string } }>(
      EXPORT,
      { ids: [id] },
      { token, partnerId: cz },
    );
    expect(exported.errors).toBeUndefined();
    expect(exported.data!.orderUlozenkaExport.exportId).toMatch(/^EXP-/);
    expect(fake.requests[1]).toMatchObject({
      path: '/v3/consignments/export',
      body: { consignments: [first.data!.orderUlozenkaRegister.consignmentId] },
    });
    const { rows } = await server.database.executeSql(
      "select action from audit_log where entity = 'order' and entity_id = $1 order by id",
      [String(id)],
    );
    expect(rows).toEqual([{ action: 'order.consignment.register' }, { action: 'order.consignment.export' }]);
  });

  it("answers the spec's codes: only MDP orders, wrong status, missing consignment", async () => {
    fake.mode = 'ok';
    const plain = await order({ deliveryType: 'ADDRESS' });
    expect(codeOf(await server.gql(REGISTER, { id: plain }, { token, partnerId: cz }))).toBe('ONLY_FOR_MDP_ORDERS');
    const shipped = await order({ isMallDelivery: true, status: 'shipped' });
    expect(codeOf(await server.gql(REGISTER, { id: shipped }, { token, partnerId: cz }))).toBe(
      'WRONG_STATUS_FOR_CONSIGNMENT',
    );
    const unregistered = await order({ isMallDelivery: true });
    expect(codeOf(await server.gql(EXPORT, { ids: [unregistered] }, { token, partnerId: cz }))).toBe(
      'CONSIGNMENT_MISSING',
    );
  });

  it('answers CARRIER_API_ERROR when the carrier refuses, fails or does not answer in time, storing nothing', async () => {
    for (const mode of ['refuse', 'fail', 'hang'] as const) {
      fake.mode = mode;
      const id = await order({ isMallDelivery: true });
      const answer = await server.gql(REGISTER, { id }, { token, partnerId: cz });
      expect([mode, codeOf(answer)]).toEqual([mode, 'CARRIER_API_ERROR']);
      // The carrier's own words (which may quote the customer) never reach the seller.
      expect(JSON.stringify(answer)).not.toContain('private data');
      const { rows } = await server.database.executeSql(
        'select count(*)::int as n from carrier_consignments where partner_id = $1 and order_id = $2',
        [cz, id],
      );
      expect([mode, (rows[0] as { n: number }).n]).toEqual([mode, 0]);
    }
    fake.mode = 'ok';
  });
});
