import { MARKETS, type PaymentType, SHOP_IDS } from '@pp/domain';
import { sql } from 'drizzle-orm';
import { SANDBOX_ORDER_ID_BASE } from '../modules/api/sandbox-data';
import { recountAllStatistics } from '../modules/statistics/summary';
import { type Db, rowsOf } from '../platform/db/client';
import { ensureDemoBranches } from './branches';
import { MARKET_CONTENT, PAYMENT_WEIGHTS } from './order-markets';
import { TRANSPORT_CODES } from './orders';

export interface LargeOrdersOptions {
  orders: number;
  /** Orders per statement: each is one transaction with the orders' items and both histories. */
  chunk?: number;
  /** Share of all orders that go to the largest partner (the demo's Czech partner when present). */
  largestShare?: number;
  log?: (line: string) => void;
}

/** Large-seed order ids start here: far above the demo's (3.1e9…) and above anything a test makes. */
export const LARGE_ORDER_ID_BASE = 10_000_000_000;
const YEARS_DAYS = 730;

/** One hundred payment codes in the proportions of PAYMENT_WEIGHTS, picked from by hash. */
const PAYMENT_MIX: PaymentType[] = PAYMENT_WEIGHTS.flatMap(([code, n]) => Array<PaymentType>(n).fill(code));

/**
 * The markets as rows for SQL: names, places and goods as arrays picked from by hash, and the active branches
 * of the market's pickup-point carrier (as the demo order book picks them) for its pickup-point orders.
 */
function marketRows(branches: ReadonlyMap<string, string[]>) {
  return SHOP_IDS.map((shopId) => {
    const c = MARKET_CONTENT[shopId];
    const people = [
      ...c.maleFirst.flatMap((f) => c.maleLast.map((l) => [f, l] as const)),
      ...c.femaleFirst.flatMap((f) => c.femaleLast.map((l) => [f, l] as const)),
    ];
    const ascii = (s: string) =>
      s
        .replaceAll('ł', 'l')
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .replace(/[^a-z]/g, '');
    return {
      shop_id: shopId,
      country: c.country,
      currency: MARKETS[shopId].currency,
      vat: c.vat,
      whole: c.wholePrices,
      names: people.map(([f, l]) => (c.familyNameFirst ? `${l} ${f}` : `${f} ${l}`)),
      mails: people.map(([f, l]) => `${ascii(f)}.${ascii(l)}`),
      domains: c.mailDomains,
      cities: c.places.map(([city]) => city),
      zips: c.places.map(([, zip]) => zip),
      streets: c.places.map(([, , street]) => street),
      titles: c.goods.map(([title]) => title),
      prices: c.goods.map(([, price]) => price),
      phone: c.phonePrefix,
      address_price: c.deliveryPrice.address,
      pickup_price: c.deliveryPrice.pickupPoint,
      cod_fee: c.codFee,
      address_prefix: c.addressCarrier.prefix,
      address_url: c.addressCarrier.url,
      pickup_prefix: c.pickupCarrier.prefix,
      pickup_url: c.pickupCarrier.url,
      branches: branches.get(`${c.country}/${TRANSPORT_CODES[shopId]?.[1] ?? ''}`) ?? [],
    };
  });
}

/** A uniform number in [0, 1) from the order's number and a salt (0–31): deterministic, independent per salt. */
const u = (salt: number, g = 'g') =>
  `((hashint4((${g} * 32 + ${salt})::int)::bigint + 2147483648)::float8 / 4294967296.0)`;
/** Decimal digits from the order's number, for tracking numbers and ids. */
const digitsOf = (salt: number, n: number, g = 'g') =>
  `lpad((abs(hashint8((${g})::bigint * 64 + ${salt})) % ${10 ** Math.min(n, 15)})::text, ${Math.min(n, 15)}, '0')`;
/** How many items order g has (1–4) and which goods: the same expressions price the order and write its items. */
const itemCount = (g = 'g') =>
  `(1 + (${u(11, g)} < 0.45)::int + (${u(11, g)} < 0.17)::int + (${u(11, g)} < 0.05)::int)`;
