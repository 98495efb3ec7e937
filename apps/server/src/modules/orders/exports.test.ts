import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_RUN_JOB, type ExportProgress } from '../../platform/exports/index';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { eventually } from '../../test/waits';
import { itemMoney, PACKETA_COLUMNS, splitName } from './exports';
import { orderItems, orders } from './tables';

const DAY = 24 * 60 * 60_000;
let server: TestServer;
let dataDir: string;
let cz: number;
let sk: number;
let partnerToken: string;
let multiToken: string;
const events: ExportProgress[] = [];
let nextId = 5_000_000_000_000;

const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

async function order(values: Partial<typeof orders.$inferInsert> = {}): Promise<number> {
  const id = nextId++;
  await server.database.db.insert(orders).values({
    partnerId: cz,
    id,
    status: 'open',
    paymentType: 'B',
    currency: 'CZK',
    customerName: 'Jana Nováková',
    createdAt: daysAgo(5),
    ...values,
  });
  return id;
}

const STATUSES = ['open', 'shipping', 'shipped', 'delivered', 'cancelled'] as const;
const NAMES = ['Petr Svoboda', 'Eva Černá', '=HYPERLINK("http://evil.test")', 'Anna', '@Marek Horák', 'Žofie Malá'];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'pp-orders-export-'));
  server = await startTestServer({ config: { dataDir } });
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  partnerToken = (await server.login('partner@demo.test')).token;
  multiToken = (await server.login('multi@demo.test')).token;
  await server.database.listen('pp_stream', (payload) => {
    const { event } = JSON.parse(payload) as { event?: { type: string; data: ExportProgress } };
    if (event?.type === 'export_progress') events.push(event.data);
  });
  // 1,200 orders of the Czech partner over 80 days (more than two batches of 500 match the filters below).
  for (let i = 0; i < 1200; i++) {
    const id = await order({
      status: STATUSES[i % STATUSES.length],
      customerName: NAMES[i % NAMES.length],
      paymentType: i % 3 === 0 ? 'A' : 'B',
      cod: i % 3 === 0 ? 100 + i : 0,
      total: 100 + i + 0.5,
      deliveryType: i % 4 === 0 ? 'PICKUP_POINT' : 'ADDRESS',
      branchId: i % 4 === 0 ? `Z${1000 + i}` : null,
      deliveryCity: 'Brno',
      deliveryStreet: 'Kounicova 1',
      deliveryZip: '60200',
      customerEmail: `c${i}@example.test`,
      customerPhone: '+420777000111',
      purchaseId: `P-${i}`,
      createdAt: daysAgo((i % 80) + 0.5),
      deliveryDate: daysAgo((i % 80) - 3),
      isTest: i % 50 === 7,
    });
    if (i % 10 === 0) {
      await server.database.db.insert(orderItems).values([
        { partnerId: cz, orderId: id, id: 1, title: 'Stan', quantity: 2, unitPrice: 1210, vat: 21, commission: 150 },
        { partnerId: cz, orderId: id, id: 2, title: '+Kolík', quantity: 3, unitPrice: 10, totalDiscount: 5, vat: 21 },
      ]);
    }
  }
  // The Slovak partner's orders must never appear in the Czech partner's files.
  for (let i = 0; i < 5; i++) await order({ partnerId: sk, customerName: 'Slovenský Zákazník', currency: 'EUR' });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const START = `mutation($kind: String!, $format: ExportFormat!, $params: JSON) {
  exportStart(kind: $kind, format: $format, params: $params) { id kind status } }`;

function start(
  kind: string,
  params: unknown,
  format = 'CSV',
  opts: { token?: string; partnerId?: number; lang?: string } = {},
) {
  return server.gql<{ exportStart: { id: string } }>(
    START,
    { kind, format, params },
    { token: opts.token ?? partnerToken, partnerId: opts.partnerId ?? cz, lang: opts.lang ?? 'en' },
  );
}

