import { type Language, LANGUAGES, plainTextOf } from '@pp/domain';
import type { DbOrTx } from '../../platform/db/client';
import { DEMO_FAQ } from './seed-faq';
import { DEMO_PAGES, DEMO_SERVICES } from './seed-services';
import { contentFaq, contentFaqTexts, contentPages, contentServices, contentServiceTexts } from './tables';

/**
 * The demo's services, mall-pay and financing texts and help center, in all seven languages (issue 23 point
 * 7). Every question is published but the last one of the list, kept as a draft so the cockpit shows both.
 */
export async function seedContent(tx: DbOrTx): Promise<void> {
  for (const [position, service] of DEMO_SERVICES.entries()) {
    const [row] = await tx
      .insert(contentServices)
      .values({ serviceName: service.serviceName, provider: service.provider, link: service.link, position })
      .returning({ id: contentServices.id });
    await tx.insert(contentServiceTexts).values(
      LANGUAGES.map((lang: Language) => {
        const [title, summary, body, price] = service.texts[lang];
        return { serviceId: row!.id, lang, title, summary, body, price };
      }),
    );
  }
  for (const [key, texts] of Object.entries(DEMO_PAGES)) {
    await tx
      .insert(contentPages)
      .values(LANGUAGES.map((lang) => ({ key, lang, title: texts[lang][0], body: texts[lang][1] })));
  }
  for (const [position, entry] of DEMO_FAQ.entries()) {
    const [row] = await tx
      .insert(contentFaq)
      .values({ topic: entry.topic, position, published: position < DEMO_FAQ.length - 1 })
      .returning({ id: contentFaq.id });
    await tx.insert(contentFaqTexts).values(
      LANGUAGES.map((lang) => {
        const [question, answer] = entry.texts[lang];
        return { faqId: row!.id, lang, question, answer, searchText: `${question} ${plainTextOf(answer)}` };
      }),
    );
  }
}
