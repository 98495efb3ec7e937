import {
  autoPairChoice,
  buildPairingIndex,
  CATEGORY_LEAF_LEVEL,
  DomainError,
  HEUREKA_CATEGORY_TEXT_MAX,
  isShopId,
  LANGUAGES,
  type Language,
  MARKETS,
  normalizeCategoryText,
  PAIRING_RECOMMENDATIONS,
  type PairingCandidate,
  type PairingIndex,
  type PairingScore,
  rankCategories,
  searchKey,
} from '@pp/domain';
import { and, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import { type DbOrTx, rowsOf } from '../../platform/db/client';
import { textIn } from '../catalog/categories';
import { ancestorJoins, lockedSql } from '../catalog/rules';
import { categories, type Translated } from '../catalog/tables';
import { partners } from '../partner/tables';
import { type HeurekaPairedBy, heurekaCategories } from './tables-heureka';

/**
 * Pairing the categories of a partner's Heureka feed (CATEGORYTEXT) with the marketplace's categories: the
 * rows a run notes, the grid a person pairs them in, the ranked recommendations (the domain's similarity
 * score, feeds/pairing.ts) and the automatic pairing of a category whose best match is clear.
 */

export interface HeurekaCategoryRow {
  id: number;
  categoryText: string;
  itemCount: number;
  categoryId: number | null;
  /** The paired category's names from the root, in the reader's language. */
  categoryPath: string[] | null;
  pairedBy: HeurekaPairedBy | null;
  pairedScore: number | null;
  seenAt: Date;
  updated: Date;
}

export interface HeurekaRecommendation {
  categoryId: number;
  score: number;
  name: string;
  path: string[];
  locked: boolean;
}

const { parent, grandparent } = ancestorJoins;

async function shopOf(db: DbOrTx, partnerId: number): Promise<string> {
  const [row] = await db.select({ shopId: partners.shopId }).from(partners).where(eq(partners.id, partnerId));
  if (!row) throw new DomainError('ACCESS_DENIED');
  return row.shopId;
}

/** The partner the caller acts for, after the Heureka feed permission check. */
export async function heurekaPartner(ctx: RequestContext, action: 'read' | 'update'): Promise<number> {
  const { partnerId } = await ctx.require('heurekaFeed', action);
  return partnerId;
}

interface LeafRow {
  id: number;
  names: Translated;
  parentNames: Translated | null;
  grandparentNames: Translated | null;
  locked: boolean;
}

/** A category is offered only when it and every category above it are visible. */
const displayedSql = sql<boolean>`(${categories.visible} and coalesce(${parent.visible}, true) and coalesce(${grandparent.visible}, true))`;

/** The displayed leaves of the shop's tree (only they take products), with their ancestors' names. */
async function leaves(db: DbOrTx, partnerId: number, shopId: string, where?: SQL): Promise<LeafRow[]> {
  return db
    .select({
      id: categories.id,
      names: categories.names,
      parentNames: parent.names,
      grandparentNames: grandparent.names,
      locked: lockedSql(partnerId),
    })
    .from(categories)
    .leftJoin(parent, ancestorJoins.parentOn)
    .leftJoin(grandparent, ancestorJoins.grandparentOn)
    .where(and(eq(categories.shopId, shopId), eq(categories.level, CATEGORY_LEAF_LEVEL), displayedSql, where));
}

function pathIn(row: LeafRow, lang: Language): string[] {
  return [row.grandparentNames, row.parentNames, row.names]
    .filter((n): n is Translated => n !== null)
    .map((n) => textIn(n, lang));
}

/** A leaf as pairing scores it: its path in the shop's language first, then in each other language it has. */
function candidateOf(row: LeafRow, shopLanguage: Language): PairingCandidate {
  const others = LANGUAGES.filter((l) => l !== shopLanguage && row.names[l]).map((l) => pathIn(row, l));
  return { id: row.id, paths: [pathIn(row, shopLanguage), ...others], locked: Boolean(row.locked) };
}

function shopLanguageOf(shopId: string): Language {
  return isShopId(shopId) ? MARKETS[shopId].language : 'en';
}

async function pairingIndex(db: DbOrTx, partnerId: number, shopId: string): Promise<PairingIndex> {
  const language = shopLanguageOf(shopId);
  return buildPairingIndex((await leaves(db, partnerId, shopId)).map((r) => candidateOf(r, language)));
}

/**
 * Pairs the partner's undecided rows (never paired, never unpaired by a person) whose best category is a
 * clear winner. `ids` limits it to those rows; returns how many were paired.
 */
async function autoPair(tx: DbOrTx, partnerId: number, ids?: number[]): Promise<number> {
  const undecided = await tx
    .select({ id: heurekaCategories.id, categoryText: heurekaCategories.categoryText })
    .from(heurekaCategories)
    .where(
      and(
        eq(heurekaCategories.partnerId, partnerId),
        isNull(heurekaCategories.categoryId),
        isNull(heurekaCategories.pairedBy),
        ids ? inArray(heurekaCategories.id, ids) : undefined,
      ),
    );
  if (!undecided.length) return 0;
  const index = await pairingIndex(tx, partnerId, await shopOf(tx, partnerId));
  const chosen = undecided.flatMap((row) => {
    const choice = autoPairChoice(rankCategories(index, row.categoryText, 2));
    return choice ? [{ id: row.id, categoryId: choice.categoryId, score: choice.score }] : [];
  });
  if (!chosen.length) return 0;
  await tx.execute(sql`update ${heurekaCategories} as h
    set category_id = c.category_id, paired_by = 'AUTO', paired_score = c.score, updated = now()
    from unnest(${sql.param(chosen.map((c) => c.id))}::int[], ${sql.param(chosen.map((c) => c.categoryId))}::int[],
      ${sql.param(chosen.map((c) => c.score))}::real[]) as c(id, category_id, score)
    where h.id = c.id and h.partner_id = ${partnerId} and h.category_id is null and h.paired_by is null`);
  return chosen.length;
}

/**
 * What a feed run tells about its categories: how many items named each CATEGORYTEXT. Every path gets its
 * row (created or its count and time refreshed), then the new and undecided ones are paired automatically
 * where the choice is clear. Runs inside the caller's transaction; returns how many were paired now.
 */
export async function noteHeurekaCategories(
  tx: DbOrTx,
  partnerId: number,
  counts: Map<string, number>,
): Promise<{ noted: number; autoPaired: number }> {
  const merged = new Map<string, number>();
  for (const [text, n] of counts) {
    const key = normalizeCategoryText(text);
    if (key === '' || key.length > HEUREKA_CATEGORY_TEXT_MAX) continue;
    merged.set(key, (merged.get(key) ?? 0) + n);
  }
  if (!merged.size) return { noted: 0, autoPaired: 0 };
  const texts = [...merged.keys()];
  const result = await tx.execute(sql`insert into ${heurekaCategories} (partner_id, category_text, item_count)
    select ${partnerId}::int, t, n from unnest(${sql.param(texts)}::text[], ${sql.param(texts.map((t) => merged.get(t)!))}::int[]) as x(t, n)
    on conflict (partner_id, category_text) do update set item_count = excluded.item_count, seen_at = now()
    returning id`);
  const ids = rowsOf<{ id: number }>(result);
  const autoPaired = await autoPair(
    tx,
    partnerId,
    ids.map((r) => Number(r.id)),
  );
  return { noted: texts.length, autoPaired };
}

/** The marketplace category each of the partner's paired paths leads to (for a run: path → category id). */
export async function heurekaPairings(db: DbOrTx, partnerId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ text: heurekaCategories.categoryText, categoryId: heurekaCategories.categoryId })
    .from(heurekaCategories)
    .where(and(eq(heurekaCategories.partnerId, partnerId), isNotNull(heurekaCategories.categoryId)));
  return new Map(rows.map((r) => [r.text, r.categoryId as number]));
}

