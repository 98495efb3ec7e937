import { generateVariants } from '@pp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { insertTestCatalog, TEST_BRAND, TEST_CATEGORY } from './test-catalog';
import { productErrors, products } from './tables';

let server: TestServer;
let cz: number;
let sk: number;
let token: string;
let multiToken: string;

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  token = (await server.login('partner@demo.test')).token;
  multiToken = (await server.login('multi@demo.test')).token;
  await insertTestCatalog(server.database);
});
afterAll(async () => server?.close());

const FIELDS = `id title productType line brandId brandName categoryId categoryName price rrp vat currency inStock
  deliveryDelay status stage longDesc parameters variableParameters hasErrors
  promotions { price from to source } labels { label source }
  media { url thumbUrl main width height } variants { id title price inStock status parameters }`;
const CREATE = `mutation($data: ProductInput!) { productCreate(data: $data) { ${FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $data: ProductInput!, $force: String) {
  productUpdate(productId: $id, data: $data, forceToken: $force) { ${FIELDS} } }`;
const DETAIL = `query($id: ID!) { product(id: $id) { ${FIELDS} } }`;

type Answer = Awaited<ReturnType<TestServer['gql']>>;
type Product = Record<string, unknown> & { variants: Record<string, unknown>[]; media: Record<string, unknown>[] };

function base(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    productType: 'T-shirt',
    line: 'Basic',
    brandId: TEST_BRAND.id,
    categoryId: TEST_CATEGORY.leaf,
    price: '1 000',
    vat: '21',
    inStock: 10,
    deliveryDelay: 2,
    parameters: { COLOR: 'red' },
    media: [{ url: 'https://images.example.com/a.jpg', main: true }],
    ...extra,
  };
}

const create = (data: Record<string, unknown>, opts: { token?: string; partnerId?: number } = {}) =>
  server.gql<{ productCreate: Product }>(
    CREATE,
    { data },
    { token: opts.token ?? token, partnerId: opts.partnerId ?? cz },
  );
const update = (id: string, data: Record<string, unknown>, force?: string | null) =>
  server.gql<{ productUpdate: Product }>(UPDATE, { id, data, force }, { token, partnerId: cz });

function fieldsOf(answer: Answer): { field: string; rule: string }[] {
  const fields = (answer.errors?.[0]?.extensions.fields ?? []) as { field: string; rule: string }[];
  return fields.map(({ field, rule }) => ({ field, rule }));
}

/** What a refused price change carries for the confirmation dialog. */
function confirmationOf(answer: Answer): { forceToken: string; percent: number } | undefined {
  const extensions = answer.errors?.[0]?.extensions as { params?: { forceToken: string; percent: number } } | undefined;
  return extensions?.params;
}

async function count(id: string, partnerId = cz): Promise<number> {
  const { rows } = await server.database.executeSql(
    'select count(*)::int as n from products where partner_id = $1 and id = $2',
    [partnerId, id],
  );
  return (rows[0] as { n: number }).n;
}

