import { describe, expect, it } from 'vitest';
import {
  type ProductXmlSource,
  productToXmlItem,
  productXmlFileName,
  type XmlNode,
  xmlItemStage,
  xmlItemToInput,
  xmlNodeText,
} from './xml';

const el = (name: string, content: string | XmlNode[] = ''): XmlNode =>
  typeof content === 'string' ? { name, text: content, children: [] } : { name, text: '', children: content };

const full: ProductXmlSource = {
  id: 'TSHIRT-01',
  stage: 'LIVE',
  categoryId: 900003,
  brandId: 'ACME',
  productType: 'T-shirt',
  line: 'Summer <2026>',
  shortDesc: 'Cotton & linen',
  longDesc: '<p>Soft</p><p>a ]]> b</p>',
  priority: 2,
  barcode: '4006381333931',
  taricCode: '61091000',
  price: 499,
  forcePrice: true,
  rrp: 599,
  purchasePrice: 250.5,
  fairPrice: null,
  weeeFee: 12.5,
  vat: 21,
  inStock: 7,
  deliveryDelay: 2,
  freeDelivery: true,
  packageSize: 'smallbox',
  weight: 0.25,
  width: 30,
  length: 40,
  height: 2,
  status: 'ACTIVE',
  mallboxAllowed: false,
  parameters: { MATERIAL: 'cotton', FEATURES: ['breathable', 'quick dry'] },
  variableParameters: ['COLOR', 'SIZE'],
  media: [
    { url: '/media/a', main: true, energyLabel: false, informationList: false },
    { url: 'https://img.example/b.jpg', main: false, energyLabel: true, informationList: false },
  ],
  promotions: [
    { price: 450, from: '2026-12-01', to: '2026-12-24', source: 'PARTNER' },
    { price: 400, from: null, to: null, source: 'CAMPAIGN' },
  ],
  labels: [{ label: 'NEW', from: '2026-11-01', to: null, source: 'PARTNER' }],
  recommended: ['CAP-1', 'CAP-2'],
  variants: [
    {
      id: 'TSHIRT-01-1',
      price: 499,
      rrp: null,
      inStock: 3,
      barcode: null,
      imageUrl: '/media/a',
      deliveryDelay: 2,
      status: 'INACTIVE',
      parameters: { COLOR: 'red', SIZE: 'M' },
    },
  ],
};

describe('xmlItemToInput', () => {
  it('reads every element the export writes into the form’s input', () => {
    const input = xmlItemToInput(productToXmlItem(full));
    expect(input).toEqual({
      id: 'TSHIRT-01',
      categoryId: 900003,
      brandId: 'ACME',
      productType: 'T-shirt',
      line: 'Summer <2026>',
      shortDesc: 'Cotton & linen',
      longDesc: '<p>Soft</p><p>a ]]> b</p>',
      priority: 2,
      barcode: '4006381333931',
      taricCode: '61091000',
      price: '499',
      forcePrice: true,
      rrp: '599',
      purchasePrice: '250.5',
      weeeFee: '12.5',
      vat: 21,
      inStock: 7,
      deliveryDelay: 2,
      freeDelivery: true,
      packageSize: 'smallbox',
      weight: '0.25',
      width: '30',
      length: '40',
      height: '2',
      status: 'ACTIVE',
      mallboxAllowed: false,
      parameters: { MATERIAL: 'cotton', FEATURES: ['breathable', 'quick dry'] },
      variableParameters: ['COLOR', 'SIZE'],
      media: full.media,
      // The campaign's promotion is the marketplace's: not in the file.
      promotions: [{ price: '450', from: '2026-12-01', to: '2026-12-24', source: 'PARTNER' }],
      labels: [{ label: 'NEW', from: '2026-11-01', to: null, source: 'PARTNER' }],
      recommended: ['CAP-1', 'CAP-2'],
      variants: [
        {
          id: 'TSHIRT-01-1',
          price: '499',
          inStock: 3,
          deliveryDelay: 2,
          status: 'INACTIVE',
          imageUrl: '/media/a',
          parameters: { COLOR: 'red', SIZE: 'M' },
        },
      ],
      recyclingFeeConfirmed: true,
    });
    expect(xmlItemStage(productToXmlItem(full))).toBe('LIVE');
  });

  it('leaves out empty elements, keeps junk for the schema to refuse, reads booleans as 1/0 too', () => {
    const input = xmlItemToInput(
      el('ITEM', [
        el('ID', 'A'),
        el('LINE', ''),
        el('IN_STOCK', 'lots'),
        el('PRIORITY', '3'),
        el('VAT', '9,5'),
        el('FREE_DELIVERY', '1'),
        el('MALLBOX_ALLOWED', 'maybe'),
        el('UNKNOWN', 'x'),
      ]),
    );
    expect(input).toMatchObject({ id: 'A', inStock: 'lots', priority: 3, vat: 9.5, freeDelivery: true });
    expect(input.mallboxAllowed).toBe('maybe');
    expect('line' in input).toBe(false);
    expect('UNKNOWN' in input).toBe(false);
    expect(input.recyclingFeeConfirmed).toBe(false);
    expect(input.variants).toEqual([]);
    expect(xmlItemStage(el('ITEM', [el('ID', 'A')]))).toBeNull();
    // FORCE_PRICE: true/false and 1/0 in any case; anything else is kept for the schema to refuse.
    const force = (text: string) => xmlItemToInput(el('ITEM', [el('ID', 'A'), el('FORCE_PRICE', text)])).forcePrice;
    expect([force('true'), force('TRUE'), force('1'), force('false'), force('0')]).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(force('yes')).toBe('yes');
    expect('forcePrice' in xmlItemToInput(el('ITEM', [el('ID', 'A')]))).toBe(false);
    expect(xmlItemStage(el('ITEM', [el('STAGE', 'live')]))).toBe('LIVE');
  });

  it('drops media without a URL and parameters without a name', () => {
    const input = xmlItemToInput(
      el('ITEM', [
        el('MEDIA', [el('MAIN', 'true')]),
        el('MEDIA', [el('URL', 'https://x/1.png'), el('MAIN', 'false')]),
        el('PARAM', [el('VALUE', 'orphan')]),
        el('PARAM', [el('NAME', 'SIZE'), el('VALUE', 'M')]),
      ]),
    );
    expect(input.media).toEqual([{ url: 'https://x/1.png', main: false, energyLabel: false, informationList: false }]);
    expect(input.parameters).toEqual({ SIZE: 'M' });
  });
});

