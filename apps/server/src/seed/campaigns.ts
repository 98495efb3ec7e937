import { shopDay } from '@pp/domain';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { categories } from '../modules/catalog/tables';
import { campaignBlacklist, campaigns } from '../modules/campaigns/tables';
import { partners } from '../modules/partner/tables';
import type { DbOrTx } from '../platform/db/client';

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * The demo's campaigns (issue 22 point 1), dated from today so the list always shows every phase: one
 * upcoming and joinable (Czech and Slovak shops, limited to the electronics division), one running, one
 * ended, and a draft only operators see. Nobody has joined them yet; one generated Czech partner is on the
 * upcoming campaign's blacklist so the cockpit shows one.
 */
export async function seedCampaigns(db: DbOrTx, ids: { cz: number }): Promise<void> {
  const today = shopDay(new Date(), 'CZ10MA');
  const electronics = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        eq(categories.level, 1),
        inArray(categories.shopId, ['CZ10MA', 'SK10MA']),
        sql`${categories.names}->>'en' = 'Electronics'`,
      ),
    );
  const rows = await db
    .insert(campaigns)
    .values([
      {
        name: 'Vánoční elektronika -20 %',
        description:
          'Vánoční kampaň na hlavní stránce marketplace. Přihlaste produkty z divize elektroniky se slevou alespoň 10 % z vaší ceny a 15 % z doporučené ceny.',
        labels: ['SALE'],
        status: 'PUBLISHED',
        minDiscount: 10,
        minDiscountRrp: 15,
        maxReduction: 50,
        articleCountMin: 1,
        articleCountMax: 500,
        divisions: electronics.map((c) => c.id),
        shops: ['CZ10MA', 'SK10MA'],
        dateFrom: addDays(today, 14),
        dateTo: addDays(today, 27),
      },
      {
        name: 'Jarní úklid skladů',
        description: 'Doprodej zboží skladem. Produkty se zobrazují v sekci Výprodej.',
        labels: ['TOP'],
        status: 'PUBLISHED',
        minDiscount: 5,
        minDiscountRrp: 0,
        maxReduction: null,
        articleCountMin: 3,
        articleCountMax: 1000,
        shops: ['CZ10MA', 'PL20MA'],
        dateFrom: addDays(today, -5),
        dateTo: addDays(today, 5),
      },
      {
        name: 'Back to school',
        description: 'Školní potřeby, batohy a elektronika pro studenty.',
        labels: ['SALE'],
        status: 'PUBLISHED',
        minDiscount: 8,
        minDiscountRrp: 10,
        maxReduction: 40,
        articleCountMin: 1,
        articleCountMax: 300,
        shops: ['CZ10MA'],
        dateFrom: addDays(today, -45),
        dateTo: addDays(today, -31),
      },
      {
        name: 'Black Friday (připravuje se)',
        description: 'Koncept: podmínky se ještě upravují.',
        labels: ['SALE', 'TOP'],
        status: 'DRAFT',
        minDiscount: 15,
        minDiscountRrp: 20,
        maxReduction: 60,
        articleCountMin: 5,
        articleCountMax: 2000,
        shops: ['CZ10MA', 'SK10MA', 'PL20MA', 'HU20MA', 'SI10SI'],
        dateFrom: addDays(today, 40),
        dateTo: addDays(today, 43),
      },
    ])
    .returning({ id: campaigns.id });
  const [other] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(and(eq(partners.shopId, 'CZ10MA'), ne(partners.id, ids.cz)))
    .orderBy(desc(partners.id))
    .limit(1);
  const partnerId = other?.id;
  if (partnerId != null && rows[0]) await db.insert(campaignBlacklist).values({ campaignId: rows[0].id, partnerId });
}
