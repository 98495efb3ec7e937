import { brandIdOf, brandTag } from '@pp/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { accessPolicies, accounts } from '../account/tables';
import { brands, categories, categoryParameters } from './tables';

/** Ids the catalogue tests use, far above the demo tree's, so the demo seed and the tests never collide. */
export const TEST_CATEGORY_BASE = 900_000;

export type CategoryInsert = typeof categories.$inferInsert;
export type ParameterInsert = typeof categoryParameters.$inferInsert;

export async function insertCategories(db: DbOrTx, rows: (Partial<CategoryInsert> & { id: number })[]) {
  await db.insert(categories).values(
    rows.map((r) => ({
      shopId: 'CZ10MA',
      parentId: null,
      level: 1,
      sapId: `NP${r.id}`,
      names: { en: `Category ${r.id}` },
      ...r,
    })),
  );
}

export async function insertParameters(
  db: DbOrTx,
  rows: (Partial<ParameterInsert> & { id: number; categoryId: number; code: string })[],
) {
  await db.insert(categoryParameters).values(rows.map((r) => ({ names: { en: r.code }, class: 'TEXT', ...r })));
}

export async function insertBrands(
  db: DbOrTx,
  rows: { id?: string; name: string; accepted?: boolean; mallBrand?: boolean; description?: Record<string, string> }[],
) {
  await db.insert(brands).values(
    rows.map((r) => ({
      id: r.id ?? brandIdOf(r.name),
      name: r.name,
      accepted: r.accepted ?? true,
      mallBrand: r.mallBrand ?? false,
      description: r.description ?? {},
      urlKey: brandTag(r.name),
      tag: brandTag(r.name),
    })),
  );
}

/** Takes resources away from a demo account on a partner (its own test database: nobody else sees it). */
export async function revokePolicies(
  db: DbOrTx,
  email: string,
  partnerId: number,
  subject: string,
  actions: readonly string[],
) {
  const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email));
  await db
    .delete(accessPolicies)
    .where(
      and(
        eq(accessPolicies.accountId, account!.id),
        eq(accessPolicies.partnerId, partnerId),
        eq(accessPolicies.subject, subject),
        inArray(accessPolicies.action, [...actions]),
      ),
    );
}
