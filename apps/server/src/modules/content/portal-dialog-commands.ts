import { DomainError, type PortalDialogData, plainTextOf, portalDialogInputSchema } from '@pp/domain';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { publishInTransaction } from '../../platform/stream/hub';
import { sanitizeLongDesc } from '../products/sanitize';
import { portalDialogs, portalDialogTexts } from './portal-dialog-tables';

/** The operators' side of the portal dialog (cockpit `content`): one transaction per command with its audit entry. */
export interface CockpitPortalDialog {
  id: number;
  shops: string[];
  validFrom: Date;
  validTo: Date | null;
  published: boolean;
  publishedAt: Date | null;
  updated: Date;
  texts: { lang: string; title: string; body: string }[];
}

async function loadDialogs(db: DbOrTx, ids?: number[]): Promise<CockpitPortalDialog[]> {
  const rows = await db
    .select()
    .from(portalDialogs)
    .where(ids ? inArray(portalDialogs.id, ids) : undefined)
    .orderBy(desc(portalDialogs.id));
  if (!rows.length) return [];
  const texts = await db
    .select()
    .from(portalDialogTexts)
    .where(
      inArray(
        portalDialogTexts.dialogId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(portalDialogTexts.lang));
  return rows.map((r) => ({
    id: r.id,
    shops: r.shops,
    validFrom: r.validFrom,
    validTo: r.validTo,
    published: r.published,
    publishedAt: r.publishedAt,
    updated: r.updated,
    texts: texts.filter((t) => t.dialogId === r.id).map(({ lang, title, body }) => ({ lang, title, body })),
  }));
}

async function loadOne(db: DbOrTx, id: number): Promise<CockpitPortalDialog> {
  const [dialog] = await loadDialogs(db, [id]);
  if (!dialog) throw new DomainError('ENTITY_NOT_FOUND');
  return dialog;
}

async function lockDialog(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(portalDialogs).where(eq(portalDialogs.id, id)).for('update');
  if (!row) throw new DomainError('ENTITY_NOT_FOUND');
  return row;
}

/** GraphQL sends a left-out optional field as null; the schema's own default applies then. */
function parse(input: unknown): PortalDialogData {
  const parsed = portalDialogInputSchema.safeParse(input ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** Operators (`content` read): every dialog, newest first (a handful a month: no paging). */
export async function cockpitPortalDialogs(ctx: RequestContext): Promise<CockpitPortalDialog[]> {
  ctx.requireOperator('content', 'read');
  return loadDialogs(ctx.db);
}

/**
 * Operators (`content` update): a new dialog (id null, saved as a draft) or the whole dialog again, its texts
 * replaced. Bodies are sanitised (the catalogue's allow-list); a body with nothing readable left is required.
 */
export async function cockpitSavePortalDialog(
  ctx: RequestContext,
  id: number | null,
  input: unknown,
): Promise<CockpitPortalDialog> {
  ctx.requireOperator('content', 'update');
  const data = parse(input);
  const texts = data.texts.map((t) => ({ ...t, body: t.body.trim() === '' ? '' : sanitizeLongDesc(t.body) }));
  const empty = texts.flatMap((t, i) =>
    plainTextOf(t.body) === '' ? [{ field: `texts.${i}.body`, rule: 'required' }] : [],
  );
  if (empty.length) throw new DomainError('VALIDATION_ERROR', {}, empty);
  const savedId = await ctx.db.transaction(async (tx) => {
    const before = id === null ? null : await lockDialog(tx, id);
    const columns = {
      shops: data.shops,
      validFrom: new Date(data.validFrom),
      validTo: data.validTo ? new Date(data.validTo) : null,
      updated: new Date(),
    };
    let dialogId: number;
    if (before) {
      await tx.update(portalDialogs).set(columns).where(eq(portalDialogs.id, before.id));
      await tx.delete(portalDialogTexts).where(eq(portalDialogTexts.dialogId, before.id));
      dialogId = before.id;
    } else {
      const [row] = await tx.insert(portalDialogs).values(columns).returning({ id: portalDialogs.id });
      dialogId = row!.id;
    }
    await tx.insert(portalDialogTexts).values(texts.map((t) => ({ dialogId, ...t })));
    await recordAudit(tx, ctx.actor(null), {
      action: before ? 'content.portal-dialog.update' : 'content.portal-dialog.create',
      entity: 'portal_dialogs',
      entityId: dialogId,
      data: {
        shops: data.shops,
        validFrom: data.validFrom,
        validTo: data.validTo,
        languages: texts.map((t) => t.lang).sort(),
        ...(before ? { before: { shops: before.shops, validFrom: before.validFrom, validTo: before.validTo } } : {}),
      },
    });
    return dialogId;
  });
  return loadOne(ctx.db, savedId);
}

/**
 * Operators (`content` update): publishes a draft (its markets' open portals ask for it at once over the
 * stream) or takes a dialog back to a draft (nobody sees it from then on). The state it is in: no change.
 */
export async function cockpitSetPortalDialogPublished(
  ctx: RequestContext,
  id: number,
  published: boolean,
): Promise<CockpitPortalDialog> {
  ctx.requireOperator('content', 'update');
  await ctx.db.transaction(async (tx) => {
    const row = await lockDialog(tx, id);
    if (row.published === published) return;
    await tx
      .update(portalDialogs)
      .set({ published, publishedAt: published ? new Date() : row.publishedAt, updated: new Date() })
      .where(eq(portalDialogs.id, id));
    await recordAudit(tx, ctx.actor(null), {
      action: published ? 'content.portal-dialog.publish' : 'content.portal-dialog.withdraw',
      entity: 'portal_dialogs',
      entityId: id,
      data: { shops: row.shops },
    });
    if (published) {
      await publishInTransaction(tx, { shops: row.shops }, { type: 'portal_dialog_published', data: { id } });
    }
  });
  return loadOne(ctx.db, id);
}
