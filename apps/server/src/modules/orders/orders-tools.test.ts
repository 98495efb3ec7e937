import { STATUS_IMPORT_COLUMNS } from '@pp/domain';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../platform/i18n';
import { codeOf, type TestServer } from '../../test/harness';
import { captureStream } from '../../test/waits';
import { searchBranches } from '../deliveries/carriers/branches';
import { DELIVERY_NOTE_JOB } from './delivery-notes';
import { IMPORT_INLINE_MAX_ROWS, STATUS_IMPORT_JOB } from './import';
import { orderItems, orders } from './tables';
import { TEST_ORDER_ID_BASE } from './test-orders';
import { orderMaker, type OrdersTestBed, startOrdersTestBed } from './test-setup';

let bed: OrdersTestBed;
let server: TestServer;
let cz: number;
let sk: number;
let token: string;
let limitedToken: string;

beforeAll(async () => {
  bed = await startOrdersTestBed();
  ({ server, cz, sk, token } = bed);
  limitedToken = (await server.login('limited@demo.test')).token;
});
afterAll(async () => server?.close());

const order = orderMaker(() => bed, 2_000_000_000_000, {
  paymentType: 'B',
  deliveryType: 'ADDRESS',
  deliveryStreet: 'Dlouhá 5',
  deliveryCity: 'Plzeň',
  deliveryZip: '301 00',
  deliveryCountry: 'CZ',
});

async function statusOf(id: number): Promise<string> {
  const { rows } = await server.database.executeSql('select status from orders where id = $1', [id]);
  return (rows[0] as { status: string }).status;
}

