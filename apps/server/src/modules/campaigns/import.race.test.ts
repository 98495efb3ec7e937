import { shopDay } from '@pp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
let cz: number;
let token: string;
let campaignId: number;

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  token = (await server.login('partner@demo.test')).token;
  const from = new Date(`${shopDay(new Date(), 'CZ10MA')}T12:00:00Z`);
  from.setUTCDate(from.getUTCDate() + 10);
  const day = from.toISOString().slice(0, 10);
  const { rows } = await server.database.executeSql(
    `insert into campaigns (name, status, article_count_max, shops, date_from, date_to)
     values ('Race', 'PUBLISHED', 10, '{CZ10MA}', $1, $1) returning id`,
    [day],
  );
  campaignId = Number((rows[0] as { id: number }).id);
});
afterAll(async () => server?.close());

function post(line: string) {
  const boundary = '----campaign-race';
  return server.app.app.inject({
    method: 'POST',
    url: '/portal/campaign-import',
    headers: {
      authorization: `Bearer ${token}`,
      'x-partner-id': String(cz),
      'accept-language': 'en',
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload:
      `--${boundary}\r\nContent-Disposition: form-data; name="campaignId"\r\n\r\n${campaignId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="race.csv"\r\nContent-Type: text/csv\r\n\r\n${line}\n\r\n--${boundary}--\r\n`,
  });
}

describe('one unfinished import per partner and campaign', () => {
  it('refuses the second of two uploads sent at once with AnotherImportConflict', async () => {
    const [a, b] = await Promise.all([post('RACE-1;100'), post('RACE-2;100')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 400]);
    expect([a, b].find((r) => r.statusCode === 400)?.json()).toMatchObject({
      code: 'AnotherImportConflict',
      message: 'Another import is still being processed.',
    });
    const { rows } = await server.database.executeSql(
      'select count(*)::int as n from campaign_imports where partner_id = $1 and campaign_id = $2',
      [cz, campaignId],
    );
    expect(rows).toEqual([{ n: 1 }]);
  });
});
