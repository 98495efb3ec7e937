import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { feedRuns, feeds } from './tables';
import { type FeedServer, startFeedServer } from './test-feeds';

/**
 * A feed has one open run, whoever asks at the same moment: a seller double-clicking "enqueue", a colleague
 * pressing "reset", the schedule. Every request is answered (a run, or IMPORT_IN_PROGRESS), never a 500.
 */

let server: TestServer;
let seller: FeedServer;
let cz: number;
let token: string;

const FEED =
  '<?xml version="1.0"?>\n<ITEMS>\n<ITEM><ID>RACE-1</ID><PRODUCT_TYPE>Mug</PRODUCT_TYPE><PRICE>10</PRICE></ITEM>\n</ITEMS>\n';

beforeAll(async () => {
  server = await startTestServer({ config: { webhooks: { allowPrivateUrls: true } } });
  seller = await startFeedServer();
  seller.file('/products.xml', FEED);
  cz = await partnerIdByShop(server.database, '100001');
  token = (await server.login('partner@demo.test')).token;
  const saved = await server.gql(
    'mutation($data: MallFeedInput!) { mallFeedUpdate(type: PRODUCTS, data: $data) { id } }',
    { data: { url: `${seller.base}/products.xml`, enabled: true, schedule: 'DISABLED' } },
    { token, partnerId: cz },
  );
  expect(saved.errors).toBeUndefined();
});
afterAll(async () => {
  await seller?.close();
  await server?.close();
});

async function openRuns() {
  const [feed] = await server.database.db
    .select()
    .from(feeds)
    .where(and(eq(feeds.partnerId, cz), eq(feeds.format, 'MALL'), eq(feeds.type, 'PRODUCTS')));
  return server.database.db
    .select()
    .from(feedRuns)
    .where(and(eq(feedRuns.feedId, feed!.id), inArray(feedRuns.status, ['QUEUED', 'RUNNING'])));
}

describe('one open run per feed', () => {
  it('queues exactly one run when enqueues and resets race', async () => {
    const documents = [
      'mutation { mallFeedEnqueue(type: PRODUCTS) { id } }',
      'mutation { mallFeedReset(type: PRODUCTS) { id } }',
    ];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => server.gql(documents[i % 2]!, {}, { token, partnerId: cz })),
    );
    const queued = answers.filter((a) => !a.errors);
    expect(queued).toHaveLength(1);
    // Every other request is told why, with the spec's code.
    expect(answers.filter((a) => a.errors).map(codeOf)).toEqual(Array(11).fill('IMPORT_IN_PROGRESS'));
    expect(await openRuns()).toHaveLength(1);
  });
});