describe('creating and reading a product', () => {
  it('saves a product with its built title, variants and media, and audits it', async () => {
    const answer = await create(
      base('TEE-1', {
        longDesc:
          '<p>Soft <strong>cotton</strong><script>alert(1)</script></p><img src=x onerror="alert(1)">' +
          '<a href="javascript:alert(1)">x</a>',
        variableParameters: ['SIZE'],
        variants: [
          { id: 'TEE-1-1', price: '990', inStock: 3, parameters: { SIZE: 'S' } },
          { id: 'TEE-1-2', price: '1090', inStock: 0, parameters: { SIZE: 'M' }, status: 'INACTIVE' },
        ],
      }),
    );
    expect(answer.errors).toBeUndefined();
    const p = answer.data!.productCreate;
    expect(p).toMatchObject({
      id: 'TEE-1',
      title: 'Acmetest T-shirt Basic',
      brandName: TEST_BRAND.name,
      categoryName: 'T-shirts',
      price: 1000,
      vat: 21,
      currency: 'CZK',
      stage: 'DRAFT',
      status: 'ACTIVE',
      hasErrors: false,
    });
    expect(p.longDesc).toBe('<p>Soft <strong>cotton</strong></p><a rel="nofollow noopener">x</a>');
    expect(p.variants).toEqual([
      {
        id: 'TEE-1-1',
        title: 'Acmetest T-shirt Basic S',
        price: 990,
        inStock: 3,
        status: 'ACTIVE',
        parameters: { SIZE: 'S' },
      },
      {
        id: 'TEE-1-2',
        title: 'Acmetest T-shirt Basic M',
        price: 1090,
        inStock: 0,
        status: 'INACTIVE',
        parameters: { SIZE: 'M' },
      },
    ]);
    expect(p.media).toEqual([
      { url: 'https://images.example.com/a.jpg', thumbUrl: null, main: true, width: null, height: null },
    ]);
    const { rows } = await server.database.executeSql(
      "select action from audit_log where entity = 'product' and entity_id = 'TEE-1'",
    );
    expect(rows).toEqual([{ action: 'product.create' }]);
    const read = await server.gql<{ product: Product }>(DETAIL, { id: 'TEE-1' }, { token, partnerId: cz });
    expect(read.data?.product).toEqual(p);
  });

  it('refuses a second product with the same id', async () => {
    await create(base('TEE-DUP'));
    expect(codeOf(await create(base('TEE-DUP', { productType: 'Other' })))).toBe('PRODUCT_ALREADY_EXISTS');
  });

  it('refuses each rule family with its field and rule, and writes nothing', async () => {
    const cases: [Record<string, unknown>, { field: string; rule: string }][] = [
      [{ id: 'bad id' }, { field: 'id', rule: 'productId' }],
      [{ barcode: '8594001234567' }, { field: 'barcode', rule: 'barcode' }],
      [{ price: '12,50' }, { field: 'price', rule: 'priceWhole' }],
      [{ price: '0' }, { field: 'price', rule: 'priceMin' }],
      [{ vat: '20' }, { field: 'vat', rule: 'vatRate' }],
      [{ packageSize: 'smallbox' }, { field: 'width', rule: 'packageSizeTogether' }],
      [
        { categoryId: TEST_CATEGORY.shelf, parameters: {} },
        { field: 'categoryId', rule: 'categoryLeaf' },
      ],
      [
        { categoryId: TEST_CATEGORY.locked, parameters: {} },
        { field: 'categoryId', rule: 'categoryLocked' },
      ],
      [
        { categoryId: TEST_CATEGORY.recycling, parameters: {} },
        { field: 'recyclingFeeConfirmed', rule: 'recyclingFeeConfirm' },
      ],
      [{ parameters: { COLOR: 'purple' } }, { field: 'parameters.COLOR', rule: 'parameterOption' }],
      [
        { variableParameters: ['COLOR', 'SIZE', 'MATERIAL'] },
        { field: 'variableParameters', rule: 'tooManyVariantParameters' },
      ],
      [
        { media: [{ url: 'https://i.example.com/1.jpg' }, { url: 'https://i.example.com/2.jpg' }] },
        { field: 'media', rule: 'mainImageRequired' },
      ],
      [
        { promotions: [{ price: '1200', from: '2026-01-10', to: '2026-01-01' }] },
        { field: 'promotions.0.price', rule: 'promotionPrice' },
      ],
      [{ media: [{ url: 'ftp://example.com/x.jpg', main: true }] }, { field: 'media.0.url', rule: 'url' }],
    ];
    for (const [change, issue] of cases) {
      const id = typeof change.id === 'string' ? change.id : 'TEE-RULES';
      const answer = await create(base(id, change));
      expect(codeOf(answer), JSON.stringify(change)).toBe('VALIDATION_ERROR');
      expect(fieldsOf(answer), JSON.stringify(change)).toContainEqual(issue);
    }
    // A stock over the limit is refused by the schema before any rule runs.
    expect(fieldsOf(await create(base('TEE-RULES', { inStock: 10_000 })))).toContainEqual({
      field: 'inStock',
      rule: 'numberBetween',
    });
    expect(await count('TEE-RULES')).toBe(0);
  });

  it('answers numbers too big for their column as a validation error, never a failed statement', async () => {
    const answer = await create(
      base('TEE-HUGE', {
        weeeFee: '1000000000000000',
        weight: '123456789',
        width: '1',
        length: '1',
        height: '1',
        packageSize: 'bigbox',
      }),
    );
    expect(codeOf(answer)).toBe('VALIDATION_ERROR');
    expect(fieldsOf(answer)).toEqual(
      expect.arrayContaining([
        { field: 'weight', rule: 'numberOutOfRange' },
        expect.objectContaining({ field: 'weeeFee' }),
      ]),
    );
    expect(fieldsOf(await create(base('TEE-HUGE', { price: '12abc' })))).toContainEqual({
      field: 'price',
      rule: 'decimal',
    });
    expect(await count('TEE-HUGE')).toBe(0);
  });

  it('replaces the variants when they are regenerated from other parameters', async () => {
    const title = 'Acmetest T-shirt Basic';
    const first = generateVariants({
      productId: 'REGEN-1',
      title,
      parameters: [
        { code: 'COLOR', unit: null, values: ['red', 'blue'] },
        { code: 'SIZE', unit: null, values: ['S', 'M'] },
      ],
      defaults: { price: 500, deliveryDelay: 1 },
    });
    const asInput = (variants: typeof first) =>
      variants.map((v) => ({ id: v.id, price: String(v.price ?? 500), inStock: v.inStock, parameters: v.parameters }));
    const created = await create(base('REGEN-1', { variableParameters: ['COLOR', 'SIZE'], variants: asInput(first) }));
    expect(created.data?.productCreate.variants.map((v) => v.title)).toEqual([
      `${title} red S`,
      `${title} red M`,
      `${title} blue S`,
      `${title} blue M`,
    ]);
    const second = generateVariants({
      productId: 'REGEN-1',
      title,
      // The web names options in the shop's language, as the server does (the Czech name of green).
      parameters: [{ code: 'COLOR', unit: null, values: ['red', 'green'], labels: { green: 'zelená' } }],
      existing: first,
      defaults: { price: 500, deliveryDelay: 1 },
    });
    const updated = await update(
      'REGEN-1',
      base('REGEN-1', { variableParameters: ['COLOR'], variants: asInput(second) }),
    );
    expect(updated.errors).toBeUndefined();
    expect(updated.data?.productUpdate.variants.map((v) => v.title)).toContain(`${title} zelená`);
    expect(updated.data?.productUpdate.variants.map((v) => [v.title, v.parameters])).toEqual(
      second.map((v) => [v.title, v.parameters]),
    );
    const { rows } = await server.database.executeSql(
      "select variant_count from products where partner_id = $1 and id = 'REGEN-1'",
      [cz],
    );
    expect(rows).toEqual([{ variant_count: second.length }]);
  });

  it('refuses an unknown category, a category of another shop and an unknown brand', async () => {
    expect(codeOf(await create(base('TEE-CAT', { categoryId: 999_999_9 })))).toBe('CATEGORY_NOT_FOUND');
    expect(codeOf(await create(base('TEE-CAT', { categoryId: TEST_CATEGORY.slovak, parameters: {} })))).toBe(
      'CATEGORY_NOT_FOUND',
    );
    expect(codeOf(await create(base('TEE-CAT', { brandId: 'NOSUCHBRAND' })))).toBe('BRAND_NOT_FOUND');
    expect(await count('TEE-CAT')).toBe(0);
  });

  it("relates only the partner's own other products", async () => {
    expect((await create(base('REL-A'))).errors).toBeUndefined();
    // SK-00001 is a product of the Slovak demo partner: as unknown here as an id nobody has.
    const answer = await create(base('REL-B', { recommended: ['REL-A', 'SK-00001', 'NO-SUCH', 'REL-B'] }));
    expect(fieldsOf(answer)).toEqual(
      expect.arrayContaining([
        { field: 'recommended.1', rule: 'invalid' },
        { field: 'recommended.2', rule: 'invalid' },
        { field: 'recommended.3', rule: 'invalid' },
      ]),
    );
    expect(fieldsOf(answer)).not.toContainEqual(expect.objectContaining({ field: 'recommended.0' }));
    expect(await count('REL-B')).toBe(0);
    expect((await create(base('REL-B', { recommended: ['REL-A'] }))).errors).toBeUndefined();
  });

  it('keeps variant ids unique across the partner catalogue', async () => {
    await create(base('VAR-A', { variants: [{ id: 'VAR-SHARED', price: '500', parameters: {} }] }));
    const answer = await create(base('VAR-B', { variants: [{ id: 'VAR-SHARED', price: '500', parameters: {} }] }));
    expect(fieldsOf(answer)).toContainEqual({ field: 'variants.0.id', rule: 'variantIdDuplicate' });
  });
});

