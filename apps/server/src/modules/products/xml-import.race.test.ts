import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
let cz: number;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  token = (await server.login('partner@demo.test')).token;
});
afterAll(async () => server?.close());

const xml = (...items: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<ITEMS>\n${items.join('\n')}\n</ITEMS>\n`;

function item(id: string) {
  return `<ITEM><ID>${id}</ID><PRODUCT_TYPE>T-shirt</PRODUCT_TYPE><PRICE>499</PRICE></ITEM>`;
}

function post(body: string) {
  return server.app.app.inject({
    method: 'POST',
    url: '/portal/import/partner-products',
    headers: {
      authorization: `Bearer ${token}`,
      'x-partner-id': String(cz),
      'accept-language': 'en',
      'content-type': 'application/xml',
    },
    payload: body,
  });
}

describe('who may import', () => {
  it('lets a partner run one import at a time, even when two uploads race', async () => {
    const [a, b] = await Promise.all([post(xml(item('RACE-1'))), post(xml(item('RACE-2')))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 400]);
    expect([a, b].find((r) => r.statusCode === 400)?.json()).toMatchObject({
      code: 'IMPORT_IN_PROGRESS',
      message: 'Import is in progress',
    });
  });
});
