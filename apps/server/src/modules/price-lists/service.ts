import { DomainError, type Fee, isShopId, type PriceListState, priceListState, shopDay, type ShopId } from '@pp/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { partners } from '../partner/tables';
import { assignedListOn, nextVersionAfter, versionOnDay, versionsOfLists } from './lookup';
import { shopFeesOf } from './shop-fees';
import { priceListAssignments, priceLists, priceListVersions } from './tables';
import { type TreeNode, type VersionRow, versionFields, versionTree } from './tree';

export interface PriceListVersionView extends VersionRow {
  name: string;
  type: string;
  shopId: string;
  state: PriceListState;
}

export interface PartnerPriceList extends PriceListVersionView {
  tree: TreeNode[];
  /** The next version, when one is planned. */
  next: PriceListVersionView | null;
}

export interface PartnerPriceListPage {
  priceList: PartnerPriceList | null;
  fees: Fee[];
}

export async function partnerShop(db: DbOrTx, partnerId: number): Promise<ShopId> {
  const [row] = await db.select({ shopId: partners.shopId }).from(partners).where(eq(partners.id, partnerId));
  if (!row || !isShopId(row.shopId)) throw new DomainError('ACCESS_DENIED');
  return row.shopId;
}

export async function listHeader(db: DbOrTx, priceListId: number) {
  const [row] = await db
    .select({ id: priceLists.id, name: priceLists.name, type: priceLists.type, shopId: priceLists.shopId })
    .from(priceLists)
    .where(eq(priceLists.id, priceListId));
  return row ?? null;
}

export function viewOf(
  header: { name: string; type: string; shopId: string },
  version: VersionRow,
  today: string,
): PriceListVersionView {
  return {
    ...version,
    name: header.name,
    type: header.type,
    shopId: header.shopId,
    state: priceListState(version, today),
  };
}

/**
 * The standard list in force today for a partner, as the portal reads it: the version's tree with its
 * commissions and brand exceptions, plus the next planned version's dates. Null when no list is assigned.
 */
export async function currentPriceListOf(
  db: DbOrTx,
  partnerId: number,
  shopId: ShopId,
  lang: string,
): Promise<PartnerPriceList | null> {
  const today = shopDay(new Date(), shopId);
  const priceListId = await assignedListOn(db, partnerId, shopId, today);
  if (priceListId == null) return null;
  const [header, version, next] = await Promise.all([
    listHeader(db, priceListId),
    versionOnDay(db, priceListId, today),
    nextVersionAfter(db, priceListId, today),
  ]);
  if (!header || !version) return null;
  return {
    ...viewOf(header, version, today),
    tree: await versionTree(db, version, shopId, lang),
    next: next && viewOf(header, next, today),
  };
}

/** The signed-in partner's standard price list and fee types (brands and prices area: resource brands). */
export async function partnerPriceList(ctx: RequestContext): Promise<PartnerPriceListPage> {
  const { partnerId } = await ctx.require('brands', 'read');
  const shopId = await partnerShop(ctx.db, partnerId);
  const [priceList, fees] = await Promise.all([
    currentPriceListOf(ctx.db, partnerId, shopId, ctx.lang),
    shopFeesOf(ctx.db, shopId),
  ]);
  return { priceList, fees };
}

export interface CockpitPriceList {
  id: number;
  name: string;
  type: string;
  shopId: string;
  versions: PriceListVersionView[];
  /** Partners selling under this list today. */
  partners: { id: number; sapId: string | null; name: string; mallName: string | null }[];
}

/** Operators: the lists of a shop (or of all) with their versions, newest first, and today's partners. */
export async function cockpitPriceLists(ctx: RequestContext, shopId: string | null | undefined) {
  ctx.requireOperator('priceLists', 'read');
  if (shopId != null && !isShopId(shopId)) {
    throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'shopId', rule: 'invalid' }]);
  }
  const lists = await ctx.db
    .select({ id: priceLists.id, name: priceLists.name, type: priceLists.type, shopId: priceLists.shopId })
    .from(priceLists)
    .where(shopId ? eq(priceLists.shopId, shopId) : undefined)
    .orderBy(asc(priceLists.shopId), asc(priceLists.id));
  const ids = lists.map((l) => l.id);
  const versions = await versionsOfLists(ctx.db, ids);
  const assigned = ids.length
    ? await ctx.db
        .select({
          partnerId: priceListAssignments.partnerId,
          shopId: priceListAssignments.shopId,
          validFrom: priceListAssignments.validFrom,
          priceListId: priceListAssignments.priceListId,
          sapId: partners.sapId,
          name: partners.partnerName,
          mallName: partners.mallName,
        })
        .from(priceListAssignments)
        .innerJoin(partners, eq(partners.id, priceListAssignments.partnerId))
        .where(inArray(priceListAssignments.shopId, [...new Set(lists.map((l) => l.shopId))]))
        .orderBy(asc(priceListAssignments.partnerId), asc(priceListAssignments.validFrom))
    : [];
  return lists.map((list): CockpitPriceList => {
    const today = isShopId(list.shopId) ? shopDay(new Date(), list.shopId) : '';
    // Each partner's assignment in force today: the last one (ordered by day) not after today.
    const current = new Map<number, (typeof assigned)[number]>();
    for (const a of assigned) if (a.shopId === list.shopId && a.validFrom <= today) current.set(a.partnerId, a);
    return {
      ...list,
      versions: versions.filter((v) => v.priceListId === list.id).map((v) => viewOf(list, v, today)),
      partners: [...current.values()]
        .filter((a) => a.priceListId === list.id)
        .map((a) => ({ id: a.partnerId, sapId: a.sapId, name: a.name, mallName: a.mallName })),
    };
  });
}

/** Operators: one version's tree (any state), for reading or editing a planned one. */
export async function cockpitPriceListVersion(ctx: RequestContext, versionId: number) {
  ctx.requireOperator('priceLists', 'read');
  const [version] = await ctx.db
    .select(versionFields)
    .from(priceListVersions)
    .where(eq(priceListVersions.id, versionId));
  if (!version) throw new DomainError('PRICE_LIST_NOT_FOUND');
  const header = await listHeader(ctx.db, version.priceListId);
  if (!header || !isShopId(header.shopId)) throw new DomainError('PRICE_LIST_NOT_FOUND');
  const today = shopDay(new Date(), header.shopId);
  return {
    ...viewOf(header, version, today),
    tree: await versionTree(ctx.db, version, header.shopId, ctx.lang),
    next: null,
  } satisfies PartnerPriceList;
}
