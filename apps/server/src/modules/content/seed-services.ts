import type { Language, ServiceLink } from '@pp/domain';

/** One language of a demo service: title, one-line summary, body (HTML) and the marketing price text. */
type Text = [title: string, summary: string, body: string, price: string];

export interface DemoService {
  serviceName: string;
  provider: string;
  link: ServiceLink | null;
  texts: Record<Language, Text>;
}

const ul = (...items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;
const p = (text: string) => `<p>${text}</p>`;

/**
 * The demo's services (issue 23 point 7): four add-ons of third-party providers with the spec's marketing prices
 * (§9: 29,000 CZK plus 3,900 per extra country; 9,000 CZK; 25,800 CZK; monthly fees from 199 CZK; a feed tool
 * refreshing every 45 minutes) and the marketplace's own offers leading to their portal pages.
 */
export const DEMO_SERVICES: DemoService[] = [
  {
    serviceName: 'mall-pay',
    provider: 'MALL Group',
    link: '/services/mall-pay',
    texts: {
      cs: [
        'Odložená platba MALL Pay',
        'Peníze za objednávky na splátky a s odloženou platbou máte do 3 pracovních dnů od odeslání nebo potvrzeného doručení.',
        p('Zákazník zaplatí později nebo ve splátkách, vy dostanete celou částku hned.') +
          ul('Peníze do 3 pracovních dnů', 'Riziko nezaplacení nese MALL', 'Bez změny vašich procesů'),
        '',
      ],
      en: [
        'MALL Pay deferred payment',
        'Get paid for buy-now-pay-later orders within 3 business days after shipment or confirmed delivery.',
        p('Your customers pay later or in instalments, while you receive the full amount straight away.') +
          ul('Money within 3 business days', 'MALL carries the risk of non-payment', 'No change to your processes'),
        '',
      ],
      hr: [
        'Odgođeno plaćanje MALL Pay',
        'Novac za narudžbe s odgođenim plaćanjem dobivate u roku od 3 radna dana od slanja ili potvrđene dostave.',
        p('Kupac plaća kasnije ili na rate, a vi odmah dobivate cijeli iznos.') +
          ul('Novac u roku od 3 radna dana', 'Rizik neplaćanja snosi MALL', 'Bez promjene vaših procesa'),
        '',
      ],
      hu: [
        'MALL Pay halasztott fizetés',
        'A halasztott fizetésű rendelések árát a feladástól vagy az igazolt kézbesítéstől számított 3 munkanapon belül megkapja.',
        p('A vásárló később vagy részletekben fizet, Ön pedig azonnal megkapja a teljes összeget.') +
          ul('Pénz 3 munkanapon belül', 'A nemfizetés kockázatát a MALL viseli', 'Folyamatai nem változnak'),
        '',
      ],
      pl: [
        'Płatność odroczona MALL Pay',
        'Pieniądze za zamówienia z płatnością odroczoną otrzymujesz w ciągu 3 dni roboczych od wysyłki lub potwierdzonej dostawy.',
        p('Klient płaci później lub w ratach, a Ty od razu dostajesz całą kwotę.') +
          ul('Pieniądze w ciągu 3 dni roboczych', 'Ryzyko braku zapłaty ponosi MALL', 'Bez zmian w Twoich procesach'),
        '',
      ],
      sk: [
        'Odložená platba MALL Pay',
        'Peniaze za objednávky s odloženou platbou máte do 3 pracovných dní od odoslania alebo potvrdeného doručenia.',
        p('Zákazník zaplatí neskôr alebo v splátkach, vy dostanete celú sumu hneď.') +
          ul('Peniaze do 3 pracovných dní', 'Riziko nezaplatenia nesie MALL', 'Bez zmeny vašich procesov'),
        '',
      ],
      sl: [
        'Odloženo plačilo MALL Pay',
        'Denar za naročila z odloženim plačilom prejmete v 3 delovnih dneh po odpremi ali potrjeni dostavi.',
        p('Kupec plača pozneje ali na obroke, vi pa takoj prejmete celoten znesek.') +
          ul('Denar v 3 delovnih dneh', 'Tveganje neplačila nosi MALL', 'Brez sprememb vaših procesov'),
        '',
      ],
    },
  },
  {
    serviceName: 'financing',
    provider: 'MALL Group',
    link: '/financing',
    texts: {
      cs: [
        'Financování pro prodejce',
        'Provozní úvěr na zásoby a růst s nabídkou připravenou podle vašich prodejů na MALL.',
        p('Osobní nabídku vám připraví náš finanční partner na základě historie vašich objednávek.'),
        'Úrok podle nabídky partnera',
      ],
      en: [
        'Financing for sellers',
        'Working capital for stock and growth, with an offer based on your sales on MALL.',
        p('Our financing partner prepares your personal offer from the history of your orders.'),
        "Interest as in the partner's offer",
      ],
      hr: [
        'Financiranje za prodavače',
        'Obrtni kapital za zalihe i rast, s ponudom temeljenom na vašoj prodaji na MALL-u.',
        p('Naš partner za financiranje priprema vašu osobnu ponudu na temelju povijesti vaših narudžbi.'),
        'Kamata prema ponudi partnera',
      ],
      hu: [
        'Finanszírozás eladóknak',
        'Forgóeszköz készletre és növekedésre, a MALL-on elért eladásai alapján készült ajánlattal.',
        p('Finanszírozási partnerünk a rendelései előzményei alapján készíti el személyes ajánlatát.'),
        'Kamat a partner ajánlata szerint',
      ],
      pl: [
        'Finansowanie dla sprzedawców',
        'Kapitał obrotowy na zapasy i rozwój, z ofertą opartą na Twojej sprzedaży w MALL.',
        p('Nasz partner finansowy przygotuje Twoją indywidualną ofertę na podstawie historii Twoich zamówień.'),
        'Oprocentowanie według oferty partnera',
      ],
      sk: [
        'Financovanie pre predajcov',
        'Prevádzkový úver na zásoby a rast s ponukou pripravenou podľa vašich predajov na MALL.',
        p('Osobnú ponuku vám pripraví náš finančný partner na základe histórie vašich objednávok.'),
        'Úrok podľa ponuky partnera',
      ],
      sl: [
        'Financiranje za prodajalce',
        'Obratna sredstva za zaloge in rast, s ponudbo, pripravljeno na podlagi vaše prodaje na MALL.',
        p('Naš partner za financiranje pripravi vašo osebno ponudbo na podlagi zgodovine vaših naročil.'),
        'Obresti po ponudbi partnerja',
      ],
    },
  },
  {
    serviceName: 'self-billing',
    provider: 'MALL Group',
    link: '/billings/self-billing',
    texts: {
      cs: [
        'Samofakturace',
        'Faktury za vaše prodeje vystavíme za vás, každý měsíc a bez práce navíc.',
        p(
          'Pro plátce DPH z Česka a Slovenska s vyplněnými fakturačními údaji. Žádost podáte na stránce samofakturace.',
        ),
        'Zdarma',
      ],
      en: [
        'Self-billing',
        'We issue the invoices for your sales on your behalf, every month and with no extra work.',
        p('For VAT payers from Czechia and Slovakia with complete legal data. Request it on the self-billing page.'),
        'Free of charge',
      ],
      hr: [
        'Samofakturiranje',
        'Račune za vašu prodaju izdajemo u vaše ime, svaki mjesec i bez dodatnog posla.',
        p(
          'Za obveznike PDV-a iz Češke i Slovačke s potpunim pravnim podacima. Zatražite ga na stranici samofakturiranja.',
        ),
        'Besplatno',
      ],
      hu: [
        'Önszámlázás',
        'Az eladásairól szóló számlákat az Ön nevében állítjuk ki, havonta és többletmunka nélkül.',
        p('Csehországi és szlovákiai áfaalanyoknak, teljes jogi adatokkal. Az önszámlázás oldalán kérheti.'),
        'Ingyenes',
      ],
      pl: [
        'Samofakturowanie',
        'Faktury za Twoją sprzedaż wystawiamy w Twoim imieniu, co miesiąc i bez dodatkowej pracy.',
        p(
          'Dla płatników VAT z Czech i Słowacji z kompletnymi danymi prawnymi. Wniosek złożysz na stronie samofakturowania.',
        ),
        'Bezpłatnie',
      ],
      sk: [
        'Samofakturácia',
        'Faktúry za vaše predaje vystavíme za vás, každý mesiac a bez práce navyše.',
        p(
          'Pre platiteľov DPH z Česka a Slovenska s vyplnenými fakturačnými údajmi. Žiadosť podáte na stránke samofakturácie.',
        ),
        'Zadarmo',
      ],
      sl: [
        'Samofakturiranje',
        'Račune za vašo prodajo izdamo v vašem imenu, vsak mesec in brez dodatnega dela.',
        p(
          'Za zavezance za DDV iz Češke in Slovaške s popolnimi pravnimi podatki. Zaprosite zanj na strani samofakturiranja.',
        ),
        'Brezplačno',
      ],
    },
  },
  {
    serviceName: 'mall-delivery',
    provider: 'MALL Group',
    link: '/deliveries/mall',
    texts: {
      cs: [
        'MALL Delivery',
        'Vaše zásilky vyzvedneme a doručíme sítí MALL, včetně výdejních míst.',
        p('Tisknete štítky přímo z portálu a zákazníci vidí stav doručení v reálném čase.'),
        'Svoz podle ceníku',
      ],
      en: [
        'MALL Delivery',
        "We pick up your parcels and deliver them through MALL's network, pickup points included.",
        p('Print labels straight from the portal, and your customers follow the delivery in real time.'),
        'Pickup as in the price list',
      ],
      hr: [
        'MALL Delivery',
        'Preuzimamo vaše pošiljke i dostavljamo ih mrežom MALL-a, uključujući paketomate i mjesta preuzimanja.',
        p('Naljepnice ispisujete izravno iz portala, a kupci prate dostavu u stvarnom vremenu.'),
        'Preuzimanje prema cjeniku',
      ],
      hu: [
        'MALL Delivery',
        'Csomagjait elszállítjuk és a MALL hálózatán kézbesítjük, az átvételi pontokat is beleértve.',
        p('A címkéket közvetlenül a portálról nyomtatja, vásárlói pedig valós időben követik a kézbesítést.'),
        'Elszállítás az árlista szerint',
      ],
      pl: [
        'MALL Delivery',
        'Odbieramy Twoje paczki i doręczamy je siecią MALL, łącznie z punktami odbioru.',
        p('Etykiety drukujesz bezpośrednio z portalu, a klienci śledzą dostawę w czasie rzeczywistym.'),
        'Odbiór według cennika',
      ],
      sk: [
        'MALL Delivery',
        'Vaše zásielky vyzdvihneme a doručíme sieťou MALL vrátane výdajných miest.',
        p('Štítky tlačíte priamo z portálu a zákazníci vidia stav doručenia v reálnom čase.'),
        'Zvoz podľa cenníka',
      ],
      sl: [
        'MALL Delivery',
        'Vaše pošiljke prevzamemo in dostavimo po mreži MALL, vključno s prevzemnimi mesti.',
        p('Nalepke natisnete neposredno iz portala, kupci pa dostavo spremljajo v realnem času.'),
        'Prevzem po ceniku',
      ],
    },
  },
  {
    serviceName: 'feed-manager',
    provider: 'FeedBoost s.r.o.',
    link: null,
    texts: {
      cs: [
        'Správce feedů',
        'Feed produktů a dostupnosti z vašeho e-shopu, převedený do formátu MALL a obnovovaný každých 45 minut.',
        p('FeedBoost napojí váš e-shop, spáruje kategorie a parametry a hlídá chyby dřív, než je uvidí zákazník.') +
          ul('Obnova každých 45 minut', 'Párování kategorií a parametrů', 'Upozornění na chyby e-mailem'),
        'Měsíční poplatek od 199 Kč',
      ],
      en: [
        'Feed manager',
        'Your shop’s product and availability feed, converted to the MALL format and refreshed every 45 minutes.',
        p(
          'FeedBoost connects your shop, pairs categories and parameters, and catches errors before customers see them.',
        ) + ul('Refreshed every 45 minutes', 'Category and parameter pairing', 'Error alerts by e-mail'),
        'Monthly fee from 199 CZK',
      ],
      hr: [
        'Upravitelj feedova',
        'Feed proizvoda i dostupnosti vaše trgovine, pretvoren u MALL format i osvježen svakih 45 minuta.',
        p('FeedBoost povezuje vašu trgovinu, uparuje kategorije i parametre te otkriva pogreške prije kupaca.') +
          ul('Osvježavanje svakih 45 minuta', 'Uparivanje kategorija i parametara', 'Upozorenja o pogreškama e-poštom'),
        'Mjesečna naknada od 199 CZK',
      ],
      hu: [
        'Feedkezelő',
        'Webáruháza termék- és készletfeedje MALL formátumra alakítva, 45 percenként frissítve.',
        p(
          'A FeedBoost összeköti webáruházát, párosítja a kategóriákat és paramétereket, és a vásárlók előtt észreveszi a hibákat.',
        ) + ul('Frissítés 45 percenként', 'Kategória- és paraméterpárosítás', 'Hibaértesítés e-mailben'),
        'Havidíj 199 CZK-tól',
      ],
      pl: [
        'Menedżer feedów',
        'Feed produktów i dostępności Twojego sklepu, przekształcony do formatu MALL i odświeżany co 45 minut.',
        p('FeedBoost łączy Twój sklep, paruje kategorie i parametry oraz wyłapuje błędy, zanim zobaczą je klienci.') +
          ul('Odświeżanie co 45 minut', 'Parowanie kategorii i parametrów', 'Powiadomienia o błędach e-mailem'),
        'Opłata miesięczna od 199 CZK',
      ],
      sk: [
        'Správca feedov',
        'Feed produktov a dostupnosti z vášho e-shopu, prevedený do formátu MALL a obnovovaný každých 45 minút.',
        p('FeedBoost napojí váš e-shop, spáruje kategórie a parametre a stráži chyby skôr, ako ich uvidí zákazník.') +
          ul('Obnova každých 45 minút', 'Párovanie kategórií a parametrov', 'Upozornenia na chyby e-mailom'),
        'Mesačný poplatok od 199 CZK',
      ],
      sl: [
        'Upravitelj virov',
        'Vir izdelkov in razpoložljivosti vaše trgovine, pretvorjen v format MALL in osvežen vsakih 45 minut.',
        p(
          'FeedBoost poveže vašo trgovino, upari kategorije in parametre ter odkrije napake, preden jih vidijo kupci.',
        ) + ul('Osveževanje vsakih 45 minut', 'Uparjanje kategorij in parametrov', 'Opozorila o napakah po e-pošti'),
        'Mesečna naročnina od 199 CZK',
      ],
    },
  },
  {
    serviceName: 'market-expansion',
    provider: 'Lokalizace Plus a.s.',
    link: null,
    texts: {
      cs: [
        'Expanze do dalších zemí',
        'Překlad a lokalizace katalogu a spuštění prodeje na dalších trzích MALL na klíč.',
        p(
          'Přeložíme názvy, popisy i parametry, nastavíme ceny a dopravu pro každou zemi a pohlídáme první objednávky.',
        ) + ul('Rodilí mluvčí pro každý jazyk', 'Ceny a doprava podle trhu', 'Podpora prvních 30 dní'),
        '29 000 Kč + 3 900 Kč za každou další zemi',
      ],
      en: [
        'Expansion to more countries',
        'Translation and localisation of your catalogue, and a turnkey launch in further MALL markets.',
        p(
          'We translate titles, descriptions and parameters, set prices and delivery per country, and watch over your first orders.',
        ) + ul('Native speakers for every language', 'Prices and delivery per market', 'Support for the first 30 days'),
        '29,000 CZK + 3,900 CZK per extra country',
      ],
      hr: [
        'Širenje na druge zemlje',
        'Prijevod i lokalizacija kataloga te pokretanje prodaje na drugim MALL tržištima po sistemu ključ u ruke.',
        p(
          'Prevodimo nazive, opise i parametre, postavljamo cijene i dostavu za svaku zemlju i pratimo prve narudžbe.',
        ) + ul('Izvorni govornici za svaki jezik', 'Cijene i dostava po tržištu', 'Podrška prvih 30 dana'),
        '29.000 CZK + 3.900 CZK za svaku dodatnu zemlju',
      ],
      hu: [
        'Terjeszkedés más országokba',
        'A katalógus fordítása és honosítása, valamint kulcsrakész indulás további MALL-piacokon.',
        p(
          'Lefordítjuk a neveket, leírásokat és paramétereket, országonként beállítjuk az árakat és a szállítást, és figyeljük az első rendeléseket.',
        ) + ul('Anyanyelvi fordítók minden nyelvre', 'Árak és szállítás piaconként', 'Támogatás az első 30 napban'),
        '29 000 CZK + 3 900 CZK minden további országért',
      ],
      pl: [
        'Ekspansja do kolejnych krajów',
        'Tłumaczenie i lokalizacja katalogu oraz uruchomienie sprzedaży na kolejnych rynkach MALL pod klucz.',
        p(
          'Tłumaczymy nazwy, opisy i parametry, ustawiamy ceny i dostawę dla każdego kraju i pilnujemy pierwszych zamówień.',
        ) + ul('Native speakerzy dla każdego języka', 'Ceny i dostawa według rynku', 'Wsparcie przez pierwsze 30 dni'),
        '29 000 CZK + 3 900 CZK za każdy kolejny kraj',
      ],
      sk: [
        'Expanzia do ďalších krajín',
        'Preklad a lokalizácia katalógu a spustenie predaja na ďalších trhoch MALL na kľúč.',
        p(
          'Preložíme názvy, popisy aj parametre, nastavíme ceny a dopravu pre každú krajinu a postrážime prvé objednávky.',
        ) + ul('Rodení hovoriaci pre každý jazyk', 'Ceny a doprava podľa trhu', 'Podpora prvých 30 dní'),
        '29 000 CZK + 3 900 CZK za každú ďalšiu krajinu',
      ],
      sl: [
        'Širitev v druge države',
        'Prevod in lokalizacija kataloga ter zagon prodaje na drugih trgih MALL na ključ.',
        p(
          'Prevedemo nazive, opise in parametre, nastavimo cene in dostavo za vsako državo ter spremljamo prva naročila.',
        ) + ul('Naravni govorci za vsak jezik', 'Cene in dostava po trgih', 'Podpora prvih 30 dni'),
        '29.000 CZK + 3.900 CZK za vsako dodatno državo',
      ],
    },
  },
  {
    serviceName: 'erp-connector',
    provider: 'Integra Systems s.r.o.',
    link: null,
    texts: {
      cs: [
        'Napojení ERP a skladu',
        'Objednávky, stavy skladu a faktury mezi MALL a vaším ERP bez ručního přepisování.',
        p(
          'Integra napojí váš informační systém přes API portálu: objednávky přicházejí samy a zásoby se odepisují okamžitě.',
        ),
        '25 800 Kč jednorázově',
      ],
      en: [
        'ERP and warehouse connection',
        'Orders, stock levels and invoices flow between MALL and your ERP without retyping.',
        p(
          "Integra connects your business system through the portal's API: orders arrive by themselves and stock is updated at once.",
        ),
        '25,800 CZK one-off',
      ],
      hr: [
        'Povezivanje ERP-a i skladišta',
        'Narudžbe, stanje zaliha i računi putuju između MALL-a i vašeg ERP-a bez ručnog prepisivanja.',
        p(
          'Integra povezuje vaš poslovni sustav putem API-ja portala: narudžbe stižu same, a zalihe se odmah ažuriraju.',
        ),
        '25.800 CZK jednokratno',
      ],
      hu: [
        'ERP- és raktárkapcsolat',
        'Rendelések, készletszintek és számlák áramlanak a MALL és az ERP-je között, kézi átírás nélkül.',
        p(
          'Az Integra a portál API-ján keresztül köti össze vállalatirányítási rendszerét: a rendelések maguktól érkeznek, a készlet azonnal frissül.',
        ),
        '25 800 CZK egyszeri díj',
      ],
      pl: [
        'Integracja ERP i magazynu',
        'Zamówienia, stany magazynowe i faktury przepływają między MALL a Twoim ERP bez ręcznego przepisywania.',
        p(
          'Integra łączy Twój system przez API portalu: zamówienia przychodzą same, a stany magazynowe aktualizują się od razu.',
        ),
        '25 800 CZK jednorazowo',
      ],
      sk: [
        'Napojenie ERP a skladu',
        'Objednávky, stavy skladu a faktúry medzi MALL a vaším ERP bez ručného prepisovania.',
        p(
          'Integra napojí váš informačný systém cez API portálu: objednávky prichádzajú samy a zásoby sa odpisujú okamžite.',
        ),
        '25 800 CZK jednorazovo',
      ],
      sl: [
        'Povezava ERP in skladišča',
        'Naročila, zaloge in računi se pretakajo med MALL in vašim ERP brez ročnega prepisovanja.',
        p(
          'Integra poveže vaš poslovni sistem prek API-ja portala: naročila pridejo sama, zaloge pa se takoj posodobijo.',
        ),
        '25.800 CZK enkratno',
      ],
    },
  },
  {
    serviceName: 'product-photo',
    provider: 'Studio Produkt s.r.o.',
    link: null,
    texts: {
      cs: [
        'Produktové fotografie',
        'Profesionální fotky na bílém pozadí, které splní pravidla MALL pro hlavní obrázek.',
        p('Zboží pošlete do studia, do deseti pracovních dnů máte fotky nahrané u produktů a zboží zpět.'),
        '9 000 Kč za 100 produktů',
      ],
      en: [
        'Product photography',
        "Professional photos on a white background that meet MALL's rules for the main image.",
        p(
          'Send your goods to the studio; within ten business days the photos are on your products and the goods are back.',
        ),
        '9,000 CZK per 100 products',
      ],
      hr: [
        'Fotografije proizvoda',
        'Profesionalne fotografije na bijeloj pozadini koje ispunjavaju pravila MALL-a za glavnu sliku.',
        p('Pošaljite robu u studio; u roku od deset radnih dana fotografije su na vašim proizvodima, a roba vraćena.'),
        '9.000 CZK za 100 proizvoda',
      ],
      hu: [
        'Termékfotózás',
        'Professzionális fotók fehér háttérrel, amelyek megfelelnek a MALL főképre vonatkozó szabályainak.',
        p(
          'Küldje el termékeit a stúdióba; tíz munkanapon belül a fotók a termékein vannak, az áru pedig visszaérkezik.',
        ),
        '9 000 CZK 100 termékenként',
      ],
      pl: [
        'Zdjęcia produktowe',
        'Profesjonalne zdjęcia na białym tle, spełniające zasady MALL dotyczące zdjęcia głównego.',
        p(
          'Wyślij towar do studia; w ciągu dziesięciu dni roboczych zdjęcia są przy produktach, a towar wraca do Ciebie.',
        ),
        '9 000 CZK za 100 produktów',
      ],
      sk: [
        'Produktové fotografie',
        'Profesionálne fotky na bielom pozadí, ktoré splnia pravidlá MALL pre hlavný obrázok.',
        p('Tovar pošlete do štúdia, do desiatich pracovných dní máte fotky nahrané pri produktoch a tovar späť.'),
        '9 000 CZK za 100 produktov',
      ],
      sl: [
        'Fotografije izdelkov',
        'Profesionalne fotografije na belem ozadju, ki izpolnjujejo pravila MALL za glavno sliko.',
        p('Blago pošljite v studio; v desetih delovnih dneh so fotografije pri vaših izdelkih, blago pa vrnjeno.'),
        '9.000 CZK za 100 izdelkov',
      ],
    },
  },
];

/** The mall-pay and financing pages' texts: [title, body HTML] per language. */
export const DEMO_PAGES: Record<'mall-pay' | 'financing', Record<Language, [string, string]>> = {
  'mall-pay': {
    cs: [
      'MALL Pay: odložená platba a splátky',
      p(
        'Nabídněte zákazníkům nákup teď a platbu později. Peníze vám pošleme do 3 pracovních dnů od odeslání zásilky nebo od potvrzeného doručení, podle typu objednávky.',
      ) + ul('Riziko nezaplacení nese MALL', 'Žádné úpravy e-shopu ani skladu', 'Přehled plateb najdete ve vyúčtování'),
    ],
    en: [
      'MALL Pay: pay later and instalments',
      p(
        'Let customers buy now and pay later. We send you the money within 3 business days after the parcel is shipped or its delivery is confirmed, depending on the order type.',
      ) +
        ul(
          'MALL carries the risk of non-payment',
          'No changes to your shop or warehouse',
          'Payments are listed in your billing',
        ),
    ],
    hr: [
      'MALL Pay: odgođeno plaćanje i obroci',
      p(
        'Omogućite kupcima da kupe sada i plate kasnije. Novac vam šaljemo u roku od 3 radna dana od slanja pošiljke ili potvrđene dostave, ovisno o vrsti narudžbe.',
      ) + ul('Rizik neplaćanja snosi MALL', 'Bez promjena u trgovini ili skladištu', 'Plaćanja su navedena u obračunu'),
    ],
    hu: [
      'MALL Pay: halasztott fizetés és részletek',
      p(
        'Vásárlói most vásárolhatnak és később fizethetnek. A pénzt a csomag feladásától vagy a kézbesítés igazolásától számított 3 munkanapon belül elküldjük, a rendelés típusától függően.',
      ) +
        ul(
          'A nemfizetés kockázatát a MALL viseli',
          'Nem kell módosítani a webáruházat vagy a raktárt',
          'A kifizetések az elszámolásban láthatók',
        ),
    ],
    pl: [
      'MALL Pay: płatność odroczona i raty',
      p(
        'Pozwól klientom kupić teraz i zapłacić później. Pieniądze wysyłamy w ciągu 3 dni roboczych od wysyłki paczki lub potwierdzonej dostawy, zależnie od rodzaju zamówienia.',
      ) + ul('Ryzyko braku zapłaty ponosi MALL', 'Bez zmian w sklepie i magazynie', 'Płatności widać w rozliczeniach'),
    ],
    sk: [
      'MALL Pay: odložená platba a splátky',
      p(
        'Ponúknite zákazníkom nákup teraz a platbu neskôr. Peniaze vám pošleme do 3 pracovných dní od odoslania zásielky alebo od potvrdeného doručenia, podľa typu objednávky.',
      ) +
        ul(
          'Riziko nezaplatenia nesie MALL',
          'Žiadne úpravy e-shopu ani skladu',
          'Prehľad platieb nájdete vo vyúčtovaní',
        ),
    ],
    sl: [
      'MALL Pay: odloženo plačilo in obroki',
      p(
        'Kupcem omogočite, da kupijo zdaj in plačajo pozneje. Denar vam pošljemo v 3 delovnih dneh po odpremi pošiljke ali potrjeni dostavi, odvisno od vrste naročila.',
      ) + ul('Tveganje neplačila nosi MALL', 'Brez sprememb trgovine ali skladišča', 'Plačila so navedena v obračunu'),
    ],
  },
  financing: {
    cs: [
      'Financování vašeho růstu',
      p(
        'Potřebujete naskladnit na sezónu nebo rozšířit sortiment? Náš finanční partner vám připraví nabídku provozního úvěru podle vašich prodejů na MALL. Nabídka je nezávazná a její zobrazení nemá vliv na vaše hodnocení.',
      ),
    ],
    en: [
      'Financing your growth',
      p(
        'Need to stock up for the season or widen your range? Our financing partner prepares a working-capital offer based on your sales on MALL. The offer is not binding, and viewing it does not affect your rating.',
      ),
    ],
    hr: [
      'Financiranje vašeg rasta',
      p(
        'Trebate se opskrbiti za sezonu ili proširiti asortiman? Naš partner za financiranje priprema ponudu obrtnog kapitala na temelju vaše prodaje na MALL-u. Ponuda nije obvezujuća, a njezin pregled ne utječe na vašu ocjenu.',
      ),
    ],
    hu: [
      'Növekedése finanszírozása',
      p(
        'Fel kell töltenie a készletet a szezonra, vagy bővítené a kínálatot? Finanszírozási partnerünk a MALL-on elért eladásai alapján készít forgóeszközhitel-ajánlatot. Az ajánlat nem kötelező, megtekintése nem befolyásolja a minősítését.',
      ),
    ],
    pl: [
      'Finansowanie Twojego rozwoju',
      p(
        'Potrzebujesz zatowarować się na sezon albo poszerzyć asortyment? Nasz partner finansowy przygotuje ofertę kredytu obrotowego na podstawie Twojej sprzedaży w MALL. Oferta jest niewiążąca, a jej wyświetlenie nie wpływa na Twoją ocenę.',
      ),
    ],
    sk: [
      'Financovanie vášho rastu',
      p(
        'Potrebujete naskladniť na sezónu alebo rozšíriť sortiment? Náš finančný partner vám pripraví ponuku prevádzkového úveru podľa vašich predajov na MALL. Ponuka je nezáväzná a jej zobrazenie nemá vplyv na vaše hodnotenie.',
      ),
    ],
    sl: [
      'Financiranje vaše rasti',
      p(
        'Se morate založiti za sezono ali razširiti ponudbo? Naš partner za financiranje pripravi ponudbo obratnih sredstev na podlagi vaše prodaje na MALL. Ponudba ni zavezujoča, njen ogled pa ne vpliva na vašo oceno.',
      ),
    ],
  },
};
