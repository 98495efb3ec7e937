import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/tables';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { captureStream } from '../../test/waits';
import { revokePolicies } from '../catalog/test-fixtures';
import { FEED_RUN_JOB } from './runs';
import { FEED_VALIDATE_JOB } from './settings';
import { type FeedServer, startFeedServer } from './test-feeds';

let server: TestServer;
let seller: FeedServer;
let cz: number;
let sk: number;
let czToken: string;
let skToken: string;
let limitedToken: string;
let readerToken: string;

const FEED = `id type url enabled schedule basicAuthName hasBasicAuthPassword validationState validationError
  nextRunAt lastRun { id status }`;
const OPTIONS = 'vat boxType boxParam bigBoxValue smallBoxValue roundPrice autoDescription';
const SETTINGS = `{ heurekaFeedSettings { products { ${FEED} } availability { ${FEED} } options { ${OPTIONS} } vatRates } }`;
const UPDATE = `mutation($type: FeedType!, $data: HeurekaFeedInput!) { heurekaFeedUpdate(type: $type, data: $data) { ${FEED} } }`;
const OPTIONS_UPDATE = `mutation($data: HeurekaFeedOptionsInput!) { heurekaFeedOptionsUpdate(data: $data) { ${OPTIONS} } }`;
const VALIDATE = `mutation($type: FeedType!) { heurekaFeedValidate(type: $type) { ${FEED} } }`;
const RUN = 'id feedId type trigger status processed updated unchanged errors errorCode';
const ENQUEUE = `mutation($type: FeedType!) { heurekaFeedEnqueue(type: $type) { ${RUN} } }`;
const RESET = `mutation($type: FeedType!) { heurekaFeedReset(type: $type) { ${RUN} } }`;
const ONE = `query($f: ID!, $r: ID!) { heurekaFeedRun(feedId: $f, runId: $r) { ${RUN} } }`;
const GRID = `query($grid: GridInput) { heurekaFeedRuns(grid: $grid) { total items { ${RUN} } } }`;
const ERRORS = `query($f: ID!, $r: ID!) { heurekaFeedRunErrors(feedId: $f, runId: $r) {
  total items { itemCode errorCode line } } }`;
const STATS = 'query($days: Int!) { heurekaFeedStats(days: $days) { day runs processed errors } }';
const STATUS = `{ heurekaFeedStatus { run { ${RUN} } summary { items invalidTitles missingDescriptions missingPictures } }
  heurekaCategorySummary { total paired pairedAutomatically unpaired } }`;

type Run = { id: string; feedId: string; status: string } & Record<string, unknown>;

const HELMETS = 'Heureka.cz | Sport | Cyklistika | Přilby';
const item = (fields: string) => `<SHOPITEM>\n${fields}\n</SHOPITEM>`;
const SHOP = `<?xml version="1.0" encoding="utf-8"?>
<SHOP>
${item(`<ITEM_ID>HS-1</ITEM_ID><PRODUCTNAME>Přilba Větrná</PRODUCTNAME><PRICE_VAT>1299,50</PRICE_VAT>
<IMGURL>https://img.example/hs-1.jpg</IMGURL>
<CATEGORYTEXT>${HELMETS}</CATEGORYTEXT><PARAM><PARAM_NAME>Balení</PARAM_NAME><VAL>Velký box</VAL></PARAM>`)}
${item(`<ITEM_ID>HS-2</ITEM_ID><PRODUCTNAME>Přilba Lehká</PRODUCTNAME><DESCRIPTION>Vlastní popis.</DESCRIPTION>
<PRICE_VAT>499</PRICE_VAT><VAT>12</VAT><CATEGORYTEXT>${HELMETS}</CATEGORYTEXT>`)}
${item(`<ITEM_ID>HS-3</ITEM_ID><PRODUCTNAME>${'Přilba '.repeat(40)}</PRODUCTNAME><PRICE_VAT>10</PRICE_VAT>
<CATEGORYTEXT>Heureka.cz | Nepárováno | Nic</CATEGORYTEXT>`)}
${item('<ITEM_ID>HS-4</ITEM_ID><PRICE_VAT>10</PRICE_VAT>')}
</SHOP>
`;

