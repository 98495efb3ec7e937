import type { PaymentType, ShopId } from '@pp/domain';

/** Payment codes in the proportions sellers see, out of 100 (cash on delivery and card payments lead). */
export const PAYMENT_WEIGHTS: readonly (readonly [PaymentType, number])[] = [
  ['A', 27],
  ['9', 2],
  ['C', 30],
  ['E', 8],
  ['F', 3],
  ['H', 2],
  ['J', 2],
  ['L', 2],
  ['U', 3],
  ['8', 2],
  ['B', 10],
  ['D', 4],
  ['N', 3],
  ['W', 1],
  ['1', 1],
];

/**
 * What orders look like in each market: customers, addresses, the goods a typical shop of the market sells,
 * VAT and carriers. Shared by the demo order book and the large-scale seed so both read like real orders.
 */
export interface MarketContent {
  /** Delivery country of the market's customers (ISO 3166-1 alpha-2). */
  country: string;
  /** Standard VAT rate in percent. */
  vat: number;
  /** Prices are whole numbers (CZK, HUF) rather than cents. */
  wholePrices: boolean;
  /** Hungarian names are written family name first. */
  familyNameFirst: boolean;
  maleFirst: readonly string[];
  maleLast: readonly string[];
  femaleFirst: readonly string[];
  femaleLast: readonly string[];
  /** [city, zip, street] */
  places: readonly (readonly [string, string, string])[];
  phonePrefix: string;
  mailDomains: readonly string[];
  /** [title, price incl. VAT, carries serial numbers] */
  goods: readonly (readonly [string, number, boolean])[];
  deliveryPrice: { address: number; pickupPoint: number };
  codFee: number;
  /** Carrier tracking: prefix of the number, its digits, and the public tracking address (number appended). */
  addressCarrier: { prefix: string; digits: number; url: string };
  pickupCarrier: { prefix: string; digits: number; url: string };
}

const packeta = (lang: string) => ({ prefix: 'Z', digits: 10, url: `https://tracking.packeta.com/${lang}/?id=` });
const gls = (country: string, path: string) => ({
  prefix: '',
  digits: 11,
  url: `https://gls-group.com/${country}/${path}?match=`,
});

