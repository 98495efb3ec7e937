import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/tables';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { revokePolicies } from '../catalog/test-fixtures';
import { orderMaker } from '../orders/test-setup';
import { partners } from '../partner/tables';
import { mallDeliveryConfigs } from './mall/tables';

/**
 * A method and what keeps it as it is: the spec's separate "update for mall delivery" call and its rules,
 * deleting while open orders or an active MALL Delivery depend on it, and hostile values on every input.
 */
let server: TestServer;
let cz: number;
let sk: number;
let czToken: string;
let multiToken: string;
let readOnlyToken: string;
let adminToken: string;

const FIELDS = 'id code title price pricing priceLevels { limit price } mdpAllowed mallDeliveryType openOrders';
const SAVE = `mutation($id: ID, $input: DeliveryInput!) { saveDelivery(id: $id, input: $input) { ${FIELDS} } }`;
const MALL = `mutation($id: ID!, $input: DeliveryMallInput!) { deliveryMallUpdate(id: $id, input: $input) { ${FIELDS} } }`;
const GET = `query($id: ID!) { delivery(id: $id) { ${FIELDS} } }`;
const GRID = `query { deliveriesGrid { items { ${FIELDS} } } }`;
const DELETE = 'mutation($id: ID!) { deleteDelivery(id: $id) }';

type Method = { id: string; code: string; title: string; mdpAllowed: boolean; mallDeliveryType: string | null };
type Fields = { field: string; rule: string }[];
const rulesOf = (r: { errors?: { extensions: { fields?: unknown[] } }[] }) =>
  Object.fromEntries(((r.errors?.[0]?.extensions.fields ?? []) as Fields).map((f) => [f.field, f.rule]));

const asCz = () => ({ token: czToken, partnerId: cz });
const base = { transport: 'PPL', price: '99', deliveryDelay: 1 };
const makeOrder = orderMaker(() => ({ server, cz, sk, token: czToken }), 9_195_001);

async function setMall(state: string, spectrumStatus = 'inactive') {
  await server.database.db.update(partners).set({ mdpStatus: state }).where(eq(partners.id, cz));
  await server.database.db
    .insert(mallDeliveryConfigs)
    .values({ partnerId: cz, spectrumStatus })
    .onConflictDoUpdate({ target: mallDeliveryConfigs.partnerId, set: { spectrumStatus } });
}

async function create(code: string, extra: Record<string, unknown> = {}): Promise<Method> {
  const result = await server.gql<{ saveDelivery: Method }>(
    SAVE,
    { input: { ...base, code, title: code, ...extra } },
    asCz(),
  );
  expect(result.errors).toBeUndefined();
  return result.data!.saveDelivery;
}

async function mall(id: string, input: Record<string, unknown>, as = asCz()) {
  return server.gql<{ deliveryMallUpdate: Method }>(MALL, { id, input }, as);
}

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  czToken = (await server.login('partner@demo.test')).token;
  multiToken = (await server.login('multi@demo.test')).token;
  await revokePolicies(server.database.db, 'colleague@demo.test', cz, 'deliveries', ['create', 'update', 'delete']);
  readOnlyToken = (await server.login('colleague@demo.test')).token;
  adminToken = (await server.login('admin@demo.test')).token;
});
afterAll(async () => server?.close());

