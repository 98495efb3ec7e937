import { brandIdOf, generateVariants, MARKETS, type ShopId, VAT_RATES } from '@pp/domain';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../platform/db/client';
import { BRANDS_BY_ROOT } from './brands';
import { optionLabels, PARAMETERS } from './catalog-parameters';
import { demoCategories, demoCategoryId } from './catalog-seed';
import { sequence } from './demo';
import { demoParameterValues, demoVariantValues, priceRangeOf } from './products';

export interface LargeProductsOptions {
  products: number;
  /** Products per statement (each its own transaction, with its variants). */
  chunk?: number;
  log?: (line: string) => void;
}

/** Large-seed product ids: L0000001 … (the demo's are CZ-00001 …, so both live side by side). */
export const LARGE_PRODUCT_PREFIX = 'L';

/** A uniform number in [0, 1) from the product's number and a salt: deterministic, independent per salt. */
const u = (salt: number, g = 'g') =>
  `((hashint4((${g} * 16 + ${salt})::int)::bigint + 2147483648)::float8 / 4294967296.0)`;

/** The EAN-13 of a product number: "2" (in-house numbers) + 11 digits + the GS1 check digit, all in SQL. */
function eanSql(g: string): string {
  const body = `('2' || lpad((${g})::text, 11, '0'))`;
  const weighted = Array.from({ length: 12 }, (_, i) => `substr(${body}, ${i + 1}, 1)::int * ${i % 2 === 0 ? 1 : 3}`);
  return `(${body} || ((10 - (${weighted.join(' + ')}) % 10) % 10)::text)`;
}

/**
 * The leaves a large catalogue spreads over, prepared in code once: a sample of parameter values, the root's
 * brands, its price range, and for leaves with variant parameters up to six value combinations with their
 * title suffixes (the domain's generateVariants). SQL picks from these by hash.
 */
function leafRows(shopId: ShopId) {
  const random = sequence(99);
  const tree = demoCategories();
  const byLocal = new Map(tree.map((c) => [c.local, c]));
  const rootOf = (local: number): string => {
    const c = byLocal.get(local)!;
    return c.parentLocal === null ? c.names.en! : rootOf(c.parentLocal);
  };
  const language = MARKETS[shopId].language;
  let variantLeaves = 0;
  return tree
    .filter((c) => c.level === 3 && !c.locked)
    .map((leaf, i) => {
      const root = rootOf(leaf.local);
      const codes = leaf.parameters.filter((p) => p.variant).map((p) => p.code);
      const combos = codes.length
        ? generateVariants({
            productId: 'X',
            title: '',
            parameters: codes.map((code, n) => ({
              code,
              unit: PARAMETERS[code]!.unit ?? null,
              values: demoVariantValues(code, leaf, codes.length === 2 ? (n === 0 ? 2 : 3) : 6, random),
              labels: optionLabels(code, language),
            })),
          })
            .slice(0, 6)
            .map((v) => ({ parameters: v.parameters, suffix: v.title }))
        : [];
      const brands = BRANDS_BY_ROOT[root] ?? ['Generic'];
      const [low, high] = priceRangeOf(root);
      return {
        k: i + 1,
        vk: combos.length ? ++variantLeaves : null,
        category_id: demoCategoryId(shopId, leaf.local),
        type: leaf.names[language]!,
        parameters: demoParameterValues(leaf, random),
        brands_j: brands,
        brand_ids_j: brands.map(brandIdOf),
        low,
        high,
        reduced: root === 'Books',
        codes_j: codes,
        combos_j: combos,
      };
    });
}

/**
 * Adds `products` products to one partner (the demo's Czech partner): a fifth with two to six variants,
 * spread over the leaves, brands, stock (sold-out and last-items tabs), stages, statuses, a few blocked and
 * a few with errors. Entirely in the database: per chunk one INSERT … SELECT over generate_series whose
 * data-modifying CTE writes the variants of the products just inserted. Then ANALYZE.
 */
