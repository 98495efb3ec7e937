import { type BranchCountry, type BranchRow, branchKey } from '@pp/domain';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../platform/db/client';
import { sequence } from './demo';

/**
 * The pickup-point networks of the demo: generated, deterministically, over real towns of each market with
 * their real postal codes and coordinates, in the proportion of their size. A deployment loads the carriers'
 * real files instead (`npm run branches -- load <file>`, or the cockpit's upload).
 */

/** [town, postal codes of its districts, latitude, longitude, weight (about its population in 10,000s)] */
type Town = readonly [string, readonly string[], number, number, number];

const TOWNS: Record<BranchCountry, readonly Town[]> = {
  CZ: [
    [
      'Praha',
      ['110 00', '120 00', '130 00', '140 00', '150 00', '160 00', '170 00', '180 00', '190 00'],
      50.08,
      14.43,
      130,
    ],
    ['Brno', ['602 00', '612 00', '615 00', '616 00', '625 00', '628 00'], 49.2, 16.61, 38],
    ['Ostrava', ['702 00', '708 00', '709 00', '710 00'], 49.83, 18.29, 28],
    ['Plzeň', ['301 00', '312 00', '318 00', '326 00'], 49.75, 13.38, 17],
    ['Liberec', ['460 01', '460 07', '460 14'], 50.77, 15.06, 10],
    ['Olomouc', ['779 00', '772 00'], 49.59, 17.25, 10],
    ['České Budějovice', ['370 01', '370 04', '370 05'], 48.97, 14.47, 9],
    ['Hradec Králové', ['500 02', '500 03', '500 09'], 50.21, 15.83, 9],
    ['Ústí nad Labem', ['400 01', '400 03'], 50.66, 14.03, 9],
    ['Pardubice', ['530 02', '530 03', '530 09'], 50.04, 15.78, 9],
    ['Zlín', ['760 01', '760 05'], 49.22, 17.67, 7],
    ['Havířov', ['736 01'], 49.78, 18.43, 7],
    ['Kladno', ['272 01'], 50.15, 14.1, 7],
    ['Most', ['434 01'], 50.5, 13.64, 6],
    ['Opava', ['746 01'], 49.94, 17.9, 5],
    ['Jihlava', ['586 01'], 49.4, 15.59, 5],
    ['Karlovy Vary', ['360 01', '360 05'], 50.23, 12.87, 5],
    ['Teplice', ['415 01'], 50.64, 13.82, 5],
    ['Děčín', ['405 02'], 50.78, 14.21, 5],
    ['Chomutov', ['430 01'], 50.46, 13.42, 5],
    ['Mladá Boleslav', ['293 01'], 50.41, 14.9, 4],
    ['Prostějov', ['796 01'], 49.47, 17.11, 4],
    ['Přerov', ['750 02'], 49.46, 17.45, 4],
    ['Třebíč', ['674 01'], 49.21, 15.88, 3],
    ['Tábor', ['390 01'], 49.41, 14.68, 3],
    ['Znojmo', ['669 02'], 48.86, 16.05, 3],
    ['Kolín', ['280 02'], 50.03, 15.2, 3],
    ['Písek', ['397 01'], 49.31, 14.15, 3],
  ],
  SK: [
    ['Bratislava', ['811 01', '811 04', '821 08', '831 01', '841 01', '851 01'], 48.15, 17.11, 48],
    ['Košice', ['040 01', '040 11', '040 22'], 48.72, 21.26, 23],
    ['Prešov', ['080 01', '080 05'], 49.0, 21.24, 9],
    ['Žilina', ['010 01', '010 08'], 49.22, 18.74, 8],
    ['Nitra', ['949 01', '949 11'], 48.31, 18.09, 8],
    ['Banská Bystrica', ['974 01', '974 04'], 48.74, 19.15, 8],
    ['Trnava', ['917 01', '917 08'], 48.38, 17.59, 6],
    ['Trenčín', ['911 01'], 48.89, 18.04, 5],
    ['Martin', ['036 01'], 49.07, 18.92, 5],
    ['Poprad', ['058 01'], 49.06, 20.3, 5],
    ['Prievidza', ['971 01'], 48.77, 18.62, 4],
    ['Zvolen', ['960 01'], 48.58, 19.13, 4],
    ['Považská Bystrica', ['017 01'], 49.12, 18.45, 4],
    ['Michalovce', ['071 01'], 48.75, 21.92, 4],
    ['Nové Zámky', ['940 01'], 47.99, 18.16, 4],
  ],
  PL: [
    ['Warszawa', ['00-001', '00-695', '01-100', '02-001', '02-495', '03-301', '04-001'], 52.23, 21.01, 180],
    ['Kraków', ['30-001', '30-415', '31-042', '31-512'], 50.06, 19.94, 80],
    ['Wrocław', ['50-066', '51-180', '53-333', '54-204'], 51.11, 17.03, 67],
    ['Łódź', ['90-102', '91-065', '92-118', '93-005'], 51.76, 19.46, 67],
    ['Poznań', ['60-101', '61-886', '61-131'], 52.41, 16.93, 53],
    ['Gdańsk', ['80-001', '80-831', '80-299'], 54.35, 18.65, 47],
    ['Szczecin', ['70-415', '71-010'], 53.43, 14.55, 39],
    ['Bydgoszcz', ['85-097', '85-001'], 53.12, 18.0, 33],
    ['Lublin', ['20-002', '20-400'], 51.25, 22.57, 33],
    ['Białystok', ['15-001', '15-350'], 53.13, 23.16, 29],
    ['Katowice', ['40-003', '40-750'], 50.26, 19.02, 29],
    ['Gdynia', ['81-001', '81-537'], 54.52, 18.53, 24],
    ['Częstochowa', ['42-200', '42-217'], 50.81, 19.12, 21],
    ['Radom', ['26-600'], 51.4, 21.15, 20],
    ['Rzeszów', ['35-001', '35-310'], 50.04, 22.0, 19],
    ['Toruń', ['87-100'], 53.01, 18.6, 19],
    ['Sosnowiec', ['41-200'], 50.29, 19.1, 19],
    ['Kielce', ['25-001'], 50.87, 20.63, 18],
    ['Gliwice', ['44-100'], 50.29, 18.67, 17],
    ['Olsztyn', ['10-001'], 53.78, 20.48, 17],
    ['Opole', ['45-001'], 50.67, 17.93, 12],
    ['Zielona Góra', ['65-001'], 51.94, 15.51, 13],
  ],
  SI: [
    ['Ljubljana', ['1000', '1210', '1231', '1260'], 46.06, 14.51, 29],
    ['Maribor', ['2000'], 46.55, 15.65, 11],
    ['Celje', ['3000'], 46.24, 15.27, 5],
    ['Kranj', ['4000'], 46.24, 14.36, 4],
    ['Koper', ['6000'], 45.55, 13.73, 3],
    ['Velenje', ['3320'], 46.36, 15.11, 3],
    ['Novo mesto', ['8000'], 45.8, 15.17, 3],
    ['Ptuj', ['2250'], 46.42, 15.87, 2],
    ['Murska Sobota', ['9000'], 46.66, 16.17, 2],
    ['Nova Gorica', ['5000'], 45.96, 13.65, 2],
  ],
  HU: [
    ['Budapest', ['1011', '1052', '1066', '1085', '1117', '1134', '1146', '1191'], 47.5, 19.04, 170],
    ['Debrecen', ['4024', '4025', '4031'], 47.53, 21.64, 20],
    ['Szeged', ['6720', '6721', '6724'], 46.25, 20.15, 16],
    ['Miskolc', ['3525', '3530'], 48.1, 20.78, 15],
    ['Pécs', ['7621', '7624'], 46.07, 18.23, 14],
    ['Győr', ['9021', '9024'], 47.69, 17.63, 13],
    ['Nyíregyháza', ['4400'], 47.96, 21.72, 11],
    ['Kecskemét', ['6000'], 46.91, 19.69, 11],
    ['Székesfehérvár', ['8000'], 47.19, 18.41, 10],
    ['Szombathely', ['9700'], 47.23, 16.62, 8],
    ['Szolnok', ['5000'], 47.17, 20.18, 7],
    ['Érd', ['2030'], 47.39, 18.91, 7],
    ['Tatabánya', ['2800'], 47.58, 18.39, 6],
    ['Sopron', ['9400'], 47.68, 16.58, 6],
    ['Veszprém', ['8200'], 47.09, 17.91, 6],
  ],
  HR: [
    ['Zagreb', ['10000', '10010', '10020', '10040', '10090'], 45.81, 15.98, 77],
    ['Split', ['21000'], 43.51, 16.44, 16],
    ['Rijeka', ['51000'], 45.33, 14.44, 11],
    ['Osijek', ['31000'], 45.55, 18.69, 10],
    ['Zadar', ['23000'], 44.12, 15.23, 7],
    ['Velika Gorica', ['10410'], 45.71, 16.08, 6],
    ['Slavonski Brod', ['35000'], 45.16, 18.02, 5],
    ['Pula', ['52100'], 44.87, 13.85, 5],
    ['Karlovac', ['47000'], 45.49, 15.55, 5],
    ['Varaždin', ['42000'], 46.3, 16.34, 4],
    ['Šibenik', ['22000'], 43.73, 15.9, 4],
    ['Sisak', ['44000'], 45.47, 16.38, 4],
    ['Dubrovnik', ['20000'], 42.65, 18.09, 4],
  ],
};

