import {
  DomainError,
  gridIdSchema,
  isSavedViewNameTaken,
  SAVED_VIEWS_PER_GRID,
  type SavedViewState,
  savedViewInputSchema,
} from '@pp/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import { validationError } from '../../platform/errors';
import { savedViews } from './tables';

export interface SavedView {
  id: number;
  name: string;
  state: SavedViewState;
}

/** Whose views these are: the account, for the selected partner (portal) or for no partner (cockpit). */
async function owner(ctx: RequestContext): Promise<{ accountId: number; partnerId: number | null }> {
  const auth = ctx.requireAuth();
  if (auth.account.isAdmin && !auth.admin) return { accountId: auth.account.id, partnerId: null };
  const access = await ctx.requirePartner();
  return { accountId: auth.account.id, partnerId: access.partnerId };
}

function ownedBy(o: { accountId: number; partnerId: number | null }, gridId?: string) {
  return and(
    eq(savedViews.accountId, o.accountId),
    o.partnerId === null ? isNull(savedViews.partnerId) : eq(savedViews.partnerId, o.partnerId),
    gridId === undefined ? undefined : eq(savedViews.gridId, gridId),
  );
}

export async function listSavedViews(ctx: RequestContext, gridId: string): Promise<SavedView[]> {
  const o = await owner(ctx);
  const parsed = gridIdSchema.safeParse(gridId);
  if (!parsed.success) throw validationError(parsed.error);
  const rows = await ctx.db
    .select({ id: savedViews.id, name: savedViews.name, state: savedViews.state })
    .from(savedViews)
    .where(ownedBy(o, parsed.data))
    .orderBy(asc(savedViews.name));
  return rows.map((r) => ({ ...r, state: r.state as SavedViewState }));
}

export async function createSavedView(ctx: RequestContext, input: unknown): Promise<SavedView> {
  const o = await owner(ctx);
  const parsed = savedViewInputSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const { gridId, name, state } = parsed.data;
  return ctx.db.transaction(async (tx) => {
    const existing = await tx.select({ name: savedViews.name }).from(savedViews).where(ownedBy(o, gridId));
    if (isSavedViewNameTaken(name, existing)) {
      throw new DomainError('ENTITY_ALREADY_EXISTS', {}, [{ field: 'name', rule: 'uniqueFilterName' }]);
    }
    if (existing.length >= SAVED_VIEWS_PER_GRID) throw new DomainError('INVALID_OPERATION');
    const [row] = await tx
      .insert(savedViews)
      .values({ accountId: o.accountId, partnerId: o.partnerId, gridId, name, state })
      .returning({ id: savedViews.id });
    await recordAudit(tx, ctx.actor(o.partnerId), {
      action: 'grid.view-create',
      entity: 'saved_view',
      entityId: row!.id,
      data: { gridId, name },
    });
    return { id: row!.id, name, state };
  });
}

export async function deleteSavedView(ctx: RequestContext, id: number): Promise<boolean> {
  const o = await owner(ctx);
  return ctx.db.transaction(async (tx) => {
    const gone = await tx
      .delete(savedViews)
      .where(and(eq(savedViews.id, id), ownedBy(o)))
      .returning({ id: savedViews.id, gridId: savedViews.gridId });
    // Someone else's view, or one already deleted: not found, without telling which.
    if (gone.length === 0) throw new DomainError('ENTITY_NOT_FOUND');
    await recordAudit(tx, ctx.actor(o.partnerId), { action: 'grid.view-delete', entity: 'saved_view', entityId: id });
    return true;
  });
}
