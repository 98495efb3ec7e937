import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brandIdOf, brandTag } from '@pp/domain';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { DbOrTx } from '../platform/db/client';
import { storageKey } from '../platform/files/storage';
import type { DemoMedia } from './products';

/**
 * Brands of the demo marketplace, grouped by the goods they are known for so the product seed can pick a
 * brand that fits a category (a Shimano bicycle, not a Shimano lipstick). The keys are the roots of
 * catalog-tree.ts by their English name.
 */
const BRAND_TABLE = `
Electronics:
  Samsung | Apple | Xiaomi | Huawei | Motorola | Nokia | OnePlus | Google | Sony | LG | Philips | Panasonic |
  TCL | Hisense | Sharp | JBL | Bose | Sennheiser | Marshall | Jabra | Beats | Logitech | Razer | SteelSeries |
  HyperX | Corsair | Lenovo | HP | Dell | Acer | Asus | MSI | Microsoft | Canon | Nikon | Fujifilm | Olympus |
  GoPro | SanDisk | Kingston | Western Digital | Seagate | Anker | Belkin | Baseus | Ugreen | Nintendo |
  PlayStation | Xbox | Epson | BenQ | Yamaha | Denon | Onkyo | Pioneer | AKG | Rode | Trust | Genius | Niceboy |
  Eaton | Vivo | Realme | Oppo | Honor | Doro | Garmin | Polar | Suunto | Amazfit | Fitbit
Appliances:
  Bosch | Siemens | Whirlpool | Electrolux | AEG | Beko | Gorenje | Candy | Indesit | Miele | Zanussi | Liebherr
  | Hotpoint | Smeg | De'Longhi | Krups | Tefal | Rowenta | Braun | Russell Hobbs | Sencor | Eta | Concept |
  Nespresso | Philips | Dyson | iRobot | Roborock | Ecovacs | Kärcher | Remington | Oral-B | Sonicare | Babyliss
  | Moulinex | Kenwood | KitchenAid | Sage | Jura | Gaggia | Melitta | Catler | Rohnson | Ariete | Vorwerk |
  Severin | Clatronic | Hoover | Samsung
Home and garden:
  Gardena | Husqvarna | Stihl | Makita | Bosch | Fiskars | Weber | Campingaz | Kärcher | Keter | Ikea | Jysk |
  Hartman | Greenhouse | Riwall | Güde | Worx | Einhell | Ryobi | AL-KO | Honda | Viking | Osram | Ledvance |
  Philips Hue | Paulmann | Rabalux | Globo | Eglo | Dormeo | Matějovský | Stoklasa | Möve | Kela | Dream House |
  Vitra | Kettler | Rojaplast | Curver | Hecht
Kitchen:
  Tescoma | Tefal | Fiskars | Zwilling | WMF | Lamart | Orion | Banquet | Le Creuset | Fissler | Berndorf |
  Lock&Lock | Bormioli | Luminarc | Villeroy & Boch | Thun | Emsa | Stanley | Contigo | Kinto | Joseph Joseph |
  Victorinox | Wüsthof | Sabatier | Ballarini | Scanpan | Lodge | Rosle | Pyrex | Duralex | Gerlach | Brabantia
  | Judge | Bodum | Chilly's | Sigg | Nalgene | Thermos
Sport:
  Nike | Adidas | Puma | Reebok | Asics | New Balance | Salomon | Mizuno | Under Armour | Columbia | The North
  Face | Shimano | SRAM | Specialized | Trek | Giant | Cube | Scott | Merida | Kellys | Author | Superior |
  Canyon | Cannondale | Bianchi | Lapierre | Ghost | Haibike | Orbea | Ktm | Abus | Uvex | Met | Lezyne | Topeak
  | Garmin | Head | Atomic | Rossignol | Elan | Fischer | Völkl | Blizzard | Nordica | Tecnica | Lange | Burton
  | Nitro | Oakley | Smith | Bauer | CCM | Wilson | Spalding | Molten | Mikasa | Select | Decathlon | Coleman |
  Vango | Husky | Hannah | Deuter | Osprey | Leki | Black Diamond | Ferrino | Pinguin | Sportago | Kettler |
  Insportline | Everlast | Trx | Manduka | Yate
Fashion:
  Levi's | Tommy Hilfiger | Calvin Klein | Guess | Lacoste | Hugo Boss | Ralph Lauren | Diesel | Wrangler | Lee
  | Pepe Jeans | Mustang | Esprit | Mango | Vero Moda | Only | Jack & Jones | Tom Tailor | s.Oliver | Gant |
  Napapijri | Geox | Ecco | Clarks | Timberland | Dr. Martens | Vans | Converse | Skechers | Crocs | Birkenstock
  | Tamaris | Rieker | Baťa | Casio | Festina | Fossil | Tissot | Swatch | Seiko | Citizen | Michael Kors |
  Daniel Wellington | Ray-Ban | Polaroid | Carrera | Tous | Pandora | Samsonite | Wittchen | Coccinelle | Fila |
  Champion | Kappa | Superdry | Carhartt | Quiksilver | Roxy | Alpine Pro | Loap | Nordblanc | Sam73 | Coqui |
  Kamik | Lasocki
Toys:
  Lego | Playmobil | Mattel | Barbie | Hot Wheels | Fisher-Price | Hasbro | Nerf | Monopoly | Ravensburger |
  Clementoni | Trefl | Educa | Schmidt | Cobi | Seva | Merkur | Geomag | Magformers | Smoby | Little Tikes |
  Step2 | Chicco | VTech | Melissa & Doug | Janod | Djeco | Hape | Bigjigs | Mindok | Albi | Piatnik | Dino |
  Kosmos | Spin Master | Paw Patrol | Peppa Pig | Schleich | Bruder | Siku | Carrera | Revell | DJI | Syma |
  Maisto | Bburago | Hudora | Micro | Globber | Berg | Exit | Jumpking | Ty | Jellycat | Steiff | Rappa | Simba
  | Zapf Creation | Baby Born | Tm Toys | Alltoys
Beauty:
  L'Oréal | Nivea | Garnier | Maybelline | Max Factor | Rimmel | Catrice | Essence | Dior | Chanel | Lancôme |
  Estée Lauder | Clinique | Shiseido | Vichy | La Roche-Posay | Avène | Bioderma | Eucerin | CeraVe | Ziaja |
  Dermacol | Ryor | Schwarzkopf | Syoss | Wella | Pantene | Head & Shoulders | Gliss | Kérastase | Olaplex |
  Yves Saint Laurent | Hugo Boss | Giorgio Armani | Versace | Dolce & Gabbana | Calvin Klein | Carolina Herrera
  | Paco Rabanne | Jean Paul Gaultier | Davidoff | Hermès | Gucci | Prada | Burberry | Bourjois | NYX | MAC |
  Benefit | Clarins | Biotherm | Nuxe | Weleda | Dove | Rexona | Adidas | Ladival | Piz Buin | Bioten | Astrid |
  Lirene | Eveline | Bielenda | Tołpa
Pets:
  Royal Canin | Purina | Pro Plan | Hill's | Brit | Acana | Orijen | Pedigree | Whiskas | Felix | Sheba |
  Animonda | Josera | Bosch Tiernahrung | Applaws | Calibra | Ontario | Trixie | Ferplast | Kong | Flexi |
  Julius-K9 | Hunter | Karlie | Tetra | JBL Aquaristik | Eheim | Juwel | Sera | Versele-Laga | Vitakraft |
  Catsan | Cat's Best | Ever Clean | Zolux | Savic | Imac | Bewi Dog
Auto-moto:
  Michelin | Continental | Bridgestone | Goodyear | Pirelli | Dunlop | Hankook | Nokian | Barum | Matador |
  Kumho | Nexen | Falken | Toyo | Yokohama | Vredestein | Kleber | Sava | Debica | Fulda | Semperit | BFGoodrich
  | Laufenn | Kormoran | Tigar | Riken | Uniroyal | Firestone | Nextbase | Mio | Lamax | Navitel | Sonax |
  Meguiar's | Turtle Wax | Mothers | Autoglym | Shoei | Arai | AGV | HJC | Nolan | Schuberth | LS2 | Alpinestars
  | Dainese | Rev'it | Held | Cappa Racing | Compass | Carpoint | Osram Auto | Thule | Castrol | Mobil | Shell |
  Liqui Moly
Books:
  Albatros | Argo | Host | Grada | Euromedia | Mladá fronta | Odeon | Paseka | Jota | Ikar | Slovart | Tatran |
  Znak | Rebis | Prószyński | Helion | Egmont | Penguin | HarperCollins | Bloomsbury | Lonely Planet | Marco
  Polo | National Geographic | Libri | Móra | Európa | Mozaik | Školska knjiga | Profil | Mladinska knjiga |
  Učila | Fraus | Klett | Nova Era | Usborne | Dorling Kindersley | Taschen
Baby:
  Pampers | Huggies | Libero | Babylove | Dada | Lupilu | Chicco | Avent | Tommee Tippee | Nuk | MAM | Lovi |
  Canpol | Medela | Hipp | Nutrilon | Sunar | Bebiko | Gerber | Cybex | Britax Römer | Maxi-Cosi | Joie | Recaro
  | Kinderkraft | Bugaboo | Thule | Petite&Mars | Baby Design | Espiro | Anex | Stokke | Hauck | Babymoov |
  Motorola Baby | Angelcare | Summer | Mustela | Sudocrem | Bübchen | Johnson's Baby | Pigeon | Lansinoh | Klups
  | Geuther | Womar
DIY and tools:
  Makita | Bosch | DeWalt | Milwaukee | Metabo | Hitachi | HiKOKI | Festool | Hilti | Black+Decker | Stanley |
  Einhell | Ryobi | AEG Powertools | Worx | Narex | Extol | Güde | Scheppach | Fieldmann | Stihl | Husqvarna |
  Dremel | Fein | Flex | Knipex | Wera | Wiha | Bahco | Gedore | Facom | Irwin | Yato | Topex | Neo Tools |
  Proxxon | Hecht | Michelin Tools | Hailo | Krause | Alve | Fortum | Kreator | Sthor | Vorel
`;

