import {
  CAMPAIGN_PHASES,
  CAMPAIGN_STATUSES,
  type CampaignPhase,
  type CampaignStatus,
  campaignJoinable,
  campaignPhase,
  DomainError,
  type GridPage,
  isShopId,
  type Language,
  SHOP_IDS,
  searchKey,
  shopDay,
} from '@pp/domain';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { accentInsensitive, buildGridQuery, cappedTotal, type GridColumn } from '../../platform/grid';
import { textIn } from '../catalog/categories';
import { ancestorJoins } from '../catalog/rules';
import { categories } from '../catalog/tables';
import { partners } from '../partner/tables';
import { partnerShop } from '../products/shop';
import { campaignBlacklist, campaignProducts, campaigns } from './tables';

/** A category or division a campaign names, in the caller's language. */
export interface CampaignCategoryRef {
  id: number;
  name: string;
}

/** What a partner reads of a campaign (spec commerce §3 "Campaign"). */
export interface CampaignView {
  id: number;
  name: string;
  description: string;
  labels: string[];
  locked: boolean;
  status: CampaignStatus;
  phase: CampaignPhase;
  joinable: boolean;
  minDiscount: number;
  minDiscountRrp: number;
  maxReduction: number | null;
  articleCountMin: number;
  articleCountMax: number;
  categories: CampaignCategoryRef[];
  divisions: CampaignCategoryRef[];
  shops: string[];
  dateFrom: string;
  dateTo: string;
  /** The reader's rows in campaign_products (the partner's; every partner's for operators). */
  productsCount: number;
}

/** What operators read besides: who joined, who is refused, when it was made and changed. */
export interface CockpitCampaignView extends CampaignView {
  partnersCount: number;
  blacklist: { id: number; name: string; shopId: string }[];
  created: Date;
  updated: Date;
}

export const campaignFields = {
  id: campaigns.id,
  name: campaigns.name,
  description: campaigns.description,
  labels: campaigns.labels,
  locked: campaigns.locked,
  status: campaigns.status,
  minDiscount: campaigns.minDiscount,
  minDiscountRrp: campaigns.minDiscountRrp,
  maxReduction: campaigns.maxReduction,
  articleCountMin: campaigns.articleCountMin,
  articleCountMax: campaigns.articleCountMax,
  categories: campaigns.categories,
  divisions: campaigns.divisions,
  shops: campaigns.shops,
  dateFrom: campaigns.dateFrom,
  dateTo: campaigns.dateTo,
  created: campaigns.created,
  updated: campaigns.updated,
};

export type CampaignRow = {
  id: number;
  name: string;
  description: string;
  labels: string[];
  locked: boolean;
  status: string;
  minDiscount: number;
  minDiscountRrp: number;
  maxReduction: number | null;
  articleCountMin: number;
  articleCountMax: number;
  categories: number[];
  divisions: number[];
  shops: string[];
  dateFrom: string;
  dateTo: string;
  created: Date;
  updated: Date;
};

/**
 * "Today" of a campaign: the day on its first shop's clock. Every market of the marketplace keeps Central
 * European time, so the shops of one campaign never disagree.
 */
export function campaignToday(shops: readonly string[]): string {
  const shop = shops.find(isShopId) ?? 'CZ10MA';
  return shopDay(new Date(), shop);
}

function statusOf(value: string): CampaignStatus {
  return (CAMPAIGN_STATUSES as readonly string[]).includes(value) ? (value as CampaignStatus) : 'DRAFT';
}

/** The phase as SQL on a given day, for the grids' phase column (the same rule as the domain's campaignPhase). */
function phaseSql(today: string): SQL<string> {
  return sql<string>`case when ${today}::date < ${campaigns.dateFrom} then 'UPCOMING'
    when ${today}::date > ${campaigns.dateTo} then 'ENDED' else 'RUNNING' end`;
}

/** Names of categories by id in the caller's language, one query for a whole page. */
async function categoryNames(db: DbOrTx, ids: readonly number[], lang: Language): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: categories.id, names: categories.names })
    .from(categories)
    .where(inArray(categories.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, textIn(r.names, lang)]));
}

