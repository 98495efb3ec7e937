import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import { auditLog } from '../../platform/audit/tables';
import { codeOf, partnerIdByShop, startTestServer, type TestServer, testConfig } from '../../test/harness';
import { captureStream } from '../../test/waits';
import { revokePolicies } from '../catalog/test-fixtures';
import { FEED_VALIDATE_JOB } from './settings';
import { feeds } from './tables';
import { type FeedServer, startFeedServer } from './test-feeds';

let server: TestServer;
let strict: App;
let seller: FeedServer;
let cz: number;
let sk: number;
let czToken: string;
let skToken: string;
let limitedToken: string;
let readerToken: string;

const FIELDS = `id type url enabled schedule basicAuthName hasBasicAuthPassword validationState validationError
  validationMessage nextRunAt lastRun { id }`;
const SETTINGS = `{ mallFeedSettings { products { ${FIELDS} } availability { ${FIELDS} } } }`;
const UPDATE = `mutation($type: FeedType!, $data: MallFeedInput!) { mallFeedUpdate(type: $type, data: $data) { ${FIELDS} } }`;
const VALIDATE = `mutation($type: FeedType!) { mallFeedValidate(type: $type) { ${FIELDS} } }`;

type Feed = Record<string, unknown> & { validationState: string | null };
type Fields = { field: string; rule: string }[];

const ITEMS = '<?xml version="1.0" encoding="UTF-8"?>\n<ITEMS>\n<ITEM><ID>A</ID></ITEM>\n</ITEMS>\n';

beforeAll(async () => {
  server = await startTestServer({ config: { webhooks: { allowPrivateUrls: true } } });
  // A second process on the same database whose deployment does not allow private addresses (the default).
  strict = await buildApp({
    config: testConfig({ databaseUrl: server.url, webhooks: { allowPrivateUrls: false } }),
    database: server.database,
    jobs: false,
  });
  seller = await startFeedServer();
  seller.file('/items.xml', ITEMS);
  seller.file('/availability.xml', '<?xml version="1.0"?><AVAILABILITIES></AVAILABILITIES>');
  seller.file('/page.html', '<!DOCTYPE html><html><body>Shop</body></html>');
  seller.file('/text.txt', 'ID;STOCK\nA;1\n');
  seller.route('/protected.xml', (req, res) => {
    const expected = `Basic ${Buffer.from('shop:pa$$ wörd').toString('base64')}`;
    if (req.headers.authorization !== expected) res.writeHead(401).end();
    else res.writeHead(200, { 'content-type': 'application/xml' }).end(ITEMS);
  });
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  await revokePolicies(server.database.db, 'limited@demo.test', cz, 'mallFeed', ['read', 'update']);
  czToken = (await server.login('partner@demo.test')).token;
  skToken = (await server.login('multi@demo.test')).token;
  limitedToken = (await server.login('limited@demo.test')).token;
  readerToken = (await server.login('colleague@demo.test')).token;
});
afterAll(async () => {
  await seller?.close();
  await strict?.close();
  await server?.close();
});

const asCz = () => ({ token: czToken, partnerId: cz });
const asSk = () => ({ token: skToken, partnerId: sk });
const settings = { enabled: true, schedule: '1h', basicAuthName: '', basicAuthPassword: null };

async function save(type: string, data: Record<string, unknown>, as = asCz()) {
  return server.gql<{ mallFeedUpdate: Feed }>(UPDATE, { type, data: { ...settings, ...data } }, as);
}

async function read(as = asCz()) {
  const answer = await server.gql<{ mallFeedSettings: { products: Feed; availability: Feed } }>(SETTINGS, {}, as);
  expect(answer.errors).toBeUndefined();
  return answer.data!.mallFeedSettings;
}

/** Works the queued URL checks as the job system would. */
const validate = () => server.app.platform.jobs.runQueued(FEED_VALIDATE_JOB);

