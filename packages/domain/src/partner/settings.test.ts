import { describe, expect, it } from 'vitest';
import { ADDRESS_CITY_MAX, ADDRESS_STREET_MAX, addressSchema } from './addresses';
import { CONTACT_NAME_MAX, contactSchema } from './contacts';
import { deliveryMethodSchema as deliverySchema } from '../deliveries/methods';
import { carriersOf, DELIVERY_CARRIERS } from './deliveries';
import { isSelfBillingOffered } from './selfBilling';

/** The rule keys of the issues on one field, or [] when the field is fine. */
function rulesOf(
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  field: string,
) {
  return result.success
    ? []
    : (result.error?.issues ?? []).filter((i) => i.path.join('.') === field).map((i) => i.message);
}

const address = { street: 'Dlouhá 12', city: 'Praha', state: 'CZ', zip: '110 00', types: ['BILLING_ADDRESS'] };

describe('address', () => {
  it('accepts a Czech billing address and normalises the country code and type order', () => {
    const parsed = addressSchema.parse({ ...address, state: 'cz', types: ['MAIN_WAREHOUSE', 'BILLING_ADDRESS'] });
    expect(parsed.state).toBe('CZ');
    expect(parsed.types).toEqual(['BILLING_ADDRESS', 'MAIN_WAREHOUSE']);
  });

  it.each([
    ['CZ', '11000', true],
    ['CZ', '1100', false],
    ['SK', '811 01', true],
    ['PL', '00-950', true],
    ['PL', '00950X', false],
    ['HU', '1051', true],
    ['HU', '10510', false],
    ['SI', '1000', true],
    ['HR', '10000', true],
    ['HR', '1000', false],
    ['DE', '10115', true],
    ['DE', '101', false],
  ])('postal code in %s: %s is %s', (state, zip, ok) => {
    expect(rulesOf(addressSchema.safeParse({ ...address, state, zip }), 'zip')).toEqual(
      ok ? [] : [state === 'DE' ? 'zipCode' : 'zipCodeCountry'],
    );
  });

  it('needs at least one known type', () => {
    expect(rulesOf(addressSchema.safeParse({ ...address, types: [] }), 'types')).toEqual(['required']);
    expect(rulesOf(addressSchema.safeParse({ ...address, types: ['SHOP'] }), 'types.0')).toEqual(['included']);
  });

  it('bounds street and city on both sides', () => {
    expect(addressSchema.safeParse({ ...address, street: 'a'.repeat(ADDRESS_STREET_MAX) }).success).toBe(true);
    expect(
      rulesOf(addressSchema.safeParse({ ...address, street: 'a'.repeat(ADDRESS_STREET_MAX + 1) }), 'street'),
    ).toEqual(['max']);
    expect(rulesOf(addressSchema.safeParse({ ...address, street: '  ' }), 'street')).toEqual(['required']);
    expect(addressSchema.safeParse({ ...address, city: 'b'.repeat(ADDRESS_CITY_MAX) }).success).toBe(true);
    expect(rulesOf(addressSchema.safeParse({ ...address, city: 'b'.repeat(ADDRESS_CITY_MAX + 1) }), 'city')).toEqual([
      'max',
    ]);
  });

  it('refuses a country that is not a two-letter code and control characters', () => {
    expect(rulesOf(addressSchema.safeParse({ ...address, state: 'CZE' }), 'state')).toEqual(['in']);
    expect(rulesOf(addressSchema.safeParse({ ...address, city: 'Pra\u0000ha' }), 'city')).toEqual([
      'invalidCharacters',
    ]);
  });
});

const contact = {
  firstName: 'Jana',
  lastName: 'Nováková',
  email: 'jana@example.cz',
  phone: '+420 601 123 456',
  roles: ['MANAGER'],
};

describe('contact person', () => {
  it('accepts a contact and keeps roles in catalogue order', () => {
    const parsed = contactSchema('CZ').parse({ ...contact, roles: ['RMA', 'FINANCE'] });
    expect(parsed.roles).toEqual(['FINANCE', 'RMA']);
  });

  it('checks the phone by the partner country', () => {
    expect(rulesOf(contactSchema('CZ').safeParse(contact), 'phone')).toEqual([]);
    expect(rulesOf(contactSchema('HU').safeParse(contact), 'phone')).toEqual(['phone']);
    expect(rulesOf(contactSchema('HU').safeParse({ ...contact, phone: '+36 30 123 4567' }), 'phone')).toEqual([]);
    expect(rulesOf(contactSchema('HR').safeParse({ ...contact, phone: '123456' }), 'phone')).toEqual(['phone']);
    expect(rulesOf(contactSchema('HR').safeParse({ ...contact, phone: '1234567' }), 'phone')).toEqual([]);
  });

  it('needs an e-mail, a name within bounds and at least one known role', () => {
    expect(rulesOf(contactSchema('CZ').safeParse({ ...contact, email: 'jana@' }), 'email')).toEqual(['email']);
    expect(contactSchema('CZ').safeParse({ ...contact, firstName: 'a'.repeat(CONTACT_NAME_MAX) }).success).toBe(true);
    expect(
      rulesOf(contactSchema('CZ').safeParse({ ...contact, firstName: 'a'.repeat(CONTACT_NAME_MAX + 1) }), 'firstName'),
    ).toEqual(['max']);
    expect(rulesOf(contactSchema('CZ').safeParse({ ...contact, lastName: '' }), 'lastName')).toEqual(['required']);
    expect(rulesOf(contactSchema('CZ').safeParse({ ...contact, roles: [] }), 'roles')).toEqual(['required']);
    expect(rulesOf(contactSchema('CZ').safeParse({ ...contact, roles: ['BOSS'] }), 'roles.0')).toEqual(['included']);
  });
});

