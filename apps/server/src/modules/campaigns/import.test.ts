import { type StreamEvent, shopDay } from '@pp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { CAMPAIGN_IMPORT_JOB } from './import';

let server: TestServer;
let cz: number;
let sk: number;
let token: string;
let multi: string;
let limited: string;
let from: string;
let events: StreamEvent[] = [];
/** Two leaves of the Czech tree in different divisions, with their parents. */
const cat = { leafA: 0, parentA: 0, divisionA: 0, leafB: 0 };

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

async function sql(text: string, params: unknown[] = []) {
  return (await server.database.executeSql(text, params)).rows as Record<string, unknown>[];
}

/** A published campaign starting in 10 days (minimum discounts 10 % and 20 % from the RRP, confirmation over 50 %). */
async function campaign(overrides: Record<string, unknown> = {}): Promise<number> {
  const c = {
    min_discount: 10,
    min_discount_rrp: 20,
    max_reduction: 50,
    article_count_min: 1,
    article_count_max: 100,
    categories: [],
    divisions: [],
    shops: ['CZ10MA'],
    status: 'PUBLISHED',
    locked: false,
    date_from: from,
    ...overrides,
  };
  const [row] = await sql(
    `insert into campaigns (name, status, locked, min_discount, min_discount_rrp, max_reduction, article_count_min,
       article_count_max, categories, divisions, shops, date_from, date_to)
     values ('Black Friday', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id`,
    [
      c.status,
      c.locked,
      c.min_discount,
      c.min_discount_rrp,
      c.max_reduction,
      c.article_count_min,
      c.article_count_max,
      c.categories,
      c.divisions,
      c.shops,
      c.date_from,
      addDays(String(c.date_from), 10),
    ],
  );
  return Number(row!.id);
}

