import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/tables';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { revokePolicies } from '../catalog/test-fixtures';
import { categories } from '../catalog/tables';
import { noteHeurekaBrands } from './brand-pairing';
import { autoPairParams, noteHeurekaParams, ParamNotes } from './param-pairing';
import { runFeed } from './runs';
import { feedRunErrors, feedRuns, feeds } from './tables';
import { heurekaCategories } from './tables-heureka';
import { heurekaBrands, heurekaParams } from './tables-heureka-params';
import { createFeed, type FeedServer, startFeedServer } from './test-feeds';

/**
 * Params-values pairing and brand pairing of the Heureka feed through real runs: the feed is served by a
 * seller's server on loopback, each run is a feed run as the job performs it, and a person pairs through
 * GraphQL as the pages do.
 */

let server: TestServer;
let seller: FeedServer;
let cz: number;
let sk: number;
let feedId: number;
let czToken: string;
let skToken: string;
let limitedToken: string;
let adminToken: string;
let helmetsId: number;

const HELMETS = 'Heureka.cz | Sport | Cyklistika | Přilby';

const param = (name: string, value: string) => `<PARAM><PARAM_NAME>${name}</PARAM_NAME><VAL>${value}</VAL></PARAM>`;
const shopItem = (id: string, fields: string) => `<SHOPITEM>
  <ITEM_ID>${id}</ITEM_ID>
  <PRICE_VAT>1290</PRICE_VAT>
  <VAT>21</VAT>
  ${fields}
</SHOPITEM>`;

/** The seller's feed: a helmet in two sizes (one group), a helmet of another maker, and whatever a test adds. */
function feed(opts: { color?: string; extra?: string } = {}) {
  const color = opts.color ?? 'Černá';
  return `<?xml version="1.0" encoding="utf-8"?>
<SHOP>
${shopItem(
  'HELMA-G-M',
  `<PRODUCTNAME>Abus Přilba Aduro M</PRODUCTNAME><MANUFACTURER>Abus</MANUFACTURER><CATEGORYTEXT>${HELMETS}</CATEGORYTEXT>
  <ITEMGROUP_ID>HELMA-G</ITEMGROUP_ID>${param('Barva', color)}${param('Velikost', 'M')}${param('Hmotnost', '250 g')}`,
)}
${shopItem(
  'HELMA-G-L',
  `<PRODUCTNAME>Abus Přilba Aduro L</PRODUCTNAME><MANUFACTURER>Abus</MANUFACTURER><CATEGORYTEXT>${HELMETS}</CATEGORYTEXT>
  <ITEMGROUP_ID>HELMA-G</ITEMGROUP_ID>${param('Barva', color)}${param('Velikost', 'L')}${param('Hmotnost', '260 g')}`,
)}
${shopItem(
  'HELMA-UVX',
  `<PRODUCTNAME>Přilba Uvexová</PRODUCTNAME><MANUFACTURER>Uvex Sports s.r.o.</MANUFACTURER><CATEGORYTEXT>${HELMETS}</CATEGORYTEXT>
  ${param('Barva', 'Červená')}`,
)}
${opts.extra ?? ''}
</SHOP>
`;
}

beforeAll(async () => {
  server = await startTestServer({ config: { webhooks: { allowPrivateUrls: true } } });
  seller = await startFeedServer();
  seller.file('/heureka.xml', feed());
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  feedId = await createFeed(server, cz, 'HEUREKA', 'PRODUCTS');
  await server.database.db
    .update(feeds)
    .set({ url: `${seller.base}/heureka.xml`, enabled: true })
    .where(eq(feeds.id, feedId));
  const [helmets] = await server.database.db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.shopId, 'CZ10MA'), sql`${categories.names}->>'en' = 'Bike helmets'`));
  helmetsId = helmets!.id;
  await revokePolicies(server.database.db, 'limited@demo.test', cz, 'heurekaFeed', ['read', 'update']);
  czToken = (await server.login('partner@demo.test')).token;
  skToken = (await server.login('multi@demo.test')).token;
  limitedToken = (await server.login('limited@demo.test')).token;
  adminToken = (await server.login('admin@demo.test')).token;
});
afterAll(async () => {
  await seller?.close();
  await server?.close();
});

