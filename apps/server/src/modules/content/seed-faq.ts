import type { FaqTopic, Language } from '@pp/domain';

/** One question of the demo help center: its topic and [question, answer HTML] per language. */
export interface DemoFaq {
  topic: FaqTopic;
  texts: Record<Language, [string, string]>;
}

const p = (text: string) => `<p>${text}</p>`;

/** Twelve questions over the six topics, written in all seven languages. */
export const DEMO_FAQ: DemoFaq[] = [
  {
    topic: 'getting-started',
    texts: {
      cs: [
        'Jak dlouho trvá spuštění prodeje?',
        p(
          'Po schválení firemních údajů a nahrání produktů obvykle do 5 pracovních dnů. Postup vidíte v průvodci na úvodní stránce.',
        ),
      ],
      en: [
        'How long does it take to start selling?',
        p(
          'Usually up to 5 business days after your company data is approved and your products are uploaded. The wizard on the home page shows your progress.',
        ),
      ],
      hr: [
        'Koliko traje pokretanje prodaje?',
        p(
          'Obično do 5 radnih dana nakon odobrenja podataka o tvrtki i učitavanja proizvoda. Napredak vidite u vodiču na početnoj stranici.',
        ),
      ],
      hu: [
        'Mennyi idő alatt kezdhetek el eladni?',
        p(
          'Általában legfeljebb 5 munkanap a cégadatok jóváhagyása és a termékek feltöltése után. Az előrehaladást a kezdőlap varázslója mutatja.',
        ),
      ],
      pl: [
        'Ile trwa rozpoczęcie sprzedaży?',
        p(
          'Zwykle do 5 dni roboczych od zatwierdzenia danych firmy i wgrania produktów. Postęp widzisz w kreatorze na stronie głównej.',
        ),
      ],
      sk: [
        'Ako dlho trvá spustenie predaja?',
        p(
          'Po schválení firemných údajov a nahratí produktov zvyčajne do 5 pracovných dní. Postup vidíte v sprievodcovi na úvodnej stránke.',
        ),
      ],
      sl: [
        'Koliko časa traja zagon prodaje?',
        p(
          'Običajno do 5 delovnih dni po odobritvi podatkov o podjetju in nalaganju izdelkov. Napredek vidite v čarovniku na domači strani.',
        ),
      ],
    },
  },
  {
    topic: 'getting-started',
    texts: {
      cs: [
        'Kde najdu obchodní podmínky?',
        p(
          'Aktuální obchodní podmínky každé země i jejich historie jsou veřejně na stránce Obchodní podmínky; odkaz je v patičce portálu.',
        ),
      ],
      en: [
        'Where can I find the business terms?',
        p(
          'The current business terms of each country and their history are public on the Business terms page, linked in the portal footer.',
        ),
      ],
      hr: [
        'Gdje mogu pronaći poslovne uvjete?',
        p(
          'Važeći poslovni uvjeti svake zemlje i njihova povijest javno su dostupni na stranici Poslovni uvjeti, poveznica je u podnožju portala.',
        ),
      ],
      hu: [
        'Hol találom az üzleti feltételeket?',
        p(
          'Az egyes országok hatályos üzleti feltételei és azok előzményei nyilvánosan elérhetők az Üzleti feltételek oldalon, a portál láblécében.',
        ),
      ],
      pl: [
        'Gdzie znajdę warunki handlowe?',
        p(
          'Aktualne warunki handlowe każdego kraju i ich historia są publicznie dostępne na stronie Warunki handlowe, link jest w stopce portalu.',
        ),
      ],
      sk: [
        'Kde nájdem obchodné podmienky?',
        p(
          'Aktuálne obchodné podmienky každej krajiny aj ich história sú verejne na stránke Obchodné podmienky; odkaz je v päte portálu.',
        ),
      ],
      sl: [
        'Kje najdem poslovne pogoje?',
        p(
          'Veljavni poslovni pogoji vsake države in njihova zgodovina so javno dostopni na strani Poslovni pogoji, povezava je v nogi portala.',
        ),
      ],
    },
  },
  {
    topic: 'products',
    texts: {
      cs: [
        'Proč se můj produkt nezobrazuje na MALL?',
        p(
          'Zkontrolujte v seznamu produktů stav a chyby: produkt musí být aktivní, mít kategorii, hlavní obrázek, cenu a skladovou dostupnost.',
        ),
      ],
      en: [
        'Why is my product not shown on MALL?',
        p(
          'Check its status and errors in the product list: a product must be active and have a category, a main image, a price and stock availability.',
        ),
      ],
      hr: [
        'Zašto se moj proizvod ne prikazuje na MALL-u?',
        p(
          'Provjerite status i pogreške na popisu proizvoda: proizvod mora biti aktivan te imati kategoriju, glavnu sliku, cijenu i dostupnost na zalihi.',
        ),
      ],
      hu: [
        'Miért nem jelenik meg a termékem a MALL-on?',
        p(
          'Ellenőrizze az állapotát és a hibákat a terméklistában: a terméknek aktívnak kell lennie, és kell kategória, főkép, ár és készlet.',
        ),
      ],
      pl: [
        'Dlaczego mój produkt nie jest widoczny w MALL?',
        p(
          'Sprawdź status i błędy na liście produktów: produkt musi być aktywny i mieć kategorię, zdjęcie główne, cenę oraz dostępność w magazynie.',
        ),
      ],
      sk: [
        'Prečo sa môj produkt nezobrazuje na MALL?',
        p(
          'Skontrolujte v zozname produktov stav a chyby: produkt musí byť aktívny, mať kategóriu, hlavný obrázok, cenu a skladovú dostupnosť.',
        ),
      ],
      sl: [
        'Zakaj moj izdelek ni prikazan na MALL?',
        p(
          'Na seznamu izdelkov preverite stanje in napake: izdelek mora biti aktiven ter imeti kategorijo, glavno sliko, ceno in razpoložljivo zalogo.',
        ),
      ],
    },
  },
  {
    topic: 'products',
    texts: {
      cs: [
        'Jak často se načítá můj XML feed?',
        p(
          'Feed produktů a feed dostupnosti načítáme automaticky podle nastavení ve Feedech. Chyby posledního běhu najdete v jeho protokolu.',
        ),
      ],
      en: [
        'How often is my XML feed read?',
        p(
          'We read the product feed and the availability feed automatically as set under Feeds. The errors of the last run are in its log.',
        ),
      ],
      hr: [
        'Koliko se često učitava moj XML feed?',
        p(
          'Feed proizvoda i feed dostupnosti učitavamo automatski prema postavkama u odjeljku Feedovi. Pogreške zadnjeg pokretanja nalaze se u njegovom zapisniku.',
        ),
      ],
      hu: [
        'Milyen gyakran olvassák be az XML-feedemet?',
        p(
          'A termékfeedet és a készletfeedet automatikusan olvassuk be a Feedek menüben megadott beállítások szerint. Az utolsó futás hibái a naplójában vannak.',
        ),
      ],
      pl: [
        'Jak często jest wczytywany mój feed XML?',
        p(
          'Feed produktów i feed dostępności wczytujemy automatycznie zgodnie z ustawieniami w sekcji Feedy. Błędy ostatniego przebiegu znajdziesz w jego dzienniku.',
        ),
      ],
      sk: [
        'Ako často sa načítava môj XML feed?',
        p(
          'Feed produktov a feed dostupnosti načítavame automaticky podľa nastavenia vo Feedoch. Chyby posledného behu nájdete v jeho protokole.',
        ),
      ],
      sl: [
        'Kako pogosto se bere moj vir XML?',
        p(
          'Vir izdelkov in vir razpoložljivosti beremo samodejno po nastavitvah v razdelku Viri. Napake zadnjega zagona so v njegovem dnevniku.',
        ),
      ],
    },
  },
  {
    topic: 'orders',
    texts: {
      cs: [
        'Do kdy musím objednávku odeslat?',
        p(
          'Objednávku odešlete do data expedice uvedeného v jejím detailu. Pozdní odeslání se počítá do hodnocení kvality služeb.',
        ),
      ],
      en: [
        'By when must I ship an order?',
        p(
          'Ship the order by the dispatch date shown on its detail page. Late shipping counts towards your service-quality rating.',
        ),
      ],
      hr: [
        'Do kada moram poslati narudžbu?',
        p(
          'Narudžbu pošaljite do datuma otpreme navedenog u njezinim pojedinostima. Kasno slanje utječe na ocjenu kvalitete usluge.',
        ),
      ],
      hu: [
        'Meddig kell feladnom a rendelést?',
        p(
          'A rendelést a részleteinél feltüntetett feladási dátumig küldje el. A késedelmes feladás beszámít a szolgáltatásminőségi értékelésbe.',
        ),
      ],
      pl: [
        'Do kiedy muszę wysłać zamówienie?',
        p(
          'Wyślij zamówienie do daty wysyłki podanej w jego szczegółach. Spóźniona wysyłka wlicza się do oceny jakości usług.',
        ),
      ],
      sk: [
        'Do kedy musím objednávku odoslať?',
        p(
          'Objednávku odošlite do dátumu expedície uvedeného v jej detaile. Neskoré odoslanie sa započítava do hodnotenia kvality služieb.',
        ),
      ],
      sl: [
        'Do kdaj moram odposlati naročilo?',
        p(
          'Naročilo odpošljite do datuma odpreme, navedenega v njegovih podrobnostih. Pozna odprema vpliva na oceno kakovosti storitev.',
        ),
      ],
    },
  },
  {
    topic: 'orders',
    texts: {
      cs: [
        'Jak zruším objednávku?',
        p(
          'V detailu objednávky změňte stav na Zrušeno a vyberte důvod. Zrušení z vaší strany zvyšuje míru storen, proto ho používejte jen výjimečně.',
        ),
      ],
      en: [
        'How do I cancel an order?',
        p(
          'On the order detail, change the status to Cancelled and choose a reason. Cancellations on your side raise your cancel rate, so use them only when necessary.',
        ),
      ],
      hr: [
        'Kako mogu otkazati narudžbu?',
        p(
          'U pojedinostima narudžbe promijenite status u Otkazano i odaberite razlog. Otkazivanja s vaše strane povećavaju stopu otkazivanja, stoga ih koristite samo kad je nužno.',
        ),
      ],
      hu: [
        'Hogyan mondhatok le egy rendelést?',
        p(
          'A rendelés részleteinél állítsa az állapotot Lemondva értékre, és válasszon okot. Az Ön oldali lemondások növelik a lemondási arányt, ezért csak szükség esetén éljen vele.',
        ),
      ],
      pl: [
        'Jak anulować zamówienie?',
        p(
          'W szczegółach zamówienia zmień status na Anulowane i wybierz powód. Anulowania po Twojej stronie podnoszą wskaźnik anulacji, więc korzystaj z nich tylko w razie potrzeby.',
        ),
      ],
      sk: [
        'Ako zruším objednávku?',
        p(
          'V detaile objednávky zmeňte stav na Zrušené a vyberte dôvod. Zrušenie z vašej strany zvyšuje mieru storien, preto ho používajte len výnimočne.',
        ),
      ],
      sl: [
        'Kako prekličem naročilo?',
        p(
          'V podrobnostih naročila spremenite stanje v Preklicano in izberite razlog. Preklici z vaše strani povečajo stopnjo preklicev, zato jih uporabljajte le, ko je nujno.',
        ),
      ],
    },
  },
  {
    topic: 'orders',
    texts: {
      cs: [
        'Kde zadám číslo zásilky?',
        p('Číslo zásilky zadáte v detailu objednávky při změně stavu na Odesláno. Zákazník pak zásilku sleduje sám.'),
      ],
      en: [
        'Where do I enter the tracking number?',
        p(
          'Enter the tracking number on the order detail when you change the status to Shipped. The customer can then follow the parcel.',
        ),
      ],
      hr: [
        'Gdje unosim broj za praćenje pošiljke?',
        p(
          'Broj za praćenje unesite u pojedinostima narudžbe kad status promijenite u Poslano. Kupac tada sam prati pošiljku.',
        ),
      ],
      hu: [
        'Hol adom meg a csomagkövetési számot?',
        p(
          'A csomagkövetési számot a rendelés részleteinél adja meg, amikor az állapotot Feladva értékre módosítja. Ezután a vásárló maga követheti a csomagot.',
        ),
      ],
      pl: [
        'Gdzie wpisać numer przesyłki?',
        p(
          'Numer przesyłki wpisujesz w szczegółach zamówienia przy zmianie statusu na Wysłane. Klient może wtedy sam śledzić paczkę.',
        ),
      ],
      sk: [
        'Kde zadám číslo zásielky?',
        p(
          'Číslo zásielky zadáte v detaile objednávky pri zmene stavu na Odoslané. Zákazník potom zásielku sleduje sám.',
        ),
      ],
      sl: [
        'Kje vnesem številko za sledenje pošiljke?',
        p(
          'Številko za sledenje vnesete v podrobnostih naročila, ko stanje spremenite v Odposlano. Kupec nato pošiljko spremlja sam.',
        ),
      ],
    },
  },
  {
    topic: 'deliveries',
    texts: {
      cs: [
        'Jak nastavím cenu dopravy?',
        p(
          'V Dopravách vytvořte způsob dopravy a zadejte cenu, případně cenové hladiny podle hodnoty objednávky nebo hmotnosti a hranici pro dopravu zdarma.',
        ),
      ],
      en: [
        'How do I set the delivery price?',
        p(
          'Under Deliveries, create a delivery method and enter its price, or price levels by order value or weight, and the limit for free delivery.',
        ),
      ],
      hr: [
        'Kako postaviti cijenu dostave?',
        p(
          'U odjeljku Dostave izradite način dostave i unesite cijenu ili cjenovne razine prema vrijednosti narudžbe ili težini te granicu za besplatnu dostavu.',
        ),
      ],
      hu: [
        'Hogyan állítom be a szállítási díjat?',
        p(
          'A Szállítások menüben hozzon létre szállítási módot, és adja meg az árát, vagy rendelési érték, illetve súly szerinti ársávokat és az ingyenes szállítás határát.',
        ),
      ],
      pl: [
        'Jak ustawić cenę dostawy?',
        p(
          'W sekcji Dostawy utwórz metodę dostawy i podaj cenę albo progi cenowe według wartości zamówienia lub wagi oraz próg darmowej dostawy.',
        ),
      ],
      sk: [
        'Ako nastavím cenu dopravy?',
        p(
          'V Dopravách vytvorte spôsob dopravy a zadajte cenu, prípadne cenové hladiny podľa hodnoty objednávky alebo hmotnosti a hranicu pre dopravu zadarmo.',
        ),
      ],
      sl: [
        'Kako nastavim ceno dostave?',
        p(
          'V razdelku Dostave ustvarite način dostave in vnesite ceno ali cenovne ravni glede na vrednost naročila ali težo ter mejo za brezplačno dostavo.',
        ),
      ],
    },
  },
  {
    topic: 'deliveries',
    texts: {
      cs: [
        'Co je MALL Delivery a jak ho aktivuji?',
        p(
          'MALL Delivery je svoz a doručení zásilek sítí MALL. Žádost podáte v Dopravách na záložce MALL Delivery; potřebujete sklad a kontaktní osobu pro svoz.',
        ),
      ],
      en: [
        'What is MALL Delivery and how do I activate it?',
        p(
          'MALL Delivery is the pickup and delivery of parcels through the MALL network. Request it under Deliveries, on the MALL Delivery tab; you need a warehouse address and a pickup contact.',
        ),
      ],
      hr: [
        'Što je MALL Delivery i kako ga aktivirati?',
        p(
          'MALL Delivery je preuzimanje i dostava pošiljaka mrežom MALL-a. Zatražite ga u odjeljku Dostave, na kartici MALL Delivery; trebate adresu skladišta i kontakt za preuzimanje.',
        ),
      ],
      hu: [
        'Mi a MALL Delivery, és hogyan aktiválom?',
        p(
          'A MALL Delivery a csomagok elszállítása és kézbesítése a MALL hálózatán. A Szállítások menü MALL Delivery lapján kérheti; raktárcímre és elszállítási kapcsolattartóra van szükség.',
        ),
      ],
      pl: [
        'Czym jest MALL Delivery i jak je włączyć?',
        p(
          'MALL Delivery to odbiór i doręczanie paczek siecią MALL. Wniosek złożysz w sekcji Dostawy, na karcie MALL Delivery; potrzebny jest adres magazynu i osoba kontaktowa do odbioru.',
        ),
      ],
      sk: [
        'Čo je MALL Delivery a ako ho aktivujem?',
        p(
          'MALL Delivery je zvoz a doručenie zásielok sieťou MALL. Žiadosť podáte v Dopravách na záložke MALL Delivery; potrebujete sklad a kontaktnú osobu pre zvoz.',
        ),
      ],
      sl: [
        'Kaj je MALL Delivery in kako ga vklopim?',
        p(
          'MALL Delivery je prevzem in dostava pošiljk po mreži MALL. Zaprosite zanj v razdelku Dostave, na zavihku MALL Delivery; potrebujete naslov skladišča in kontakt za prevzem.',
        ),
      ],
    },
  },
  {
    topic: 'billing',
    texts: {
      cs: [
        'Kdy dostanu fakturu za provize a poplatky?',
        p(
          'Faktury vystavujeme jednou měsíčně za uplynulé období. Najdete je ve Vyúčtování, kde si je stáhnete jako PDF nebo XLSX.',
        ),
      ],
      en: [
        'When do I get the invoice for commissions and fees?',
        p(
          'We issue invoices once a month for the past period. You find them under Billing, where you can download them as PDF or XLSX.',
        ),
      ],
      hr: [
        'Kada dobivam račun za provizije i naknade?',
        p(
          'Račune izdajemo jednom mjesečno za prethodno razdoblje. Nalaze se u odjeljku Obračun, gdje ih preuzimate kao PDF ili XLSX.',
        ),
      ],
      hu: [
        'Mikor kapom meg a jutalékokról és díjakról szóló számlát?',
        p(
          'A számlákat havonta egyszer állítjuk ki az elmúlt időszakra. Az Elszámolás menüben találja őket, ahol PDF vagy XLSX formátumban letöltheti.',
        ),
      ],
      pl: [
        'Kiedy dostanę fakturę za prowizje i opłaty?',
        p(
          'Faktury wystawiamy raz w miesiącu za miniony okres. Znajdziesz je w Rozliczeniach, gdzie pobierzesz je jako PDF lub XLSX.',
        ),
      ],
      sk: [
        'Kedy dostanem faktúru za provízie a poplatky?',
        p(
          'Faktúry vystavujeme raz mesačne za uplynulé obdobie. Nájdete ich vo Vyúčtovaní, kde si ich stiahnete ako PDF alebo XLSX.',
        ),
      ],
      sl: [
        'Kdaj prejmem račun za provizije in pristojbine?',
        p(
          'Račune izdajamo enkrat mesečno za preteklo obdobje. Najdete jih v razdelku Obračun, kjer jih prenesete kot PDF ali XLSX.',
        ),
      ],
    },
  },
  {
    topic: 'billing',
    texts: {
      cs: [
        'Jak změním číslo účtu pro výplaty?',
        p(
          'Číslo bankovního účtu změníte v Údajích o partnerovi na záložce Informace. Změnu ověříme a projeví se od další výplaty.',
        ),
      ],
      en: [
        'How do I change the bank account for payouts?',
        p(
          'Change the bank account number in Partner information, on the Info tab. We verify the change, and it applies from the next payout.',
        ),
      ],
      hr: [
        'Kako promijeniti bankovni račun za isplate?',
        p(
          'Broj bankovnog računa promijenite u Podacima o partneru, na kartici Informacije. Promjenu provjeravamo i primjenjuje se od sljedeće isplate.',
        ),
      ],
      hu: [
        'Hogyan módosíthatom a kifizetések bankszámlaszámát?',
        p(
          'A bankszámlaszámot a Partneradatok Információ lapján módosíthatja. A változást ellenőrizzük, és a következő kifizetéstől érvényes.',
        ),
      ],
      pl: [
        'Jak zmienić numer konta do wypłat?',
        p(
          'Numer konta bankowego zmienisz w Danych partnera, na karcie Informacje. Zmianę weryfikujemy i obowiązuje od następnej wypłaty.',
        ),
      ],
      sk: [
        'Ako zmením číslo účtu pre výplaty?',
        p(
          'Číslo bankového účtu zmeníte v Údajoch o partnerovi na záložke Informácie. Zmenu overíme a prejaví sa od ďalšej výplaty.',
        ),
      ],
      sl: [
        'Kako spremenim številko računa za izplačila?',
        p(
          'Številko bančnega računa spremenite v Podatkih o partnerju, na zavihku Informacije. Spremembo preverimo in velja od naslednjega izplačila.',
        ),
      ],
    },
  },
  {
    topic: 'account',
    texts: {
      cs: [
        'Jak přidám kolegu do portálu?',
        p(
          'Hlavní účet pozve kolegu v Údajích o partnerovi na záložce Účty a v Oprávněních mu nastaví, co smí vidět a měnit.',
        ),
      ],
      en: [
        'How do I add a colleague to the portal?',
        p(
          'The master account invites the colleague in Partner information, on the Accounts tab, and sets what they may see and change under Permissions.',
        ),
      ],
      hr: [
        'Kako dodati kolegu na portal?',
        p(
          'Glavni račun poziva kolegu u Podacima o partneru, na kartici Računi, i u Dozvolama postavlja što smije vidjeti i mijenjati.',
        ),
      ],
      hu: [
        'Hogyan adhatok hozzá kollégát a portálhoz?',
        p(
          'A fő fiók a Partneradatok Fiókok lapján hívja meg a kollégát, és a Jogosultságoknál állítja be, mit láthat és módosíthat.',
        ),
      ],
      pl: [
        'Jak dodać współpracownika do portalu?',
        p(
          'Konto główne zaprasza współpracownika w Danych partnera, na karcie Konta, i w Uprawnieniach ustawia, co może widzieć i zmieniać.',
        ),
      ],
      sk: [
        'Ako pridám kolegu do portálu?',
        p(
          'Hlavný účet pozve kolegu v Údajoch o partnerovi na záložke Účty a v Oprávneniach mu nastaví, čo smie vidieť a meniť.',
        ),
      ],
      sl: [
        'Kako dodam sodelavca v portal?',
        p(
          'Glavni račun povabi sodelavca v Podatkih o partnerju, na zavihku Računi, in v Dovoljenjih nastavi, kaj sme videti in spreminjati.',
        ),
      ],
    },
  },
];