/** Streets every town of the country has (the names its towns share), to put branches on. */
const STREETS: Record<BranchCountry, readonly string[]> = {
  CZ: [
    'Masarykova',
    'Nádražní',
    'Husova',
    'Palackého',
    'Komenského',
    'Školní',
    'Sokolská',
    'Havlíčkova',
    'Tyršova',
    'Nerudova',
    'Jiráskova',
    'Smetanova',
    'Riegrova',
    'Žižkova',
    'Mírová',
  ],
  SK: [
    'Hlavná',
    'Štúrova',
    'Hviezdoslavova',
    'Školská',
    'Mierová',
    'Sládkovičova',
    'Jesenského',
    'Nám. SNP',
    'Kollárova',
    'Dukelská',
    'Záhradná',
    'Partizánska',
  ],
  PL: [
    'Mickiewicza',
    'Kościuszki',
    'Słowackiego',
    'Sienkiewicza',
    'Piłsudskiego',
    'Kopernika',
    'Jana Pawła II',
    'Długa',
    'Lipowa',
    'Polna',
    'Ogrodowa',
    'Leśna',
    'Kwiatowa',
    'Szkolna',
  ],
  SI: [
    'Prešernova ulica',
    'Cankarjeva cesta',
    'Trubarjeva ulica',
    'Gregorčičeva ulica',
    'Tržaška cesta',
    'Celovška cesta',
    'Šmartinska cesta',
    'Ljubljanska cesta',
  ],
  HU: [
    'Kossuth Lajos utca',
    'Petőfi Sándor utca',
    'Rákóczi út',
    'Széchenyi utca',
    'Ady Endre utca',
    'Arany János utca',
    'Bajcsy-Zsilinszky út',
    'Dózsa György út',
    'Jókai Mór utca',
    'Deák Ferenc utca',
  ],
  HR: [
    'Ilica',
    'Vukovarska ulica',
    'Ulica Ante Starčevića',
    'Zagrebačka ulica',
    'Ulica kralja Tomislava',
    'Frankopanska ulica',
    'Savska cesta',
    'Radnička cesta',
    'Ulica Matije Gupca',
  ],
};

