import {
  type ContentPageData,
  contentPageInputSchema,
  DomainError,
  type FaqData,
  faqInputSchema,
  plainTextOf,
  type ServiceData,
  serviceInputSchema,
} from '@pp/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { sanitizeLongDesc } from '../products/sanitize';
import { type CockpitFaqEntry, type CockpitService, loadFaq, loadPageTexts, loadServices } from './service';
import { contentFaq, contentFaqTexts, contentPages, contentServices, contentServiceTexts } from './tables';

/**
 * The operators' edits of the content (cockpit `content`): one transaction per command with its audit entry.
 * Content is the marketplace's, not a partner's: the entries name no partner.
 */

/** GraphQL sends an optional field left out as null: the schema's default applies, as when the form omits it. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v != null)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(withoutNulls(input ?? {}));
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** HTML as stored: the catalogue's allow-list (no script, style, handler or code-running link). */
const clean = (html: string) => (html.trim() === '' ? '' : sanitizeLongDesc(html));

/** What a sanitised required body left: nothing readable is "required", as an empty field is. */
function requireBody(texts: { lang: string; html: string }[], field: string): void {
  const issues = texts
    .map((t, i) => ({ i, empty: plainTextOf(t.html) === '' }))
    .filter((t) => t.empty)
    .map((t) => ({ field: `texts.${t.i}.${field}`, rule: 'required' }));
  if (issues.length) throw new DomainError('VALIDATION_ERROR', {}, issues);
}

async function lockService(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(contentServices).where(eq(contentServices.id, id)).for('update');
  if (!row) throw new DomainError('ENTITY_NOT_FOUND');
  return row;
}

async function lockFaq(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(contentFaq).where(eq(contentFaq.id, id)).for('update');
  if (!row) throw new DomainError('ENTITY_NOT_FOUND');
  return row;
}

const langsOf = (texts: { lang: string }[]) => texts.map((t) => t.lang).sort();

/**
 * Operators: a new service (id null) or the whole service again, its texts replaced by the form's languages.
 * The address (serviceName) is unique: a second service of that name is refused on the field.
 */
export async function cockpitSaveService(
  ctx: RequestContext,
  id: number | null,
  input: unknown,
): Promise<CockpitService> {
  ctx.requireOperator('content', 'update');
  const data: ServiceData = parse(serviceInputSchema, input);
  const texts = data.texts.map((t) => ({ ...t, body: clean(t.body) }));
  const savedId = await ctx.db.transaction(async (tx) => {
    const before = id === null ? null : await lockService(tx, id);
    // Serialises saves that name the same address (the unique constraint still guards the end).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`content-service:${data.serviceName}`}))`);
    const [taken] = await tx
      .select({ id: contentServices.id })
      .from(contentServices)
      .where(
        and(eq(contentServices.serviceName, data.serviceName), id === null ? undefined : ne(contentServices.id, id)),
      );
    if (taken) {
      throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'serviceName', rule: 'serviceNameTaken' }]);
    }
    const columns = {
      serviceName: data.serviceName,
      provider: data.provider,
      link: data.link,
      position: data.position,
      active: data.active,
      updated: new Date(),
    };
    let serviceId: number;
    if (before) {
      await tx.update(contentServices).set(columns).where(eq(contentServices.id, before.id));
      await tx.delete(contentServiceTexts).where(eq(contentServiceTexts.serviceId, before.id));
      serviceId = before.id;
    } else {
      const [row] = await tx.insert(contentServices).values(columns).returning({ id: contentServices.id });
      serviceId = row!.id;
    }
    await tx.insert(contentServiceTexts).values(texts.map((t) => ({ serviceId, ...t })));
    await recordAudit(tx, ctx.actor(null), {
      action: before ? 'content.service.update' : 'content.service.create',
      entity: 'content_services',
      entityId: serviceId,
      data: {
        serviceName: data.serviceName,
        active: data.active,
        languages: langsOf(texts),
        ...(before ? { before: { serviceName: before.serviceName, active: before.active } } : {}),
      },
    });
    return serviceId;
  });
  const [saved] = await loadServices(ctx.db, { activeOnly: false, serviceName: data.serviceName });
  if (!saved || saved.id !== savedId) throw new DomainError('ENTITY_NOT_FOUND');
  return saved;
}

/** Operators: shows a service to partners and the public again, or hides it (kept for the cockpit). */
export async function cockpitSetServiceActive(ctx: RequestContext, id: number, active: boolean): Promise<boolean> {
  ctx.requireOperator('content', 'update');
  await ctx.db.transaction(async (tx) => {
    const row = await lockService(tx, id);
    if (row.active === active) return;
    await tx.update(contentServices).set({ active, updated: new Date() }).where(eq(contentServices.id, id));
    await recordAudit(tx, ctx.actor(null), {
      action: active ? 'content.service.activate' : 'content.service.deactivate',
      entity: 'content_services',
      entityId: id,
      data: { serviceName: row.serviceName },
    });
  });
  return active;
}

