import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/tables';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { captureStream } from '../../test/waits';
import { revokePolicies } from '../catalog/test-fixtures';
import { orderMaker } from '../orders/test-setup';
import { partners } from '../partner/tables';

let server: TestServer;
let cz: number;
let sk: number;
let czToken: string;
let multiToken: string;
let limitedToken: string;
let readOnlyToken: string;

const CARRIERS = '{ deliveryCarriers { code title isPickupPoint } }';
const AVAILABLE = '{ availableTransports { code } }';
const FIELDS = `id code title transport price codPrice freeLimit deliveryDelay isPickupPoint deliveryKind priority
  packageSize minHeight maxHeight minWidth maxWidth minLength maxLength minWeight maxWeight
  closeTimes { mon tue wed thu fri sat sun } pricing priceLevels { limit price } mdpAllowed mallDeliveryType`;
const LIST = `{ partnerDeliveries { ${FIELDS} } }`;
const GET = `query($id: ID!) { delivery(id: $id) { ${FIELDS} } }`;
const GRID = `query($grid: GridInput) { deliveriesGrid(grid: $grid) { items { id code title } total page perPage } }`;
const SAVE = `mutation($id: ID, $input: DeliveryInput!) { saveDelivery(id: $id, input: $input) { ${FIELDS} } }`;
const DELETE = 'mutation($id: ID!) { deleteDelivery(id: $id) }';

type Delivery = Record<string, unknown> & { id: string; code: string; price: number };
type Fields = { field: string; rule: string; message: string }[];
const rulesOf = (r: { errors?: { extensions: { fields?: unknown[] } }[] }) =>
  Object.fromEntries(((r.errors?.[0]?.extensions.fields ?? []) as Fields).map((f) => [f.field, f.rule]));

const asCz = () => ({ token: czToken, partnerId: cz });
const asSk = () => ({ token: multiToken, partnerId: sk });

const weightMethod = {
  code: 'PPL_parcel',
  title: 'PPL to the door',
  transport: 'PPL',
  price: '99',
  codPrice: '25',
  freeLimit: '3000',
  deliveryDelay: 1,
  deliveryKind: 'pickup',
  priority: 10,
  packageSize: 'SMALLBOX',
  minWeight: '0.1',
  maxWeight: '20',
  maxLength: '100',
  closeTimes: { mon: '14:30', fri: '12:00' },
  pricing: 'WEIGHT_LEVELS',
  priceLevels: [
    { limit: '2', price: '129' },
    { limit: '5', price: '149' },
  ],
};

const makeOrder = orderMaker(() => ({ server, cz, sk, token: czToken }), 9_190_001);

beforeAll(async () => {
  server = await startTestServer();
  cz = await partnerIdByShop(server.database, '100001');
  sk = await partnerIdByShop(server.database, '100002');
  await revokePolicies(server.database.db, 'limited@demo.test', cz, 'deliveries', [
    'read',
    'create',
    'update',
    'delete',
  ]);
  czToken = (await server.login('partner@demo.test')).token;
  multiToken = (await server.login('multi@demo.test')).token;
  limitedToken = (await server.login('limited@demo.test')).token;
  // A colleague who may look at the methods but not change them.
  await revokePolicies(server.database.db, 'colleague@demo.test', cz, 'deliveries', ['create', 'update', 'delete']);
  readOnlyToken = (await server.login('colleague@demo.test')).token;
});
afterAll(async () => server?.close());

describe('transports', () => {
  it('lists the carriers of the partner’s own market, and those no method uses yet', async () => {
    const czCarriers = await server.gql<{ deliveryCarriers: { code: string }[] }>(CARRIERS, {}, asCz());
    const codes = czCarriers.data!.deliveryCarriers.map((c) => c.code);
    expect(codes).toEqual(expect.arrayContaining(['PPL', 'ZASILKOVNA', 'CESKA_POSTA']));
    expect(codes).not.toContain('SPS');
    const skCarriers = await server.gql<{ deliveryCarriers: { code: string }[] }>(CARRIERS, {}, asSk());
    expect(skCarriers.data!.deliveryCarriers.map((c) => c.code)).toContain('SPS');
    const available = await server.gql<{ availableTransports: { code: string }[] }>(AVAILABLE, {}, asCz());
    expect(available.data!.availableTransports.map((c) => c.code)).toEqual(codes);
  });
});