/** Where a pickup point sits, as people know it: a shop of the town, or the carrier's own locker. */
const HOSTS: Record<BranchCountry, readonly string[]> = {
  CZ: ['Z-BOX', 'Z-BOX', 'Albert', 'Billa', 'Trafika', 'Papírnictví', 'Drogerie', 'Květinářství', 'Kavárna'],
  SK: ['Z-BOX', 'Z-BOX', 'COOP Jednota', 'Trafika', 'Papiernictvo', 'Drogéria', 'Kvetinárstvo'],
  PL: ['Żabka', 'Lewiatan', 'Stokrotka', 'Orlen', 'Dino'],
  SI: ['Z-BOX', 'Trafika 3DVA', 'Papirnica', 'Petrol'],
  HU: ['Z-BOX', 'Trafik', 'Coop', 'Spar', 'MOL', 'Papírbolt'],
  HR: ['Z-BOX', 'Tisak', 'Papirnica', 'Konzum', 'INA'],
};

export interface BranchNetwork {
  carrier: string;
  country: BranchCountry;
  /** Branches in the demo. */
  size: number;
  /** The first of the carrier's numeric branch codes in this country (lockers of InPost have their own). */
  firstCode: number;
  /** What its branches are called. */
  style: 'packeta' | 'inpost' | 'foxpost';
}