/** One run of the feed as the run job performs it; answers the run's row and its error log. */
async function runOnce(body = feed()) {
  seller.file('/heureka.xml', body);
  const db = server.database.db;
  const [queued] = await db
    .insert(feedRuns)
    .values({ feedId, partnerId: cz, format: 'HEUREKA', type: 'PRODUCTS', trigger: 'MANUAL', status: 'QUEUED' })
    .returning();
  await runFeed(server.app.platform, { runId: queued!.id, feedId, partnerId: cz });
  const [run] = await db.select().from(feedRuns).where(eq(feedRuns.id, queued!.id));
  const errors = await db.select().from(feedRunErrors).where(eq(feedRunErrors.runId, queued!.id));
  return { run: run!, errors: errors.map((e) => [e.itemCode, e.errorCode, e.field]) };
}

async function product(id: string) {
  const { rows } = await server.database.executeSql(
    'select id, brand_id, parameters, variable_parameters from products where partner_id = $1 and id = $2',
    [cz, id],
  );
  return rows[0] as
    | { id: string; brand_id: string | null; parameters: Record<string, unknown>; variable_parameters: string[] }
    | undefined;
}

async function variantParameters(productId: string) {
  const { rows } = await server.database.executeSql(
    'select id, parameters from product_variants where partner_id = $1 and product_id = $2 order by id',
    [cz, productId],
  );
  return Object.fromEntries((rows as { id: string; parameters: unknown }[]).map((r) => [r.id, r.parameters]));
}

async function leafId(en: string): Promise<number> {
  const [row] = await server.database.db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.shopId, 'CZ10MA'), sql`${categories.names}->>'en' = ${en}`));
  return row!.id;
}

const as = (token: string, partnerId: number) => ({ token, partnerId });
const gql = <T>(query: string, variables: Record<string, unknown> = {}, who = as(czToken, cz)) =>
  server.gql<T>(query, variables, who);

const PARAM = 'id name itemCount valueCount variantGroups parameterCode pairedBy parameter { code name variant }';
type Param = {
  id: string;
  name: string;
  itemCount: number;
  valueCount: number;
  variantGroups: number;
  parameterCode: string | null;
  pairedBy: string | null;
};
const VALUE = 'id value itemCount mappedValue mappedText automaticValue pairedBy';
type Value = { id: string; value: string; mappedValue: string | null; automaticValue: string | null };
const BRAND = 'id manufacturer itemCount brandId brandName pairedBy requested requestStatus';
type Brand = {
  id: string;
  manufacturer: string;
  itemCount: number;
  brandId: string | null;
  brandName: string | null;
  pairedBy: string | null;
  requested: boolean;
  requestStatus: string | null;
};

let helmetsRow: string;

async function params(): Promise<Map<string, Param>> {
  const answer = await gql<{ heurekaParams: Param[] }>(
    `query($c: ID!) { heurekaParams(heurekaCategoryId: $c) { ${PARAM} } }`,
    { c: helmetsRow },
  );
  expect(answer.errors).toBeUndefined();
  return new Map(answer.data!.heurekaParams.map((p) => [p.name, p]));
}

async function values(paramId: string): Promise<Map<string, Value>> {
  const answer = await gql<{ heurekaParamValues: Value[] }>(
    `query($p: ID!) { heurekaParamValues(paramId: $p) { ${VALUE} } }`,
    { p: paramId },
  );
  expect(answer.errors).toBeUndefined();
  return new Map(answer.data!.heurekaParamValues.map((v) => [v.value, v]));
}

async function brandRows(): Promise<Map<string, Brand>> {
  const answer = await gql<{ heurekaBrands: { items: Brand[] } }>(`query { heurekaBrands { items { ${BRAND} } } }`);
  expect(answer.errors).toBeUndefined();
  return new Map(answer.data!.heurekaBrands.items.map((b) => [b.manufacturer, b]));
}