export type StoredRow = typeof heurekaCategories.$inferSelect;

/** The paths of the given categories in a language, by id. */
async function pathsOf(db: DbOrTx, ids: number[], lang: Language): Promise<Map<number, string[]>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: categories.id,
      names: categories.names,
      parentNames: parent.names,
      grandparentNames: grandparent.names,
      locked: sql<boolean>`false`,
    })
    .from(categories)
    .leftJoin(parent, ancestorJoins.parentOn)
    .leftJoin(grandparent, ancestorJoins.grandparentOn)
    .where(inArray(categories.id, ids));
  return new Map(rows.map((r) => [r.id, pathIn(r, lang)]));
}

export async function toRows(db: DbOrTx, rows: StoredRow[], lang: Language): Promise<HeurekaCategoryRow[]> {
  const paths = await pathsOf(db, [...new Set(rows.flatMap((r) => (r.categoryId ? [r.categoryId] : [])))], lang);
  return rows.map((r) => ({
    id: r.id,
    categoryText: r.categoryText,
    itemCount: r.itemCount,
    categoryId: r.categoryId,
    categoryPath: r.categoryId ? (paths.get(r.categoryId) ?? null) : null,
    pairedBy: (r.pairedBy as HeurekaPairedBy | null) ?? null,
    pairedScore: r.pairedScore,
    seenAt: r.seenAt,
    updated: r.updated,
  }));
}

