import {
  CAMPAIGN_STATUSES,
  type CampaignInput,
  type CampaignStatus,
  campaignFrozenChanges,
  campaignInputSchema,
  campaignStatusMoveAllowed,
  campaignTermsFrozen,
  DomainError,
  type FieldIssue,
} from '@pp/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { publishInTransaction } from '../../platform/stream/hub';
import { categories } from '../catalog/tables';
import { partners } from '../partner/tables';
import { syncCampaignPromotions } from './promotions';
import { type CampaignRow, campaignFields, campaignToday, cockpitCampaignDetail } from './service';
import { campaignBlacklist, campaignImports, campaignProducts, campaigns } from './tables';

function parseInput(input: unknown): CampaignInput {
  const parsed = campaignInputSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

function refuse(field: string, rule: string): DomainError {
  return new DomainError('VALIDATION_ERROR', {}, [{ field, rule }]);
}

/**
 * The categories and divisions a campaign names must be the catalogue's, in one of its shops; a division is
 * a level-1 category (a top of a shop's tree).
 */
async function checkCatalogue(tx: DbOrTx, data: CampaignInput): Promise<void> {
  const ids = [...new Set([...data.categories, ...data.divisions])];
  if (ids.length === 0) return;
  const rows = await tx
    .select({ id: categories.id, level: categories.level })
    .from(categories)
    .where(and(inArray(categories.id, ids), inArray(categories.shopId, data.shops)));
  const known = new Map(rows.map((r) => [r.id, r.level]));
  const issues: FieldIssue[] = [];
  data.categories.forEach((id, i) => {
    if (!known.has(id)) issues.push({ field: `categories.${i}`, rule: 'campaignCategoryUnknown' });
  });
  data.divisions.forEach((id, i) => {
    if (known.get(id) !== 1) issues.push({ field: `divisions.${i}`, rule: 'campaignDivisionUnknown' });
  });
  if (issues.length) throw new DomainError('VALIDATION_ERROR', {}, issues);
}

function columnsOf(data: CampaignInput) {
  return {
    name: data.name,
    description: data.description,
    labels: data.labels,
    minDiscount: data.minDiscount,
    minDiscountRrp: data.minDiscountRrp,
    maxReduction: data.maxReduction,
    articleCountMin: data.articleCountMin,
    articleCountMax: data.articleCountMax,
    categories: data.categories,
    divisions: data.divisions,
    shops: data.shops,
    dateFrom: data.from,
    dateTo: data.to,
  };
}

function inputOf(row: CampaignRow): CampaignInput {
  return {
    name: row.name,
    description: row.description,
    labels: row.labels as CampaignInput['labels'],
    minDiscount: row.minDiscount,
    minDiscountRrp: row.minDiscountRrp,
    maxReduction: row.maxReduction,
    articleCountMin: row.articleCountMin,
    articleCountMax: row.articleCountMax,
    categories: row.categories,
    divisions: row.divisions,
    shops: row.shops as CampaignInput['shops'],
    from: row.dateFrom,
    to: row.dateTo,
  };
}

async function lockCampaign(tx: DbOrTx, id: number): Promise<CampaignRow> {
  const [row] = await tx.select(campaignFields).from(campaigns).where(eq(campaigns.id, id)).for('update');
  if (!row) throw new DomainError('CAMPAIGN_NOT_FOUND');
  return row;
}

/**
 * Tells the partners of the campaign's shops that it changed (their list and detail read it again), at
 * commit. A draft announces nothing: partners must not learn of it before it is published.
 */
async function announce(tx: DbOrTx, row: { id: number; status: string; shops: string[] }): Promise<void> {
  if (row.status === 'DRAFT') return;
  await publishInTransaction(tx, { shops: row.shops }, { type: 'update_campaign', data: { id: row.id } });
}

/** Rewrites the campaign promotions of every partner that joined the campaign (or of the products given). */
async function resyncJoined(tx: DbOrTx, campaignId: number, partnerId?: number): Promise<void> {
  const rows = await tx
    .select({ partnerId: campaignProducts.partnerId, productId: campaignProducts.productId })
    .from(campaignProducts)
    .where(
      and(
        eq(campaignProducts.campaignId, campaignId),
        partnerId == null ? undefined : eq(campaignProducts.partnerId, partnerId),
      ),
    );
  const byPartner = new Map<number, Set<string>>();
  for (const r of rows) {
    const set = byPartner.get(r.partnerId) ?? new Set<string>();
    set.add(r.productId);
    byPartner.set(r.partnerId, set);
  }
  for (const [partner, products] of byPartner) await syncCampaignPromotions(tx, partner, [...products]);
}

/** Operators: a new campaign, as a DRAFT (invisible to partners until published). */
export async function cockpitCreateCampaign(ctx: RequestContext, input: unknown) {
  const admin = ctx.requireOperator('campaigns', 'update');
  const data = parseInput(input);
  if (data.from < campaignToday(data.shops)) throw refuse('from', 'campaignFromPast');
  const id = await ctx.db.transaction(async (tx) => {
    await checkCatalogue(tx, data);
    const [row] = await tx
      .insert(campaigns)
      .values({ ...columnsOf(data), status: 'DRAFT', createdBy: admin.account.id })
      .returning({ id: campaigns.id });
    await recordAudit(tx, ctx.actor(null), {
      action: 'campaign.create',
      entity: 'campaigns',
      entityId: row!.id,
      data: { name: data.name, shops: data.shops, from: data.from, to: data.to },
    });
    return row!.id;
  });
  return cockpitCampaignDetail(ctx, id);
}

/**
 * Operators: the whole campaign again. Once its terms are frozen (started, a partner's import checked or
 * accepted, or cancelled), only the name, description and labels may change: the joined files were checked
 * against the rest. New labels are written on the joined products at once.
 */
export async function cockpitUpdateCampaign(ctx: RequestContext, id: number, input: unknown) {
  ctx.requireOperator('campaigns', 'update');
  const data = parseInput(input);
  await ctx.db.transaction(async (tx) => {
    const row = await lockCampaign(tx, id);
    const before = inputOf(row);
    const today = campaignToday(row.shops);
    // A partner's import being checked or accepted, or products joined (whatever import left them).
    const [imported] = await tx
      .select({ one: sql`1` })
      .from(campaignImports)
      .where(
        and(
          eq(campaignImports.campaignId, id),
          inArray(campaignImports.status, ['QUEUED', 'CHECKING', 'CONFIRM', 'ACCEPTED']),
        ),
      )
      .union(tx.select({ one: sql`1` }).from(campaignProducts).where(eq(campaignProducts.campaignId, id)))
      .limit(1);
    const status = row.status as CampaignStatus;
    if (campaignTermsFrozen({ status, from: row.dateFrom }, today, Boolean(imported))) {
      const changed = campaignFrozenChanges(before, data);
      if (changed.length) {
        throw new DomainError(
          'CAMPAIGN_TERMS_FROZEN',
          {},
          changed.map((field) => ({ field, rule: 'campaignTermsFrozen' })),
        );
      }
    } else if (data.from !== before.from && data.from < campaignToday(data.shops)) {
      throw refuse('from', 'campaignFromPast');
    }
    await checkCatalogue(tx, data);
    await tx
      .update(campaigns)
      .set({ ...columnsOf(data), updated: new Date() })
      .where(eq(campaigns.id, id));
    const changed = (Object.keys(data) as (keyof CampaignInput)[]).filter(
      (k) => JSON.stringify(before[k]) !== JSON.stringify(data[k]),
    );
    if (changed.includes('labels')) await resyncJoined(tx, id);
    await recordAudit(tx, ctx.actor(null), {
      action: 'campaign.update',
      entity: 'campaigns',
      entityId: id,
      data: { changed, before: Object.fromEntries(changed.map((k) => [k, before[k]])) },
    });
    await announce(tx, { id, status: row.status, shops: [...new Set([...row.shops, ...data.shops])] });
  });
  return cockpitCampaignDetail(ctx, id);
}

/** Operators: a locked campaign takes no new import (the accepted ones stay). */
export async function cockpitSetCampaignLocked(ctx: RequestContext, id: number, locked: boolean) {
  ctx.requireOperator('campaigns', 'update');
  await ctx.db.transaction(async (tx) => {
    const row = await lockCampaign(tx, id);
    if (row.locked === locked) return;
    await tx.update(campaigns).set({ locked, updated: new Date() }).where(eq(campaigns.id, id));
    await recordAudit(tx, ctx.actor(null), {
      action: locked ? 'campaign.lock' : 'campaign.unlock',
      entity: 'campaigns',
      entityId: id,
    });
    await announce(tx, row);
  });
  return cockpitCampaignDetail(ctx, id);
}

/**
 * Operators: publish a draft, or cancel (CAMPAIGN_STATUS_MOVES). A cancel takes the campaign's promotions off
 * every joined product in the same transaction; the joined rows stay, so the partners still see what they
 * had joined.
 */
export async function cockpitSetCampaignStatus(ctx: RequestContext, id: number, status: string) {
  ctx.requireOperator('campaigns', 'update');
  if (!(CAMPAIGN_STATUSES as readonly string[]).includes(status)) throw refuse('status', 'invalid');
  const to = status as CampaignStatus;
  await ctx.db.transaction(async (tx) => {
    const row = await lockCampaign(tx, id);
    const from = row.status as CampaignStatus;
    if (!campaignStatusMoveAllowed(from, to)) throw new DomainError('CAMPAIGN_STATUS_CHANGE', { from, to });
    await tx.update(campaigns).set({ status: to, updated: new Date() }).where(eq(campaigns.id, id));
    if (to === 'CANCELLED') await resyncJoined(tx, id);
    await recordAudit(tx, ctx.actor(null), {
      action: 'campaign.status',
      entity: 'campaigns',
      entityId: id,
      data: { from, to },
    });
    // A draft dropped before publishing was never seen: nothing to announce.
    if (from !== 'DRAFT' || to === 'PUBLISHED') await announce(tx, { ...row, status: to });
  });
  return cockpitCampaignDetail(ctx, id);
}

/**
 * Operators: a partner of one of the campaign's shops is refused the campaign (or allowed again). A partner
 * that had joined leaves it: its joined products and their campaign promotions are removed (it may join
 * again with a new file once allowed, while the campaign is joinable).
 */
export async function cockpitSetCampaignBlacklist(
  ctx: RequestContext,
  id: number,
  partnerId: number,
  blacklisted: boolean,
) {
  ctx.requireOperator('campaigns', 'update');
  await ctx.db.transaction(async (tx) => {
    const row = await lockCampaign(tx, id);
    const [partner] = await tx
      .select({ id: partners.id, shopId: partners.shopId })
      .from(partners)
      .where(eq(partners.id, partnerId));
    if (!partner) throw refuse('partnerId', 'campaignPartnerUnknown');
    if (!row.shops.includes(partner.shopId)) throw refuse('partnerId', 'campaignPartnerShop');
    const where = and(eq(campaignBlacklist.campaignId, id), eq(campaignBlacklist.partnerId, partnerId));
    if (blacklisted) {
      const added = await tx
        .insert(campaignBlacklist)
        .values({ campaignId: id, partnerId })
        .onConflictDoNothing()
        .returning({ partnerId: campaignBlacklist.partnerId });
      if (added.length === 0) return;
      const removed = await tx
        .delete(campaignProducts)
        .where(and(eq(campaignProducts.campaignId, id), eq(campaignProducts.partnerId, partnerId)))
        .returning({ productId: campaignProducts.productId });
      if (removed.length) {
        await syncCampaignPromotions(tx, partnerId, [...new Set(removed.map((r) => r.productId))]);
      }
    } else {
      const deleted = await tx.delete(campaignBlacklist).where(where).returning({ id: campaignBlacklist.partnerId });
      if (deleted.length === 0) return;
    }
    await recordAudit(tx, ctx.actor(null), {
      action: blacklisted ? 'campaign.blacklist.add' : 'campaign.blacklist.remove',
      entity: 'campaigns',
      entityId: id,
      partnerId,
    });
    await announce(tx, row);
  });
  return cockpitCampaignDetail(ctx, id);
}