describe('a first run of the feed', () => {
  it('notes each category’s PARAMs with their values and the MANUFACTURERs, pairing the clear ones', async () => {
    const { run, errors } = await runOnce();
    expect(run.status).toBe('DONE');
    expect(errors).toEqual([['HELMA-UVX', 'HEUREKA_BRAND_UNPAIRED', 'MANUFACTURER']]);

    const list = await gql<{
      heurekaParamCategories: {
        items: {
          id: string;
          categoryText: string;
          categoryId: number;
          params: number;
          paramsPaired: number;
          paramsUnpaired: number;
          variantParams: number;
        }[];
      };
    }>(
      'query { heurekaParamCategories { items { id categoryText categoryId params paramsPaired paramsUnpaired variantParams } } }',
    );
    expect(list.errors).toBeUndefined();
    const helmets = list.data!.heurekaParamCategories.items.find((c) => c.categoryText === HELMETS)!;
    expect(helmets).toMatchObject({
      categoryId: helmetsId,
      params: 3,
      paramsPaired: 2,
      paramsUnpaired: 1,
      variantParams: 2,
    });
    helmetsRow = helmets.id;

    const byName = await params();
    expect(byName.get('Barva')).toMatchObject({
      parameterCode: 'COLOR',
      pairedBy: 'AUTO',
      itemCount: 3,
      valueCount: 2,
      variantGroups: 0,
    });
    expect(byName.get('Velikost')).toMatchObject({
      parameterCode: 'SIZE',
      pairedBy: 'AUTO',
      itemCount: 2,
      variantGroups: 1,
    });
    // The bike helmets have no weight: nothing to pair with, the seller sees it unpaired.
    expect(byName.get('Hmotnost')).toMatchObject({
      parameterCode: null,
      pairedBy: null,
      valueCount: 2,
      variantGroups: 1,
    });

    const brands = await brandRows();
    expect(brands.get('Abus')).toMatchObject({ brandId: 'ABUS', brandName: 'Abus', pairedBy: 'AUTO', itemCount: 2 });
    expect(brands.get('Uvex Sports s.r.o.')).toMatchObject({ brandId: null, pairedBy: null, itemCount: 1 });
  });

  it('gives the product the paired parameters and builds its variants from the paired PARAM that varies', async () => {
    expect(await product('HELMA-G')).toMatchObject({
      brand_id: 'ABUS',
      parameters: { COLOR: 'BLACK' },
      variable_parameters: ['SIZE'],
    });
    expect(await variantParameters('HELMA-G')).toEqual({ 'HELMA-G-L': { SIZE: 'L' }, 'HELMA-G-M': { SIZE: 'M' } });
  });

  it('recommends the category’s parameters for a name, the similar first', async () => {
    const byName = await params();
    const answer = await gql<{ heurekaParamRecommendations: { parameter: { code: string }; score: number }[] }>(
      'query($id: ID!) { heurekaParamRecommendations(id: $id) { parameter { code } score } }',
      { id: byName.get('Barva')!.id },
    );
    expect(answer.data!.heurekaParamRecommendations[0]).toMatchObject({ parameter: { code: 'COLOR' }, score: 1 });
    expect(answer.data!.heurekaParamRecommendations.map((r) => r.parameter.code).sort()).toEqual(['COLOR', 'SIZE']);
  });
});

describe('pairing values', () => {
  it('converts a known VAL automatically and leaves out one it cannot place until a person pairs it', async () => {
    const { errors } = await runOnce(feed({ color: 'Antracit' }));
    expect(errors).toEqual([['HELMA-UVX', 'HEUREKA_BRAND_UNPAIRED', 'MANUFACTURER']]);
    expect((await product('HELMA-G'))!.parameters).toEqual({});

    const barva = (await params()).get('Barva')!;
    const byValue = await values(barva.id);
    expect(byValue.get('Černá')).toMatchObject({ mappedValue: 'BLACK', automaticValue: 'BLACK', pairedBy: null });
    expect(byValue.get('Antracit')).toMatchObject({ mappedValue: null, automaticValue: null, pairedBy: null });

    const wrong = await gql('mutation($id: ID!) { heurekaParamValuePair(id: $id, value: "PURPLE") { id } }', {
      id: byValue.get('Antracit')!.id,
    });
    expect(codeOf(wrong)).toBe('VALIDATION_ERROR');
    expect(wrong.errors![0]!.extensions.fields).toEqual([
      expect.objectContaining({ field: 'value', rule: 'parameterOption' }),
    ]);

    const paired = await gql<{ heurekaParamValuePair: Value & { mappedText: string } }>(
      `mutation($id: ID!) { heurekaParamValuePair(id: $id, value: "GREY") { ${VALUE} } }`,
      { id: byValue.get('Antracit')!.id },
      { ...as(czToken, cz) },
    );
    expect(paired.data!.heurekaParamValuePair).toMatchObject({ mappedValue: 'GREY', pairedBy: 'PERSON' });

    // The pairing is part of the product the feed makes: its content hash changed, the next run writes it.
    const { run } = await runOnce(feed({ color: 'Antracit' }));
    expect(run.updated).toBe(2);
    expect((await product('HELMA-G'))!.parameters).toEqual({ COLOR: 'GREY' });
  });

  it('leaves a VAL out when a person says so, and goes back to the automatic value on request', async () => {
    const barva = (await params()).get('Barva')!;
    const antracit = (await values(barva.id)).get('Antracit')!;
    await gql('mutation($id: ID!) { heurekaParamValueUnpair(id: $id) { id } }', { id: antracit.id });
    await runOnce(feed({ color: 'Antracit' }));
    expect((await product('HELMA-G'))!.parameters).toEqual({});
    const back = await gql<{ heurekaParamValueAutomatic: Value }>(
      `mutation($id: ID!) { heurekaParamValueAutomatic(id: $id) { ${VALUE} } }`,
      { id: antracit.id },
    );
    expect(back.data!.heurekaParamValueAutomatic).toMatchObject({ mappedValue: null, pairedBy: null });
  });
});

