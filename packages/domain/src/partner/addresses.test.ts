import { describe, expect, it } from 'vitest';
import {
  ADDRESS_LIMIT,
  type AddressFacts,
  addressDeleteRefusal,
  addressSaveRefusal,
  addressStateAllowed,
  mdpWarehouseBlankFields,
  mdpWarehouseCountries,
} from './addresses';

const warehouse = { street: 'Skladová 5', city: 'Brno', state: 'CZ', zip: '602 00', types: ['MDP_WAREHOUSE'] };
const billing = { ...warehouse, types: ['BILLING_ADDRESS'] };
const facts = (patch: Partial<AddressFacts> = {}): AddressFacts => ({
  id: null,
  existing: [{ id: 1, types: ['BILLING_ADDRESS'] }],
  mdpActive: true,
  croatiaEnabled: false,
  ...patch,
});
const many = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, types: ['WAREHOUSE'] }));

describe('MALL Delivery warehouse countries', () => {
  it('are the markets, Croatia only while its market is on', () => {
    expect(mdpWarehouseCountries(false)).toEqual(['CZ', 'SK', 'PL', 'SI', 'HU']);
    expect(mdpWarehouseCountries(true)).toContain('HR');
    expect(addressStateAllowed('hr', ['MDP_WAREHOUSE'], false)).toBe(false);
    expect(addressStateAllowed('hr', ['MDP_WAREHOUSE'], true)).toBe(true);
    expect(addressStateAllowed('AT', ['MDP_WAREHOUSE'], true)).toBe(false);
    expect(addressStateAllowed('AT', ['WAREHOUSE', 'BILLING_ADDRESS'], false)).toBe(true);
  });
});

describe('saving an address', () => {
  it('lets a partner keep up to the limit of addresses', () => {
    expect(addressSaveRefusal(billing, facts({ existing: many(ADDRESS_LIMIT - 1) }))).toBeNull();
    expect(addressSaveRefusal(billing, facts({ existing: many(ADDRESS_LIMIT) }))).toBe('ADDRESS_LIMIT_EXCEEDED');
    // A change is no new address.
    expect(addressSaveRefusal(billing, facts({ id: 3, existing: many(ADDRESS_LIMIT) }))).toBeNull();
  });

  it('does not change an address the partner does not have', () => {
    expect(addressSaveRefusal(billing, facts({ id: 99 }))).toBe('ADDRESS_NOT_FOUND');
  });

  it('keeps the warehouse standalone, complete and in a supported country', () => {
    expect(addressSaveRefusal(warehouse, facts())).toBeNull();
    expect(addressSaveRefusal({ ...warehouse, types: ['MDP_WAREHOUSE', 'WAREHOUSE'] }, facts())).toBe(
      'MDP_WAREHOUSE_STANDALONE_TYPE',
    );
    expect(addressSaveRefusal({ ...warehouse, city: ' ' }, facts())).toBe('MDP_WAREHOUSE_ALL_FIELDS_MANDATORY');
    expect(addressSaveRefusal({ ...warehouse, state: 'DE' }, facts())).toBe('MDP_WAREHOUSE_UNSUPPORTED_COUNTRY');
    expect(addressSaveRefusal({ ...warehouse, state: 'HR' }, facts())).toBe('MDP_WAREHOUSE_UNSUPPORTED_COUNTRY');
    expect(addressSaveRefusal({ ...warehouse, state: 'HR' }, facts({ croatiaEnabled: true }))).toBeNull();
  });

  it('allows one warehouse per partner, which may itself be changed', () => {
    const existing = [
      { id: 1, types: ['BILLING_ADDRESS'] },
      { id: 2, types: ['MDP_WAREHOUSE'] },
    ];
    expect(addressSaveRefusal(warehouse, facts({ existing }))).toBe('MDP_WAREHOUSE_NOT_UNIQUE');
    expect(addressSaveRefusal(warehouse, facts({ id: 1, existing }))).toBe('MDP_WAREHOUSE_NOT_UNIQUE');
    expect(addressSaveRefusal({ ...warehouse, city: 'Ostrava' }, facts({ id: 2, existing }))).toBeNull();
  });

  it('keeps the warehouse a warehouse while MALL Delivery is active', () => {
    const existing = [{ id: 2, types: ['MDP_WAREHOUSE'] }];
    expect(addressSaveRefusal(billing, facts({ id: 2, existing }))).toBe('MDP_WAREHOUSE_ADDRESS_MANDATORY');
    expect(addressSaveRefusal(billing, facts({ id: 2, existing, mdpActive: false }))).toBeNull();
  });

  it('names the empty fields of a warehouse before the schema does', () => {
    expect(mdpWarehouseBlankFields({ ...warehouse, street: '', zip: '  ' })).toEqual(['street', 'zip']);
    expect(mdpWarehouseBlankFields({ ...billing, street: '' })).toEqual([]);
    expect(mdpWarehouseBlankFields({ types: ['MDP_WAREHOUSE'] })).toEqual(['street', 'city', 'zip', 'state']);
    expect(mdpWarehouseBlankFields(null)).toEqual([]);
  });
});

describe('deleting an address', () => {
  it('keeps the warehouse while MALL Delivery is active', () => {
    expect(addressDeleteRefusal(warehouse, true)).toBe('MDP_WAREHOUSE_ADDRESS_MANDATORY');
    expect(addressDeleteRefusal(warehouse, false)).toBeNull();
    expect(addressDeleteRefusal(billing, true)).toBeNull();
  });
});
