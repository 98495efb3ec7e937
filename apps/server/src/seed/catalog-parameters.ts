/**
 * The demo catalogue's category parameters (commerce spec §3 "Category parameter"). Names and option texts
 * are written `en|cs|sk|pl|hu|hr|sl`, the column order of the category tree (catalog-tree.ts). A leaf of the
 * tree lists the codes it uses; `*` there makes the parameter a variant parameter of that leaf and `!` makes
 * it mandatory for listing, so one definition here serves every category that measures the same thing.
 */
export interface ParameterTemplate {
  names: string;
  class: 'TEXT' | 'NUMBER' | 'ENUM' | 'BOOLEAN';
  unit?: string;
  multiple?: boolean;
  /** `value` or `value=en|cs|sk|pl|hu|hr|sl` when the option has a text to translate. */
  options?: string[];
  constraint?: { type: string; values: string[] };
}

const numbers = (...values: (number | string)[]) => values.map(String);

export const PARAMETERS: Record<string, ParameterTemplate> = {
  COLOR: {
    names: 'Colour|Barva|Farba|Kolor|Szín|Boja|Barva',
    class: 'ENUM',
    options: [
      'BLACK=Black|Černá|Čierna|Czarny|Fekete|Crna|Črna',
      'WHITE=White|Bílá|Biela|Biały|Fehér|Bijela|Bela',
      'GREY=Grey|Šedá|Sivá|Szary|Szürke|Siva|Siva',
      'SILVER=Silver|Stříbrná|Strieborná|Srebrny|Ezüst|Srebrna|Srebrna',
      'RED=Red|Červená|Červená|Czerwony|Piros|Crvena|Rdeča',
      'BLUE=Blue|Modrá|Modrá|Niebieski|Kék|Plava|Modra',
      'GREEN=Green|Zelená|Zelená|Zielony|Zöld|Zelena|Zelena',
      'YELLOW=Yellow|Žlutá|Žltá|Żółty|Sárga|Žuta|Rumena',
      'PINK=Pink|Růžová|Ružová|Różowy|Rózsaszín|Ružičasta|Roza',
      'BROWN=Brown|Hnědá|Hnedá|Brązowy|Barna|Smeđa|Rjava',
    ],
  },
  SIZE: {
    names: 'Size|Velikost|Veľkosť|Rozmiar|Méret|Veličina|Velikost',
    class: 'ENUM',
    options: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
  },
  SHOE_SIZE: {
    names: 'Shoe size|Velikost bot|Veľkosť obuvi|Rozmiar buta|Cipőméret|Veličina obuće|Velikost obutve',
    class: 'ENUM',
    unit: 'EU',
    options: numbers(36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46),
  },
  CHILD_SIZE: {
    names: 'Child size|Dětská velikost|Detská veľkosť|Rozmiar dziecięcy|Gyermekméret|Dječja veličina|Otroška velikost',
    class: 'ENUM',
    unit: 'cm',
    options: numbers(56, 62, 68, 74, 80, 86, 92, 98, 104, 110, 116, 122),
  },
  SCREEN_SIZE: {
    names:
      'Screen size|Úhlopříčka displeje|Uhlopriečka displeja|Przekątna ekranu|Képátló|Dijagonala zaslona|Diagonala zaslona',
    class: 'NUMBER',
    unit: 'in',
    constraint: { type: 'BETWEEN', values: ['1', '100'] },
  },
  CAPACITY: {
    names:
      'Storage capacity|Kapacita úložiště|Kapacita úložiska|Pojemność pamięci|Tárhely|Kapacitet pohrane|Kapaciteta shrambe',
    class: 'ENUM',
    unit: 'GB',
    options: numbers(32, 64, 128, 256, 512, 1024, 2048),
  },
  RAM: {
    names: 'Memory (RAM)|Operační paměť|Operačná pamäť|Pamięć RAM|Memória (RAM)|Radna memorija|Delovni pomnilnik',
    class: 'ENUM',
    unit: 'GB',
    options: numbers(2, 4, 6, 8, 12, 16, 32, 64),
  },
  OS: {
    names:
      'Operating system|Operační systém|Operačný systém|System operacyjny|Operációs rendszer|Operacijski sustav|Operacijski sistem',
    class: 'ENUM',
    options: ['Android', 'iOS', 'Windows', 'macOS', 'Linux', 'ChromeOS'],
  },
  RESOLUTION: {
    names: 'Resolution|Rozlišení|Rozlíšenie|Rozdzielczość|Felbontás|Razlučivost|Ločljivost',
    class: 'ENUM',
    options: ['HD', 'Full HD', '4K', '8K'],
  },
  REFRESH_RATE: {
    names:
      'Refresh rate|Obnovovací frekvence|Obnovovacia frekvencia|Częstotliwość odświeżania|Képfrissítés|Frekvencija osvježavanja|Osveževalna frekvenca',
    class: 'NUMBER',
    unit: 'Hz',
    constraint: { type: 'BETWEEN', values: ['24', '500'] },
  },
  WIRELESS: {
    names: 'Wireless|Bezdrátové|Bezdrôtové|Bezprzewodowe|Vezeték nélküli|Bežično|Brezžično',
    class: 'BOOLEAN',
  },
  BATTERY: {
    names:
      'Battery capacity|Kapacita baterie|Kapacita batérie|Pojemność baterii|Akkumulátor kapacitása|Kapacitet baterije|Kapaciteta baterije',
    class: 'NUMBER',
    unit: 'mAh',
    constraint: { type: 'GREATER_THEN', values: ['0'] },
  },
  POWER: {
    names: 'Power|Příkon|Príkon|Moc|Teljesítmény|Snaga|Moč',
    class: 'NUMBER',
    unit: 'W',
    constraint: { type: 'GREATER_THEN', values: ['0'] },
  },
  VOLTAGE: {
    names:
      'Battery voltage|Napětí akumulátoru|Napätie akumulátora|Napięcie akumulatora|Akkufeszültség|Napon baterije|Napetost baterije',
    class: 'ENUM',
    unit: 'V',
    options: numbers(10.8, 12, 18, 20, 36),
  },
  ENERGY_CLASS: {
    names:
      'Energy class|Energetická třída|Energetická trieda|Klasa energetyczna|Energiaosztály|Energetski razred|Energijski razred',
    class: 'ENUM',
    options: ['A', 'B', 'C', 'D', 'E', 'F', 'G'],
  },
  VOLUME: {
    names: 'Volume|Objem|Objem|Pojemność|Űrtartalom|Zapremina|Prostornina',
    class: 'NUMBER',
    unit: 'l',
    constraint: { type: 'GREATER_THEN', values: ['0'] },
  },
  NOISE: {
    names: 'Noise level|Hlučnost|Hlučnosť|Poziom hałasu|Zajszint|Razina buke|Raven hrupa',
    class: 'NUMBER',
    unit: 'dB',
    constraint: { type: 'BETWEEN', values: ['0', '120'] },
  },
  WEIGHT: {
    names: 'Weight|Hmotnost|Hmotnosť|Waga|Tömeg|Težina|Teža',
    class: 'NUMBER',
    unit: 'kg',
    constraint: { type: 'GREATER_THEN', values: ['0'] },
  },
  MATERIAL: {
    names: 'Material|Materiál|Materiál|Materiał|Anyag|Materijal|Material',
    class: 'ENUM',
    multiple: true,
    options: [
      'COTTON=Cotton|Bavlna|Bavlna|Bawełna|Pamut|Pamuk|Bombaž',
      'POLYESTER=Polyester|Polyester|Polyester|Poliester|Poliészter|Poliester|Poliester',
      'WOOL=Wool|Vlna|Vlna|Wełna|Gyapjú|Vuna|Volna',
      'LEATHER=Leather|Kůže|Koža|Skóra|Bőr|Koža|Usnje',
      'PLASTIC=Plastic|Plast|Plast|Tworzywo sztuczne|Műanyag|Plastika|Plastika',
      'METAL=Metal|Kov|Kov|Metal|Fém|Metal|Kovina',
      'STEEL=Steel|Ocel|Oceľ|Stal|Acél|Čelik|Jeklo',
      'ALUMINIUM=Aluminium|Hliník|Hliník|Aluminium|Alumínium|Aluminij|Aluminij',
      'WOOD=Wood|Dřevo|Drevo|Drewno|Fa|Drvo|Les',
      'GLASS=Glass|Sklo|Sklo|Szkło|Üveg|Staklo|Steklo',
      'CERAMIC=Ceramic|Keramika|Keramika|Ceramika|Kerámia|Keramika|Keramika',
    ],
  },
  GENDER: {
    names: 'Gender|Pohlaví|Pohlavie|Płeć|Nem|Spol|Spol',
    class: 'ENUM',
    options: [
      'WOMEN=Women|Ženy|Ženy|Kobiety|Női|Žene|Ženske',
      'MEN=Men|Muži|Muži|Mężczyźni|Férfi|Muškarci|Moški',
      'UNISEX=Unisex|Unisex|Unisex|Unisex|Uniszex|Unisex|Unisex',
      'KIDS=Kids|Děti|Deti|Dzieci|Gyerek|Djeca|Otroci',
    ],
  },
  WHEEL_SIZE: {
    names: 'Wheel size|Velikost kol|Veľkosť kolies|Rozmiar kół|Kerékméret|Veličina kotača|Velikost koles',
    class: 'ENUM',
    unit: 'in',
    options: numbers(12, 16, 20, 24, 26, 27.5, 28, 29),
  },
  FRAME_SIZE: {
    names: 'Frame size|Velikost rámu|Veľkosť rámu|Rozmiar ramy|Vázméret|Veličina okvira|Velikost okvirja',
    class: 'ENUM',
    options: ['XS', 'S', 'M', 'L', 'XL'],
  },
  GEARS: {
    names: 'Number of gears|Počet převodů|Počet prevodov|Liczba biegów|Sebességek száma|Broj brzina|Število prestav',
    class: 'NUMBER',
    constraint: { type: 'BETWEEN', values: ['1', '36'] },
  },
  WATERPROOF: {
    names: 'Waterproof|Voděodolné|Vodeodolné|Wodoodporne|Vízálló|Vodootporno|Vodoodporno',
    class: 'BOOLEAN',
  },
  LENGTH: {
    names: 'Length|Délka|Dĺžka|Długość|Hosszúság|Duljina|Dolžina',
    class: 'NUMBER',
    unit: 'cm',
    constraint: { type: 'GREATER_THEN', values: ['0'] },
  },
  DIAMETER: {
    names: 'Diameter|Průměr|Priemer|Średnica|Átmérő|Promjer|Premer',
    class: 'NUMBER',
    unit: 'cm',
    constraint: { type: 'GREATER_THEN', values: ['0'] },
  },
  CUTTING_WIDTH: {
    names: 'Cutting width|Šířka záběru|Šírka záberu|Szerokość koszenia|Vágásszélesség|Širina košnje|Širina košnje',
    class: 'NUMBER',
    unit: 'cm',
    constraint: { type: 'BETWEEN', values: ['10', '150'] },
  },
  DRIVE: {
    names: 'Drive|Pohon|Pohon|Napęd|Meghajtás|Pogon|Pogon',
    class: 'ENUM',
    options: [
      'PETROL=Petrol|Benzínový|Benzínový|Spalinowy|Benzines|Benzinski|Bencinski',
      'ELECTRIC=Electric|Elektrický|Elektrický|Elektryczny|Elektromos|Električni|Električni',
      'CORDLESS=Cordless|Akumulátorový|Akumulátorový|Akumulatorowy|Akkumulátoros|Akumulatorski|Akumulatorski',
      'MANUAL=Manual|Ruční|Ručný|Ręczny|Kézi|Ručni|Ročni',
    ],
  },
  AGE_FROM: {
    names:
      'Suitable from age|Vhodné od věku|Vhodné od veku|Od lat|Ajánlott életkor|Prikladno od dobi|Primerno od starosti',
    class: 'NUMBER',
    unit: 'years',
    constraint: { type: 'BETWEEN', values: ['0', '18'] },
  },
  PIECES: {
    names: 'Number of pieces|Počet dílků|Počet dielikov|Liczba elementów|Darabszám|Broj dijelova|Število kosov',
    class: 'NUMBER',
    unit: 'pcs',
    constraint: { type: 'GREATER_THEN', values: ['0'] },
  },
  PLAYERS: {
    names: 'Number of players|Počet hráčů|Počet hráčov|Liczba graczy|Játékosok száma|Broj igrača|Število igralcev',
    class: 'TEXT',
  },
  SPF: {
    names:
      'Sun protection factor|Ochranný faktor|Ochranný faktor|Filtr SPF|Fényvédő faktor|Zaštitni faktor|Zaščitni faktor',
    class: 'NUMBER',
    unit: 'SPF',
    constraint: { type: 'BETWEEN', values: ['0', '100'] },
  },
  CONTENT_ML: {
    names: 'Content|Obsah|Obsah|Pojemność|Kiszerelés|Sadržaj|Vsebina',
    class: 'ENUM',
    unit: 'ml',
    options: numbers(30, 50, 75, 100, 150, 200, 250, 400, 500),
  },
  SKIN_TYPE: {
    names: 'Skin type|Typ pleti|Typ pleti|Rodzaj skóry|Bőrtípus|Tip kože|Tip kože',
    class: 'ENUM',
    multiple: true,
    options: [
      'NORMAL=Normal|Normální|Normálna|Normalna|Normál|Normalna|Normalna',
      'DRY=Dry|Suchá|Suchá|Sucha|Száraz|Suha|Suha',
      'OILY=Oily|Mastná|Mastná|Tłusta|Zsíros|Masna|Mastna',
      'SENSITIVE=Sensitive|Citlivá|Citlivá|Wrażliwa|Érzékeny|Osjetljiva|Občutljiva',
    ],
  },
  PET_AGE: {
    names: 'Animal age|Věk zvířete|Vek zvieraťa|Wiek zwierzęcia|Az állat kora|Dob životinje|Starost živali',
    class: 'ENUM',
    options: [
      'JUNIOR=Junior|Junior|Junior|Junior|Kölyök|Junior|Mladič',
      'ADULT=Adult|Dospělý|Dospelý|Dorosły|Felnőtt|Odrasli|Odrasel',
      'SENIOR=Senior|Senior|Senior|Senior|Idős|Senior|Starejši',
    ],
  },
  PACK_WEIGHT: {
    names:
      'Package weight|Hmotnost balení|Hmotnosť balenia|Waga opakowania|Kiszerelés tömege|Težina pakiranja|Teža pakiranja',
    class: 'ENUM',
    unit: 'kg',
    options: numbers(0.4, 1, 2, 4, 7, 12, 15),
  },
  TYRE_WIDTH: {
    names: 'Tyre width|Šířka pneumatiky|Šírka pneumatiky|Szerokość opony|Gumiszélesség|Širina gume|Širina pnevmatike',
    class: 'ENUM',
    unit: 'mm',
    options: numbers(165, 175, 185, 195, 205, 215, 225, 235, 245),
  },
  RIM_DIAMETER: {
    names: 'Rim diameter|Průměr ráfku|Priemer ráfika|Średnica felgi|Felniátmérő|Promjer naplatka|Premer platišča',
    class: 'ENUM',
    unit: 'in',
    options: numbers(14, 15, 16, 17, 18, 19, 20),
  },
  AUTHOR: {
    names: 'Author|Autor|Autor|Autor|Szerző|Autor|Avtor',
    class: 'TEXT',
  },
  PAGES: {
    names: 'Number of pages|Počet stran|Počet strán|Liczba stron|Oldalszám|Broj stranica|Število strani',
    class: 'NUMBER',
    constraint: { type: 'GREATER_THEN', values: ['0'] },
  },
  BINDING: {
    names: 'Binding|Vazba|Väzba|Oprawa|Kötés|Uvez|Vezava',
    class: 'ENUM',
    options: [
      'HARDCOVER=Hardcover|Pevná|Pevná|Twarda|Kemény|Tvrdi|Trda',
      'PAPERBACK=Paperback|Brožovaná|Brožovaná|Miękka|Puha|Meki|Mehka',
      'EBOOK=E-book|E-kniha|E-kniha|E-book|E-könyv|E-knjiga|E-knjiga',
    ],
  },
  BOOK_LANGUAGE: {
    names: 'Language|Jazyk|Jazyk|Język|Nyelv|Jezik|Jezik',
    class: 'ENUM',
    options: [
      'cs=Czech|Čeština|Čeština|Czeski|Cseh|Češki|Češčina',
      'sk=Slovak|Slovenština|Slovenčina|Słowacki|Szlovák|Slovački|Slovaščina',
      'pl=Polish|Polština|Poľština|Polski|Lengyel|Poljski|Poljščina',
      'hu=Hungarian|Maďarština|Maďarčina|Węgierski|Magyar|Mađarski|Madžarščina',
      'hr=Croatian|Chorvatština|Chorvátčina|Chorwacki|Horvát|Hrvatski|Hrvaščina',
      'sl=Slovenian|Slovinština|Slovinčina|Słoweński|Szlovén|Slovenski|Slovenščina',
      'en=English|Angličtina|Angličtina|Angielski|Angol|Engleski|Angleščina',
    ],
  },
  CAPACITY_CUPS: {
    names: 'Capacity|Kapacita|Kapacita|Pojemność|Kapacitás|Kapacitet|Kapaciteta',
    class: 'NUMBER',
    unit: 'l',
    constraint: { type: 'BETWEEN', values: ['0.1', '30'] },
  },
  LOAD_KG: {
    names: 'Load capacity|Nosnost|Nosnosť|Udźwig|Teherbírás|Nosivost|Nosilnost',
    class: 'NUMBER',
    unit: 'kg',
    constraint: { type: 'GREATER_THEN', values: ['0'] },
  },
  PERSONS: {
    names: 'Number of persons|Počet osob|Počet osôb|Liczba osób|Személyek száma|Broj osoba|Število oseb',
    class: 'ENUM',
    options: numbers(1, 2, 3, 4, 6, 8),
  },
  LUMEN: {
    names: 'Luminous flux|Světelný tok|Svetelný tok|Strumień świetlny|Fényáram|Svjetlosni tok|Svetlobni tok',
    class: 'NUMBER',
    unit: 'lm',
    constraint: { type: 'GREATER_THEN', values: ['0'] },
  },
  SOCKET: {
    names: 'Socket|Patice|Pätica|Gwint|Foglalat|Grlo|Podnožje',
    class: 'ENUM',
    options: ['E14', 'E27', 'GU10', 'G9', 'GU5.3'],
  },
  BED_SIZE: {
    names:
      'Bed size|Rozměr lůžkovin|Rozmer posteľnej bielizne|Rozmiar pościeli|Ágyneműméret|Dimenzija posteljine|Velikost posteljnine',
    class: 'ENUM',
    unit: 'cm',
    options: ['140×200', '140×220', '160×200', '200×220'],
  },
};

/** The column order of every `a|b|…` text in the demo catalogue. */
const TEXT_COLUMNS = ['en', 'cs', 'sk', 'pl', 'hu', 'hr', 'sl'] as const;

/** A parameter's option texts in one language (value → text), as variant titles name them. */
export function optionLabels(code: string, language: string): Record<string, string> {
  const column = Math.max(0, (TEXT_COLUMNS as readonly string[]).indexOf(language));
  return Object.fromEntries(
    (PARAMETERS[code]?.options ?? [])
      .filter((option) => option.includes('='))
      .map((option) => {
        const [value, texts] = option.split('=') as [string, string];
        return [value, texts.split('|')[column] ?? value];
      }),
  );
}
