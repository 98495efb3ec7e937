import { MARKETS, requiredTermsLanguages, SHOP_IDS } from '@pp/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/client';

/**
 * The demo marketplace's general terms for sellers: one text per language, sections as [heading, body].
 * `{market}` is replaced by the market's name. The older version lacks the last section (it was added
 * with the current one), so the history shows a real difference.
 */
const TEXTS: Record<string, { title: string; sections: [string, string][] }> = {
  en: {
    title: 'General terms and conditions for sellers',
    sections: [
      [
        '1. Introductory provisions',
        'These terms govern the relationship between the marketplace operator and a seller (partner) who offers goods to customers of the {market} marketplace through the seller portal. By agreeing to them in the portal the seller concludes a contract with the operator.',
      ],
      [
        '2. Registration and onboarding',
        'The seller registers the e-shop, confirms the e-mail address and completes the company details. The operator checks the seller and may refuse a registration without giving reasons. Sales start once the onboarding workflow reaches production.',
      ],
      [
        '3. Offer and prices',
        'The seller is responsible for the accuracy of product data, stock and prices including VAT. Prices are shown to customers as the seller enters them; the seller may not offer the same goods on the marketplace at a higher price than in its own e-shop.',
      ],
      [
        '4. Orders and delivery',
        'The seller confirms an order without undue delay and ships it within the delivery time stated in the offer. The seller keeps the order status and the tracking number up to date in the portal.',
      ],
      [
        '5. Fees and commission',
        'The seller pays the commission from the price list for each delivered order and the fees listed in the price list. The operator issues an invoice once a month; the seller agrees to electronic invoices.',
      ],
      [
        '6. Returns and complaints',
        'The seller handles returns within 14 days and complaints within 30 days in accordance with consumer protection law and informs the customer through the marketplace.',
      ],
    ],
  },
  cs: {
    title: 'Všeobecné obchodní podmínky pro prodejce',
    sections: [
      [
        '1. Úvodní ustanovení',
        'Tyto podmínky upravují vztah mezi provozovatelem tržiště a prodejcem (partnerem), který prostřednictvím prodejního portálu nabízí zboží zákazníkům tržiště {market}. Souhlasem v portálu uzavírá prodejce s provozovatelem smlouvu.',
      ],
      [
        '2. Registrace a zapojení',
        'Prodejce zaregistruje e-shop, potvrdí e-mailovou adresu a doplní údaje o firmě. Provozovatel prodejce prověří a může registraci odmítnout bez udání důvodu. Prodej začíná, jakmile proces zapojení dosáhne stavu produkce.',
      ],
      [
        '3. Nabídka a ceny',
        'Prodejce odpovídá za správnost údajů o produktech, skladové zásoby a cen včetně DPH. Zákazníkům se ceny zobrazují tak, jak je prodejce zadá; prodejce nesmí na tržišti nabízet stejné zboží dráž než ve vlastním e-shopu.',
      ],
      [
        '4. Objednávky a doručení',
        'Prodejce potvrdí objednávku bez zbytečného odkladu a odešle ji v dodací lhůtě uvedené v nabídce. Stav objednávky a číslo zásilky udržuje v portálu aktuální.',
      ],
      [
        '5. Poplatky a provize',
        'Prodejce platí provizi podle ceníku z každé doručené objednávky a poplatky uvedené v ceníku. Provozovatel vystavuje fakturu jednou měsíčně; prodejce souhlasí s elektronickou fakturací.',
      ],
      [
        '6. Vrácení zboží a reklamace',
        'Prodejce vyřizuje vrácení zboží do 14 dnů a reklamace do 30 dnů v souladu s právem na ochranu spotřebitele a informuje zákazníka prostřednictvím tržiště.',
      ],
    ],
  },
  sk: {
    title: 'Všeobecné obchodné podmienky pre predajcov',
    sections: [
      [
        '1. Úvodné ustanovenia',
        'Tieto podmienky upravujú vzťah medzi prevádzkovateľom trhoviska a predajcom (partnerom), ktorý prostredníctvom predajného portálu ponúka tovar zákazníkom trhoviska {market}. Súhlasom v portáli uzatvára predajca s prevádzkovateľom zmluvu.',
      ],
      [
        '2. Registrácia a zapojenie',
        'Predajca zaregistruje e-shop, potvrdí e-mailovú adresu a doplní údaje o firme. Prevádzkovateľ predajcu preverí a môže registráciu odmietnuť bez udania dôvodu. Predaj začína, keď proces zapojenia dosiahne stav produkcie.',
      ],
      [
        '3. Ponuka a ceny',
        'Predajca zodpovedá za správnosť údajov o produktoch, skladových zásob a cien vrátane DPH. Zákazníkom sa ceny zobrazujú tak, ako ich predajca zadá; predajca nesmie na trhovisku ponúkať rovnaký tovar drahšie ako vo vlastnom e-shope.',
      ],
      [
        '4. Objednávky a doručenie',
        'Predajca potvrdí objednávku bez zbytočného odkladu a odošle ju v dodacej lehote uvedenej v ponuke. Stav objednávky a číslo zásielky udržiava v portáli aktuálne.',
      ],
      [
        '5. Poplatky a provízie',
        'Predajca platí províziu podľa cenníka z každej doručenej objednávky a poplatky uvedené v cenníku. Prevádzkovateľ vystavuje faktúru raz mesačne; predajca súhlasí s elektronickou fakturáciou.',
      ],
      [
        '6. Vrátenie tovaru a reklamácie',
        'Predajca vybavuje vrátenie tovaru do 14 dní a reklamácie do 30 dní v súlade s právom na ochranu spotrebiteľa a informuje zákazníka prostredníctvom trhoviska.',
      ],
    ],
  },
  pl: {
    title: 'Ogólne warunki handlowe dla sprzedawców',
    sections: [
      [
        '1. Postanowienia wstępne',
        'Niniejsze warunki regulują stosunki między operatorem platformy a sprzedawcą (partnerem), który za pośrednictwem portalu sprzedawcy oferuje towary klientom platformy {market}. Akceptując je w portalu, sprzedawca zawiera umowę z operatorem.',
      ],
      [
        '2. Rejestracja i wdrożenie',
        'Sprzedawca rejestruje sklep internetowy, potwierdza adres e-mail i uzupełnia dane firmy. Operator weryfikuje sprzedawcę i może odmówić rejestracji bez podania przyczyny. Sprzedaż rozpoczyna się, gdy proces wdrożenia osiągnie etap produkcji.',
      ],
      [
        '3. Oferta i ceny',
        'Sprzedawca odpowiada za prawidłowość danych produktów, stanów magazynowych i cen brutto. Ceny są wyświetlane klientom tak, jak wprowadzi je sprzedawca; sprzedawca nie może oferować na platformie tego samego towaru drożej niż we własnym sklepie.',
      ],
      [
        '4. Zamówienia i dostawa',
        'Sprzedawca potwierdza zamówienie bez zbędnej zwłoki i wysyła je w terminie dostawy podanym w ofercie. Status zamówienia i numer przesyłki aktualizuje na bieżąco w portalu.',
      ],
      [
        '5. Opłaty i prowizja',
        'Sprzedawca płaci prowizję z cennika od każdego dostarczonego zamówienia oraz opłaty wymienione w cenniku. Operator wystawia fakturę raz w miesiącu; sprzedawca akceptuje faktury elektroniczne.',
      ],
      [
        '6. Zwroty i reklamacje',
        'Sprzedawca rozpatruje zwroty w ciągu 14 dni, a reklamacje w ciągu 30 dni zgodnie z przepisami o ochronie konsumentów i informuje klienta za pośrednictwem platformy.',
      ],
    ],
  },
  sl: {
    title: 'Splošni pogoji poslovanja za prodajalce',
    sections: [
      [
        '1. Uvodne določbe',
        'Ti pogoji urejajo razmerje med upravljavcem tržnice in prodajalcem (partnerjem), ki prek prodajnega portala ponuja blago kupcem tržnice {market}. S soglasjem v portalu prodajalec sklene pogodbo z upravljavcem.',
      ],
      [
        '2. Registracija in vključitev',
        'Prodajalec registrira spletno trgovino, potrdi e-poštni naslov in dopolni podatke o podjetju. Upravljavec prodajalca preveri in lahko registracijo zavrne brez navedbe razloga. Prodaja se začne, ko postopek vključitve doseže produkcijo.',
      ],
      [
        '3. Ponudba in cene',
        'Prodajalec odgovarja za točnost podatkov o izdelkih, zalogi in cenah z DDV. Cene so kupcem prikazane tako, kot jih vnese prodajalec; prodajalec na tržnici ne sme ponujati enakega blaga dražje kot v lastni spletni trgovini.',
      ],
      [
        '4. Naročila in dostava',
        'Prodajalec naročilo potrdi brez nepotrebnega odlašanja in ga odpošlje v dobavnem roku iz ponudbe. Stanje naročila in številko pošiljke sproti posodablja v portalu.',
      ],
      [
        '5. Pristojbine in provizija',
        'Prodajalec plača provizijo po ceniku za vsako dostavljeno naročilo in pristojbine iz cenika. Upravljavec izda račun enkrat mesečno; prodajalec soglaša z elektronskimi računi.',
      ],
      [
        '6. Vračila in reklamacije',
        'Prodajalec obravnava vračila v 14 dneh in reklamacije v 30 dneh v skladu s predpisi o varstvu potrošnikov ter kupca obvešča prek tržnice.',
      ],
    ],
  },
  hu: {
    title: 'Általános szerződési feltételek eladóknak',
    sections: [
      [
        '1. Bevezető rendelkezések',
        'Jelen feltételek szabályozzák a piactér üzemeltetője és az eladó (partner) közötti jogviszonyt, aki az eladói portálon keresztül kínál árut a(z) {market} piactér vásárlóinak. A portálon adott elfogadással az eladó szerződést köt az üzemeltetővel.',
      ],
      [
        '2. Regisztráció és bevezetés',
        'Az eladó regisztrálja webáruházát, megerősíti e-mail-címét és kitölti a cégadatokat. Az üzemeltető ellenőrzi az eladót, és indoklás nélkül elutasíthatja a regisztrációt. Az értékesítés akkor indul, amikor a bevezetési folyamat eléri az éles állapotot.',
      ],
      [
        '3. Ajánlat és árak',
        'Az eladó felel a termékadatok, a készlet és a bruttó árak helyességéért. Az árak úgy jelennek meg a vásárlóknak, ahogy az eladó megadja őket; az eladó a piactéren nem kínálhatja ugyanazt az árut drágábban, mint saját webáruházában.',
      ],
      [
        '4. Rendelések és szállítás',
        'Az eladó indokolatlan késedelem nélkül visszaigazolja a rendelést, és az ajánlatban szereplő szállítási időn belül feladja. A rendelés állapotát és a csomagszámot naprakészen tartja a portálon.',
      ],
      [
        '5. Díjak és jutalék',
        'Az eladó minden kézbesített rendelés után az árlista szerinti jutalékot és az árlistában szereplő díjakat fizeti. Az üzemeltető havonta egyszer számláz; az eladó elfogadja az elektronikus számlát.',
      ],
      [
        '6. Visszaküldés és panaszkezelés',
        'Az eladó a visszaküldéseket 14 napon, a panaszokat 30 napon belül intézi a fogyasztóvédelmi jogszabályok szerint, és a piactéren keresztül tájékoztatja a vásárlót.',
      ],
    ],
  },
  hr: {
    title: 'Opći uvjeti poslovanja za prodavatelje',
    sections: [
      [
        '1. Uvodne odredbe',
        'Ovi uvjeti uređuju odnos između operatera tržnice i prodavatelja (partnera) koji putem prodajnog portala nudi robu kupcima tržnice {market}. Prihvaćanjem u portalu prodavatelj sklapa ugovor s operaterom.',
      ],
      [
        '2. Registracija i uključivanje',
        'Prodavatelj registrira web-trgovinu, potvrđuje adresu e-pošte i dopunjuje podatke o tvrtki. Operater provjerava prodavatelja i može odbiti registraciju bez navođenja razloga. Prodaja počinje kada postupak uključivanja dosegne produkciju.',
      ],
      [
        '3. Ponuda i cijene',
        'Prodavatelj odgovara za točnost podataka o proizvodima, zalihama i cijenama s PDV-om. Cijene se kupcima prikazuju onako kako ih prodavatelj unese; prodavatelj na tržnici ne smije nuditi istu robu skuplje nego u vlastitoj web-trgovini.',
      ],
      [
        '4. Narudžbe i dostava',
        'Prodavatelj potvrđuje narudžbu bez nepotrebnog odgađanja i šalje je u roku isporuke navedenom u ponudi. Status narudžbe i broj pošiljke redovito ažurira u portalu.',
      ],
      [
        '5. Naknade i provizija',
        'Prodavatelj plaća proviziju prema cjeniku za svaku isporučenu narudžbu i naknade navedene u cjeniku. Operater izdaje račun jednom mjesečno; prodavatelj pristaje na elektroničke račune.',
      ],
      [
        '6. Povrati i reklamacije',
        'Prodavatelj rješava povrate u roku od 14 dana i reklamacije u roku od 30 dana u skladu s propisima o zaštiti potrošača i obavještava kupca putem tržnice.',
      ],
    ],
  },
};