describe('update for mall delivery', () => {
  beforeEach(async () => setMall('active'));

  it('offers a method through MALL Delivery and changes nothing else of it, with audit', async () => {
    const method = await create('MDP_offer', { title: 'PPL offered', price: '89' });
    const result = await mall(method.id, { mdpAllowed: true, mallDeliveryType: 'spectrum' });
    expect(result.errors).toBeUndefined();
    expect(result.data!.deliveryMallUpdate).toMatchObject({
      title: 'PPL offered',
      price: 89,
      mdpAllowed: true,
      mallDeliveryType: 'spectrum',
      openOrders: 0,
    });
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.partnerId, cz), eq(auditLog.action, 'delivery.mall')))
      .orderBy(desc(auditLog.id));
    expect(audit?.data).toMatchObject({
      code: 'MDP_offer',
      from: { mdpAllowed: false, mallDeliveryType: null },
      to: { mdpAllowed: true, mallDeliveryType: 'spectrum' },
    });
    // A save of the rest of the method, without the MALL Delivery fields, keeps them as stored.
    const rest = await server.gql<{ saveDelivery: Method }>(
      SAVE,
      { id: method.id, input: { ...base, code: 'MDP_offer', title: 'PPL renamed' } },
      asCz(),
    );
    expect(rest.data!.saveDelivery).toMatchObject({
      title: 'PPL renamed',
      mdpAllowed: true,
      mallDeliveryType: 'spectrum',
    });
  });

  it('refuses to offer a method before MALL Delivery is requested; withdrawing is always allowed', async () => {
    const method = await create('MDP_early');
    for (const state of ['inactive', 'declined']) {
      await setMall(state);
      const refused = await mall(method.id, { mdpAllowed: true, mallDeliveryType: 'classic' });
      expect(codeOf(refused)).toBe('MALL_DELIVERY_NOT_REQUESTED');
      expect(refused.errors![0]!.message).toMatch(/requested or active/);
    }
    // The full save follows the same rule when it carries the fields: one rule, two doors.
    const viaSave = await server.gql(
      SAVE,
      {
        id: method.id,
        input: { ...base, code: 'MDP_early', title: 'x', mdpAllowed: true, mallDeliveryType: 'classic' },
      },
      asCz(),
    );
    expect(codeOf(viaSave)).toBe('MALL_DELIVERY_NOT_REQUESTED');
    const created = await server.gql(
      SAVE,
      { input: { ...base, code: 'MDP_new', title: 'x', mdpAllowed: true, mallDeliveryType: 'spectrum' } },
      asCz(),
    );
    expect(codeOf(created)).toBe('MALL_DELIVERY_NOT_REQUESTED');
    // Requested: the seller may prepare its offer while the marketplace decides.
    await setMall('requested');
    expect((await mall(method.id, { mdpAllowed: true, mallDeliveryType: 'classic' })).errors).toBeUndefined();
    await setMall('inactive');
    const withdrawn = await mall(method.id, { mdpAllowed: false, mallDeliveryType: 'classic' });
    expect(withdrawn.data!.deliveryMallUpdate).toMatchObject({ mdpAllowed: false, mallDeliveryType: null });
  });

  it('refuses a classic offer while Spectrum is on, and keeps a classic method that was already offered', async () => {
    const method = await create('MDP_classic');
    expect((await mall(method.id, { mdpAllowed: true, mallDeliveryType: 'classic' })).errors).toBeUndefined();
    const other = await create('MDP_other');
    await setMall('active', 'active');
    expect(codeOf(await mall(other.id, { mdpAllowed: true, mallDeliveryType: 'classic' }))).toBe(
      'MALL_DELIVERY_CLASSIC_DISABLED',
    );
    expect((await mall(other.id, { mdpAllowed: true, mallDeliveryType: 'spectrum' })).errors).toBeUndefined();
    // The classic one stays as it is: repeating what is stored is not a new offer.
    expect((await mall(method.id, { mdpAllowed: true, mallDeliveryType: 'classic' })).errors).toBeUndefined();
    expect(codeOf(await mall(other.id, { mdpAllowed: true, mallDeliveryType: 'classic' }))).toBe(
      'MALL_DELIVERY_CLASSIC_DISABLED',
    );
  });

  it('once offered through an active MALL Delivery, the method’s pricing is held; withdrawn, it is free again', async () => {
    const method = await create('MDP_held');
    await mall(method.id, { mdpAllowed: true, mallDeliveryType: 'spectrum' });
    const levels = { pricing: 'PRICE_LEVELS', priceLevels: [{ limit: '1000', price: '49' }] };
    const change = await server.gql(
      SAVE,
      { id: method.id, input: { ...base, code: 'MDP_held', title: 'x', ...levels } },
      asCz(),
    );
    expect(codeOf(change)).toBe('CANNOT_UPDATE_DELIVERY_PRICING');
    // The MALL Delivery call changes no pricing: it never answers CANNOT_UPDATE_DELIVERY_PRICING.
    expect((await mall(method.id, { mdpAllowed: false })).errors).toBeUndefined();
    const free = await server.gql(
      SAVE,
      { id: method.id, input: { ...base, code: 'MDP_held', title: 'x', ...levels } },
      asCz(),
    );
    expect(free.errors).toBeUndefined();
  });

  it('validates the input, and asks for update permission on the partner’s own method', async () => {
    const method = await create('MDP_rules');
    expect(rulesOf(await mall(method.id, { mdpAllowed: true }))).toEqual({ mallDeliveryType: 'required' });
    expect(rulesOf(await mall(method.id, { mdpAllowed: true, mallDeliveryType: 'express' }))).toEqual({
      mallDeliveryType: 'in',
    });
    const reader = { token: readOnlyToken, partnerId: cz };
    expect(codeOf(await mall(method.id, { mdpAllowed: false }, reader))).toBe('ACCESS_DENIED');
    expect(codeOf(await mall(method.id, { mdpAllowed: false }, { token: multiToken, partnerId: sk }))).toBe(
      'DELIVERY_NOT_FOUND',
    );
    expect(codeOf(await mall('not-a-number', { mdpAllowed: false }))).toBe('VALIDATION_ERROR');
  });
});

