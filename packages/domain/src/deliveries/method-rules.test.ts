import { describe, expect, it } from 'vitest';
import { methodDeleteRefusal, methodMallRefusal, methodMallSchema, pricingHeld } from './method-rules';

const off = { mdpAllowed: false, mallDeliveryType: null };
const classic = { mdpAllowed: true, mallDeliveryType: 'classic' as const };
const spectrum = { mdpAllowed: true, mallDeliveryType: 'spectrum' as const };
const facts = (state: string, spectrumStatus = 'inactive') => ({ state, spectrumStatus });

describe('offering a method through MALL Delivery', () => {
  it('needs MALL Delivery requested or active', () => {
    for (const state of ['inactive', 'declined']) {
      expect(methodMallRefusal(facts(state), off, classic)).toBe('MALL_DELIVERY_NOT_REQUESTED');
      expect(methodMallRefusal(facts(state), null, spectrum)).toBe('MALL_DELIVERY_NOT_REQUESTED');
    }
    expect(methodMallRefusal(facts('requested'), off, classic)).toBeNull();
    expect(methodMallRefusal(facts('active'), off, spectrum)).toBeNull();
  });

  it('refuses classic while Spectrum is on, but not a classic offer that stays as it was', () => {
    expect(methodMallRefusal(facts('active', 'active'), off, classic)).toBe('MALL_DELIVERY_CLASSIC_DISABLED');
    expect(methodMallRefusal(facts('active', 'active'), spectrum, classic)).toBe('MALL_DELIVERY_CLASSIC_DISABLED');
    expect(methodMallRefusal(facts('active', 'active'), classic, classic)).toBeNull();
    expect(methodMallRefusal(facts('active', 'active'), off, spectrum)).toBeNull();
  });

  it('always lets a method be withdrawn, and an unchanged offer stand whatever the state', () => {
    for (const state of ['inactive', 'requested', 'active', 'declined']) {
      expect(methodMallRefusal(facts(state, 'active'), classic, off)).toBeNull();
      expect(methodMallRefusal(facts(state), spectrum, spectrum)).toBeNull();
    }
    expect(methodMallRefusal(facts('inactive'), classic, spectrum)).toBe('MALL_DELIVERY_NOT_REQUESTED');
  });

  it('reads the input: a type is required when allowed, cleared when not, anything else is "in"', () => {
    expect(methodMallSchema.parse({ mdpAllowed: false, mallDeliveryType: 'classic' })).toEqual(off);
    expect(methodMallSchema.parse({ mdpAllowed: true, mallDeliveryType: 'spectrum' })).toEqual(spectrum);
    const rules = (input: unknown) => {
      const r = methodMallSchema.safeParse(input);
      return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
    };
    expect(rules({ mdpAllowed: true })).toEqual([['mallDeliveryType', 'required']]);
    expect(rules({ mdpAllowed: true, mallDeliveryType: '' })).toEqual([['mallDeliveryType', 'required']]);
    expect(rules({ mdpAllowed: true, mallDeliveryType: 'classic\u0000' })).toEqual([['mallDeliveryType', 'in']]);
    expect(rules({ mdpAllowed: 'yes', mallDeliveryType: 'classic' })).toEqual([['mdpAllowed', 'invalid']]);
  });
});

describe('what keeps a method', () => {
  it('refuses deleting while one open order uses it, or while it is in an active MALL Delivery offer', () => {
    expect(methodDeleteRefusal({ openOrders: 1, mdpAllowed: false, mallDeliveryState: 'inactive' })).toBe(
      'DELIVERY_IN_USE',
    );
    expect(methodDeleteRefusal({ openOrders: 0, mdpAllowed: true, mallDeliveryState: 'active' })).toBe(
      'DELIVERY_IN_MALL_DELIVERY',
    );
    for (const state of ['inactive', 'requested', 'declined']) {
      expect(methodDeleteRefusal({ openOrders: 0, mdpAllowed: true, mallDeliveryState: state })).toBeNull();
    }
    expect(methodDeleteRefusal({ openOrders: 0, mdpAllowed: false, mallDeliveryState: 'active' })).toBeNull();
  });

  it('holds the pricing for the same reasons', () => {
    expect(pricingHeld({ openOrders: 1, mdpAllowed: false, mallDeliveryState: 'inactive' })).toBe(true);
    expect(pricingHeld({ openOrders: 0, mdpAllowed: true, mallDeliveryState: 'active' })).toBe(true);
    expect(pricingHeld({ openOrders: 0, mdpAllowed: true, mallDeliveryState: 'requested' })).toBe(false);
  });
});
