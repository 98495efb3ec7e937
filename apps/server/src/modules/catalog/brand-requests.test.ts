import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/tables';
import { storedFiles } from '../../platform/files/tables';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { openStreamSocket } from '../../test/stream-socket';
import { brandRequests, brands } from './tables';
import { insertBrands, revokePolicies } from './test-fixtures';

let server: TestServer;
let cz: number;
let sk: number;
let token: string;
let multiToken: string;
let limitedToken: string;
let adminToken: string;

const CREATE = `mutation($data: BrandRequestInput!, $force: Boolean) { brandRequestCreate(data: $data, force: $force) {
  success request { id brandId name status reason requestedAt decidedAt logoUrl } similarBrandsList { id name } } }`;
const HISTORY = `query($grid: GridInput) { brandRequests(grid: $grid) { items { id brandId name status reason decidedAt logoUrl } total } }`;
const COCKPIT = `query($grid: GridInput, $status: String) { cockpitBrandRequests(grid: $grid, status: $status) {
  items { id partnerId partnerName brandId name status reason manufacturer responsiblePerson translations email webTitle description logoUrl }
  total } }`;
const ACCEPT = `mutation($id: ID!, $partnerId: Int!) { brandRequestAccept(id: $id, partnerId: $partnerId) { id status decidedAt } }`;
const REJECT = `mutation($id: ID!, $partnerId: Int!, $reason: String!) {
  brandRequestReject(id: $id, partnerId: $partnerId, reason: $reason) { id status reason decidedAt } }`;

type Result = {
  success: boolean;
  request: { id: string; brandId: string; name: string; status: string; logoUrl: string | null } | null;
  similarBrandsList: { id: string; name: string }[];
};

const manufacturer = { name: 'Výrobce a.s.', street: 'Dlouhá 1', city: 'Praha', country: 'cz', zip: '110 00' };

function request(name: string, extra: Record<string, unknown> = {}) {
  return { name, manufacturer, ...extra };
}

/**
 * Sends a request; confirmed (force) unless the test says otherwise, so that the demo's few hundred brands
 * cannot make a test's name "similar" by chance. The similarity tests send force false.
 */
async function create(
  data: Record<string, unknown>,
  options: { force?: boolean; as?: string; partnerId?: number } = {},
) {
  return server.gql<{ brandRequestCreate: Result }>(
    CREATE,
    { data, force: options.force ?? true },
    { token: options.as ?? token, partnerId: options.partnerId ?? cz },
  );
}

async function created(
  data: Record<string, unknown>,
  options: { force?: boolean; as?: string; partnerId?: number } = {},
) {
  const result = await create(data, options);
  expect(result.errors).toBeUndefined();
  return result.data!.brandRequestCreate;
}

function fieldsOf(result: { errors?: { extensions: { fields?: unknown[] } }[] }) {
  return (result.errors?.[0]?.extensions.fields ?? []) as { field: string; rule: string; message: string }[];
}

async function pendingCount(brandId: string): Promise<number> {
  const rows = await server.database.db
    .select({ id: brandRequests.id })
    .from(brandRequests)
    .where(and(eq(brandRequests.brandId, brandId), eq(brandRequests.status, 'PENDING')));
  return rows.length;
}

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  await insertBrands(server.database.db, [{ name: 'Brandolino' }, { name: 'Taken Brand' }]);
  await revokePolicies(server.database.db, 'limited@demo.test', cz, 'brands', ['create']);
  token = (await server.login('partner@demo.test')).token;
  multiToken = (await server.login('multi@demo.test')).token;
  limitedToken = (await server.login('limited@demo.test')).token;
  adminToken = (await server.login('admin@demo.test')).token;
});
afterAll(async () => server?.close());

