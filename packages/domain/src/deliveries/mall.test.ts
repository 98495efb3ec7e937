import { describe, expect, it } from 'vitest';
import {
  classicConfigRefusal,
  classicConfigSchema,
  MALL_DELIVERY_BRANCHES,
  MALL_DELIVERY_STATES,
  mallDeliveryBranchesOf,
  mallDeliveryDecisionSchema,
  mallDeliveryMoveAllowed,
  mallDeliveryMoveRefusal,
  mallDeliveryReadiness,
  OPENING_WEEKDAYS,
  spectrumConfigRefusal,
  spectrumConfigSchema,
} from './mall';

const rules = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('MALL Delivery state machine', () => {
  const allowed = new Set([
    'inactive>requested>partner',
    'declined>requested>partner',
    'requested>active>operator',
    'requested>declined>operator',
    'active>inactive>operator',
  ]);
  it('walks every (from, to, actor) triple: only the five moves pass', () => {
    for (const from of MALL_DELIVERY_STATES) {
      for (const to of MALL_DELIVERY_STATES) {
        for (const by of ['partner', 'operator'] as const) {
          expect(mallDeliveryMoveAllowed(from, to, by), `${from}>${to}>${by}`).toBe(allowed.has(`${from}>${to}>${by}`));
        }
      }
    }
  });
  it('answers the catalogue code of a refused move', () => {
    expect(mallDeliveryMoveRefusal('requested', 'requested', 'partner')).toBe('MALL_DELIVERY_REQUEST_NOT_ALLOWED');
    expect(mallDeliveryMoveRefusal('active', 'requested', 'partner')).toBe('MALL_DELIVERY_REQUEST_NOT_ALLOWED');
    expect(mallDeliveryMoveRefusal('active', 'active', 'operator')).toBe('MALL_DELIVERY_NOT_PENDING');
    expect(mallDeliveryMoveRefusal('declined', 'declined', 'operator')).toBe('MALL_DELIVERY_NOT_PENDING');
    expect(mallDeliveryMoveRefusal('requested', 'inactive', 'operator')).toBe('MALL_DELIVERY_NOT_ACTIVE');
    expect(mallDeliveryMoveRefusal('inactive', 'requested', 'partner')).toBeNull();
  });
});

describe('register branches', () => {
  it('lists the depots of each market, and only of it', () => {
    for (const shop of ['CZ10MA', 'SK10MA', 'PL20MA', 'SI10SI', 'HU20MA', 'HR10MA']) {
      const branches = mallDeliveryBranchesOf(shop);
      expect(branches.length).toBeGreaterThanOrEqual(2);
      expect(branches.every((b) => b.shopId === shop)).toBe(true);
    }
    expect(new Set(MALL_DELIVERY_BRANCHES.map((b) => b.id)).size).toBe(MALL_DELIVERY_BRANCHES.length);
  });
});

const hours = (open: Partial<Record<string, [string, string]>>) =>
  Object.fromEntries(
    OPENING_WEEKDAYS.map((d) => [d, open[d] ? { open: true, from: open[d]![0], to: open[d]![1] } : { open: false }]),
  );

