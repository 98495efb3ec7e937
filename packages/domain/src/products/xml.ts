import { type DatedPromotion, effectivePrice, promotionsOfItem } from './promotions';

/**
 * The product XML feed (issue 8 point 8): what `POST /portal/import/partner-products` reads and
 * `GET /portal/export/partner-products` writes, close to the marketplace's partner XML.
 *
 * ```xml
 * <?xml version="1.0" encoding="UTF-8"?>
 * <ITEMS>
 *   <ITEM>
 *     <ID>TSHIRT-01</ID>                    partner's product id (PRODUCT_ID rule); the last ITEM of an id wins
 *     <STAGE>DRAFT|LIVE</STAGE>             absent: a new product is a draft, an existing one keeps its stage
 *     <CATEGORY_ID/> <BRAND_ID/> <PRODUCT_TYPE/> <LINE/> <SHORTDESC/>
 *     <LONGDESC><![CDATA[<p>HTML</p>]]></LONGDESC>   sanitised by the server like the form's
 *     <PRIORITY/> <BARCODE/> <TARIC/>
 *     <PRICE/> <RRP/> <PURCHASE_PRICE/> <FAIR_PRICE/> <RECYCLING_FEE/>   comma or dot decimals
 *     <FORCE_PRICE/>                       true/1: apply this item's price change over 30 % without holding it
 *     <VAT/> <IN_STOCK/> <DELIVERY_DELAY/> <FREE_DELIVERY/> <PACKAGE_SIZE/>
 *     <DIMENSIONS><WEIGHT/><WIDTH/><LENGTH/><HEIGHT/></DIMENSIONS>
 *     <STATUS>ACTIVE|INACTIVE</STATUS> <MALLBOX_ALLOWED/>   booleans: true/false or 1/0
 *     <PARAM><NAME>code</NAME><VALUE>v</VALUE></PARAM>*   repeat a NAME for each value of a multiple parameter
 *     <VARIABLE_PARAMS><PARAM>code</PARAM>*</VARIABLE_PARAMS>
 *     <MEDIA><URL/><MAIN/><ENERGY_LABEL/><INFORMATION_LIST/></MEDIA>*
 *     <PROMOTION><PRICE/><FROM/><TO/></PROMOTION>*     days YYYY-MM-DD; the partner's own promotions
 *     <PROMOTION>…<SOURCE>CAMPAIGN</SOURCE></PROMOTION>  export only: a campaign's, read-only (import skips it)
 *     <EFFECTIVE_PRICE/>                    export only: what a customer pays on the export's day (import skips it)
 *     <LABEL><NAME/><FROM/><TO/></LABEL>*   (a campaign's with <SOURCE>CAMPAIGN</SOURCE>, as promotions)
 *     <RECOMMENDED><ID/>*</RECOMMENDED>
 *     <VARIANTS><VARIANT><ID/><PRICE/><RRP/><IN_STOCK/><BARCODE/><DELIVERY_DELAY/><STATUS/>
 *       <MEDIA><URL/></MEDIA><PARAM>…</PARAM>*
 *       <PROMOTION>…<SOURCE>CAMPAIGN</SOURCE></PROMOTION>* <EFFECTIVE_PRICE/>   export only, as the item's
 *     </VARIANT>*</VARIANTS>
 *   </ITEM>
 * </ITEMS>
 * ```
 * An item is the whole product: an element left out clears that field, as an emptied form field would.
 * Campaign promotions and labels are the marketplace's: exported with their SOURCE, skipped and kept by the import. A
 * RECYCLING_FEE element confirms the category's recycling fee (the form's confirmation checkbox).
 */

/** An element of an item as the streaming parser hands it over: its name, text (trimmed) and children. */
export interface XmlNode {
  name: string;
  text: string;
  children: XmlNode[];
}

export const PRODUCT_XML_ROOT = 'ITEMS';
export const PRODUCT_XML_ITEM = 'ITEM';
/** A file with more items is refused before anything is written. */
export const PRODUCT_XML_MAX_ITEMS = 200_000;
/** A bigger upload is refused at the transport, before it is read whole. */
export const PRODUCT_XML_MAX_BYTES = 200 * 1024 * 1024;
/** Elements of one item beyond this many mean a hostile or broken file (a product has a few hundred). */
export const PRODUCT_XML_MAX_NODES_PER_ITEM = 20_000;
/**
 * How deep elements may nest anywhere in the file (an item needs 6: ITEMS, ITEM, VARIANTS, VARIANT, PARAM,
 * NAME). The streaming parser keeps every open element, so unclosed tags cost memory however few items
 * there are: the bound is what keeps that memory small.
 */