beforeAll(async () => {
  server = await startTestServer({ config: { webhooks: { allowPrivateUrls: true } } });
  seller = await startFeedServer();
  seller.file('/shop.xml', SHOP);
  seller.file(
    '/stock.xml',
    '<?xml version="1.0"?><item_list><item id="HS-1"><stock_quantity>3</stock_quantity></item></item_list>',
  );
  seller.file('/items.xml', '<?xml version="1.0"?><ITEMS><ITEM><ID>A</ID></ITEM></ITEMS>');
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  await revokePolicies(server.database.db, 'limited@demo.test', cz, 'heurekaFeed', ['read', 'update']);
  await revokePolicies(server.database.db, 'colleague@demo.test', cz, 'heurekaFeed', ['update']);
  czToken = (await server.login('partner@demo.test')).token;
  skToken = (await server.login('multi@demo.test')).token;
  limitedToken = (await server.login('limited@demo.test')).token;
  readerToken = (await server.login('colleague@demo.test')).token;
});
afterAll(async () => {
  await seller?.close();
  await server?.close();
});

const asCz = () => ({ token: czToken, partnerId: cz });
const asSk = () => ({ token: skToken, partnerId: sk });
const feed = { enabled: true, schedule: 'DISABLED', basicAuthName: '', basicAuthPassword: null };
const noOptions = { roundPrice: false, autoDescription: false };

async function gql<T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}, as = asCz()) {
  const answer = await server.gql<T>(query, variables, as);
  expect(answer.errors).toBeUndefined();
  return answer.data!;
}

const work = () => server.app.platform.jobs.runQueued(FEED_RUN_JOB);

async function product(id: string) {
  const { rows } = await server.database.executeSql('select * from products where partner_id = $1 and id = $2', [
    cz,
    id,
  ]);
  return rows[0] as Record<string, unknown> | undefined;
}

function download(url: string, as: { token: string | null; partnerId: number } = asCz()) {
  const headers: Record<string, string> = { 'x-partner-id': String(as.partnerId), 'accept-language': 'en' };
  if (as.token) headers.authorization = `Bearer ${as.token}`;
  return server.app.app.inject({ method: 'GET', url, headers });
}

