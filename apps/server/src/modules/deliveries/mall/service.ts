import {
  classicConfigRefusal,
  classicConfigSchema,
  DomainError,
  isShopId,
  type MallDeliveryBranch,
  mallDeliveryBranchesOf,
  mallDeliveryMoveRefusal,
  spectrumConfigRefusal,
  spectrumConfigSchema,
} from '@pp/domain';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../../platform/audit/service';
import { announceInTransaction } from '../../../platform/auth-cache';
import type { RequestContext } from '../../../platform/context';
import { validationError } from '../../../platform/errors';
import { requireModuleOn } from '../../partner/service-modules';
import { partners } from '../../partner/tables';
import {
  announceMallDelivery,
  loadReadiness,
  lockMallDelivery,
  type MallDeliveryView,
  mallDeliveryView,
  readConfig,
} from './state';
import { mallDeliveryConfigs, mallDeliveryRequests } from './tables';

/**
 * The right to a MALL Delivery command of the selected partner: `deliveries` update, and its marketplace
 * delivery module on (an operator's switch, which no policy carries: partner/service-modules.ts).
 */
export async function requireMallDeliveryCommand(ctx: RequestContext): Promise<{ partnerId: number }> {
  const { partnerId } = await ctx.require('deliveries', 'update');
  await requireModuleOn(ctx.db, partnerId, 'marketplaceDelivery');
  return { partnerId };
}

/** The selected partner's MALL Delivery: state, settings, the warehouse and contact it relies on. */
export async function mallDelivery(ctx: RequestContext): Promise<MallDeliveryView> {
  const { partnerId } = await ctx.require('deliveries', 'read');
  return mallDeliveryView(ctx.db, partnerId);
}

/** The marketplace's depots of the selected partner's market (the spec's "register branches" call). */
export async function mallDeliveryRegisterBranches(ctx: RequestContext): Promise<MallDeliveryBranch[]> {
  const { partnerId } = await ctx.require('deliveries', 'read');
  const [row] = await ctx.db.select({ shopId: partners.shopId }).from(partners).where(eq(partners.id, partnerId));
  return row && isShopId(row.shopId) ? mallDeliveryBranchesOf(row.shopId) : [];
}

/**
 * The partner asks for MALL Delivery (first time, or again after a decline). The warehouse and the contact
 * must be ready first: the operator decides on a complete request, and the courier has somewhere to go and
 * someone to call from day one.
 */
export async function requestMallDelivery(ctx: RequestContext): Promise<MallDeliveryView> {
  const { partnerId } = await requireMallDeliveryCommand(ctx);
  const auth = ctx.requireAuth();
  await ctx.db.transaction(async (tx) => {
    const { state } = await lockMallDelivery(tx, partnerId);
    const refusal = mallDeliveryMoveRefusal(state, 'requested', 'partner');
    if (refusal) throw new DomainError(refusal, { state });
    const { readiness } = await loadReadiness(tx, partnerId);
    if (readiness.length) throw new DomainError(readiness[0]!, { problems: readiness.join(', ') });
    const [request] = await tx
      .insert(mallDeliveryRequests)
      .values({ partnerId, requestedBy: auth.account.id })
      .returning({ id: mallDeliveryRequests.id });
    await tx.update(partners).set({ mdpStatus: 'requested', updated: sql`now()` }).where(eq(partners.id, partnerId));
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'deliveries.mall.request',
      entity: 'mall_delivery_request',
      entityId: request!.id,
      data: { from: state, to: 'requested' },
    });
    await announceMallDelivery(tx, partnerId, 'requested');
    // The session's partner summary carries the state (addresses and contacts pages read it).
    await announceInTransaction(tx, { all: true });
  });
  return mallDeliveryView(ctx.db, partnerId);
}

/** The partner's classic settings: depots, return PIN and the warehouse's hours, while Spectrum is off. */
export async function updateClassicConfig(ctx: RequestContext, input: unknown): Promise<MallDeliveryView> {
  const { partnerId } = await requireMallDeliveryCommand(ctx);
  await ctx.db.transaction(async (tx) => {
    const { state, shopId } = await lockMallDelivery(tx, partnerId);
    const config = await readConfig(tx, partnerId);
    const refusal = classicConfigRefusal(state, config?.spectrumStatus ?? 'inactive');
    if (refusal) throw new DomainError(refusal);
    const parsed = classicConfigSchema(shopId).safeParse(input);
    if (!parsed.success) throw validationError(parsed.error);
    const data = parsed.data;
    await tx
      .insert(mallDeliveryConfigs)
      .values({ partnerId, ...data })
      .onConflictDoUpdate({ target: mallDeliveryConfigs.partnerId, set: { ...data, updated: sql`now()` } });
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'deliveries.mall.classic',
      entity: 'mall_delivery_config',
      entityId: partnerId,
      // The PIN is a secret of the warehouse: the trail says it changed, not what it is.
      data: {
        registerBranch: data.registerBranch,
        returnBranch: data.returnBranch,
        returnPinChanged: data.returnPin !== config?.returnPin,
        openingHours: data.openingHours,
      },
    });
    await announceMallDelivery(tx, partnerId, state);
  });
  return mallDeliveryView(ctx.db, partnerId);
}

/**
 * The partner's Spectrum/DIP settings. Switching Spectrum on needs the MDP warehouse and the MALL Delivery
 * contact ready (the courier collects there and calls them); switching it off, or changing other settings,
 * does not.
 */
export async function updateSpectrumConfig(ctx: RequestContext, input: unknown): Promise<MallDeliveryView> {
  const { partnerId } = await requireMallDeliveryCommand(ctx);
  const parsed = spectrumConfigSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const data = parsed.data;
  await ctx.db.transaction(async (tx) => {
    const { state } = await lockMallDelivery(tx, partnerId);
    const before = await readConfig(tx, partnerId);
    const switchingOn = data.status === 'active' && before?.spectrumStatus !== 'active';
    const readiness = switchingOn ? (await loadReadiness(tx, partnerId)).readiness : [];
    const refusal = spectrumConfigRefusal(state, data.status, readiness);
    if (refusal) throw new DomainError(refusal, readiness.length ? { problems: readiness.join(', ') } : {});
    const values = {
      spectrumStatus: data.status,
      labelType: data.labelType,
      collectionsEnabled: data.collectionsEnabled,
      collectionsOnDemand: data.collectionsOnDemand,
      // A window without collections means nothing: kept empty rather than stale.
      collectionsTimeStart: data.collectionsEnabled ? data.collectionsTimeStart : null,
      collectionsTimeEnd: data.collectionsEnabled ? data.collectionsTimeEnd : null,
    };
    await tx
      .insert(mallDeliveryConfigs)
      .values({ partnerId, ...values })
      .onConflictDoUpdate({ target: mallDeliveryConfigs.partnerId, set: { ...values, updated: sql`now()` } });
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'deliveries.mall.spectrum',
      entity: 'mall_delivery_config',
      entityId: partnerId,
      data: { ...values, from: before?.spectrumStatus ?? 'inactive' },
    });
    await announceMallDelivery(tx, partnerId, state);
  });
  return mallDeliveryView(ctx.db, partnerId);
}