/**
 * The demo's networks: each market's pickup-point carrier of the demo order book (seed/orders.ts
 * TRANSPORT_CODES), and Foxpost beside Packeta in Hungary.
 */
export const DEMO_BRANCH_NETWORKS: readonly BranchNetwork[] = [
  { carrier: 'ZASILKOVNA', country: 'CZ', size: 1200, firstCode: 10_001, style: 'packeta' },
  { carrier: 'PACKETA', country: 'SK', size: 400, firstCode: 20_001, style: 'packeta' },
  { carrier: 'INPOST_PACZKOMATY', country: 'PL', size: 1500, firstCode: 1, style: 'inpost' },
  { carrier: 'PACKETA', country: 'HU', size: 250, firstCode: 30_001, style: 'packeta' },
  { carrier: 'FOXPOST', country: 'HU', size: 300, firstCode: 1001, style: 'foxpost' },
  { carrier: 'PACKETA', country: 'SI', size: 150, firstCode: 40_001, style: 'packeta' },
  { carrier: 'PACKETA', country: 'HR', size: 200, firstCode: 50_001, style: 'packeta' },
];

/** Opening hours as each country writes them on the door: weekdays only, and weekdays with Saturday. */
const HOURS: Record<BranchCountry, readonly [string, string]> = {
  CZ: ['Po–Pá 8:00–18:00', 'Po–Pá 7:00–19:00, So 8:00–12:00'],
  SK: ['Po–Pi 8:00–18:00', 'Po–Pi 7:00–19:00, So 8:00–12:00'],
  PL: ['Pn–Pt 8:00–18:00', 'Pn–Pt 7:00–21:00, Sb 8:00–15:00'],
  SI: ['Pon–Pet 8:00–18:00', 'Pon–Pet 7:00–19:00, Sob 8:00–12:00'],
  HU: ['H–P 8:00–18:00', 'H–P 7:00–19:00, Szo 8:00–12:00'],
  HR: ['Pon–Pet 8:00–18:00', 'Pon–Pet 7:00–20:00, Sub 8:00–13:00'],
};