/**
 * Operators: the services' order, as the list of every service's id. A list that leaves one out or names an
 * unknown one is refused (two operators reordering at once: the second sees the first's order first).
 */
export async function cockpitOrderServices(ctx: RequestContext, ids: number[]): Promise<CockpitService[]> {
  ctx.requireOperator('content', 'update');
  await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: contentServices.id, position: contentServices.position })
      .from(contentServices)
      .for('update');
    const known = new Set(rows.map((r) => r.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((i) => !known.has(i))) {
      throw new DomainError('INVALID_REQUEST');
    }
    for (const [position, serviceId] of ids.entries()) {
      await tx.update(contentServices).set({ position }).where(eq(contentServices.id, serviceId));
    }
    await recordAudit(tx, ctx.actor(null), {
      action: 'content.service.order',
      entity: 'content_services',
      data: { order: ids },
    });
  });
  return loadServices(ctx.db, { activeOnly: false });
}

/** Operators: the mall-pay or financing page's text, its languages replaced by the form's. */
export async function cockpitSaveContentPage(ctx: RequestContext, input: unknown) {
  ctx.requireOperator('content', 'update');
  const data: ContentPageData = parse(contentPageInputSchema, input);
  const texts = data.texts.map((t) => ({ ...t, body: clean(t.body) }));
  requireBody(
    texts.map((t) => ({ lang: t.lang, html: t.body })),
    'body',
  );
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`content-page:${data.key}`}))`);
    const before = await loadPageTexts(tx, data.key);
    await tx.delete(contentPages).where(eq(contentPages.key, data.key));
    await tx.insert(contentPages).values(texts.map((t) => ({ key: data.key, ...t, updated: new Date() })));
    await recordAudit(tx, ctx.actor(null), {
      action: 'content.page.save',
      entity: 'content_pages',
      entityId: data.key,
      data: { languages: langsOf(texts), before: { languages: langsOf(before) } },
    });
  });
  return { key: data.key, texts: await loadPageTexts(ctx.db, data.key) };
}

/** Operators: a new question (id null) or the whole question again; published or a draft as the form says. */
export async function cockpitSaveFaq(ctx: RequestContext, id: number | null, input: unknown): Promise<CockpitFaqEntry> {
  ctx.requireOperator('content', 'update');
  const data: FaqData = parse(faqInputSchema, input);
  const texts = data.texts.map((t) => {
    const answer = clean(t.answer);
    return { ...t, answer, searchText: `${t.question} ${plainTextOf(answer)}` };
  });
  requireBody(
    texts.map((t) => ({ lang: t.lang, html: t.answer })),
    'answer',
  );
  const savedId = await ctx.db.transaction(async (tx) => {
    const before = id === null ? null : await lockFaq(tx, id);
    const columns = { topic: data.topic, position: data.position, published: data.published, updated: new Date() };
    let faqId: number;
    if (before) {
      await tx.update(contentFaq).set(columns).where(eq(contentFaq.id, before.id));
      await tx.delete(contentFaqTexts).where(eq(contentFaqTexts.faqId, before.id));
      faqId = before.id;
    } else {
      const [row] = await tx.insert(contentFaq).values(columns).returning({ id: contentFaq.id });
      faqId = row!.id;
    }
    await tx.insert(contentFaqTexts).values(texts.map((t) => ({ faqId, ...t })));
    await recordAudit(tx, ctx.actor(null), {
      action: before ? 'content.faq.update' : 'content.faq.create',
      entity: 'content_faq',
      entityId: faqId,
      data: {
        topic: data.topic,
        published: data.published,
        languages: langsOf(texts),
        ...(before ? { before: { topic: before.topic, published: before.published } } : {}),
      },
    });
    return faqId;
  });
  const [saved] = await loadFaq(ctx.db, savedId);
  return saved!;
}

/** Operators: publishes a question to partners or takes it back to a draft. */
export async function cockpitSetFaqPublished(ctx: RequestContext, id: number, published: boolean): Promise<boolean> {
  ctx.requireOperator('content', 'update');
  await ctx.db.transaction(async (tx) => {
    const row = await lockFaq(tx, id);
    if (row.published === published) return;
    await tx.update(contentFaq).set({ published, updated: new Date() }).where(eq(contentFaq.id, id));
    await recordAudit(tx, ctx.actor(null), {
      action: published ? 'content.faq.publish' : 'content.faq.unpublish',
      entity: 'content_faq',
      entityId: id,
      data: { topic: row.topic },
    });
  });
  return published;
}