describe('price changes over 30 %', () => {
  it('refuses the change until it is confirmed with the token of exactly that change', async () => {
    await create(base('PRICE-1', { variants: [{ id: 'PRICE-1-V', price: '100', parameters: {} }] }));
    // Exactly 30 % needs no confirmation.
    expect(
      (await update('PRICE-1', base('PRICE-1', { price: '1300', variants: [{ id: 'PRICE-1-V', price: '100' }] })))
        .errors,
    ).toBeUndefined();

    const jump = base('PRICE-1', { price: '1900', variants: [{ id: 'PRICE-1-V', price: '100' }] });
    const refused = await update('PRICE-1', jump);
    expect(codeOf(refused)).toBe('MPAPI_PRICE_DIFFERENCE_VALIDATION');
    const params = confirmationOf(refused);
    expect(params?.percent).toBe(46.2);
    expect(params?.forceToken).toMatch(/^[\w-]{20,}$/);

    // The token confirms that change only: another price, or another product, is refused again.
    const other = base('PRICE-1', { price: '2000', variants: [{ id: 'PRICE-1-V', price: '100' }] });
    expect(codeOf(await update('PRICE-1', other, params!.forceToken))).toBe('MPAPI_PRICE_DIFFERENCE_VALIDATION');
    expect(codeOf(await update('PRICE-1', jump, 'forged'))).toBe('MPAPI_PRICE_DIFFERENCE_VALIDATION');
    const saved = await update('PRICE-1', jump, params!.forceToken);
    expect(saved.errors).toBeUndefined();
    expect(saved.data?.productUpdate.price).toBe(1900);
    // Used once: the stored price moved, so the same token no longer matches a change.
    expect((await update('PRICE-1', jump, params!.forceToken)).errors).toBeUndefined();
  });

  it('asks for a variant price that jumps as well', async () => {
    await create(base('PRICE-2', { variants: [{ id: 'PRICE-2-V', price: '100', parameters: {} }] }));
    const answer = await update('PRICE-2', base('PRICE-2', { variants: [{ id: 'PRICE-2-V', price: '50' }] }));
    expect(codeOf(answer)).toBe('MPAPI_PRICE_DIFFERENCE_VALIDATION');
    expect(confirmationOf(answer)?.percent).toBe(50);
  });
});

