import {
  DELIVERY_CHECK_FILTERS,
  type DeliveryCheckFilter,
  type DeliveryCheckMethod,
  type DeliveryCheckProduct,
  deliveryAlerts,
  deliveryCheckFilters,
} from '@pp/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { revokePolicies } from '../catalog/test-fixtures';
import { partnerDeliveries } from '../partner/tables';
import { products } from '../products/tables';
import { PRODUCT_IMPORT_JOB } from '../products/xml-import';
import { loadCheckMethods } from './checks-sql';

let server: TestServer;
let cz: number;
let sk: number;
let czToken: string;
let multiToken: string;
let limitedToken: string;

const asCz = () => ({ token: czToken, partnerId: cz });

const GRID = `query($grid: GridInput) { products(view: ALL, grid: $grid) {
  total totalExact nextCursor items { id delivery } } }`;
const ALERTS = '{ deliveryAlerts { kind count packageSize filter } }';
const DETAIL = `query($id: ID!) { product(id: $id) { id deliveryCheck { ok deliverable
  problems { kind blocking methodCode methodTitle packageSize measure bound limit value } } } }`;
const CHECKLIST = '{ checklist { transport transportProblem undeliverableProducts } }';

type Method = Partial<typeof partnerDeliveries.$inferInsert> & { code: string };

/** The partner's methods, replaced (written straight to the table: the methods' own service is tested apart). */
async function setMethods(partnerId: number, methods: Method[]) {
  const db = server.database.db;
  await db.delete(partnerDeliveries).where(eq(partnerDeliveries.partnerId, partnerId));
  for (const m of methods) {
    await db.insert(partnerDeliveries).values({ partnerId, title: m.code, transport: 'PPL', price: 99, ...m });
  }
}

/** Products made for the edges, beside the demo products of the partner. */
const EDGE_PRODUCTS: (DeliveryCheckProduct & { id: string })[] = [
  { id: 'DC-SMALL', packageSize: 'smallbox', weight: 2, width: 20, length: 30, height: 10 },
  { id: 'DC-AT-LIMIT', packageSize: 'smallbox', weight: 10, width: 20, length: 50, height: 10 },
  { id: 'DC-HEAVY', packageSize: 'smallbox', weight: 10.001, width: 20, length: 30, height: 10 },
  { id: 'DC-LONG', packageSize: 'smallbox', weight: 3, width: 20, length: 50.5, height: 10 },
  { id: 'DC-BIG', packageSize: 'bigbox', weight: 25, width: 80, length: 120, height: 60 },
  { id: 'DC-NO-WEIGHT', packageSize: 'smallbox', weight: null, width: 20, length: 30, height: 10 },
  { id: 'DC-UNMEASURED', packageSize: null, weight: null, width: null, length: null, height: null },
];

async function allProducts(partnerId: number): Promise<(DeliveryCheckProduct & { id: string })[]> {
  return server.database.db
    .select({
      id: products.id,
      packageSize: products.packageSize,
      weight: products.weight,
      width: products.width,
      length: products.length,
      height: products.height,
    })
    .from(products)
    .where(eq(products.partnerId, partnerId));
}

/** Every product id the grid shows for one filter value, page by page as the DataGrid reads them. */
async function gridIds(value: DeliveryCheckFilter, who = asCz()): Promise<string[]> {
  const ids: string[] = [];
  let after: string | null = null;
  do {
    const grid: Record<string, unknown> = {
      perPage: 500,
      filters: [{ field: 'delivery', operator: 'IN', values: [value] }],
    };
    if (after) grid.after = after;
    const result = await server.gql<{ products: { nextCursor: string | null; items: { id: string }[] } }>(
      GRID,
      { grid },
      who,
    );
    expect(result.errors).toBeUndefined();
    ids.push(...result.data!.products.items.map((i) => i.id));
    after = result.data!.products.nextCursor;
  } while (after);
  return ids.sort();
}

