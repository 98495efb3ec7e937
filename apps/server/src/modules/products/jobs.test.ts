import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { captureStream } from '../../test/waits';
import { PRODUCT_ACTIVATION_JOB, PRODUCT_BATCH_JOB } from './jobs';
import { products } from './tables';
import { insertTestCatalog, TEST_CATEGORY } from './test-catalog';

let server: TestServer;
let cz: number;
let sk: number;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  token = (await server.login('partner@demo.test')).token;
  await insertTestCatalog(server.database);
});
afterAll(async () => server?.close());

type Progress = { jobId: string; status: string; done: number; total: number; failed?: number };

/**
 * Listens to the stream's channel (what every server process delivers to sockets) for one event type;
 * `stop` proves with a marker that everything published before it has arrived.
 */
function capture(type: string) {
  return captureStream(server.app.platform, ({ event }) =>
    event?.type === type ? (event.data as Progress) : undefined,
  );
}

async function statuses(partnerId: number, like: string): Promise<Record<string, number>> {
  const { rows } = await server.database.executeSql(
    'select status, count(*)::int as n from products where partner_id = $1 and id like $2 group by status',
    [partnerId, like],
  );
  return Object.fromEntries((rows as { status: string; n: number }[]).map((r) => [r.status, r.n]));
}

const ACTIVATE = 'mutation { productsActivateAll { jobId } }';
const BATCH = `mutation($ids: [ID!]!, $field: String!, $value: JSON) {
  productsBatchApply(ids: $ids, field: $field, value: $value) { jobId } }`;

describe('activate all', () => {
  it('activates 2,500 products in batches of 1,000 with progress, one job per partner, audited once', async () => {
    // The demo catalogue has a few inactive products of its own: they are activated too.
    const demo = (await statuses(cz, '%')).INACTIVE ?? 0;
    const total = 2500 + demo;
    await server.database.db.insert(products).values([
      ...Array.from({ length: 2500 }, (_, i) => ({
        partnerId: cz,
        id: `ACT-${String(i).padStart(4, '0')}`,
        title: `Item ${i}`,
        status: 'INACTIVE',
      })),
      { partnerId: cz, id: 'ACT-NFR', title: 'Not for resale', status: 'NOT_FOR_RESALE' },
      { partnerId: sk, id: 'ACT-SK', title: 'Slovak', status: 'INACTIVE' },
    ]);
    const stream = await capture('product_activation_progress');
    const started = await server.gql<{ productsActivateAll: { jobId: string } }>(
      ACTIVATE,
      {},
      { token, partnerId: cz },
    );
    expect(started.errors).toBeUndefined();
    expect(codeOf(await server.gql(ACTIVATE, {}, { token, partnerId: cz }))).toBe('PRODUCT_JOB_IN_PROGRESS');
    expect(await statuses(cz, 'ACT-%')).toEqual({ INACTIVE: 2500, NOT_FOR_RESALE: 1 });

    await server.app.platform.jobs.runQueued(PRODUCT_ACTIVATION_JOB);
    await stream.stop();
    const jobId = started.data!.productsActivateAll.jobId;
    expect(stream.events.map((e) => [e.status, e.done])).toEqual([
      ['BEGIN', 0],
      ['PROGRESS', 1000],
      ['PROGRESS', 2000],
      ['PROGRESS', total],
      ['END', total],
    ]);
    expect(stream.events.every((e) => e.jobId === jobId && e.total === total)).toBe(true);
    expect(await statuses(cz, 'ACT-%')).toEqual({ ACTIVE: 2500, NOT_FOR_RESALE: 1 });
    expect(await statuses(sk, 'ACT-%')).toEqual({ INACTIVE: 1 });
    const { rows } = await server.database.executeSql(
      "select data from audit_log where action = 'product.activateAll' and partner_id = $1",
      [cz],
    );
    expect(rows).toEqual([{ data: { count: total } }]);
    // Finished: the partner may start another one.
    expect(codeOf(await server.gql(ACTIVATE, {}, { token, partnerId: cz }))).toBeUndefined();
    await server.app.platform.jobs.runQueued(PRODUCT_ACTIVATION_JOB);
  }, 60_000);

  it('goes on after a restart from the progress the job stored', async () => {
    await server.database.executeSql(
      "update products set status = 'INACTIVE' where partner_id = $1 and id like 'ACT-%' and status = 'ACTIVE'",
      [cz],
    );
    const started = await server.gql<{ productsActivateAll: { jobId: string } }>(
      ACTIVATE,
      {},
      { token, partnerId: cz },
    );
    const jobId = started.data!.productsActivateAll.jobId;
    // As a process that stopped after its first committed batch leaves it.
    await server.database.executeSql(
      `update pgboss.job set data = data || '{"done": 1000, "after": "ACT-0999"}'::jsonb where id = $1::uuid`,
      [jobId],
    );
    const stream = await capture('product_activation_progress');
    await server.app.platform.jobs.runQueued(PRODUCT_ACTIVATION_JOB);
    await stream.stop();
    expect(stream.events.map((e) => [e.status, e.done])).toEqual([
      ['BEGIN', 1000],
      ['PROGRESS', 2000],
      ['PROGRESS', 2500],
      ['END', 2500],
    ]);
    // Only what came after the stored id was worked.
    expect(await statuses(cz, 'ACT-0%')).toEqual({ INACTIVE: 1000 });
    expect(await statuses(cz, 'ACT-1%')).toEqual({ ACTIVE: 1000 });
  }, 60_000);
});