function rest(
  url: string,
  options: { body?: unknown; payload?: Buffer; headers?: Record<string, string>; as?: string; partnerId?: number } = {},
) {
  return server.app.app.inject({
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${options.as ?? token}`,
      'x-partner-id': String(options.partnerId ?? cz),
      'accept-language': 'en',
      ...options.headers,
    },
    ...(options.payload ? { payload: options.payload } : { payload: options.body as object }),
  });
}

describe('labels', () => {
  it('makes one PDF label per parcel: A6 pages one by one, or A4 quarters from the first position', async () => {
    const three = await order({ parcelCount: 3, paymentType: 'A', cod: 1290 });
    const one = await order({ status: 'shipping' });
    const single = await rest('/api/orders/labels', { body: { orderIds: [three, one], format: 'pdf' } });
    expect(single.statusCode).toBe(200);
    expect(single.headers['content-type']).toBe('application/pdf');
    const a6 = await PDFDocument.load(single.rawPayload);
    expect(a6.getPageCount()).toBe(4);
    expect(a6.getPage(0).getSize().width).toBeCloseTo(297.64, 1);

    const sheet = await rest('/api/orders/labels', {
      body: { orderIds: [three, one], format: 'pdf', labelsPerPage: 4, firstPosition: 3 },
    });
    const a4 = await PDFDocument.load(sheet.rawPayload);
    // Positions 3 and 4 of the first sheet, then 1 and 2 of the second.
    expect(a4.getPageCount()).toBe(2);
    expect(a4.getPage(0).getSize().height).toBeCloseTo(841.89, 1);
    const full = await rest('/api/orders/labels', {
      body: { orderIds: [three, one], format: 'pdf', labelsPerPage: 4 },
    });
    expect((await PDFDocument.load(full.rawPayload)).getPageCount()).toBe(1);
  });

  it('makes ZPL with one ^XA block and one Code 128 field per parcel, COD where it is due', async () => {
    const two = await order({ parcelCount: 2, paymentType: 'A', cod: 499 });
    const answer = await rest('/api/orders/labels', { body: { orderIds: [two], format: 'zpl' } });
    expect(answer.statusCode).toBe(200);
    const text = answer.payload;
    expect(text.match(/\^XA/g)).toHaveLength(2);
    expect(text.match(/\^XZ/g)).toHaveLength(2);
    expect(text.match(/\^BCN,/g)).toHaveLength(2);
    expect(text).toContain(`^FD${two}001^FS`);
    expect(text).toContain(`^FD${two}002^FS`);
    expect(text).toContain('Parcel 2/2');
    expect(text).toContain('COD: CZK 499');
  });

  it('refuses orders that cannot travel, other partners’ orders, bad options and accounts without orders', async () => {
    const cases: [Partial<typeof orders.$inferInsert>, string][] = [
      [{ status: 'delivered' }, 'WRONG_STATUS_FOR_CONSIGNMENT'],
      [{ status: 'blocked' }, 'WRONG_STATUS_FOR_CONSIGNMENT'],
      [{ status: 'open', confirmed: false }, 'CONSIGNMENT_MISSING'],
      [{ partnerId: sk }, 'ORDER_NOT_FOUND'],
    ];
    const fine = await order();
    for (const [values, code] of cases) {
      const id = await order(values);
      const answer = await rest('/api/orders/labels', { body: { orderIds: [fine, id], format: 'pdf' } });
      expect([values, answer.statusCode, answer.json().code]).toEqual([values, 400, code]);
      expect(answer.json().message).toBeTruthy();
    }
    const bad = await rest('/api/orders/labels', { body: { orderIds: [fine], format: 'pdf', firstPosition: 5 } });
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: [{ field: 'firstPosition', rule: 'max' }] });
    const tooMany = Array.from({ length: 501 }, (_, i) => i + 1);
    expect((await rest('/api/orders/labels', { body: { orderIds: tooMany, format: 'zpl' } })).json().code).toBe(
      'VALIDATION_ERROR',
    );
    const denied = await rest('/api/orders/labels', { body: { orderIds: [fine], format: 'pdf' }, as: limitedToken });
    expect([denied.statusCode, denied.json().code]).toEqual([403, 'ACCESS_DENIED']);
    // A partner the account does not belong to, named in the header: refused before anything is read.
    const foreign = await rest('/api/orders/labels', { body: { orderIds: [fine], format: 'pdf' }, partnerId: sk });
    expect([foreign.statusCode, foreign.json().code]).toEqual([403, 'ACCESS_DENIED']);
    const anonymous = await server.app.app.inject({
      method: 'POST',
      url: '/api/orders/labels',
      payload: { orderIds: [fine], format: 'pdf' },
    });
    expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, 'AUTHENTICATION_ERROR']);
  });
});

function csv(lines: string[], delimiter = ';'): string {
  return [STATUS_IMPORT_COLUMNS.join(delimiter), ...lines].join('\n');
}

function upload(content: Buffer | string, as = token) {
  const boundary = `----pp${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="statuses.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return rest('/api/orders/import-statuses', {
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    as,
  });
}

describe('status import', () => {
  it('applies a good file row by row with the status rules and answers OK', async () => {
    const a = await order();
    const b = await order({ status: 'shipped' });
    const delivered = new Date(Date.now() - 60_000).toISOString();
    const answer = await upload(csv([`${a};shipped;DR-1;https://track.example/1;;`, `${b};DELIVERED;;;${delivered};`]));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'DONE', result: 'OK', total: 2, applied: 2, failed: 0 });
    expect(answer.json().rows).toEqual([
      { row: 2, orderId: a, ok: true, code: null, message: null, attributes: {} },
      { row: 3, orderId: b, ok: true, code: null, message: null, attributes: {} },
    ]);
    expect([await statusOf(a), await statusOf(b)]).toEqual(['shipped', 'delivered']);
    const { rows } = await server.database.executeSql(
      'select source, tracking_number from order_status_history where order_id = $1',
      [a],
    );
    expect(rows).toEqual([{ source: 'import', tracking_number: 'DR-1' }]);
  });

  it('takes comma-separated files and a byte order mark as well', async () => {
    const a = await order();
    const answer = await upload(`\uFEFF${csv([`${a},cancelled,,,,`], ',')}`);
    expect(answer.json()).toMatchObject({ result: 'OK', applied: 1 });
    expect(await statusOf(a)).toBe('cancelled');
  });

  it('answers NOK for a mixed file: each bad row says why in the caller’s language, the good rows apply', async () => {
    const good = await order();
    const blocked = await order({ status: 'blocked' });
    const foreign = await order({ partnerId: sk });
    const badTracking = await order();
    const answer = await upload(
      csv([
        `${good};shipping;;;;`,
        `${blocked};shipped;;;;`,
        `${foreign};shipped;;;;`,
        `${badTracking};shipped;no spaces;;;`,
        'abc;shipped;;;;',
        `${good};shipped`,
      ]),
    );
    const body = answer.json();
    expect(body).toMatchObject({ result: 'NOK', total: 6, applied: 1, failed: 5 });
    expect(body.rows.map((r: { row: number; code: string | null }) => [r.row, r.code])).toEqual([
      [2, null],
      [3, 'ORDER_BLOCKED_STATUS_CANNOT_CHANGE'],
      [4, 'ORDER_NOT_FOUND'],
      [5, 'VALIDATION_ERROR'],
      [6, 'ORDER_ID_INVALID'],
      [7, 'IMPORT_ROW_COLUMNS'],
    ]);
    expect(body.rows[1].message).toBe(translate('en', 'errors.ORDER_BLOCKED_STATUS_CANNOT_CHANGE'));
    expect(body.rows[3].attributes).toMatchObject({ orderId: String(badTracking), trackingNumber: expect.any(String) });
    expect([
      await statusOf(good),
      await statusOf(blocked),
      await statusOf(foreign),
      await statusOf(badTracking),
    ]).toEqual(['shipping', 'blocked', 'open', 'open']);
  });

  it('answers FAIL when no row applies', async () => {
    const done = await order({ status: 'delivered' });
    expect((await upload(csv([`${done};cancelled;;;;`]))).json()).toMatchObject({ result: 'FAIL', failed: 1 });
  });

  it('refuses a file with a wrong header, a wrong encoding, no rows or no file, and changes nothing', async () => {
    const id = await order();
    const row = `${id};shipped;;;;`;
    const cases: [Buffer | string, string][] = [
      [`order;status\n${row}`, 'INVALID_CSV_HEADER'],
      [`${STATUS_IMPORT_COLUMNS.join('\t')}\n${row}`, 'INVALID_CSV_HEADER'],
      [Buffer.concat([Buffer.from(csv([row])), Buffer.from([0x0a, 0x8a, 0xe8, 0x3b])]), 'IMPORT_FILE_ENCODING'],
      // Windows-1250, as an older spreadsheet saves it: "ň" is the single byte 0xF2.
      [
        Buffer.concat([
          Buffer.from(csv([`${id};shipped;;;;`]).slice(0, -1)),
          Buffer.from([0x50, 0x6c, 0x7a, 0x65, 0xf2]),
        ]),
        'IMPORT_FILE_ENCODING',
      ],
      [STATUS_IMPORT_COLUMNS.join(';'), 'IMPORT_FILE_EMPTY'],
      ['', 'IMPORT_FILE_EMPTY'],
      [csv([row, `${id};"shipped;;;;`]), 'ErrorReadingFile'],
    ];
    for (const [content, code] of cases) {
      const answer = await upload(content);
      expect([code, answer.statusCode, answer.json().code]).toEqual([code, 400, code]);
      expect(answer.json().message).not.toBe(`errors.${code}`);
    }
    const noFile = await rest('/api/orders/import-statuses', { body: {} });
    expect(noFile.json().code).toBe('IMPORT_FILE_MISSING');
    expect(await statusOf(id)).toBe('open');
  });

  it('refuses a file of 1,000,000 rows and one over 50 MB whole, before any row applies', async () => {
    const id = await order();
    const million = csv([`${id};shipped;;;;`, ...Array.from({ length: 999_999 }, () => `${id};cancelled;;;;`)]);
    const many = await upload(million);
    expect(many.json()).toMatchObject({ code: 'IMPORT_TOO_MANY_ROWS' });
    expect(many.json().message).toContain('100,000');
    expect(await statusOf(id)).toBe('open');

    const padding = Buffer.alloc(51 * 1024 * 1024, 0x20);
    const big = await upload(Buffer.concat([Buffer.from(csv([`${id};shipped;;;;`])), Buffer.from('\n'), padding]));
    expect([big.statusCode, big.json().code]).toEqual([400, 'IMPORT_FILE_TOO_LARGE']);
    expect(await statusOf(id)).toBe('open');
  }, 60_000);

  it('imports a long file in a job: progress and the result report arrive on the stream', async () => {
    const ids = order.takeIds(IMPORT_INLINE_MAX_ROWS + 1);
    await server.database.db
      .insert(orders)
      .values(ids.map((id) => ({ partnerId: cz, id, status: 'open', paymentType: 'B', currency: 'CZK' })));
    const blocked = await order({ status: 'blocked' });
    const stream = await captureStream(server.app.platform, ({ event }) =>
      event?.type === 'order_import_progress' ? (event.data as { status: string; [key: string]: unknown }) : undefined,
    );
    const { events } = stream;
    const answer = await upload(csv([...ids.map((id) => `${id};shipping;;;;`), `${blocked};shipped;;;;`]));
    expect(answer.json()).toMatchObject({ status: 'QUEUED', total: ids.length + 1, rows: [] });
    expect(await statusOf(ids[0]!)).toBe('open');

    await server.app.platform.jobs.runQueued(STATUS_IMPORT_JOB);
    await stream.stop();
    expect(events[0]).toMatchObject({ status: 'BEGIN', total: ids.length + 1 });
    const end = events.at(-1)!;
    expect(end).toMatchObject({ status: 'END', result: 'NOK', applied: ids.length, failed: 1 });
    expect([await statusOf(ids[0]!), await statusOf(ids.at(-1)!), await statusOf(blocked)]).toEqual([
      'shipping',
      'shipping',
      'blocked',
    ]);
    const report = await server.app.app.inject({
      method: 'GET',
      url: String(end.downloadPath),
      headers: { authorization: `Bearer ${token}`, 'x-partner-id': String(cz) },
    });
    const lines = report.payload.trim().split('\r\n');
    expect(lines).toHaveLength(ids.length + 2);
    expect(lines.at(-1)).toContain('ORDER_BLOCKED_STATUS_CANNOT_CHANGE');
    expect(lines[1]).toBe(`"2";"${ids[0]}";"OK";"";""`);
  }, 120_000);

  it('refuses an account without the orders resource', async () => {
    const id = await order();
    const answer = await upload(csv([`${id};shipped;;;;`]), limitedToken);
    expect([answer.statusCode, answer.json().code]).toEqual([403, 'ACCESS_DENIED']);
    expect(await statusOf(id)).toBe('open');
  });
});

