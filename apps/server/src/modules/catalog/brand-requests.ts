import {
  BRAND_REQUEST_STATUSES,
  type BrandRequestStatus,
  brandIdOf,
  brandRequestSchema,
  brandTag,
  DomainError,
  type GridPage,
  isShopId,
  isSimilarBrand,
  type Language,
  MARKETS,
  type StreamAudience,
  type StreamEvent,
  safeText,
} from '@pp/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit/service';
import { emitPartnerEvent } from '../events/emit';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { keepStoredFiles, publicMediaPath } from '../../platform/files';
import { storedFiles } from '../../platform/files/tables';
import { accentInsensitive, buildGridQuery, cappedTotal, type GridColumn } from '../../platform/grid';
import { partners } from '../partner/tables';
import { type BrandRow, brandRowFields, brandRowOf } from './brands';
import { partnerShop } from './categories';
import { LOGO_FILE_KIND } from './logo';
import { brandRequests, brands, type Translated } from './tables';
import { isUniqueViolation } from '../../platform/db/pg-errors';

export interface BrandRequestRow {
  id: number;
  brandId: string;
  name: string;
  status: BrandRequestStatus;
  reason: string | null;
  requestedAt: Date;
  decidedAt: Date | null;
  logoUrl: string | null;
}

export interface CockpitBrandRequestRow extends BrandRequestRow {
  partnerId: number;
  partnerName: string;
  webTitle: string | null;
  description: string | null;
  manufacturer: Record<string, string> | null;
  responsiblePerson: Record<string, string> | null;
  translations: { languageId: string; name: string; description: string }[];
  email: string | null;
}

export interface BrandRequestResult {
  success: boolean;
  request: BrandRequestRow | null;
  similarBrandsList: BrandRow[];
}

/** Similar brands a refused request lists at most: enough to recognise one's brand, not a catalogue. */
const SIMILAR_BRANDS_SHOWN = 10;
/** Candidates read by the trigram index before the domain's similarity rule decides. */
const SIMILAR_CANDIDATES = 200;
/** Below the default 0.3: a swapped pair of letters in a short name ("Sonx" for "Sony") still comes up. */
const SIMILARITY_THRESHOLD = '0.2';
/** The shortest tag the domain finds inside another one (isSimilarBrand). */
const CONTAINED_MIN_LENGTH = 3;

export const REJECT_REASON_MAX = 500;
const rejectSchema = z.object({
  reason: safeText({ multiline: true }).trim().min(1, 'required').max(REJECT_REASON_MAX, 'max'),
});

const requestFields = {
  id: brandRequests.id,
  partnerId: brandRequests.partnerId,
  brandId: brandRequests.brandId,
  name: brandRequests.name,
  status: brandRequests.status,
  reason: brandRequests.reason,
  requestedAt: brandRequests.requestedAt,
  decidedAt: brandRequests.decidedAt,
  logoFileId: brandRequests.logoFileId,
};

type RequestFields = { [K in keyof typeof requestFields]: (typeof brandRequests.$inferSelect)[K] };

function toRequestRow(row: RequestFields): BrandRequestRow {
  return {
    id: row.id,
    brandId: row.brandId,
    name: row.name,
    status: row.status as BrandRequestStatus,
    reason: row.reason,
    requestedAt: row.requestedAt,
    decidedAt: row.decidedAt,
    logoUrl: row.logoFileId ? publicMediaPath(row.logoFileId) : null,
  };
}

function substringsOf(tag: string, min: number): string[] {
  const parts = new Set<string>();
  for (let start = 0; start < tag.length; start++) {
    for (let end = start + min; end <= tag.length; end++) parts.add(tag.slice(start, end));
  }
  return [...parts];
}

/**
 * Accepted brands the domain calls similar to the tag. The trigram index proposes candidates (close
 * spellings, tags containing this one, tags contained in it); `isSimilarBrand` decides.
 */
async function similarBrands(tx: DbOrTx, tag: string, lang: Language): Promise<(BrandRow & { tag: string })[]> {
  if (!tag) return [];
  await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', ${SIMILARITY_THRESHOLD}, true)`);
  const contained = substringsOf(tag, CONTAINED_MIN_LENGTH);
  const rows = await tx
    .select({ ...brandRowFields, tag: brands.tag })
    .from(brands)
    .where(
      and(
        eq(brands.accepted, true),
        sql`(${brands.tag} % ${tag} or ${brands.tag} like ${`%${tag}%`} or ${brands.tag} = any(${sql.param(contained)}::text[]))`,
      ),
    )
    .orderBy(sql`similarity(${brands.tag}, ${tag}) desc`, asc(brands.id))
    .limit(SIMILAR_CANDIDATES);
  return rows.filter((r) => isSimilarBrand(r.tag, tag)).map((r) => ({ ...brandRowOf(r, lang), tag: r.tag }));
}

