import { describe, expect, it } from 'vitest';
import {
  categoryPathOf,
  type FeedNode,
  HEUREKA_CATEGORY_TEXT_MAX,
  heurekaAvailabilityOf,
  heurekaItemOf,
  normalizeCategoryText,
  parseHeurekaPrice,
  parseHeurekaVat,
} from './heureka';

const el = (name: string, text = '', children: FeedNode[] = [], attributes: Record<string, string> = {}): FeedNode => ({
  name,
  text,
  attributes,
  children,
});

function shopItem(fields: Record<string, string | null>, extra: FeedNode[] = []): FeedNode {
  const base: Record<string, string | null> = {
    ITEM_ID: 'A-1',
    PRODUCTNAME: 'Přilba Abus',
    PRICE_VAT: '1299',
    CATEGORYTEXT: 'Heureka.cz | Sport | Cyklistika | Přilby',
    ...fields,
  };
  return el('SHOPITEM', '', [
    ...Object.entries(base)
      .filter((e): e is [string, string] => e[1] !== null)
      .map(([k, v]) => el(k, v)),
    ...extra,
  ]);
}

const codes = (node: FeedNode) => heurekaItemOf(node).issues.map((i) => [i.code, i.field]);

describe('prices and VAT as sellers write them', () => {
  it('reads a dot or a comma, spaces between thousands, a trailing ",-" or currency', () => {
    expect(parseHeurekaPrice('1299')).toBe(1299);
    expect(parseHeurekaPrice('1299.50')).toBe(1299.5);
    expect(parseHeurekaPrice('1299,50')).toBe(1299.5);
    expect(parseHeurekaPrice('1 299,50')).toBe(1299.5);
    expect(parseHeurekaPrice('1299,-')).toBe(1299);
    expect(parseHeurekaPrice('1299 Kč')).toBe(1299);
    expect(parseHeurekaPrice(null)).toBeNull();
    expect(parseHeurekaPrice('zdarma')).toBeNaN();
    expect(parseHeurekaPrice('1.299,50')).toBeNaN();
  });

  it('reads a VAT rate with or without a percent sign, and refuses anything outside 0–100', () => {
    expect(parseHeurekaVat('21')).toBe(21);
    expect(parseHeurekaVat('21%')).toBe(21);
    expect(parseHeurekaVat('21 %')).toBe(21);
    expect(parseHeurekaVat('9,5')).toBe(9.5);
    expect(parseHeurekaVat('0')).toBe(0);
    expect(parseHeurekaVat(null)).toBeNull();
    expect(parseHeurekaVat('101')).toBeNaN();
    expect(parseHeurekaVat('-1')).toBeNaN();
    expect(parseHeurekaVat('high')).toBeNaN();
  });
});

describe('category paths', () => {
  it('keeps one form of a path whatever the spacing or separator, and drops Heureka’s root for pairing', () => {
    expect(normalizeCategoryText(' Heureka.cz|Sport  |  Cyklistika |Přilby ')).toBe(
      'Heureka.cz | Sport | Cyklistika | Přilby',
    );
    expect(normalizeCategoryText('Sport > Cyklistika > Přilby')).toBe('Sport | Cyklistika | Přilby');
    expect(categoryPathOf('Heureka.cz | Sport | Cyklistika')).toEqual(['Sport', 'Cyklistika']);
    expect(categoryPathOf('HEUREKA.SK | Šport')).toEqual(['Šport']);
    expect(categoryPathOf('Sport | | Cyklistika')).toEqual(['Sport', 'Cyklistika']);
  });
});

