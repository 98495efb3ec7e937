import {
  DomainError,
  type GridPage,
  MALL_DELIVERY_REASON_MAX,
  mallDeliveryDecisionSchema,
  mallDeliveryMoveRefusal,
  safeText,
} from '@pp/domain';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit } from '../../../platform/audit/service';
import { announceInTransaction } from '../../../platform/auth-cache';
import type { RequestContext } from '../../../platform/context';
import type { DbOrTx } from '../../../platform/db/client';
import { validationError } from '../../../platform/errors';
import { accentInsensitive, buildGridQuery, type GridColumn } from '../../../platform/grid';
import { queueMail } from '../../../platform/mail/service';
import { accounts } from '../../account/tables';
import { emitPartnerEvent } from '../../events/emit';
import { notificationRecipients } from '../../notifications/notify';
import { accountPartners, partners } from '../../partner/tables';
import {
  announceMallDelivery,
  loadReadiness,
  lockMallDelivery,
  lockPendingRequest,
  type MallDeliveryView,
  mallDeliveryView,
} from './state';
import { mallDeliveryConfigs, mallDeliveryRequests } from './tables';

export const MALL_DELIVERY_DECIDED_MAIL = 'mall-delivery-decided';

export interface MallDeliveryRequestRow {
  id: number;
  partnerId: number;
  partnerName: string;
  shopId: string;
  status: string;
  partnerState: string;
  requestedAt: Date;
  decidedAt: Date | null;
  reason: string | null;
}

const COLUMNS: readonly GridColumn[] = [
  { field: 'id', sql: mallDeliveryRequests.id, filterType: 'NUMBER', sortable: true },
  { field: 'partnerId', sql: mallDeliveryRequests.partnerId, filterType: 'NUMBER', number: 'int4' },
  { field: 'partnerName', sql: partners.partnerName, filterType: 'TEXT', sortable: true, foldAccents: true },
  { field: 'shopId', sql: partners.shopId, filterType: 'TEXT', sortable: true },
  {
    field: 'status',
    sql: mallDeliveryRequests.status,
    filterType: 'ENUMS',
    options: ['pending', 'accepted', 'declined'],
    sortable: true,
  },
  { field: 'requestedAt', sql: mallDeliveryRequests.requestedAt, filterType: 'DATETIME', sortable: true },
  { field: 'decidedAt', sql: mallDeliveryRequests.decidedAt, filterType: 'DATETIME', sortable: true },
];

/** The operators' queue of MALL Delivery requests: the oldest pending first unless the grid sorts otherwise. */
export async function cockpitMallDeliveryRequests(
  ctx: RequestContext,
  grid: unknown,
): Promise<GridPage<MallDeliveryRequestRow>> {
  ctx.requireOperator('deliveries', 'read');
  const q = buildGridQuery(grid, COLUMNS, {
    idColumn: mallDeliveryRequests.id,
    defaultSort: { field: 'requestedAt', direction: 'ASCENDING' },
    searchColumns: [accentInsensitive(partners.partnerName), partners.sapId],
  });
  const where = q.where;
  const [rows, total] = await Promise.all([
    q.readRows((seek, limit, offset) =>
      ctx.db
        .select({
          id: mallDeliveryRequests.id,
          partnerId: mallDeliveryRequests.partnerId,
          partnerName: partners.partnerName,
          shopId: partners.shopId,
          status: mallDeliveryRequests.status,
          partnerState: partners.mdpStatus,
          requestedAt: mallDeliveryRequests.requestedAt,
          decidedAt: mallDeliveryRequests.decidedAt,
          reason: mallDeliveryRequests.reason,
          ...q.cursorFields,
        })
        .from(mallDeliveryRequests)
        .innerJoin(partners, eq(partners.id, mallDeliveryRequests.partnerId))
        .where(and(where, seek))
        .orderBy(...q.orderBy)
        .limit(limit)
        .offset(offset),
    ),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mallDeliveryRequests)
      .innerJoin(partners, eq(partners.id, mallDeliveryRequests.partnerId))
      .where(where),
  ]);
  // At most one request per partner is open, and decided ones are few a day: an exact count stays cheap.
  return q.toPage(rows, { total: total[0]?.n ?? 0, totalExact: true });
}

async function existingPartner(ctx: RequestContext, partnerId: string | number): Promise<number> {
  const id = Number(partnerId);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw new DomainError('ENTITY_NOT_FOUND');
  const [row] = await ctx.db.select({ id: partners.id }).from(partners).where(eq(partners.id, id));
  if (!row) throw new DomainError('ENTITY_NOT_FOUND');
  return id;
}

/** Any partner's MALL Delivery as the operator's dialog shows it. */
export async function cockpitMallDelivery(ctx: RequestContext, partnerId: string | number): Promise<MallDeliveryView> {
  ctx.requireOperator('deliveries', 'read');
  return mallDeliveryView(ctx.db, await existingPartner(ctx, partnerId));
}

/**
 * The partner hears of the decision: the notification as its settings say (list entry and mails in each
 * reader's language), and the master account always by mail in its own language, as a workflow move does.
 */
