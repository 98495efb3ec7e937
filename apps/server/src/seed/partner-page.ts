import { partnerPages } from '../modules/partner-page/tables';
import type { DbOrTx } from '../platform/db/client';

/**
 * The demo shops' public pages (issue 22 point 6), each in its market's language. The Slovak and the onboarding
 * partner keep none: the page then starts empty, as a new shop's does.
 */
export async function seedPartnerPages(tx: DbOrTx, ids: { cz: number; pl: number; hr: number }): Promise<void> {
  await tx.insert(partnerPages).values([
    {
      partnerId: ids.cz,
      tagline: 'Vybavení na běh, kolo a hory od roku 2009',
      description:
        '<p>Jsme rodinný obchod z Prahy. Každý výrobek <strong>sami vyzkoušíme</strong>, než ho zařadíme do nabídky.</p>' +
        '<ul><li>Odesíláme do 24 hodin</li><li>Výměna velikosti zdarma</li><li>Poradíme s výběrem na telefonu i e-mailem</li></ul>',
      webUrl: 'https://www.sport-demo.cz',
      termsUrl: 'https://www.sport-demo.cz/obchodni-podminky',
      complaintsUrl: 'https://www.sport-demo.cz/reklamace',
      contactEmail: 'obchod@sport-demo.cz',
      contactPhone: '+420 601 123 456',
    },
    {
      partnerId: ids.pl,
      tagline: 'Zabawki edukacyjne i gry dla całej rodziny',
      description:
        '<p>Wybieramy zabawki, które uczą i bawią. Wszystkie produkty mają <em>polskie instrukcje</em> i atesty.</p>',
      webUrl: 'https://www.zabawki-demo.pl',
      termsUrl: 'https://www.zabawki-demo.pl/regulamin',
      complaintsUrl: '',
      contactEmail: 'sklep@zabawki-demo.pl',
      contactPhone: '+48 601 234 567',
    },
    {
      partnerId: ids.hr,
      tagline: 'Sve za vrt i terasu',
      description: '<p>Biljke, alati i namještaj za vrt, uz savjete naših vrtlara.</p>',
      webUrl: 'https://www.vrt-demo.hr',
      termsUrl: '',
      complaintsUrl: '',
      contactEmail: 'info@vrt-demo.hr',
      contactPhone: '',
    },
  ]);
}