async function finished(id: string): Promise<ExportProgress> {
  await server.app.platform.jobs.runQueued(EXPORT_RUN_JOB);
  return eventually(`the END or ERROR of export ${id} on the stream`, () =>
    events.find((e) => e.id === id && (e.status === 'END' || e.status === 'ERROR')),
  );
}

async function download(path: string, token = partnerToken, partnerId = cz): Promise<Buffer> {
  const response = await server.app.app.inject({
    method: 'GET',
    url: path,
    headers: { authorization: `Bearer ${token}`, 'x-partner-id': String(partnerId) },
  });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

async function csvOf(kind: string, params: unknown, opts: { token?: string; partnerId?: number; lang?: string } = {}) {
  const started = await start(kind, params, 'CSV', opts);
  expect(started.errors).toBeUndefined();
  const last = await finished(started.data!.exportStart.id);
  expect(last.status).toBe('END');
  const body = await download(last.downloadPath!, opts.token, opts.partnerId);
  return parse(body, { bom: true, delimiter: ';' }) as string[][];
}

type GridAnswer = { orders: { items: { id: string }[]; nextCursor: string | null } };

/** Every row of the grid itself for the same request, paged as a person would page it. */
async function gridIds(view: string, grid: Record<string, unknown>, token = partnerToken, partnerId = cz) {
  const ids: string[] = [];
  let after: string | null = null;
  do {
    const answer: { data: GridAnswer | null; errors?: unknown } = await server.gql<GridAnswer>(
      'query($view: OrdersView!, $grid: GridInput) { orders(view: $view, grid: $grid) { items { id } nextCursor } }',
      { view, grid: { ...grid, perPage: 200, after } },
      { token, partnerId },
    );
    expect(answer.errors).toBeUndefined();
    ids.push(...answer.data!.orders.items.map((o) => o.id));
    after = answer.data!.orders.nextCursor;
  } while (after);
  return ids;
}

const LAST_60_DAYS = () => [
  { field: 'createdAt', operator: 'GREATER_THAN_OR_EQUAL', value: daysAgo(60).toISOString() },
];

describe('orders exports', () => {
  it('holds exactly the filtered, sorted grid in CSV, test orders left out, formulas neutralised', async () => {
    const grid = {
      filters: [...LAST_60_DAYS(), { field: 'status', operator: 'IN', values: ['open', 'shipped', 'cancelled'] }],
      sort: { field: 'customerName', direction: 'ASCENDING' },
    };
    const rows = await csvOf('orders', grid, { lang: 'cs' });
    expect(rows[0]!.slice(0, 4)).toEqual(['Číslo objednávky', 'Číslo nákupu', 'Externí ID', 'Stav']);
    const expected = await gridIds('ALL', grid);
    expect(expected.length).toBeGreaterThan(500);
    expect(rows.slice(1).map((r) => r[0])).toEqual(expected);
    const byHeader = (row: string[], name: string) => row[rows[0]!.indexOf(name)];
    const names = new Set(rows.slice(1).map((r) => byHeader(r, 'Zákazník')));
    expect(names).toContain(`'=HYPERLINK("http://evil.test")`);
    expect(names).toContain("'@Marek Horák");
    expect(names).not.toContain('Slovenský Zákazník');
    expect(rows.slice(1).every((r) => byHeader(r, 'Testovací objednávka') === 'false')).toBe(true);
  });

  it('holds the same rows in XLSX, and test orders when the grid asks for them', async () => {
    const grid = { filters: [...LAST_60_DAYS(), { field: 'isTest', operator: 'EQUAL', value: 'true' }] };
    const started = await start('orders', grid, 'XLSX');
    const last = await finished(started.data!.exportStart.id);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download(last.downloadPath!)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const ids: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) ids.push(String(row.getCell(1).value));
    });
    expect(ids).toEqual(await gridIds('ALL', grid));
    expect(ids.length).toBeGreaterThan(0);
    expect(sheet.getRow(2).getCell(6).value).toBeInstanceOf(Date);
  });

  it('exports the missing-statuses tab as the grid shows it', async () => {
    const grid = { filters: LAST_60_DAYS() };
    const rows = await csvOf('orders-missing', grid);
    const expected = await gridIds('MISSING', grid);
    expect(expected.length).toBeGreaterThan(0);
    expect(rows.slice(1).map((r) => r[0])).toEqual(expected);
  });

  it("exports only the selected partner's orders", async () => {
    const rows = await csvOf('orders', { filters: LAST_60_DAYS() }, { token: multiToken, partnerId: sk });
    const { rows: czechIds } = await server.database.executeSql('select id::text from orders where partner_id = $1', [
      cz,
    ]);
    const czech = new Set(czechIds.map((r) => (r as { id: string }).id));
    expect(rows.slice(1).filter((r) => czech.has(r[0]!))).toEqual([]);
    expect(rows.slice(1).filter((r) => r[9] === 'Slovenský Zákazník')).toHaveLength(5);
  });

  it('gives billing one row per item with price, VAT and commission', async () => {
    const rows = await csvOf('billing-orders', {
      filters: LAST_60_DAYS(),
      sort: { field: 'id', direction: 'ASCENDING' },
    });
    expect(rows[0]).toEqual([
      'Order number',
      'Purchase number',
      'Created',
      'Status',
      'Currency',
      'Payment type',
      'Item ID',
      'Article ID',
      'Your product ID',
      'Product',
      'Quantity',
      'Unit price',
      'Discount',
      'Price incl. VAT',
      'VAT rate (%)',
      'Price excl. VAT',
      'VAT',
      'Commission',
      'COD fee',
    ]);
    const lines = rows.slice(1).filter((r) => Number(r[0]) >= 5_000_000_000_000);
    expect(lines.length % 2).toBe(0);
    expect(lines[0]!.slice(6)).toEqual([
      '1',
      '',
      '',
      'Stan',
      '2',
      '1210',
      '0',
      '2420',
      '21',
      '2000',
      '420',
      '150',
      '0',
    ]);
    expect(lines[1]!.slice(6)).toEqual(['2', '', '', "'+Kolík", '3', '10', '5', '25', '21', '20.66', '4.34', '0', '0']);
    expect(itemMoney({ quantity: 1, unitPrice: 99.99, totalDiscount: 0, vat: 23 })).toEqual({
      withVat: 99.99,
      withoutVat: 81.29,
      vatAmount: 18.7,
    });
  });

  it("writes Packeta's import layout for pickup-point orders only", async () => {
    const grid = { filters: LAST_60_DAYS(), sort: { field: 'id', direction: 'ASCENDING' } };
    const rows = await csvOf('orders-zasilkovna', grid);
    expect(rows[0]).toEqual([...PACKETA_COLUMNS]);
    const all = await gridIds('ALL', grid);
    const pickup = rows.slice(1);
    expect(pickup.length).toBeGreaterThan(0);
    expect(pickup.length).toBeLessThan(all.length);
    for (const row of pickup) {
      expect(row).toHaveLength(PACKETA_COLUMNS.length);
      expect(row[11]).not.toBe('');
    }
    const first = pickup.find((r) => Number(r[1]) >= 5_000_000_000_000)!;
    expect(first[1]).toBe('5000000000000');
    expect([first[2], first[3], first[5], first[6], first[8], first[17], first[18]]).toEqual([
      'Petr',
      'Svoboda',
      'c0@example.test',
      '+420777000111',
      'CZK',
      'Brno',
      '60200',
    ]);
    expect(first[7]).toBe('100');
    expect(splitName('Anna')).toEqual(['', 'Anna']);
    const missing = await csvOf('orders-missing-zasilkovna', grid);
    expect(missing.slice(1).every((r) => r[11] !== '')).toBe(true);
  });

  it('refuses an interval longer than 3 months and takes one of exactly 3 months', async () => {
    const between = (to: string) => ({
      filters: [{ field: 'createdAt', operator: 'BETWEEN', values: ['2026-01-31T00:00:00Z', to] }],
    });
    const refused = await start('orders', between('2026-05-01T00:00:00Z'), 'CSV', { lang: 'en' });
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: [
        {
          field: 'filter.createdAt',
          rule: 'maxThreeMonths',
          message: 'The selected interval must be within 3 months.',
        },
      ],
    });
    // 31 January + 3 months is the last day of April; a day more is refused.
    const atTheBound = await start('orders', between('2026-04-30T00:00:00Z'));
    expect(atTheBound.errors).toBeUndefined();
    expect(await finished(atTheBound.data!.exportStart.id)).toMatchObject({ status: 'END', done: 0 });
    const overByADay = await start('orders', between('2026-05-01T00:00:00Z'));
    expect(overByADay.errors?.[0]?.extensions.fields).toEqual([expect.objectContaining({ rule: 'maxThreeMonths' })]);
    const noInterval = await start('orders', { filters: [] }, 'CSV', { lang: 'cs' });
    expect(noInterval.errors?.[0]?.extensions.fields).toEqual([
      expect.objectContaining({
        rule: 'exportIntervalRequired',
        message: 'Vyberte období objednávek k exportu (nejvýše 3 měsíce).',
      }),
    ]);
    const unknownField = await start('orders', {
      filters: [...LAST_60_DAYS(), { field: 'secret', operator: 'EQUAL', value: '1' }],
    });
    expect(codeOf(unknownField)).toBe('VALIDATION_ERROR');
  });

  it('refuses an account without the orders permission', async () => {
    const limited = (await server.login('limited@demo.test')).token;
    expect(codeOf(await start('orders', { filters: LAST_60_DAYS() }, 'CSV', { token: limited }))).toBe('ACCESS_DENIED');
  });
});