const CREATE = `mutation($input: TestOrderInput!) { orderTestCreate(input: $input) { id madeToday limit } }`;
const item = { title: 'Fotbalový míč', quantity: 2, price: 499 };

describe('test orders', () => {
  it('creates an open, confirmed test order with the named items, audited', async () => {
    const answer = await server.gql<{ orderTestCreate: { id: string; madeToday: number; limit: number } }>(
      CREATE,
      {
        input: {
          deliveryType: 'PICKUP_POINT',
          paymentType: 'A',
          items: [item, { ...item, title: 'Dres', quantity: 1 }],
        },
      },
      { token, partnerId: cz },
    );
    expect(answer.errors).toBeUndefined();
    const id = Number(answer.data!.orderTestCreate.id);
    expect(id).toBeGreaterThan(TEST_ORDER_ID_BASE);
    const { rows } = await server.database.executeSql(
      'select status, confirmed, is_test, delivery_type, branch_id, currency, total::float as total, cod::float as cod from orders where partner_id = $1 and id = $2',
      [cz, id],
    );
    expect(rows[0]).toMatchObject({
      status: 'open',
      confirmed: true,
      is_test: true,
      delivery_type: 'PICKUP_POINT',
      currency: 'CZK',
      total: 1497,
      cod: 1497,
    });
    // A real pickup point of the Czech network (carrier_branches).
    expect((rows[0] as { branch_id: string }).branch_id).toMatch(/^ZASILKOVNA-\d+$/);
    const items = await server.database.executeSql(
      'select title, quantity from order_items where partner_id = $1 and order_id = $2 order by id',
      [cz, id],
    );
    expect(items.rows).toEqual([
      { title: 'Fotbalový míč', quantity: 2 },
      { title: 'Dres', quantity: 1 },
    ]);
    const audit = await server.database.executeSql(
      "select action from audit_log where entity = 'order' and entity_id = $1",
      [String(id)],
    );
    expect(audit.rows).toEqual([{ action: 'order.test-create' }]);
  });

  it('checks the items on the server: 1–5 of them, whole prices in a whole-price market', async () => {
    const six = Array.from({ length: 6 }, () => item);
    const tooMany = await server.gql(
      CREATE,
      { input: { deliveryType: 'ADDRESS', items: six } },
      { token, partnerId: cz },
    );
    expect(codeOf(tooMany)).toBe('VALIDATION_ERROR');
    const decimals = await server.gql(
      CREATE,
      { input: { deliveryType: 'ADDRESS', items: [{ ...item, price: 9.5 }] } },
      { token, partnerId: cz },
    );
    expect(decimals.errors?.[0]?.extensions.fields).toEqual([expect.objectContaining({ field: 'items.0.price' })]);
    const nul = await server.gql(
      CREATE,
      { input: { deliveryType: 'ADDRESS', items: [{ ...item, title: 'a\u0000b' }] } },
      { token, partnerId: cz },
    );
    expect(codeOf(nul)).toBe('VALIDATION_ERROR');
    expect(
      codeOf(await server.gql(CREATE, { input: { deliveryType: 'DRONE', items: [item] } }, { token, partnerId: cz })),
    ).toBe('VALIDATION_ERROR');
  });

  it('refuses an account without the orders resource, and another partner', async () => {
    const input = { deliveryType: 'ADDRESS', items: [item] };
    expect(codeOf(await server.gql(CREATE, { input }, { token: limitedToken, partnerId: cz }))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(CREATE, { input }, { token, partnerId: sk }))).toBe('ACCESS_DENIED');
  });
});