describe('deleting a method something depends on', () => {
  beforeEach(async () => setMall('active'));

  it('is refused while open orders use it, with their count, and shown on the grid before any click', async () => {
    const method = await create('DEL_open');
    await makeOrder({ status: 'open', transportId: 'DEL_open' });
    await makeOrder({ status: 'shipping', transportId: 'DEL_open' });
    await makeOrder({ status: 'delivered', transportId: 'DEL_open' });
    const grid = await server.gql<{ deliveriesGrid: { items: (Method & { openOrders: number })[] } }>(GRID, {}, asCz());
    expect(grid.data!.deliveriesGrid.items.find((m) => m.id === method.id)?.openOrders).toBe(2);
    const got = await server.gql<{ delivery: { openOrders: number } }>(GET, { id: method.id }, asCz());
    expect(got.data!.delivery.openOrders).toBe(2);
    const refused = await server.gql(DELETE, { id: method.id }, asCz());
    expect(codeOf(refused)).toBe('DELIVERY_IN_USE');
    expect(refused.errors![0]!.message).toContain('(2)');
    expect((await server.gql(GET, { id: method.id }, asCz())).errors).toBeUndefined();
    // Once they have shipped, the method may go.
    await server.database.executeSql(
      "update orders set status = 'shipped' where partner_id = $1 and transport_id = 'DEL_open' and status <> 'delivered'",
      [cz],
    );
    expect((await server.gql(DELETE, { id: method.id }, asCz())).errors).toBeUndefined();
  });

  it('is refused while the method is offered through an active MALL Delivery, allowed once withdrawn', async () => {
    const method = await create('DEL_mdp');
    await mall(method.id, { mdpAllowed: true, mallDeliveryType: 'spectrum' });
    expect(codeOf(await server.gql(DELETE, { id: method.id }, asCz()))).toBe('DELIVERY_IN_MALL_DELIVERY');
    // Not active any more: the offer no longer runs, the method may go.
    await setMall('inactive');
    expect((await server.gql(DELETE, { id: method.id }, asCz())).errors).toBeUndefined();
  });
});