/** Rows with their category names, phase and joinability, as partners and operators read them. */
async function viewsOf(
  db: DbOrTx,
  rows: readonly (CampaignRow & { productsCount: number })[],
  lang: Language,
  today: (row: CampaignRow) => string,
): Promise<CampaignView[]> {
  const names = await categoryNames(
    db,
    rows.flatMap((r) => [...r.categories, ...r.divisions]),
    lang,
  );
  const refs = (ids: number[]) => ids.map((id) => ({ id, name: names.get(id) ?? String(id) }));
  return rows.map((r) => {
    const status = statusOf(r.status);
    const day = today(r);
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      labels: r.labels,
      locked: r.locked,
      status,
      phase: campaignPhase(r.dateFrom, r.dateTo, day),
      joinable: campaignJoinable({ status, locked: r.locked, from: r.dateFrom }, day),
      minDiscount: r.minDiscount,
      minDiscountRrp: r.minDiscountRrp,
      maxReduction: r.maxReduction,
      articleCountMin: r.articleCountMin,
      articleCountMax: r.articleCountMax,
      categories: refs(r.categories),
      divisions: refs(r.divisions),
      shops: r.shops,
      dateFrom: r.dateFrom,
      dateTo: r.dateTo,
      productsCount: r.productsCount,
    };
  });
}

function commonColumns(today: string): GridColumn[] {
  return [
    { field: 'id', sql: campaigns.id, filterType: 'NUMBER', sortable: true },
    { field: 'name', sql: campaigns.name, filterType: 'TEXT', sortable: true, foldAccents: true },
    { field: 'phase', sql: phaseSql(today), notNull: true, filterType: 'ENUMS', options: CAMPAIGN_PHASES },
    { field: 'dateFrom', sql: campaigns.dateFrom, filterType: 'DATE', sortable: true },
    { field: 'dateTo', sql: campaigns.dateTo, filterType: 'DATE', sortable: true },
    {
      field: 'shops',
      sql: campaigns.shops,
      filterType: 'MULTIPLE_ENUMS',
      options: SHOP_IDS,
      filterSql: (f) => {
        const overlap = sql`${campaigns.shops} && ${sql.param(f.values ?? [])}::text[]`;
        return f.operator === 'NIN' ? sql`not (${overlap})` : overlap;
      },
    },
    { field: 'minDiscount', sql: campaigns.minDiscount, filterType: 'NUMBER', number: 'decimal', sortable: true },
    {
      field: 'minDiscountRrp',
      sql: campaigns.minDiscountRrp,
      filterType: 'NUMBER',
      number: 'decimal',
      sortable: true,
    },
    { field: 'locked', sql: campaigns.locked, filterType: 'BOOLEAN' },
  ];
}

const DEFAULT_SORT = { field: 'dateFrom', direction: 'DESCENDING' } as const;

function partnerProductsCount(partnerId: number): SQL<number> {
  return sql<number>`(select count(*)::int from ${campaignProducts} cp
    where cp.campaign_id = ${campaigns.id} and cp.partner_id = ${partnerId})`;
}

/**
 * What a partner may see: the campaigns of its shop that are published, plus cancelled ones it had joined;
 * never a draft, never one it is blacklisted from.
 */
function partnerScope(partnerId: number, shopId: string): SQL {
  return and(
    sql`${campaigns.shops} @> array[${shopId}]::text[]`,
    sql`not exists (select 1 from ${campaignBlacklist} b where b.campaign_id = ${campaigns.id} and b.partner_id = ${partnerId})`,
    sql`(${campaigns.status} = 'PUBLISHED' or (${campaigns.status} = 'CANCELLED' and exists (
      select 1 from ${campaignProducts} cp where cp.campaign_id = ${campaigns.id} and cp.partner_id = ${partnerId})))`,
  )!;
}

async function partnerOf(ctx: RequestContext) {
  const { partnerId } = await ctx.require('campaigns', 'read');
  const { shopId } = await partnerShop(ctx, partnerId);
  return { partnerId, shopId, today: shopDay(new Date(), shopId) };
}

