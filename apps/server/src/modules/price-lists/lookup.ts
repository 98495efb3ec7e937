import { commissionFor, type CommissionResult, isShopId, shopDay, type ShopId } from '@pp/domain';
import { and, desc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { categories } from '../catalog/tables';
import type { DbOrTx } from '../../platform/db/client';
import { priceListAssignments, priceListVersions } from './tables';
import { nodesOf, type VersionRow, versionFields } from './tree';

/** The standard list a partner sells under in a shop on `day`: the latest assignment not after it. */
export async function assignedListOn(
  db: DbOrTx,
  partnerId: number,
  shopId: string,
  day: string,
): Promise<number | null> {
  const [row] = await db
    .select({ priceListId: priceListAssignments.priceListId })
    .from(priceListAssignments)
    .where(
      and(
        eq(priceListAssignments.partnerId, partnerId),
        eq(priceListAssignments.shopId, shopId),
        lte(priceListAssignments.validFrom, day),
      ),
    )
    .orderBy(desc(priceListAssignments.validFrom))
    .limit(1);
  return row?.priceListId ?? null;
}

/** The version of a list in force on `day` (validFrom inclusive, validTo exclusive). */
export async function versionOnDay(db: DbOrTx, priceListId: number, day: string): Promise<VersionRow | null> {
  const [row] = await db
    .select(versionFields)
    .from(priceListVersions)
    .where(
      and(
        eq(priceListVersions.priceListId, priceListId),
        lte(priceListVersions.validFrom, day),
        or(isNull(priceListVersions.validTo), gt(priceListVersions.validTo, day)),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The version after `day`'s, if one is planned: the portal announces it. */
export async function nextVersionAfter(db: DbOrTx, priceListId: number, day: string): Promise<VersionRow | null> {
  const [row] = await db
    .select(versionFields)
    .from(priceListVersions)
    .where(and(eq(priceListVersions.priceListId, priceListId), gt(priceListVersions.validFrom, day)))
    .orderBy(priceListVersions.validFrom)
    .limit(1);
  return row ?? null;
}

const parent = alias(categories, 'parent');
const grandparent = alias(categories, 'grandparent');

/** A category's path from its division down to it (at most three levels); empty when unknown in the shop. */
export async function categoryPath(db: DbOrTx, shopId: string, categoryId: number): Promise<number[]> {
  const [row] = await db
    .select({ id: categories.id, parentId: parent.id, grandparentId: grandparent.id })
    .from(categories)
    .leftJoin(parent, eq(parent.id, categories.parentId))
    .leftJoin(grandparent, eq(grandparent.id, parent.parentId))
    .where(and(eq(categories.id, categoryId), eq(categories.shopId, shopId)));
  if (!row) return [];
  return [row.grandparentId, row.parentId, row.id].filter((id): id is number => id != null);
}

export interface OrderItemCommission extends CommissionResult {
  priceListId: number;
  versionId: number;
  /** The shop's calendar day of the order, by which the version was chosen. */
  day: string;
}

/**
 * The commission of one order item for billing: the partner's standard list on the order's day (the
 * shop's clock), the version of that list in force that day, and the most specific node of the item's
 * category path (commissionFor). Null when the partner had no list that day: billing decides then.
 */
export async function orderItemCommission(
  db: DbOrTx,
  input: { partnerId: number; shopId: string; categoryId: number; brandId?: string | null; orderedAt: Date },
): Promise<OrderItemCommission | null> {
  if (!isShopId(input.shopId)) return null;
  const day = shopDay(input.orderedAt, input.shopId as ShopId);
  const priceListId = await assignedListOn(db, input.partnerId, input.shopId, day);
  if (priceListId == null) return null;
  const version = await versionOnDay(db, priceListId, day);
  if (!version) return null;
  const path = await categoryPath(db, input.shopId, input.categoryId);
  const nodes = path.length ? await nodesOf(db, version.id, path) : [];
  const result = commissionFor({
    list: { ...version, nodes },
    categoryPath: path,
    brandId: input.brandId ?? null,
    at: day,
  });
  return result && { ...result, priceListId, versionId: version.id, day };
}

/** Ids of the versions of the given lists (for cockpit listings). */
export async function versionsOfLists(db: DbOrTx, listIds: readonly number[]): Promise<VersionRow[]> {
  if (!listIds.length) return [];
  return db
    .select(versionFields)
    .from(priceListVersions)
    .where(inArray(priceListVersions.priceListId, [...listIds]))
    .orderBy(priceListVersions.priceListId, desc(priceListVersions.validFrom));
}
