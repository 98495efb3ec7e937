import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/tables';
import { storedFiles } from '../../platform/files/tables';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { revokePolicies } from '../catalog/test-fixtures';
import { partners } from './tables';
import { multipartBody, pngOf, postForm } from './test-uploads';

let server: TestServer;
let cz: number;
let sk: number;
let czToken: string;
let limitedToken: string;

const PROFILE = '{ shopProfile { logo { fileId url name } } }';
const REMOVE = 'mutation { removePartnerLogo { logo { url } } }';

function uploadLogo(body: Buffer, fileName = 'logo.png', as = { token: czToken, partnerId: cz }) {
  return postForm(server, '/portal/partner/logo', multipartBody({}, { body, fileName, contentType: 'image/png' }), as);
}

async function logoFileId(partnerId: number): Promise<string | null> {
  const [row] = await server.database.db
    .select({ id: partners.logoFileId })
    .from(partners)
    .where(eq(partners.id, partnerId));
  return row?.id ?? null;
}

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  await revokePolicies(server.database.db, 'limited@demo.test', cz, 'partner', ['update']);
  czToken = (await server.login('partner@demo.test')).token;
  limitedToken = (await server.login('limited@demo.test')).token;
});
afterAll(async () => server?.close());

describe('partner logo', () => {
  it('takes a real PNG, keeps it for good and serves it publicly', async () => {
    const png = await pngOf(240, 120);
    const response = await uploadLogo(png, 'Sport Demo.png');
    expect(response.statusCode).toBe(200);
    const profile = response.json() as { logo: { fileId: string; url: string; name: string } };
    expect(profile.logo).toMatchObject({ url: `/media/${profile.logo.fileId}`, name: 'Sport Demo.png' });
    expect(await logoFileId(cz)).toBe(profile.logo.fileId);
    const [file] = await server.database.db.select().from(storedFiles).where(eq(storedFiles.id, profile.logo.fileId));
    expect(file).toMatchObject({ kind: 'partner-logo', expiresAt: null, partnerId: cz, contentType: 'image/png' });
    // Public: no session needed, the shop page shows it.
    const served = await server.app.app.inject({ method: 'GET', url: profile.logo.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.rawPayload, png)).toBe(0);
  });

  it('refuses a text file named logo.png and changes nothing', async () => {
    const before = await logoFileId(cz);
    const response = await uploadLogo(Buffer.from('this is not a picture at all, only text\n'.repeat(20)), 'logo.png');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'PARTNER_LOGO_TYPE',
      message: 'The logo must be a PNG, JPEG or WebP image.',
    });
    expect(await logoFileId(cz)).toBe(before);
  });

  it('refuses a 1x1 picture and one smaller than 64 px on a side; 64 px passes', async () => {
    expect((await uploadLogo(await pngOf(1, 1))).json()).toMatchObject({ code: 'PARTNER_LOGO_DIMENSIONS' });
    expect((await uploadLogo(await pngOf(63, 200))).json()).toMatchObject({ code: 'PARTNER_LOGO_DIMENSIONS' });
    expect((await uploadLogo(await pngOf(4001, 64))).json()).toMatchObject({ code: 'PARTNER_LOGO_DIMENSIONS' });
    expect((await uploadLogo(await pngOf(64, 64))).statusCode).toBe(200);
  });

  it('refuses a PNG cut off after its header', async () => {
    const png = await pngOf(400, 400);
    const response = await uploadLogo(png.subarray(0, Math.floor(png.length / 2)));
    expect(response.json()).toMatchObject({ code: 'PARTNER_LOGO_TYPE' });
  });

  it('releases the replaced logo: it is no longer served', async () => {
    const first = (await uploadLogo(await pngOf(100, 100))).json() as { logo: { url: string; fileId: string } };
    const second = (await uploadLogo(await pngOf(120, 120))).json() as { logo: { url: string } };
    expect(second.logo.url).not.toBe(first.logo.url);
    expect((await server.app.app.inject({ method: 'GET', url: first.logo.url })).statusCode).toBe(404);
    expect((await server.app.app.inject({ method: 'GET', url: second.logo.url })).statusCode).toBe(200);
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.partnerId, cz), eq(auditLog.action, 'partner.logo.set')));
    expect(audits.length).toBeGreaterThanOrEqual(3);
  });

  it('is removed on request and is then gone from the page and the public route', async () => {
    const current = await server.gql<{ shopProfile: { logo: { url: string } } }>(
      PROFILE,
      {},
      { token: czToken, partnerId: cz },
    );
    const url = current.data!.shopProfile.logo.url;
    const removed = await server.gql<{ removePartnerLogo: { logo: null } }>(
      REMOVE,
      {},
      { token: czToken, partnerId: cz },
    );
    expect(removed.data!.removePartnerLogo.logo).toBeNull();
    expect(await logoFileId(cz)).toBeNull();
    expect((await server.app.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it("refuses an account without partner update, and another partner's caller", async () => {
    const png = await pngOf(100, 100);
    const limited = await uploadLogo(png, 'logo.png', { token: limitedToken, partnerId: cz });
    expect(limited.statusCode).toBe(403);
    expect(codeOf(await server.gql(REMOVE, {}, { token: limitedToken, partnerId: cz }))).toBe('ACCESS_DENIED');
    const other = await uploadLogo(png, 'logo.png', { token: czToken, partnerId: sk });
    expect(other.statusCode).toBe(403);
    expect(await logoFileId(sk)).toBeNull();
  });
});