export const BRANDS_BY_ROOT: Record<string, string[]> = (() => {
  const table: Record<string, string[]> = {};
  let root = '';
  for (const line of BRAND_TABLE.split('\n')) {
    if (!line.trim()) continue;
    if (!line.startsWith(' ')) root = line.trim().replace(/:$/, '');
    else
      table[root] = [
        ...(table[root] ?? []),
        ...line
          .split('|')
          .map((name) => name.trim())
          .filter(Boolean),
      ];
  }
  return table;
})();

/** Our marketplace's own brands (the spec's "mall brand"): shown with their flag in the brand list. */
const MALL_BRANDS = new Set(['Fieldmann', 'Rohnson', 'Catler', 'Niceboy', 'Sportago', 'Petite&Mars']);

/** The brand's address on the marketplace: "De'Longhi" → "de-longhi". */
function urlKeyOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[łŁ]/g, 'l')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export interface DemoBrand {
  id: string;
  name: string;
  tag: string;
  urlKey: string;
}

/** One entry per brand id: the same brand listed under several roots is one brand. */
export function demoBrands(): DemoBrand[] {
  const byId = new Map<string, DemoBrand>();
  for (const names of Object.values(BRANDS_BY_ROOT)) {
    for (const name of names) {
      const id = brandIdOf(name);
      if (!byId.has(id)) byId.set(id, { id, name, tag: brandTag(name), urlKey: urlKeyOf(name) });
    }
  }
  return [...byId.values()];
}

