import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brandIdOf, generateVariants, type Language, MARKETS, productTitle, type ShopId, VAT_RATES } from '@pp/domain';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { thumbIdOf } from '../modules/products/media';
import type { Config } from '../platform/config';
import type { DbOrTx } from '../platform/db/client';
import { publicMediaPath } from '../platform/files';
import { createFileStorage, type FileStorage, storageKey } from '../platform/files/storage';
import { BRANDS_BY_ROOT } from './brands';
import { optionLabels, PARAMETERS } from './catalog-parameters';
import { type DemoCategory, demoCategories, demoCategoryId } from './catalog-seed';
import { sequence } from './demo';

/** A partner that gets a demo catalogue. */
export interface DemoProductPartner {
  id: number;
  shopId: ShopId;
}

/** Where the seed puts its generated pictures: the server's file storage and its spool folder. */
export interface DemoMedia {
  storage: FileStorage;
  spoolDir: string;
}

/** The storage a server with this configuration serves `/media/{id}` from. */
export function demoMediaOf(config: Pick<Config, 'fileStorage' | 'dataDir'>): DemoMedia {
  return { storage: createFileStorage(config.fileStorage, config.dataDir), spoolDir: join(config.dataDir, 'spool') };
}

/** A few hundred per partner: enough for every tab, few enough for the seed every test server start runs. */
export const DEMO_PRODUCTS_PER_PARTNER = 240;
/** Generated pictures per partner, shared by its products: a handful keeps the seed fast. */
const PICTURES = 10;
const DAY = 86_400_000;

/** Rough price ranges per root in euros; each shop's currency scales them. */
const PRICE_RANGE: Record<string, [number, number]> = {
  Electronics: [15, 1500],
  Appliances: [20, 1200],
  'Home and garden': [10, 900],
  Kitchen: [5, 150],
  Sport: [10, 2500],
  Fashion: [10, 250],
  Toys: [5, 200],
  Beauty: [4, 120],
  Pets: [3, 80],
  'Auto-moto': [10, 300],
  Books: [5, 40],
  Baby: [5, 600],
  'DIY and tools': [8, 600],
};
const CURRENCY_RATE: Record<string, number> = { CZK: 25, HUF: 400, PLN: 4.3, EUR: 1 };
/** Roots whose goods carry the reduced VAT rate. */
const REDUCED_VAT = new Set(['Books']);
const EAN_PREFIX: Record<ShopId, string> = {
  CZ10MA: '859',
  SK10MA: '858',
  PL20MA: '590',
  SI10SI: '383',
  HU20MA: '599',
  HR10MA: '385',
};

/**
 * Values a seller would give the NUMBER parameters: `*` for any category, otherwise per leaf (English name),
 * so that a smartphone gets 6.1 in and a television 55 in.
 */