describe('requesting a brand', () => {
  it('records a pending request the partner sees first in its history, with an audit entry', async () => {
    const result = await created(
      request('Zelený Čaj', {
        webTitle: 'Zelený čaj',
        description: 'Čaje z hor',
        responsiblePerson: { ...manufacturer, name: 'Osoba', email: 'osoba@example.com' },
        translations: [{ languageId: 'en', name: 'Green Tea', description: 'Teas from the hills' }],
      }),
    );
    expect(result.success).toBe(true);
    expect(result.request).toMatchObject({
      brandId: 'ZELENYCAJ',
      name: 'Zelený Čaj',
      status: 'PENDING',
      logoUrl: null,
    });
    const history = await server.gql<{ brandRequests: { items: { id: string }[] } }>(
      HISTORY,
      {},
      { token, partnerId: cz },
    );
    expect(history.data!.brandRequests.items[0]!.id).toBe(result.request!.id);
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'brand.request'), eq(auditLog.entityId, result.request!.id)));
    expect(audit).toMatchObject({ partnerId: cz, entity: 'brand_request' });
    const [row] = await server.database.db.select().from(brandRequests).where(eq(brandRequests.brandId, 'ZELENYCAJ'));
    expect(row).toMatchObject({
      email: 'partner@demo.test',
      manufacturer: { ...manufacturer, country: 'CZ' },
      responsiblePerson: { ...manufacturer, country: 'CZ', name: 'Osoba', email: 'osoba@example.com' },
    });
  });

  it('refuses names the spec refuses, each with its translated message', async () => {
    const long = await create(request('A'.repeat(21)));
    expect(fieldsOf(long)).toEqual([expect.objectContaining({ field: 'name', rule: 'max' })]);
    expect(fieldsOf(long)[0]!.message).toContain('20');
    const noLetter = await create(request('12 34'));
    expect(fieldsOf(noLetter)).toEqual([
      expect.objectContaining({ field: 'name', rule: 'brandLetter', message: 'Brand must contain at least 1 letter' }),
    ]);
    const empty = await create(request('   '));
    expect(fieldsOf(empty)[0]).toMatchObject({ field: 'name', rule: 'required' });
    // Exactly 20 characters is fine.
    expect((await created(request('Twenty Chars Brand X'))).success).toBe(true);
  });

  it('says "This brand already exists" when the name normalises to an existing brand id', async () => {
    const result = await create(request('taken-brand'), { force: true });
    expect(codeOf(result)).toBe('VALIDATION_ERROR');
    expect(fieldsOf(result)).toEqual([
      expect.objectContaining({ field: 'name', rule: 'brandExists', message: 'This brand already exists' }),
    ]);
  });

  it('refuses an incomplete manufacturer or an unknown translation language', async () => {
    const result = await create({
      name: 'Incomplete Co',
      manufacturer: { ...manufacturer, city: ' ', country: 'CZE' },
    });
    expect(
      fieldsOf(result)
        .map((f) => `${f.field}:${f.rule}`)
        .sort(),
    ).toEqual(['manufacturer.city:required', 'manufacturer.country:invalid']);
    const language = await create(
      request('Language Co', { translations: [{ languageId: 'de', name: 'X', description: '' }] }),
    );
    expect(fieldsOf(language)[0]).toMatchObject({ field: 'translations.0.languageId', rule: 'invalid' });
    expect(await pendingCount('INCOMPLETECO')).toBe(0);
  });

  it('tells a second partner asking for the same brand that it already exists', async () => {
    expect((await created(request('Horský Med'))).success).toBe(true);
    const second = await create(request('horsky med'), { as: multiToken, partnerId: sk });
    expect(codeOf(second)).toBe('BRAND_ALREADY_REQUESTED');
    expect(second.errors![0]!.message).toBe('Brand horsky med already exists');
  });

  it('answers similar brands without writing, and records the request when the partner confirms', async () => {
    const similar = await created(request('Brandolnio'), { force: false });
    expect(similar).toMatchObject({ success: false, request: null });
    expect(similar.similarBrandsList.map((b) => b.name)).toContain('Brandolino');
    expect(await pendingCount('BRANDOLNIO')).toBe(0);
    const contained = await created(request('Brandolino Pro'), { force: false });
    expect(contained.similarBrandsList.map((b) => b.id)).toContain('BRANDOLINO');
    const typo = await created(request('Brandolimo'), { force: false });
    expect(typo.similarBrandsList.map((b) => b.id)).toContain('BRANDOLINO');
    const confirmed = await created(request('Brandolnio'), { force: true });
    expect(confirmed.success).toBe(true);
    expect(await pendingCount('BRANDOLNIO')).toBe(1);
    // A name nothing resembles goes through at once.
    expect((await created(request('Qwyxzv'), { force: false })).success).toBe(true);
  });

  it("keeps each partner's history to itself and refuses an account without the brands create permission", async () => {
    expect((await created(request('Slovak Own'), { as: multiToken, partnerId: sk })).success).toBe(true);
    const czHistory = await server.gql<{ brandRequests: { items: { brandId: string }[] } }>(
      HISTORY,
      {},
      { token, partnerId: cz },
    );
    expect(czHistory.data!.brandRequests.items.map((r) => r.brandId)).not.toContain('SLOVAKOWN');
    const skHistory = await server.gql<{ brandRequests: { items: { brandId: string }[] } }>(
      HISTORY,
      {},
      { token: multiToken, partnerId: sk },
    );
    expect(skHistory.data!.brandRequests.items.map((r) => r.brandId)).toEqual(['SLOVAKOWN']);
    const refused = await create(request('Limited Brand'), { as: limitedToken });
    expect(codeOf(refused)).toBe('ACCESS_DENIED');
    // Reading the history needs only brands read.
    const read = await server.gql(HISTORY, {}, { token: limitedToken, partnerId: cz });
    expect(read.errors).toBeUndefined();
  });
});