describe('pairing PARAM names', () => {
  it('refuses a parameter the marketplace category does not have', async () => {
    const hmotnost = (await params()).get('Hmotnost')!;
    const answer = await gql('mutation($id: ID!) { heurekaParamPair(id: $id, parameterCode: "WEIGHT") { id } }', {
      id: hmotnost.id,
    });
    expect(codeOf(answer)).toBe('VALIDATION_ERROR');
    expect(answer.errors![0]!.extensions.fields).toEqual([
      expect.objectContaining({ field: 'parameterCode', rule: 'parameterUnknown' }),
    ]);
  });

  it('unpairs a name for good (the next runs leave it out and never pair it again) and pairs it again', async () => {
    const barva = (await params()).get('Barva')!;
    const unpaired = await gql<{ heurekaParamUnpair: Param }>(
      `mutation($id: ID!) { heurekaParamUnpair(id: $id) { ${PARAM} } }`,
      { id: barva.id },
    );
    expect(unpaired.data!.heurekaParamUnpair).toMatchObject({ parameterCode: null, pairedBy: 'PERSON' });
    await runOnce();
    expect((await product('HELMA-G'))!.parameters).toEqual({});
    expect((await params()).get('Barva')).toMatchObject({ parameterCode: null, pairedBy: 'PERSON' });

    const paired = await gql<{ heurekaParamPair: Param }>(
      `mutation($id: ID!) { heurekaParamPair(id: $id, parameterCode: "COLOR") { ${PARAM} } }`,
      { id: barva.id },
    );
    expect(paired.data!.heurekaParamPair).toMatchObject({ parameterCode: 'COLOR', pairedBy: 'PERSON' });
    await runOnce();
    expect((await product('HELMA-G'))!.parameters).toEqual({ COLOR: 'BLACK' });
    const audits = await server.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.partnerId, cz), eq(auditLog.entity, 'heureka_param')));
    expect(audits.map((a) => a.action).sort()).toEqual(['heureka.param.pair', 'heureka.param.unpair']);
  });

  it('makes a varying PARAM a variant parameter only as the product rules allow: a refusal names it', async () => {
    const SHOES = 'Heureka.cz | Móda | Boty';
    const boot = (id: string, material: string) =>
      shopItem(
        id,
        `<PRODUCTNAME>Abus Bota ${id}</PRODUCTNAME><MANUFACTURER>Abus</MANUFACTURER><CATEGORYTEXT>${SHOES}</CATEGORYTEXT>
        <ITEMGROUP_ID>BOTY-G</ITEMGROUP_ID>${param('Velikost bot', '42')}${param('Materiál', material)}`,
      );
    const extra = [boot('BOTY-G-1', 'Kůže'), boot('BOTY-G-2', 'Plast')].join('\n');
    const first = await runOnce(feed({ extra }));
    expect(first.errors.filter(([id]) => String(id).startsWith('BOTY'))).toEqual([
      ['BOTY-G-1', 'HEUREKA_CATEGORY_UNPAIRED', 'CATEGORYTEXT'],
      ['BOTY-G-2', 'HEUREKA_CATEGORY_UNPAIRED', 'CATEGORYTEXT'],
    ]);
    const [shoes] = await server.database.db
      .select({ id: heurekaCategories.id })
      .from(heurekaCategories)
      .where(and(eq(heurekaCategories.partnerId, cz), eq(heurekaCategories.categoryText, SHOES)));
    const paired = await gql('mutation($id: ID!, $c: Int!) { heurekaCategoryPair(id: $id, categoryId: $c) { id } }', {
      id: shoes!.id,
      c: await leafId('Boots'),
    });
    expect(paired.errors).toBeUndefined();

    // The names of the newly paired category pair on the next run; the material varies, and the boots' material
    // is no variant parameter: the product rules refuse the group, saying which parameter.
    const second = await runOnce(feed({ extra }));
    const shoeParams = await gql<{ heurekaParams: Param[] }>(
      `query($c: ID!) { heurekaParams(heurekaCategoryId: $c) { ${PARAM} } }`,
      { c: shoes!.id },
    );
    const byName = new Map(shoeParams.data!.heurekaParams.map((p) => [p.name, p]));
    expect(byName.get('Materiál')).toMatchObject({ parameterCode: 'MATERIAL', pairedBy: 'AUTO', variantGroups: 1 });
    expect(byName.get('Velikost bot')).toMatchObject({ parameterCode: 'SHOE_SIZE', variantGroups: 0 });
    expect(second.errors).toEqual(
      expect.arrayContaining([[expect.stringMatching(/^BOTY-G/), 'VALIDATION_ERROR', 'variableParameters.0']]),
    );
    expect(await product('BOTY-G')).toBeUndefined();

    // Unpaired, the material is left out and the group is no longer refused for it.
    await gql('mutation($id: ID!) { heurekaParamUnpair(id: $id) { id } }', { id: byName.get('Materiál')!.id });
    const third = await runOnce(feed({ extra }));
    expect(third.errors.filter(([, , field]) => field === 'variableParameters.0')).toEqual([]);
  });
});

