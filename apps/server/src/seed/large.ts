import { sql } from 'drizzle-orm';
import { hashPassword } from '../modules/auth/password';
import { type Db, rowsOf } from '../platform/db/client';
import { DEMO_PASSWORD, generatedPartner, sequence } from './demo';
import { seedLargeOrders } from './large-orders';
import { seedLargeProducts } from './large-products';

export interface LargeSeedOptions {
  partners: number;
  /** Orders to add over all partners and two years (0: none). */
  orders?: number;
  /** Products to add to the demo's Czech partner, a fifth with variants (0: none). */
  products?: number;
  log?: (line: string) => void;
}

const BATCH = 10_000;

/**
 * Fills the database at scale. Rows go in as one array per column through unnest, which is what keeps
 * hundreds of thousands of rows to seconds. Later areas add their own generators here (orders, products).
 */
export async function seedLarge(db: Db, options: LargeSeedOptions): Promise<void> {
  const log = options.log ?? (() => undefined);
  const hash = await hashPassword(DEMO_PASSWORD);
  const random = sequence(7);
  const [{ start } = { start: 0 }] = rowsOf<{ start: number }>(
    await db.execute(sql`select coalesce(max(id), 0)::int as start from partners`),
  );
  for (let from = 0; from < options.partners; from += BATCH) {
    const size = Math.min(BATCH, options.partners - from);
    const rows = Array.from({ length: size }, (_, k) => generatedPartner(start + from + k + 1_000_000, random));
    const col = <K extends keyof (typeof rows)[number]>(key: K) => sql.param(rows.map((r) => r[key] ?? null));
    await db.transaction(async (tx) => {
      const inserted = rowsOf<{ id: number }>(
        await tx.execute(sql`
          insert into partners (partner_name, mall_name, sap_id, shop_id, provider, plugin_provider, rating, kam, farmer, workflow_status, country, created)
          select * from unnest(${col('partnerName')}::text[], ${col('mallName')}::text[], ${col('sapId')}::text[], ${col('shopId')}::text[],
            ${col('provider')}::text[], ${col('pluginProvider')}::text[], ${col('rating')}::real[], ${col('kam')}::text[], ${col('farmer')}::text[],
            ${col('workflowStatus')}::text[], ${col('country')}::text[], ${sql.param(rows.map((r) => (r.created as Date).toISOString()))}::timestamptz[])
          returning id`),
      );
      const ids = inserted.map((r) => r.id);
      const emails = ids.map((id) => `seller-${id}@scale.test`);
      const accountIds = rowsOf<{ id: number }>(
        await tx.execute(sql`
          insert into accounts (email, password_hash, first_name, last_name, is_confirmed)
          select e, ${hash}, 'Seller', p::text, true from unnest(${sql.param(emails)}::text[], ${sql.param(ids)}::int[]) as t(e, p)
          returning id`),
      );
      await tx.execute(sql`
        insert into account_partners (partner_id, account_id, is_master, is_default)
        select p, a, true, true from unnest(${sql.param(ids)}::int[], ${sql.param(accountIds.map((r) => r.id))}::int[]) as t(p, a)`);
      // Each sells under its shop's standard price list, as the demo's partners do (billing reads it).
      await tx.execute(sql`
        insert into price_list_assignments (partner_id, shop_id, valid_from, price_list_id)
        select p.id, p.shop_id, a.valid_from, a.price_list_id
        from partners p
        join price_list_assignments a on a.shop_id = p.shop_id and a.partner_id = (
          select min(x.partner_id) from price_list_assignments x where x.shop_id = p.shop_id)
        where p.id = any(${sql.param(ids)}::int[])
        on conflict do nothing`);
    });
    log(`partners: ${from + size} / ${options.partners}`);
  }
  if (options.orders) await seedLargeOrders(db, { orders: options.orders, log });
  if (options.products) await seedLargeProducts(db, { products: options.products, log });
}
