import { describe, expect, it } from 'vitest';
import {
  applicationHeaderValue,
  connectionTypeAfterApiTraffic,
  INTEGRATION_KINDS,
  integrationKindGroup,
  integrationKindSchema,
} from './integrations';

describe('integration kinds', () => {
  it('lists shop platforms, ERP systems, a carrier-automation tool, custom and REST, each once', () => {
    expect(new Set(INTEGRATION_KINDS).size).toBe(INTEGRATION_KINDS.length);
    expect(integrationKindGroup('SHOPTET')).toBe('SHOP_PLATFORM');
    expect(integrationKindGroup('POHODA')).toBe('ERP');
    expect(integrationKindGroup('BALIKOBOT')).toBe('CARRIER_AUTOMATION');
    expect(integrationKindGroup('REST')).toBe('OTHER');
  });

  it('takes a kind of the list or null, nothing else', () => {
    expect(integrationKindSchema.parse({ kind: 'MAGENTO' })).toEqual({ kind: 'MAGENTO' });
    expect(integrationKindSchema.parse({ kind: null })).toEqual({ kind: null });
    expect(integrationKindSchema.safeParse({ kind: 'Magento' }).success).toBe(false);
  });
});

describe('the connection type after API traffic', () => {
  it('turns none and manual into API on any traffic', () => {
    expect(connectionTypeAfterApiTraffic(null, false)).toBe('API');
    expect(connectionTypeAfterApiTraffic('MANUAL', false)).toBe('API');
  });

  it('keeps a feed unless the traffic carries the offer, and always keeps the plugin and API', () => {
    expect(connectionTypeAfterApiTraffic('HEUREKA_FEED', false)).toBeNull();
    expect(connectionTypeAfterApiTraffic('MALL_FEED', true)).toBe('API');
    expect(connectionTypeAfterApiTraffic('PLUGIN_FAST_CENTRIK', true)).toBeNull();
    expect(connectionTypeAfterApiTraffic('API', true)).toBeNull();
  });
});

describe('application headers', () => {
  it('keep printable characters, at most 100', () => {
    expect(applicationHeaderValue(' Shoptet\u0007 2.1 ')).toBe('Shoptet? 2.1');
    expect(applicationHeaderValue('x'.repeat(150))).toHaveLength(100);
    expect(applicationHeaderValue(undefined)).toBe('');
    expect(applicationHeaderValue(['a', 'b'])).toBe('');
  });
});
