import {
  commissionSchema,
  DomainError,
  isShopId,
  isVersionEditable,
  newVersionProblem,
  priceListAssignmentInputSchema,
  priceListNodeInputSchema,
  priceListVersionInputSchema,
  shopDay,
  type ShopId,
} from '@pp/domain';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import { isUniqueViolation } from '../../platform/db/pg-errors';
import { validationError } from '../../platform/errors';
import { categories } from '../catalog/tables';
import { partners } from '../partner/tables';
import { cockpitPriceListVersion } from './service';
import { priceListAssignments, priceListItems, priceLists, priceListVersions } from './tables';
import { brandNames, versionFields } from './tree';

function shopOrRefuse(shopId: string): ShopId {
  if (!isShopId(shopId)) throw new DomainError('PRICE_LIST_NOT_FOUND');
  return shopId;
}

const newListSchema = z.object({
  shopId: z.string('invalid'),
  name: z.string('invalid').trim().min(1, 'required').max(100, 'max'),
  commission: commissionSchema,
  validFrom: priceListVersionInputSchema.shape.validFrom,
});

/** Operators: a new standard list of a shop with its first version (from today at the earliest). */
export async function cockpitCreatePriceList(ctx: RequestContext, input: unknown) {
  const admin = ctx.requireOperator('priceLists', 'update');
  const parsed = newListSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const data = parsed.data;
  if (!isShopId(data.shopId)) throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'shopId', rule: 'invalid' }]);
  // Nobody sells under a new list before it is assigned, and assignments start today at the earliest.
  if (data.validFrom < shopDay(new Date(), data.shopId)) {
    throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'validFrom', rule: 'termsValidFromPast' }]);
  }
  const versionId = await ctx.db.transaction(async (tx) => {
    const [list] = await tx
      .insert(priceLists)
      .values({ shopId: data.shopId, name: data.name })
      .returning({ id: priceLists.id });
    const [version] = await tx
      .insert(priceListVersions)
      .values({
        priceListId: list!.id,
        validFrom: data.validFrom,
        commission: data.commission,
        createdBy: admin.account.id,
      })
      .returning({ id: priceListVersions.id });
    await recordAudit(tx, ctx.actor(null), {
      action: 'priceList.create',
      entity: 'price_lists',
      entityId: list!.id,
      data: { shopId: data.shopId, name: data.name, validFrom: data.validFrom },
    });
    return version!.id;
  });
  return cockpitPriceListVersion(ctx, versionId);
}

/**
 * Operators: a new version from a day after today and after every version of the list. It starts as a
 * copy of the latest version's tree (what changes is then set node by node while it is planned), and the
 * latest version ends where it begins: only its future is shortened, never a day already charged.
 */
export async function cockpitCreatePriceListVersion(ctx: RequestContext, input: unknown) {
  const admin = ctx.requireOperator('priceLists', 'update');
  const parsed = priceListVersionInputSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const data = parsed.data;
  try {
    const versionId = await ctx.db.transaction(async (tx) => {
      const [list] = await tx
        .select({ id: priceLists.id, shopId: priceLists.shopId })
        .from(priceLists)
        .where(eq(priceLists.id, data.priceListId))
        .for('update');
      if (!list) throw new DomainError('PRICE_LIST_NOT_FOUND');
      const today = shopDay(new Date(), shopOrRefuse(list.shopId));
      const versions = await tx
        .select(versionFields)
        .from(priceListVersions)
        .where(eq(priceListVersions.priceListId, list.id))
        .orderBy(desc(priceListVersions.validFrom));
      const problem = newVersionProblem(versions, data.validFrom, today);
      if (problem) throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'validFrom', rule: problem }]);
      const latest = versions[0];
      const [created] = await tx
        .insert(priceListVersions)
        .values({
          priceListId: list.id,
          validFrom: data.validFrom,
          commission: data.commission ?? latest?.commission ?? 0,
          createdBy: admin.account.id,
        })
        .returning({ id: priceListVersions.id });
      if (latest) {
        await tx
          .update(priceListVersions)
          .set({ validTo: data.validFrom })
          .where(and(eq(priceListVersions.id, latest.id), isNull(priceListVersions.validTo)));
        const items = await tx
          .select({
            categoryId: priceListItems.categoryId,
            level: priceListItems.level,
            commission: priceListItems.commission,
            brands: priceListItems.brands,
          })
          .from(priceListItems)
          .where(eq(priceListItems.versionId, latest.id));
        if (items.length) await tx.insert(priceListItems).values(items.map((i) => ({ ...i, versionId: created!.id })));
      }
      await recordAudit(tx, ctx.actor(null), {
        action: 'priceList.version',
        entity: 'price_list_versions',
        entityId: created!.id,
        data: { priceListId: list.id, validFrom: data.validFrom, copiedFrom: latest?.id ?? null },
      });
      return created!.id;
    });
    return cockpitPriceListVersion(ctx, versionId);
  } catch (error) {
    // Two operators adding the same day at once: the second finds the first's version.
    if (isUniqueViolation(error, 'price_list_versions_from_uq')) {
      throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'validFrom', rule: 'priceListValidFromBeforeLast' }]);
    }
    throw error;
  }
}