/** What the domain says of each product of the partner, per filter value. */
async function expected(partnerId: number, methods: DeliveryCheckMethod[]) {
  const byFilter = Object.fromEntries(DELIVERY_CHECK_FILTERS.map((f) => [f, [] as string[]])) as Record<
    DeliveryCheckFilter,
    string[]
  >;
  for (const p of await allProducts(partnerId)) {
    for (const f of deliveryCheckFilters(p, methods)) byFilter[f].push(p.id);
  }
  for (const f of DELIVERY_CHECK_FILTERS) byFilter[f].sort();
  return byFilter;
}

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  await server.database.db
    .insert(products)
    .values(EDGE_PRODUCTS.map((p) => ({ ...p, partnerId: cz, title: p.id, productType: p.id })));
  await revokePolicies(server.database.db, 'limited@demo.test', cz, 'deliveries', ['read']);
  czToken = (await server.login('partner@demo.test')).token;
  multiToken = (await server.login('multi@demo.test')).token;
  limitedToken = (await server.login('limited@demo.test')).token;
});
afterAll(async () => server?.close());

/** Method sets from none to several, each compared in full with the domain. */
const SCENARIOS: { name: string; methods: Method[] }[] = [
  { name: 'no method at all', methods: [] },
  { name: 'only an inactive method', methods: [{ code: 'OFF', active: false }] },
  {
    name: 'a small-box method up to 10 kg and 50 cm',
    methods: [{ code: 'PPL_SMALL', packageSize: 'SMALLBOX', maxWeight: 10, maxLength: 50 }],
  },
  {
    name: 'small boxes plus any size by weight levels up to 30 kg',
    methods: [
      { code: 'PPL_SMALL', packageSize: 'SMALLBOX', maxWeight: 10, maxLength: 50 },
      {
        code: 'DPD_LEVELS',
        maxWeight: 30,
        minHeight: 1,
        pricing: 'WEIGHT_LEVELS',
        priceLevels: [
          { limit: 10, price: 99 },
          { limit: 30, price: 199 },
        ],
      },
    ],
  },
  { name: 'big boxes only', methods: [{ code: 'FREIGHT', packageSize: 'BIGBOX', minWeight: 20 }] },
];

describe('the delivery checks in SQL agree with the domain', () => {
  for (const scenario of SCENARIOS) {
    it(`filters the products grid, counts the alerts and the checklist alike: ${scenario.name}`, async () => {
      await setMethods(cz, scenario.methods);
      const methods = await loadCheckMethods(server.database.db, cz);
      const want = await expected(cz, methods);
      expect(want.OK.length + want.PROBLEM.length).toBeGreaterThan(EDGE_PRODUCTS.length);
      for (const value of DELIVERY_CHECK_FILTERS) {
        expect({ value, ids: await gridIds(value) }).toEqual({ value, ids: want[value] });
      }

      const alerts = await server.gql<{ deliveryAlerts: unknown[] }>(ALERTS, {}, asCz());
      expect(alerts.errors).toBeUndefined();
      expect(alerts.data!.deliveryAlerts).toEqual(
        deliveryAlerts(methods.length, {
          UNDELIVERABLE: want.UNDELIVERABLE.length,
          NO_METHOD_FOR_SMALLBOX: want.NO_METHOD_FOR_SMALLBOX.length,
          NO_METHOD_FOR_BIGBOX: want.NO_METHOD_FOR_BIGBOX.length,
          WEIGHT_MISSING: want.WEIGHT_MISSING.length,
        }),
      );

      const checklist = await server.gql<{ checklist: Record<string, unknown> }>(CHECKLIST, {}, asCz());
      expect(checklist.errors).toBeUndefined();
      expect(checklist.data!.checklist).toEqual({
        transport: methods.length > 0,
        transportProblem:
          methods.length === 0 ? 'NO_METHOD' : want.UNDELIVERABLE.length ? 'UNDELIVERABLE_PRODUCTS' : null,
        undeliverableProducts: want.UNDELIVERABLE.length,
      });
    });
  }
});

