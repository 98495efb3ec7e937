import { apiDayOf, previousApiDay } from '@pp/domain';
import type { DbOrTx } from '../../platform/db/client';
import { hashToken } from '../../modules/auth/tokens';
import { newClientId } from '../../modules/api/keys';
import { apiKeys, apiTiers, apiUsageDaily, partnerApiTiers } from '../../modules/api/tables';
import type { DemoIds } from './ids';

const DAY = 86_400_000;

/**
 * The REST API client id of partner@demo.test's shop (the secret of its master key), known so an integration
 * can be tried against a fresh `npm start` at once: `GET /v1/brands?client_id=…`. Demo data only.
 */
export const DEMO_API_CLIENT_ID = 'demo-partner-api-client-id-cz10ma';

/** Requests per domain (products, availability, orders, other) for today and yesterday. */
const USAGE: Record<'cz' | 'sk' | 'pl', { today: number[]; yesterday: number[] }> = {
  // Standard: other past the 80 % warning of its 10,000, with room left to try the REST API (DEMO_API_CLIENT_ID).
  cz: { today: [12_345, 48_210, 3_120, 8_400], yesterday: [31_002, 87_455, 7_804, 6_120] },
  // Basic.
  sk: { today: [1_204, 3_310, 410, 95], yesterday: [2_980, 7_120, 1_044, 260] },
  // Basic: availability used up today.
  pl: { today: [4_400, 20_000, 1_210, 480], yesterday: [6_010, 18_930, 2_450, 700] },
};

/**
 * Every demo partner has a tier: the Czech shop Standard after two changes, the others Basic; the
 * generated partners have none and so Basic by default. Usage of today and yesterday for CZ, SK and PL,
 * and one master key for CZ whose secret is DEMO_API_CLIENT_ID (kept, as every secret, only as a hash).
 */
export async function seedApi(tx: DbOrTx, ids: DemoIds): Promise<void> {
  const tiers = await tx.select().from(apiTiers);
  const tierId = (name: string) => tiers.find((t) => t.name === name)!.id;
  const now = Date.now();
  await tx.insert(partnerApiTiers).values([
    { partnerId: ids.cz, tierId: tierId('Basic'), since: new Date(now - 200 * DAY), changedBy: ids.admin },
    { partnerId: ids.cz, tierId: tierId('Premium'), since: new Date(now - 90 * DAY), changedBy: ids.admin },
    { partnerId: ids.cz, tierId: tierId('Standard'), since: new Date(now - 20 * DAY), changedBy: ids.admin },
    ...[ids.sk, ids.pl, ids.hr, ids.onboarding].map((partnerId) => ({
      partnerId,
      tierId: tierId('Basic'),
      since: new Date(now - 120 * DAY),
      changedBy: ids.admin,
    })),
  ]);

  const today = apiDayOf(new Date(now));
  const yesterday = previousApiDay(today);
  const domains = ['products', 'availability', 'orders', 'other'] as const;
  await tx.insert(apiUsageDaily).values(
    (['cz', 'sk', 'pl'] as const).flatMap((shop) =>
      domains.flatMap((domain, i) => [
        {
          partnerId: ids[shop],
          day: today,
          domain,
          usedRequests: USAGE[shop].today[i]!,
          lastUpdated: new Date(now - 5 * 60_000),
        },
        {
          partnerId: ids[shop],
          day: yesterday,
          domain,
          usedRequests: USAGE[shop].yesterday[i]!,
          lastUpdated: new Date(now - DAY + 3_600_000),
        },
      ]),
    ),
  );

  await tx.insert(apiKeys).values({
    partnerId: ids.cz,
    clientId: newClientId('pp'),
    secretHash: hashToken(DEMO_API_CLIENT_ID),
    type: 'master',
    validFrom: new Date(now - 60 * DAY),
    createdBy: ids.partnerAcc,
    created: new Date(now - 60 * DAY),
  });
}
