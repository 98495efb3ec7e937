import {
  PRODUCT_XML_HEAD,
  PRODUCT_XML_TAIL,
  productToXmlItem,
  type ShopId,
  VAT_RATES,
  type XmlNode,
  xmlNodeText,
} from '@pp/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { partners } from '../partner/tables';
import { productXmlSources } from '../products/xml-export';
import { insertRuns } from './runs';
import { feeds } from './tables';

/**
 * The demo's own feeds (issue 21: "the demo shops have a MALL feed and a Heureka feed served by the portal
 * itself in demo mode"): a newcomer's feeds point here, so "enqueue for processing" really downloads, reads and
 * writes a feed, with the errors a real seller's file has. Served only when the demo is seeded (never in
 * production), and only for the demo's partners. The marketplace's feeds are the partner's own catalogue (the
 * first products, so a run updates what the shop has) with two broken items; the Heureka feed is a small sport
 * shop whose categories pair automatically, wait for a person, or cannot be paired.
 */

export const DEMO_FEED_FILES = [
  'mall-products.xml',
  'mall-availability.xml',
  'heureka-products.xml',
  'heureka-availability.xml',
] as const;
export type DemoFeedFile = (typeof DEMO_FEED_FILES)[number];

/** The demo feeds' address for a partner: where the seed points the demo shops' feeds. */
export function demoFeedUrl(publicUrl: string, sapId: string, file: DemoFeedFile): string {
  return `${publicUrl.replace(/\/+$/, '')}/demo-feeds/${sapId}/${file}`;
}

/** The demo seed's shops that sell (seed/demo.ts): the Czech, Slovak, Polish and Croatian ones. */
export const DEMO_FEED_SAP_IDS: readonly string[] = ['100001', '100002', '100003', '100004'];

/** How many of the partner's products its demo MALL feeds carry. */
const MALL_DEMO_PRODUCTS = 40;

const child = (node: XmlNode, name: string) => node.children.find((c) => c.name === name);

/** A copy of an ITEM with some elements' texts replaced: the demo's broken items. */
function altered(node: XmlNode, texts: Record<string, string>): XmlNode {
  const children = node.children.map((c) => (texts[c.name] !== undefined ? { ...c, text: texts[c.name]! } : c));
  for (const [name, text] of Object.entries(texts)) {
    if (!child(node, name)) children.push({ name, text, children: [] });
  }
  return { ...node, children };
}

async function firstProducts(db: DbOrTx, partnerId: number) {
  for await (const batch of productXmlSources(db, partnerId)) return batch.slice(0, MALL_DEMO_PRODUCTS);
  return [];
}

async function mallProducts(db: DbOrTx, partnerId: number): Promise<string> {
  const items = (await firstProducts(db, partnerId)).map((p) => productToXmlItem(p));
  const broken = items[0]
    ? [
        // A barcode whose check digit is wrong, and a category the marketplace does not have.
        altered(items[0], { ID: 'DEMO-FEED-BAD-BARCODE', BARCODE: '8590000000001' }),
        altered(items[0], { ID: 'DEMO-FEED-BAD-CATEGORY', CATEGORY_ID: '999999' }),
      ]
    : [];
  return `${PRODUCT_XML_HEAD}${[...items, ...broken].map((n) => `${xmlNodeText(n)}\n`).join('')}${PRODUCT_XML_TAIL}`;
}

