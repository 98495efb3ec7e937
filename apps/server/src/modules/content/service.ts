import {
  CONTENT_FALLBACK_LANGUAGE,
  CONTENT_PAGES,
  type ContentPageKey,
  DomainError,
  FAQ_TOPICS,
  type FaqTopic,
  faqSearchTerm,
  hasControlCharacters,
  INVALID_CHARACTERS,
  pickContentText,
  SERVICE_NAME_PATTERN,
} from '@pp/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { type DbOrTx, rowsOf } from '../../platform/db/client';
import { accentFolded } from '../../platform/grid';
import { contentFaq, contentFaqTexts, contentPages, contentServices, contentServiceTexts } from './tables';

/** A service as a reader sees it: one language's texts (theirs, else English). */
export interface ServiceView {
  id: number;
  serviceName: string;
  provider: string;
  link: string | null;
  /** The language of the texts below (English when the reader's is not written). */
  lang: string;
  title: string;
  summary: string;
  body: string;
  price: string;
}

export interface ServiceText {
  lang: string;
  title: string;
  summary: string;
  body: string;
  price: string;
}

/** A service as the cockpit edits it: every language. */
export interface CockpitService {
  id: number;
  serviceName: string;
  provider: string;
  link: string | null;
  position: number;
  active: boolean;
  updated: Date;
  texts: ServiceText[];
}

export interface PageText {
  lang: string;
  title: string;
  body: string;
}

export interface ContentPageView extends PageText {
  key: ContentPageKey;
}

export interface FaqText {
  lang: string;
  question: string;
  answer: string;
}

export interface FaqEntryView extends FaqText {
  id: number;
  topic: string;
}

export interface CockpitFaqEntry {
  id: number;
  topic: string;
  position: number;
  published: boolean;
  updated: Date;
  texts: FaqText[];
}

const serviceTextFields = {
  serviceId: contentServiceTexts.serviceId,
  lang: contentServiceTexts.lang,
  title: contentServiceTexts.title,
  summary: contentServiceTexts.summary,
  body: contentServiceTexts.body,
  price: contentServiceTexts.price,
};