describe('hostile values', () => {
  beforeEach(async () => setMall('active'));

  it('answers VALIDATION_ERROR naming the fields for NUL, lone surrogates, 1e400 and huge strings', async () => {
    const hostile = await server.gql(
      SAVE,
      {
        input: {
          ...base,
          code: 'A\u0000B',
          title: 'bad \ud800 title',
          price: '1e400',
          codPrice: `1${'0'.repeat(400)}`,
          freeLimit: 'x'.repeat(100_000),
          transport: 'PPL\u0000',
          minWeight: '-1e400',
          closeTimes: { mon: '\u0000' },
          packageSize: '\ud800',
          mdpAllowed: true,
          mallDeliveryType: '\u0000',
        },
      },
      asCz(),
    );
    expect(codeOf(hostile)).toBe('VALIDATION_ERROR');
    expect(rulesOf(hostile)).toEqual({
      code: 'invalidCharacters',
      title: 'invalidCharacters',
      price: 'decimal',
      codPrice: 'decimal',
      freeLimit: 'decimal',
      transport: 'in',
      minWeight: 'decimal',
      'closeTimes.mon': 'timeFormat',
      packageSize: 'in',
      mallDeliveryType: 'in',
    });
    const long = await server.gql(
      SAVE,
      { input: { ...base, code: 'L'.repeat(100_000), title: 'T'.repeat(100_000) } },
      asCz(),
    );
    expect(rulesOf(long)).toEqual({ code: 'max', title: 'max' });
  });

  it('answers one levelsMax for 10,000 price levels, not a message per level', async () => {
    const levels = Array.from({ length: 10_000 }, (_, i) => ({ limit: String(i + 1), price: '\u0000' }));
    const result = await server.gql(
      SAVE,
      { input: { ...base, code: 'MANY', title: 'Many', pricing: 'PRICE_LEVELS', priceLevels: levels } },
      asCz(),
    );
    expect(codeOf(result)).toBe('VALIDATION_ERROR');
    expect(result.errors![0]!.extensions.fields).toHaveLength(1);
    expect(rulesOf(result)).toEqual({ priceLevels: 'levelsMax' });
  });

  it('refuses a number GraphQL cannot carry as a bad request, never INTERNAL', async () => {
    const literal = await server.gql(
      `mutation { saveDelivery(input: { code: "X", title: "X", transport: "PPL", price: "1", deliveryDelay: 1e400 }) { id } }`,
      {},
      asCz(),
    );
    expect(codeOf(literal)).toBe('INVALID_REQUEST');
    const variable = await server.gql(SAVE, { input: { ...base, code: 'X', title: 'X', deliveryDelay: 1e40 } }, asCz());
    expect(codeOf(variable)).toBe('INVALID_REQUEST');
  });

  it('refuses hostile MALL Delivery inputs with the field named', async () => {
    const method = await create('HOSTILE_mall');
    expect(rulesOf(await mall(method.id, { mdpAllowed: true, mallDeliveryType: 'spectrum\u0000' }))).toEqual({
      mallDeliveryType: 'in',
    });
    const classic = await server.gql(
      `mutation($input: MallDeliveryClassicInput!) { mallDeliveryConfigUpdate(input: $input) { state } }`,
      {
        input: {
          registerBranch: 'CZ-PRG-ZLI\u0000',
          returnBranch: '\ud800',
          returnPin: '1e400',
          openingHours: { mon: { open: true, from: '\u0000', to: 'x'.repeat(100_000) } },
        },
      },
      asCz(),
    );
    expect(codeOf(classic)).toBe('VALIDATION_ERROR');
    expect(rulesOf(classic)).toEqual({
      registerBranch: 'in',
      returnBranch: 'in',
      returnPin: 'returnPin',
      'openingHours.mon.from': 'timeFormat',
      'openingHours.mon.to': 'timeFormat',
    });
    const spectrum = await server.gql(
      `mutation($input: SpectrumConfigInput!) { spectrumConfigUpdate(input: $input) { state } }`,
      {
        input: {
          status: 'active\u0000',
          labelType: '\ud800',
          collectionsEnabled: true,
          collectionsOnDemand: false,
          collectionsTimeStart: '1e400',
          collectionsTimeEnd: 'x'.repeat(100_000),
        },
      },
      asCz(),
    );
    expect(codeOf(spectrum)).toBe('VALIDATION_ERROR');
    expect(rulesOf(spectrum)).toEqual({
      status: 'in',
      labelType: 'in',
      collectionsTimeStart: 'timeFormat',
      collectionsTimeEnd: 'timeFormat',
    });
  });

  it('refuses an operator’s reason with NUL or lone surrogates before anything is stored', async () => {
    const decide = await server.gql(
      'mutation($p: ID!, $input: MallDeliveryDecisionInput!) { mallDeliveryDecide(partnerId: $p, input: $input) { state } }',
      { p: cz, input: { decision: 'DECLINE', reason: 'Missing \u0000 papers', registerBranch: '\ud800' } },
      { token: adminToken },
    );
    expect(codeOf(decide)).toBe('VALIDATION_ERROR');
    expect(rulesOf(decide)).toEqual({ reason: 'invalidCharacters', registerBranch: 'invalidCharacters' });
    const deactivate = await server.gql(
      'mutation($p: ID!, $r: String!) { mallDeliveryDeactivate(partnerId: $p, reason: $r) { state } }',
      { p: cz, r: `\ud800${'x'.repeat(100_000)}` },
      { token: adminToken },
    );
    expect(rulesOf(deactivate)).toEqual({ reason: 'invalidCharacters' });
    const [partner] = await server.database.db
      .select({ state: partners.mdpStatus })
      .from(partners)
      .where(eq(partners.id, cz));
    expect(partner?.state).toBe('active');
  });
});