describe('pairing brands', () => {
  it('pairs a manufacturer with an accepted brand, and its items are written on the next run', async () => {
    const uvex = (await brandRows()).get('Uvex Sports s.r.o.')!;
    const recommended = await gql<{ heurekaBrandRecommendations: { id: string; name: string }[] }>(
      'query($id: ID!) { heurekaBrandRecommendations(id: $id) { id name score } }',
      { id: uvex.id },
    );
    expect(recommended.errors).toBeUndefined();
    expect(recommended.data!.heurekaBrandRecommendations.map((b) => b.id)).toContain('UVEX');
    const unknown = await gql('mutation($id: ID!) { heurekaBrandPair(id: $id, brandId: "NOSUCHBRAND") { id } }', {
      id: uvex.id,
    });
    expect(codeOf(unknown)).toBe('BRAND_NOT_FOUND');
    const paired = await gql<{ heurekaBrandPair: Brand }>(
      `mutation($id: ID!) { heurekaBrandPair(id: $id, brandId: "UVEX") { ${BRAND} } }`,
      { id: uvex.id },
    );
    expect(paired.data!.heurekaBrandPair).toMatchObject({ brandId: 'UVEX', brandName: 'Uvex', pairedBy: 'PERSON' });
    const { errors } = await runOnce();
    expect(errors).toEqual([]);
    expect(await product('HELMA-UVX')).toMatchObject({ brand_id: 'UVEX', parameters: { COLOR: 'RED' } });
  });

  it('requests a brand for a manufacturer: its items wait until an operator accepts it', async () => {
    const extra = shopItem(
      'HELMA-NEW',
      `<PRODUCTNAME>Přilba Zbrusu</PRODUCTNAME><MANUFACTURER>Zbrusu Helmy</MANUFACTURER><CATEGORYTEXT>${HELMETS}</CATEGORYTEXT>`,
    );
    expect((await runOnce(feed({ extra }))).errors).toEqual([['HELMA-NEW', 'HEUREKA_BRAND_UNPAIRED', 'MANUFACTURER']]);
    const row = (await brandRows()).get('Zbrusu Helmy')!;
    const manufacturer = { name: 'Zbrusu s.r.o.', street: 'Dlouhá 1', city: 'Praha', country: 'CZ', zip: '110 00' };
    const requested = await gql<{
      heurekaBrandRequest: { result: { success: boolean; request: { id: string; status: string } }; brand: Brand };
    }>(
      `mutation($id: ID!, $data: BrandRequestInput!) { heurekaBrandRequest(id: $id, data: $data, force: true) {
        result { success request { id status } } brand { ${BRAND} } } }`,
      { id: row.id, data: { name: 'Zbrusu Helmy', manufacturer } },
    );
    expect(requested.errors).toBeUndefined();
    expect(requested.data!.heurekaBrandRequest.result).toMatchObject({ success: true, request: { status: 'PENDING' } });
    expect(requested.data!.heurekaBrandRequest.brand).toMatchObject({
      brandId: 'ZBRUSUHELMY',
      brandName: null,
      requested: true,
      requestStatus: 'PENDING',
    });
    expect((await runOnce(feed({ extra }))).errors).toEqual([['HELMA-NEW', 'HEUREKA_BRAND_UNPAIRED', 'MANUFACTURER']]);

    const accepted = await server.gql(
      'mutation($id: ID!, $partnerId: Int!) { brandRequestAccept(id: $id, partnerId: $partnerId) { id status } }',
      { id: requested.data!.heurekaBrandRequest.result.request.id, partnerId: cz },
      { token: adminToken },
    );
    expect(accepted.errors).toBeUndefined();
    expect((await runOnce(feed({ extra }))).errors).toEqual([]);
    expect(await product('HELMA-NEW')).toMatchObject({ brand_id: 'ZBRUSUHELMY' });
    expect((await brandRows()).get('Zbrusu Helmy')).toMatchObject({
      brandName: 'Zbrusu Helmy',
      requestStatus: 'ACCEPTED',
    });
  });

  it('unpairs a manufacturer: its items are refused again and it is never paired automatically again', async () => {
    const abus = (await brandRows()).get('Abus')!;
    await gql('mutation($id: ID!) { heurekaBrandUnpair(id: $id) { id } }', { id: abus.id });
    const { errors } = await runOnce();
    expect(errors).toEqual(
      expect.arrayContaining([
        ['HELMA-G-M', 'HEUREKA_BRAND_UNPAIRED', 'MANUFACTURER'],
        ['HELMA-G-L', 'HEUREKA_BRAND_UNPAIRED', 'MANUFACTURER'],
      ]),
    );
    expect((await brandRows()).get('Abus')).toMatchObject({ brandId: null, pairedBy: 'PERSON' });
    await gql('mutation($id: ID!) { heurekaBrandPair(id: $id, brandId: "ABUS") { id } }', { id: abus.id });
  });
});