const goodsIndex = (g: string, j: string) => `(1 + mod(floor(${u(12, g)} * 1000)::int + ${j}, cardinality(m.titles)))`;
const quantity = (g: string, j: string) => `(1 + ((hashint4((${g} * 32 + 13 + ${j})::int) & 15) = 0)::int)`;

/**
 * Adds `orders` orders with items and both histories over every partner, the six markets and the last two
 * years, entirely in the database: one INSERT … SELECT over generate_series per chunk, whose data-modifying
 * CTEs write the items and histories from the orders just inserted. Ids grow with time, so the newest orders
 * have the highest ids, as at the marketplace. A fifth of the orders belong to one partner (the demo's Czech
 * partner when it exists), the rest fall on the partners with a long tail: a few big shops, many small ones.
 */
export async function seedLargeOrders(db: Db, options: LargeOrdersOptions): Promise<void> {
  const log = options.log ?? (() => undefined);
  const total = options.orders;
  const chunk = options.chunk ?? 50_000;
  const share = options.largestShare ?? 0.2;
  const partners = rowsOf<{ id: number; shop_id: string; sap_id: string | null }>(
    await db.execute(sql`select id, shop_id, sap_id from partners where workflow_status <> 'DEACTIVATED' order by id`),
  );
  if (partners.length === 0) return;
  // The demo's Czech partner gets the largest order book, so the bench signs in as partner@demo.test.
  const largest = partners.find((p) => p.sap_id === '100001') ?? partners[0]!;
  const others = partners.filter((p) => p !== largest);
  const pool = others.length ? others : [largest];
  const [{ start } = { start: 0 }] = rowsOf<{ start: number }>(
    await db.execute(
      // The sandboxes' orders (issue 20) live far above this range: they are not the large seed's.
      sql`select coalesce(max(id) - ${LARGE_ORDER_ID_BASE}, 0)::int as start from orders
        where id >= ${LARGE_ORDER_ID_BASE} and id < ${SANDBOX_ORDER_ID_BASE}`,
    ),
  );
  // Pickup-point orders name real branches: the networks first, when the database has none yet.
  const addedBranches = await ensureDemoBranches(db);
  if (addedBranches) log(`branches: ${addedBranches} added`);
  const branches = new Map(
    rowsOf<{ network: string; ids: string[] }>(
      await db.execute(sql`select country || '/' || carrier as network, array_agg(id order by id) as ids
        from carrier_branches where active group by country, carrier`),
    ).map((r) => [r.network, r.ids]),
  );
  const now = new Date().toISOString();
  const spacing = (YEARS_DAYS * 86_400) / total; // seconds between two orders
  const markets = JSON.stringify(marketRows(branches));
  const [{ postgres } = { postgres: false }] = rowsOf<{ postgres: boolean }>(
    await db.execute(sql`select exists (select 1 from pg_settings where name = 'jit') as postgres`),
  );

  for (let from = 1; from <= total; from += chunk) {
    const to = Math.min(total, from + chunk - 1);
    const started = Date.now();
    // Every number spliced into the text below is this function's own; partners, markets and the payment mix
    // travel as parameters.
    await db.transaction(async (tx) => {
      // PostgreSQL would compile this statement's many expressions with LLVM first, which takes longer than
      // running it (tens of seconds per chunk); PGlite has no JIT.
      if (postgres) await tx.execute(sql`set local jit = off`);
      await tx.execute(sql`
        with params as materialized (
          select ${sql.param(pool.map((p) => p.id))}::int[] as pids, ${sql.param(pool.map((p) => p.shop_id))}::text[] as shops,
            ${sql.param(PAYMENT_MIX)}::text[] as pay, ${now}::timestamptz as now_ts
        ),
        m as materialized (
          select * from jsonb_to_recordset(${markets}::jsonb) as m(shop_id text, country text, currency text, vat numeric,
            whole boolean, names text[], mails text[], domains text[], cities text[], zips text[], streets text[],
            titles text[], prices numeric[], phone text, address_price numeric, pickup_price numeric, cod_fee numeric,
            address_prefix text, address_url text, pickup_prefix text, pickup_url text, branches text[])
        ),
        ${sql.raw(`
        a as (
          select g, (params.now_ts - s.age * interval '1 day') as created_at, s.age,
            case when ${u(0)} < ${share} then ${largest.id} else params.pids[1 + least(cardinality(params.pids) - 1,
              floor(cardinality(params.pids) * power(${u(1)}, 2.5))::int)] end as partner_id,
            case when ${u(0)} < ${share} then '${largest.shop_id}' else params.shops[1 + least(cardinality(params.pids) - 1,
              floor(cardinality(params.pids) * power(${u(1)}, 2.5))::int)] end as shop,
            case
              when ${u(3)} < 0.004 then 'blocked'
              when s.age < 1 then case when ${u(4)} < 0.02 then 'cancelled' else 'open' end
              when s.age < 2 then case when ${u(4)} < 0.45 then 'shipping' when ${u(4)} < 0.75 then 'shipped'
                when ${u(4)} < 0.77 then 'cancelled' else 'open' end
              when s.age < 5 then case when ${u(4)} < 0.75 then 'shipped' when ${u(4)} < 0.8 then 'shipping'
                when ${u(4)} < 0.82 then 'cancelled' else 'delivered' end
              when s.age < 10 then case when ${u(4)} < 0.2 then 'shipped' when ${u(4)} < 0.215 then 'cancelled'
                when ${u(4)} < 0.225 then 'returned' else 'delivered' end
              else case when ${u(4)} < 0.012 then 'cancelled' when ${u(4)} < 0.032 then 'returned'
                when ${u(4)} < 0.035 then 'lost' when ${u(4)} < 0.04 then 'shipped' when ${u(4)} < 0.042 then 'open'
                else 'delivered' end
            end as status,
            case when ${u(6)} < 0.55 then 'ADDRESS' when ${u(6)} < 0.96 then 'PICKUP_POINT' else 'PERSONAL_PICKUP' end
              as delivery_type,
            params.pay[1 + floor(${u(8)} * ${PAYMENT_MIX.length})::int] as payment_type,
            params.now_ts
          from generate_series(${from + start}::int, ${to + start}::int) g
          cross join params
          cross join lateral (select (${total + start} - g + ${u(2)}) * ${spacing} / 86400.0 as age) s
        ),
        b as (
          select a.*, m.*,
            a.status = 'open' and a.age < 1 and ${u(5)} < 0.15 and a.payment_type not in ('A', '9') as waiting,
            a.delivery_type <> 'PERSONAL_PICKUP' and ${u(7)} < 0.18 as mdp,
            a.payment_type in ('A', '9') as cod_payment,
            case when a.status in ('shipped', 'delivered', 'returned', 'lost')
              then least(a.created_at + (6 + ${u(9)} * 20) * interval '1 hour', a.created_at + (a.now_ts - a.created_at) * 0.6)
            end as shipped_at,
            (a.created_at + (case a.delivery_type when 'PICKUP_POINT' then 2 when 'PERSONAL_PICKUP' then 1
              else 1 + (${u(10)} < 0.5)::int end) * interval '1 day')::date as delivery_date,
            (select sum(m.prices[${goodsIndex('g', 'j')}] * ${quantity('g', 'j')})
              from generate_series(1, ${itemCount()}) j) as goods
          from a join m on m.shop_id = a.shop
        ),
        c as (
          select b.*,
            case when b.status = 'delivered' then greatest(least(
              (b.delivery_date::timestamp at time zone 'UTC') + (case when ${u(14)} < 0.025 then 34 else 8 + ${u(15)} * 8 end) * interval '1 hour',
              b.now_ts - interval '5 minutes'), b.shipped_at + interval '1 minute') end as delivered_at,
            case b.status
              when 'cancelled' then least(b.created_at + (1 + ${u(16)} * 17) * interval '1 hour', b.now_ts - interval '1 minute')
              when 'returned' then least(b.shipped_at + (5 + ${u(16)} * 5) * interval '1 day', b.now_ts - interval '1 minute')
              when 'lost' then least(b.shipped_at + interval '21 days', b.now_ts - interval '1 minute')
              when 'blocked' then b.created_at + interval '20 minutes'
              when 'shipping' then b.created_at + least(interval '5 hours', (b.now_ts - b.created_at) * 0.4)
            end as closed_at,
            case when b.delivery_type = 'PERSONAL_PICKUP' then 0
              when b.goods >= b.address_price * 20 then 0
              when b.delivery_type = 'PICKUP_POINT' then b.pickup_price else b.address_price end as delivery_price,
            case when b.cod_payment then b.cod_fee else 0 end as fee
          from b
        ),
        o as (
          insert into orders (partner_id, id, purchase_id, external_id, status, confirmed, order_type, delivery_type,
            payment_type, currency, parcel_count, tracking_number, tracking_url, customer_name, customer_email,
            customer_phone, delivery_street, delivery_city, delivery_zip, delivery_country, branch_id, invoice_number,
            is_test, is_mall_delivery, ready_to_return, total, cod, delivery_price, cod_fee, created_at, delivery_date,
            dispatch_date, shipped_at, delivered_at, first_delivery_attempt_at, blocked_at, updated_at)
          select c.partner_id, ${LARGE_ORDER_ID_BASE}::bigint + c.g, (2000000000 + c.g)::text,
            case when ${u(17)} < 0.7 then 'E' || c.g end,
            c.status, not c.waiting,
            case when c.shop_id = 'PL20MA' and ${u(18)} < 0.1 then 'allegro' else 'mall' end,
            c.delivery_type, c.payment_type, c.currency, 1 + (${u(19)} < 0.08)::int,
            case when c.shipped_at is null or c.delivery_type = 'PERSONAL_PICKUP' or ${u(20)} < 0.03 then null
              when c.mdp then 'MDP' || ${digitsOf(1, 10)}
              when c.delivery_type = 'PICKUP_POINT' then c.pickup_prefix || ${digitsOf(2, 10)}
              else c.address_prefix || ${digitsOf(3, 10)} end,
            case when c.shipped_at is null or c.delivery_type = 'PERSONAL_PICKUP' or c.mdp or ${u(20)} < 0.03 then null
              when c.delivery_type = 'PICKUP_POINT' then c.pickup_url || c.pickup_prefix || ${digitsOf(2, 10)}
              else c.address_url || c.address_prefix || ${digitsOf(3, 10)} end,
            c.names[1 + floor(${u(21)} * cardinality(c.names))::int],
            c.mails[1 + floor(${u(21)} * cardinality(c.names))::int] || mod(c.g, 97) || '@'
              || c.domains[1 + floor(${u(22)} * cardinality(c.domains))::int],
            c.phone || ${digitsOf(4, 8)},
            case when c.delivery_type <> 'PICKUP_POINT'
              then c.streets[1 + floor(${u(23)} * cardinality(c.streets))::int] || ' ' || (1 + mod(c.g, 120)) end,
            c.cities[1 + floor(${u(23)} * cardinality(c.cities))::int],
            c.zips[1 + floor(${u(23)} * cardinality(c.zips))::int],
            c.country,
            case when c.delivery_type = 'PICKUP_POINT' then c.branches[1 + floor(${u(24)} * cardinality(c.branches))::int] end,
            case when c.shipped_at is not null then 'FV' || to_char(c.created_at, 'YYYY') || lpad(c.g::text, 8, '0') end,
            ${u(25)} < 0.002, c.mdp,
            c.status = 'delivered' and c.age < 14 and ${u(26)} < 0.05,
            c.goods + c.delivery_price + c.fee,
            case when c.cod_payment then c.goods + c.delivery_price + c.fee else 0 end,
            c.delivery_price, c.fee, c.created_at, c.delivery_date,
            -- The ship-by date: the weekday before delivery (as migration 0027 gives older orders), holidays aside.
            c.delivery_date - (case extract(isodow from c.delivery_date)::int when 1 then 3 when 7 then 2 else 1 end),
            c.shipped_at, c.delivered_at,
            case when c.delivery_type = 'ADDRESS' then c.delivered_at end,
            case when c.status = 'blocked' then c.closed_at end,
            coalesce(c.closed_at, c.delivered_at, c.shipped_at, c.created_at)
          from c
          returning partner_id, id, status, created_at, shipped_at, delivered_at, updated_at, delivery_type,
            is_mall_delivery, tracking_number, delivery_country, delivery_date, payment_type
        ),
        i as (
          insert into order_items (partner_id, order_id, id, article_id, partner_article_id, title, quantity, unit_price,
            vat, commission, prepaid, purchase_price, serial_numbers)
          select o.partner_id, o.id, j, (100000000 + ${goodsIndex('x.g', 'j')} * 1013)::text,
            left(m.shop_id, 2) || '-' || lpad(${goodsIndex('x.g', 'j')}::text, 4, '0'),
            m.titles[${goodsIndex('x.g', 'j')}], ${quantity('x.g', 'j')}, m.prices[${goodsIndex('x.g', 'j')}], m.vat,
            round(m.prices[${goodsIndex('x.g', 'j')}] * ${quantity('x.g', 'j')} * 0.12, 2),
            case when o.payment_type in ('A', '9', '1', '6') then 0
              else m.prices[${goodsIndex('x.g', 'j')}] * ${quantity('x.g', 'j')} end,
            round(m.prices[${goodsIndex('x.g', 'j')}] / (1 + m.vat / 100) * 0.62, 2),
            '{}'
          from o
          cross join lateral (select (o.id - ${LARGE_ORDER_ID_BASE})::int as g) x
          join m on m.country = o.delivery_country
          cross join lateral generate_series(1, ${itemCount('x.g')}) j
        ),
        h as (
          insert into order_status_history (partner_id, order_id, status, at, source, tracking_number)
          select o.partner_id, o.id, v.status, v.at, v.source, v.tracking
          from o
          cross join lateral (values
            (1, 'open', o.created_at, 'marketplace', null),
            (2, 'shipping', case when o.status = 'shipping' then o.updated_at
              when o.shipped_at is not null and (o.id & 3) = 0 then o.created_at + (o.shipped_at - o.created_at) * 0.4 end,
              'api', null),
            (3, 'blocked', case when o.status = 'blocked' then o.updated_at end, 'marketplace', null),
            (3, 'cancelled', case when o.status = 'cancelled' then o.updated_at end,
              case when (o.id & 1) = 0 then 'marketplace' else 'api' end, null),
            (4, 'shipped', o.shipped_at, case when o.is_mall_delivery then 'marketplace' else 'api' end, o.tracking_number),
            (5, 'delivered', o.delivered_at, 'marketplace', null),
            (5, 'returned', case when o.status = 'returned' then o.updated_at end, 'api', null),
            (5, 'lost', case when o.status = 'lost' then o.updated_at end, 'marketplace', null)
          ) as v(step, status, at, source, tracking)
          where v.at is not null
          order by o.id, v.step
        )
        insert into order_shipment_history (partner_id, order_id, status, at)
        select o.partner_id, o.id, v.status, v.at
        from o
        cross join lateral (values
          (1, 'CREATED', o.shipped_at),
          (2, 'RECEIVED', o.shipped_at + interval '3 hours'),
          (3, 'DELIVERING', case when o.status in ('delivered', 'returned', 'lost')
            then greatest(o.shipped_at + interval '4 hours', coalesce(o.delivered_at, o.updated_at) - interval '6 hours') end),
          (4, 'READY_FOR_PICKUP', case when o.delivery_type = 'PICKUP_POINT' and o.status in ('delivered', 'returned')
            then greatest(o.shipped_at + interval '5 hours', coalesce(o.delivered_at, o.updated_at) - interval '3 hours') end),
          (5, 'DELIVERED', o.delivered_at),
          (5, 'RETURNING', case when o.status = 'returned' then o.updated_at - interval '1 hour' end),
          (6, 'RETURNED', case when o.status = 'returned' then o.updated_at end)
        ) as v(step, status, at)
        where o.shipped_at is not null and o.delivery_type <> 'PERSONAL_PICKUP' and v.at is not null
          and v.at <= coalesce(o.delivered_at, now())
        order by o.id, v.step`)}`);
    });
    log(`orders: ${to} / ${total} (${((Date.now() - started) / 1000).toFixed(1)} s for this chunk)`);
  }
  // What autovacuum would have done by now on a live database: statistics and the visibility map.
  for (const table of ['orders', 'order_items', 'order_status_history', 'order_shipment_history']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  // The statistics summary of every partner in one pass, instead of each partner's first read counting its months.
  const counted = Date.now();
  await recountAllStatistics(db);
  log(`statistics summary: ${((Date.now() - counted) / 1000).toFixed(1)} s`);
}