const BRANCHES = 'query($id: ID!) { orderDestinationBranches(orderId: $id) { id name city country } }';
const BRANCH_UPDATE = `mutation($id: ID!, $b: String!) { orderBranchUpdate(orderId: $id, branchId: $b) { orderId branchId } }`;

describe('branch change', () => {
  /** Seeded pickup points (carrier_branches): one in Prague, one in Bratislava. */
  let czBranch: string;
  let skBranch: string;
  beforeAll(async () => {
    czBranch = (await searchBranches(server.database.db, { country: 'CZ', search: 'praha' })).nodes[0]!.id;
    skBranch = (await searchBranches(server.database.db, { country: 'SK', search: 'bratislava' })).nodes[0]!.id;
  });

  it('moves a pickup-point order to another branch of its destination, audited', async () => {
    const id = await order({ deliveryType: 'PICKUP_POINT', branchId: czBranch });
    const list = await server.gql<{ orderDestinationBranches: { id: string; country: string }[] }>(
      BRANCHES,
      { id },
      { token, partnerId: cz },
    );
    const branches = list.data!.orderDestinationBranches;
    expect(branches.length).toBeGreaterThan(1);
    expect(branches.every((b) => b.country === 'CZ')).toBe(true);
    const answer = await server.gql(BRANCH_UPDATE, { id, b: branches[1]!.id }, { token, partnerId: cz });
    expect(answer.data).toEqual({ orderBranchUpdate: { orderId: String(id), branchId: branches[1]!.id } });
    const audit = await server.database.executeSql(
      "select data from audit_log where action = 'order.branch' and entity_id = $1",
      [String(id)],
    );
    expect(audit.rows).toEqual([{ data: { from: czBranch, to: branches[1]!.id } }]);
  });

  it('refuses other delivery methods, orders already on their way, unknown branches and other partners', async () => {
    const cases: [Partial<typeof orders.$inferInsert>, string, string][] = [
      [{ deliveryType: 'ADDRESS' }, 'CZ-PPL-2001', 'BRANCH_CHANGE_ONLY_PICKUP_POINT'],
      [{ deliveryType: 'PICKUP_POINT', status: 'shipped' }, 'CZ-PPL-2001', 'INVALID_STATUS_FOR_BRANCH_CHANGE'],
      [{ deliveryType: 'PICKUP_POINT', status: 'delivered' }, 'CZ-PPL-2001', 'INVALID_STATUS_FOR_BRANCH_CHANGE'],
      [{ deliveryType: 'PICKUP_POINT' }, skBranch, 'BRANCH_NOT_AVAILABLE'],
      [{ deliveryType: 'PICKUP_POINT', partnerId: sk }, skBranch, 'ORDER_NOT_FOUND'],
    ];
    for (const [values, branch, code] of cases) {
      const id = await order({ branchId: czBranch, ...values });
      expect([values, codeOf(await server.gql(BRANCH_UPDATE, { id, b: branch }, { token, partnerId: cz }))]).toEqual([
        values,
        code,
      ]);
    }
    const id = await order({ deliveryType: 'PICKUP_POINT' });
    expect(
      codeOf(await server.gql(BRANCH_UPDATE, { id, b: 'CZ-PPL-2001' }, { token: limitedToken, partnerId: cz })),
    ).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(BRANCHES, { id }, { token: limitedToken, partnerId: cz }))).toBe('ACCESS_DENIED');
  });
});

