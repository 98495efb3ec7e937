import { readdirSync, readFileSync } from 'node:fs';
import { describeActivity } from '@pp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { takeMarketplaceOrder } from '../deliveries/intake';
import { demoOrderInput } from '../deliveries/intake-demo';
import { applyMarketplaceEvent } from '../deliveries/intake-events';

/**
 * The home page's recent activity reads the deliveries area's entries as sentences (issue 19): an order the
 * marketplace handed in and its events name the marketplace (no account acted) and link the order; every
 * action the area records has a sentence of its own.
 */
let server: TestServer;
let cz: number;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  token = (await server.login('partner@demo.test')).token;
});
afterAll(async () => server?.close());

const DASHBOARD = `{ dashboard { recentActivity { action actorEmail actorName byYou kind link params { name value } } } }`;
type Entry = {
  action: string;
  actorEmail: string | null;
  actorName: string | null;
  byYou: boolean;
  kind: string;
  link: string | null;
  params: { name: string; value: string }[];
};

async function recentActivity(): Promise<Entry[]> {
  const result = await server.gql<{ dashboard: { recentActivity: Entry[] } }>(DASHBOARD, {}, { token, partnerId: cz });
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data.dashboard.recentActivity;
}

describe("the deliveries area's activity", () => {
  it('reads an order from the marketplace, and its payment event, as sentences of the marketplace', async () => {
    const orderId = 4_300_000_000_001;
    const input = demoOrderInput({ id: cz, shopId: 'CZ10MA' }, orderId, () => 0.3);
    const taken = await takeMarketplaceOrder(server.app.platform, input, { channel: 'push' });
    expect(taken.created).toBe(true);
    const confirmed = !(input.confirmed ?? true);
    const event = await applyMarketplaceEvent(server.app.platform, orderId, {
      partnerId: cz,
      event: { type: 'confirmation', confirmed },
    });
    expect(event.outcome).toBe('changed');

    const [newest, before] = await recentActivity();
    const order = [{ name: 'order', value: String(orderId) }];
    // No account acted: no name, no e-mail (the web names the marketplace), never "you".
    const marketplace = { actorEmail: null, actorName: null, byYou: false, link: `/orders/${orderId}`, params: order };
    expect(newest).toEqual({
      action: 'order.marketplace-event',
      kind: confirmed ? 'orderPaymentConfirmed' : 'orderPaymentUnconfirmed',
      ...marketplace,
    });
    expect(before).toEqual({ action: 'order.create', kind: 'orderReceived', ...marketplace });
  });

  it('has a sentence with a link for every action the deliveries area records', () => {
    const root = new URL('../deliveries/', import.meta.url);
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    const actions = new Set<string>();
    for (const file of files) {
      for (const line of readFileSync(new URL(file, root), 'utf8').split('\n')) {
        if (!/\baction:\s/.test(line)) continue;
        for (const [, action] of line.matchAll(/'([a-z]+(?:[.-][a-z]+)+)'/g)) actions.add(action!);
        // saveDelivery writes `delivery.${action}`: create or update.
        if (/`delivery\.\$\{action\}`/.test(line)) for (const a of ['create', 'update']) actions.add(`delivery.${a}`);
      }
    }
    // An operator's carrier branch file is written with no partner: it is never in a partner's activity.
    actions.delete('deliveries.branches.upload');
    // The grep finds what it must (so the check below is not vacuous); a new action needs its sentence there.
    expect([...actions]).toEqual(
      expect.arrayContaining([
        'order.create',
        'order.marketplace-event',
        'order.consignment.register',
        'order.consignment.export',
        'warehouse.update',
        'partner.marketplace-flags',
        'deliveries.mall.request',
        'deliveries.mall.accept',
        'deliveries.mall.decline',
        'deliveries.mall.deactivate',
        'deliveries.mall.classic',
        'deliveries.mall.spectrum',
        'delivery.create',
        'delivery.update',
        'delivery.mall',
        'delivery.delete',
      ]),
    );
    for (const action of actions) {
      const sentence = describeActivity({ action, entityId: '7', data: { code: 'PPL', shipment: 'DELIVERED' } });
      expect([action, sentence.kind === 'generic', sentence.link === null]).toEqual([action, false, false]);
    }
  });
});