/**
 * A partner asks the marketplace for a new brand (spec §4 "Brand creation", §5 "Brand"). A taken id is a
 * validation error on the name; an open request for the same brand by anybody is BRAND_ALREADY_REQUESTED
 * (the partial unique index decides between parallel requests); similar brands answer success false with
 * the list, unless the partner confirmed with `force`.
 */
export async function createBrandRequest(
  ctx: RequestContext,
  input: unknown,
  force: boolean,
  /** Runs in the request's transaction once it is written (the Heureka brand pairing links its row). */
  onCreated?: (tx: DbOrTx, request: BrandRequestRow, partnerId: number) => Promise<void>,
): Promise<BrandRequestResult> {
  const { partnerId } = await partnerShop(ctx, 'brands', 'create');
  const parsed = brandRequestSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const data = parsed.data;
  const brandId = brandIdOf(data.name);
  const tag = brandTag(data.name);
  const alreadyRequested = () => new DomainError('BRAND_ALREADY_REQUESTED', { 0: data.name });
  let result: BrandRequestResult;
  try {
    result = await ctx.db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, brandId));
      if (taken) throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'name', rule: 'brandExists' }]);
      const [open] = await tx
        .select({ id: brandRequests.id })
        .from(brandRequests)
        .where(and(eq(brandRequests.brandId, brandId), eq(brandRequests.status, 'PENDING')));
      if (open) throw alreadyRequested();
      if (data.logoFileId) {
        const [logo] = await tx
          .select({ id: storedFiles.id })
          .from(storedFiles)
          .where(
            and(
              eq(storedFiles.partnerId, partnerId),
              eq(storedFiles.id, data.logoFileId),
              eq(storedFiles.kind, LOGO_FILE_KIND),
            ),
          );
        if (!logo) throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'logoFileId', rule: 'invalid' }]);
      }
      if (!force) {
        const similar = await similarBrands(tx, tag, ctx.lang);
        if (similar.length) {
          return {
            success: false,
            request: null,
            similarBrandsList: similar.slice(0, SIMILAR_BRANDS_SHOWN).map(({ tag: _t, ...row }) => row),
          };
        }
      }
      const [row] = await tx
        .insert(brandRequests)
        .values({
          partnerId,
          brandId,
          name: data.name,
          webTitle: data.webTitle || null,
          description: data.description || null,
          logoFileId: data.logoFileId ?? null,
          manufacturer: partyOf(data.manufacturer),
          responsiblePerson: data.responsiblePerson ? partyOf(data.responsiblePerson) : null,
          translations: data.translations,
          email: ctx.auth?.account.email ?? null,
          accountId: ctx.auth?.account.id ?? null,
        })
        .returning(requestFields);
      // The logo stays now that a request shows it (an upload nobody sends expires like any file).
      if (data.logoFileId) await keepStoredFiles(tx, partnerId, [data.logoFileId]);
      if (onCreated) await onCreated(tx, toRequestRow(row!), partnerId);
      await recordAudit(tx, ctx.actor(partnerId), {
        action: 'brand.request',
        entity: 'brand_request',
        entityId: row!.id,
        data: { brandId, name: data.name, force },
      });
      return { success: true, request: toRequestRow(row!), similarBrandsList: [] };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'brand_requests_pending_brand_idx')) throw alreadyRequested();
    throw error;
  }
  // After the commit: an operator's queue must not show a request a rollback took back.
  if (result.request) {
    const { id, name } = result.request;
    await publishQuietly(ctx, { operators: true }, { type: 'brand_request_created', data: { requestId: id, name } });
  }
  return result;
}

/** A live event is a courtesy on top of the committed change: a failed NOTIFY must not fail the command. */
async function publishQuietly(ctx: RequestContext, audience: StreamAudience, event: StreamEvent) {
  await ctx.platform.stream
    .publish(audience, event)
    .catch((error) => ctx.log.warn({ err: error, event: event.type }, 'brand request event not published'));
}