export const PRODUCT_XML_MAX_DEPTH = 16;
/** Elements outside any ITEM (the root included): the import reads nothing there, a feed has a handful. */
export const PRODUCT_XML_MAX_ELEMENTS_OUTSIDE_ITEMS = 10_000;
/** Attributes of one element: the feed uses none, and the parser keeps those of every open element. */
export const PRODUCT_XML_MAX_ATTRIBUTES = 32;
/** Elements whose text is HTML and travels in CDATA. */
export const PRODUCT_XML_CDATA = new Set(['LONGDESC']);

/** The field an element fills, for the scalar elements of an item (everything but lists). */
const SCALARS = {
  CATEGORY_ID: 'categoryId',
  BRAND_ID: 'brandId',
  PRODUCT_TYPE: 'productType',
  LINE: 'line',
  SHORTDESC: 'shortDesc',
  LONGDESC: 'longDesc',
  PRIORITY: 'priority',
  BARCODE: 'barcode',
  TARIC: 'taricCode',
  PRICE: 'price',
  FORCE_PRICE: 'forcePrice',
  RRP: 'rrp',
  PURCHASE_PRICE: 'purchasePrice',
  FAIR_PRICE: 'fairPrice',
  RECYCLING_FEE: 'weeeFee',
  VAT: 'vat',
  IN_STOCK: 'inStock',
  DELIVERY_DELAY: 'deliveryDelay',
  FREE_DELIVERY: 'freeDelivery',
  PACKAGE_SIZE: 'packageSize',
  STATUS: 'status',
  MALLBOX_ALLOWED: 'mallboxAllowed',
} as const;
const DIMENSIONS = { WEIGHT: 'weight', WIDTH: 'width', LENGTH: 'length', HEIGHT: 'height' } as const;
const VARIANT_SCALARS = {
  ID: 'id',
  PRICE: 'price',
  RRP: 'rrp',
  IN_STOCK: 'inStock',
  BARCODE: 'barcode',
  DELIVERY_DELAY: 'deliveryDelay',
  STATUS: 'status',
} as const;

/** Whole-number fields: read as numbers when they are numbers, else handed on for the schema to refuse. */
const INTEGERS = new Set(['categoryId', 'priority', 'inStock', 'deliveryDelay']);
// Any other text is handed on and refused by the schema (`invalid`): a misspelt FORCE_PRICE must not pass
// quietly as either value.
const BOOLEANS = new Set(['freeDelivery', 'mallboxAllowed', 'forcePrice']);
/** Decimal fields the schema reads itself (comma or dot): passed as the text. */
const NUMBERS_AS_NUMBER = new Set(['vat']);

type Scalar = string | number | boolean;

function scalarOf(field: string, text: string): Scalar | undefined {
  if (text === '') return undefined;
  if (INTEGERS.has(field)) return /^-?\d{1,9}$/.test(text) ? Number(text) : text;
  if (NUMBERS_AS_NUMBER.has(field)) {
    const normal = text.replace(',', '.');
    return /^-?\d{1,9}(\.\d+)?$/.test(normal) ? Number(normal) : text;
  }
  if (BOOLEANS.has(field)) {
    const lower = text.toLowerCase();
    if (lower === 'true' || lower === '1') return true;
    if (lower === 'false' || lower === '0') return false;
    return text;
  }
  return text;
}

const childrenNamed = (node: XmlNode, name: string) => node.children.filter((c) => c.name === name);
const childText = (node: XmlNode, name: string) => node.children.find((c) => c.name === name)?.text ?? '';
const flag = (node: XmlNode, name: string) => /^(true|1)$/i.test(childText(node, name));
const day = (text: string) => (text === '' ? null : text);