describe('the products grid column and filter', () => {
  it('marks each row OK or PROBLEM', async () => {
    await setMethods(cz, SCENARIOS[2]!.methods);
    const result = await server.gql<{ products: { items: { id: string; delivery: string }[] } }>(
      GRID,
      { grid: { perPage: 20, filters: [{ field: 'id', operator: 'STARTS_WITH', value: 'DC-' }] } },
      asCz(),
    );
    const rows = Object.fromEntries(result.data!.products.items.map((r) => [r.id, r.delivery]));
    expect(rows).toEqual({
      'DC-SMALL': 'OK',
      'DC-AT-LIMIT': 'OK',
      'DC-HEAVY': 'PROBLEM',
      'DC-LONG': 'PROBLEM',
      'DC-BIG': 'PROBLEM',
      'DC-NO-WEIGHT': 'OK',
      'DC-UNMEASURED': 'OK',
    });
  });

  it("is scoped to the partner: another partner's methods never make its products deliverable", async () => {
    await setMethods(cz, [{ code: 'ANY' }]);
    await setMethods(sk, []);
    expect(await gridIds('UNDELIVERABLE')).toEqual([]);
    const skProducts = (await allProducts(sk)).map((p) => p.id).sort();
    expect(skProducts.length).toBeGreaterThan(0);
    expect(await gridIds('UNDELIVERABLE', { token: multiToken, partnerId: sk })).toEqual(skProducts);
  });

  it('refuses a value the filter does not know, with the catalogue code', async () => {
    const result = await server.gql(
      GRID,
      { grid: { filters: [{ field: 'delivery', operator: 'IN', values: ['SOMETIMES'] }] } },
      asCz(),
    );
    expect(codeOf(result)).toBe('VALIDATION_ERROR');
  });
});

describe('the product detail', () => {
  type Check = { ok: boolean; deliverable: boolean; problems: Record<string, unknown>[] };
  const detail = async (id: string) =>
    (await server.gql<{ product: { deliveryCheck: Check } }>(DETAIL, { id }, asCz())).data!.product.deliveryCheck;

  it('names the method and the limit a product is over', async () => {
    await setMethods(cz, SCENARIOS[2]!.methods);
    expect(await detail('DC-HEAVY')).toEqual({
      ok: false,
      deliverable: false,
      problems: [
        {
          kind: 'OVER_WEIGHT_LIMIT',
          blocking: true,
          methodCode: 'PPL_SMALL',
          methodTitle: 'PPL_SMALL',
          packageSize: null,
          measure: 'weight',
          bound: 'MAX',
          limit: 10,
          value: 10.001,
        },
      ],
    });
    expect((await detail('DC-BIG')).problems).toEqual([
      expect.objectContaining({ kind: 'NO_METHOD_FOR_PACKAGE_SIZE', blocking: true, packageSize: 'BIGBOX' }),
    ]);
    expect(await detail('DC-AT-LIMIT')).toEqual({ ok: true, deliverable: true, problems: [] });
  });

  it('keeps a method that refuses the product as a note once another takes it', async () => {
    await setMethods(cz, SCENARIOS[3]!.methods);
    expect(await detail('DC-HEAVY')).toMatchObject({
      ok: true,
      problems: [{ kind: 'OVER_WEIGHT_LIMIT', blocking: false, methodCode: 'PPL_SMALL' }],
    });
    expect(await detail('DC-NO-WEIGHT')).toMatchObject({
      ok: false,
      deliverable: true,
      problems: [{ kind: 'WEIGHT_MISSING', blocking: true, methodCode: 'DPD_LEVELS' }],
    });
  });

  it('says there is no method while the partner has none', async () => {
    await setMethods(cz, []);
    expect((await detail('DC-SMALL')).problems).toEqual([
      expect.objectContaining({ kind: 'NO_METHOD', blocking: true }),
    ]);
  });
});