describe('marketplace-owned values', () => {
  it('keeps campaign promotions and labels from the stored product, never from the input', async () => {
    await create(base('CAMP-1'));
    await server.database.executeSql(
      `update products set promotions = '[{"price": 800, "from": "2026-05-01", "to": null, "source": "CAMPAIGN"}]',
       labels = '[{"label": "Black Friday", "from": null, "to": null, "source": "CAMPAIGN"}]'
       where partner_id = $1 and id = 'CAMP-1'`,
      [cz],
    );
    const answer = await update(
      'CAMP-1',
      base('CAMP-1', {
        promotions: [
          { price: '900', from: '2026-06-01', to: '2026-06-30' },
          { price: '1', source: 'CAMPAIGN' },
        ],
        labels: [{ label: 'NEW' }, { label: 'Forged', source: 'CAMPAIGN' }],
      }),
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.productUpdate.promotions).toEqual([
      { price: 900, from: '2026-06-01', to: '2026-06-30', source: 'PARTNER' },
      { price: 800, from: '2026-05-01', to: null, source: 'CAMPAIGN' },
    ]);
    expect(answer.data?.productUpdate.labels).toEqual([
      { label: 'NEW', source: 'PARTNER' },
      { label: 'Black Friday', source: 'CAMPAIGN' },
    ]);
  });

  it('keeps NOT_FOR_RESALE on save and refuses to change it by status', async () => {
    await create(base('NFR-1'));
    await server.database.db
      .update(products)
      .set({ status: 'NOT_FOR_RESALE' })
      .where((await import('drizzle-orm')).sql`partner_id = ${cz} and id = 'NFR-1'`);
    const saved = await update('NFR-1', base('NFR-1', { status: 'ACTIVE' }));
    expect(saved.data?.productUpdate.status).toBe('NOT_FOR_RESALE');
    const answer = await server.gql(
      'mutation($ids: [ID!]!) { productsSetStatus(ids: $ids, status: INACTIVE) }',
      { ids: ['NFR-1'] },
      { token, partnerId: cz },
    );
    expect(codeOf(answer)).toBe('PRODUCT_NOT_FOR_RESALE');
  });
});