describe('Heureka feed settings', () => {
  it('shows both feeds unconnected, the default options and the shop’s VAT rates', async () => {
    const { heurekaFeedSettings: s } = await gql<{ heurekaFeedSettings: Record<string, Record<string, unknown>> }>(
      SETTINGS,
    );
    expect(s.products).toMatchObject({ id: null, type: 'PRODUCTS', url: null, schedule: 'DISABLED' });
    expect(s.availability).toMatchObject({ id: null, type: 'AVAILABILITY', enabled: false });
    expect(s.options).toEqual({
      vat: null,
      boxType: null,
      boxParam: '',
      bigBoxValue: '',
      smallBoxValue: '',
      roundPrice: false,
      autoDescription: false,
    });
    expect(s.vatRates).toEqual([21, 12, 0]);
  });

  it('saves each feed with its own check periods and refuses the other type’s', async () => {
    const refused = await server.gql(
      UPDATE,
      {
        type: 'PRODUCTS',
        data: { ...feed, url: `${seller.base}/shop.xml`, schedule: '15m' },
      },
      asCz(),
    );
    expect(codeOf(refused)).toBe('VALIDATION_ERROR');
    expect((refused.errors![0]!.extensions as { fields: unknown[] }).fields).toEqual([
      expect.objectContaining({ field: 'schedule', rule: 'invalid' }),
    ]);
    const saved = await gql<{ heurekaFeedUpdate: Record<string, unknown> }>(UPDATE, {
      type: 'PRODUCTS',
      data: { ...feed, url: `${seller.base}/shop.xml`, schedule: '12h' },
    });
    expect(saved.heurekaFeedUpdate).toMatchObject({ schedule: '12h', validationState: 'VALIDATING' });
    expect(saved.heurekaFeedUpdate.nextRunAt).toBeTruthy();
    const availability = await gql<{ heurekaFeedUpdate: Record<string, unknown> }>(UPDATE, {
      type: 'AVAILABILITY',
      data: { ...feed, url: `${seller.base}/stock.xml`, schedule: '30m' },
    });
    expect(availability.heurekaFeedUpdate).toMatchObject({ schedule: '30m' });
    expect(
      codeOf(
        await server.gql(UPDATE, { type: 'AVAILABILITY', data: { ...feed, url: 'ftp://x', schedule: '1d' } }, asCz()),
      ),
    ).toBe('VALIDATION_ERROR');
    // The URL checks answer VALID for the Heureka roots.
    await server.app.platform.jobs.runQueued(FEED_VALIDATE_JOB);
    const { heurekaFeedSettings: s } = await gql<{ heurekaFeedSettings: Record<string, Record<string, unknown>> }>(
      SETTINGS,
    );
    expect(s.products).toMatchObject({ validationState: 'VALID', schedule: '12h', enabled: true });
    expect(s.availability).toMatchObject({ validationState: 'VALID', schedule: '30m' });
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.partnerId, cz), eq(auditLog.action, 'feed.update')));
    expect(audit.map((a) => (a.data as { format: string }).format)).toContain('HEUREKA');
  });

  it('checks the URL again on demand', async () => {
    const answer = await gql<{ heurekaFeedValidate: Record<string, unknown> }>(VALIDATE, { type: 'PRODUCTS' });
    expect(answer.heurekaFeedValidate).toMatchObject({ validationState: 'VALIDATING' });
    await server.app.platform.jobs.runQueued(FEED_VALIDATE_JOB);
    expect(
      (await gql<{ heurekaFeedSettings: { products: Record<string, unknown> } }>(SETTINGS)).heurekaFeedSettings
        .products,
    ).toMatchObject({ validationState: 'VALID' });
    // A MALL file is not a Heureka feed.
    await gql(UPDATE, { type: 'PRODUCTS', data: { ...feed, url: `${seller.base}/items.xml`, schedule: '1d' } });
    await server.app.platform.jobs.runQueued(FEED_VALIDATE_JOB);
    const wrong = (await gql<{ heurekaFeedSettings: { products: Record<string, unknown> } }>(SETTINGS))
      .heurekaFeedSettings.products;
    expect(wrong).toMatchObject({ validationState: 'INVALID', validationError: 'FEED_ROOT_INVALID' });
    await gql(UPDATE, { type: 'PRODUCTS', data: { ...feed, url: `${seller.base}/shop.xml`, schedule: '1d' } });
  });

  it('saves the options, refusing a VAT rate of another shop and a box parameter without its values', async () => {
    const vat = await server.gql(OPTIONS_UPDATE, { data: { ...noOptions, vat: 20 } }, asCz());
    expect(codeOf(vat)).toBe('VALIDATION_ERROR');
    expect((vat.errors![0]!.extensions as { fields: unknown[] }).fields).toEqual([
      expect.objectContaining({ field: 'vat', rule: 'vatRate' }),
    ]);
    const box = await server.gql(OPTIONS_UPDATE, { data: { ...noOptions, boxParam: 'Balení' } }, asCz());
    expect((box.errors![0]!.extensions as { fields: unknown[] }).fields).toEqual([
      expect.objectContaining({ field: 'bigBoxValue', rule: 'required' }),
    ]);
    expect(codeOf(await server.gql(OPTIONS_UPDATE, { data: { ...noOptions, boxType: 'CRATE' } }, asCz()))).toBe(
      'VALIDATION_ERROR',
    );
    const options = {
      vat: 21,
      boxType: 'SMALLBOX',
      boxParam: 'balení',
      bigBoxValue: 'velký box',
      smallBoxValue: '',
      roundPrice: true,
      autoDescription: true,
    };
    const saved = await gql<{ heurekaFeedOptionsUpdate: unknown }>(OPTIONS_UPDATE, { data: options });
    expect(saved.heurekaFeedOptionsUpdate).toEqual(options);
    expect((await gql<{ heurekaFeedSettings: { options: unknown } }>(SETTINGS)).heurekaFeedSettings.options).toEqual(
      options,
    );
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.partnerId, cz), eq(auditLog.action, 'heureka.feed.options')));
    expect(audit?.data).toMatchObject({ after: { vat: 21, roundPrice: true } });
  });

  it('keeps each partner’s feeds and options to itself', async () => {
    const { heurekaFeedSettings: s } = await gql<{ heurekaFeedSettings: Record<string, Record<string, unknown>> }>(
      SETTINGS,
      {},
      asSk(),
    );
    expect(s.products).toMatchObject({ id: null, url: null });
    expect(s.options).toMatchObject({ vat: null, roundPrice: false });
    expect(s.vatRates).toEqual([23, 19, 5, 0]);
  });

  it('refuses an account without the right, and lets a reader read but not change', async () => {
    const limited = { token: limitedToken, partnerId: cz };
    for (const [query, variables] of [
      [SETTINGS, {}],
      [STATUS, {}],
      [GRID, {}],
      [UPDATE, { type: 'PRODUCTS', data: { ...feed, url: `${seller.base}/shop.xml` } }],
      [OPTIONS_UPDATE, { data: noOptions }],
      [VALIDATE, { type: 'PRODUCTS' }],
      [ENQUEUE, { type: 'PRODUCTS' }],
      [RESET, { type: 'PRODUCTS' }],
    ] as const) {
      expect(codeOf(await server.gql(query, variables, limited)), query).toBe('ACCESS_DENIED');
    }
    const reader = { token: readerToken, partnerId: cz };
    expect((await server.gql(SETTINGS, {}, reader)).errors).toBeUndefined();
    expect((await server.gql(STATUS, {}, reader)).errors).toBeUndefined();
    expect(codeOf(await server.gql(OPTIONS_UPDATE, { data: noOptions }, reader))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(ENQUEUE, { type: 'PRODUCTS' }, reader))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(SETTINGS, {}, { token: null, partnerId: cz }))).toBe('AUTHENTICATION_ERROR');
  });
});