const NUMBER_SAMPLES = `
* : SCREEN_SIZE 24 27 32 | REFRESH_RATE 60 120 144 | BATTERY 2000 3000 4500 | POWER 40 250 800 1200 | VOLUME 1 2 5 | NOISE 38 42 47 52 | WEIGHT 0.5 1.2 2.5 5 | LENGTH 30 50 120 | DIAMETER 20 24 28 | CUTTING_WIDTH 32 37 42 46 | AGE_FROM 0 3 6 8 12 | PIECES 6 24 100 500 | SPF 15 30 50 | GEARS 1 7 21 24 | PAGES 96 240 320 480 | CAPACITY_CUPS 1 1.5 1.7 | LOAD_KG 25 100 120 | LUMEN 400 806 1055
Smartphones : SCREEN_SIZE 6.1 6.4 6.7 | BATTERY 4000 4500 5000
Tablets : SCREEN_SIZE 8.7 10.9 11 12.9
Laptops : SCREEN_SIZE 13.3 14 15.6 16 | WEIGHT 1.2 1.6 2.1
Televisions : SCREEN_SIZE 43 50 55 65 75
TV mounts : SCREEN_SIZE 32 55 75 | LOAD_KG 30 45
Monitors : SCREEN_SIZE 24 27 32 34
Refrigerators : VOLUME 250 300 350 400
Ovens : VOLUME 65 71 72
Microwave ovens : VOLUME 20 23 25 | POWER 800 900
Pots : VOLUME 1.5 2.5 3.5 5
Pressure cookers : VOLUME 4 6 8
Glasses : VOLUME 0.25 0.3 0.4
Mugs : VOLUME 0.3 0.35 0.45
Food containers : VOLUME 0.5 1 1.5 2
Bottles and flasks : VOLUME 0.5 0.75 1
Backpacks : VOLUME 20 30 45 65
Aquariums : VOLUME 54 112 200
Aquarium filters : VOLUME 100 200 400 | POWER 5 10 20
Baby bottles : VOLUME 0.15 0.25 0.33
Compressors : VOLUME 24 50 100 | POWER 1500 2200
Washing machines : CAPACITY_CUPS 7 8 9 10
Tumble dryers : CAPACITY_CUPS 8 9
Coffee machines : CAPACITY_CUPS 1.2 1.8 | POWER 1350 1450
Kettles : CAPACITY_CUPS 1 1.5 1.7 | POWER 2000 2200
Vacuum cleaners : POWER 600 750 900
Hair dryers : POWER 1800 2200
Blenders : POWER 500 1000
Toasters : POWER 800 900
Irons : POWER 2400 2800
Soundbars : POWER 120 300 500
Bluetooth speakers : POWER 10 20 40
Treadmills : POWER 1500 2200 | LOAD_KG 110 130
Exercise bikes : LOAD_KG 110 130
Chargers and cables : POWER 20 30 65 | LENGTH 100 150 200
Car chargers : POWER 18 36
Pressure washers : POWER 1800 2100
Angle grinders : POWER 900 1400 | DIAMETER 115 125 230
Circular saws : POWER 1200 1400 | DIAMETER 165 190
Drills : POWER 600 750 1010
Air purifiers : POWER 35 50
Hi-fi systems : POWER 100 200
Car vacuum cleaners : POWER 80 120
Dumbbells : WEIGHT 2 5 10 15 20
Lawn mowers : WEIGHT 12 25 38
Cameras : WEIGHT 0.4 0.7 0.9
Lenses : WEIGHT 0.3 0.6 1.1
Tents : WEIGHT 1.8 2.9 4.5
Sleeping bags : WEIGHT 0.9 1.4 2 | LENGTH 200 220
Prams : WEIGHT 7 10 12
Drones : WEIGHT 0.25 0.9 | BATTERY 2250 5000
Hammers : WEIGHT 0.3 0.5 1
Nappies : WEIGHT 4 6 9 12 | PIECES 44 64 96
Skis : LENGTH 150 160 170 180
Snowboards : LENGTH 145 152 158 163
Hockey sticks : LENGTH 140 150 160
Ladders : LENGTH 200 300 450 | LOAD_KG 150
Garden hoses : LENGTH 15 20 25 50 | DIAMETER 1.3 1.9 2.5
Trekking poles : LENGTH 110 135
Curtains : LENGTH 160 245 270
Yoga mats : LENGTH 173 183
Kitchen knives : LENGTH 9 15 20
Plush toys : LENGTH 20 30 45
Scratching posts : LENGTH 50 80 120
Cages : LENGTH 60 80 100
Trampolines : DIAMETER 244 305 366 427 | LOAD_KG 100 150
Frying pans : DIAMETER 20 24 28
Footballs : DIAMETER 22
Basketballs : DIAMETER 24
Office chairs : LOAD_KG 120 130 150
Gaming chairs : LOAD_KG 120 150
Workbenches : LOAD_KG 200 500
Scooters : LOAD_KG 100
Car seats : LOAD_KG 18 36
Tripods : LOAD_KG 3 5 8
Power banks : BATTERY 10000 20000
Electric bicycles : BATTERY 13400 17500
Robot vacuums : BATTERY 2600 5200
Headphones : BATTERY 500 800
Sports watches : BATTERY 300 450
Cordless screwdrivers : BATTERY 2000 4000
RC cars : BATTERY 1500 3000
Bike lights : BATTERY 1200 3000 | LUMEN 400 800 1200
Electric toothbrushes : BATTERY 800 1400
Building kits : PIECES 250 500 1000 2000
Jigsaw puzzles : PIECES 500 1000 1500 3000
Tool sets : PIECES 40 94 108
Cutlery sets : PIECES 16 24 30
`;

