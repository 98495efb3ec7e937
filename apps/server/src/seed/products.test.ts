import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BRAND_REQUEST_STATUSES,
  brandTag,
  checkProduct,
  isValidBarcode,
  LANGUAGES,
  MAX_VARIANT_PARAMETERS,
  priceRule,
  productInputSchema,
  SHOP_IDS,
  type ShopId,
  searchKey,
  VAT_RATES,
} from '@pp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBrandNames, loadCategoryRules } from '../modules/catalog/rules';
import { startTestServer, type TestServer } from '../test/harness';
import { seedLargeProducts } from './large-products';

let server: TestServer;
let dataDir: string;

const sqlRows = async <T>(text: string, params: unknown[] = []) =>
  (await server.database.executeSql(text, params)).rows as T[];

interface ProductRow {
  partner_id: number;
  shop_id: ShopId;
  id: string;
  title: string;
  product_type: string;
  line: string | null;
  short_desc: string | null;
  brand_id: string | null;
  category_id: number | null;
  barcode: string | null;
  price: string | null;
  rrp: string | null;
  weee_fee: string | null;
  vat: string | null;
  in_stock: number;
  delivery_delay: number;
  package_size: string | null;
  weight: string | null;
  width: string | null;
  length: string | null;
  height: string | null;
  parameters: Record<string, string | string[]>;
  variable_parameters: string[];
  promotions: { price: number; from: string | null; to: string | null; source: 'PARTNER' | 'CAMPAIGN' }[];
  labels: { label: string; from: string | null; to: string | null; source: 'PARTNER' | 'CAMPAIGN' }[];
  status: string;
  stage: string;
  blocked: boolean;
  blocked_reason: string | null;
  has_errors: boolean;
  variant_count: number;
  main_thumb_url: string | null;
  variants: {
    id: string;
    price: string | null;
    in_stock: number;
    barcode: string | null;
    status: string;
    parameters: Record<string, string>;
  }[];
  media: { url: string; main: boolean }[];
}

let products: ProductRow[];

const num = (v: string | null) => (v === null ? null : Number(v));