describe('a Heureka product run with the options', () => {
  let first: Run;

  it('applies the default VAT, the rounding and the built description, and counts the feed summary', async () => {
    const status = await gql<{ heurekaFeedStatus: unknown }>(STATUS);
    expect(status.heurekaFeedStatus).toEqual({ run: null, summary: null });
    const stream = await captureStream(server.app.platform, (m) =>
      m.event?.type === 'heureka_feed_run_progress' ? (m.event.data as Record<string, unknown>) : undefined,
    );
    first = (await gql<{ heurekaFeedEnqueue: Run }>(ENQUEUE, { type: 'PRODUCTS' })).heurekaFeedEnqueue;
    expect(codeOf(await server.gql(ENQUEUE, { type: 'PRODUCTS' }, asCz()))).toBe('IMPORT_IN_PROGRESS');
    expect(await work()).toBe(1);
    await stream.stop();
    // The settings page's cards follow the run on the live stream.
    const statuses = stream.events.filter((e) => e.runId === Number(first.id)).map((e) => e.status);
    expect(statuses[0]).toBe('BEGIN');
    expect(statuses.at(-1)).toBe('END');
    const done = (await gql<{ heurekaFeedRun: Run }>(ONE, { f: first.feedId, r: first.id })).heurekaFeedRun;
    expect(done).toMatchObject({ status: 'DONE', processed: 4, updated: 2, errors: 2 });
    const one = await product('HS-1');
    expect(one).toMatchObject({ vat: '21.00', package_size: null });
    expect(Number(one!.price)).toBe(1300);
    expect(String(one!.long_desc)).toContain('Přilba Větrná');
    expect(String(one!.long_desc)).toContain('Balení: Velký box');
    const two = await product('HS-2');
    expect(two).toMatchObject({ vat: '12.00' });
    expect(String(two!.long_desc)).toContain('Vlastní popis.');

    const { heurekaFeedStatus, heurekaCategorySummary } = await gql<{
      heurekaFeedStatus: { run: Run; summary: unknown };
      heurekaCategorySummary: Record<string, number>;
    }>(STATUS);
    expect(heurekaFeedStatus.run).toMatchObject({ id: first.id, status: 'DONE' });
    // HS-3's name is over the title limit; HS-4 has none (refused); HS-2 and HS-3 have no picture; two no description.
    expect(heurekaFeedStatus.summary).toEqual({
      items: 4,
      invalidTitles: 2,
      missingDescriptions: 2,
      missingPictures: 2,
    });
    expect(heurekaCategorySummary).toMatchObject({ total: 2, paired: 1, pairedAutomatically: 1, unpaired: 1 });
  });

  it('writes the box from the box parameter once the product has its measures, and keeps them', async () => {
    await server.database.executeSql(
      `update products set width = 30, length = 40, height = 25, weight = 1.5 where partner_id = $1 and id in ('HS-1', 'HS-2')`,
      [cz],
    );
    const reset = (await gql<{ heurekaFeedReset: Run }>(RESET, { type: 'PRODUCTS' })).heurekaFeedReset;
    expect(reset).toMatchObject({ trigger: 'RESET', status: 'QUEUED' });
    expect(await work()).toBe(1);
    expect(await product('HS-1')).toMatchObject({ package_size: 'bigbox', width: '30.000', height: '25.000' });
    // No box parameter on the item: the default box type.
    expect(await product('HS-2')).toMatchObject({ package_size: 'smallbox', length: '40.000', weight: '1.500' });
  });

  it('lists the runs, their stats and error logs of the Heureka feeds only, and never another partner’s', async () => {
    const grid = await gql<{ heurekaFeedRuns: { total: number; items: Run[] } }>(GRID);
    expect(grid.heurekaFeedRuns.total).toBe(2);
    expect(grid.heurekaFeedRuns.items.map((r) => r.trigger)).toEqual(['RESET', 'MANUAL']);
    const errors = await gql<{ heurekaFeedRunErrors: { total: number; items: { itemCode: string }[] } }>(ERRORS, {
      f: first.feedId,
      r: first.id,
    });
    expect(errors.heurekaFeedRunErrors.items.map((e) => e.itemCode).sort()).toEqual(['HS-3', 'HS-4']);
    const stats = await gql<{ heurekaFeedStats: { runs: number; processed: number }[] }>(STATS, { days: 7 });
    expect(stats.heurekaFeedStats).toHaveLength(7);
    expect(stats.heurekaFeedStats.at(-1)).toMatchObject({ runs: 2, processed: 8 });
    expect(codeOf(await server.gql(STATS, { days: 3 }, asCz()))).toBe('VALIDATION_ERROR');
    expect(codeOf(await server.gql(ONE, { f: first.feedId, r: first.id }, asSk()))).toBe('FEED_RUN_NOT_FOUND');
    expect(codeOf(await server.gql(ERRORS, { f: first.feedId, r: first.id }, asSk()))).toBe('FEED_RUN_NOT_FOUND');
    expect((await gql<{ heurekaFeedRuns: { total: number } }>(GRID, {}, asSk())).heurekaFeedRuns.total).toBe(0);
    expect((await gql<{ heurekaFeedStatus: unknown }>(STATUS, {}, asSk())).heurekaFeedStatus).toEqual({
      run: null,
      summary: null,
    });
    // A MALL run is not found among the Heureka ones.
    const mall = await server.gql(
      `query($f: ID!, $r: ID!) { mallFeedRun(feedId: $f, runId: $r) { id } }`,
      { f: first.feedId, r: first.id },
      asCz(),
    );
    expect(codeOf(mall)).toBe('FEED_RUN_NOT_FOUND');
  });
});

