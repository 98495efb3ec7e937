import { describe, expect, it } from 'vitest';
import type { HeurekaItem } from './heureka';
import {
  applyHeurekaSettings,
  autoDescriptionOf,
  countHeurekaSummary,
  emptyHeurekaSummary,
  HEUREKA_OPTIONS_DEFAULT,
  heurekaFeedSettingsSchema,
  heurekaOptionsSchema,
  heurekaSchedulesOf,
  roundWholePrice,
} from './heureka-settings';

const item = (over: Partial<HeurekaItem> = {}): HeurekaItem => ({
  itemId: 'A-1',
  name: 'Přilba <Pro>',
  product: null,
  description: null,
  url: null,
  images: [],
  priceVat: 1299.5,
  vat: null,
  ean: null,
  manufacturer: null,
  categoryText: 'Sport',
  params: [
    { name: 'Barva', value: 'Modrá & bílá' },
    { name: 'Balík', value: 'Velký' },
  ],
  itemGroupId: null,
  deliveryDays: null,
  deliveryDate: null,
  deliveries: [],
  ...over,
});

const rulesOf = (input: unknown) => {
  const parsed = heurekaOptionsSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('the Heureka feed settings', () => {
  it('offers each feed type its own check periods', () => {
    expect(heurekaSchedulesOf('PRODUCTS')).toEqual(['DISABLED', '6h', '12h', '1d']);
    expect(heurekaSchedulesOf('AVAILABILITY')).toEqual(['DISABLED', '15m', '30m', '1h']);
    const base = { url: 'https://shop.example/feed.xml', enabled: true, basicAuthName: '', basicAuthPassword: null };
    expect(heurekaFeedSettingsSchema('PRODUCTS').safeParse({ ...base, schedule: '6h' }).success).toBe(true);
    const wrong = heurekaFeedSettingsSchema('PRODUCTS').safeParse({ ...base, schedule: '15m' });
    expect(wrong.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`)).toEqual(['schedule:invalid']);
    expect(heurekaFeedSettingsSchema('AVAILABILITY').safeParse({ ...base, schedule: '1d' }).success).toBe(false);
  });

  it('wants the box parameter and its values together, and two different values', () => {
    expect(rulesOf({})).toEqual([]);
    expect(rulesOf({ boxParam: 'Balík' })).toEqual(['bigBoxValue:required']);
    expect(rulesOf({ bigBoxValue: 'Velký' })).toEqual(['boxParam:required']);
    expect(rulesOf({ boxParam: 'Balík', bigBoxValue: 'velký', smallBoxValue: ' Velký ' })).toEqual([
      'smallBoxValue:boxValuesSame',
    ]);
    expect(rulesOf({ boxParam: 'Balík', smallBoxValue: 'Malý' })).toEqual([]);
    expect(rulesOf({ boxType: 'HUGE', vat: 120 })).toEqual(['vat:invalid', 'boxType:invalid']);
  });
});

describe('the settings’ effect on an item', () => {
  it('changes nothing with the default options, but has no package size', () => {
    const settled = applyHeurekaSettings(item(), HEUREKA_OPTIONS_DEFAULT);
    expect(settled).toEqual({ ...item(), packageSize: null });
  });

  it('fills the VAT only when the item has none', () => {
    const options = { ...HEUREKA_OPTIONS_DEFAULT, vat: 21 };
    expect(applyHeurekaSettings(item(), options).vat).toBe(21);
    expect(applyHeurekaSettings(item({ vat: 12 }), options).vat).toBe(12);
    expect(applyHeurekaSettings(item({ vat: 0 }), options).vat).toBe(0);
  });

  it('rounds the price to whole units, half up', () => {
    expect(roundWholePrice(1299.5)).toBe(1300);
    expect(roundWholePrice(1299.49)).toBe(1299);
    expect(roundWholePrice(0.5)).toBe(1);
    expect(roundWholePrice(0.4)).toBe(0.4);
    const options = { ...HEUREKA_OPTIONS_DEFAULT, roundPrice: true };
    expect(applyHeurekaSettings(item({ priceVat: 19.99 }), options).priceVat).toBe(20);
  });

  it('builds a description from the name and parameters only when asked and missing, escaped', () => {
    const options = { ...HEUREKA_OPTIONS_DEFAULT, autoDescription: true };
    expect(applyHeurekaSettings(item(), options).description).toBe(
      '<p>Přilba &lt;Pro&gt;</p><ul><li>Barva: Modrá &amp; bílá</li><li>Balík: Velký</li></ul>',
    );
    expect(applyHeurekaSettings(item({ description: 'Own' }), options).description).toBe('Own');
    expect(autoDescriptionOf('Mug', [])).toBe('<p>Mug</p>');
  });

  it('takes the package size from the box parameter, else the default box type', () => {
    const options = {
      ...HEUREKA_OPTIONS_DEFAULT,
      boxType: 'SMALLBOX' as const,
      boxParam: 'balík',
      bigBoxValue: 'VELKÝ',
      smallBoxValue: 'Malý',
    };
    expect(applyHeurekaSettings(item(), options).packageSize).toBe('bigbox');
    const small = item({ params: [{ name: 'Balík', value: 'Malý' }] });
    expect(applyHeurekaSettings(small, { ...options, boxType: 'BIGBOX' }).packageSize).toBe('smallbox');
    expect(applyHeurekaSettings(item({ params: [] }), options).packageSize).toBe('smallbox');
    expect(applyHeurekaSettings(item({ params: [] }), { ...options, boxType: null }).packageSize).toBeNull();
  });
});

describe('the feed summary', () => {
  it('counts long or missing titles, missing descriptions and pictures', () => {
    const summary = emptyHeurekaSummary();
    countHeurekaSummary(summary, { item: item({ images: ['https://img.example/a.jpg'] }), issues: [] });
    countHeurekaSummary(summary, { item: item({ name: 'x'.repeat(201), description: 'D' }), issues: [] });
    countHeurekaSummary(summary, { item: null, issues: [{ code: 'HEUREKA_NAME_MISSING' }] });
    countHeurekaSummary(summary, { item: null, issues: [{ code: 'HEUREKA_PRICE_INVALID' }] });
    expect(summary).toEqual({ items: 4, invalidTitles: 2, missingDescriptions: 1, missingPictures: 1 });
  });
});
