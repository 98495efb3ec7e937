import {
  brandIdOf,
  COMMISSION_DEFAULTS,
  COMMISSION_EXCEPTIONS,
  COMMISSION_FALLBACK,
  feesOfShop,
  SHOP_IDS,
  shopDay,
} from '@pp/domain';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../platform/db/client';

/**
 * A level-2 rate in the demo lists, so the tree shows all three levels: phones sell on thinner margins
 * than the rest of electronics, and their subcategories without a rate of their own inherit it.
 */
const CATEGORY_RATES: Record<string, number> = { Phones: 7 };

/** Last year's version: electronics one point dearer, so the history shows a real change. */
const PREVIOUS_EXTRA: Record<string, number> = { Electronics: 1 };

/**
 * Every shop's standard price list: last year's version (ended on 1 January) and this year's (open), the
 * divisions at the domain's default rates, one category rate and the subcategory rates and brand
 * exceptions onboarding always showed; every partner of the shop sells under it from last year on. The
 * fee amounts of each shop are those of the domain's market price list.
 */
export async function seedPriceLists(db: DbOrTx): Promise<void> {
  const year = Number(shopDay(new Date(), 'CZ10MA').slice(0, 4));
  const previousFrom = `${year - 1}-01-01`;
  const currentFrom = `${year}-01-01`;
  const p = sql.param;
  const divisions = Object.entries(COMMISSION_DEFAULTS);
  const subcategories = [...new Set(COMMISSION_EXCEPTIONS.map((e) => e.subcategory))].map((name) => {
    const own = COMMISSION_EXCEPTIONS.filter((e) => e.subcategory === name);
    return {
      name,
      commission: own.find((e) => !e.brands)?.commission ?? null,
      brands: own
        .filter((e) => e.brands)
        .flatMap((e) => e.brands!.map((b) => ({ brandId: brandIdOf(b), commission: e.commission }))),
    };
  });
  for (const shopId of SHOP_IDS) {
    const [list] = rowsOf<{ id: number }>(
      await db.execute(
        sql`insert into price_lists (shop_id, name) values (${shopId}, ${`Standard ${shopId}`}) returning id`,
      ),
    );
    const listId = list!.id;
    for (const [validFrom, validTo, extra] of [
      [previousFrom, currentFrom, PREVIOUS_EXTRA],
      [currentFrom, null, {}],
    ] as const) {
      const [version] = rowsOf<{ id: number }>(
        await db.execute(
          sql`insert into price_list_versions (price_list_id, valid_from, valid_to, commission)
            values (${listId}, ${validFrom}, ${validTo}, ${COMMISSION_FALLBACK}) returning id`,
        ),
      );
      const versionId = version!.id;
      const extraOf = extra as Record<string, number>;
      await db.execute(sql`
        insert into price_list_items (version_id, category_id, level, commission, brands)
        select ${versionId}::int, c.id, c.level, r.commission, r.brands::jsonb
        from unnest(${p(divisions.map(([n]) => n))}::text[],
                    ${p(divisions.map(([n, c]) => c + (extraOf[n] ?? 0)))}::numeric[],
                    ${p(divisions.map(() => '[]'))}::text[], ${p(divisions.map(() => 1))}::int[])
              as r(name, commission, brands, level)
        join categories c on c.shop_id = ${shopId} and c.level = r.level and c.names->>'en' = r.name
        union all
        select ${versionId}::int, c.id, c.level, r.commission, r.brands::jsonb
        from unnest(${p(Object.keys(CATEGORY_RATES))}::text[], ${p(Object.values(CATEGORY_RATES))}::numeric[],
                    ${p(Object.keys(CATEGORY_RATES).map(() => '[]'))}::text[],
                    ${p(Object.keys(CATEGORY_RATES).map(() => 2))}::int[])
              as r(name, commission, brands, level)
        join categories c on c.shop_id = ${shopId} and c.level = r.level and c.names->>'en' = r.name
        union all
        select ${versionId}::int, c.id, c.level, r.commission, r.brands::jsonb
        from unnest(${p(subcategories.map((s) => s.name))}::text[],
                    ${p(subcategories.map((s) => s.commission))}::numeric[],
                    ${p(subcategories.map((s) => JSON.stringify(s.brands)))}::text[],
                    ${p(subcategories.map(() => 3))}::int[])
              as r(name, commission, brands, level)
        join categories c on c.shop_id = ${shopId} and c.level = r.level and c.names->>'en' = r.name
        on conflict do nothing`);
    }
    await db.execute(sql`
      insert into price_list_assignments (partner_id, shop_id, valid_from, price_list_id)
      select id, shop_id, ${previousFrom}::date, ${listId}::int from partners where shop_id = ${shopId} and sandbox_of is null`);
    const fees = feesOfShop(shopId);
    await db.execute(sql`
      insert into shop_fees (shop_id, type, amount)
      select ${shopId}::text, t, a from unnest(${p(fees.map((f) => f.type))}::text[], ${p(fees.map((f) => f.amount))}::numeric[]) as f(t, a)
      on conflict do nothing`);
  }
}