describe('bulk commands', () => {
  const SET_LIVE = 'mutation($ids: [ID!]!) { productsSetLive(ids: $ids) }';

  it('puts a product live only with the parameters its category needs, and never a blocked one', async () => {
    await create(base('LIVE-1'));
    const missing = await server.gql(SET_LIVE, { ids: ['LIVE-1'] }, { token, partnerId: cz });
    expect(fieldsOf(missing)).toContainEqual({ field: 'parameters.WEIGHT_G', rule: 'parameterMandatory' });
    await update('LIVE-1', base('LIVE-1', { parameters: { COLOR: 'red', WEIGHT_G: '180' } }));
    const live = await server.gql<{ productsSetLive: number }>(SET_LIVE, { ids: ['LIVE-1'] }, { token, partnerId: cz });
    expect(live.data?.productsSetLive).toBe(1);

    await create(base('BLOCKED-1', { parameters: { COLOR: 'red', WEIGHT_G: '1' } }));
    await server.database.executeSql("update products set blocked = true where partner_id = $1 and id = 'BLOCKED-1'", [
      cz,
    ]);
    expect(codeOf(await server.gql(SET_LIVE, { ids: ['BLOCKED-1', 'LIVE-1'] }, { token, partnerId: cz }))).toBe(
      'PRODUCT_BLOCKED',
    );
    // A live product is checked for listing on every save from then on.
    const save = await update('LIVE-1', base('LIVE-1', { parameters: { COLOR: 'red' } }));
    expect(fieldsOf(save)).toContainEqual({ field: 'parameters.WEIGHT_G', rule: 'parameterMandatory' });
  });

  it('copies a product as a draft with its variants renamed and the same media, then deletes both', async () => {
    await create(
      base('COPY-SRC', {
        variableParameters: ['SIZE'],
        variants: [{ id: 'COPY-SRC-1', price: '900', parameters: { SIZE: 'S' } }],
      }),
    );
    const copied = await server.gql<{ productCopy: Product }>(
      `mutation { productCopy(id: "COPY-SRC", newId: "COPY-NEW") { ${FIELDS} } }`,
      {},
      { token, partnerId: cz },
    );
    expect(copied.errors).toBeUndefined();
    expect(copied.data?.productCopy).toMatchObject({ id: 'COPY-NEW', stage: 'DRAFT', title: 'Acmetest T-shirt Basic' });
    expect(copied.data?.productCopy.variants.map((v) => v.id)).toEqual(['COPY-NEW-1']);
    expect(copied.data?.productCopy.media.map((m) => m.url)).toEqual(['https://images.example.com/a.jpg']);
    expect(
      codeOf(
        await server.gql(
          'mutation { productCopy(id: "COPY-SRC", newId: "COPY-NEW") { id } }',
          {},
          { token, partnerId: cz },
        ),
      ),
    ).toBe('PRODUCT_ALREADY_EXISTS');

    const deleted = await server.gql<{ productsDelete: number }>(
      'mutation($ids: [ID!]!) { productsDelete(ids: $ids) }',
      { ids: ['COPY-SRC', 'COPY-NEW', 'NO-SUCH'] },
      { token, partnerId: cz },
    );
    expect(deleted.data?.productsDelete).toBe(2);
    const { rows } = await server.database.executeSql(
      "select count(*)::int as n from product_variants where partner_id = $1 and product_id like 'COPY-%'",
      [cz],
    );
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('sends live products to approval and offers products to relate', async () => {
    const sent = await server.gql<{ productsSendToApproval: string }>(
      'mutation { productsSendToApproval }',
      {},
      { token, partnerId: cz },
    );
    expect(sent.errors).toBeUndefined();
    const { rows } = await server.database.executeSql(
      `select id, sent_to_approval_at is not null as sent from products
       where partner_id = $1 and id in ('LIVE-1', 'BLOCKED-1', 'TEE-1') order by id`,
      [cz],
    );
    expect(rows).toEqual([
      { id: 'BLOCKED-1', sent: false },
      { id: 'LIVE-1', sent: true },
      { id: 'TEE-1', sent: false },
    ]);
    const options = await server.gql<{ productOptions: { id: string; title: string }[] }>(
      'query { productOptions(search: "price-") { id title } }',
      {},
      { token, partnerId: cz },
    );
    expect(options.data?.productOptions.map((o) => o.id)).toEqual(['PRICE-1', 'PRICE-2']);
  });
});

describe('the grid', () => {
  const GRID = `query($view: ProductsView!, $grid: GridInput) { products(view: $view, grid: $grid) {
    items { id title inStock gridStatus brandName categoryName currency } total nextCursor } }`;
  type Page = { products: { items: Record<string, unknown>[]; total: number; nextCursor: string | null } };
  const grid = (view: string, g: Record<string, unknown> = {}) =>
    server.gql<Page>(GRID, { view, grid: g }, { token, partnerId: cz });

  const COUNTS = 'query { productCounts { all soldOut lastItems blocked errors } }';
  let before: Record<string, number>;

  beforeAll(async () => {
    before = (await server.gql<{ productCounts: Record<string, number> }>(COUNTS, {}, { token, partnerId: cz })).data!
      .productCounts;
    const rows = Array.from({ length: 12 }, (_, i) => ({
      partnerId: cz,
      id: `GRID-${String(i).padStart(2, '0')}`,
      title: `Grid item ${String.fromCharCode(65 + i)}`,
      inStock: i < 3 ? 0 : i < 6 ? i - 2 : 50,
      brandId: TEST_BRAND.id,
      categoryId: TEST_CATEGORY.leaf,
      blocked: i === 11,
      hasErrors: i === 10,
      barcode: i === 4 ? '4006381333931' : null,
    }));
    await server.database.db.insert(products).values(rows);
    await server.database.db.insert(productErrors).values(
      Array.from({ length: 120 }, (_, i) => ({
        partnerId: cz,
        productId: `GRID-${i % 12}`,
        source: 'IMPORT',
        issues: [{ field: 'price', rule: 'priceWhole', params: { 0: 'CZK' } }],
      })),
    );
  });

  it('shows the tabs with names read for the page and pages by cursor over text ids', async () => {
    const first = await grid('ALL', { search: 'grid-', perPage: 5 });
    expect(first.data?.products.total).toBe(12);
    expect(first.data?.products.items.map((r) => r.id)).toEqual([
      'GRID-11',
      'GRID-10',
      'GRID-09',
      'GRID-08',
      'GRID-07',
    ]);
    expect(first.data?.products.items[0]).toMatchObject({
      brandName: TEST_BRAND.name,
      categoryName: 'T-shirts',
      currency: 'CZK',
      gridStatus: 'confirm_error',
    });
    const second = await grid('ALL', { search: 'grid-', perPage: 5, after: first.data?.products.nextCursor });
    expect(second.data?.products.items.map((r) => r.id)).toEqual([
      'GRID-06',
      'GRID-05',
      'GRID-04',
      'GRID-03',
      'GRID-02',
    ]);

    const soldOut = await grid('SOLD_OUT', { search: 'grid-' });
    expect(soldOut.data?.products.items.map((r) => r.title)).toEqual(['Grid item C', 'Grid item B', 'Grid item A']);
    const last = await grid('LAST_ITEMS', { search: 'grid-' });
    expect(last.data?.products.items.map((r) => r.inStock)).toEqual([3, 2, 1]);
    const blocked = await grid('BLOCKED', {});
    expect(blocked.data?.products.items.map((r) => r.id)).toContain('GRID-11');
    const byBarcode = await grid('ALL', { search: '4006381333931' });
    expect(byBarcode.data?.products.items.map((r) => r.id)).toEqual(['GRID-04']);
    expect((await grid('ALL', { search: '40063813' })).data?.products.total).toBe(0);
    const errors = await grid('ALL', {
      search: 'grid-',
      filters: [{ field: 'gridStatus', operator: 'EQUAL', value: 'error' }],
    });
    expect(errors.data?.products.items.map((r) => r.id)).toEqual(['GRID-10']);
  });

  it('counts the tabs and lists product errors 100 per page', async () => {
    const counts = await server.gql<{ productCounts: Record<string, number> }>(COUNTS, {}, { token, partnerId: cz });
    const after = counts.data!.productCounts;
    expect(Object.fromEntries(Object.entries(after).map(([key, n]) => [key, n - (before[key] ?? 0)]))).toEqual({
      all: 12,
      soldOut: 3,
      lastItems: 3,
      blocked: 1,
      errors: 120,
    });
    const page = await server.gql<{ productErrors: { items: { issues: unknown[] }[]; nextCursor: string | null } }>(
      'query { productErrors(grid: { perPage: 10 }) { items { productId issues { field rule params } } nextCursor } }',
      {},
      { token, partnerId: cz },
    );
    expect(page.data?.productErrors.items).toHaveLength(100);
    expect(page.data?.productErrors.items[0]?.issues).toEqual([
      { field: 'price', rule: 'priceWhole', params: { 0: 'CZK' } },
    ]);
    expect(page.data?.productErrors.nextCursor).not.toBeNull();
  });
});

describe('partners and permissions', () => {
  it("never shows another partner's product", async () => {
    const own = await create(
      base('SK-ONLY', { categoryId: null, brandId: null, parameters: {}, price: '12,50', vat: '23' }),
      {
        token: multiToken,
        partnerId: sk,
      },
    );
    expect(own.errors).toBeUndefined();
    expect(own.data?.productCreate.currency).toBe('EUR');
    const read = await server.gql<{ product: unknown }>(DETAIL, { id: 'SK-ONLY' }, { token, partnerId: cz });
    expect(read.errors).toBeUndefined();
    expect(read.data?.product).toBeNull();
    expect(codeOf(await update('SK-ONLY', base('SK-ONLY')))).toBe('PRODUCT_NOT_FOUND');
    const deleted = await server.gql<{ productsDelete: number }>(
      'mutation { productsDelete(ids: ["SK-ONLY"]) }',
      {},
      { token, partnerId: cz },
    );
    expect(deleted.data?.productsDelete).toBe(0);
    expect(await count('SK-ONLY', sk)).toBe(1);
  });

  it('answers hostile ids and search text without reaching the database', async () => {
    const nul = 'A\u0000B';
    const read = await server.gql<{ product: unknown }>(DETAIL, { id: nul }, { token, partnerId: cz });
    expect([read.errors, read.data?.product]).toEqual([undefined, null]);
    const copy = await server.gql(
      'mutation($id: ID!) { productCopy(id: $id, newId: "OK-1") { id } }',
      { id: nul },
      { token, partnerId: cz },
    );
    expect(codeOf(copy)).toBe('PRODUCT_NOT_FOUND');
    const options = await server.gql(
      'query($s: String) { productOptions(search: $s) { id } }',
      { s: nul },
      { token, partnerId: cz },
    );
    expect(codeOf(options)).toBe('VALIDATION_ERROR');
    const deleted = await server.gql(
      'mutation($ids: [ID!]!) { productsDelete(ids: $ids) }',
      { ids: [nul] },
      { token, partnerId: cz },
    );
    expect(codeOf(deleted)).toBe('VALIDATION_ERROR');
    const batch = await server.gql(
      'mutation($ids: [ID!]!) { productsBatchApply(ids: $ids, field: "brandId", value: "X\u0000") { jobId } }',
      { ids: ['TEE-1'] },
      { token, partnerId: cz },
    );
    expect(codeOf(batch)).toBe('VALIDATION_ERROR');
  });

  it('refuses an account without the products permission', async () => {
    await server.database.executeSql(
      `update access_policies set is_active = false where subject = 'products'
       and account_id = (select id from accounts where email = 'limited@demo.test')`,
    );
    await server.app.platform.authCache.changed({ all: true });
    const limited = (await server.login('limited@demo.test')).token;
    expect(
      codeOf(await server.gql('query { products(view: ALL) { total } }', {}, { token: limited, partnerId: cz })),
    ).toBe('ACCESS_DENIED');
    expect(codeOf(await create(base('LIMITED-1'), { token: limited }))).toBe('ACCESS_DENIED');
    expect(await count('LIMITED-1')).toBe(0);
  });
});