let samplesTable: Map<string, Map<string, string[]>> | null = null;
function numberSamples(): Map<string, Map<string, string[]>> {
  if (samplesTable) return samplesTable;
  const table = new Map<string, Map<string, string[]>>();
  for (const line of NUMBER_SAMPLES.split('\n')) {
    if (!line.trim()) continue;
    const [leaf = '', rest = ''] = line.split(' : ');
    const byCode = new Map<string, string[]>();
    for (const part of rest.split('|')) {
      const [code = '', ...values] = part.trim().split(/\s+/);
      byCode.set(code, values);
    }
    table.set(leaf.trim(), byCode);
  }
  samplesTable = table;
  return table;
}

/** The euro price range of a root's goods. */
export function priceRangeOf(root: string): [number, number] {
  return PRICE_RANGE[root] ?? [5, 500];
}

const AUTHORS = [
  'Karel Čapek',
  'Agatha Christie',
  'Stephen King',
  'J. K. Rowling',
  'Olga Tokarczuk',
  'Andrzej Sapkowski',
  'Sándor Márai',
  'Ivo Andrić',
  'Jo Nesbø',
  'Haruki Murakami',
  'Milan Kundera',
  'Slavoj Žižek',
];
const SERIES = ['Pro', 'Max', 'Air', 'Sport', 'Classic', 'Eco', 'Plus', 'Ultra', 'Mini', 'Lite', 'Active', 'Comfort'];

const TEXTS: Record<Language, { short: string; warranty: string; shipping: string; blocked: string }> = {
  en: {
    short: 'reliable quality for everyday use.',
    warranty: '24-month warranty',
    shipping: 'Ships within 2 working days',
    blocked: 'The product images carry a watermark. Upload images without a watermark and contact support.',
  },
  cs: {
    short: 'spolehlivá kvalita pro každodenní použití.',
    warranty: 'Záruka 24 měsíců',
    shipping: 'Odesíláme do 2 pracovních dnů',
    blocked: 'Obrázky produktu obsahují vodoznak. Nahrajte prosím obrázky bez vodoznaku a kontaktujte podporu.',
  },
  sk: {
    short: 'spoľahlivá kvalita na každodenné použitie.',
    warranty: 'Záruka 24 mesiacov',
    shipping: 'Odosielame do 2 pracovných dní',
    blocked: 'Obrázky produktu obsahujú vodoznak. Nahrajte, prosím, obrázky bez vodoznaku a kontaktujte podporu.',
  },
  pl: {
    short: 'niezawodna jakość na co dzień.',
    warranty: 'Gwarancja 24 miesiące',
    shipping: 'Wysyłka w ciągu 2 dni roboczych',
    blocked: 'Zdjęcia produktu zawierają znak wodny. Prześlij zdjęcia bez znaku wodnego i skontaktuj się z pomocą.',
  },
  hu: {
    short: 'megbízható minőség a mindennapokra.',
    warranty: '24 hónap garancia',
    shipping: 'Szállítás 2 munkanapon belül',
    blocked:
      'A termékképeken vízjel látható. Töltsön fel vízjel nélküli képeket, és vegye fel a kapcsolatot az ügyfélszolgálattal.',
  },
  hr: {
    short: 'pouzdana kvaliteta za svakodnevnu upotrebu.',
    warranty: 'Jamstvo 24 mjeseca',
    shipping: 'Šaljemo u roku od 2 radna dana',
    blocked: 'Slike proizvoda sadrže vodeni žig. Prenesite slike bez vodenog žiga i obratite se podršci.',
  },
  sl: {
    short: 'zanesljiva kakovost za vsakdanjo rabo.',
    warranty: 'Garancija 24 mesecev',
    shipping: 'Pošljemo v 2 delovnih dneh',
    blocked: 'Slike izdelka vsebujejo vodni žig. Naložite slike brez vodnega žiga in se obrnite na podporo.',
  },
};

/** The GS1 check digit of the first 12 (EAN-13) or 13 digits. */
export function eanCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const weight = (body.length - i) % 2 === 1 ? 3 : 1;
    sum += Number(body[i]) * weight;
  }
  return (10 - (sum % 10)) % 10;
}

function ean13(prefix: string, n: number): string {
  const body = `${prefix}${String(n).padStart(12 - prefix.length, '0')}`;
  return `${body}${eanCheckDigit(body)}`;
}