/** PARAM elements into parameter values: one value stays a string, a repeated NAME becomes a list. */
function parametersOf(node: XmlNode): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const param of childrenNamed(node, 'PARAM')) {
    const name = childText(param, 'NAME');
    if (!name) continue;
    const value = childText(param, 'VALUE');
    const before = values[name];
    if (before === undefined) values[name] = value;
    else values[name] = [...(Array.isArray(before) ? before : [before]), value];
  }
  return values;
}

/** What the XML says about an item, shaped as the product form sends it (the domain's productInputSchema input). */
export type ProductXmlInput = Record<string, unknown> & {
  id: string;
  productType: string;
  parameters: Record<string, string | string[]>;
  variableParameters: string[];
  media: { url: string; main: boolean; energyLabel: boolean; informationList: boolean }[];
  promotions: { price: string; from: string | null; to: string | null; source: 'PARTNER' }[];
  labels: { label: string; from: string | null; to: string | null; source: 'PARTNER' }[];
  recommended: string[];
  variants: Record<string, unknown>[];
  recyclingFeeConfirmed: boolean;
};

/**
 * Maps a parsed ITEM into the input the product form would send, without judging it: the domain's schema
 * and `checkProduct` do that, so a feed and the form obey the same rules. Unknown elements are ignored.
 */
export function xmlItemToInput(item: XmlNode): ProductXmlInput {
  const input: ProductXmlInput = {
    id: '',
    productType: '',
    parameters: parametersOf(item),
    variableParameters: childrenNamed(item, 'VARIABLE_PARAMS').flatMap((list) =>
      childrenNamed(list, 'PARAM')
        .map((p) => p.text)
        .filter(Boolean),
    ),
    media: childrenNamed(item, 'MEDIA')
      .filter((m) => childText(m, 'URL') !== '')
      .map((m) => ({
        url: childText(m, 'URL'),
        main: flag(m, 'MAIN'),
        energyLabel: flag(m, 'ENERGY_LABEL'),
        informationList: flag(m, 'INFORMATION_LIST'),
      })),
    promotions: partnerOwn(childrenNamed(item, 'PROMOTION')).map((p) => ({
      price: childText(p, 'PRICE'),
      from: day(childText(p, 'FROM')),
      to: day(childText(p, 'TO')),
      source: 'PARTNER' as const,
    })),
    labels: partnerOwn(childrenNamed(item, 'LABEL')).map((l) => ({
      label: childText(l, 'NAME'),
      from: day(childText(l, 'FROM')),
      to: day(childText(l, 'TO')),
      source: 'PARTNER' as const,
    })),
    recommended: childrenNamed(item, 'RECOMMENDED').flatMap((list) =>
      childrenNamed(list, 'ID')
        .map((id) => id.text)
        .filter(Boolean),
    ),
    variants: childrenNamed(item, 'VARIANTS').flatMap((list) => childrenNamed(list, 'VARIANT').map(variantOf)),
    recyclingFeeConfirmed: item.children.some((c) => c.name === 'RECYCLING_FEE'),
  };
  // Blank rather than absent, so that the schema names the rule: required.
  input.id = childText(item, 'ID');
  input.productType = childText(item, 'PRODUCT_TYPE');
  for (const child of item.children) {
    const field = SCALARS[child.name as keyof typeof SCALARS];
    if (field) {
      const value = scalarOf(field, child.text);
      if (value !== undefined) (input as Record<string, unknown>)[field] = value;
    } else if (child.name === 'DIMENSIONS') {
      for (const dimension of child.children) {
        const name = DIMENSIONS[dimension.name as keyof typeof DIMENSIONS];
        if (name && dimension.text !== '') input[name] = dimension.text;
      }
    }
  }
  return input;
}

/** A campaign's promotion or label an export wrote (SOURCE CAMPAIGN) is the marketplace's: an import skips it. */
const partnerOwn = (nodes: XmlNode[]) => nodes.filter((n) => childText(n, 'SOURCE').toUpperCase() !== 'CAMPAIGN');

function variantOf(node: XmlNode): Record<string, unknown> {
  const variant: Record<string, unknown> = {};
  for (const child of node.children) {
    const field = VARIANT_SCALARS[child.name as keyof typeof VARIANT_SCALARS];
    if (!field) continue;
    const value = scalarOf(field, child.text);
    if (value !== undefined) variant[field] = value;
  }
  const image = childrenNamed(node, 'MEDIA')
    .map((m) => childText(m, 'URL'))
    .find(Boolean);
  if (image) variant.imageUrl = image;
  const parameters: Record<string, string> = {};
  for (const [code, value] of Object.entries(parametersOf(node))) {
    parameters[code] = Array.isArray(value) ? value.join(',') : value;
  }
  variant.parameters = parameters;
  return variant;
}