const PICKING = `query($ids: [ID!]!) { ordersPickingList(orderIds: $ids) { id customerName items { articleId title quantity serialNumbers } } }`;

describe('picking list', () => {
  it('lists the chosen orders in the chosen order with their items, without other partners’ orders', async () => {
    const a = await order();
    const b = await order();
    const foreign = await order({ partnerId: sk });
    await server.database.db.insert(orderItems).values([
      { partnerId: cz, orderId: a, id: 1, articleId: 'A-1', title: 'Míč', quantity: 2, unitPrice: 100, vat: 21 },
      {
        partnerId: cz,
        orderId: a,
        id: 2,
        articleId: 'A-2',
        title: 'Síť',
        quantity: 1,
        unitPrice: 50,
        vat: 21,
        serialNumbers: ['SN1'],
      },
      { partnerId: sk, orderId: foreign, id: 1, articleId: 'X', title: 'Cudzí', quantity: 1, unitPrice: 1, vat: 20 },
    ]);
    const answer = await server.gql<{ ordersPickingList: { id: string; items: unknown[] }[] }>(
      PICKING,
      { ids: [b, foreign, a] },
      { token, partnerId: cz },
    );
    expect(answer.data!.ordersPickingList.map((o) => o.id)).toEqual([String(b), String(a)]);
    expect(answer.data!.ordersPickingList[1]!.items).toEqual([
      { articleId: 'A-1', title: 'Míč', quantity: 2, serialNumbers: [] },
      { articleId: 'A-2', title: 'Síť', quantity: 1, serialNumbers: ['SN1'] },
    ]);
  });

  it('takes at most 200 orders and refuses an account without the orders resource', async () => {
    const ids = Array.from({ length: 201 }, (_, i) => i + 1);
    expect(codeOf(await server.gql(PICKING, { ids }, { token, partnerId: cz }))).toBe('VALIDATION_ERROR');
    expect(codeOf(await server.gql(PICKING, { ids: [1] }, { token: limitedToken, partnerId: cz }))).toBe(
      'ACCESS_DENIED',
    );
  });
});