const DESCRIPTIONS: Record<string, Record<string, string>> = {
  SAMSUNG: {
    en: 'South Korean maker of phones, televisions and home appliances.',
    cs: 'Jihokorejský výrobce telefonů, televizorů a domácích spotřebičů.',
    sk: 'Juhokórejský výrobca telefónov, televízorov a domácich spotrebičov.',
    pl: 'Południowokoreański producent telefonów, telewizorów i sprzętu AGD.',
    hu: 'Dél-koreai telefon-, televízió- és háztartásigép-gyártó.',
    hr: 'Južnokorejski proizvođač telefona, televizora i kućanskih aparata.',
    sl: 'Južnokorejski proizvajalec telefonov, televizorjev in gospodinjskih aparatov.',
  },
  LEGO: {
    en: 'Danish building sets for children and adults.',
    cs: 'Dánské stavebnice pro děti i dospělé.',
    sk: 'Dánske stavebnice pre deti aj dospelých.',
    pl: 'Duńskie klocki dla dzieci i dorosłych.',
    hu: 'Dán építőjátékok gyerekeknek és felnőtteknek.',
    hr: 'Danske kocke za slaganje za djecu i odrasle.',
    sl: 'Danski gradniki za otroke in odrasle.',
  },
  SHIMANO: {
    en: 'Japanese bicycle components and fishing gear.',
    cs: 'Japonské komponenty na kola a rybářské vybavení.',
    sk: 'Japonské komponenty na bicykle a rybárske vybavenie.',
    pl: 'Japońskie części rowerowe i sprzęt wędkarski.',
    hu: 'Japán kerékpár-alkatrészek és horgászfelszerelés.',
    hr: 'Japanske komponente za bicikle i ribolovna oprema.',
    sl: 'Japonski kolesarski deli in ribiška oprema.',
  },
};

