import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/client';
import { startTestServer, type TestServer } from '../../test/harness';
import { queueRun, workRun } from './run';
import { type BilledPartner, createBilledOrder, createBilledPartner } from './test-setup';

/**
 * Billing beside itself on PostgreSQL (transactions really side by side): numbers stay gap-free under parallel
 * issuing, and runs of one period racing each other bill every partner once.
 */

let server: TestServer;
let admin: string;
const partners: BilledPartner[] = [];

beforeAll(async () => {
  server = await startTestServer();
  admin = (await server.login('admin@demo.test')).token;
  for (let i = 0; i < 4; i++) {
    const partner = await createBilledPartner(server.database.db, {
      shopId: 'CZ10MA',
      seat: 'CZ',
      vatId: `CZ1000000${i}`,
      name: `Souběh ${i}`,
    });
    partners.push(partner);
    await createBilledOrder(server.database.db, partner, {
      status: 'delivered',
      currency: 'CZK',
      createdAt: '2024-05-04T10:00:00Z',
      deliveredAt: '2024-05-06T10:00:00Z',
      lines: [{ product: 'CAT', unitPrice: '1000.00' }],
    });
  }
}, 120_000);
afterAll(() => server.close());

describe('billing under parallel requests', () => {
  it('twenty penalties issued at once take twenty consecutive numbers of the series, none twice', async () => {
    const before = rowsOf<{ last: number | null }>(
      await server.database.db.execute(
        sql`select max(last) as last from billing_series where series = 'CZ10MA:PENALTY'`,
      ),
    )[0]!.last;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        server.gql<{ cockpitIssuePenalty: { invoiceNumber: string } }>(
          'mutation($p: ID!) { cockpitIssuePenalty(partnerId: $p, reason: "Race") { invoiceNumber } }',
          { p: partners[i % partners.length]!.id },
          { token: admin },
        ),
      ),
    );
    for (const r of results) expect(r.errors).toBeUndefined();
    const sequences = results
      .map((r) => Number(r.data!.cockpitIssuePenalty.invoiceNumber.slice(4)))
      .sort((a, b) => a - b);
    const first = (before ?? 0) + 1;
    expect(sequences).toEqual(Array.from({ length: 20 }, (_, i) => first + i));
  });

  it('three runs of the same period side by side bill each partner once', async () => {
    const db = server.database.db;
    const ids = await db.transaction(async (tx) =>
      Promise.all([
        queueRun(tx, server.app.platform, { period: '2024-05', partnerId: null, requestedBy: null }),
        queueRun(tx, server.app.platform, { period: '2024-05', partnerId: partners[0]!.id, requestedBy: null }),
        queueRun(tx, server.app.platform, { period: '2024-05', partnerId: partners[1]!.id, requestedBy: null }),
      ]),
    );
    await Promise.all(ids.map((id) => workRun(db, id)));
    const counts = rowsOf<{ partner_id: number; kind: string; n: number }>(
      await db.execute(sql`select partner_id, kind, count(*)::int as n from billing_documents
        where period = '2024-05-01' and partner_id = any(${sql.param(partners.map((p) => p.id))}::int[])
        group by partner_id, kind order by partner_id, kind`),
    );
    // Each partner: one commission and one fee invoice, each issued by whichever run came first.
    expect(counts).toEqual(
      partners.flatMap((p) => [
        { partner_id: p.id, kind: 'COMMISSION', n: 1 },
        { partner_id: p.id, kind: 'FEES', n: 1 },
      ]),
    );
    const offsets = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from billing_offsets where period = '2024-05-01'
        and partner_id = any(${sql.param(partners.map((p) => p.id))}::int[])`),
    );
    expect(offsets[0]!.n).toBe(partners.length);
    const runs = rowsOf<{ status: string }>(
      await db.execute(sql`select status from billing_runs where id = any(${sql.param(ids)}::int[])`),
    );
    expect(runs.map((r) => r.status)).toEqual(['DONE', 'DONE', 'DONE']);
  });
});