async function tellPartner(tx: DbOrTx, partnerId: number, state: string, reason: string | null, at: Date) {
  await emitPartnerEvent(tx, {
    partnerId,
    type: 'MALL_DELIVERY_DECIDED',
    data: reason ? { state, reason } : { state },
    at: at.toISOString(),
  });
  const [master] = await tx
    .select({ email: accounts.email, lang: accounts.lang })
    .from(accountPartners)
    .innerJoin(accounts, eq(accounts.id, accountPartners.accountId))
    .where(and(eq(accountPartners.partnerId, partnerId), eq(accountPartners.isMaster, true)));
  if (!master) return;
  const notified = await notificationRecipients(tx, partnerId, 'MALL_DELIVERY_DECIDED');
  if (notified.includes(master.email.toLowerCase())) return;
  await queueMail(tx, {
    to: master.email,
    template: MALL_DELIVERY_DECIDED_MAIL,
    lang: master.lang,
    data: { partnerId, state, reason },
  });
}

/**
 * An operator accepts (fees and depots) or declines (a reason) a partner's pending request. The partner row
 * is locked first: of two operators deciding at once, the second finds the request decided.
 */
export async function decideMallDelivery(
  ctx: RequestContext,
  partnerIdInput: string | number,
  input: unknown,
): Promise<MallDeliveryView> {
  const admin = ctx.requireOperator('deliveries', 'update');
  const partnerId = await existingPartner(ctx, partnerIdInput);
  await ctx.db.transaction(async (tx) => {
    const { state, shopId } = await lockMallDelivery(tx, partnerId);
    const parsed = mallDeliveryDecisionSchema(shopId).safeParse(input);
    if (!parsed.success) throw validationError(parsed.error);
    const d = parsed.data;
    const to = d.decision === 'ACCEPT' ? 'active' : 'declined';
    const refusal = mallDeliveryMoveRefusal(state, to, 'operator');
    const pending = refusal ? null : await lockPendingRequest(tx, partnerId);
    if (refusal || !pending) throw new DomainError(refusal ?? 'MALL_DELIVERY_NOT_PENDING', { state });
    const decidedAt = new Date();
    if (to === 'active') {
      // The warehouse or the contact may have changed since the request: accept only what the courier can use.
      const { readiness } = await loadReadiness(tx, partnerId);
      if (readiness.length) throw new DomainError(readiness[0]!, { problems: readiness.join(', ') });
      const fees = {
        fee: d.fee,
        spectrumFee: d.spectrumFee ?? d.fee,
        registerBranch: d.registerBranch,
        returnBranch: d.returnBranch,
      };
      await tx
        .insert(mallDeliveryConfigs)
        .values({ partnerId, ...fees })
        .onConflictDoUpdate({ target: mallDeliveryConfigs.partnerId, set: { ...fees, updated: sql`now()` } });
    }
    const reason = to === 'declined' ? d.reason : null;
    await tx
      .update(mallDeliveryRequests)
      .set({ status: to === 'active' ? 'accepted' : 'declined', decidedAt, decidedBy: admin.account.id, reason })
      .where(and(eq(mallDeliveryRequests.partnerId, partnerId), eq(mallDeliveryRequests.id, pending.id)));
    await tx.update(partners).set({ mdpStatus: to, updated: sql`now()` }).where(eq(partners.id, partnerId));
    await recordAudit(tx, ctx.actor(null), {
      action: to === 'active' ? 'deliveries.mall.accept' : 'deliveries.mall.decline',
      entity: 'mall_delivery_request',
      entityId: pending.id,
      partnerId,
      data:
        to === 'active'
          ? { from: state, to, fee: d.fee, registerBranch: d.registerBranch, returnBranch: d.returnBranch }
          : { from: state, to, reason },
    });
    await tellPartner(tx, partnerId, to, reason, decidedAt);
    await announceMallDelivery(tx, partnerId, to);
    await announceInTransaction(tx, { all: true });
  });
  return mallDeliveryView(ctx.db, partnerId);
}

const deactivateSchema = z.object({
  reason: safeText({ multiline: true }).trim().min(1, 'required').max(MALL_DELIVERY_REASON_MAX, 'max'),
});

/**
 * An operator switches an active service off (agreed with the partner, or for repeated failures at
 * collection). Spectrum goes off with it; the warehouse and contact stay, no longer bound by the rules.
 */
export async function deactivateMallDelivery(
  ctx: RequestContext,
  partnerIdInput: string | number,
  reasonInput: unknown,
): Promise<MallDeliveryView> {
  ctx.requireOperator('deliveries', 'update');
  const partnerId = await existingPartner(ctx, partnerIdInput);
  const parsed = deactivateSchema.safeParse({ reason: reasonInput });
  if (!parsed.success) throw validationError(parsed.error);
  const { reason } = parsed.data;
  await ctx.db.transaction(async (tx) => {
    const { state } = await lockMallDelivery(tx, partnerId);
    const refusal = mallDeliveryMoveRefusal(state, 'inactive', 'operator');
    if (refusal) throw new DomainError(refusal, { state });
    await tx.update(partners).set({ mdpStatus: 'inactive', updated: sql`now()` }).where(eq(partners.id, partnerId));
    await tx
      .update(mallDeliveryConfigs)
      .set({ spectrumStatus: 'inactive', updated: sql`now()` })
      .where(eq(mallDeliveryConfigs.partnerId, partnerId));
    await recordAudit(tx, ctx.actor(null), {
      action: 'deliveries.mall.deactivate',
      entity: 'partner',
      entityId: partnerId,
      partnerId,
      data: { from: state, to: 'inactive', reason },
    });
    await tellPartner(tx, partnerId, 'inactive', reason, new Date());
    await announceMallDelivery(tx, partnerId, 'inactive');
    await announceInTransaction(tx, { all: true });
  });
  return mallDeliveryView(ctx.db, partnerId);
}