export async function seedLargeProducts(db: Db, options: LargeProductsOptions): Promise<void> {
  const log = options.log ?? (() => undefined);
  const total = options.products;
  const chunk = options.chunk ?? 20_000;
  const [partner] = rowsOf<{ id: number; shop_id: ShopId }>(
    await db.execute(
      sql`select id, shop_id from partners order by coalesce(sap_id = '100001', false) desc, (shop_id = 'CZ10MA') desc, id limit 1`,
    ),
  );
  if (!partner || total <= 0) return;
  const started = Date.now();
  const shopId = partner.shop_id;
  const whole = MARKETS[shopId].wholePrices;
  const rate = { CZK: 25, HUF: 400, PLN: 4.3, EUR: 1 }[MARKETS[shopId].currency];
  const leaves = leafRows(shopId);
  const all = JSON.stringify(leaves);
  // Which leaf product g lands in, as an equality on g alone (so the join is a hash join): a fifth of the
  // products (g % 5 = 0) go to leaves that have variant parameters, the rest to any leaf.
  const variantKs = leaves.filter((l) => l.vk !== null).map((l) => l.k);
  const leafOf = `(case when g % 5 = 0 then ('{${variantKs.join(',')}}'::int[])[1 + (g / 5) % ${variantKs.length}]
    else 1 + (g * 7) % ${leaves.length} end)`;
  const freeFrom = whole ? (MARKETS[shopId].currency === 'HUF' ? 20_000 : 1500) : 60;
  const [{ start } = { start: 0 }] = rowsOf<{ start: number }>(
    await db.execute(sql`
      select coalesce(max(substr(id, 2)::int), 0)::int as start from products
      where partner_id = ${partner.id} and id ~ '^L[0-9]{7}$'`),
  );
  const [{ postgres } = { postgres: false }] = rowsOf<{ postgres: boolean }>(
    await db.execute(sql`select exists (select 1 from pg_settings where name = 'jit') as postgres`),
  );
  const vat = VAT_RATES[shopId];
  // The price in the shop's currency the way sellers set it (shopPrice in products.ts), in SQL.
  const priced = (euros: string) =>
    whole
      ? `(case when ${euros} * ${rate} >= 1000 then greatest(100, ceil(${euros} * ${rate} / 100) * 100) - 1
          else greatest(10, ceil(${euros} * ${rate} / 10) * 10) - 1 end)`
      : `(greatest(1, floor(${euros} * ${rate})) + 0.99)`;
  const stockOf = (salt: number, g: string) =>
    `(case when ${u(salt, g)} < 0.12 then 0 when ${u(salt, g)} < 0.25 then 1 + floor(${u(salt + 1, g)} * 5)::int
      else 6 + floor(${u(salt + 1, g)} * ${u(salt + 2, g)} * 400)::int end)`;
  const variantCount = `(case when g % 5 = 0 then least(cardinality(l.combos), 2 + floor(${u(9)} * 5)::int) else 0 end)`;
  // Variant j's stock: a function of the product and j, so the product's total is the sum of the same terms.
  const variantStock = (g: string, j: string) => `(floor(${u(12, `(${g}) * 8 + ${j}`)} * 40)::int)`;

  for (let from = start + 1; from <= start + total; from += chunk) {
    const to = Math.min(start + total, from + chunk - 1);
    const began = Date.now();
    await db.transaction(async (tx) => {
      if (postgres) await tx.execute(sql`set local jit = off`);
      await tx.execute(sql`
        with leaves as materialized (
          select l.*, array(select jsonb_array_elements_text(l.brands_j)) as brands,
            array(select jsonb_array_elements_text(l.brand_ids_j)) as brand_ids,
            array(select jsonb_array_elements_text(l.codes_j)) as codes,
            array(select e from jsonb_array_elements(l.combos_j) e) as combos
          from jsonb_to_recordset(${all}::jsonb) as l(k int, vk int, category_id int, type text, parameters jsonb,
            brands_j jsonb, brand_ids_j jsonb, low float8, high float8, reduced boolean, codes_j jsonb, combos_j jsonb)
        ),
        ${sql.raw(`
        a as (
          select g, l.*, 1 + floor(${u(1)} * cardinality(l.brands))::int as b,
            ${priced(`(l.low * power(l.high / l.low, ${u(2)}))`)} as price,
            ${u(3)} as stage_roll
          from generate_series(${from}, ${to}) g
          join leaves l on l.k = ${leafOf}
        ),
        p as (
          insert into products (partner_id, id, title, product_type, line, short_desc, brand_id, category_id, barcode,
            priority, price, vat, in_stock, delivery_delay, free_delivery, parameters, variable_parameters, status, stage,
            blocked, blocked_reason, has_errors, variant_count, created_at, updated_at)
          select ${partner.id}, '${LARGE_PRODUCT_PREFIX}' || lpad(g::text, 7, '0'),
            concat_ws(' ', a.brands[a.b], a.type, s.line), a.type, s.line, concat_ws(' ', a.brands[a.b], a.type, s.line),
            a.brand_ids[a.b], a.category_id, case when s.vc = 0 then ${eanSql('g')} end,
            1 + floor(${u(4)} * 3)::int, a.price, case when a.reduced then ${vat[1]} else ${vat[0]} end,
            case when s.vc = 0 then ${stockOf(5, 'g')}
              else (select sum(${variantStock('g', 'j')}) from generate_series(1, s.vc) j) end,
            case when ${u(8)} < 0.8 then floor(${u(10)} * 4)::int else 14 end, a.price >= ${freeFrom},
            a.parameters, case when s.vc > 0 then a.codes else '{}'::text[] end,
            case when a.stage_roll >= 0.12 and a.stage_roll < 0.22 then 'INACTIVE' else 'ACTIVE' end,
            case when a.stage_roll < 0.12 then 'DRAFT' else 'LIVE' end,
            g % 400 = 7, case when g % 400 = 7 then 'Obrázky produktu obsahují vodoznak.' end, g % 150 = 11, s.vc,
            now() - (${u(11)} * 1095) * interval '1 day', now() - (${u(11)} * ${u(13)} * 1095) * interval '1 day'
          from a cross join lateral (select ${variantCount.replaceAll('l.combos', 'a.combos')} as vc,
            (array['Pro','Max','Air','Sport','Classic','Eco','Plus','Ultra','Mini','Lite','Active','Comfort'])[1 + floor(${u(6)} * 12)::int]
              || ' ' || (100 + floor(${u(7)} * 900)::int)::text as line) s
          returning id, title, price, variant_count, category_id, delivery_delay
        ),
        v as (
          insert into product_variants (partner_id, product_id, id, position, title, price, in_stock, barcode,
            delivery_delay, status, parameters)
          select ${partner.id}, p.id, p.id || '-' || j, j - 1, p.title || ' ' || (l.combos[j]->>'suffix'),
            p.price, ${variantStock(`substr(p.id, 2)::int`, 'j')}, ${eanSql(`substr(p.id, 2)::bigint * 8 + j + 50000000000`)},
            p.delivery_delay, 'ACTIVE', l.combos[j]->'parameters'
          from p join leaves l on l.category_id = p.category_id
          cross join generate_series(1, p.variant_count) j
          returning 1
        )
        `)}
        select (select count(*) from v) as variants`);
    });
    log(`products: ${to - start} / ${total} (${((Date.now() - began) / 1000).toFixed(1)} s)`);
  }
  await db.execute(sql`analyze products`);
  await db.execute(sql`analyze product_variants`);
  log(`products: ${total} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