const MARKET_NAMES: Record<string, string> = {
  CZ10MA: 'MALL.CZ',
  SK10MA: 'MALL.SK',
  PL20MA: 'MALL.PL',
  SI10SI: 'MIMOVRSTE',
  HU20MA: 'MALL.HU',
  HR10MA: 'MALL.HR',
};

function bodyOf(lang: string, shopId: string, sections: number): string {
  const text = TEXTS[lang] ?? TEXTS.en!;
  return text.sections
    .slice(0, sections)
    .map(([heading, body]) => `<h2>${heading}</h2>\n<p>${body.replaceAll('{market}', MARKET_NAMES[shopId]!)}</p>`)
    .join('\n');
}

/** The demo versions: an older one in the history and the one in force, per shop. */
const VERSIONS = [
  { version: '2025.1', validFrom: '2025-01-01', sections: 5 },
  { version: '2026.1', validFrom: '2026-01-01', sections: 6 },
] as const;

/**
 * Writes the business terms of every shop and the demo partners' consent to the version in force (every
 * partner past REGISTERED has agreed during its own onboarding), so signing in shows no prompt until an
 * operator publishes a newer version.
 */
export async function seedTerms(db: DbOrTx): Promise<void> {
  const rows = SHOP_IDS.flatMap((shopId) => VERSIONS.map((v) => ({ shopId, ...v })));
  const p = sql.param;
  await db.execute(sql`
    insert into business_terms (shop_id, version, valid_from, show_in_history, published_at, approved_by, created, updated)
    select t.shop, t.version, t.valid_from::date, true, t.valid_from::timestamptz - interval '14 days', 'Adam Operátor',
      t.valid_from::timestamptz - interval '20 days', t.valid_from::timestamptz - interval '14 days'
    from unnest(${p(rows.map((r) => r.shopId))}::text[], ${p(rows.map((r) => r.version))}::text[],
      ${p(rows.map((r) => r.validFrom))}::text[]) as t(shop, version, valid_from)`);
  const contents = rows.flatMap((r) =>
    requiredTermsLanguages(r.shopId).map((lang) => ({
      shopId: r.shopId,
      version: r.version,
      lang,
      title: (TEXTS[lang] ?? TEXTS.en!).title,
      body: bodyOf(lang, r.shopId, r.sections),
    })),
  );
  await db.execute(sql`
    insert into business_terms_contents (terms_id, lang, title, body)
    select b.id, c.lang, c.title, c.body
    from unnest(${p(contents.map((c) => c.shopId))}::text[], ${p(contents.map((c) => c.version))}::text[],
      ${p(contents.map((c) => c.lang))}::text[], ${p(contents.map((c) => c.title))}::text[],
      ${p(contents.map((c) => c.body))}::text[]) as c(shop, version, lang, title, body)
    join business_terms b on b.shop_id = c.shop and b.version = c.version`);
  const current = VERSIONS.at(-1)!;
  const languages = SHOP_IDS.map((s) => MARKETS[s].language);
  await db.execute(sql`
    insert into agreements (partner_id, terms_id, content_id, account_id, version, names, email, phone, company_id, signed)
    select p.id, b.id, c.id, a.id, b.version, coalesce(a.first_name || ' ' || a.last_name, p.partner_name),
      coalesce(a.email, ''), '', '',
      greatest(b.published_at, p.created) + interval '1 day'
    from partners p
    join unnest(${p([...SHOP_IDS])}::text[], ${p(languages)}::text[]) as s(shop, lang) on s.shop = p.shop_id
    join business_terms b on b.shop_id = p.shop_id and b.version = ${current.version}
    join business_terms_contents c on c.terms_id = b.id and c.lang = s.lang
    left join account_partners ap on ap.partner_id = p.id and ap.is_master
    left join accounts a on a.id = ap.account_id
    where p.workflow_status <> 'REGISTERED'`);
}
