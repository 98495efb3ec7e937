import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../platform/db/client';

/**
 * Billing fixtures: a partner of its own with a known price list (default 10 %, one category 8 % with a
 * brand at 5 %), products in that category, and orders written as the marketplace delivers them — so a
 * test can compute every amount by hand.
 */

export interface BilledPartner {
  id: number;
  shopId: string;
  categoryId: number;
  brandId: string;
}

let counter = 0;

export async function createBilledPartner(
  db: Db,
  input: { shopId: string; seat: string; vatId: string; name: string; launched?: string },
): Promise<BilledPartner> {
  counter += 1;
  const [partner] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into partners (partner_name, mall_name, sap_id, shop_id, country, workflow_status, created)
      values (${input.name}, ${input.name}, ${`BILL-${process.pid}-${counter}`}, ${input.shopId}, ${input.seat},
        'PRODUCTION', ${input.launched ?? '2020-01-15'}::timestamptz) returning id`),
  );
  const id = partner!.id;
  // A master account, as every partner has (an operator signs in as the partner through it).
  await db.execute(sql`insert into account_partners (partner_id, account_id, is_master)
    select ${id}, id, true from accounts where email = 'multi@demo.test'`);
  await db.execute(sql`insert into partner_contracts (partner_id, company, company_id, vat_id, street, city, state, zip,
      bank_account, email)
    values (${id}, ${`${input.name} s.r.o.`}, '12345678', ${input.vatId}, 'Dlouhá 12', 'Brno', ${input.seat}, '602 00',
      '123456789/0800', 'billing@example.test')`);
  const [category] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from categories where shop_id = ${input.shopId} and level = 3 order by id limit 1`),
  );
  const [brand] = rowsOf<{ id: string }>(await db.execute(sql`select id from brands order by id limit 1`));
  const [list] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into price_lists (shop_id, name) values (${input.shopId}, ${`Billing test ${id}`})
      returning id`),
  );
  const [version] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into price_list_versions (price_list_id, valid_from, commission)
      values (${list!.id}, '2000-01-01', 10) returning id`),
  );
  await db.execute(sql`insert into price_list_items (version_id, category_id, level, commission, brands)
    values (${version!.id}, ${category!.id}, 3, 8, ${JSON.stringify([{ brandId: brand!.id, commission: 5 }])}::jsonb)`);
  await db.execute(sql`insert into price_list_assignments (partner_id, shop_id, valid_from, price_list_id)
    values (${id}, ${input.shopId}, '2000-01-01', ${list!.id})`);
  await db.execute(sql`insert into products (partner_id, id, title, category_id, brand_id)
    values (${id}, 'CAT', 'Category product', ${category!.id}, null),
           (${id}, 'BRAND', 'Brand product', ${category!.id}, ${brand!.id})`);
  return { id, shopId: input.shopId, categoryId: category!.id, brandId: brand!.id };
}

let nextOrderId = 8_100_000_000_000 + (process.pid % 1000) * 1_000_000;

export interface OrderLine {
  product?: string;
  unitPrice: string;
  quantity?: number;
  vat?: number;
  prepaid?: boolean;
}

/** An order as the marketplace writes it; returns its id. Times are instants (Prague's day decides). */
export async function createBilledOrder(
  db: Db,
  partner: BilledPartner,
  input: {
    status: string;
    currency: string;
    createdAt: string;
    deliveredAt?: string;
    shippedAt?: string;
    updatedAt?: string;
    mallDelivery?: boolean;
    parcels?: number;
    lines: OrderLine[];
  },
): Promise<number> {
  const id = nextOrderId++;
  await db.execute(sql`insert into orders (partner_id, id, status, payment_type, currency, created_at, delivered_at,
      shipped_at, updated_at, is_mall_delivery, parcel_count)
    values (${partner.id}, ${id}, ${input.status}, 'B', ${input.currency}, ${input.createdAt}::timestamptz,
      ${input.deliveredAt ?? null}::timestamptz, ${input.shippedAt ?? input.deliveredAt ?? null}::timestamptz,
      ${input.updatedAt ?? input.deliveredAt ?? input.createdAt}::timestamptz, ${input.mallDelivery ?? false},
      ${input.parcels ?? 1})`);
  let item = 0;
  for (const line of input.lines) {
    item += 1;
    const quantity = line.quantity ?? 1;
    await db.execute(sql`insert into order_items (partner_id, order_id, id, article_id, partner_article_id, title, quantity,
        unit_price, vat, prepaid)
      values (${partner.id}, ${id}, ${item}, ${`A-${item}`}, ${line.product ?? 'UNKNOWN'}, ${`Item ${item}`}, ${quantity},
        ${line.unitPrice}::numeric, ${line.vat ?? 21},
        ${line.prepaid === false ? '0' : line.unitPrice}::numeric * ${line.prepaid === false ? 0 : quantity})`);
  }
  return id;
}