/** The services in the list's order with every text; `activeOnly` for partners and the public. */
export async function loadServices(db: DbOrTx, options: { activeOnly: boolean; serviceName?: string }) {
  const rows = await db
    .select()
    .from(contentServices)
    .where(
      and(
        options.activeOnly ? eq(contentServices.active, true) : undefined,
        options.serviceName === undefined ? undefined : eq(contentServices.serviceName, options.serviceName),
      ),
    )
    .orderBy(asc(contentServices.position), asc(contentServices.id));
  if (rows.length === 0) return [];
  const texts = await db
    .select(serviceTextFields)
    .from(contentServiceTexts)
    .where(
      inArray(
        contentServiceTexts.serviceId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(contentServiceTexts.lang));
  return rows.map(
    (r): CockpitService => ({
      id: r.id,
      serviceName: r.serviceName,
      provider: r.provider,
      link: r.link,
      position: r.position,
      active: r.active,
      updated: r.updated,
      texts: texts.filter((t) => t.serviceId === r.id).map(({ serviceId: _, ...t }) => t),
    }),
  );
}

function viewOf(service: CockpitService, lang: string): ServiceView | null {
  const text = pickContentText(service.texts, lang);
  if (!text) return null;
  const { id, serviceName, provider, link } = service;
  return { id, serviceName, provider, link, ...text };
}

async function readServices(ctx: RequestContext): Promise<ServiceView[]> {
  const services = await loadServices(ctx.db, { activeOnly: true });
  return services.map((s) => viewOf(s, ctx.lang)).filter((s): s is ServiceView => s !== null);
}

async function readService(ctx: RequestContext, serviceName: string): Promise<ServiceView> {
  // An address that cannot be a service's (control characters included) is not looked up at all.
  if (!SERVICE_NAME_PATTERN.test(serviceName)) throw new DomainError('ENTITY_NOT_FOUND');
  const [service] = await loadServices(ctx.db, { activeOnly: true, serviceName });
  const view = service ? viewOf(service, ctx.lang) : null;
  if (!view) throw new DomainError('ENTITY_NOT_FOUND');
  return view;
}

/** Services (portal `services`): any member of the selected partner, active services only. */
export async function partnerServices(ctx: RequestContext): Promise<ServiceView[]> {
  await ctx.requirePartner();
  return readServices(ctx);
}

export async function partnerService(ctx: RequestContext, serviceName: string): Promise<ServiceView> {
  await ctx.requirePartner();
  return readService(ctx, serviceName);
}

/**
 * The same services for a signed-out visitor (the login page's link): the marketplace's public offer, the
 * content partners read. No session; the whole GraphQL endpoint's per-address rate limit applies.
 */
export function publicServices(ctx: RequestContext): Promise<ServiceView[]> {
  return readServices(ctx);
}

export function publicService(ctx: RequestContext, serviceName: string): Promise<ServiceView> {
  return readService(ctx, serviceName);
}

export async function loadPageTexts(db: DbOrTx, key: ContentPageKey): Promise<PageText[]> {
  return db
    .select({ lang: contentPages.lang, title: contentPages.title, body: contentPages.body })
    .from(contentPages)
    .where(eq(contentPages.key, key))
    .orderBy(asc(contentPages.lang));
}

/** The mall-pay or financing page's text in the reader's language (any member of the partner). */
export async function contentPage(ctx: RequestContext, key: string): Promise<ContentPageView> {
  await ctx.requirePartner();
  if (!(CONTENT_PAGES as readonly string[]).includes(key)) throw new DomainError('ENTITY_NOT_FOUND');
  const text = pickContentText(await loadPageTexts(ctx.db, key as ContentPageKey), ctx.lang);
  if (!text) throw new DomainError('ENTITY_NOT_FOUND');
  return { key: key as ContentPageKey, ...text };
}

/** LIKE's own characters in a typed search are characters, not patterns. */
function likeEscaped(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The help center (portal `faq`): published questions in the reader's language (else English), optionally of
 * one topic and matching a search. The search looks in the question and the answer's words as the reader sees
 * them, ignoring case and diacritics ("faktura" finds "fakturu", "cislo" finds "číslo").
 */
export async function partnerFaq(
  ctx: RequestContext,
  filter: { search?: string | null; topic?: string | null },
): Promise<FaqEntryView[]> {
  await ctx.requirePartner();
  if (filter.search && hasControlCharacters(filter.search)) {
    throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'search', rule: INVALID_CHARACTERS }]);
  }
  const term = faqSearchTerm(filter.search);
  const topic = filter.topic && (FAQ_TOPICS as readonly string[]).includes(filter.topic) ? filter.topic : null;
  if (filter.topic && !topic) return [];
  const langs = [...new Set([ctx.lang, CONTENT_FALLBACK_LANGUAGE])];
  // One text per question: the reader's language first, else English (DISTINCT ON keeps the first).
  const result = await ctx.db.execute(sql`
    select * from (
      select distinct on (f.id) f.id, f.topic, f.position, t.lang, t.question, t.answer, t.search_text
      from ${contentFaq} f
      join ${contentFaqTexts} t on t.faq_id = f.id and t.lang in (${sql.join(
        langs.map((l) => sql`${l}`),
        sql`, `,
      )})
      where f.published ${topic ? sql`and f.topic = ${topic}` : sql``}
      order by f.id, (t.lang = ${ctx.lang}) desc
    ) picked
    ${term ? sql`where ${accentFolded(sql`picked.search_text`)} like '%' || ${accentFolded(likeEscaped(term))} || '%'` : sql``}
    order by picked.position, picked.id`);
  const rows = rowsOf(result) as {
    id: number;
    topic: string;
    lang: string;
    question: string;
    answer: string;
  }[];
  const order = (t: string) => FAQ_TOPICS.indexOf(t as FaqTopic);
  return rows
    .map((r) => ({ id: Number(r.id), topic: r.topic, lang: r.lang, question: r.question, answer: r.answer }))
    .sort((a, b) => order(a.topic) - order(b.topic));
}

/** Every question with every language, for the cockpit. */
export async function loadFaq(db: DbOrTx, id?: number): Promise<CockpitFaqEntry[]> {
  const rows = await db
    .select()
    .from(contentFaq)
    .where(id === undefined ? undefined : eq(contentFaq.id, id))
    .orderBy(asc(contentFaq.position), asc(contentFaq.id));
  if (rows.length === 0) return [];
  const texts = await db
    .select({
      faqId: contentFaqTexts.faqId,
      lang: contentFaqTexts.lang,
      question: contentFaqTexts.question,
      answer: contentFaqTexts.answer,
    })
    .from(contentFaqTexts)
    .where(
      inArray(
        contentFaqTexts.faqId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(contentFaqTexts.lang));
  const order = (t: string) => FAQ_TOPICS.indexOf(t as FaqTopic);
  return rows
    .map((r) => ({
      id: r.id,
      topic: r.topic,
      position: r.position,
      published: r.published,
      updated: r.updated,
      texts: texts.filter((t) => t.faqId === r.id).map(({ faqId: _, ...t }) => t),
    }))
    .sort((a, b) => order(a.topic) - order(b.topic));
}

export function cockpitServices(ctx: RequestContext): Promise<CockpitService[]> {
  ctx.requireOperator('content', 'read');
  return loadServices(ctx.db, { activeOnly: false });
}

export async function cockpitContentPages(ctx: RequestContext): Promise<{ key: ContentPageKey; texts: PageText[] }[]> {
  ctx.requireOperator('content', 'read');
  return [
    { key: 'mall-pay', texts: await loadPageTexts(ctx.db, 'mall-pay') },
    { key: 'financing', texts: await loadPageTexts(ctx.db, 'financing') },
  ];
}

export function cockpitFaq(ctx: RequestContext): Promise<CockpitFaqEntry[]> {
  ctx.requireOperator('content', 'read');
  return loadFaq(ctx.db);
}