describe('the product and availability logs', () => {
  it('downloads the latest product run’s protocol, only for the selected partner', async () => {
    // The latest run (the reset) refused the same two items.
    const log = await download(`/portal/partners/${cz}/product-log`);
    expect(log.statusCode).toBe(200);
    expect(log.headers['content-type']).toContain('text/csv');
    const lines = log.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Item code;Error code;Message;Field;Line;URL');
    expect(
      lines
        .slice(1)
        .map((l) => l.split(';')[0])
        .sort(),
    ).toEqual(['HS-3', 'HS-4']);
    const other = await download(`/portal/partners/${sk}/product-log`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'FEED_RUN_NOT_FOUND' });
    expect(
      (await download(`/portal/partners/${cz}/product-log`, { token: limitedToken, partnerId: cz })).statusCode,
    ).toBe(403);
    expect((await download(`/portal/partners/${cz}/product-log`, { token: null, partnerId: cz })).statusCode).toBe(401);
    // The run's own protocol, as the MALL one.
    const runs = await gql<{ heurekaFeedRuns: { items: Run[] } }>(GRID);
    const latest = runs.heurekaFeedRuns.items[0]!;
    const own = await download(`/api/heureka-feed/feeds/${latest.feedId}/runs/${latest.id}/error-log.csv`);
    expect(own.body).toBe(log.body);
    expect(
      (await download(`/api/heureka-feed/feeds/${latest.feedId}/runs/${latest.id}/error-log.csv`, asSk())).statusCode,
    ).toBe(404);
  });

  it('downloads the availability log once the availability feed ran', async () => {
    expect((await download(`/portal/partners/${cz}/availability-log`)).statusCode).toBe(404);
    await gql(ENQUEUE, { type: 'AVAILABILITY' });
    expect(await work()).toBe(1);
    expect(await product('HS-1')).toMatchObject({ in_stock: 3 });
    const log = await download(`/portal/partners/${cz}/availability-log`);
    expect(log.statusCode).toBe(200);
    // Every item was applied: the protocol has its header only.
    expect(
      log.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
  });
});