const delivery = {
  code: 'PPL',
  title: 'PPL',
  transport: 'PPL',
  price: '89',
  codPrice: '',
  freeLimit: null,
  deliveryDelay: 2,
};

describe('delivery', () => {
  it('offers every market its own carriers, each code once per market', () => {
    for (const shop of ['CZ10MA', 'SK10MA', 'PL20MA', 'SI10SI', 'HU20MA', 'HR10MA'] as const) {
      const codes = carriersOf(shop).map((c) => c.code);
      expect(codes.length).toBeGreaterThanOrEqual(2);
      expect(new Set(codes).size).toBe(codes.length);
    }
    expect(carriersOf('PL20MA').find((c) => c.code === 'INPOST_PACZKOMATY')?.isPickupPoint).toBe(true);
    expect(DELIVERY_CARRIERS.every((c) => c.markets.length > 0)).toBe(true);
  });

  it('accepts a carrier of the market and reads prices typed with a comma', () => {
    expect(deliverySchema('CZ10MA').parse(delivery)).toMatchObject({
      ...delivery,
      price: 89,
      codPrice: null,
      freeLimit: null,
    });
    expect(deliverySchema('SK10MA').parse({ ...delivery, transport: 'SPS', price: '3,49' }).price).toBe(3.49);
  });

  it('refuses a carrier of another market', () => {
    expect(rulesOf(deliverySchema('CZ10MA').safeParse({ ...delivery, transport: 'FOXPOST' }), 'transport')).toEqual([
      'in',
    ]);
  });

  it('applies the market money rules to price, COD price and free limit', () => {
    const cz = deliverySchema('CZ10MA');
    expect(rulesOf(cz.safeParse({ ...delivery, price: '' }), 'price')).toEqual(['required']);
    expect(rulesOf(cz.safeParse({ ...delivery, price: '89.5' }), 'price')).toEqual(['priceWhole']);
    expect(rulesOf(cz.safeParse({ ...delivery, price: '0' }), 'price')).toEqual(['priceMin']);
    expect(rulesOf(cz.safeParse({ ...delivery, price: '1' }), 'price')).toEqual([]);
    expect(rulesOf(cz.safeParse({ ...delivery, price: '999999999' }), 'price')).toEqual([]);
    expect(rulesOf(cz.safeParse({ ...delivery, price: '1000000000' }), 'price')).toEqual(['priceMax']);
    expect(rulesOf(cz.safeParse({ ...delivery, codPrice: 'abc' }), 'codPrice')).toEqual(['decimal']);
    expect(rulesOf(cz.safeParse({ ...delivery, freeLimit: '0.5' }), 'freeLimit')).toEqual(['priceWhole']);
    const sk = deliverySchema('SK10MA');
    expect(rulesOf(sk.safeParse({ ...delivery, code: 'SPS', price: '0.01' }), 'price')).toEqual([]);
    expect(rulesOf(sk.safeParse({ ...delivery, code: 'SPS', price: '0.001' }), 'price')).toEqual(['priceDecimals']);
    expect(rulesOf(sk.safeParse({ ...delivery, code: 'SPS', price: '0' }), 'price')).toEqual(['priceMin']);
  });

  it('keeps the delivery delay between 0 and 30 days', () => {
    const cz = deliverySchema('CZ10MA');
    expect(rulesOf(cz.safeParse({ ...delivery, deliveryDelay: 0 }), 'deliveryDelay')).toEqual([]);
    expect(rulesOf(cz.safeParse({ ...delivery, deliveryDelay: 30 }), 'deliveryDelay')).toEqual([]);
    expect(rulesOf(cz.safeParse({ ...delivery, deliveryDelay: -1 }), 'deliveryDelay')).toEqual(['numberBetween']);
    expect(rulesOf(cz.safeParse({ ...delivery, deliveryDelay: 31 }), 'deliveryDelay')).toEqual(['numberBetween']);
    expect(rulesOf(cz.safeParse({ ...delivery, deliveryDelay: '1.5' }), 'deliveryDelay')).toEqual(['integer']);
  });
});

describe('self-billing offer', () => {
  it.each([
    ['CZ', 'CZ12345678', true],
    ['SK', '2020123456', true],
    ['cz', '12345678', true],
    ['CZ', '', false],
    ['SK', '   ', false],
    ['PL', '1234567890', false],
    ['HU', '12345678', false],
  ])('seat %s with VAT id %j: %s', (country, vatId, offered) => {
    expect(isSelfBillingOffered({ country, vatId })).toBe(offered);
  });
});