describe('classic configuration', () => {
  const schema = classicConfigSchema('CZ10MA');
  const valid = {
    registerBranch: 'CZ-PRG-ZLI',
    returnBranch: 'CZ-BRN-CER',
    returnPin: '0427',
    openingHours: hours({ mon: ['08:00', '16:00'], fri: ['07:30', '12:00'] }),
  };
  it('accepts a full configuration and stores closed days as null', () => {
    const parsed = schema.parse(valid);
    expect(parsed.openingHours.mon).toEqual({ from: '08:00', to: '16:00' });
    expect(parsed.openingHours.tue).toBeNull();
    expect(parsed.returnPin).toBe('0427');
  });
  it('takes only depots of the partner market', () => {
    expect(rules(schema.safeParse({ ...valid, registerBranch: 'SK-BTS-SEN', returnBranch: '' }))).toEqual({
      registerBranch: 'in',
      returnBranch: 'required',
    });
  });
  it('return PIN: 4 to 6 digits, both sides of each bound', () => {
    for (const pin of ['0000', '123456']) expect(schema.safeParse({ ...valid, returnPin: pin }).success).toBe(true);
    for (const pin of ['123', '1234567', '12a4', '12 34']) {
      expect(rules(schema.safeParse({ ...valid, returnPin: pin })), pin).toEqual({ returnPin: 'returnPin' });
    }
  });
  it('opening hours: HH:mm, from before to (equal refused), at least one day open — all reported at once', () => {
    const result = schema.safeParse({
      ...valid,
      openingHours: hours({
        mon: ['8:00', '16:00'],
        tue: ['10:00', '10:00'],
        wed: ['16:00', '24:00'],
        thu: ['09:59', '10:00'],
      }),
    });
    expect(rules(result)).toEqual({
      'openingHours.mon.from': 'timeFormat',
      'openingHours.tue.to': 'timeOrder',
      'openingHours.wed.to': 'timeFormat',
    });
    expect(rules(schema.safeParse({ ...valid, openingHours: hours({}) }))).toEqual({
      'openingHours.mon': 'openingHoursRequired',
    });
  });
});

describe('Spectrum/DIP configuration', () => {
  const valid = {
    status: 'active',
    labelType: 'zpl',
    collectionsEnabled: true,
    collectionsOnDemand: false,
    collectionsTimeStart: '13:00',
    collectionsTimeEnd: '16:30',
  };
  it('accepts a window with start before end', () => {
    expect(spectrumConfigSchema.parse(valid).collectionsTimeEnd).toBe('16:30');
  });
  it('refuses an empty, malformed or reversed window while collections are on; ignores it while off', () => {
    expect(
      rules(spectrumConfigSchema.safeParse({ ...valid, collectionsTimeStart: '', collectionsTimeEnd: '7:00' })),
    ).toEqual({
      collectionsTimeStart: 'required',
      collectionsTimeEnd: 'timeFormat',
    });
    expect(rules(spectrumConfigSchema.safeParse({ ...valid, collectionsTimeEnd: '13:00' }))).toEqual({
      collectionsTimeEnd: 'timeOrder',
    });
    expect(rules(spectrumConfigSchema.safeParse({ ...valid, collectionsTimeEnd: '13:01' }))).toEqual({});
    expect(
      spectrumConfigSchema.safeParse({
        ...valid,
        collectionsEnabled: false,
        collectionsTimeStart: '',
        collectionsTimeEnd: '',
      }).success,
    ).toBe(true);
  });
  it('knows only its statuses and label types', () => {
    expect(rules(spectrumConfigSchema.safeParse({ ...valid, status: 'on', labelType: 'png' }))).toEqual({
      status: 'in',
      labelType: 'in',
    });
  });
});

describe('operator decision', () => {
  const cz = mallDeliveryDecisionSchema('CZ10MA');
  const sk = mallDeliveryDecisionSchema('SK10MA');
  it('accept needs a fee by the market money rules and two depots of the market', () => {
    expect(rules(cz.safeParse({ decision: 'ACCEPT' }))).toEqual({
      fee: 'required',
      registerBranch: 'required',
      returnBranch: 'required',
    });
    expect(
      rules(
        cz.safeParse({ decision: 'ACCEPT', fee: '29.5', registerBranch: 'CZ-PRG-ZLI', returnBranch: 'PL-WAW-PIA' }),
      ),
    ).toEqual({
      fee: 'priceWhole',
      returnBranch: 'in',
    });
    expect(
      sk.parse({ decision: 'ACCEPT', fee: '1,25', registerBranch: 'SK-BTS-SEN', returnBranch: 'SK-BTS-SEN' }).fee,
    ).toBe(1.25);
  });
  it('decline needs a reason; a reason over the limit is refused', () => {
    expect(rules(cz.safeParse({ decision: 'DECLINE', reason: '  ' }))).toEqual({ reason: 'required' });
    expect(rules(cz.safeParse({ decision: 'DECLINE', reason: 'x'.repeat(1001) }))).toEqual({ reason: 'max' });
    expect(cz.safeParse({ decision: 'DECLINE', reason: 'x'.repeat(1000) }).success).toBe(true);
  });
});