/** A caller-sent id: anything that is not a plain positive number names none of the partner's rows. */
function rowId(id: string | number): number {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647) throw new DomainError('HEUREKA_CATEGORY_NOT_FOUND');
  return n;
}

async function findRow(db: DbOrTx, partnerId: number, id: string | number, lock = false): Promise<StoredRow> {
  const query = db
    .select()
    .from(heurekaCategories)
    .where(and(eq(heurekaCategories.partnerId, partnerId), eq(heurekaCategories.id, rowId(id))));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new DomainError('HEUREKA_CATEGORY_NOT_FOUND');
  return row;
}

/** One of the partner's feed categories. */
export async function heurekaCategory(ctx: RequestContext, id: string | number): Promise<HeurekaCategoryRow> {
  const partnerId = await heurekaPartner(ctx, 'read');
  const [row] = await toRows(ctx.db, [await findRow(ctx.db, partnerId, id)], ctx.lang);
  return row!;
}

/**
 * The marketplace categories most like one of the partner's feed categories, best first (at most
 * PAIRING_RECOMMENDATIONS). With a search, only categories whose path holds every word typed (any language,
 * without diacritics) are ranked, and those with nothing in common are listed too, after the others.
 */
export async function heurekaCategoryRecommendations(
  ctx: RequestContext,
  id: string | number,
  search: string | null,
): Promise<HeurekaRecommendation[]> {
  const partnerId = await heurekaPartner(ctx, 'read');
  const row = await findRow(ctx.db, partnerId, id);
  const shopId = await shopOf(ctx.db, partnerId);
  const language = shopLanguageOf(shopId);
  const rows = await leaves(ctx.db, partnerId, shopId);
  const index = buildPairingIndex(rows.map((r) => candidateOf(r, language)));
  const words = searchKey((search ?? '').slice(0, 200))
    .split(' ')
    .filter(Boolean)
    .slice(0, 8);
  if (!words.length) return shown(rankCategories(index, row.categoryText, PAIRING_RECOMMENDATIONS));
  // Scores over the whole tree, so that a search changes which categories are listed, never their scores.
  const matching = new Set(
    rows
      .filter((r) => {
        const text = searchKey(LANGUAGES.map((l) => pathIn(r, l).join(' ')).join(' '));
        return words.every((w) => text.includes(w));
      })
      .map((r) => r.id),
  );
  const ranked = rankCategories(index, row.categoryText).filter((r) => matching.has(r.categoryId));
  const listed = new Set(ranked.map((r) => r.categoryId));
  for (const r of rows) {
    if (ranked.length >= PAIRING_RECOMMENDATIONS) break;
    if (matching.has(r.id) && !listed.has(r.id)) ranked.push({ categoryId: r.id, score: 0, locked: Boolean(r.locked) });
  }
  return shown(ranked.slice(0, PAIRING_RECOMMENDATIONS));

  function shown(ranked: PairingScore[]): HeurekaRecommendation[] {
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ranked.map((r) => {
      const path = pathIn(byId.get(r.categoryId)!, ctx.lang);
      return { categoryId: r.categoryId, score: r.score, name: path.at(-1) ?? '', path, locked: r.locked };
    });
  }
}