beforeAll(async () => {
  // A data folder of its own, so the seed stores its pictures where this server serves /media from.
  dataDir = await mkdtemp(join(tmpdir(), 'pp-seed-products-'));
  server = await startTestServer({ config: { dataDir } });
  products = await sqlRows<ProductRow>(`
    select p.*, pa.shop_id,
      (select coalesce(json_agg(v order by v.position), '[]') from product_variants v
        where v.partner_id = p.partner_id and v.product_id = p.id) as variants,
      (select coalesce(json_agg(m order by m.position), '[]') from product_media m
        where m.partner_id = p.partner_id and m.product_id = p.id) as media
    from products p join partners pa on pa.id = p.partner_id
    where pa.sap_id in ('100001', '100002', '100003', '100004')`);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('demo category tree', () => {
  it('gives every shop the same three-level tree of hundreds of categories', async () => {
    const counts = await sqlRows<{ shop_id: string; n: number; roots: number; leaves: number; orphans: number }>(`
      select c.shop_id, count(*)::int n, count(*) filter (where c.level = 1)::int roots,
        count(*) filter (where c.level = 3)::int leaves,
        count(*) filter (where c.level > 1 and (p.id is null or p.level <> c.level - 1 or p.shop_id <> c.shop_id))::int orphans
      from categories c left join categories p on p.id = c.parent_id group by c.shop_id`);
    expect(counts.map((c) => c.shop_id).sort()).toEqual([...SHOP_IDS].sort());
    for (const c of counts) {
      expect(c.n).toBeGreaterThanOrEqual(200);
      expect(c.roots).toBeGreaterThanOrEqual(10);
      expect(c.leaves).toBeGreaterThanOrEqual(150);
      expect(c.orphans).toBe(0);
      expect(c.n).toBe(counts[0]!.n);
    }
  });

  it('names every category and parameter in all seven languages, translated', async () => {
    const names = await sqlRows<{ names: Record<string, string> }>(
      `select names from categories union all select names from category_parameters`,
    );
    for (const { names: n } of names) {
      for (const language of LANGUAGES) expect(n[language]?.trim(), JSON.stringify(n)).toBeTruthy();
    }
    // Real translations: most Czech and Hungarian names differ from the English ones.
    const differ = (language: string) => names.filter((n) => n.names[language] !== n.names.en).length / names.length;
    expect(differ('cs')).toBeGreaterThan(0.85);
    expect(differ('hu')).toBeGreaterThan(0.85);
    const options = await sqlRows<{ text: Record<string, string> }>(
      `select o->'text' as text from category_parameters, jsonb_array_elements(options) o`,
    );
    expect(options.length).toBeGreaterThan(0);
    for (const o of options) for (const language of LANGUAGES) expect(o.text[language]).toBeTruthy();
  });

  it('has a locked category per shop, fee and label flags, keywords and at most two variant parameters', async () => {
    const flags = await sqlRows<{ shop_id: string; locked: number; fee: number; energy: number; sheet: number }>(`
      select shop_id, count(*) filter (where locked)::int locked, count(*) filter (where recycling_fee)::int fee,
        count(*) filter (where energy_label_required)::int energy,
        count(*) filter (where information_sheet_required)::int sheet
      from categories group by shop_id`);
    for (const f of flags) {
      expect(f.locked).toBe(1);
      expect(f.fee).toBeGreaterThan(10);
      expect(f.energy).toBeGreaterThan(3);
      expect(f.sheet).toBeGreaterThan(3);
    }
    const [tv] = await sqlRows<{ keywords: string; energy_label_required: boolean; recycling_fee: boolean }>(
      `select keywords, energy_label_required, recycling_fee from categories where shop_id = 'CZ10MA' and names->>'en' = 'Televisions'`,
    );
    expect(tv).toMatchObject({ energy_label_required: true, recycling_fee: true });
    expect(tv!.keywords).toContain(searchKey('Televízory'));
    expect(tv!.keywords).toContain('televize');
    const variants = await sqlRows<{ n: number }>(
      `select count(*) filter (where variant)::int n from category_parameters group by category_id`,
    );
    expect(Math.max(...variants.map((v) => v.n))).toBe(MAX_VARIANT_PARAMETERS);
    const [bounded] = await sqlRows<{ n: number }>(
      `select count(*)::int n from category_parameters where "constraint"->>'type' = 'BETWEEN' and "constraint"->'values' = '["0","100"]'`,
    );
    expect(bounded!.n).toBeGreaterThan(0);
  });
});

describe('demo brands', () => {
  it('lists a few hundred accepted brands with their tags, url keys and a few logos', async () => {
    const brands = await sqlRows<{
      id: string;
      name: string;
      tag: string;
      url_key: string;
      accepted: boolean;
      media_id: string | null;
    }>(`select id, name, tag, url_key, accepted, media_id from brands`);
    expect(brands.length).toBeGreaterThan(300);
    for (const b of brands) {
      expect(b.tag).toBe(brandTag(b.name));
      expect(b.url_key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    expect(brands.filter((b) => b.accepted).length).toBe(brands.length);
    const withLogo = brands.filter((b) => b.media_id);
    expect(withLogo.length).toBeGreaterThanOrEqual(5);
    const logo = await server.app.app.inject({ method: 'GET', url: `/media/${withLogo[0]!.media_id}` });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
  });

  it('leaves one pending brand request for the operator and a decided history for the Czech partner', async () => {
    const requests = await sqlRows<{ status: string; reason: string | null; sap_id: string }>(
      `select r.status, r.reason, p.sap_id from brand_requests r join partners p on p.id = r.partner_id`,
    );
    expect(requests.filter((r) => r.status === 'PENDING')).toHaveLength(1);
    expect(requests.map((r) => r.status).sort()).toEqual([...BRAND_REQUEST_STATUSES].sort());
    expect(requests.find((r) => r.status === 'REJECTED')?.reason).toBeTruthy();
    expect(new Set(requests.map((r) => r.sap_id))).toEqual(new Set(['100001']));
  });
});

describe('demo products', () => {
  it('gives each demo partner a few hundred products in every tab', () => {
    const partners = new Set(products.map((p) => p.partner_id));
    expect(partners.size).toBe(4);
    for (const partner of partners) {
      const own = products.filter((p) => p.partner_id === partner);
      expect(own.length).toBeGreaterThanOrEqual(200);
      expect(own.filter((p) => p.in_stock === 0).length).toBeGreaterThan(5);
      expect(own.filter((p) => p.in_stock >= 1 && p.in_stock <= 5).length).toBeGreaterThan(5);
      expect(own.filter((p) => p.stage === 'DRAFT').length).toBeGreaterThan(5);
      expect(own.filter((p) => p.stage === 'LIVE').length).toBeGreaterThan(own.length / 2);
      expect(own.filter((p) => p.status === 'INACTIVE').length).toBeGreaterThan(5);
      const withVariants = own.filter((p) => p.variant_count > 0);
      expect(withVariants.length / own.length).toBeCloseTo(0.2, 1);
      const blocked = own.filter((p) => p.blocked);
      expect(blocked).toHaveLength(1);
      expect(blocked[0]!.blocked_reason).toBeTruthy();
      expect(own.filter((p) => p.has_errors).length).toBeGreaterThan(0);
    }
  });

  it('prices in the shop currency by its rules, with its VAT rates, valid barcodes and variants', () => {
    for (const p of products) {
      expect(priceRule(num(p.price)!, p.shop_id), `${p.id} ${p.price}`).toBeNull();
      expect(VAT_RATES[p.shop_id]).toContain(num(p.vat));
      if (p.barcode) expect(isValidBarcode(p.barcode)).toBe(true);
      expect(p.variants).toHaveLength(p.variant_count);
      for (const v of p.variants) {
        expect(v.id.startsWith(`${p.id}-`)).toBe(true);
        expect(priceRule(num(v.price)!, p.shop_id)).toBeNull();
        expect(isValidBarcode(v.barcode!)).toBe(true);
        expect(Object.keys(v.parameters).sort()).toEqual([...p.variable_parameters].sort());
      }
      if (p.variant_count) expect(p.in_stock).toBe(p.variants.reduce((sum, v) => sum + v.in_stock, 0));
    }
  });

  it('passes the product rules of the form: live ones as listed, the others as drafts', async () => {
    const brandNames = await loadBrandNames(
      server.database.db,
      products.map((p) => p.brand_id!),
    );
    const rulesOf = new Map<number, Awaited<ReturnType<typeof loadCategoryRules>>>();
    for (const partnerId of new Set(products.map((p) => p.partner_id))) {
      const own = products.filter((p) => p.partner_id === partnerId);
      rulesOf.set(
        partnerId,
        await loadCategoryRules(
          server.database.db,
          own[0]!.shop_id,
          partnerId,
          own.map((p) => p.category_id!),
        ),
      );
    }
    const checked = new Map<number, number>();
    for (const p of products) {
      const rules = rulesOf.get(p.partner_id)!;
      const input = productInputSchema.parse({
        id: p.id,
        productType: p.product_type,
        line: p.line,
        shortDesc: p.short_desc,
        brandId: p.brand_id,
        categoryId: p.category_id,
        barcode: p.barcode,
        price: p.price,
        rrp: p.rrp,
        weeeFee: p.weee_fee,
        vat: p.vat,
        inStock: p.in_stock,
        deliveryDelay: p.delivery_delay,
        packageSize: p.package_size,
        weight: p.weight,
        width: p.width,
        length: p.length,
        height: p.height,
        parameters: p.parameters,
        variableParameters: p.variable_parameters,
        promotions: p.promotions,
        labels: p.labels,
        media: p.media.map((m) => ({ url: m.url, main: m.main })),
        variants: p.variants.map((v) => ({ ...v, inStock: v.in_stock })),
        recyclingFeeConfirmed: true,
      });
      const result = checkProduct(input, {
        shopId: p.shop_id,
        category: rules.get(p.category_id!) ?? null,
        brandName: brandNames.get(p.brand_id!) ?? null,
        forListing: p.stage === 'LIVE',
      });
      expect(result.title).toBe(p.title);
      if (!p.has_errors) expect(result.issues, p.id).toEqual([]);
      checked.set(p.partner_id, (checked.get(p.partner_id) ?? 0) + 1);
    }
    expect(checked.size).toBe(4);
  }, 120_000);

  it('shows generated pictures with thumbnails, served without a session', async () => {
    const p = products.find((row) => row.media.length > 0)!;
    expect(p.main_thumb_url).toMatch(/^\/media\/[0-9a-f-]{36}$/);
    const image = await server.app.app.inject({ method: 'GET', url: p.media[0]!.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const thumb = await server.app.app.inject({ method: 'GET', url: p.main_thumb_url! });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(products.every((row) => row.media.filter((m) => m.main).length === 1)).toBe(true);
  });

  it('fills the errors tab with refused items and their rules', async () => {
    const errors = await sqlRows<{ partner_id: number; product_id: string; issues: { field: string; rule: string }[] }>(
      `select partner_id, product_id, issues from product_errors`,
    );
    const rules = new Set(errors.flatMap((e) => e.issues.map((i) => i.rule)));
    for (const rule of ['parameterMandatory', 'barcode', 'productId', 'categoryLocked', 'tooManyVariantParameters']) {
      expect(rules).toContain(rule);
    }
    for (const p of products.filter((row) => row.has_errors)) {
      expect(errors.some((e) => e.partner_id === p.partner_id && e.product_id === p.id)).toBe(true);
    }
  });
});

describe('large products seed', () => {
  it('adds products to the Czech demo partner in set-based SQL: a fifth with two to six variants, by the rules', async () => {
    const [cz] = await sqlRows<{ id: number }>(`select id from partners where sap_id = '100001'`);
    const before = products.filter((p) => p.partner_id === cz!.id).length;
    await seedLargeProducts(server.database.db, { products: 2_000, chunk: 700 });
    const rows = await sqlRows<{
      id: string;
      title: string;
      price: string;
      vat: string;
      barcode: string | null;
      in_stock: number;
      variant_count: number;
      category_id: number;
      brand: string | null;
      category_level: number;
      variants: { id: string; barcode: string; in_stock: number; parameters: Record<string, string> }[];
    }>(
      `select p.id, p.title, p.price, p.vat, p.barcode, p.in_stock, p.variant_count, p.category_id, b.name as brand,
         c.level as category_level,
         (select coalesce(json_agg(v order by v.position), '[]') from product_variants v
           where v.partner_id = p.partner_id and v.product_id = p.id) as variants
       from products p left join brands b on b.id = p.brand_id left join categories c on c.id = p.category_id
       where p.partner_id = $1 and p.id like 'L%'`,
      [cz!.id],
    );
    expect(rows).toHaveLength(2_000);
    const [{ n: all } = { n: 0 }] = await sqlRows<{ n: number }>(
      `select count(*)::int n from products where partner_id = $1`,
      [cz!.id],
    );
    expect(all).toBe(before + 2_000);
    const withVariants = rows.filter((r) => r.variant_count > 0);
    expect(withVariants).toHaveLength(400);
    for (const r of rows) {
      expect(r.brand, r.id).toBeTruthy();
      expect(r.title.startsWith(`${r.brand} `)).toBe(true);
      expect(r.category_level).toBe(3);
      expect(priceRule(Number(r.price), 'CZ10MA')).toBeNull();
      expect(VAT_RATES.CZ10MA).toContain(Number(r.vat));
      expect(r.variants).toHaveLength(r.variant_count);
      if (r.variant_count === 0) expect(isValidBarcode(r.barcode!)).toBe(true);
      else {
        expect(r.variant_count).toBeGreaterThanOrEqual(2);
        expect(r.variant_count).toBeLessThanOrEqual(6);
        expect(r.in_stock).toBe(r.variants.reduce((sum, v) => sum + v.in_stock, 0));
        for (const v of r.variants) {
          expect(isValidBarcode(v.barcode)).toBe(true);
          expect(Object.keys(v.parameters).length).toBeGreaterThan(0);
        }
      }
    }
    const stock = (test: (n: number) => boolean) => rows.filter((r) => test(r.in_stock)).length;
    expect(stock((n) => n === 0)).toBeGreaterThan(100);
    expect(stock((n) => n >= 1 && n <= 5)).toBeGreaterThan(100);
    // A second run continues the numbering instead of colliding with the first.
    await seedLargeProducts(server.database.db, { products: 10 });
    const [{ n: after } = { n: 0 }] = await sqlRows<{ n: number }>(
      `select count(*)::int n from products where partner_id = $1 and id like 'L%'`,
      [cz!.id],
    );
    expect(after).toBe(2_010);
  }, 120_000);
});
