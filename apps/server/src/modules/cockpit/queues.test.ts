import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
let adminToken: string;
let cz: number;
let sk: number;

type Counts = Record<string, number>;

async function counts(token = adminToken): Promise<Counts> {
  const result = await server.gql<{ cockpitQueues: { queue: string; area: string; count: number }[] }>(
    '{ cockpitQueues { queue area count } }',
    {},
    { token },
  );
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return Object.fromEntries(result.data.cockpitQueues.map((q) => [q.queue, q.count]));
}

async function run(text: string, values: unknown[] = []): Promise<Record<string, unknown>[]> {
  return (await server.database.executeSql(text, values)).rows as Record<string, unknown>[];
}

/** Runs `change` and answers how each queue moved. */
async function moved(change: () => Promise<unknown>): Promise<Counts> {
  const before = await counts();
  await change();
  const after = await counts();
  return Object.fromEntries(
    Object.keys(after)
      .map((q) => [q, after[q]! - before[q]!] as const)
      .filter(([, d]) => d !== 0),
  );
}

beforeAll(async () => {
  server = await startTestServer({ listen: false });
  adminToken = (await server.login('admin@demo.test')).token;
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
});
afterAll(async () => server?.close());

describe('the operator home queues', () => {
  it('counts every queue in one answer, each with the area that works it', async () => {
    const result = await server.gql<{ cockpitQueues: { queue: string; area: string; count: number }[] }>(
      '{ cockpitQueues { queue area count } }',
      {},
      { token: adminToken },
    );
    expect(result.data!.cockpitQueues.map((q) => [q.queue, q.area])).toEqual([
      ['registrations', 'onboarding'],
      ['onboardingMoves', 'onboarding'],
      ['brandRequests', 'catalog'],
      ['mallDeliveryRequests', 'deliveries'],
      ['selfBillingRequests', 'billing'],
      ['unansweredMessages', 'messages'],
      ['brokenWebhooks', 'api'],
      ['failedFeeds', 'api'],
    ]);
    const seeded = await run("select count(*)::int as n from brand_requests where status = 'PENDING'");
    expect((await counts()).brandRequests).toBe(seeded[0]!.n);
  });

  it('follows the onboarding: a company to verify, then a move of the operators, then none', async () => {
    const [extra] = await run(
      "select id from partners where workflow_status = 'PRODUCTION' and sandbox_of is null order by id desc limit 1",
    );
    const id = extra!.id;
    const move = (status: string) => run('update partners set workflow_status = $1 where id = $2', [status, id]);
    expect(await moved(() => move('VENDOR_CHECK_STANDARD'))).toEqual({ registrations: 1 });
    expect(await moved(() => move('DRAFT_CONTRACT'))).toEqual({ registrations: -1, onboardingMoves: 1 });
    expect(await moved(() => move('PARTNER_ACCESS'))).toEqual({ onboardingMoves: -1 });
    await move('PRODUCTION');
  });

  it('follows brand requests, MALL Delivery and self-billing requests as they come and are decided', async () => {
    const [pending] = await run("select id from brand_requests where status = 'PENDING' limit 1");
    expect(
      await moved(() => run("update brand_requests set status = 'ACCEPTED' where id = $1", [pending!.id])),
    ).toEqual({ brandRequests: -1 });
    expect(await moved(() => run("update brand_requests set status = 'PENDING' where id = $1", [pending!.id]))).toEqual(
      { brandRequests: 1 },
    );

    await run("update mall_delivery_requests set status = 'declined' where partner_id = $1 and status = 'pending'", [
      sk,
    ]);
    expect(
      await moved(() => run("insert into mall_delivery_requests (partner_id, status) values ($1, 'pending')", [sk])),
    ).toEqual({ mallDeliveryRequests: 1 });
    expect(
      await moved(() =>
        run(
          "update mall_delivery_requests set status = 'accepted', decided_at = now() where partner_id = $1 and status = 'pending'",
          [sk],
        ),
      ),
    ).toEqual({ mallDeliveryRequests: -1 });

    const [billing] = await run('select billing_status from partners where id = $1', [sk]);
    await run("update partners set billing_status = 'inactive' where id = $1", [sk]);
    expect(await moved(() => run("update partners set billing_status = 'requested' where id = $1", [sk]))).toEqual({
      selfBillingRequests: 1,
    });
    expect(await moved(() => run("update partners set billing_status = 'active' where id = $1", [sk]))).toEqual({
      selfBillingRequests: -1,
    });
    await run('update partners set billing_status = $1 where id = $2', [billing!.billing_status, sk]);
  });

  it('counts a conversation as unanswered until an operator writes the last message', async () => {
    let conversation = 0;
    expect(
      await moved(async () => {
        const [row] = await run(
          "insert into conversations (partner_id, subject, department) values ($1, 'Invoice?', 'BILLING') returning id",
          [cz],
        );
        conversation = row!.id as number;
        await run("insert into messages (conversation_id, partner_id, body) values ($1, $2, 'Where is it?')", [
          conversation,
          cz,
        ]);
      }),
    ).toEqual({ unansweredMessages: 1 });
    expect(
      await moved(() =>
        run("insert into messages (conversation_id, partner_id, from_operator, body) values ($1, $2, true, 'Here.')", [
          conversation,
          cz,
        ]),
      ),
    ).toEqual({ unansweredMessages: -1 });
    await run("insert into messages (conversation_id, partner_id, body) values ($1, $2, 'Thanks, and…')", [
      conversation,
      cz,
    ]);
    expect(await moved(() => run("update conversations set state = 'closed' where id = $1", [conversation]))).toEqual({
      unansweredMessages: -1,
    });
  });

  it('counts broken webhooks and switched-on feeds whose last run failed', async () => {
    let hook = 0;
    expect(
      await moved(async () => {
        const [row] = await run(
          `insert into webhooks (partner_id, url, event, status, secret_salt)
           values ($1, 'https://shop.example/hook', 'ORDERS_CHANGED', 'BROKEN', 'salt') returning id`,
          [cz],
        );
        hook = row!.id as number;
      }),
    ).toEqual({ brokenWebhooks: 1 });
    expect(await moved(() => run("update webhooks set status = 'OK' where id = $1", [hook]))).toEqual({
      brokenWebhooks: -1,
    });

    const [feed] = await run(
      `insert into feeds (partner_id, format, type, url, enabled) values ($1, 'MALL', 'PRODUCTS', 'https://shop.example/feed.xml', true)
       on conflict (partner_id, format, type) do update set enabled = true returning id`,
      [sk],
    );
    const runOf = async (status: string) => {
      const [r] = await run(
        `insert into feed_runs (feed_id, partner_id, format, type, trigger, status)
         values ($1, $2, 'MALL', 'PRODUCTS', 'MANUAL', $3) returning id`,
        [feed!.id, sk, status],
      );
      await run('update feeds set last_run_id = $1 where id = $2', [r!.id, feed!.id]);
    };
    await runOf('DONE');
    expect(await moved(() => runOf('FAILED'))).toEqual({ failedFeeds: 1 });
    expect(await moved(() => run('update feeds set enabled = false where id = $1', [feed!.id]))).toEqual({
      failedFeeds: -1,
    });
    expect(await moved(() => run('update feeds set enabled = true where id = $1', [feed!.id]))).toEqual({
      failedFeeds: 1,
    });
    expect(await moved(() => runOf('DONE'))).toEqual({ failedFeeds: -1 });
  });

  it('is read by every operator role and refused to partners', async () => {
    for (const email of ['support@demo.test', 'finance@demo.test', 'sales@demo.test', 'content@demo.test']) {
      const { token } = await server.login(email);
      expect(Object.keys(await counts(token))).toHaveLength(8);
    }
    const { token } = await server.login('partner@demo.test');
    const refused = await server.gql('{ cockpitQueues { queue count } }', {}, { token });
    expect(codeOf(refused)).toBe('ACCESS_DENIED');
  });
});