describe('a SHOPITEM', () => {
  it('becomes a normalised item with every field the marketplace uses', () => {
    const result = heurekaItemOf(
      shopItem({ PRICE_VAT: '1 299,90', VAT: '21%', EAN: '8594001234561', MANUFACTURER: '  Abus ' }, [
        el('URL', 'https://shop.example/prilba'),
        el('IMGURL_ALTERNATIVE', 'https://shop.example/b.jpg'),
        el('IMGURL', 'https://shop.example/a.jpg'),
        el('IMGURL_ALTERNATIVE', 'https://shop.example/b.jpg'),
        el('DESCRIPTION', '<p>Lehká přilba</p>'),
        el('PARAM', '', [el('PARAM_NAME', 'Barva'), el('VAL', 'červená')]),
        el('PARAM', '', [el('PARAM_NAME', 'Velikost')]),
        el('ITEMGROUP_ID', 'G1'),
        el('DELIVERY_DATE', '0'),
        el('DELIVERY', '', [el('DELIVERY_ID', 'PPL'), el('DELIVERY_PRICE', '89,50'), el('DELIVERY_PRICE_COD', '119')]),
        el('HEUREKA_CPC', '5,20'),
      ]),
    );
    expect(result.issues).toEqual([]);
    expect(result.item).toEqual({
      itemId: 'A-1',
      name: 'Přilba Abus',
      product: null,
      description: '<p>Lehká přilba</p>',
      url: 'https://shop.example/prilba',
      images: ['https://shop.example/a.jpg', 'https://shop.example/b.jpg'],
      priceVat: 1299.9,
      vat: 21,
      ean: '8594001234561',
      manufacturer: 'Abus',
      categoryText: 'Heureka.cz | Sport | Cyklistika | Přilby',
      params: [{ name: 'Barva', value: 'červená' }],
      itemGroupId: 'G1',
      deliveryDays: 0,
      deliveryDate: null,
      deliveries: [{ id: 'PPL', price: 89.5, priceCod: 119 }],
    });
  });

  it('takes PRODUCT as the name when PRODUCTNAME is missing, and reads a delivery date', () => {
    const { item } = heurekaItemOf(
      shopItem({ PRODUCTNAME: null, PRODUCT: 'Přilba  Abus M', DELIVERY_DATE: '2026-12-24' }),
    );
    expect(item).toMatchObject({ name: 'Přilba Abus M', product: 'Přilba Abus M', deliveryDate: '2026-12-24' });
    expect(item?.deliveryDays).toBeNull();
  });

  it('treats empty elements as absent', () => {
    const { item } = heurekaItemOf(shopItem({ VAT: '', EAN: '', MANUFACTURER: '', CATEGORYTEXT: '' }));
    expect(item).toMatchObject({ vat: null, ean: null, manufacturer: null, categoryText: null });
  });

  it('refuses an item without an id, name or price, listing every problem at once', () => {
    expect(codes(shopItem({ ITEM_ID: null, PRODUCTNAME: null, PRICE_VAT: null }))).toEqual([
      ['MISSING_ITEM_ID', 'ITEM_ID'],
      ['HEUREKA_NAME_MISSING', 'PRODUCTNAME'],
      ['HEUREKA_PRICE_INVALID', 'PRICE_VAT'],
    ]);
    expect(heurekaItemOf(shopItem({ ITEM_ID: null })).item).toBeNull();
  });

  it('refuses an id the marketplace cannot keep', () => {
    expect(codes(shopItem({ ITEM_ID: 'a b' }))).toEqual([['HEUREKA_ITEM_ID_INVALID', 'ITEM_ID']]);
    expect(codes(shopItem({ ITEM_ID: 'x'.repeat(37) }))).toEqual([['HEUREKA_ITEM_ID_INVALID', 'ITEM_ID']]);
    expect(codes(shopItem({ ITEM_ID: 'x'.repeat(36) }))).toEqual([]);
  });

  it('refuses a price that is zero, negative or not a number, and a wrong VAT', () => {
    for (const price of ['0', '-5', 'abc', '12,5,0']) {
      expect([price, codes(shopItem({ PRICE_VAT: price }))]).toEqual([price, [['HEUREKA_PRICE_INVALID', 'PRICE_VAT']]]);
    }
    expect(codes(shopItem({ VAT: '150' }))).toEqual([['HEUREKA_VAT_INVALID', 'VAT']]);
  });

  it('refuses an EAN with a wrong check digit or length', () => {
    expect(codes(shopItem({ EAN: '8594001234560' }))).toEqual([['HEUREKA_EAN_INVALID', 'EAN']]);
    expect(codes(shopItem({ EAN: '123' }))).toEqual([['HEUREKA_EAN_INVALID', 'EAN']]);
    expect(codes(shopItem({ EAN: '96385074' }))).toEqual([]);
  });

  it('refuses addresses that are not http(s)', () => {
    expect(codes(shopItem({ URL: 'javascript:alert(1)', IMGURL: 'ftp://x/a.jpg' }))).toEqual([
      ['HEUREKA_URL_INVALID', 'URL'],
      ['HEUREKA_URL_INVALID', 'IMGURL'],
    ]);
  });

  it('refuses a category path longer than the bound and a delivery date that is not a date', () => {
    expect(codes(shopItem({ CATEGORYTEXT: `A | ${'b'.repeat(HEUREKA_CATEGORY_TEXT_MAX)}` }))).toEqual([
      ['HEUREKA_CATEGORY_TEXT_TOO_LONG', 'CATEGORYTEXT'],
    ]);
    for (const date of ['tomorrow', '2026-02-30', '-1']) {
      expect([date, codes(shopItem({ DELIVERY_DATE: date }))]).toEqual([
        date,
        [['HEUREKA_DELIVERY_DATE_INVALID', 'DELIVERY_DATE']],
      ]);
    }
  });
});

describe('an availability item', () => {
  const item = (id: string | null, children: FeedNode[]) => el('item', '', children, id === null ? {} : { id });

  it('reads stock, delivery time with its order deadline, and depots', () => {
    const result = heurekaAvailabilityOf(
      item('A-1', [
        el('stock_quantity', '5'),
        el('delivery_time', '2026-12-01 14:00', [], { orderDeadline: '2026-11-30 12:00' }),
        el('depot', '', [el('stock_quantity', '2'), el('pickup_time', '2026-12-01 09:00')], { id: 'D1' }),
        el('unknown', 'x'),
      ]),
    );
    expect(result).toEqual({
      item: {
        itemId: 'A-1',
        stockQuantity: 5,
        deliveryTime: '2026-12-01 14:00',
        orderDeadline: '2026-11-30 12:00',
        depots: [{ id: 'D1', stockQuantity: 2, pickupTime: '2026-12-01 09:00', orderDeadline: null }],
      },
      issues: [],
    });
  });

  it('refuses an item without an id, with a stock that is not a whole number, or a wrong time', () => {
    expect(heurekaAvailabilityOf(item(null, [el('stock_quantity', '1')])).issues.map((i) => i.code)).toEqual([
      'MISSING_ITEM_ID',
    ]);
    for (const stock of ['-1', '2.5', 'many']) {
      expect(heurekaAvailabilityOf(item('A', [el('stock_quantity', stock)])).issues.map((i) => i.code)).toEqual([
        'HEUREKA_STOCK_INVALID',
      ]);
    }
    const late = heurekaAvailabilityOf(
      item('A', [el('delivery_time', '2026-12-01 25:00', [], { orderDeadline: 'x' })]),
    );
    expect(late.issues.map((i) => i.field)).toEqual(['delivery_time', 'delivery_time@orderDeadline']);
  });

  it('takes an item with only a delivery time as having no stock figure', () => {
    const result = heurekaAvailabilityOf(item('A', [el('delivery_time', '2026-12-01 14:00')]));
    expect(result.item?.stockQuantity).toBeNull();
  });
});