/** Pairs one of the partner's feed categories with a marketplace leaf category, as a person chose. */
export async function pairHeurekaCategory(
  ctx: RequestContext,
  id: string | number,
  categoryId: number,
): Promise<HeurekaCategoryRow> {
  const partnerId = await heurekaPartner(ctx, 'update');
  return ctx.db.transaction(async (tx) => {
    const row = await findRow(tx, partnerId, id, true);
    const shopId = await shopOf(tx, partnerId);
    const [target] = await tx
      .select({ level: categories.level, locked: lockedSql(partnerId) })
      .from(categories)
      .leftJoin(parent, ancestorJoins.parentOn)
      .leftJoin(grandparent, ancestorJoins.grandparentOn)
      .where(and(eq(categories.id, categoryId), eq(categories.shopId, shopId), displayedSql));
    if (!target) throw new DomainError('CATEGORY_NOT_FOUND');
    if (target.level !== CATEGORY_LEAF_LEVEL) throw new DomainError('HEUREKA_CATEGORY_NOT_LEAF');
    if (target.locked) throw new DomainError('CATEGORY_LOCKED');
    const [updated] = await tx
      .update(heurekaCategories)
      .set({ categoryId, pairedBy: 'PERSON', pairedScore: null, updated: new Date() })
      .where(and(eq(heurekaCategories.partnerId, partnerId), eq(heurekaCategories.id, row.id)))
      .returning();
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'heureka.category.pair',
      entity: 'heureka_category',
      entityId: row.id,
      data: { categoryText: row.categoryText, from: row.categoryId, to: categoryId },
    });
    const [shown] = await toRows(tx, [updated!], ctx.lang);
    return shown!;
  });
}

/**
 * Unpairs one of the partner's feed categories: its items are refused until it is paired again, and the
 * automatic pairing leaves it to a person from now on.
 */
export async function unpairHeurekaCategory(ctx: RequestContext, id: string | number): Promise<HeurekaCategoryRow> {
  const partnerId = await heurekaPartner(ctx, 'update');
  return ctx.db.transaction(async (tx) => {
    const row = await findRow(tx, partnerId, id, true);
    const [updated] = await tx
      .update(heurekaCategories)
      .set({ categoryId: null, pairedBy: 'PERSON', pairedScore: null, updated: new Date() })
      .where(and(eq(heurekaCategories.partnerId, partnerId), eq(heurekaCategories.id, row.id)))
      .returning();
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'heureka.category.unpair',
      entity: 'heureka_category',
      entityId: row.id,
      data: { categoryText: row.categoryText, from: row.categoryId },
    });
    const [shown] = await toRows(tx, [updated!], ctx.lang);
    return shown!;
  });
}

/** Pairs every undecided feed category of the partner whose best match is clear; returns how many. */
export async function autoPairHeurekaCategories(ctx: RequestContext): Promise<number> {
  const partnerId = await heurekaPartner(ctx, 'update');
  return ctx.db.transaction(async (tx) => {
    const paired = await autoPair(tx, partnerId);
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'heureka.category.auto-pair',
      entity: 'heureka_category',
      data: { paired },
    });
    return paired;
  });
}