describe('delivery note', () => {
  it('is made by a job, announced on the stream with the download, and downloads as a PDF', async () => {
    const id = await order({ customerName: 'Łukasz Żółć' });
    await server.database.db.insert(orderItems).values({
      partnerId: cz,
      orderId: id,
      id: 1,
      articleId: 'A-1',
      title: 'Koloběžka ř ů',
      quantity: 1,
      unitPrice: 2990,
      vat: 21,
    });
    const stream = await captureStream(server.app.platform, ({ audience, event }) =>
      event?.type === 'portal_delivery_note_pdf' && audience && 'partnerId' in audience && audience.partnerId === cz
        ? (event as { type: string; data: Record<string, string> })
        : undefined,
    );
    const { events } = stream;
    const queued = await server.gql(
      'mutation($id: ID!) { orderDeliveryNote(orderId: $id) }',
      { id },
      { token, partnerId: cz },
    );
    expect(queued.errors).toBeUndefined();
    await server.app.platform.jobs.runQueued(DELIVERY_NOTE_JOB);
    await stream.stop();
    expect(events).toEqual([
      { type: 'portal_delivery_note_pdf', data: expect.objectContaining({ orderId: String(id), status: 'END' }) },
    ]);
    const file = await server.app.app.inject({
      method: 'GET',
      url: events[0]!.data.downloadPath!,
      headers: { authorization: `Bearer ${token}`, 'x-partner-id': String(cz) },
    });
    expect(file.statusCode).toBe(200);
    expect((await PDFDocument.load(file.rawPayload)).getPageCount()).toBe(1);

    const other = await server.app.app.inject({
      method: 'GET',
      url: events[0]!.data.downloadPath!,
      headers: { authorization: `Bearer ${token}`, 'x-partner-id': String(sk) },
    });
    expect(other.statusCode).not.toBe(200);
  });

  it('refuses another partner’s order and an account without the orders resource', async () => {
    const foreign = await order({ partnerId: sk });
    const mutation = 'mutation($id: ID!) { orderDeliveryNote(orderId: $id) }';
    expect(codeOf(await server.gql(mutation, { id: foreign }, { token, partnerId: cz }))).toBe('ORDER_NOT_FOUND');
    expect(codeOf(await server.gql(mutation, { id: await order() }, { token: limitedToken, partnerId: cz }))).toBe(
      'ACCESS_DENIED',
    );
  });
});