export const MARKET_CONTENT: Record<ShopId, MarketContent> = {
  CZ10MA: {
    country: 'CZ',
    vat: 21,
    wholePrices: true,
    familyNameFirst: false,
    maleFirst: ['Jan', 'Petr', 'Tomáš', 'Martin', 'Jakub', 'Lukáš', 'Ondřej', 'Pavel'],
    maleLast: ['Novák', 'Svoboda', 'Dvořák', 'Černý', 'Procházka', 'Kučera', 'Veselý', 'Horák', 'Němec', 'Pokorný'],
    femaleFirst: ['Jana', 'Lucie', 'Eva', 'Tereza', 'Kateřina', 'Markéta', 'Veronika', 'Lenka'],
    femaleLast: [
      'Nováková',
      'Svobodová',
      'Dvořáková',
      'Černá',
      'Procházková',
      'Kučerová',
      'Veselá',
      'Horáková',
      'Němcová',
      'Pokorná',
    ],
    places: [
      ['Praha', '130 00', 'Vinohradská'],
      ['Brno', '602 00', 'Masarykova'],
      ['Ostrava', '702 00', 'Nádražní'],
      ['Plzeň', '301 00', 'Americká'],
      ['Olomouc', '779 00', 'Horní náměstí'],
      ['Liberec', '460 01', 'Pražská'],
      ['České Budějovice', '370 01', 'Lannova třída'],
      ['Hradec Králové', '500 02', 'Gočárova třída'],
      ['Pardubice', '530 02', 'třída Míru'],
      ['Zlín', '760 01', 'Štefánikova'],
    ],
    phonePrefix: '+420 7',
    mailDomains: ['seznam.cz', 'gmail.com', 'email.cz', 'centrum.cz'],
    goods: [
      ['Běžecké boty Salomon Speedcross 6, vel. 43', 3290, false],
      ['Trekingové hole Leki Makalu Lite', 1890, false],
      ['Sporttester Garmin Forerunner 265', 10990, true],
      ['Jógamatka Gaiam 6 mm, fialová', 899, false],
      ['Jednoruční činka nastavitelná 2–24 kg', 4490, false],
      ['Cyklistická přilba Abus Aduro 3.0, vel. M', 1590, false],
      ['Láhev na pití Nalgene 1 l', 449, false],
      ['Spací pytel Husky Ember −5 °C', 2790, false],
      ['Stan Coleman Darwin 3', 3990, false],
      ['Fotbalový míč Adidas Tiro League, vel. 5', 599, false],
      ['Elektrokolo Crussis e-Cross 1.8', 32990, true],
      ['Chytrý náramek Xiaomi Smart Band 8', 899, true],
      ['Koloběžka Hudora Big Wheel 205', 1990, false],
      ['Švihadlo s počítadlem Spokey', 249, false],
    ],
    deliveryPrice: { address: 99, pickupPoint: 59 },
    codFee: 39,
    addressCarrier: { prefix: '4', digits: 10, url: 'https://www.ppl.cz/vyhledat-zasilku?shipmentId=' },
    pickupCarrier: packeta('cs'),
  },
  SK10MA: {
    country: 'SK',
    vat: 23,
    wholePrices: false,
    familyNameFirst: false,
    maleFirst: ['Peter', 'Martin', 'Michal', 'Ján', 'Tomáš', 'Marek', 'Lukáš', 'Juraj'],
    maleLast: ['Horváth', 'Kováč', 'Varga', 'Tóth', 'Nagy', 'Baláž', 'Szabó', 'Molnár', 'Lukáč', 'Kollár'],
    femaleFirst: ['Zuzana', 'Katarína', 'Mária', 'Lucia', 'Jana', 'Martina', 'Ivana', 'Monika'],
    femaleLast: [
      'Horváthová',
      'Kováčová',
      'Vargová',
      'Tóthová',
      'Nagyová',
      'Balážová',
      'Szabóová',
      'Molnárová',
      'Lukáčová',
      'Kollárová',
    ],
    places: [
      ['Bratislava', '811 01', 'Obchodná'],
      ['Košice', '040 01', 'Hlavná'],
      ['Žilina', '010 01', 'Národná'],
      ['Nitra', '949 01', 'Štefánikova trieda'],
      ['Banská Bystrica', '974 01', 'Námestie SNP'],
      ['Prešov', '080 01', 'Hlavná'],
      ['Trnava', '917 01', 'Hlavná'],
      ['Trenčín', '911 01', 'Mierové námestie'],
      ['Martin', '036 01', 'Osloboditeľov'],
      ['Poprad', '058 01', 'Námestie sv. Egídia'],
    ],
    phonePrefix: '+421 9',
    mailDomains: ['gmail.com', 'azet.sk', 'centrum.sk', 'zoznam.sk'],
    goods: [
      ['Kosačka na trávu Bosch Rotak 32', 129.9, true],
      ['Záhradná hadica 1/2" 25 m', 24.99, false],
      ['Postrekovač Gardena AquaZoom', 32.5, false],
      ['Hrable na lístie plastové', 9.99, false],
      ['Kompostér 600 l, čierny', 59, false],
      ['Záhradné nožnice Fiskars PowerGear', 34.9, false],
      ['Aku strunová kosačka Makita DUR181Z', 89, true],
      ['Substrát pre balkónové kvety 50 l', 7.49, false],
      ['Vyvýšený záhon drevený 120 × 60 cm', 74.9, false],
      ['Gril na drevené uhlie Weber Master-Touch 57 cm', 299, true],
      ['Záhradná lavica z agátového dreva', 149, false],
      ['Semená paradajok Cherry, 0,3 g', 1.89, false],
    ],
    deliveryPrice: { address: 3.99, pickupPoint: 2.49 },
    codFee: 1.5,
    addressCarrier: gls('SK', 'sk/sledovanie-zasielok'),
    pickupCarrier: packeta('sk'),
  },
  PL20MA: {
    country: 'PL',
    vat: 23,
    wholePrices: false,
    familyNameFirst: false,
    maleFirst: ['Piotr', 'Krzysztof', 'Andrzej', 'Tomasz', 'Paweł', 'Michał', 'Marcin', 'Jakub'],
    maleLast: [
      'Nowak',
      'Kowalski',
      'Wiśniewski',
      'Wójcik',
      'Kowalczyk',
      'Kamiński',
      'Lewandowski',
      'Zieliński',
      'Szymański',
      'Woźniak',
    ],
    femaleFirst: ['Anna', 'Maria', 'Katarzyna', 'Małgorzata', 'Agnieszka', 'Magdalena', 'Joanna', 'Aleksandra'],
    femaleLast: [
      'Nowak',
      'Kowalska',
      'Wiśniewska',
      'Wójcik',
      'Kowalczyk',
      'Kamińska',
      'Lewandowska',
      'Zielińska',
      'Szymańska',
      'Woźniak',
    ],
    places: [
      ['Warszawa', '00-695', 'Marszałkowska'],
      ['Kraków', '31-042', 'Floriańska'],
      ['Wrocław', '50-066', 'Świdnicka'],
      ['Poznań', '61-886', 'Półwiejska'],
      ['Gdańsk', '80-831', 'Długa'],
      ['Łódź', '90-102', 'Piotrkowska'],
      ['Lublin', '20-002', 'Krakowskie Przedmieście'],
      ['Katowice', '40-003', 'Mariacka'],
      ['Szczecin', '70-415', 'Jagiellońska'],
      ['Bydgoszcz', '85-097', 'Gdańska'],
    ],
    phonePrefix: '+48 5',
    mailDomains: ['gmail.com', 'wp.pl', 'onet.pl', 'o2.pl'],
    goods: [
      ['Klocki LEGO Classic 11717 Kreatywne budowanie', 89.99, false],
      ['Lalka Barbie Dreamhouse Adventures', 119.99, false],
      ['Puzzle Trefl 1000 elementów – Kraków', 34.99, false],
      ['Samochód zdalnie sterowany Rastar Lamborghini 1:14', 149, false],
      ['Gra planszowa Dobble', 59.99, false],
      ['Pluszowy miś Teddy 40 cm', 49.99, false],
      ['Hulajnoga trójkołowa Micro Mini Deluxe', 329, false],
      ['Klocki magnetyczne, 64 elementy', 99, false],
      ['Zestaw małego lekarza Smoby', 79.99, false],
      ['Konsola Nintendo Switch OLED', 1399, true],
      ['Kredki ołówkowe Faber-Castell, 24 kolory', 27.99, false],
      ['Rowerek biegowy drewniany', 189, false],
    ],
    deliveryPrice: { address: 14.99, pickupPoint: 9.99 },
    codFee: 5,
    addressCarrier: { prefix: '0', digits: 13, url: 'https://tracktrace.dpd.com.pl/parcelDetails?p1=' },
    pickupCarrier: { prefix: '6', digits: 23, url: 'https://inpost.pl/sledzenie-przesylek?number=' },
  },
  SI10SI: {
    country: 'SI',
    vat: 22,
    wholePrices: false,
    familyNameFirst: false,
    maleFirst: ['Luka', 'Jan', 'Matej', 'Nejc', 'Žiga', 'Rok', 'Miha', 'Marko'],
    maleLast: ['Novak', 'Horvat', 'Kovačič', 'Krajnc', 'Zupančič', 'Potočnik', 'Kovač', 'Mlakar', 'Vidmar', 'Golob'],
    femaleFirst: ['Nina', 'Eva', 'Maja', 'Ana', 'Sara', 'Špela', 'Katja', 'Tina'],
    femaleLast: ['Novak', 'Horvat', 'Kovačič', 'Krajnc', 'Zupančič', 'Potočnik', 'Kovač', 'Mlakar', 'Vidmar', 'Golob'],
    places: [
      ['Ljubljana', '1000', 'Slovenska cesta'],
      ['Maribor', '2000', 'Gosposka ulica'],
      ['Celje', '3000', 'Prešernova ulica'],
      ['Kranj', '4000', 'Koroška cesta'],
      ['Koper', '6000', 'Čevljarska ulica'],
      ['Novo mesto', '8000', 'Glavni trg'],
      ['Velenje', '3320', 'Šaleška cesta'],
      ['Ptuj', '2250', 'Slovenski trg'],
    ],
    phonePrefix: '+386 41',
    mailDomains: ['gmail.com', 'siol.net', 't-2.net'],
    goods: [
      ['Sesalnik Rowenta X-Trem Power', 149.99, true],
      ['Ponev Tefal Ingenio 28 cm', 34.99, false],
      ['Posteljnina 140 × 200, bombaž', 39.9, false],
      ['Kavni aparat Nespresso Vertuo Next', 129, true],
      ['Namizna svetilka LED, bela', 24.9, false],
      ['Brisače, komplet 4 kosov', 29.9, false],
      ['Grelnik vode Philips HD9350', 39.99, false],
      ['Vzglavnik 50 × 70 iz spominske pene', 22.9, false],
    ],
    deliveryPrice: { address: 3.99, pickupPoint: 2.99 },
    codFee: 1.99,
    addressCarrier: gls('SI', 'sl/sledenje-posiljk'),
    pickupCarrier: packeta('sl'),
  },
  HU20MA: {
    country: 'HU',
    vat: 27,
    wholePrices: true,
    familyNameFirst: true,
    maleFirst: ['László', 'István', 'Gábor', 'Zoltán', 'Péter', 'Attila', 'Balázs', 'Tamás'],
    maleLast: ['Nagy', 'Kovács', 'Tóth', 'Szabó', 'Horváth', 'Varga', 'Kiss', 'Molnár', 'Németh', 'Farkas'],
    femaleFirst: ['Katalin', 'Éva', 'Zsófia', 'Anna', 'Eszter', 'Judit', 'Réka', 'Andrea'],
    femaleLast: ['Nagy', 'Kovács', 'Tóth', 'Szabó', 'Horváth', 'Varga', 'Kiss', 'Molnár', 'Németh', 'Farkas'],
    places: [
      ['Budapest', '1052', 'Váci utca'],
      ['Debrecen', '4024', 'Piac utca'],
      ['Szeged', '6720', 'Kárász utca'],
      ['Miskolc', '3525', 'Széchenyi utca'],
      ['Pécs', '7621', 'Király utca'],
      ['Győr', '9021', 'Baross Gábor út'],
      ['Nyíregyháza', '4400', 'Kossuth tér'],
      ['Kecskemét', '6000', 'Kisfaludy utca'],
    ],
    phonePrefix: '+36 30',
    mailDomains: ['gmail.com', 'freemail.hu', 'citromail.hu'],
    goods: [
      ['Kávéfőző DeLonghi Magnifica S', 119990, true],
      ['Porszívó Philips XB2125', 39990, true],
      ['Ágyneműhuzat 140 × 200, pamut', 8990, false],
      ['Serpenyő Tefal Ingenio 24 cm', 11990, false],
      ['Asztali LED-lámpa, fehér', 6490, false],
      ['Törölközőkészlet, 4 darabos', 7990, false],
      ['Vízforraló Bosch TWK3A011', 9990, false],
      ['Memóriahabos párna 50 × 70', 5490, false],
    ],
    deliveryPrice: { address: 1490, pickupPoint: 990 },
    codFee: 490,
    addressCarrier: gls('HU', 'hu/csomagkovetes'),
    pickupCarrier: packeta('hu'),
  },
  HR10MA: {
    country: 'HR',
    vat: 25,
    wholePrices: false,
    familyNameFirst: false,
    maleFirst: ['Ivan', 'Marko', 'Luka', 'Josip', 'Tomislav', 'Ante', 'Matej', 'Filip'],
    maleLast: ['Horvat', 'Kovačević', 'Babić', 'Marić', 'Jurić', 'Novak', 'Kovačić', 'Knežević', 'Vuković', 'Marković'],
    femaleFirst: ['Ana', 'Marija', 'Ivana', 'Petra', 'Lucija', 'Maja', 'Katarina', 'Sara'],
    femaleLast: [
      'Horvat',
      'Kovačević',
      'Babić',
      'Marić',
      'Jurić',
      'Novak',
      'Kovačić',
      'Knežević',
      'Vuković',
      'Marković',
    ],
    places: [
      ['Zagreb', '10000', 'Ilica'],
      ['Split', '21000', 'Marmontova'],
      ['Rijeka', '51000', 'Korzo'],
      ['Osijek', '31000', 'Europska avenija'],
      ['Zadar', '23000', 'Široka ulica'],
      ['Pula', '52100', 'Sergijevaca'],
      ['Varaždin', '42000', 'Gundulićeva'],
      ['Šibenik', '22000', 'Ulica kralja Zvonimira'],
    ],
    phonePrefix: '+385 9',
    mailDomains: ['gmail.com', 'net.hr', 't-com.hr'],
    goods: [
      ['Vrtno crijevo 25 m s priključcima', 27.99, false],
      ['Kosilica za travu Einhell GC-EM 1032', 109, true],
      ['Vrtne škare Fiskars Xseries', 36.9, false],
      ['Tegla za cvijeće 30 cm, terakota', 12.49, false],
      ['Komposter 400 l', 49.9, false],
      ['Sjeme bosiljka, 1 g', 1.59, false],
      ['Vrtna garnitura za sjedenje, 4 dijela', 399, false],
      ['Grablje za lišće, metalne', 14.9, false],
      ['Aku puhač lišća Bosch UniversalLeafBlower 18V', 99, true],
      ['Zemlja za sadnju 40 l', 6.99, false],
    ],
    deliveryPrice: { address: 3.99, pickupPoint: 2.99 },
    codFee: 1.99,
    addressCarrier: gls('HR', 'hr/pracenje-posiljke'),
    pickupCarrier: packeta('hr'),
  },
};

/** An e-mail address from a name: lower case, without diacritics. */
export function mailOf(first: string, last: string, n: number, domain: string): string {
  const ascii = (s: string) =>
    s
      .replaceAll('ł', 'l')
      .replaceAll('Ł', 'L')
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z]/g, '');
  return `${ascii(first)}.${ascii(last)}${n}@${domain}`;
}