/**
 * Writes the demo brands (accepted, with their similarity tags and URL keys) in one set-based insert.
 * Returns the ids so the product seed can pick from them.
 */
export async function seedBrands(db: DbOrTx): Promise<string[]> {
  const brands = demoBrands();
  const p = sql.param;
  await db.execute(sql`
    insert into brands (id, name, accepted, mall_brand, description, url_key, tag)
    select id, name, true, mall, description::jsonb, url_key, tag
    from unnest(${p(brands.map((b) => b.id))}::text[], ${p(brands.map((b) => b.name))}::text[],
      ${p(brands.map((b) => MALL_BRANDS.has(b.name)))}::bool[],
      ${p(brands.map((b) => JSON.stringify(DESCRIPTIONS[b.id] ?? {})))}::text[],
      ${p(brands.map((b) => b.urlKey))}::text[], ${p(brands.map((b) => b.tag))}::text[])
      as t(id, name, mall, description, url_key, tag)`);
  return brands.map((b) => b.id);
}

/** Brands whose logo the demo shows (a few: most brands in a real list have none yet). */
const LOGO_BRANDS: Record<string, string> = {
  SAMSUNG: '#1428a0',
  APPLE: '#555555',
  BOSCH: '#e20015',
  NIKE: '#111111',
  LEGO: '#e3000b',
  SHIMANO: '#005bac',
  PHILIPS: '#0b5ed7',
  ADIDAS: '#000000',
};

/**
 * Logos for a few brands: public files (kind brand-logo, no expiry) of the marketplace itself (partner 0, as
 * an operator's accepted logo is no longer the requesting partner's), linked from brands.media_id.
 */