describe('delivery methods', () => {
  let method: Delivery;

  it('creates a method with every field, audits it and tells the stream', async () => {
    const stream = await captureStream(server.app.platform, (m) =>
      m.event?.type === 'delivery_method_changed' ? { audience: m.audience, data: m.event.data } : undefined,
    );
    const result = await server.gql<{ saveDelivery: Delivery }>(SAVE, { input: weightMethod }, asCz());
    expect(result.errors).toBeUndefined();
    method = result.data!.saveDelivery;
    expect(method).toMatchObject({
      code: 'PPL_parcel',
      title: 'PPL to the door',
      transport: 'PPL',
      price: 99,
      codPrice: 25,
      freeLimit: 3000,
      deliveryKind: 'pickup',
      priority: 10,
      packageSize: 'SMALLBOX',
      minWeight: 0.1,
      maxWeight: 20,
      maxLength: 100,
      minHeight: null,
      closeTimes: { mon: '14:30', tue: null, wed: null, thu: null, fri: '12:00', sat: null, sun: null },
      pricing: 'WEIGHT_LEVELS',
      priceLevels: [
        { limit: 2, price: 129 },
        { limit: 5, price: 149 },
      ],
      mdpAllowed: false,
      mallDeliveryType: null,
    });
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.partnerId, cz), eq(auditLog.action, 'delivery.create')));
    expect(audit?.entityId).toBe(method.id);
    const event = await stream.next('the method event', (e) => (e.data as { id: string }).id === method.id);
    expect(event).toEqual({
      audience: { partnerId: cz },
      data: { id: method.id, code: 'PPL_parcel', action: 'create' },
    });
    await stream.stop();

    const available = await server.gql<{ availableTransports: { code: string }[] }>(AVAILABLE, {}, asCz());
    expect(available.data!.availableTransports.map((c) => c.code)).not.toContain('PPL');
    const got = await server.gql<{ delivery: Delivery }>(GET, { id: method.id }, asCz());
    expect(got.data!.delivery).toEqual(method);
  });

  it('reports every broken rule at once and writes nothing', async () => {
    const bad = await server.gql(
      SAVE,
      {
        input: {
          ...weightMethod,
          code: 'PPL parcel',
          title: '',
          transport: 'SPS',
          price: '89,50',
          deliveryDelay: 31,
          minWeight: '3',
          maxWeight: '2',
          closeTimes: { mon: '24:00' },
          priceLevels: [
            { limit: '5', price: '129' },
            { limit: '5', price: '149' },
          ],
          mdpAllowed: true,
        },
      },
      asCz(),
    );
    expect(codeOf(bad)).toBe('VALIDATION_ERROR');
    expect(rulesOf(bad)).toEqual({
      code: 'methodCode',
      title: 'required',
      transport: 'in',
      price: 'priceWhole',
      deliveryDelay: 'numberBetween',
      maxWeight: 'minAboveMax',
      'closeTimes.mon': 'timeFormat',
      'priceLevels.1.limit': 'levelsIncreasing',
      mallDeliveryType: 'required',
    });
    const list = await server.gql<{ partnerDeliveries: Delivery[] }>(LIST, {}, asCz());
    expect(list.data!.partnerDeliveries.map((d) => d.code)).toEqual(['PPL_parcel']);
  });

  it('keeps the code unique per partner but lets another transport method share the carrier', async () => {
    const twice = await server.gql(SAVE, { input: { ...weightMethod, title: 'Again' } }, asCz());
    expect(rulesOf(twice)).toEqual({ code: 'methodCodeTaken' });
    const big = await server.gql<{ saveDelivery: Delivery }>(
      SAVE,
      { input: { ...weightMethod, code: 'PPL_big', packageSize: 'BIGBOX', pricing: 'FIXED', priceLevels: [] } },
      asCz(),
    );
    expect(big.errors).toBeUndefined();
    // The same code in another partner's shop is that partner's own business.
    const sk1 = await server.gql(
      SAVE,
      { input: { code: 'PPL_parcel', title: 'SPS', transport: 'SPS', price: '3,49', deliveryDelay: 0 } },
      asSk(),
    );
    expect(sk1.errors).toBeUndefined();
  });

  it('pages, filters, sorts and searches the grid of the partner’s own methods', async () => {
    const all = await server.gql<{ deliveriesGrid: { items: Delivery[]; total: number; perPage: number } }>(
      GRID,
      {},
      asCz(),
    );
    expect(all.data!.deliveriesGrid.items.map((d) => d.code)).toEqual(['PPL_big', 'PPL_parcel']);
    expect(all.data!.deliveriesGrid).toMatchObject({ total: 2, perPage: 50 });
    const filtered = await server.gql<{ deliveriesGrid: { items: Delivery[] } }>(
      GRID,
      { grid: { filters: [{ field: 'pricing', operator: 'EQUAL', value: 'WEIGHT_LEVELS' }] } },
      asCz(),
    );
    expect(filtered.data!.deliveriesGrid.items.map((d) => d.code)).toEqual(['PPL_parcel']);
    const searched = await server.gql<{ deliveriesGrid: { items: Delivery[] } }>(
      GRID,
      { grid: { search: 'big', sort: { field: 'code', direction: 'ASCENDING' } } },
      asCz(),
    );
    expect(searched.data!.deliveriesGrid.items.map((d) => d.code)).toEqual(['PPL_big']);
    const bad = await server.gql(
      GRID,
      { grid: { filters: [{ field: 'nope', operator: 'EQUAL', value: '1' }] } },
      asCz(),
    );
    expect(codeOf(bad)).toBe('VALIDATION_ERROR');
    const sk1 = await server.gql<{ deliveriesGrid: { items: Delivery[] } }>(GRID, {}, asSk());
    expect(sk1.data!.deliveriesGrid.items.map((d) => d.transport ?? d.code)).toEqual(['PPL_parcel']);
  });

  it('changes a method, including its pricing while no open order uses it', async () => {
    const changed = await server.gql<{ saveDelivery: Delivery }>(
      SAVE,
      {
        id: method.id,
        input: { ...weightMethod, price: '89', pricing: 'PRICE_LEVELS', priceLevels: [{ limit: '1000', price: '49' }] },
      },
      asCz(),
    );
    expect(changed.errors).toBeUndefined();
    expect(changed.data!.saveDelivery).toMatchObject({ price: 89, pricing: 'PRICE_LEVELS' });
  });

  it('refuses CANNOT_UPDATE_DELIVERY_PRICING while open orders travel with the method, prices stay free', async () => {
    const orderId = await makeOrder({ status: 'open', transportId: 'PPL_parcel' });
    const input = { ...weightMethod, pricing: 'PRICE_LEVELS', priceLevels: [{ limit: '1000', price: '49' }] };
    const levels = await server.gql(
      SAVE,
      { id: method.id, input: { ...input, priceLevels: [{ limit: '1500', price: '49' }] } },
      asCz(),
    );
    expect(codeOf(levels)).toBe('CANNOT_UPDATE_DELIVERY_PRICING');
    const type = await server.gql(
      SAVE,
      { id: method.id, input: { ...input, pricing: 'FIXED', priceLevels: [] } },
      asCz(),
    );
    expect(codeOf(type)).toBe('CANNOT_UPDATE_DELIVERY_PRICING');
    const rename = await server.gql(SAVE, { id: method.id, input: { ...input, code: 'PPL_new' } }, asCz());
    expect(rulesOf(rename)).toEqual({ code: 'methodCodeInUse' });
    const price = await server.gql<{ saveDelivery: Delivery }>(
      SAVE,
      { id: method.id, input: { ...input, price: '79', title: 'PPL (cheaper)' } },
      asCz(),
    );
    expect(price.errors).toBeUndefined();
    expect(price.data!.saveDelivery).toMatchObject({ price: 79, priceLevels: [{ limit: 1000, price: 49 }] });

    // Once the order has shipped, its price is settled: the pricing is free again.
    await server.database.executeSql('update orders set status = $1 where partner_id = $2 and id = $3', [
      'shipped',
      cz,
      orderId,
    ]);
    const after = await server.gql(
      SAVE,
      { id: method.id, input: { ...input, pricing: 'FIXED', priceLevels: [] } },
      asCz(),
    );
    expect(after.errors).toBeUndefined();
  });

  it('refuses CANNOT_UPDATE_DELIVERY_PRICING on a MALL Delivery method while MALL Delivery is active', async () => {
    const mdp = { ...weightMethod, code: 'PPL_mdp', mdpAllowed: true, mallDeliveryType: 'classic' };
    const created = await server.gql<{ saveDelivery: Delivery }>(SAVE, { input: mdp }, asCz());
    expect(created.data!.saveDelivery).toMatchObject({ mdpAllowed: true, mallDeliveryType: 'classic' });
    const id = created.data!.saveDelivery.id;
    await server.database.db.update(partners).set({ mdpStatus: 'active' }).where(eq(partners.id, cz));
    try {
      const change = await server.gql(SAVE, { id, input: { ...mdp, pricing: 'FIXED', priceLevels: [] } }, asCz());
      expect(codeOf(change)).toBe('CANNOT_UPDATE_DELIVERY_PRICING');
      const title = await server.gql(SAVE, { id, input: { ...mdp, title: 'PPL MALL' } }, asCz());
      expect(title.errors).toBeUndefined();
    } finally {
      await server.database.db.update(partners).set({ mdpStatus: 'inactive' }).where(eq(partners.id, cz));
    }
    const inactive = await server.gql(SAVE, { id, input: { ...mdp, pricing: 'FIXED', priceLevels: [] } }, asCz());
    expect(inactive.errors).toBeUndefined();
  });

  it('never shows or touches another partner’s methods', async () => {
    const list = await server.gql<{ partnerDeliveries: Delivery[] }>(LIST, {}, asSk());
    expect(list.data!.partnerDeliveries.map((d) => d.transport)).toEqual(['SPS']);
    expect(codeOf(await server.gql(GET, { id: method.id }, asSk()))).toBe('DELIVERY_NOT_FOUND');
    const edit = await server.gql(
      SAVE,
      { id: method.id, input: { code: 'X', title: 'X', transport: 'SPS', price: '1', deliveryDelay: 1 } },
      asSk(),
    );
    expect(codeOf(edit)).toBe('DELIVERY_NOT_FOUND');
    expect(codeOf(await server.gql(DELETE, { id: method.id }, asSk()))).toBe('DELIVERY_NOT_FOUND');
  });

  it('asks for the permission of each action', async () => {
    const none = { token: limitedToken, partnerId: cz };
    for (const query of [LIST, CARRIERS, AVAILABLE, GRID])
      expect(codeOf(await server.gql(query, {}, none))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(GET, { id: method.id }, none))).toBe('ACCESS_DENIED');
    const reader = { token: readOnlyToken, partnerId: cz };
    expect((await server.gql(GRID, {}, reader)).errors).toBeUndefined();
    expect(codeOf(await server.gql(SAVE, { input: { ...weightMethod, code: 'R1' } }, reader))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(SAVE, { id: method.id, input: weightMethod }, reader))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(DELETE, { id: method.id }, reader))).toBe('ACCESS_DENIED');
  });

  it('deletes a method, with audit and stream event', async () => {
    const stream = await captureStream(server.app.platform, (m) =>
      m.event?.type === 'delivery_method_changed' ? (m.event.data as { action: string; id: string }) : undefined,
    );
    expect((await server.gql(DELETE, { id: method.id }, asCz())).errors).toBeUndefined();
    expect(await stream.next('the delete event', (e) => e.id === method.id)).toMatchObject({ action: 'delete' });
    await stream.stop();
    expect(codeOf(await server.gql(GET, { id: method.id }, asCz()))).toBe('DELIVERY_NOT_FOUND');
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.partnerId, cz), eq(auditLog.action, 'delivery.delete')));
    expect(audit?.entityId).toBe(method.id);
  });
});