/** A price as sellers set them in that currency: 2 499 CZK, 19.99 EUR; whole numbers where the shop wants them. */
export function shopPrice(euros: number, shopId: ShopId): number {
  const market = MARKETS[shopId];
  const value = euros * (CURRENCY_RATE[market.currency] ?? 1);
  if (market.wholePrices) {
    const step = value >= 1000 ? 100 : 10;
    return Math.max(step, Math.ceil(value / step) * step) - 1;
  }
  return Math.max(1, Math.floor(value)) + 0.99;
}

/** Leaves a product can be listed in: not the locked one, grouped with their root's English name. */
function listableLeaves(): { leaf: DemoCategory; root: string }[] {
  const tree = demoCategories();
  const byLocal = new Map(tree.map((c) => [c.local, c]));
  const rootOf = (c: DemoCategory): DemoCategory => (c.parentLocal === null ? c : rootOf(byLocal.get(c.parentLocal)!));
  return tree.filter((c) => c.level === 3 && !c.locked).map((leaf) => ({ leaf, root: rootOf(leaf).names.en! }));
}

/** Values for every parameter of a leaf, as a seller fills them: options of ENUMs, plausible numbers. */
export function demoParameterValues(leaf: DemoCategory, random: () => number): Record<string, string | string[]> {
  const samples = numberSamples();
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const values: Record<string, string | string[]> = {};
  for (const p of leaf.parameters) {
    const t = PARAMETERS[p.code]!;
    if (t.class === 'BOOLEAN') values[p.code] = random() < 0.6 ? 'true' : 'false';
    else if (t.class === 'ENUM') {
      const options = (t.options ?? []).map((o) => o.split('=')[0]!);
      const first = pick(options);
      if (t.multiple && random() < 0.4) values[p.code] = [...new Set([first, pick(options)])];
      else values[p.code] = first;
    } else if (t.class === 'NUMBER') {
      values[p.code] = pick(samples.get(leaf.names.en!)?.get(p.code) ?? samples.get('*')?.get(p.code) ?? ['1']);
    } else if (p.code === 'AUTHOR') values[p.code] = pick(AUTHORS);
    else values[p.code] = pick(['1–4', '2–4', '2–6', '3–8']);
  }
  return values;
}

/** The values a variant parameter takes across a product's variants (two or three of its options). */
export function demoVariantValues(code: string, leaf: DemoCategory, count: number, random: () => number): string[] {
  const samples = numberSamples();
  const t = PARAMETERS[code]!;
  const all =
    t.class === 'ENUM'
      ? (t.options ?? []).map((o) => o.split('=')[0]!)
      : (samples.get(leaf.names.en!)?.get(code) ?? samples.get('*')?.get(code) ?? []);
  const start = Math.floor(random() * all.length);
  return Array.from({ length: Math.min(count, all.length) }, (_, i) => all[(start + i) % all.length]!);
}

