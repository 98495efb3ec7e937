import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/tables';
import { codeOf, partnerIdByShop, startTestServer, type TestServer } from '../../test/harness';
import { revokePolicies } from '../catalog/test-fixtures';

let server: TestServer;
let cz: number;
let sk: number;
let czToken: string;
let multiToken: string;
let limitedToken: string;

const CARRIERS = '{ deliveryCarriers { code title isPickupPoint } }';
const LIST = '{ partnerDeliveries { id code title price codPrice freeLimit deliveryDelay isPickupPoint } }';
const SAVE = `mutation($id: ID, $input: DeliveryInput!) { saveDelivery(id: $id, input: $input) {
  id code title price codPrice freeLimit deliveryDelay isPickupPoint } }`;
const DELETE = 'mutation($id: ID!) { deleteDelivery(id: $id) }';

type Delivery = {
  id: string;
  code: string;
  title: string;
  price: number;
  codPrice: number | null;
  freeLimit: number | null;
  deliveryDelay: number;
  isPickupPoint: boolean;
};
type Fields = { field: string; rule: string; message: string }[];
const fieldsOf = (r: { errors?: { extensions: { fields?: unknown[] } }[] }) =>
  (r.errors?.[0]?.extensions.fields ?? []) as Fields;

const asCz = () => ({ token: czToken, partnerId: cz });
const asSk = () => ({ token: multiToken, partnerId: sk });

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
});
afterAll(async () => server?.close());

describe('carriers', () => {
  it('lists the carriers of the partner’s own market', async () => {
    const czCarriers = await server.gql<{ deliveryCarriers: { code: string; isPickupPoint: boolean }[] }>(
      CARRIERS,
      {},
      asCz(),
    );
    const codes = czCarriers.data!.deliveryCarriers.map((c) => c.code);
    expect(codes).toEqual(expect.arrayContaining(['PPL', 'ZASILKOVNA', 'CESKA_POSTA']));
    expect(codes).not.toContain('SPS');
    const skCarriers = await server.gql<{ deliveryCarriers: { code: string }[] }>(CARRIERS, {}, asSk());
    expect(skCarriers.data!.deliveryCarriers.map((c) => c.code)).toContain('SPS');
  });
});

describe('delivery methods', () => {
  let czDelivery: Delivery;

  it('adds a carrier with the title and pickup flag of the catalogue, in whole crowns', async () => {
    const result = await server.gql<{ saveDelivery: Delivery }>(
      SAVE,
      { input: { code: 'ZASILKOVNA', price: '79', codPrice: '25', freeLimit: '1500', deliveryDelay: 1 } },
      asCz(),
    );
    expect(result.errors).toBeUndefined();
    czDelivery = result.data!.saveDelivery;
    expect(czDelivery).toMatchObject({
      title: 'Zásilkovna',
      isPickupPoint: true,
      price: 79,
      codPrice: 25,
      freeLimit: 1500,
    });
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.partnerId, cz), eq(auditLog.action, 'delivery.create')));
    expect(audit?.entityId).toBe(czDelivery.id);
  });

  it('applies the market money rules and the delay bounds', async () => {
    const crowns = await server.gql(SAVE, { input: { code: 'PPL', price: '89,50', deliveryDelay: 31 } }, asCz());
    expect(codeOf(crowns)).toBe('VALIDATION_ERROR');
    expect(Object.fromEntries(fieldsOf(crowns).map((f) => [f.field, f.rule]))).toEqual({
      price: 'priceWhole',
      deliveryDelay: 'numberBetween',
    });
    const euros = await server.gql<{ saveDelivery: Delivery }>(
      SAVE,
      { input: { code: 'SPS', price: '3,49', deliveryDelay: 0 } },
      asSk(),
    );
    expect(euros.errors).toBeUndefined();
    expect(euros.data!.saveDelivery).toMatchObject({ price: 3.49, codPrice: null, freeLimit: null, deliveryDelay: 0 });
  });

  it('refuses a carrier of another market and a carrier offered twice', async () => {
    const foreign = await server.gql(SAVE, { input: { code: 'SPS', price: '50', deliveryDelay: 1 } }, asCz());
    expect(fieldsOf(foreign)).toEqual([expect.objectContaining({ field: 'code', rule: 'invalid' })]);
    const twice = await server.gql(SAVE, { input: { code: 'ZASILKOVNA', price: '50', deliveryDelay: 1 } }, asCz());
    expect(fieldsOf(twice)).toEqual([expect.objectContaining({ field: 'code', rule: 'carrierTaken' })]);
  });

  it('changes a method, keeping its carrier unique', async () => {
    const changed = await server.gql<{ saveDelivery: Delivery }>(
      SAVE,
      { id: czDelivery.id, input: { code: 'ZASILKOVNA', price: '69', deliveryDelay: 2 } },
      asCz(),
    );
    expect(changed.data!.saveDelivery).toMatchObject({
      id: czDelivery.id,
      price: 69,
      codPrice: null,
      deliveryDelay: 2,
    });
  });

  it('never shows or touches another partner’s methods', async () => {
    const list = await server.gql<{ partnerDeliveries: Delivery[] }>(LIST, {}, asSk());
    expect(list.data!.partnerDeliveries.map((d) => d.code)).toEqual(['SPS']);
    const edit = await server.gql(
      SAVE,
      { id: czDelivery.id, input: { code: 'SPS', price: '1', deliveryDelay: 1 } },
      asSk(),
    );
    expect(codeOf(edit)).toBe('DELIVERY_NOT_FOUND');
    expect(codeOf(await server.gql(DELETE, { id: czDelivery.id }, asSk()))).toBe('DELIVERY_NOT_FOUND');
  });

  it('refuses an account without the deliveries permission', async () => {
    const as = { token: limitedToken, partnerId: cz };
    expect(codeOf(await server.gql(LIST, {}, as))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(CARRIERS, {}, as))).toBe('ACCESS_DENIED');
    expect(codeOf(await server.gql(DELETE, { id: czDelivery.id }, as))).toBe('ACCESS_DENIED');
  });

  it('deletes a method', async () => {
    expect((await server.gql(DELETE, { id: czDelivery.id }, asCz())).errors).toBeUndefined();
    const list = await server.gql<{ partnerDeliveries: Delivery[] }>(LIST, {}, asCz());
    expect(list.data!.partnerDeliveries).toHaveLength(0);
  });
});