describe('the deliveries alerts', () => {
  it('name the package size no method carries and link to exactly its products', async () => {
    await setMethods(cz, [{ code: 'PPL_SMALL', packageSize: 'SMALLBOX' }]);
    const bigboxes = (await allProducts(cz))
      .filter((p) => p.packageSize === 'bigbox')
      .map((p) => p.id)
      .sort();
    const alerts = (
      await server.gql<{ deliveryAlerts: { kind: string; count: number; filter: string }[] }>(ALERTS, {}, asCz())
    ).data!.deliveryAlerts;
    expect(alerts).toContainEqual({
      kind: 'NO_METHOD_FOR_SIZE',
      count: bigboxes.length,
      packageSize: 'BIGBOX',
      filter: 'NO_METHOD_FOR_BIGBOX',
    });
    expect(await gridIds('NO_METHOD_FOR_BIGBOX')).toEqual(bigboxes);
  });

  it('are refused to an account without the deliveries right', async () => {
    const result = await server.gql(ALERTS, {}, { token: limitedToken, partnerId: cz });
    expect(codeOf(result)).toBe('ACCESS_DENIED');
  });
});

describe('package size and dimensions go together on the import too', () => {
  /** Uploads one XML file and works its job as the worker would; answers the items' refusals by product. */
  async function importItems(items: string[]) {
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<ITEMS>${items.join('')}</ITEMS>`;
    const answer = await server.app.app.inject({
      method: 'POST',
      url: '/portal/import/partner-products',
      headers: {
        authorization: `Bearer ${czToken}`,
        'x-partner-id': String(cz),
        'accept-language': 'en',
        'content-type': 'application/xml',
      },
      payload: body,
    });
    expect(answer.statusCode, answer.payload).toBe(202);
    await server.app.platform.jobs.runQueued(PRODUCT_IMPORT_JOB);
    const { rows } = await server.database.executeSql(
      "select product_id, issues from product_errors where partner_id = $1 and product_id like 'DCX-%' order by product_id",
      [cz],
    );
    return rows as { product_id: string; issues: { field: string; rule: string }[] }[];
  }

  it('refuses a package size without the dimensions and dimensions without a package size, as the form does', async () => {
    const item = (id: string, extra: string) =>
      `<ITEM><ID>${id}</ID><PRODUCT_TYPE>Box</PRODUCT_TYPE><PRICE>499</PRICE>${extra}</ITEM>`;
    const errors = await importItems([
      item('DCX-SIZE-ONLY', '<PACKAGE_SIZE>bigbox</PACKAGE_SIZE>'),
      item('DCX-DIMS-ONLY', '<DIMENSIONS><WIDTH>30</WIDTH><LENGTH>40</LENGTH><HEIGHT>20</HEIGHT></DIMENSIONS>'),
      item(
        'DCX-BOTH',
        '<PACKAGE_SIZE>bigbox</PACKAGE_SIZE><DIMENSIONS><WIDTH>30</WIDTH><LENGTH>40</LENGTH><HEIGHT>20</HEIGHT></DIMENSIONS>',
      ),
    ]);
    const rules = Object.fromEntries(
      errors.map((e) => [e.product_id, e.issues.map((i) => `${i.field}:${i.rule}`).sort()]),
    );
    expect(rules).toEqual({
      'DCX-DIMS-ONLY': ['packageSize:packageSizeTogether'],
      'DCX-SIZE-ONLY': ['height:packageSizeTogether', 'length:packageSizeTogether', 'width:packageSizeTogether'],
    });
    const written = (await allProducts(cz)).filter((p) => p.id.startsWith('DCX-')).map((p) => p.id);
    expect(written).toEqual(['DCX-BOTH']);
  });
});