function partyOf(party: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(party).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

const HISTORY_COLUMNS: readonly GridColumn[] = [
  { field: 'id', sql: brandRequests.id, filterType: 'NUMBER', number: 'int8', sortable: true },
  { field: 'brandId', sql: brandRequests.brandId, filterType: 'TEXT' },
  { field: 'name', sql: brandRequests.name, filterType: 'TEXT', sortable: true, foldAccents: true },
  { field: 'status', sql: brandRequests.status, filterType: 'ENUMS', options: BRAND_REQUEST_STATUSES },
  { field: 'requestedAt', sql: brandRequests.requestedAt, filterType: 'DATETIME', sortable: true },
  { field: 'decidedAt', sql: brandRequests.decidedAt, filterType: 'DATETIME', sortable: true },
];

/** The partner's brand requests, newest first (the brands history tab). */
export async function brandRequestHistory(ctx: RequestContext, grid: unknown): Promise<GridPage<BrandRequestRow>> {
  const { partnerId } = await partnerShop(ctx, 'brands');
  const q = buildGridQuery(grid, HISTORY_COLUMNS, {
    idColumn: brandRequests.id,
    defaultSort: { field: 'requestedAt', direction: 'DESCENDING' },
    searchColumns: [accentInsensitive(brandRequests.name), brandRequests.brandId],
  });
  const where = and(eq(brandRequests.partnerId, partnerId), q.where);
  const [rows, total] = await Promise.all([
    q.readRows((seek, limit, offset) =>
      ctx.db
        .select({ ...requestFields, ...q.cursorFields })
        .from(brandRequests)
        .where(and(where, seek))
        .orderBy(...q.orderBy)
        .limit(limit)
        .offset(offset),
    ),
    cappedTotal(ctx.db, brandRequests, where),
  ]);
  return q.toPage(
    rows.map((r) => ({ ...toRequestRow(r), gridSortKey: r.gridSortKey, gridRowKey: r.gridRowKey })),
    total,
  );
}

const cockpitFields = {
  ...requestFields,
  partnerName: partners.partnerName,
  shopId: partners.shopId,
  webTitle: brandRequests.webTitle,
  description: brandRequests.description,
  manufacturer: brandRequests.manufacturer,
  responsiblePerson: brandRequests.responsiblePerson,
  translations: brandRequests.translations,
  email: brandRequests.email,
};

type CockpitFields = RequestFields & {
  partnerName: string | null;
  webTitle: string | null;
  description: string | null;
  manufacturer: Record<string, string> | null;
  responsiblePerson: Record<string, string> | null;
  translations: { languageId: string; name: string; description: string }[];
  email: string | null;
};

function toCockpitRow(row: CockpitFields): CockpitBrandRequestRow {
  return {
    ...toRequestRow(row),
    partnerId: row.partnerId,
    partnerName: row.partnerName ?? '',
    webTitle: row.webTitle,
    description: row.description,
    manufacturer: row.manufacturer,
    responsiblePerson: row.responsiblePerson,
    translations: row.translations,
    email: row.email,
  };
}

const COCKPIT_COLUMNS: readonly GridColumn[] = [
  ...HISTORY_COLUMNS,
  { field: 'partnerId', sql: brandRequests.partnerId, filterType: 'NUMBER', number: 'int4' },
  { field: 'partnerName', sql: partners.partnerName, filterType: 'TEXT', sortable: true, foldAccents: true },
];

/**
 * Every partner's brand requests for the operators: pending ones first and the oldest of them on top (they
 * wait longest), unless the grid sorts otherwise. Pages by offset (the pending-first order has no cursor).
 */
export async function cockpitBrandRequests(
  ctx: RequestContext,
  grid: unknown,
  status: string | null | undefined,
): Promise<GridPage<CockpitBrandRequestRow>> {
  ctx.requireOperator('catalog', 'read');
  if (status != null && !(BRAND_REQUEST_STATUSES as readonly string[]).includes(status)) {
    throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'status', rule: 'invalid' }]);
  }
  if ((grid as { after?: unknown } | null)?.after != null) {
    throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'after', rule: 'invalid' }]);
  }
  const q = buildGridQuery(grid, COCKPIT_COLUMNS, {
    idColumn: brandRequests.id,
    defaultSort: { field: 'requestedAt', direction: 'ASCENDING' },
    searchColumns: [
      accentInsensitive(brandRequests.name),
      brandRequests.brandId,
      accentInsensitive(partners.partnerName),
    ],
  });
  const where = and(status ? eq(brandRequests.status, status) : undefined, q.where);
  const orderBy: SQL[] = q.request.sort ? q.orderBy : [sql`(${brandRequests.status} <> 'PENDING')`, ...q.orderBy];
  const from = ctx.db
    .select(cockpitFields)
    .from(brandRequests)
    .leftJoin(partners, eq(partners.id, brandRequests.partnerId));
  const [rows, [count]] = await Promise.all([
    from
      .where(where)
      .orderBy(...orderBy)
      .limit(q.limit)
      .offset(q.offset),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(brandRequests)
      .leftJoin(partners, eq(partners.id, brandRequests.partnerId))
      .where(where),
  ]);
  return {
    items: rows.map(toCockpitRow),
    total: count?.n ?? 0,
    totalExact: true,
    page: q.request.page,
    perPage: q.request.perPage,
    nextCursor: null,
  };
}