/** The partner's campaigns (marketing/campaigns): start newest first by default. */
export async function campaignsGrid(ctx: RequestContext, grid: unknown): Promise<GridPage<CampaignView>> {
  const { partnerId, shopId, today } = await partnerOf(ctx);
  const columns: GridColumn[] = [
    ...commonColumns(today),
    { field: 'status', sql: campaigns.status, filterType: 'ENUMS', options: ['PUBLISHED', 'CANCELLED'] },
    {
      field: 'joined',
      sql: sql`(${partnerProductsCount(partnerId)} > 0)`,
      notNull: true,
      filterType: 'BOOLEAN',
      filterSql: (f) => {
        const joined = sql`exists (select 1 from ${campaignProducts} cp where cp.campaign_id = ${campaigns.id} and cp.partner_id = ${partnerId})`;
        return f.value === 'false' ? sql`not ${joined}` : joined;
      },
    },
  ];
  const q = buildGridQuery(grid, columns, {
    idColumn: campaigns.id,
    defaultSort: DEFAULT_SORT,
    searchColumns: [accentInsensitive(campaigns.name)],
  });
  const where = and(partnerScope(partnerId, shopId), q.where);
  const [rows, total] = await Promise.all([
    q.readRows((seek, limit, offset) =>
      ctx.db
        .select({ ...campaignFields, productsCount: partnerProductsCount(partnerId), ...q.cursorFields })
        .from(campaigns)
        .where(and(where, seek))
        .orderBy(...q.orderBy)
        .limit(limit)
        .offset(offset),
    ),
    cappedTotal(ctx.db, campaigns, where),
  ]);
  const views = await viewsOf(ctx.db, rows, ctx.lang, () => today);
  return q.toPage(
    views.map((v, i) => ({ ...v, gridSortKey: rows[i]!.gridSortKey, gridRowKey: rows[i]!.gridRowKey })),
    total,
  );
}

/**
 * One campaign for the partner. A draft, another shop's campaign or a cancelled one it had not joined is not
 * found; a blacklisted partner is told so (it knows of the campaign from the marketplace, and the import
 * reports the same refusal).
 */
export async function campaignDetail(ctx: RequestContext, id: number): Promise<CampaignView> {
  const { partnerId, shopId, today } = await partnerOf(ctx);
  const [row] = await ctx.db
    .select({
      ...campaignFields,
      productsCount: partnerProductsCount(partnerId),
      blacklisted: sql<boolean>`exists (select 1 from ${campaignBlacklist} b where b.campaign_id = ${campaigns.id} and b.partner_id = ${partnerId})`,
    })
    .from(campaigns)
    .where(eq(campaigns.id, id));
  if (!row) throw new DomainError('CAMPAIGN_NOT_FOUND');
  const visible =
    row.shops.includes(shopId) && (row.status === 'PUBLISHED' || (row.status === 'CANCELLED' && row.productsCount > 0));
  if (!visible) throw new DomainError('CAMPAIGN_NOT_FOUND');
  if (row.blacklisted) throw new DomainError('CAMPAIGN_PARTNER_BLACKLISTED');
  const [view] = await viewsOf(ctx.db, [row], ctx.lang, () => today);
  return view!;
}

const allProductsCount = sql<number>`(select count(*)::int from ${campaignProducts} cp where cp.campaign_id = ${campaigns.id})`;
const partnersCount = sql<number>`(select count(distinct cp.partner_id)::int from ${campaignProducts} cp where cp.campaign_id = ${campaigns.id})`;

async function cockpitViewsOf(
  db: DbOrTx,
  rows: readonly (CampaignRow & { productsCount: number; partnersCount: number })[],
  lang: Language,
): Promise<CockpitCampaignView[]> {
  const views = await viewsOf(db, rows, lang, (r) => campaignToday(r.shops));
  const ids = rows.map((r) => r.id);
  const blacklisted = ids.length
    ? await db
        .select({
          campaignId: campaignBlacklist.campaignId,
          id: partners.id,
          name: partners.partnerName,
          shopId: partners.shopId,
        })
        .from(campaignBlacklist)
        .innerJoin(partners, eq(partners.id, campaignBlacklist.partnerId))
        .where(inArray(campaignBlacklist.campaignId, ids))
        .orderBy(partners.partnerName, partners.id)
    : [];
  return views.map((v, i) => ({
    ...v,
    partnersCount: rows[i]!.partnersCount,
    blacklist: blacklisted
      .filter((b) => b.campaignId === v.id)
      .map((b) => ({ id: b.id, name: b.name, shopId: b.shopId })),
    created: rows[i]!.created,
    updated: rows[i]!.updated,
  }));
}