/** A carrier's branches in a country, the same for the same network and size every time. */
export function generateBranches(network: BranchNetwork, size = network.size): BranchRow[] {
  const random = sequence(network.firstCode * 31 + network.country.charCodeAt(0) * 7 + network.carrier.length);
  const towns = TOWNS[network.country];
  const totalWeight = towns.reduce((sum, t) => sum + t[4], 0);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const counters = new Map<string, number>();
  const rows: BranchRow[] = [];
  for (let i = 0; i < size; i++) {
    let r = random() * totalWeight;
    let town = towns[0]!;
    for (const t of towns) {
      r -= t[4];
      if (r <= 0) {
        town = t;
        break;
      }
    }
    const [city, zips, lat, lng] = town;
    const street = `${pick(STREETS[network.country])} ${1 + Math.floor(random() * 180)}`;
    const host = pick(HOSTS[network.country]);
    const locker = host === 'Z-BOX' || network.style !== 'packeta';
    let code: string;
    let name: string;
    if (network.style === 'inpost') {
      const prefix = city
        .normalize('NFD')
        .replace(/[^A-Za-z]/g, '')
        .slice(0, 3)
        .toUpperCase();
      const n = (counters.get(prefix) ?? 0) + 1;
      counters.set(prefix, n);
      code = `${prefix}${String(n).padStart(2, '0')}M`;
      name = `Paczkomat ${code} (${host})`;
    } else if (network.style === 'foxpost') {
      code = String(network.firstCode + i);
      name = `Foxpost ${city} ${host}`;
    } else {
      code = String(network.firstCode + i);
      name = host === 'Z-BOX' ? `Z-BOX ${city}, ${street}` : `${city}, ${street} (${host})`;
    }
    rows.push({
      id: branchKey(network.carrier, code),
      carrier: network.carrier,
      country: network.country,
      code,
      name,
      street,
      city,
      zip: pick(zips),
      lat: Math.round((lat + (random() - 0.5) * 0.08) * 1e6) / 1e6,
      lng: Math.round((lng + (random() - 0.5) * 0.12) * 1e6) / 1e6,
      active: random() >= 0.02,
      codAllowed: !locker || random() < 0.7,
      maxPackageSize: locker ? 'SMALLBOX' : null,
      openingHours: locker ? '24/7' : pick(HOURS[network.country]),
    });
  }
  return rows;
}

const demoIds = new Map<string, string[]>();

/**
 * The active branch ids of a demo network, for the demo order book to send its pickup-point orders to (the
 * same list the seed inserts, without reading it back).
 */
export function demoBranchIds(country: string, carrier: string): string[] {
  const key = `${country}:${carrier}`;
  let ids = demoIds.get(key);
  if (!ids) {
    const network = DEMO_BRANCH_NETWORKS.find((n) => n.country === country && n.carrier === carrier);
    ids = network
      ? generateBranches(network)
          .filter((b) => b.active)
          .map((b) => b.id)
      : [];
    demoIds.set(key, ids);
  }
  return ids;
}

/** Inserts branches as one array per column through unnest: one statement per call, whatever the count. */
export async function insertBranches(db: DbOrTx, rows: readonly BranchRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 20_000) {
    const part = rows.slice(start, start + 20_000);
    const col = <K extends keyof BranchRow>(key: K) => sql.param(part.map((r) => r[key]));
    await db.execute(sql`
      insert into carrier_branches (id, carrier, country, code, name, street, city, zip, lat, lng, active,
                                    cod_allowed, max_package_size, opening_hours)
      select * from unnest(${col('id')}::text[], ${col('carrier')}::text[], ${col('country')}::text[],
                           ${col('code')}::text[], ${col('name')}::text[], ${col('street')}::text[],
                           ${col('city')}::text[], ${col('zip')}::text[], ${col('lat')}::float8[],
                           ${col('lng')}::float8[], ${col('active')}::boolean[], ${col('codAllowed')}::boolean[],
                           ${col('maxPackageSize')}::text[], ${col('openingHours')}::text[])`);
  }
}

/**
 * The demo's networks that the database lacks, inserted (the large seed on a database the demo seed did not
 * fill, or filled before the networks existed), so that orders can point at real branches.
 */
export async function ensureDemoBranches(db: DbOrTx): Promise<number> {
  let added = 0;
  for (const network of DEMO_BRANCH_NETWORKS) {
    const [present] = rowsOf<{ present: boolean }>(
      await db.execute(sql`select exists (select 1 from carrier_branches
        where carrier = ${network.carrier} and country = ${network.country}) as present`),
    );
    if (present?.present) continue;
    const rows = generateBranches(network);
    await insertBranches(db, rows);
    added += rows.length;
  }
  return added;
}

/** The demo's pickup points of every network. */
export async function seedDemoBranches(db: DbOrTx): Promise<number> {
  const rows = DEMO_BRANCH_NETWORKS.flatMap((network) => generateBranches(network));
  await insertBranches(db, rows);
  return rows.length;
}