/** Coloured shapes on white: what a product photo looks like from afar, made once per process. */
let pictures: Promise<{ png: Buffer; thumb: Buffer }[]> | null = null;
function demoPictures(): Promise<{ png: Buffer; thumb: Buffer }[]> {
  const colours = ['#e03131', '#1971c2', '#2f9e44', '#f08c00', '#7048e8', '#0c8599', '#c2255c', '#495057'];
  const shapes = [
    (c: string) => `<circle cx="400" cy="400" r="250" fill="${c}"/>`,
    (c: string) => `<rect x="170" y="170" width="460" height="460" rx="40" fill="${c}"/>`,
    (c: string) => `<polygon points="400,140 680,640 120,640" fill="${c}"/>`,
    (c: string) => `<ellipse cx="400" cy="400" rx="300" ry="180" fill="${c}"/>`,
    (c: string) => `<rect x="250" y="120" width="300" height="560" rx="60" fill="${c}"/>`,
  ];
  pictures ??= Promise.all(
    Array.from({ length: PICTURES }, async (_, i) => {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="800" height="800" fill="#fff"/>${shapes[i % shapes.length]!(colours[i % colours.length]!)}<circle cx="620" cy="180" r="60" fill="${colours[(i + 3) % colours.length]}" opacity="0.6"/></svg>`;
      const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
      const thumb = await sharp(png).resize(300, 300).webp({ quality: 80 }).toBuffer();
      return { png, thumb };
    }),
  );
  return pictures;
}

interface StoredPicture {
  url: string;
  thumbUrl: string;
}

/**
 * Stores the pictures for one partner as public files (product-image and its product-thumb under the id the
 * products module derives), without expiry. Rows go in through the seed's transaction.
 */
async function storePictures(db: DbOrTx, media: DemoMedia, partnerId: number): Promise<StoredPicture[]> {
  const made = await demoPictures();
  await mkdir(media.spoolDir, { recursive: true });
  const rows: { id: string; kind: string; name: string; type: string; size: number }[] = [];
  const stored: StoredPicture[] = [];
  for (const [i, picture] of made.entries()) {
    const imageId = randomUUID();
    const thumbId = thumbIdOf(imageId);
    for (const [id, kind, name, type, body] of [
      [imageId, 'product-image', `demo-${i + 1}.png`, 'image/png', picture.png],
      [thumbId, 'product-thumb', `demo-${i + 1}-thumb.webp`, 'image/webp', picture.thumb],
    ] as const) {
      const spool = join(media.spoolDir, `${id}.part`);
      await writeFile(spool, body);
      try {
        await media.storage.putFile(storageKey(partnerId, id), spool, body.length, type);
      } finally {
        await rm(spool, { force: true });
      }
      rows.push({ id, kind, name, type, size: body.length });
    }
    stored.push({ url: publicMediaPath(imageId), thumbUrl: publicMediaPath(thumbId) });
  }
  const p = sql.param;
  await db.execute(sql`
    insert into stored_files (partner_id, id, kind, file_name, content_type, size, storage_key, expires_at)
    select ${partnerId}, id, kind, name, type, size, ${partnerId}::text || '/' || id::text, null
    from unnest(${p(rows.map((r) => r.id))}::uuid[], ${p(rows.map((r) => r.kind))}::text[],
      ${p(rows.map((r) => r.name))}::text[], ${p(rows.map((r) => r.type))}::text[], ${p(rows.map((r) => r.size))}::bigint[])
      as t(id, kind, name, type, size)`);
  return stored;
}

type Row = Record<string, unknown>;

/** Inserts rows through one unnest per table: column name → SQL array type. */
async function insertRows(db: DbOrTx, table: string, columns: Record<string, string>, rows: Row[]): Promise<void> {
  if (!rows.length) return;
  const names = Object.keys(columns);
  const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const arrays = names.map((name) => {
    const type = columns[name]!;
    const values = rows.map((r) => {
      const v = r[name] ?? null;
      return type === 'jsonb' && v !== null ? JSON.stringify(v) : v;
    });
    // Arrays of arrays do not unnest into one row each: text[] columns travel as JSON and are rebuilt.
    if (type === 'text[]') {
      return sql`${sql.param(values.map((v) => JSON.stringify(v ?? [])))}::text[]`;
    }
    return sql`${sql.param(values)}::${sql.raw(type === 'jsonb' ? 'text' : type)}[]`;
  });
  const selects = names.map((name) => {
    const type = columns[name]!;
    if (type === 'jsonb') return sql.raw(`c_${name}::jsonb`);
    if (type === 'text[]') return sql.raw(`array(select jsonb_array_elements_text(c_${name}::jsonb))`);
    return sql.raw(`c_${name}`);
  });
  await db.execute(sql`
    insert into ${sql.raw(table)} (${sql.raw(names.map(snake).join(', '))})
    select ${sql.join(selects, sql`, `)}
    from unnest(${sql.join(arrays, sql`, `)}) as t(${sql.raw(names.map((n) => `c_${n}`).join(', '))})`);
}

/**
 * Every demo partner's catalogue: a few hundred products in real leaf categories with fitting brands,
 * parameters from the category, prices in the shop's currency, stock spread over the sold-out and last-items
 * tabs, drafts, inactive ones, a fifth with variants, some in the errors tab and one blocked. Generated
 * pictures only when `media` is given (tests and benches go without).
 */
export async function seedDemoProducts(
  db: DbOrTx,
  partners: DemoProductPartner[],
  options: { media?: DemoMedia; perPartner?: number; now?: Date } = {},
): Promise<void> {
  const perPartner = options.perPartner ?? DEMO_PRODUCTS_PER_PARTNER;
  const now = options.now ?? new Date();
  const today = (offsetDays: number) => new Date(now.getTime() + offsetDays * DAY).toISOString().slice(0, 10);
  const leaves = listableLeaves();
  const productRows: Row[] = [];
  const variantRows: Row[] = [];
  const mediaRows: Row[] = [];
  const errorRows: Row[] = [];
  for (const [partnerIndex, partner] of partners.entries()) {
    const random = sequence(1000 + partner.id);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const market = MARKETS[partner.shopId];
    const texts = TEXTS[market.language];
    const pictures = options.media ? await storePictures(db, options.media, partner.id) : [];
    let barcodes = partnerIndex * 10_000_000;
    const ids: string[] = [];
    let withVariants = 0;
    for (let n = 1; n <= perPartner; n++) {
      const { leaf, root } = leaves[(n * 7 + partnerIndex) % leaves.length]!;
      const brandName = pick(BRANDS_BY_ROOT[root] ?? ['Generic']);
      const id = `${market.shortCode}-${String(n).padStart(5, '0')}`;
      ids.push(id);
      const productType = leaf.names[market.language]!;
      const line = `${pick(SERIES)} ${100 + Math.floor(random() * 900)}`;
      const title = productTitle({ brandName, productType, line });
      const [low, high] = priceRangeOf(root);
      const price = shopPrice(low * (high / low) ** random(), partner.shopId);
      const roll = random();
      const inStock =
        roll < 0.12 ? 0 : roll < 0.25 ? 1 + Math.floor(random() * 5) : 6 + Math.floor(random() * random() * 400);
      const stageRoll = random();
      const stage = stageRoll < 0.12 ? 'DRAFT' : 'LIVE';
      const status = stageRoll >= 0.12 && stageRoll < 0.22 ? 'INACTIVE' : 'ACTIVE';
      const created = new Date(now.getTime() - Math.floor(random() * 400) * DAY - Math.floor(random() * DAY));
      const updated = new Date(Math.min(now.getTime(), created.getTime() + Math.floor(random() * 60) * DAY));
      const parameters = demoParameterValues(leaf, random);
      const withSize = random() < 0.6;
      const short = `${title} – ${texts.short}`;
      const productMedia = pictures.length
        ? Array.from({ length: 1 + Math.floor(random() * 3) }, (_, i) => pictures[(n + i * 3) % pictures.length]!)
        : [];
      const variantCodes = leaf.parameters.filter((p) => p.variant).map((p) => p.code);
      let variants: ReturnType<typeof generateVariants> = [];
      // A fifth of the catalogue has variants: every product that can have them until the share is reached.
      if (variantCodes.length && withVariants * 5 < n) {
        withVariants++;
        const counts = variantCodes.length === 2 ? [2, 1 + Math.floor(random() * 3)] : [2 + Math.floor(random() * 4)];
        variants = generateVariants({
          productId: id,
          title,
          parameters: variantCodes.map((code, i) => ({
            code,
            unit: PARAMETERS[code]!.unit ?? null,
            values: demoVariantValues(code, leaf, counts[i]!, random),
            labels: optionLabels(code, market.language),
          })),
          defaults: { price, deliveryDelay: 1 },
        });
      }
      productRows.push({
        partnerId: partner.id,
        id,
        title,
        productType,
        line,
        shortDesc: short,
        longDesc: `<p>${short}</p><ul><li>${texts.warranty}</li><li>${texts.shipping}</li></ul>`,
        brandId: brandIdOf(brandName),
        categoryId: demoCategoryId(partner.shopId, leaf.local),
        barcode: variants.length ? null : ean13(EAN_PREFIX[partner.shopId], ++barcodes),
        priority: 1 + Math.floor(random() * 3),
        price,
        rrp: random() < 0.4 ? shopPrice((price / (CURRENCY_RATE[market.currency] ?? 1)) * 1.2, partner.shopId) : null,
        weeeFee: leaf.recyclingFee ? (market.wholePrices ? 10 : 0.5) : null,
        vat: VAT_RATES[partner.shopId][REDUCED_VAT.has(root) ? 1 : 0],
        inStock: variants.length ? 0 : inStock,
        deliveryDelay: random() < 0.8 ? Math.floor(random() * 4) : 14,
        freeDelivery: price >= (market.wholePrices ? (market.currency === 'HUF' ? 20_000 : 1500) : 60),
        packageSize: withSize ? (random() < 0.7 ? 'smallbox' : 'bigbox') : null,
        weight: withSize ? Math.round((0.2 + random() * 15) * 10) / 10 : null,
        width: withSize ? 10 + Math.floor(random() * 60) : null,
        length: withSize ? 10 + Math.floor(random() * 80) : null,
        height: withSize ? 5 + Math.floor(random() * 40) : null,
        parameters,
        variableParameters: variants.length ? variantCodes : [],
        promotions:
          random() < 0.1
            ? [
                {
                  price: shopPrice((price / (CURRENCY_RATE[market.currency] ?? 1)) * 0.8, partner.shopId),
                  from: today(-5),
                  to: today(25),
                  source: 'PARTNER',
                },
              ]
            : [],
        labels: random() < 0.05 ? [{ label: 'NEW', from: today(-3), to: today(30), source: 'PARTNER' }] : [],
        recommended: n > 2 && random() < 0.2 ? [ids[n - 2]!, ids[n - 3]!] : [],
        mallboxAllowed: random() < 0.3,
        status,
        stage,
        blocked: false,
        blockedReason: null,
        hasErrors: false,
        variantCount: variants.length,
        mainThumbUrl: productMedia[0]?.thumbUrl ?? null,
        createdAt: created.toISOString(),
        updatedAt: updated.toISOString(),
      });
      variants.forEach((v, position) => {
        const vRoll = random();
        variantRows.push({
          partnerId: partner.id,
          productId: id,
          id: v.id,
          position,
          title: v.title,
          price:
            position % 3 === 2
              ? shopPrice((price / (CURRENCY_RATE[market.currency] ?? 1)) * 1.1, partner.shopId)
              : price,
          inStock: vRoll < 0.15 ? 0 : vRoll < 0.3 ? 1 + Math.floor(random() * 5) : 6 + Math.floor(random() * 80),
          barcode: ean13(EAN_PREFIX[partner.shopId], ++barcodes),
          imageUrl: productMedia[position % Math.max(1, productMedia.length)]?.url ?? null,
          deliveryDelay: v.deliveryDelay,
          status: v.status,
          parameters: v.parameters,
        });
      });
      productMedia.forEach((m, position) => {
        mediaRows.push({
          partnerId: partner.id,
          productId: id,
          position,
          url: m.url,
          fileId: m.url.slice('/media/'.length),
          thumbUrl: m.thumbUrl,
          main: position === 0,
          width: 800,
          height: 800,
        });
      });
    }
    // The stock of a product with variants is its variants' (the grid's tabs read the product row).
    for (const row of productRows.filter((r) => r.partnerId === partner.id && (r.variantCount as number) > 0)) {
      row.inStock = Math.min(
        9999,
        variantRows
          .filter((v) => v.partnerId === partner.id && v.productId === row.id)
          .reduce((sum, v) => sum + (v.inStock as number), 0),
      );
    }
    markProblems(partner, productRows, errorRows, texts.blocked, now);
  }
  await insertRows(
    db,
    'products',
    {
      partnerId: 'int',
      id: 'text',
      title: 'text',
      productType: 'text',
      line: 'text',
      shortDesc: 'text',
      longDesc: 'text',
      brandId: 'text',
      categoryId: 'int',
      barcode: 'text',
      priority: 'int',
      price: 'numeric',
      rrp: 'numeric',
      weeeFee: 'numeric',
      vat: 'numeric',
      inStock: 'int',
      deliveryDelay: 'int',
      freeDelivery: 'bool',
      packageSize: 'text',
      weight: 'numeric',
      width: 'numeric',
      length: 'numeric',
      height: 'numeric',
      parameters: 'jsonb',
      variableParameters: 'text[]',
      promotions: 'jsonb',
      labels: 'jsonb',
      recommended: 'text[]',
      mallboxAllowed: 'bool',
      status: 'text',
      stage: 'text',
      blocked: 'bool',
      blockedReason: 'text',
      hasErrors: 'bool',
      variantCount: 'int',
      mainThumbUrl: 'text',
      createdAt: 'timestamptz',
      updatedAt: 'timestamptz',
    },
    productRows,
  );
  await insertRows(
    db,
    'product_variants',
    {
      partnerId: 'int',
      productId: 'text',
      id: 'text',
      position: 'int',
      title: 'text',
      price: 'numeric',
      inStock: 'int',
      barcode: 'text',
      imageUrl: 'text',
      deliveryDelay: 'int',
      status: 'text',
      parameters: 'jsonb',
    },
    variantRows,
  );
  await insertRows(
    db,
    'product_media',
    {
      partnerId: 'int',
      productId: 'text',
      position: 'int',
      url: 'text',
      fileId: 'uuid',
      thumbUrl: 'text',
      main: 'bool',
      width: 'int',
      height: 'int',
    },
    mediaRows,
  );
  await insertRows(
    db,
    'product_errors',
    { partnerId: 'int', productId: 'text', source: 'text', issues: 'jsonb', createdAt: 'timestamptz' },
    errorRows,
  );
}

/**
 * What a seller finds to fix: one product blocked by the marketplace, three saved products with problems,
 * and three items an import refused (their ids never became products).
 */
function markProblems(partner: DemoProductPartner, rows: Row[], errors: Row[], blockedReason: string, now: Date) {
  const own = rows.filter((r) => r.partnerId === partner.id && (r.variantCount as number) === 0);
  const currency = MARKETS[partner.shopId].currency;
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000).toISOString();
  const blocked = own[3]!;
  blocked.blocked = true;
  blocked.blockedReason = blockedReason;
  const withMandatory = own.find((r) => r !== blocked && mandatoryCode(r.categoryId as number, partner.shopId));
  const problems: { row: Row | undefined; source: string; issues: Row[] }[] = [
    {
      row: withMandatory,
      source: 'FORM',
      issues: [
        {
          field: `parameters.${mandatoryCode(withMandatory?.categoryId as number, partner.shopId)}`,
          rule: 'parameterMandatory',
        },
      ],
    },
    { row: own[10], source: 'IMPORT', issues: [{ field: 'barcode', rule: 'barcode' }] },
    {
      row: own[17],
      source: 'IMPORT',
      issues: [
        MARKETS[partner.shopId].wholePrices
          ? { field: 'price', rule: 'priceWhole', params: { 0: currency } }
          : { field: 'price', rule: 'priceDecimals', params: { 0: currency } },
        { field: 'vat', rule: 'vatRate', params: { 0: VAT_RATES[partner.shopId].join(', ') } },
      ],
    },
  ];
  // The product the form refused misses that parameter for real, so it stays a draft until it is filled.
  if (withMandatory) {
    const code = mandatoryCode(withMandatory.categoryId as number, partner.shopId)!;
    const { [code]: _missing, ...rest } = withMandatory.parameters as Record<string, unknown>;
    withMandatory.parameters = rest;
    withMandatory.stage = 'DRAFT';
  }
  problems.forEach(({ row, source, issues }, i) => {
    if (!row) return;
    row.hasErrors = true;
    errors.push({ partnerId: partner.id, productId: row.id, source, issues, createdAt: at(30 + i * 7) });
  });
  const prefix = MARKETS[partner.shopId].shortCode;
  errors.push(
    {
      partnerId: partner.id,
      productId: `${prefix} NEW 01`,
      source: 'IMPORT',
      issues: [{ field: 'id', rule: 'productId' }],
      createdAt: at(90),
    },
    {
      partnerId: partner.id,
      productId: `${prefix}-PERFUME-1`,
      source: 'IMPORT',
      issues: [{ field: 'categoryId', rule: 'categoryLocked' }],
      createdAt: at(91),
    },
    {
      partnerId: partner.id,
      productId: `${prefix}-SHIRT-9`,
      source: 'IMPORT',
      issues: [
        { field: 'variableParameters', rule: 'tooManyVariantParameters' },
        { field: 'media', rule: 'mainImageRequired' },
      ],
      createdAt: at(92),
    },
  );
}

function mandatoryCode(categoryId: number, shopId: ShopId): string | undefined {
  const local = categoryId - demoCategoryId(shopId, 0);
  return demoCategories()
    .find((c) => c.local === local)
    ?.parameters.find((p) => p.mandatory)?.code;
}