/**
 * Operators: one node of a planned version — its own commission (null = inherit) and brand exceptions.
 * A node with neither is removed. A version in force or over is refused: orders were charged by it.
 */
export async function cockpitSetPriceListNode(ctx: RequestContext, input: unknown) {
  ctx.requireOperator('priceLists', 'update');
  const parsed = priceListNodeInputSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const data = parsed.data;
  await ctx.db.transaction(async (tx) => {
    const [version] = await tx
      .select({ ...versionFields, shopId: priceLists.shopId })
      .from(priceListVersions)
      .innerJoin(priceLists, eq(priceLists.id, priceListVersions.priceListId))
      .where(eq(priceListVersions.id, data.versionId))
      .for('update', { of: priceListVersions });
    if (!version) throw new DomainError('PRICE_LIST_NOT_FOUND');
    if (!isVersionEditable(version, shopDay(new Date(), shopOrRefuse(version.shopId)))) {
      throw new DomainError('PRICE_LIST_VERSION_LOCKED');
    }
    const [category] = await tx
      .select({ level: categories.level })
      .from(categories)
      .where(and(eq(categories.id, data.categoryId), eq(categories.shopId, version.shopId)));
    if (!category || category.level < 1 || category.level > 3) {
      throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'categoryId', rule: 'priceListCategoryOutside' }]);
    }
    const known = await brandNames(
      tx,
      data.brands.map((b) => b.brandId),
    );
    const unknown = data.brands.findIndex((b) => !known.has(b.brandId));
    if (unknown >= 0) {
      throw new DomainError('VALIDATION_ERROR', {}, [
        { field: `brands.${unknown}.brandId`, rule: 'priceListBrandUnknown' },
      ]);
    }
    const where = and(eq(priceListItems.versionId, version.id), eq(priceListItems.categoryId, data.categoryId));
    if (data.commission == null && data.brands.length === 0) {
      await tx.delete(priceListItems).where(where);
    } else {
      await tx
        .insert(priceListItems)
        .values({
          versionId: version.id,
          categoryId: data.categoryId,
          level: category.level,
          commission: data.commission,
          brands: data.brands,
        })
        .onConflictDoUpdate({
          target: [priceListItems.versionId, priceListItems.categoryId],
          set: { commission: data.commission, brands: data.brands },
        });
    }
    await recordAudit(tx, ctx.actor(null), {
      action: 'priceList.node',
      entity: 'price_list_versions',
      entityId: version.id,
      data: { categoryId: data.categoryId, commission: data.commission, brands: data.brands },
    });
  });
  return cockpitPriceListVersion(ctx, data.versionId);
}

/**
 * Operators: a partner sells under a list of its shop from a day on (today when not given; never a past
 * day, which would re-price orders already charged). One list per partner and shop at a time: a later
 * assignment replaces the earlier from its day.
 */
export async function cockpitAssignPriceList(ctx: RequestContext, input: unknown) {
  ctx.requireOperator('priceListAssignments', 'update');
  const parsed = priceListAssignmentInputSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const data = parsed.data;
  await ctx.db.transaction(async (tx) => {
    const [list] = await tx
      .select({ id: priceLists.id, shopId: priceLists.shopId })
      .from(priceLists)
      .where(eq(priceLists.id, data.priceListId));
    if (!list) throw new DomainError('PRICE_LIST_NOT_FOUND');
    const [partner] = await tx
      .select({ id: partners.id, shopId: partners.shopId })
      .from(partners)
      .where(eq(partners.id, data.partnerId));
    if (!partner) throw new DomainError('ENTITY_NOT_FOUND');
    if (partner.shopId !== list.shopId) {
      throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'priceListId', rule: 'priceListShopMismatch' }]);
    }
    const today = shopDay(new Date(), shopOrRefuse(list.shopId));
    const validFrom = data.validFrom ?? today;
    if (validFrom < today) {
      throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'validFrom', rule: 'termsValidFromPast' }]);
    }
    await tx
      .insert(priceListAssignments)
      .values({ partnerId: partner.id, shopId: list.shopId, validFrom, priceListId: list.id })
      .onConflictDoUpdate({
        target: [priceListAssignments.partnerId, priceListAssignments.shopId, priceListAssignments.validFrom],
        set: { priceListId: list.id },
      });
    await recordAudit(tx, ctx.actor(null), {
      action: 'priceList.assign',
      entity: 'price_lists',
      entityId: list.id,
      partnerId: partner.id,
      data: { validFrom },
    });
  });
  return true;
}