async function product(id: string, fields: Record<string, unknown> = {}) {
  const p = {
    price: 1000,
    rrp: null,
    in_stock: 5,
    stage: 'LIVE',
    status: 'ACTIVE',
    blocked: false,
    category_id: cat.leafA,
    variant_count: 0,
    ...fields,
  };
  await sql(
    `insert into products (partner_id, id, title, price, rrp, in_stock, stage, status, blocked, category_id, variant_count)
     values ($1, $2, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [cz, id, p.price, p.rrp, p.in_stock, p.stage, p.status, p.blocked, p.category_id, p.variant_count],
  );
}

function multipart(fileName: string, content: string | Buffer, campaignId: number | string) {
  const boundary = '----campaign-import-test';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="campaignId"\r\n\r\n${campaignId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function upload(
  campaignId: number,
  content: string | Buffer,
  options: { fileName?: string; as?: string; partnerId?: number } = {},
) {
  const body = multipart(options.fileName ?? 'join.csv', content, campaignId);
  return server.app.app.inject({
    method: 'POST',
    url: '/portal/campaign-import',
    headers: {
      authorization: `Bearer ${options.as ?? token}`,
      'x-partner-id': String(options.partnerId ?? cz),
      'accept-language': 'en',
      'content-type': body.contentType,
    },
    payload: body.payload,
  });
}

interface ImportRow {
  id: string;
  status: string;
  products_count: number;
  errors_count: number;
  confirm_count: number;
  file_error: string | null;
}

async function importRow(id: string): Promise<ImportRow> {
  const [row] = await sql(
    'select id, status, products_count, errors_count, confirm_count, file_error from campaign_imports where id = $1',
    [id],
  );
  return row as unknown as ImportRow;
}

/** Uploads a file, works the queued job as a worker would, and answers the import. */
async function importFile(campaignId: number, content: string | Buffer, fileName?: string) {
  const answer = await upload(campaignId, content, { fileName });
  expect(answer.statusCode, answer.payload).toBe(202);
  const { importId } = answer.json() as { importId: string };
  await server.app.platform.jobs.runQueued(CAMPAIGN_IMPORT_JOB);
  return importRow(importId);
}

async function errorsOf(importId: string) {
  const res = await server.gql<{
    campaignImportErrors: {
      items: {
        line: number | null;
        articleId: string | null;
        type: string;
        message: string;
        data: Record<string, unknown>;
      }[];
    };
  }>(
    'query($i: ID!) { campaignImportErrors(importId: $i, grid: { perPage: 100 }) { items { line articleId type message data } } }',
    { i: importId },
    { token, partnerId: cz },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.campaignImportErrors.items;
}

async function joined(campaignId: number) {
  return sql(
    'select product_id, variant_id, price::float8 as price from campaign_products where partner_id = $1 and campaign_id = $2 order by product_id, variant_id',
    [cz, campaignId],
  );
}

/** The promotions a campaign put on a product (what the seller sees in the product form): their prices. */
async function campaignPromotions(productId: string, campaignId: number) {
  const [row] = await sql('select promotions from products where partner_id = $1 and id = $2', [cz, productId]);
  return (row!.promotions as { source: string; price: number; campaignId: number }[])
    .filter((p) => p.source === 'CAMPAIGN' && Number(p.campaignId) === campaignId)
    .map((p) => Number(p.price));
}

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  token = (await server.login('partner@demo.test')).token;
  multi = (await server.login('multi@demo.test')).token;
  limited = (await server.login('limited@demo.test')).token;
  from = addDays(shopDay(new Date(), 'CZ10MA'), 10);
  const [a] = await sql(
    `select c.id as leaf, p.id as parent, d.id as division from categories c join categories p on p.id = c.parent_id
     join categories d on d.id = p.parent_id where c.shop_id = 'CZ10MA' and c.level = 3 order by c.id limit 1`,
  );
  const [b] = await sql(
    `select c.id as leaf from categories c join categories p on p.id = c.parent_id
     where c.shop_id = 'CZ10MA' and c.level = 3 and p.parent_id <> $1 order by c.id limit 1`,
    [a!.division],
  );
  Object.assign(cat, { leafA: a!.leaf, parentA: a!.parent, divisionA: a!.division, leafB: b!.leaf });
  await product('CI-OK');
  for (const n of [1, 2, 3, 4]) await product(`CI-OK${n}`);
  await product('CI-RRP', { rrp: 1100 });
  await product('CI-DRAFT', { stage: 'DRAFT' });
  await product('CI-BLOCKED', { blocked: true });
  await product('CI-NOSTOCK', { in_stock: 0 });
  await product('CI-OTHER', { category_id: cat.leafB });
  await product('CI-VAR', { variant_count: 2 });
  await sql(
    `insert into product_variants (partner_id, product_id, id, position, title, price, in_stock)
     values ($1, 'CI-VAR', 'CI-V1', 1, 'red', 1000, 3), ($1, 'CI-VAR', 'CI-V2', 2, 'blue', 1000, 0)`,
    [cz],
  );
  // The retail price lock: the 30 days before the start, a change one day inside and one day outside.
  await product('CI-LOCK-IN');
  await product('CI-LOCK-OUT');
  const windowStart = new Date(`${from}T00:00:00Z`).getTime() - 30 * 86_400_000;
  await sql(
    `insert into price_history (partner_id, product_id, price, previous_price, changed_at)
     values ($1, 'CI-LOCK-IN', 1000, 1200, $2), ($1, 'CI-LOCK-OUT', 1000, 1200, $3)`,
    [cz, new Date(windowStart + 86_400_000).toISOString(), new Date(windowStart - 86_400_000).toISOString()],
  );
  const hub = server.app.platform.stream;
  const publish = hub.publish.bind(hub);
  hub.publish = async (audience, event) => {
    if ('partnerId' in audience && audience.partnerId === cz) events.push(event);
    return publish(audience, event);
  };
});
afterAll(async () => server?.close());

describe('the structured errors of a line, each by a file that triggers exactly it', () => {
  const cases: [string, string, string][] = [
    ['PRICE_NOT_BELOW_PRODUCT_PRICE', 'CI-OK;1000', 'The promotional price 1000 is not below the product price 1000.'],
    [
      'DISCOUNT_BELOW_MINIMUM',
      'CI-OK;901',
      'The discount of 9.9 % from the price 1000 is below the campaign minimum of 10 %.',
    ],
    [
      'DISCOUNT_FROM_RRP_BELOW_MINIMUM',
      'CI-RRP;900',
      'The discount of 18.18 % from the RRP 1100 is below the campaign minimum of 20 %.',
    ],
    ['RETAIL_PRICE_CHANGED', 'CI-LOCK-IN;900', 'The product price changed in the 30 days before the campaign starts.'],
    ['PRODUCT_NOT_LIVE', 'CI-DRAFT;900', 'The product is not live or not active.'],
    ['PRODUCT_NOT_AVAILABLE', 'CI-BLOCKED;900', 'The product is not available for sale (blocked or not for resale).'],
    ['PRODUCT_NOT_FOUND', 'CI-NONE;900', 'No product or variant has the id CI-NONE.'],
    ['PRODUCT_NOT_IN_STOCK', 'CI-NOSTOCK;900', 'The product is not in stock.'],
    ['VARIANT_REQUIRED', 'CI-VAR;900', 'The product has variants: name a variant id instead.'],
    ['FormatMissingField', 'CI-OK;', 'The line needs a product id and a price.'],
    [
      'ValidationProductArticleId',
      '-BAD;900',
      'The product id is invalid: it starts with a letter, a digit or an underscore and has at most 50 characters.',
    ],
    ['ValidationProductPrice', 'CI-OK;12.50', 'The price 12.50 is not a valid price of the shop.'],
  ];
  let id: number;
  beforeAll(async () => {
    id = await campaign();
  });
  it.each(cases)('%s', async (type, line, message) => {
    const done = await importFile(id, `${line}\n`);
    expect(done).toMatchObject({ status: 'ERROR', errors_count: 1, products_count: 1 });
    expect(await errorsOf(done.id)).toMatchObject([{ line: 1, type, message }]);
    expect(await joined(id)).toEqual([]);
  });

  it('NonUniqueArticleIds names the line the id came first', async () => {
    const done = await importFile(id, 'CI-OK;900\nCI-OK;900\n');
    expect(await errorsOf(done.id)).toMatchObject([
      {
        line: 2,
        articleId: 'CI-OK',
        type: 'NonUniqueArticleIds',
        message: 'The product id CI-OK is already on line 1.',
      },
    ]);
  });

  it('CATEGORY_MISMATCH and DIVISION_MISMATCH: a category of the list or below it, a division by the top of the tree', async () => {
    const byCategory = await campaign({ categories: [cat.parentA] });
    expect((await errorsOf((await importFile(byCategory, 'CI-OTHER;900')).id)).map((e) => e.type)).toEqual([
      'CATEGORY_MISMATCH',
    ]);
    const byDivision = await campaign({ divisions: [cat.divisionA] });
    expect((await errorsOf((await importFile(byDivision, 'CI-OTHER;900')).id)).map((e) => e.type)).toEqual([
      'DIVISION_MISMATCH',
    ]);
    // A product below the listed category passes both.
    const both = await campaign({ categories: [cat.parentA], divisions: [cat.divisionA] });
    expect((await importFile(both, 'CI-OK;900')).status).toBe('ACCEPTED');
  });

  it('SHOP_MISMATCH, PARTNER_BLACKLISTED and the product count bounds are errors of the whole file (line null)', async () => {
    const slovak = await campaign({ shops: ['SK10MA'] });
    expect(await errorsOf((await importFile(slovak, 'CI-OK;900')).id)).toMatchObject([
      { line: null, type: 'SHOP_MISMATCH', message: 'The campaign does not run in your shop.' },
    ]);
    const black = await campaign();
    await sql('insert into campaign_blacklist (campaign_id, partner_id) values ($1, $2)', [black, cz]);
    expect(await errorsOf((await importFile(black, 'CI-OK;900')).id)).toMatchObject([
      { line: null, type: 'PARTNER_BLACKLISTED' },
    ]);
    const bounded = await campaign({ article_count_min: 2, article_count_max: 3 });
    expect(await errorsOf((await importFile(bounded, 'CI-OK;900')).id)).toMatchObject([
      { line: null, type: 'PRODUCT_COUNT_BELOW_MINIMUM', data: { count: 1, min: 2 } },
    ]);
    const four = 'CI-OK1;900\nCI-OK2;900\nCI-OK3;900\nCI-OK4;900\n';
    expect(await errorsOf((await importFile(bounded, four)).id)).toMatchObject([
      { line: null, type: 'PRODUCT_COUNT_ABOVE_MAXIMUM', data: { count: 4, max: 3 } },
    ]);
    expect((await importFile(bounded, 'CI-OK1;900\nCI-OK2;900\nCI-OK3;900\n')).status).toBe('ACCEPTED');
  });

  it('the 30-day lock counts a change one day inside the window and not one a day before it', async () => {
    const id2 = await campaign();
    const done = await importFile(id2, 'CI-LOCK-OUT;900\nCI-LOCK-IN;900\n');
    expect((await errorsOf(done.id)).map((e) => [e.line, e.type])).toEqual([[2, 'RETAIL_PRICE_CHANGED']]);
  });
});

describe('the file itself', () => {
  it('refuses another extension, a binary file and a file over the limit at the upload, storing nothing', async () => {
    const id = await campaign();
    const xlsx = await upload(id, 'CI-OK;900', { fileName: 'join.xlsx' });
    expect([xlsx.statusCode, xlsx.json().code, xlsx.json().message]).toEqual([
      400,
      'UnsupportedExtension',
      'The file type is not supported. Use a TXT or CSV file.',
    ]);
    const binary = await upload(id, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0x14, 0]), { fileName: 'join.csv' });
    expect([binary.statusCode, binary.json().code]).toEqual([400, 'ErrorReadingFile']);
    const big = await upload(id, Buffer.alloc(8 * 1024 * 1024 + 10, 0x41));
    expect([big.statusCode, big.json().code]).toEqual([400, 'CAMPAIGN_IMPORT_TOO_LARGE']);
    expect(await sql('select 1 from campaign_imports where campaign_id = $1', [id])).toEqual([]);
  });

  it('fails the whole file for another delimiter, and refuses bytes that are not UTF-8 however far in', async () => {
    const id = await campaign();
    expect(await importFile(id, 'CI-OK\t900\n')).toMatchObject({
      status: 'FAILED',
      file_error: 'UnsupportedDelimiter',
    });
    const late = Buffer.concat([Buffer.from('CI-OK;900\n'.repeat(1000)), Buffer.from([0xff, 0xfe, 0x0a])]);
    const refused = await upload(id, late);
    expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([
      400,
      'ErrorReadingFile',
      'The file could not be read.',
    ]);
  });

  it('reads a BOM, a header, CRLF, a comma delimiter and a decimal comma', async () => {
    const id = await campaign({ shops: ['CZ10MA'] });
    const done = await importFile(id, '\ufeffproduct id;price\r\nCI-OK1;"900,00"\r\n\r\nCI-V1;850\r\n', 'join.txt');
    expect(done).toMatchObject({ status: 'ACCEPTED', products_count: 2, errors_count: 0 });
    expect(await joined(id)).toEqual([
      { product_id: 'CI-OK1', variant_id: '', price: 900 },
      { product_id: 'CI-VAR', variant_id: 'CI-V1', price: 850 },
    ]);
    const comma = await campaign();
    expect(await importFile(comma, 'CI-OK2,900\nCI-OK3,899\n')).toMatchObject({
      status: 'ACCEPTED',
      products_count: 2,
    });
  });
});

describe('an import from upload to its outcome', () => {
  it('reports every bad line of a mixed file and activates nothing, then takes the fixed file', async () => {
    const id = await campaign();
    events = [];
    const bad = await importFile(id, 'product;price\nCI-OK1;900\nCI-NONE;900\nCI-OK2;1000\nCI-OK3;850\n');
    expect(bad).toMatchObject({ status: 'ERROR', products_count: 4, errors_count: 2 });
    expect((await errorsOf(bad.id)).map((e) => [e.line, e.articleId, e.type])).toEqual([
      [3, 'CI-NONE', 'PRODUCT_NOT_FOUND'],
      [4, 'CI-OK2', 'PRICE_NOT_BELOW_PRODUCT_PRICE'],
    ]);
    expect(await joined(id)).toEqual([]);
    expect(await campaignPromotions('CI-OK1', id)).toEqual([]);
    const statuses = events
      .filter((e) => e.type === 'update_campaign')
      .map((e) => (e.data as { status: string }).status);
    expect(statuses).toEqual(['CHECKING', 'CHECKING', 'ERROR']);
    expect(events.at(-1)?.data).toMatchObject({ id, importId: bad.id, status: 'ERROR', processed: 4 });

    const fixed = await importFile(id, 'CI-OK1;900\nCI-OK2;900\nCI-OK3;850\n');
    expect(fixed.status).toBe('ACCEPTED');
    expect((await joined(id)).map((r) => r.product_id)).toEqual(['CI-OK1', 'CI-OK2', 'CI-OK3']);
    expect(await campaignPromotions('CI-OK1', id)).toEqual([900]);

    // A later accepted file replaces the former lines, whose import is then CANCELLED.
    const later = await importFile(id, 'CI-OK4;800\n');
    expect(later.status).toBe('ACCEPTED');
    expect(await joined(id)).toEqual([{ product_id: 'CI-OK4', variant_id: '', price: 800 }]);
    // The products of the former file lose this campaign's promotion; the new one has it.
    expect(await campaignPromotions('CI-OK1', id)).toEqual([]);
    expect(await campaignPromotions('CI-OK4', id)).toEqual([800]);
    expect((await importRow(fixed.id)).status).toBe('CANCELLED');

    const res = await server.gql<{
      campaignImports: { items: { id: string; status: string }[]; total: number };
      campaignLastImport: { id: string; status: string; productsCount: number };
    }>(
      'query($c: ID!) { campaignImports(campaignId: $c) { total items { id status } } campaignLastImport(campaignId: $c) { id status productsCount } }',
      { c: id },
      { token, partnerId: cz },
    );
    expect(res.data!.campaignImports.items.map((i) => i.id)).toEqual([later.id, fixed.id, bad.id]);
    expect(res.data!.campaignLastImport).toEqual({ id: later.id, status: 'ACCEPTED', productsCount: 1 });
  });

  it('waits for a confirmation of reductions over the allowed percent: allowed it applies, declined it is cancelled', async () => {
    const id = await campaign();
    const waiting = await importFile(id, 'CI-OK1;400\nCI-OK2;900\n');
    expect(waiting).toMatchObject({ status: 'CONFIRM', errors_count: 0, confirm_count: 1 });
    expect(await errorsOf(waiting.id)).toMatchObject([
      { line: 1, type: 'REDUCTION_NEEDS_CONFIRMATION', data: { reduction: 60, maxReduction: 50 } },
    ]);
    expect(await joined(id)).toEqual([]);
    // Still unfinished: a new file waits for the answer.
    const meanwhile = await upload(id, 'CI-OK1;900\n');
    expect([meanwhile.statusCode, meanwhile.json().code]).toEqual([400, 'AnotherImportConflict']);

    const allow = (importId: string, allowToImport: boolean, as = token, partnerId = cz) =>
      server.app.app.inject({
        method: 'POST',
        url: '/portal/allow-process-campaign-import',
        headers: { authorization: `Bearer ${as}`, 'x-partner-id': String(partnerId), 'accept-language': 'en' },
        payload: { importId, partnerId, campaignId: id, status: 'CONFIRM', allowToImport },
      });
    const allowed = await allow(waiting.id, true);
    expect(allowed.statusCode, allowed.payload).toBe(202);
    await server.app.platform.jobs.runQueued(CAMPAIGN_IMPORT_JOB);
    expect((await importRow(waiting.id)).status).toBe('ACCEPTED');
    expect(await joined(id)).toEqual([
      { product_id: 'CI-OK1', variant_id: '', price: 400 },
      { product_id: 'CI-OK2', variant_id: '', price: 900 },
    ]);
    const again = await allow(waiting.id, true);
    expect([again.statusCode, again.json().code, again.json().message]).toEqual([
      400,
      'CAMPAIGN_IMPORT_NOT_CONFIRMABLE',
      'This import is not waiting for your confirmation.',
    ]);

    const second = await importFile(id, 'CI-OK3;100\n');
    expect(second.status).toBe('CONFIRM');
    expect((await allow(second.id, false)).statusCode).toBe(202);
    expect((await importRow(second.id)).status).toBe('CANCELLED');
    // Declined: the lines of the accepted import stay.
    expect((await joined(id)).map((r) => r.product_id)).toEqual(['CI-OK1', 'CI-OK2']);
  });

  it('refuses a campaign that is not joinable and one that is not shown', async () => {
    for (const overrides of [{ locked: true }, { status: 'CANCELLED' }, { date_from: shopDay(new Date(), 'CZ10MA') }]) {
      const id = await campaign(overrides);
      const refused = await upload(id, 'CI-OK;900\n');
      expect([refused.statusCode, refused.json().code]).toEqual([400, 'CAMPAIGN_NOT_JOINABLE']);
    }
    const draft = await upload(await campaign({ status: 'DRAFT' }), 'CI-OK;900\n');
    expect(draft.json().code).toBe('CAMPAIGN_NOT_FOUND');
  });

  it('checks again after a restart: an import left CHECKING by an ended process is checked from the start', async () => {
    const id = await campaign();
    const answer = await upload(id, 'CI-OK1;900\nCI-NONE;900\n');
    const { importId } = answer.json() as { importId: string };
    // The process that claimed it ended mid-check, leaving a partial error behind.
    await sql(`update campaign_imports set status = 'CHECKING' where id = $1`, [importId]);
    await sql(
      `insert into campaign_import_errors (partner_id, import_id, line, type) values ($1, $2, 7, 'PRODUCT_NOT_FOUND')`,
      [cz, importId],
    );
    await server.app.platform.jobs.runQueued(CAMPAIGN_IMPORT_JOB);
    expect(await importRow(importId)).toMatchObject({ status: 'ERROR', errors_count: 1 });
    expect((await errorsOf(importId)).map((e) => e.line)).toEqual([2]);
    // An import whose job is gone does not hold the partner's next file back.
    await sql(
      `insert into campaign_imports (partner_id, id, campaign_id, status, file_name) values ($1, gen_random_uuid(), $2, 'QUEUED', 'lost.csv')`,
      [cz, id],
    );
    expect((await upload(id, 'CI-OK1;900\n')).statusCode).toBe(202);
    await server.app.platform.jobs.runQueued(CAMPAIGN_IMPORT_JOB);
    expect(await sql(`select status, file_error from campaign_imports where file_name = 'lost.csv'`)).toEqual([
      { status: 'FAILED', file_error: 'IMPORT_INTERRUPTED' },
    ]);
  });
});

describe('who may import, read, download and allow', () => {
  it("serves the partner its own file, and nobody another partner's import", async () => {
    const id = await campaign();
    const done = await importFile(id, 'CI-OK1;900\n', 'mine.csv');
    const download = (as: string, partnerId: number, query = `?partnerId=${partnerId}`) =>
      server.app.app.inject({
        method: 'GET',
        url: `/portal/campaign/${id}/import/${done.id}/download${query}`,
        headers: { authorization: `Bearer ${as}`, 'x-partner-id': String(partnerId) },
      });
    const own = await download(token, cz);
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe('CI-OK1;900\n');
    expect(own.headers['content-disposition']).toContain('mine.csv');
    expect((await download(multi, sk)).statusCode).toBe(404);
    expect((await download(token, cz, `?partnerId=${sk}`)).statusCode).toBe(404);

    const foreign = await server.gql(
      'query($i: ID!, $c: ID!) { campaignImportErrors(importId: $i) { total } campaignLastImport(campaignId: $c) { id } }',
      { i: done.id, c: id },
      { token: multi, partnerId: sk },
    );
    expect(foreign.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    const last = await server.gql<{ campaignLastImport: null }>(
      'query($c: ID!) { campaignLastImport(campaignId: $c) { id } }',
      { c: id },
      { token: multi, partnerId: sk },
    );
    expect(last.data?.campaignLastImport).toBeNull();

    const allowForeign = await server.app.app.inject({
      method: 'POST',
      url: '/portal/allow-process-campaign-import',
      headers: { authorization: `Bearer ${multi}`, 'x-partner-id': String(sk) },
      payload: { importId: done.id, partnerId: cz, campaignId: id, status: 'CONFIRM', allowToImport: true },
    });
    expect([allowForeign.statusCode, allowForeign.json().code]).toEqual([403, 'ACCESS_DENIED']);
    const allowAsOwn = await server.app.app.inject({
      method: 'POST',
      url: '/portal/allow-process-campaign-import',
      headers: { authorization: `Bearer ${multi}`, 'x-partner-id': String(sk) },
      payload: { importId: done.id, partnerId: sk, campaignId: id, status: 'CONFIRM', allowToImport: true },
    });
    expect(allowAsOwn.statusCode).toBe(404);
  });

  it('refuses an account without the campaigns right and an anonymous caller', async () => {
    const id = await campaign();
    await sql(
      `update access_policies set is_active = false where subject = 'campaigns' and action = 'update'
       and account_id = (select id from accounts where email = 'limited@demo.test')`,
    );
    await server.app.platform.authCache.changed({ all: true });
    const denied = await upload(id, 'CI-OK;900\n', { as: limited });
    expect([denied.statusCode, denied.json().code]).toEqual([403, 'ACCESS_DENIED']);
    const anonymous = await server.app.app.inject({
      method: 'POST',
      url: '/portal/campaign-import',
      headers: { 'content-type': multipart('a.csv', 'CI-OK;900', id).contentType },
      payload: multipart('a.csv', 'CI-OK;900', id).payload,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await server.app.platform.jobs.runQueued(CAMPAIGN_IMPORT_JOB)).toBe(0);
  });
});