/** Operators: every campaign, drafts included (start newest first by default). */
export async function cockpitCampaignsGrid(ctx: RequestContext, grid: unknown): Promise<GridPage<CockpitCampaignView>> {
  ctx.requireOperator('campaigns', 'read');
  const columns: GridColumn[] = [
    ...commonColumns(campaignToday([])),
    { field: 'status', sql: campaigns.status, filterType: 'ENUMS', options: CAMPAIGN_STATUSES },
  ];
  const q = buildGridQuery(grid, columns, {
    idColumn: campaigns.id,
    defaultSort: DEFAULT_SORT,
    searchColumns: [accentInsensitive(campaigns.name)],
  });
  const [rows, total] = await Promise.all([
    q.readRows((seek, limit, offset) =>
      ctx.db
        .select({ ...campaignFields, productsCount: allProductsCount, partnersCount, ...q.cursorFields })
        .from(campaigns)
        .where(and(q.where, seek))
        .orderBy(...q.orderBy)
        .limit(limit)
        .offset(offset),
    ),
    cappedTotal(ctx.db, campaigns, q.where),
  ]);
  const views = await cockpitViewsOf(ctx.db, rows, ctx.lang);
  return q.toPage(
    views.map((v, i) => ({ ...v, gridSortKey: rows[i]!.gridSortKey, gridRowKey: rows[i]!.gridRowKey })),
    total,
  );
}

/** Operators: one campaign with its blacklist and how many partners and products joined. */
export async function cockpitCampaignDetail(ctx: RequestContext, id: number): Promise<CockpitCampaignView> {
  ctx.requireOperator('campaigns', 'read');
  const [row] = await ctx.db
    .select({ ...campaignFields, productsCount: allProductsCount, partnersCount })
    .from(campaigns)
    .where(eq(campaigns.id, id));
  if (!row) throw new DomainError('CAMPAIGN_NOT_FOUND');
  const [view] = await cockpitViewsOf(ctx.db, [row], ctx.lang);
  return view!;
}

export interface CampaignCategoryOption {
  id: number;
  shopId: string;
  level: number;
  /** Names from the division down to the category, in the caller's language. */
  path: string[];
}

/** Options an operator's campaign form offers: categories found by name. */
const CATEGORY_OPTIONS_LIMIT = 50;

/**
 * Operators: the catalogue's categories of the given shops for the campaign form — the divisions (level 1)
 * all, other levels found by a part of their name (any language, without diacritics).
 */
export async function cockpitCampaignCategories(
  ctx: RequestContext,
  args: { shops: readonly string[]; level?: number | null; search?: string | null },
): Promise<CampaignCategoryOption[]> {
  ctx.requireOperator('campaigns', 'read');
  const shops = args.shops.filter(isShopId);
  if (shops.length === 0) return [];
  const { parent, grandparent, parentOn, grandparentOn } = ancestorJoins;
  const search = args.search?.trim().slice(0, 100) ?? '';
  const rows = await ctx.db
    .select({
      id: categories.id,
      shopId: categories.shopId,
      level: categories.level,
      names: categories.names,
      parentNames: parent.names,
      grandparentNames: grandparent.names,
    })
    .from(categories)
    .leftJoin(parent, parentOn)
    .leftJoin(grandparent, grandparentOn)
    .where(
      and(
        inArray(categories.shopId, shops),
        eq(categories.visible, true),
        args.level != null ? eq(categories.level, args.level) : undefined,
        search ? sql`${categories.keywords} like ${`%${searchKey(search).replace(/[\\%_]/g, '\\$&')}%`}` : undefined,
      ),
    )
    .orderBy(categories.shopId, categories.level, categories.position, categories.id)
    .limit(CATEGORY_OPTIONS_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    shopId: r.shopId,
    level: r.level,
    path: [r.grandparentNames, r.parentNames, r.names]
      .filter((n): n is NonNullable<typeof n> => n != null)
      .map((n) => textIn(n, ctx.lang)),
  }));
}