describe('batch apply', () => {
  beforeAll(async () => {
    await server.database.db.insert(products).values([
      { partnerId: cz, id: 'BAT-1', title: 'One', categoryId: TEST_CATEGORY.leaf, parameters: { WEIGHT_G: '10' } },
      { partnerId: cz, id: 'BAT-2', title: 'Two', categoryId: TEST_CATEGORY.leaf, parameters: {} },
      { partnerId: cz, id: 'BAT-3', title: 'Three', status: 'NOT_FOR_RESALE', categoryId: TEST_CATEGORY.leaf },
      { partnerId: sk, id: 'BAT-SK', title: 'Slovak', deliveryDelay: 1 },
    ]);
  });

  async function apply(ids: string[], field: string, value: unknown) {
    const answer = await server.gql<{ productsBatchApply: { jobId: string } }>(
      BATCH,
      { ids, field, value },
      { token, partnerId: cz },
    );
    if (answer.errors) return { answer, events: [] };
    const stream = await capture('product_batch_progress');
    await server.app.platform.jobs.runQueued(PRODUCT_BATCH_JOB);
    await stream.stop();
    return { answer, events: stream.events };
  }

  async function column(id: string, name: string, partnerId = cz): Promise<unknown> {
    const { rows } = await server.database.executeSql(
      `select ${name} as v from products where partner_id = $1 and id = $2`,
      [partnerId, id],
    );
    return (rows[0] as { v: unknown } | undefined)?.v;
  }

  it("sets one field on many products, never on another partner's", async () => {
    const { events } = await apply(['BAT-1', 'BAT-2', 'BAT-SK'], 'deliveryDelay', 7);
    expect(events.at(-1)).toMatchObject({ status: 'END', done: 3, total: 3, failed: 1 });
    expect([await column('BAT-1', 'delivery_delay'), await column('BAT-2', 'delivery_delay')]).toEqual([7, 7]);
    expect(await column('BAT-SK', 'delivery_delay', sk)).toBe(1);
    await apply(['BAT-1'], 'vat', '12');
    expect(Number(await column('BAT-1', 'vat'))).toBe(12);
  });

  it("keeps the marketplace's NOT_FOR_RESALE and puts live only what may be listed", async () => {
    const status = await apply(['BAT-1', 'BAT-3'], 'status', 'INACTIVE');
    expect(status.events.at(-1)).toMatchObject({ status: 'END', failed: 1 });
    expect([await column('BAT-1', 'status'), await column('BAT-3', 'status')]).toEqual(['INACTIVE', 'NOT_FOR_RESALE']);
    const live = await apply(['BAT-1', 'BAT-2'], 'stage', 'LIVE');
    expect(live.events.at(-1)).toMatchObject({ status: 'END', failed: 1 });
    expect([await column('BAT-1', 'stage'), await column('BAT-2', 'stage')]).toEqual(['LIVE', 'DRAFT']);
  });

  it('refuses a field outside the list and a value the field cannot hold, before any job', async () => {
    const cases: [string, unknown, string, string | null][] = [
      ['title', 'x', 'BATCH_FIELD_INVALID', null],
      ['deliveryDelay', 366, 'VALIDATION_ERROR', 'numberBetween'],
      ['inStock', 10_000, 'VALIDATION_ERROR', 'numberBetween'],
      ['vat', 20, 'VALIDATION_ERROR', 'vatRate'],
      ['freeDelivery', 'yes', 'VALIDATION_ERROR', 'invalid'],
      ['status', 'NOT_FOR_RESALE', 'PRODUCT_NOT_FOR_RESALE', null],
      ['brandId', 'NOSUCHBRAND', 'BRAND_NOT_FOUND', null],
    ];
    for (const [field, value, code, rule] of cases) {
      const { answer } = await apply(['BAT-1'], field, value);
      expect(codeOf(answer), field).toBe(code);
      const fields = (answer.errors?.[0]?.extensions.fields ?? []) as { rule: string }[];
      if (rule) expect(fields[0]?.rule).toBe(rule);
    }
    const tooMany = await apply(
      Array.from({ length: 10_001 }, (_, i) => `X${i}`),
      'priority',
      2,
    );
    expect(codeOf(tooMany.answer)).toBe('VALIDATION_ERROR');
    const { rows } = await server.database.executeSql(
      'select count(*)::int as n from pgboss.job where name = $1 and state = $2',
      [PRODUCT_BATCH_JOB, 'created'],
    );
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('refuses an account without the products permission', async () => {
    await server.database.executeSql(
      `update access_policies set is_active = false where subject = 'products'
       and account_id = (select id from accounts where email = 'limited@demo.test')`,
    );
    await server.app.platform.authCache.changed({ all: true });
    const limited = (await server.login('limited@demo.test')).token;
    expect(codeOf(await server.gql(ACTIVATE, {}, { token: limited, partnerId: cz }))).toBe('ACCESS_DENIED');
    expect(
      codeOf(
        await server.gql(BATCH, { ids: ['BAT-1'], field: 'priority', value: 2 }, { token: limited, partnerId: cz }),
      ),
    ).toBe('ACCESS_DENIED');
  });
});