describe('who may pair', () => {
  it('does not find another partner’s feed categories, names, values or manufacturers', async () => {
    const barva = (await params()).get('Barva')!;
    const value = [...(await values(barva.id)).values()][0]!;
    const abus = (await brandRows()).get('Abus')!;
    const sk = as(skToken, skPartner());
    expect(
      codeOf(await gql('query($c: ID!) { heurekaParams(heurekaCategoryId: $c) { id } }', { c: helmetsRow }, sk)),
    ).toBe('HEUREKA_CATEGORY_NOT_FOUND');
    expect(
      codeOf(
        await gql(
          'mutation($id: ID!) { heurekaParamPair(id: $id, parameterCode: "COLOR") { id } }',
          { id: barva.id },
          sk,
        ),
      ),
    ).toBe('HEUREKA_PARAM_NOT_FOUND');
    expect(
      codeOf(await gql('mutation($id: ID!) { heurekaParamValueUnpair(id: $id) { id } }', { id: value.id }, sk)),
    ).toBe('HEUREKA_PARAM_VALUE_NOT_FOUND');
    expect(codeOf(await gql('mutation($id: ID!) { heurekaBrandUnpair(id: $id) { id } }', { id: abus.id }, sk))).toBe(
      'HEUREKA_BRAND_NOT_FOUND',
    );
    expect((await gql<{ heurekaBrands: { total: number } }>('query { heurekaBrands { total } }', {}, sk)).data).toEqual(
      {
        heurekaBrands: { total: 0 },
      },
    );
    expect(codeOf(await gql('mutation { heurekaParamUnpair(id: "abc") { id } }'))).toBe('HEUREKA_PARAM_NOT_FOUND');
  });

  it('refuses an account without the Heureka feed right', async () => {
    const limited = as(limitedToken, cz);
    const barva = (await params()).get('Barva')!;
    expect(codeOf(await gql('query { heurekaParamCategories { total } }', {}, limited))).toBe('ACCESS_DENIED');
    expect(codeOf(await gql('query { heurekaBrands { total } }', {}, limited))).toBe('ACCESS_DENIED');
    expect(
      codeOf(await gql('mutation($id: ID!) { heurekaParamUnpair(id: $id) { id } }', { id: barva.id }, limited)),
    ).toBe('ACCESS_DENIED');
  });
});