async function lockRequest(tx: DbOrTx, partnerId: number, id: number) {
  const [row] = await tx
    .select(cockpitFields)
    .from(brandRequests)
    .leftJoin(partners, eq(partners.id, brandRequests.partnerId))
    .where(and(eq(brandRequests.partnerId, partnerId), eq(brandRequests.id, id)))
    .for('update', { of: brandRequests });
  if (!row) throw new DomainError('BRAND_REQUEST_NOT_FOUND');
  if (row.status !== 'PENDING') throw new DomainError('BRAND_REQUEST_DECIDED');
  return row;
}

/** The brand's address on the marketplace: its name folded to lower-case words joined by hyphens. */
export function brandUrlKey(name: string, brandId: string): string {
  const key = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return key || brandId.toLowerCase();
}

/** The brand's descriptions per language: the translations, and the request's own text in the shop's language. */
function descriptionsOf(row: CockpitFields & { shopId: string | null }): Translated {
  const texts: Translated = {};
  for (const t of row.translations) if (t.description) texts[t.languageId] = t.description;
  const shopLanguage = row.shopId && isShopId(row.shopId) ? MARKETS[row.shopId].language : 'en';
  if (row.description && !texts[shopLanguage]) texts[shopLanguage] = row.description;
  return texts;
}

/** The partner learns the outcome; the other operators' queues drop the request from the pending ones. */
async function announce(ctx: RequestContext, row: CockpitBrandRequestRow) {
  const event: StreamEvent = {
    type: 'brand_request_decided',
    data: { requestId: row.id, name: row.name, status: row.status },
  };
  await Promise.all([
    publishQuietly(ctx, { partnerId: row.partnerId }, event),
    publishQuietly(ctx, { operators: true }, event),
  ]);
}

/** An operator accepts a pending request: the brand exists from now on, with the request's logo and texts. */
export async function acceptBrandRequest(
  ctx: RequestContext,
  id: number,
  partnerId: number,
): Promise<CockpitBrandRequestRow> {
  const admin = ctx.requireOperator('catalog', 'update');
  const result = await ctx.db.transaction(async (tx) => {
    const row = await lockRequest(tx, partnerId, id);
    const [taken] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, row.brandId));
    if (taken) throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'name', rule: 'brandExists' }]);
    await tx.insert(brands).values({
      id: row.brandId,
      name: row.name,
      accepted: true,
      description: descriptionsOf(row),
      mediaId: row.logoFileId,
      urlKey: brandUrlKey(row.name, row.brandId),
      tag: brandTag(row.name),
    });
    const decidedAt = new Date();
    await tx
      .update(brandRequests)
      .set({ status: 'ACCEPTED', decidedAt, decidedBy: admin.account.id })
      .where(and(eq(brandRequests.partnerId, partnerId), eq(brandRequests.id, id)));
    await recordAudit(tx, ctx.actor(null), {
      action: 'brand.request.accept',
      entity: 'brand_request',
      entityId: id,
      data: { brandId: row.brandId, name: row.name },
      partnerId,
    });
    await emitPartnerEvent(tx, {
      partnerId,
      type: 'BRAND_REQUEST_DECIDED',
      data: { requestId: id, brand: row.name, decision: 'ACCEPTED' },
      at: decidedAt.toISOString(),
    });
    return toCockpitRow({ ...row, status: 'ACCEPTED', decidedAt });
  });
  await announce(ctx, result);
  return result;
}

/** An operator rejects a pending request with a reason the partner reads in the history. */
export async function rejectBrandRequest(
  ctx: RequestContext,
  id: number,
  partnerId: number,
  reasonInput: unknown,
): Promise<CockpitBrandRequestRow> {
  const admin = ctx.requireOperator('catalog', 'update');
  const parsed = rejectSchema.safeParse({ reason: reasonInput });
  if (!parsed.success) throw validationError(parsed.error);
  const { reason } = parsed.data;
  const result = await ctx.db.transaction(async (tx) => {
    const row = await lockRequest(tx, partnerId, id);
    const decidedAt = new Date();
    await tx
      .update(brandRequests)
      .set({ status: 'REJECTED', reason, decidedAt, decidedBy: admin.account.id })
      .where(and(eq(brandRequests.partnerId, partnerId), eq(brandRequests.id, id)));
    await recordAudit(tx, ctx.actor(null), {
      action: 'brand.request.reject',
      entity: 'brand_request',
      entityId: id,
      data: { brandId: row.brandId, name: row.name, reason },
      partnerId,
    });
    await emitPartnerEvent(tx, {
      partnerId,
      type: 'BRAND_REQUEST_DECIDED',
      data: { requestId: id, brand: row.name, decision: 'REJECTED' },
      at: decidedAt.toISOString(),
    });
    return toCockpitRow({ ...row, status: 'REJECTED', reason, decidedAt });
  });
  await announce(ctx, result);
  return result;
}