export async function seedBrandLogos(db: DbOrTx, media: DemoMedia): Promise<void> {
  await mkdir(media.spoolDir, { recursive: true });
  const rows: { brandId: string; id: string; size: number }[] = [];
  for (const [brandId, colour] of Object.entries(LOGO_BRANDS)) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="400" height="200" fill="#fff"/><rect x="20" y="40" width="360" height="120" rx="60" fill="${colour}"/><circle cx="100" cy="100" r="36" fill="#fff"/></svg>`;
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    const id = randomUUID();
    const spool = join(media.spoolDir, `${id}.part`);
    await writeFile(spool, png);
    try {
      await media.storage.putFile(storageKey(0, id), spool, png.length, 'image/png');
    } finally {
      await rm(spool, { force: true });
    }
    rows.push({ brandId, id, size: png.length });
  }
  const p = sql.param;
  await db.execute(sql`
    insert into stored_files (partner_id, id, kind, file_name, content_type, size, storage_key, expires_at)
    select 0, id, 'brand-logo', lower(brand) || '.png', 'image/png', size, '0/' || id::text, null
    from unnest(${p(rows.map((r) => r.brandId))}::text[], ${p(rows.map((r) => r.id))}::uuid[],
      ${p(rows.map((r) => r.size))}::bigint[]) as t(brand, id, size)`);
  await db.execute(sql`
    update brands set media_id = t.id
    from unnest(${p(rows.map((r) => r.brandId))}::text[], ${p(rows.map((r) => r.id))}::uuid[]) as t(brand, id)
    where brands.id = t.brand`);
}

const MANUFACTURER = {
  name: 'Dřevotvar družstvo',
  street: 'Palackého 1',
  city: 'Jablonné nad Orlicí',
  country: 'CZ',
  zip: '56164',
  email: 'info@drevotvar.example',
};

/**
 * The brand request history of a partner: one accepted (its brand is in the list), one rejected with the
 * operator's reason, and one pending that waits for the operator in the cockpit.
 */
export async function seedBrandRequests(db: DbOrTx, partnerId: number, accountId: number | null): Promise<void> {
  const translation = (languageId: string, description: string) => ({ languageId, name: 'Dřevotvar', description });
  const day = 86_400_000;
  const now = Date.now();
  await db.execute(sql`
    insert into brands (id, name, accepted, description, url_key, tag)
    values ('LIPATOYS', 'Lipa Toys', true, '{}'::jsonb, 'lipa-toys', 'lipatoys')`);
  const requests = [
    {
      brandId: 'LIPATOYS',
      name: 'Lipa Toys',
      status: 'ACCEPTED',
      reason: null,
      requestedAt: new Date(now - 40 * day),
      decidedAt: new Date(now - 38 * day),
      translations: [],
    },
    {
      brandId: 'SUPERPHONE',
      name: 'Super Phone',
      status: 'REJECTED',
      reason: 'Značka je jen název modelové řady, ne výrobce. Použijte prosím značku výrobce.',
      requestedAt: new Date(now - 20 * day),
      decidedAt: new Date(now - 19 * day),
      translations: [],
    },
    {
      brandId: 'DREVOTVAR',
      name: 'Dřevotvar',
      status: 'PENDING',
      reason: null,
      requestedAt: new Date(now - 2 * day),
      decidedAt: null,
      translations: [
        translation('cs', 'Český výrobce dřevěného nábytku a hraček.'),
        translation('en', 'Czech maker of wooden furniture and toys.'),
      ],
    },
  ];
  for (const r of requests) {
    await db.execute(sql`
      insert into brand_requests (partner_id, brand_id, name, web_title, description, manufacturer, responsible_person,
        translations, status, reason, email, account_id, requested_at, decided_at)
      values (${partnerId}, ${r.brandId}, ${r.name}, ${r.name}, ${r.translations[0]?.description ?? null},
        ${JSON.stringify(MANUFACTURER)}::jsonb, ${JSON.stringify(MANUFACTURER)}::jsonb,
        ${JSON.stringify(r.translations)}::jsonb, ${r.status}, ${r.reason}, 'partner@demo.test', ${accountId},
        ${r.requestedAt.toISOString()}::timestamptz, ${r.decidedAt?.toISOString() ?? null}::timestamptz)`);
  }
}