describe('the same row at once', () => {
  it('notes the same names and manufacturers from two transactions into one row each', async () => {
    const db = server.database.db;
    const notes = new ParamNotes();
    notes.item(HELMETS, [{ name: 'Souběh', value: 'A' }]);
    await Promise.all([
      db.transaction((tx) => noteHeurekaParams(tx, cz, notes, { values: true })),
      db.transaction((tx) => noteHeurekaParams(tx, cz, notes, { values: true })),
      db.transaction((tx) => noteHeurekaBrands(tx, cz, new Map([['Souběžný výrobce', 1]]))),
      db.transaction((tx) => noteHeurekaBrands(tx, cz, new Map([['Souběžný výrobce', 2]]))),
    ]);
    const names = await db
      .select()
      .from(heurekaParams)
      .where(and(eq(heurekaParams.partnerId, cz), eq(heurekaParams.name, 'Souběh')));
    expect(names).toHaveLength(1);
    const makers = await db
      .select()
      .from(heurekaBrands)
      .where(and(eq(heurekaBrands.partnerId, cz), eq(heurekaBrands.manufacturer, 'Souběžný výrobce')));
    expect(makers).toHaveLength(1);
  });

  it('pairs one name twice at once: both answer, the row holds the last choice', async () => {
    const velikost = (await params()).get('Velikost')!;
    const pair = (code: string) =>
      gql<{ heurekaParamPair: Param }>(
        `mutation($id: ID!, $c: String!) { heurekaParamPair(id: $id, parameterCode: $c) { ${PARAM} } }`,
        {
          id: velikost.id,
          c: code,
        },
      );
    const answers = await Promise.all([pair('SIZE'), pair('SIZE')]);
    for (const a of answers) expect(a.errors).toBeUndefined();
    const rows = await server.database.db
      .select()
      .from(heurekaParams)
      .where(and(eq(heurekaParams.partnerId, cz), eq(heurekaParams.name, 'Velikost')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ parameterCode: 'SIZE', pairedBy: 'PERSON' });
  });
});

function skPartner() {
  return sk;
}

describe('a feed category paired with another marketplace category', () => {
  it('pairs again the names paired automatically with a code the new category lacks, never a person’s', async () => {
    const db = server.database.db;
    const [row] = await db
      .insert(heurekaCategories)
      .values({
        partnerId: cz,
        categoryText: 'Heureka.cz | Sport | Přilby na kolo',
        categoryId: helmetsId,
        pairedBy: 'PERSON',
      })
      .returning();
    const [auto, person] = await db
      .insert(heurekaParams)
      .values([
        { partnerId: cz, heurekaCategoryId: row!.id, name: 'Velikost', parameterCode: 'SHOE_SIZE', pairedBy: 'AUTO' },
        { partnerId: cz, heurekaCategoryId: row!.id, name: 'Barva', parameterCode: 'MATERIAL', pairedBy: 'PERSON' },
      ])
      .returning();
    const paired = await db.transaction((tx) => autoPairParams(tx, cz, { heurekaCategoryId: row!.id }));
    expect(paired).toBe(1);
    const after = new Map(
      (await db.select().from(heurekaParams).where(eq(heurekaParams.heurekaCategoryId, row!.id))).map((p) => [p.id, p]),
    );
    expect(after.get(auto!.id)).toMatchObject({ parameterCode: 'SIZE', pairedBy: 'AUTO' });
    expect(after.get(person!.id)).toMatchObject({ parameterCode: 'MATERIAL', pairedBy: 'PERSON' });
  });
});