describe('the REST paths of the spec', () => {
  const get = (path: string, token: string | null = partnerToken, partnerId: number | null = cz) =>
    server.app.app.inject({
      method: 'GET',
      url: path,
      headers: {
        'accept-language': 'en',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(partnerId ? { 'x-partner-id': String(partnerId) } : {}),
      },
    });
  const grid = () => encodeURIComponent(JSON.stringify({ filters: LAST_60_DAYS() }));

  it('start the same job and answer 202; the file arrives on the stream', async () => {
    for (const path of [
      'orders',
      'orders/zasilkovna',
      'orders-missing',
      'orders-missing/zasilkovna',
      'billing-orders',
    ]) {
      const response = await get(`/portal/export/${path}?format=xlsx&grid=${grid()}`);
      expect([path, response.statusCode]).toEqual([path, 202]);
      const { id, status } = response.json() as { id: string; status: string };
      expect(status).toBe('QUEUED');
      const last = await finished(id);
      expect([path, last.status, last.fileName]).toEqual([path, 'END', expect.stringMatching(/\.xlsx$/)]);
    }
  });

  it('answer bad input, strangers and missing permissions with catalogue codes', async () => {
    const limited = (await server.login('limited@demo.test')).token;
    const cases: [string, string | null, number, string][] = [
      [`/portal/export/orders?format=pdf&grid=${grid()}`, partnerToken, 400, 'VALIDATION_ERROR'],
      ['/portal/export/orders?grid=%7Bnot-json', partnerToken, 400, 'VALIDATION_ERROR'],
      ['/portal/export/orders?grid=%5B%5D', partnerToken, 400, 'VALIDATION_ERROR'],
      [`/portal/export/orders?grid=${grid()}&view=NOPE`, partnerToken, 400, 'VALIDATION_ERROR'],
      ['/portal/export/orders', partnerToken, 400, 'VALIDATION_ERROR'],
      [`/portal/export/orders?grid=${grid()}`, null, 401, 'AUTHENTICATION_ERROR'],
      [`/portal/export/orders?grid=${grid()}`, limited, 403, 'ACCESS_DENIED'],
    ];
    for (const [path, token, status, code] of cases) {
      const response = await get(path, token);
      expect([path, response.statusCode, response.json().code]).toEqual([path, status, code]);
    }
  });
});