/** The STAGE of an item: DRAFT or LIVE, null when absent, the text itself when it is neither. */
export function xmlItemStage(item: XmlNode): string | null {
  const text = childText(item, 'STAGE').toUpperCase();
  return text === '' ? null : text;
}

/** A stored product as the export writes it. */
export interface ProductXmlSource {
  id: string;
  stage: string;
  categoryId: number | null;
  brandId: string | null;
  productType: string;
  line: string | null;
  shortDesc: string | null;
  longDesc: string | null;
  priority: number;
  barcode: string | null;
  taricCode: string | null;
  price: number | null;
  forcePrice: boolean;
  rrp: number | null;
  purchasePrice: number | null;
  fairPrice: number | null;
  weeeFee: number | null;
  vat: number | null;
  inStock: number;
  deliveryDelay: number;
  freeDelivery: boolean;
  packageSize: string | null;
  weight: number | null;
  width: number | null;
  length: number | null;
  height: number | null;
  status: string;
  mallboxAllowed: boolean;
  parameters: Record<string, string | string[]>;
  variableParameters: string[];
  media: { url: string; main: boolean; energyLabel: boolean; informationList: boolean }[];
  /** A campaign's promotion of one variant names it (`variantId`). */
  promotions: DatedPromotion[];
  labels: { label: string; from: string | null; to: string | null; source: string }[];
  recommended: string[];
  variants: {
    id: string;
    price: number | null;
    rrp: number | null;
    inStock: number;
    barcode: string | null;
    imageUrl: string | null;
    deliveryDelay: number;
    status: string;
    parameters: Record<string, string | string[]>;
  }[];
}

const leaf = (name: string, value: string | number | boolean | null | undefined): XmlNode[] =>
  value === null || value === undefined || value === '' ? [] : [{ name, text: String(value), children: [] }];
const node = (name: string, children: XmlNode[]): XmlNode => ({ name, text: '', children });

function paramNodes(parameters: Record<string, string | string[]>): XmlNode[] {
  return Object.entries(parameters).flatMap(([code, value]) =>
    (Array.isArray(value) ? value : [value]).map((v) =>
      node('PARAM', [
        { name: 'NAME', text: code, children: [] },
        { name: 'VALUE', text: v, children: [] },
      ]),
    ),
  );
}

const promotionNodes = (promotions: readonly DatedPromotion[]): XmlNode[] =>
  promotions.map((x) =>
    node('PROMOTION', [
      ...leaf('PRICE', x.price),
      ...leaf('FROM', x.from),
      ...leaf('TO', x.to),
      ...leaf('SOURCE', x.source === 'CAMPAIGN' ? 'CAMPAIGN' : null),
    ]),
  );

/**
 * A stored product as an ITEM: the same elements the import reads, so an exported file imports unchanged.
 * With `today`, each item and variant also says its EFFECTIVE_PRICE that day (domain `effectivePrice`, as the
 * REST API does); the import skips it and the campaign's entries.
 */
