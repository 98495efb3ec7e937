import { CONTENT_FALLBACK_LANGUAGE, DomainError } from '@pp/domain';
import { and, arrayContains, desc, eq, gt, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { partners } from '../partner/tables';
import { portalDialogDismissals, portalDialogs, portalDialogTexts } from './portal-dialog-tables';

/**
 * The portal dialog as partners meet it: the one current, published dialog of the selected partner's market
 * that the signed-in person has not dismissed yet, in their language (else English). Dismissals are kept per
 * account in the database, so a person sees a dialog once whichever browser or partner they use
 * (docs/decisions.md "Portal dialog").
 */
export interface PortalDialogView {
  id: number;
  lang: string;
  title: string;
  /** Sanitised HTML. */
  body: string;
  validFrom: Date;
  validTo: Date | null;
}

async function shopOf(db: DbOrTx, partnerId: number): Promise<string> {
  const [row] = await db.select({ shopId: partners.shopId }).from(partners).where(eq(partners.id, partnerId));
  if (!row) throw new DomainError('ACCESS_DENIED');
  return row.shopId;
}

/** Published, for this market, and within its validity now. */
const currentFor = (shopId: string) =>
  and(
    eq(portalDialogs.published, true),
    arrayContains(portalDialogs.shops, [shopId]),
    lte(portalDialogs.validFrom, sql`now()`),
    or(isNull(portalDialogs.validTo), gt(portalDialogs.validTo, sql`now()`)),
  );

/** Texts of a dialog in the reader's language, else the fallback. */
export async function dialogText(db: DbOrTx, dialogId: number, lang: string) {
  const texts = await db.select().from(portalDialogTexts).where(eq(portalDialogTexts.dialogId, dialogId));
  return texts.find((t) => t.lang === lang) ?? texts.find((t) => t.lang === CONTENT_FALLBACK_LANGUAGE) ?? texts[0];
}

/** Portal `portalDialog`: any member of the selected partner; null when there is nothing to show. */
export async function portalDialog(ctx: RequestContext): Promise<PortalDialogView | null> {
  const { partnerId } = await ctx.requirePartner();
  const accountId = ctx.requireAuth().account.id;
  const shopId = await shopOf(ctx.db, partnerId);
  const [dialog] = await ctx.db
    .select()
    .from(portalDialogs)
    .where(
      and(
        currentFor(shopId),
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(portalDialogDismissals)
            .where(
              and(
                eq(portalDialogDismissals.dialogId, portalDialogs.id),
                eq(portalDialogDismissals.accountId, accountId),
              ),
            ),
        ),
      ),
    )
    .orderBy(desc(portalDialogs.publishedAt), desc(portalDialogs.id))
    .limit(1);
  if (!dialog) return null;
  const text = await dialogText(ctx.db, dialog.id, ctx.lang);
  if (!text) return null;
  return {
    id: dialog.id,
    lang: text.lang,
    title: text.title,
    body: text.body,
    validFrom: dialog.validFrom,
    validTo: dialog.validTo,
  };
}

/**
 * Portal `dismissPortalDialog`: the person has read it; it does not come back. Only a dialog the selected
 * partner's market is shown may be dismissed (another is ENTITY_NOT_FOUND). An operator signed in as the
 * partner dismisses it for this browser only: the partner's own people have not seen it.
 */
export async function dismissPortalDialog(ctx: RequestContext, dialogId: number): Promise<boolean> {
  const { partnerId } = await ctx.requirePartner();
  const auth = ctx.requireAuth();
  const shopId = await shopOf(ctx.db, partnerId);
  const [dialog] = await ctx.db
    .select({ id: portalDialogs.id })
    .from(portalDialogs)
    .where(
      and(
        eq(portalDialogs.id, dialogId),
        eq(portalDialogs.published, true),
        arrayContains(portalDialogs.shops, [shopId]),
      ),
    );
  if (!dialog) throw new DomainError('ENTITY_NOT_FOUND');
  if (auth.admin) return true;
  await ctx.db.insert(portalDialogDismissals).values({ dialogId, accountId: auth.account.id }).onConflictDoNothing();
  return true;
}
