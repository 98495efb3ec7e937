import { DomainError, isEmptyDescription, PARTNER_PAGE, type PartnerPageData, partnerPageSchema } from '@pp/domain';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { readShopProfile, type ShopProfile } from '../partner/info';
import { partners } from '../partner/tables';
import { sanitizeLongDesc } from '../products/sanitize';
import { partnerPages } from './tables';

/** What the partner saves on the page; empty texts while never saved. */
export type PartnerPageContent = Omit<PartnerPageData, 'contactEmail'> & { contactEmail: string };

/**
 * The page as the form and the preview read it: the partner's own texts and links, with the public title and
 * logo of the shop profile (set where the partner info tab sets them) and the shop it sells in.
 */
export interface PartnerPageView extends PartnerPageContent {
  partnerId: number;
  partnerName: string;
  shopId: string;
  publicTitle: string | null;
  publicTitleEditable: boolean;
  logo: ShopProfile['logo'];
  /** When the partner last saved it; null: never (the page is not shown on the marketplace yet). */
  updated: Date | null;
}

const EMPTY: PartnerPageContent = {
  tagline: '',
  description: '',
  webUrl: '',
  termsUrl: '',
  complaintsUrl: '',
  contactEmail: '',
  contactPhone: '',
};

async function readContent(db: DbOrTx, partnerId: number) {
  const [row] = await db.select().from(partnerPages).where(eq(partnerPages.partnerId, partnerId));
  if (!row) return { content: EMPTY, updated: null };
  const { partnerId: _, updated, ...content } = row;
  return { content, updated };
}

async function readPage(db: DbOrTx, partnerId: number, operator: boolean): Promise<PartnerPageView> {
  const profile = await readShopProfile(db, partnerId, operator);
  const { content, updated } = await readContent(db, partnerId);
  return {
    partnerId,
    partnerName: profile.partnerName,
    shopId: profile.shopId,
    publicTitle: profile.publicTitle,
    publicTitleEditable: profile.publicTitleEditable,
    logo: profile.logo,
    ...content,
    updated,
  };
}

const byOperator = (ctx: RequestContext) => ctx.auth?.admin != null;

/** The selected partner's page (partner read: the page is part of the shop's public profile). */
export async function getPartnerPage(ctx: RequestContext): Promise<PartnerPageView> {
  const { partnerId } = await ctx.require('partner', 'read');
  return readPage(ctx.db, partnerId, byOperator(ctx));
}

/**
 * The description as it will be stored: the catalogue's allow-list sanitiser (no script, style, handler or
 * code-running link), then the limit counted on what is left, as the product long description counts it.
 */
function sanitizedDescription(html: string): string {
  if (isEmptyDescription(html)) return '';
  const clean = sanitizeLongDesc(html);
  if (clean.length > PARTNER_PAGE.descriptionMax) {
    throw new DomainError('VALIDATION_ERROR', {}, [
      { field: 'description', rule: 'max', params: { 0: PARTNER_PAGE.descriptionMax } },
    ]);
  }
  return clean;
}

/**
 * Saves the page in one transaction with its audit entry (what changed, before and after). The partner row
 * is locked first so that two saves of one page are ordered and each audit entry's "before" is the truth.
 */
export async function savePartnerPage(ctx: RequestContext, input: unknown): Promise<PartnerPageView> {
  const { partnerId } = await ctx.require('partner', 'update');
  // GraphQL sends an optional field left out as null: that is an empty field, as the form sends it.
  const fields = Object.entries((input ?? {}) as Record<string, unknown>).filter(([, value]) => value != null);
  const parsed = partnerPageSchema.safeParse(Object.fromEntries(fields));
  if (!parsed.success) throw validationError(parsed.error);
  const next: PartnerPageContent = { ...parsed.data, description: sanitizedDescription(parsed.data.description) };
  return ctx.db.transaction(async (tx) => {
    await tx.select({ id: partners.id }).from(partners).where(eq(partners.id, partnerId)).for('update');
    const { content: before, updated } = await readContent(tx, partnerId);
    const changed = (Object.keys(next) as (keyof PartnerPageContent)[]).filter((key) => next[key] !== before[key]);
    if (changed.length > 0 || updated === null) {
      const values = { ...next, updated: new Date() };
      await tx
        .insert(partnerPages)
        .values({ partnerId, ...values })
        .onConflictDoUpdate({ target: partnerPages.partnerId, set: values });
      await recordAudit(tx, ctx.actor(partnerId), {
        action: 'partner.page.save',
        entity: 'partner_page',
        entityId: partnerId,
        data: {
          changed,
          before: Object.fromEntries(changed.map((key) => [key, before[key]])),
          after: Object.fromEntries(changed.map((key) => [key, next[key]])),
        },
      });
    }
    return readPage(tx, partnerId, byOperator(ctx));
  });
}