function image(width: number, height: number, format: 'png' | 'jpeg' | 'gif' = 'png') {
  const canvas = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } });
  return canvas[format]().toBuffer();
}

/** Random pixels do not compress: an uncompressed PNG of about the size asked for. */
function heavyPng(side: number) {
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

function uploadLogo(body: Buffer, fileName = 'logo.png', contentType = 'image/png', as = token, partnerId = cz) {
  const boundary = `----pp${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return server.app.app.inject({
    method: 'POST',
    url: '/medias/brand/images',
    headers: {
      authorization: `Bearer ${as}`,
      'x-partner-id': String(partnerId),
      'accept-language': 'en',
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
}

describe('brand logo', () => {
  it('stores a PNG or JPEG logo as a public file, kept once a request shows it', async () => {
    const response = await uploadLogo(await image(300, 120));
    expect(response.statusCode).toBe(200);
    const logo = response.json() as { fileId: string; url: string; width: number; height: number };
    expect(logo).toMatchObject({ url: `/media/${logo.fileId}`, width: 300, height: 120 });
    const [file] = await server.database.db.select().from(storedFiles).where(eq(storedFiles.id, logo.fileId));
    expect(file).toMatchObject({ partnerId: cz, kind: 'brand-logo', contentType: 'image/png' });
    expect(file!.expiresAt).not.toBeNull();
    const served = await server.app.app.inject({ method: 'GET', url: logo.url });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(300);
    const jpeg = await uploadLogo(await image(100, 2000, 'jpeg'), 'photo.jpg', 'image/jpeg');
    expect(jpeg.statusCode).toBe(200);
  });

  it('judges the decoded picture, not its name or declared type', async () => {
    const gif = await uploadLogo(await image(300, 300, 'gif'), 'logo.jpg', 'image/jpeg');
    expect(gif.json()).toMatchObject({ code: 'BRAND_LOGO_TYPE' });
    const text = await uploadLogo(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo.png');
    expect(text.json().code).toBe('BRAND_LOGO_TYPE');
    const cut = await image(400, 400);
    const truncated = await uploadLogo(cut.subarray(0, Math.floor(cut.length / 2)));
    expect(truncated.json().code).toBe('BRAND_LOGO_TYPE');
    // A PNG named .jpg is a PNG: stored as one.
    const renamed = await uploadLogo(await image(200, 200), 'logo.jpg', 'image/jpeg');
    const [file] = await server.database.db.select().from(storedFiles).where(eq(storedFiles.id, renamed.json().fileId));
    expect(file).toMatchObject({ contentType: 'image/png', fileName: 'logo.png' });
  });

  it('refuses a logo under 100 px, over 2000 px or over 1.5 MB with its message', async () => {
    const small = await uploadLogo(await image(99, 300));
    expect(small.statusCode).toBe(400);
    expect(small.json()).toMatchObject({ code: 'BRAND_LOGO_DIMENSIONS', message: expect.stringMatching(/\S/) });
    expect((await uploadLogo(await image(2001, 500))).json().code).toBe('BRAND_LOGO_DIMENSIONS');
    const heavy = await heavyPng(760);
    expect(heavy.length).toBeGreaterThan(1_572_864);
    expect(heavy.length).toBeLessThan(2 * 1024 * 1024);
    expect((await uploadLogo(heavy)).json().code).toBe('BRAND_LOGO_TOO_LARGE');
    // Past the transport's limit the upload is cut off and refused the same way.
    expect((await uploadLogo(await heavyPng(1000))).json().code).toBe('BRAND_LOGO_TOO_LARGE');
    const files = await server.database.db.select().from(storedFiles).where(eq(storedFiles.kind, 'brand-logo'));
    expect(files.every((f) => f.size <= 1_572_864)).toBe(true);
  });

  it('refuses an anonymous caller and an account without brands create', async () => {
    const response = await uploadLogo(await image(200, 200), 'logo.png', 'image/png', limitedToken);
    expect(response.statusCode).toBe(403);
    const anonymous = await server.app.app.inject({
      method: 'POST',
      url: '/medias/brand/images',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("takes only the partner's own logo in a request", async () => {
    const own = (await uploadLogo(await image(200, 200))).json().fileId as string;
    const foreign = (await uploadLogo(await image(200, 200), 'l.png', 'image/png', multiToken, sk)).json()
      .fileId as string;
    const refused = await create(request('Foreign Logo', { logoFileId: foreign }));
    expect(fieldsOf(refused)[0]).toMatchObject({ field: 'logoFileId', rule: 'invalid' });
    const accepted = await created(request('Own Logo', { logoFileId: own }));
    expect(accepted.request!.logoUrl).toBe(`/media/${own}`);
    const expiry = async (id: string) =>
      (await server.database.db.select().from(storedFiles).where(eq(storedFiles.id, id)))[0]!.expiresAt;
    // The logo a request shows is kept; the refused foreign one still expires.
    expect(await expiry(own)).toBeNull();
    expect(await expiry(foreign)).not.toBeNull();
  });
});

describe('operators decide', () => {
  async function pendingId(brandId: string): Promise<{ id: string; partnerId: number }> {
    const [row] = await server.database.db
      .select({ id: brandRequests.id, partnerId: brandRequests.partnerId })
      .from(brandRequests)
      .where(and(eq(brandRequests.brandId, brandId), eq(brandRequests.status, 'PENDING')));
    return { id: String(row!.id), partnerId: row!.partnerId };
  }

  it('are the only ones who see every request, pending ones first and the oldest on top', async () => {
    const partner = await server.gql(COCKPIT, {}, { token, partnerId: cz });
    expect(codeOf(partner)).toBe('ACCESS_DENIED');
    const result = await server.gql<{ cockpitBrandRequests: { items: Record<string, unknown>[]; total: number } }>(
      COCKPIT,
      { grid: { perPage: 500 } },
      { token: adminToken },
    );
    const items = result.data!.cockpitBrandRequests.items;
    const mine = items.filter((r) => ['ZELENYCAJ', 'HORSKYMED', 'SLOVAKOWN'].includes(String(r.brandId)));
    expect(mine.map((r) => r.brandId)).toEqual(['ZELENYCAJ', 'HORSKYMED', 'SLOVAKOWN']);
    expect(mine[0]).toMatchObject({
      partnerId: cz,
      partnerName: 'Sportovní potřeby Demo s.r.o.',
      email: 'partner@demo.test',
      webTitle: 'Zelený čaj',
      translations: [{ languageId: 'en', name: 'Green Tea', description: 'Teas from the hills' }],
      manufacturer: { ...manufacturer, country: 'CZ' },
    });
    const onlySlovak = await server.gql<{ cockpitBrandRequests: { items: { partnerId: number }[] } }>(
      COCKPIT,
      { grid: { filters: [{ field: 'partnerId', operator: 'EQUAL', value: String(sk) }] }, status: 'PENDING' },
      { token: adminToken },
    );
    expect(onlySlovak.data!.cockpitBrandRequests.items.every((r) => r.partnerId === sk)).toBe(true);
  });

  it('accept: the brand exists with logo and texts, the partner sees it decided and is told live', async () => {
    const logo = (await uploadLogo(await image(240, 240))).json().fileId as string;
    await created(
      request('Decided Brand', {
        logoFileId: logo,
        description: 'Popis',
        translations: [{ languageId: 'en', name: 'Decided Brand', description: 'English text' }],
      }),
    );
    const { id, partnerId } = await pendingId('DECIDEDBRAND');
    const socket = await partnerSocket();
    const accepted = await server.gql<{ brandRequestAccept: { status: string; decidedAt: string } }>(
      ACCEPT,
      { id, partnerId },
      { token: adminToken },
    );
    expect(accepted.data!.brandRequestAccept.status).toBe('ACCEPTED');
    const event = await socket.next('brand_request_decided');
    expect(event.data).toEqual({ requestId: Number(id), name: 'Decided Brand', status: 'ACCEPTED' });
    socket.close();
    const [brand] = await server.database.db.select().from(brands).where(eq(brands.id, 'DECIDEDBRAND'));
    expect(brand).toMatchObject({
      name: 'Decided Brand',
      accepted: true,
      mediaId: logo,
      urlKey: 'decided-brand',
      tag: 'decidedbrand',
      description: { en: 'English text', cs: 'Popis' },
    });
    const history = await server.gql<{
      brandRequests: { items: { brandId: string; status: string; decidedAt: string }[] };
    }>(HISTORY, {}, { token, partnerId: cz });
    expect(history.data!.brandRequests.items.find((r) => r.brandId === 'DECIDEDBRAND')).toMatchObject({
      status: 'ACCEPTED',
      decidedAt: expect.any(String),
    });
    // Decided once only; a new request for it now meets the brand.
    expect(codeOf(await server.gql(ACCEPT, { id, partnerId }, { token: adminToken }))).toBe('BRAND_REQUEST_DECIDED');
    expect(codeOf(await server.gql(REJECT, { id, partnerId, reason: 'x' }, { token: adminToken }))).toBe(
      'BRAND_REQUEST_DECIDED',
    );
    expect(fieldsOf(await create(request('Decided Brand')))[0]).toMatchObject({ rule: 'brandExists' });
  });

  it('reject: needs a reason, which the partner reads; the brand may be asked for again', async () => {
    await created(request('Rejected Brand'));
    const { id, partnerId } = await pendingId('REJECTEDBRAND');
    const blank = await server.gql(REJECT, { id, partnerId, reason: '  ' }, { token: adminToken });
    expect(fieldsOf(blank)[0]).toMatchObject({ field: 'reason', rule: 'required' });
    const long = await server.gql(REJECT, { id, partnerId, reason: 'x'.repeat(501) }, { token: adminToken });
    expect(fieldsOf(long)[0]).toMatchObject({ field: 'reason', rule: 'max' });
    const rejected = await server.gql<{ brandRequestReject: { status: string; reason: string } }>(
      REJECT,
      { id, partnerId, reason: ' Not a brand, a product line. ' },
      { token: adminToken },
    );
    expect(rejected.data!.brandRequestReject).toMatchObject({
      status: 'REJECTED',
      reason: 'Not a brand, a product line.',
    });
    const history = await server.gql<{ brandRequests: { items: { brandId: string; reason: string }[] } }>(
      HISTORY,
      {},
      { token, partnerId: cz },
    );
    expect(history.data!.brandRequests.items.find((r) => r.brandId === 'REJECTEDBRAND')?.reason).toBe(
      'Not a brand, a product line.',
    );
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'brand.request.reject'), eq(auditLog.entityId, id)));
    expect(audit).toMatchObject({ partnerId: cz });
    expect((await created(request('Rejected Brand'))).success).toBe(true);
  });

  it('keep every operator queue live: a new request and a decision reach operators, not other sellers', async () => {
    const operator = await partnerSocket(adminToken);
    // The Slovak partner asks; the Czech partner's people must learn nothing of it.
    const requester = await partnerSocket(multiToken);
    const bystander = await partnerSocket(limitedToken);
    const { request: sent } = await created(request('Live Queue Brand'), { as: multiToken, partnerId: sk });
    const arrived = await operator.next('brand_request_created');
    expect(arrived.data).toEqual({ requestId: Number(sent!.id), name: 'Live Queue Brand' });
    // Similar brands are answered without writing: nothing for the queue.
    const similar = await created(request('Brandolimo'), { force: false, as: multiToken, partnerId: sk });
    expect(similar.success).toBe(false);
    const { id, partnerId } = await pendingId('LIVEQUEUEBRAND');
    await server.gql(REJECT, { id, partnerId, reason: 'Duplicate of a line.' }, { token: adminToken });
    expect((await operator.next('brand_request_decided')).data).toEqual({
      requestId: Number(id),
      name: 'Live Queue Brand',
      status: 'REJECTED',
    });
    await requester.next('brand_request_decided');
    // A marker to each socket comes after everything published before it: had a seller been sent it, it is here.
    for (const socket of [operator, requester, bystander]) await socket.settled();
    expect(requester.all('brand_request_created')).toEqual([]);
    expect(bystander.all('brand_request_created')).toEqual([]);
    expect(bystander.all('brand_request_decided')).toEqual([]);
    expect(operator.all('brand_request_created')).toHaveLength(1);
    for (const socket of [operator, requester, bystander]) socket.close();
  });

  it("refuses a partner's decision and an unknown or mismatched request", async () => {
    await created(request('Undecided Brand'));
    const { id, partnerId } = await pendingId('UNDECIDEDBRAND');
    expect(codeOf(await server.gql(ACCEPT, { id, partnerId }, { token, partnerId: cz }))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(REJECT, { id, partnerId, reason: 'x' }, { token, partnerId: cz }))).toBe(
      'ACCESS_DENIED',
    );
    expect(await pendingCount('UNDECIDEDBRAND')).toBe(1);
    expect(codeOf(await server.gql(ACCEPT, { id, partnerId: sk }, { token: adminToken }))).toBe(
      'BRAND_REQUEST_NOT_FOUND',
    );
    expect(codeOf(await server.gql(ACCEPT, { id: 'abc', partnerId }, { token: adminToken }))).toBe(
      'BRAND_REQUEST_NOT_FOUND',
    );
  });

  it('keep decided requests below the pending ones', async () => {
    const result = await server.gql<{ cockpitBrandRequests: { items: { status: string; brandId: string }[] } }>(
      COCKPIT,
      { grid: { perPage: 500 } },
      { token: adminToken },
    );
    const statuses = result.data!.cockpitBrandRequests.items.map((r) => r.status);
    const firstDecided = statuses.findIndex((s) => s !== 'PENDING');
    expect(firstDecided).toBeGreaterThan(0);
    expect(statuses.slice(firstDecided).every((s) => s !== 'PENDING')).toBe(true);
    const rejected = await server.gql<{ cockpitBrandRequests: { items: { brandId: string }[] } }>(
      COCKPIT,
      { status: 'REJECTED' },
      { token: adminToken },
    );
    const items = rejected.data!.cockpitBrandRequests.items as { brandId: string; status: string }[];
    expect(items.map((r) => r.brandId)).toContain('REJECTEDBRAND');
    expect(items.every((r) => r.status === 'REJECTED')).toBe(true);
    expect(codeOf(await server.gql(COCKPIT, { status: 'DONE' }, { token: adminToken }))).toBe('VALIDATION_ERROR');
  });
});

/** A logged-in live stream socket of the session, as the web opens it. */
function partnerSocket(as = token) {
  return openStreamSocket(server, as);
}