describe('campaign prices in the export', () => {
  it("writes a variant's campaign price in its VARIANT and each EFFECTIVE_PRICE of the day, which the import skips", () => {
    const item = {
      ...full,
      promotions: [
        ...full.promotions,
        {
          price: 350,
          from: '2026-12-10',
          to: '2026-12-20',
          source: 'CAMPAIGN',
          variantId: 'TSHIRT-01-1',
          campaignId: 3,
        },
      ],
    };
    const inside = xmlNodeText(productToXmlItem(item, '2026-12-10'));
    expect(inside).toContain(
      '<PROMOTION><PRICE>350</PRICE><FROM>2026-12-10</FROM><TO>2026-12-20</TO><SOURCE>CAMPAIGN</SOURCE></PROMOTION><EFFECTIVE_PRICE>350</EFFECTIVE_PRICE></VARIANT>',
    );
    // The product's own: the open campaign promotion of 400 is below the partner's 450 and the price 499.
    expect(inside).toContain('<EFFECTIVE_PRICE>400</EFFECTIVE_PRICE><LABEL>');
    const outside = xmlNodeText(productToXmlItem(item, '2026-12-21'));
    expect(outside).toContain('</PROMOTION><EFFECTIVE_PRICE>400</EFFECTIVE_PRICE></VARIANT>');
    const back = xmlItemToInput(productToXmlItem(item, '2026-12-10'));
    expect(back.promotions).toHaveLength(1);
    expect(back.variants[0]).not.toHaveProperty('promotions');
    expect(back).not.toHaveProperty('effectivePrice');
  });
});

describe('xmlNodeText', () => {
  it('escapes text and carries HTML in CDATA, splitting a "]]>" inside it', () => {
    const text = xmlNodeText(productToXmlItem(full));
    expect(text).toContain('<LINE>Summer &lt;2026&gt;</LINE>');
    expect(text).toContain('<SHORTDESC>Cotton &amp; linen</SHORTDESC>');
    expect(text).toContain('<LONGDESC><![CDATA[<p>Soft</p><p>a ]]]]><![CDATA[> b</p>]]></LONGDESC>');
    // A campaign's promotion is written with its source, for the reader; the import skips it.
    expect(text).toContain('<PROMOTION><PRICE>400</PRICE><SOURCE>CAMPAIGN</SOURCE></PROMOTION>');
    expect(xmlItemToInput(productToXmlItem(full)).promotions).toEqual([
      { price: '450', from: '2026-12-01', to: '2026-12-24', source: 'PARTNER' },
    ]);
    expect(text).not.toContain('EFFECTIVE_PRICE');
    expect(text.startsWith('<ITEM><ID>TSHIRT-01</ID><STAGE>LIVE</STAGE>')).toBe(true);
  });

  it('writes nothing for absent values', () => {
    const bare = productToXmlItem({
      ...full,
      line: null,
      fairPrice: null,
      variants: [],
      recommended: [],
      weight: null,
    });
    const text = xmlNodeText(bare);
    expect(text).not.toContain('<LINE>');
    expect(text).not.toContain('<FAIR_PRICE>');
    expect(text).not.toContain('<VARIANTS>');
    expect(text).not.toContain('<RECOMMENDED>');
    expect(text).toContain('<DIMENSIONS><WIDTH>30</WIDTH>');
    // Written only when set: absent reads as false.
    expect(xmlNodeText(productToXmlItem({ ...full, forcePrice: false }))).not.toContain('FORCE_PRICE');
    expect(xmlNodeText(productToXmlItem(full))).toContain('<PRICE>499</PRICE><FORCE_PRICE>true</FORCE_PRICE>');
  });
});

describe('productXmlFileName', () => {
  it('names the file after the moment in UTC', () => {
    expect(productXmlFileName(new Date('2026-03-04T05:06:07.890Z'))).toBe('products-20260304-050607.xml');
  });
});