describe('readiness of the warehouse and the contact', () => {
  const warehouse = { street: 'Logistická 7', city: 'Jihlava', zip: '586 01', state: 'CZ', types: ['MDP_WAREHOUSE'] };
  const contact = { phone: '601 111 210', roles: ['MALL_DELIVERY'] };
  it('is ready with one standalone warehouse in a supported country and one standalone contact with a phone', () => {
    expect(mallDeliveryReadiness({ addresses: [warehouse], contacts: [contact], croatiaEnabled: false })).toEqual([]);
  });
  it('names every missing or broken piece', () => {
    expect(mallDeliveryReadiness({ addresses: [], contacts: [], croatiaEnabled: false })).toEqual([
      'MDP_WAREHOUSE_ADDRESS_MANDATORY',
      'MALL_DELIVERY_CONTACT_MANDATORY',
    ]);
    expect(
      mallDeliveryReadiness({
        addresses: [{ ...warehouse, types: ['MDP_WAREHOUSE', 'WAREHOUSE'], state: 'HR' }],
        contacts: [{ phone: ' ', roles: ['MALL_DELIVERY', 'SALES'] }],
        croatiaEnabled: false,
      }),
    ).toEqual([
      'MDP_WAREHOUSE_STANDALONE_TYPE',
      'MDP_WAREHOUSE_UNSUPPORTED_COUNTRY',
      'MALL_DELIVERY_CONTACT_NOT_STANDALONE',
      'MALL_DELIVERY_CONTACT_INCONSISTENT',
    ]);
    expect(
      mallDeliveryReadiness({ addresses: [warehouse, warehouse], contacts: [contact, contact], croatiaEnabled: true }),
    ).toEqual(['MDP_WAREHOUSE_NOT_UNIQUE', 'MALL_DELIVERY_CONTACT_NOT_UNIQUE']);
    expect(
      mallDeliveryReadiness({ addresses: [{ ...warehouse, zip: '' }], contacts: [contact], croatiaEnabled: false }),
    ).toEqual(['MDP_WAREHOUSE_ALL_FIELDS_MANDATORY']);
  });
  it('a Croatian warehouse is fine once the Croatian market is on', () => {
    expect(
      mallDeliveryReadiness({ addresses: [{ ...warehouse, state: 'HR' }], contacts: [contact], croatiaEnabled: true }),
    ).toEqual([]);
  });
});

describe('what the partner may change', () => {
  it('classic only while active and Spectrum off', () => {
    expect(classicConfigRefusal('requested', 'inactive')).toBe('MALL_DELIVERY_NOT_ACTIVE');
    expect(classicConfigRefusal('active', 'active')).toBe('MALL_DELIVERY_CLASSIC_DISABLED');
    expect(classicConfigRefusal('active', 'inactive')).toBeNull();
  });
  it('Spectrum only while active; switching on needs readiness, switching off does not', () => {
    expect(spectrumConfigRefusal('inactive', 'inactive', [])).toBe('MALL_DELIVERY_NOT_ACTIVE');
    expect(spectrumConfigRefusal('active', 'active', ['MALL_DELIVERY_CONTACT_MANDATORY'])).toBe(
      'MALL_DELIVERY_CONTACT_MANDATORY',
    );
    expect(spectrumConfigRefusal('active', 'inactive', ['MALL_DELIVERY_CONTACT_MANDATORY'])).toBeNull();
    expect(spectrumConfigRefusal('active', 'active', [])).toBeNull();
  });
});