/** Stock that moves with the hour, so a run an hour later has something to write. */
function demoStock(id: string, hour: number): number {
  let sum = 0;
  for (const ch of id) sum = (sum * 31 + ch.charCodeAt(0)) % 9973;
  return (sum + hour) % 25;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

async function mallAvailability(db: DbOrTx, partnerId: number, now: Date): Promise<string> {
  const hour = now.getUTCHours();
  const ids = (await firstProducts(db, partnerId)).flatMap((p) =>
    p.variants.length ? p.variants.map((v) => v.id) : [p.id],
  );
  const lines = [...ids, 'DEMO-FEED-UNKNOWN'].map(
    (id) =>
      `  <AVAILABILITY><ID>${escapeXml(id)}</ID><IN_STOCK>${demoStock(id, hour)}</IN_STOCK><ACTIVE>true</ACTIVE></AVAILABILITY>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<AVAILABILITIES>\n${lines.join('\n')}\n</AVAILABILITIES>\n`;
}

/** The demo's Heureka shop: a few sport goods in categories of every pairing state. */
export const DEMO_HEUREKA_CATEGORIES = {
  helmets: 'Heureka.cz | Sport | Cyklistika | Cyklistické přilby',
  tents: 'Heureka.cz | Sport | Outdoor | Stany',
  mats: 'Heureka.cz | Sport | Fitness | Podložky na cvičení',
  shoes: 'Heureka.cz | Móda | Boty',
} as const;

interface DemoShopItem {
  id: string;
  name: string;
  price: string;
  manufacturer?: string;
  category?: string;
  group?: string;
  params?: [string, string][];
  ean?: string;
  description?: string;
}

const HEUREKA_ITEMS: DemoShopItem[] = [
  {
    id: 'HK-HELMA-ADURO-M',
    group: 'HK-HELMA-ADURO',
    name: 'Abus Aduro 2.1 M',
    price: '1 299,00',
    manufacturer: 'Abus',
    category: DEMO_HEUREKA_CATEGORIES.helmets,
    params: [
      ['Velikost', 'M'],
      ['Barva', 'černá'],
    ],
    ean: '4003318000010',
    description: '<p>Lehká městská přilba s ventilací.</p>',
  },
  {
    id: 'HK-HELMA-ADURO-L',
    group: 'HK-HELMA-ADURO',
    name: 'Abus Aduro 2.1 L',
    price: '1 299,00',
    manufacturer: 'Abus',
    category: DEMO_HEUREKA_CATEGORIES.helmets,
    params: [
      ['Velikost', 'L'],
      ['Barva', 'černá'],
    ],
    ean: '4003318000027',
    description: '<p>Lehká městská přilba s ventilací.</p>',
  },
  {
    id: 'HK-HELMA-UVEX',
    name: 'Uvex Air Wing',
    price: '999',
    manufacturer: 'Uvex',
    category: DEMO_HEUREKA_CATEGORIES.helmets,
    params: [['Barva', 'bílá']],
    description: 'Dětská přilba s nastavitelným obvodem.',
  },
  {
    id: 'HK-STAN-COLEMAN',
    name: 'Coleman Darwin 3',
    price: '2 490',
    manufacturer: 'Coleman',
    category: DEMO_HEUREKA_CATEGORIES.tents,
    description: 'Stan pro tři osoby s předsíní.',
  },
  {
    id: 'HK-STAN-HUSKY',
    name: 'Husky Bizon 4',
    price: '3 990,-',
    manufacturer: 'Husky',
    category: DEMO_HEUREKA_CATEGORIES.tents,
  },
  {
    id: 'HK-PODLOZKA-MANDUKA',
    name: 'Manduka PRO 6 mm',
    price: '2 890',
    manufacturer: 'Manduka',
    category: DEMO_HEUREKA_CATEGORIES.mats,
    params: [['Barva', 'fialová']],
    description: 'Podložka na jógu z PVC bez ftalátů.',
  },
  {
    id: 'HK-PODLOZKA-YATE',
    name: 'Yate Yoga Mat',
    price: '590',
    manufacturer: 'Yate',
    category: DEMO_HEUREKA_CATEGORIES.mats,
    params: [['Barva', 'zelená']],
  },
  {
    id: 'HK-BOTY-KAMIK',
    name: 'Kamik Snowbuster',
    price: '1 490',
    manufacturer: 'Kamik',
    category: DEMO_HEUREKA_CATEGORIES.shoes,
  },
  // The errors every real feed has: no price, no category, a maker the marketplace does not know.
  { id: 'HK-BEZ-CENY', name: 'Abus Přilba bez ceny', price: 'zdarma', category: DEMO_HEUREKA_CATEGORIES.helmets },
  { id: 'HK-BEZ-KATEGORIE', name: 'Láhev na pití', price: '199', manufacturer: 'Sigg' },
  {
    id: 'HK-NEZNAMA-ZNACKA',
    name: 'Přilba Noname',
    price: '499',
    manufacturer: 'Neznámá Značka',
    category: DEMO_HEUREKA_CATEGORIES.helmets,
  },
];

/** The shop's money for a price the demo writes in Czech crowns (rough rates: a demo, not a price list). */
const DEMO_RATES: Record<string, { rate: number; decimals: number }> = {
  CZ10MA: { rate: 1, decimals: 0 },
  SK10MA: { rate: 1 / 25, decimals: 2 },
  SI10SI: { rate: 1 / 25, decimals: 2 },
  HR10MA: { rate: 1 / 25, decimals: 2 },
  PL20MA: { rate: 1 / 6, decimals: 2 },
  HU20MA: { rate: 15, decimals: 0 },
};

/** A Czech-crown price of the demo file ("1 299,00", "3 990,-") in the shop's money, as a Czech feed writes it. */
function shopPrice(price: string, shopId: ShopId): string {
  const { rate, decimals } = DEMO_RATES[shopId] ?? DEMO_RATES.CZ10MA!;
  const crowns = Number(
    price
      .replace(/[\s,-]+$/, '')
      .replace(/\s/g, '')
      .replace(',', '.'),
  );
  if (!Number.isFinite(crowns) || rate === 1) return price;
  return (crowns * rate).toFixed(decimals).replace('.', ',');
}

function heurekaProducts(publicUrl: string, shopId: ShopId): string {
  const vat = VAT_RATES[shopId]?.[0] ?? 21;
  const element = (name: string, text: string | undefined) =>
    text === undefined ? '' : `\n    <${name}>${escapeXml(text)}</${name}>`;
  const items = HEUREKA_ITEMS.map(
    (item) =>
      `  <SHOPITEM>${element('ITEM_ID', item.id)}${element('ITEMGROUP_ID', item.group)}${element('PRODUCTNAME', item.name)}` +
      (item.description ? `\n    <DESCRIPTION><![CDATA[${item.description}]]></DESCRIPTION>` : '') +
      `${element('URL', `${publicUrl}/demo-shop/${item.id.toLowerCase()}`)}${element('PRICE_VAT', shopPrice(item.price, shopId))}` +
      `${element('VAT', `${vat}%`)}${element('EAN', item.ean)}${element('MANUFACTURER', item.manufacturer)}` +
      `${element('CATEGORYTEXT', item.category)}${element('DELIVERY_DATE', '2')}` +
      (item.params ?? [])
        .map(([name, value]) => `\n    <PARAM>${element('PARAM_NAME', name)}${element('VAL', value)}\n    </PARAM>`)
        .join('') +
      '\n  </SHOPITEM>',
  );
  return `<?xml version="1.0" encoding="utf-8"?>\n<SHOP>\n${items.join('\n')}\n</SHOP>\n`;
}

function heurekaAvailability(now: Date): string {
  const hour = now.getUTCHours();
  const tomorrow = new Date(now.getTime() + 24 * 3600_000).toISOString().slice(0, 10);
  const items = HEUREKA_ITEMS.map(
    (item) =>
      `  <item id="${escapeXml(item.id)}">\n    <stock_quantity>${demoStock(item.id, hour)}</stock_quantity>\n` +
      `    <delivery_time orderDeadline="${tomorrow} 12:00">${tomorrow} 14:00</delivery_time>\n  </item>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>\n<item_list>\n${items.join('\n')}\n</item_list>\n`;
}

/** The text of one demo feed file of a partner, or null when there is no such file. */
export async function demoFeedText(
  db: DbOrTx,
  publicUrl: string,
  partner: { id: number; shopId: ShopId },
  file: string,
  now = new Date(),
): Promise<string | null> {
  const partnerId = partner.id;
  switch (file as DemoFeedFile) {
    case 'mall-products.xml':
      return mallProducts(db, partnerId);
    case 'mall-availability.xml':
      return mallAvailability(db, partnerId, now);
    case 'heureka-products.xml':
      return heurekaProducts(publicUrl, partner.shopId);
    case 'heureka-availability.xml':
      return heurekaAvailability(now);
    default:
      return null;
  }
}

/**
 * GET /demo-feeds/{sapId}/{file}: registered only when the demo is seeded. The files are small (tens of items),
 * so each is written whole; a partner that is not the demo's (no demo sapId) has none.
 */
export function registerDemoFeedRoutes(app: FastifyInstance, platform: Platform) {
  app.get<{ Params: { sapId: string; file: string } }>('/demo-feeds/:sapId/:file', async (request, reply) => {
    const { sapId, file } = request.params;
    if (!DEMO_FEED_SAP_IDS.includes(sapId)) return reply.code(404).send();
    const [partner] = await platform.database.db
      .select({ id: partners.id, shopId: partners.shopId })
      .from(partners)
      .where(eq(partners.sapId, sapId))
      .limit(1);
    const text = partner
      ? await demoFeedText(
          platform.database.db,
          platform.config.publicUrl,
          { ...partner, shopId: partner.shopId as ShopId },
          file,
        )
      : null;
    if (text === null) return reply.code(404).send();
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'no-store').send(text);
  });
}

/**
 * The first runs of the Czech demo shop's product feeds, queued when the demo was just seeded (main.ts). The
 * availability feeds wait for the seller's "enqueue": run beside the product feeds, their items could come
 * before the products they are about.
 */
export async function queueDemoFeedRuns(platform: Platform): Promise<void> {
  const db = platform.database.db;
  const [cz] = await db.select({ id: partners.id }).from(partners).where(eq(partners.sapId, '100001')).limit(1);
  if (!cz) return;
  const list = await db
    .select()
    .from(feeds)
    .where(and(eq(feeds.partnerId, cz.id), eq(feeds.type, 'PRODUCTS')));
  await db.transaction((tx) => insertRuns(platform, tx, list, 'SCHEDULE'));
}