export function productToXmlItem(p: ProductXmlSource, today?: string): XmlNode {
  const dimensions = [
    ...leaf('WEIGHT', p.weight),
    ...leaf('WIDTH', p.width),
    ...leaf('LENGTH', p.length),
    ...leaf('HEIGHT', p.height),
  ];
  return node('ITEM', [
    ...leaf('ID', p.id),
    ...leaf('STAGE', p.stage),
    ...leaf('CATEGORY_ID', p.categoryId),
    ...leaf('BRAND_ID', p.brandId),
    ...leaf('PRODUCT_TYPE', p.productType),
    ...leaf('LINE', p.line),
    ...leaf('SHORTDESC', p.shortDesc),
    ...leaf('LONGDESC', p.longDesc),
    ...leaf('PRIORITY', p.priority),
    ...leaf('BARCODE', p.barcode),
    ...leaf('TARIC', p.taricCode),
    ...leaf('PRICE', p.price),
    // Written only when set: absent is false on import, and a feed of thousands need not say it each time.
    ...leaf('FORCE_PRICE', p.forcePrice || null),
    ...leaf('RRP', p.rrp),
    ...leaf('PURCHASE_PRICE', p.purchasePrice),
    ...leaf('FAIR_PRICE', p.fairPrice),
    ...leaf('RECYCLING_FEE', p.weeeFee),
    ...leaf('VAT', p.vat),
    ...leaf('IN_STOCK', p.inStock),
    ...leaf('DELIVERY_DELAY', p.deliveryDelay),
    ...leaf('FREE_DELIVERY', p.freeDelivery),
    ...leaf('PACKAGE_SIZE', p.packageSize),
    ...(dimensions.length ? [node('DIMENSIONS', dimensions)] : []),
    ...leaf('STATUS', p.status),
    ...leaf('MALLBOX_ALLOWED', p.mallboxAllowed),
    ...paramNodes(p.parameters),
    ...(p.variableParameters.length
      ? [
          node(
            'VARIABLE_PARAMS',
            p.variableParameters.flatMap((code) => leaf('PARAM', code)),
          ),
        ]
      : []),
    ...p.media.map((m) =>
      node('MEDIA', [
        ...leaf('URL', m.url),
        ...leaf('MAIN', m.main),
        ...leaf('ENERGY_LABEL', m.energyLabel),
        ...leaf('INFORMATION_LIST', m.informationList),
      ]),
    ),
    ...promotionNodes(promotionsOfItem(p.promotions, null)),
    ...(today === undefined
      ? []
      : leaf('EFFECTIVE_PRICE', effectivePrice({ price: p.price }, p.promotions, today).price)),
    ...p.labels.map((x) =>
      node('LABEL', [
        ...leaf('NAME', x.label),
        ...leaf('FROM', x.from),
        ...leaf('TO', x.to),
        ...leaf('SOURCE', x.source === 'CAMPAIGN' ? 'CAMPAIGN' : null),
      ]),
    ),
    ...(p.recommended.length
      ? [
          node(
            'RECOMMENDED',
            p.recommended.flatMap((id) => leaf('ID', id)),
          ),
        ]
      : []),
    ...(p.variants.length
      ? [
          node(
            'VARIANTS',
            p.variants.map((v) =>
              node('VARIANT', [
                ...leaf('ID', v.id),
                ...leaf('PRICE', v.price),
                ...leaf('RRP', v.rrp),
                ...leaf('IN_STOCK', v.inStock),
                ...leaf('BARCODE', v.barcode),
                ...leaf('DELIVERY_DELAY', v.deliveryDelay),
                ...leaf('STATUS', v.status),
                ...(v.imageUrl ? [node('MEDIA', leaf('URL', v.imageUrl))] : []),
                ...paramNodes(v.parameters),
                ...promotionNodes(promotionsOfItem(p.promotions, v.id)),
                ...(today === undefined
                  ? []
                  : leaf(
                      'EFFECTIVE_PRICE',
                      effectivePrice({ price: v.price, variantId: v.id }, p.promotions, today).price,
                    )),
              ]),
            ),
          ),
        ]
      : []),
  ]);
}

export function escapeXmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function cdata(text: string): string {
  // A "]]>" inside the HTML would end the section early: split it across two sections.
  return `<![CDATA[${text.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
}

/** An element as XML text, children inline. */
export function xmlNodeText(n: XmlNode): string {
  if (n.children.length) return `<${n.name}>${n.children.map(xmlNodeText).join('')}</${n.name}>`;
  const body = PRODUCT_XML_CDATA.has(n.name) ? cdata(n.text) : escapeXmlText(n.text);
  return `<${n.name}>${body}</${n.name}>`;
}

export const PRODUCT_XML_HEAD = `<?xml version="1.0" encoding="UTF-8"?>\n<${PRODUCT_XML_ROOT}>\n`;
export const PRODUCT_XML_TAIL = `</${PRODUCT_XML_ROOT}>\n`;

/** The export's file name: products-YYYYMMDD-HHmmss.xml (UTC). */
export function productXmlFileName(at: Date): string {
  const iso = at.toISOString();
  return `products-${iso.slice(0, 10).replace(/-/g, '')}-${iso.slice(11, 19).replace(/:/g, '')}.xml`;
}