describe('MALL feed settings', () => {
  it('shows both feeds unconnected before the first save', async () => {
    const { products, availability } = await read(asSk());
    expect(products).toMatchObject({ id: null, type: 'PRODUCTS', url: null, enabled: false, schedule: 'DISABLED' });
    expect(availability).toMatchObject({ id: null, type: 'AVAILABILITY', validationState: null, lastRun: null });
  });

  it('refuses URLs that are not http(s), carry credentials or are malformed, and an enabled feed without one', async () => {
    const cases: [string, Fields][] = [
      ['ftp://127.0.0.1/items.xml', [{ field: 'url', rule: 'url' }]],
      ['file:///etc/passwd', [{ field: 'url', rule: 'url' }]],
      ['https://shop:secret@127.0.0.1/items.xml', [{ field: 'url', rule: 'urlCredentials' }]],
      ['not a url', [{ field: 'url', rule: 'url' }]],
      ['', [{ field: 'url', rule: 'required' }]],
    ];
    for (const [url, fields] of cases) {
      const answer = await save('PRODUCTS', { url });
      expect(codeOf(answer), url).toBe('VALIDATION_ERROR');
      expect(answer.errors![0]!.extensions.fields as Fields, url).toEqual([expect.objectContaining(fields[0])]);
    }
    const badSchedule = await save('PRODUCTS', { url: `${seller.base}/items.xml`, schedule: '2h' });
    expect(codeOf(badSchedule)).toBe('VALIDATION_ERROR');
    expect((await read()).products.id).toBeNull();
  });

  it('answers hostile values with a validation error, never a failure, and stores nothing', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['NUL in the URL', { url: `${seller.base}/items.xml\u0000.xml` }],
      ['a lone surrogate in the user name', { url: `${seller.base}/items.xml`, basicAuthName: 'shop\ud800' }],
      ['a URL of 100,000 characters', { url: `${seller.base}/${'a'.repeat(100_000)}.xml` }],
      [
        'a password of 10,000 characters',
        { url: `${seller.base}/items.xml`, basicAuthName: 'shop', basicAuthPassword: 'x'.repeat(10_000) },
      ],
      ['a colon in the user name', { url: `${seller.base}/items.xml`, basicAuthName: 'shop:admin' }],
      ['a schedule that is no schedule', { url: `${seller.base}/items.xml`, schedule: "1h'; drop table feeds; --" }],
    ];
    for (const [what, data] of cases) {
      const answer = await save('AVAILABILITY', data, asSk());
      expect(codeOf(answer), what).toBe('VALIDATION_ERROR');
    }
    expect((await read(asSk())).availability.id).toBeNull();
  });

  it('refuses a private or loopback address unless the deployment allows it', async () => {
    const response = await strict.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${czToken}`, 'x-partner-id': String(cz) },
      payload: {
        query: UPDATE,
        variables: { type: 'PRODUCTS', data: { ...settings, url: `${seller.base}/items.xml` } },
      },
    });
    const body = response.json() as { errors?: { extensions: { code: string } }[] };
    expect(codeOf(body)).toBe('FEED_URL_NOT_ALLOWED');
    for (const url of ['http://10.0.0.1/feed.xml', 'http://169.254.169.254/latest', 'http://[::1]/feed.xml']) {
      const again = await strict.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${czToken}`, 'x-partner-id': String(cz) },
        payload: { query: UPDATE, variables: { type: 'PRODUCTS', data: { ...settings, url } } },
      });
      expect(codeOf(again.json() as { errors?: { extensions: { code: string } }[] }), url).toBe('FEED_URL_NOT_ALLOWED');
    }
    expect((await read()).products.id).toBeNull();
  });

  it('saves a feed, checks its URL as XML in a job, and tells the partner live', async () => {
    const stream = await captureStream(server.app.platform, (m) =>
      m.event?.type === 'mall_feed_validate_progress' && 'partnerId' in (m.audience ?? {})
        ? { partnerId: (m.audience as { partnerId: number }).partnerId, data: m.event.data as Record<string, unknown> }
        : undefined,
    );
    const saved = await save('PRODUCTS', { url: `${seller.base}/items.xml` });
    expect(saved.errors).toBeUndefined();
    const feed = saved.data!.mallFeedUpdate;
    expect(feed).toMatchObject({ type: 'PRODUCTS', enabled: true, schedule: '1h', validationState: 'VALIDATING' });
    expect(Date.parse(String(feed.nextRunAt))).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect(await validate()).toBe(1);
    expect((await read()).products).toMatchObject({ validationState: 'VALID', validationError: null });
    await stream.stop();
    expect(stream.events).toEqual([
      { partnerId: cz, data: { feedId: Number(feed.id), type: 'PRODUCTS', state: 'VALIDATING' } },
      { partnerId: cz, data: { feedId: Number(feed.id), type: 'PRODUCTS', state: 'VALID' } },
    ]);
    // Saving again with the same URL checks nothing again and keeps the schedule's next run.
    const same = await save('PRODUCTS', { url: `${seller.base}/items.xml` });
    expect(same.data!.mallFeedUpdate).toMatchObject({ validationState: 'VALID', nextRunAt: feed.nextRunAt });
    expect(await validate()).toBe(0);
  });

  it('finds a page, a text file, the other kind of feed and an unreachable server invalid, with the reason', async () => {
    const closed = await startFeedServer();
    const gone = closed.base;
    await closed.close();
    const cases: [string, string][] = [
      [`${seller.base}/page.html`, 'XML_DOCTYPE_NOT_ALLOWED'],
      [`${seller.base}/text.txt`, 'INVALID_XML'],
      [`${seller.base}/availability.xml`, 'FEED_ROOT_INVALID'],
      [`${seller.base}/missing.xml`, 'FEED_HTTP_ERROR'],
      [`${gone}/items.xml`, 'FEED_UNREACHABLE'],
    ];
    for (const [url, code] of cases) {
      expect((await save('PRODUCTS', { url })).errors, url).toBeUndefined();
      await validate();
      const { products } = await read();
      expect(products, url).toMatchObject({ validationState: 'INVALID', validationError: code });
      expect(products.validationMessage, url).toBeTruthy();
    }
    // The availability feed takes its own root.
    expect((await save('AVAILABILITY', { url: `${seller.base}/availability.xml` })).errors).toBeUndefined();
    await validate();
    expect((await read()).availability.validationState).toBe('VALID');
  });

  it('keeps the basic-auth password sealed, sends it to the feed, and never gives it out', async () => {
    const saved = await save('PRODUCTS', {
      url: `${seller.base}/protected.xml`,
      basicAuthName: 'shop',
      basicAuthPassword: 'pa$$ wörd',
    });
    expect(saved.data!.mallFeedUpdate).toMatchObject({ basicAuthName: 'shop', hasBasicAuthPassword: true });
    expect(JSON.stringify(saved)).not.toContain('pa$$');
    const [row] = await server.database.db
      .select()
      .from(feeds)
      .where(and(eq(feeds.partnerId, cz), eq(feeds.format, 'MALL'), eq(feeds.type, 'PRODUCTS')));
    expect(row!.basicAuthPassword).toMatch(/^v1\./);
    expect(row!.basicAuthPassword).not.toContain('wörd');
    await validate();
    expect((await read()).products.validationState).toBe('VALID');
    // Saved again without a password: the stored one is kept (the check below still signs in).
    await save('PRODUCTS', { url: `${seller.base}/protected.xml`, basicAuthName: 'shop', enabled: false });
    expect(
      (await server.gql<{ mallFeedValidate: Feed }>(VALIDATE, { type: 'PRODUCTS' }, asCz())).data!.mallFeedValidate
        .validationState,
    ).toBe('VALIDATING');
    await validate();
    expect((await read()).products).toMatchObject({ validationState: 'VALID', hasBasicAuthPassword: true });
    // A wrong password is the feed's answer, not ours.
    await save('PRODUCTS', { url: `${seller.base}/protected.xml`, basicAuthName: 'shop', basicAuthPassword: 'nope' });
    await server.gql(VALIDATE, { type: 'PRODUCTS' }, asCz());
    await validate();
    expect((await read()).products).toMatchObject({ validationState: 'INVALID', validationError: 'FEED_HTTP_ERROR' });
    // No user name, no password.
    const cleared = await save('PRODUCTS', { url: `${seller.base}/items.xml`, basicAuthName: '' });
    expect(cleared.data!.mallFeedUpdate).toMatchObject({ basicAuthName: null, hasBasicAuthPassword: false });
    const trail = await server.database.db
      .select({ action: auditLog.action, data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.partnerId, cz), eq(auditLog.entity, 'feed')));
    expect(trail.map((a) => a.action)).toEqual(expect.arrayContaining(['feed.update', 'feed.validate']));
    expect(trail.some((a) => (a.data as { passwordChanged?: boolean }).passwordChanged === true)).toBe(true);
    expect(JSON.stringify(trail)).not.toContain('wörd');
    expect(JSON.stringify(trail)).not.toContain('nope');
  });

  it('switching the feed off or to DISABLED clears its next run', async () => {
    const off = await save('PRODUCTS', { url: `${seller.base}/items.xml`, enabled: false });
    expect(off.data!.mallFeedUpdate).toMatchObject({ enabled: false, nextRunAt: null });
    const manual = await save('PRODUCTS', { url: `${seller.base}/items.xml`, schedule: 'DISABLED' });
    expect(manual.data!.mallFeedUpdate).toMatchObject({ enabled: true, schedule: 'DISABLED', nextRunAt: null });
    const daily = await save('PRODUCTS', { url: `${seller.base}/items.xml`, schedule: '1d' });
    expect(Date.parse(String(daily.data!.mallFeedUpdate.nextRunAt))).toBeGreaterThan(Date.now() + 23 * 3_600_000);
  });

  it('keeps each partner to its own feeds', async () => {
    const { products } = await read(asSk());
    expect(products.id).toBeNull();
    await save('PRODUCTS', { url: `${seller.base}/items.xml`, schedule: '15m' }, asSk());
    expect((await read(asSk())).products).toMatchObject({ schedule: '15m' });
    expect((await read()).products.schedule).toBe('1d');
  });

  it('refuses an account without the right, and lets a reader read but not change', async () => {
    const limited = { token: limitedToken, partnerId: cz };
    expect(codeOf(await server.gql(SETTINGS, {}, limited))).toBe('ACCESS_DENIED');
    expect(codeOf(await save('PRODUCTS', { url: `${seller.base}/items.xml` }, limited))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(VALIDATE, { type: 'PRODUCTS' }, limited))).toBe('ACCESS_DENIED');
    const reader = { token: readerToken, partnerId: cz };
    expect((await server.gql(SETTINGS, {}, reader)).errors).toBeUndefined();
    expect(codeOf(await save('PRODUCTS', { url: `${seller.base}/items.xml` }, reader))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(VALIDATE, { type: 'PRODUCTS' }, reader))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(SETTINGS, {}, { token: null, partnerId: cz }))).toBe('AUTHENTICATION_ERROR');
  });
});
