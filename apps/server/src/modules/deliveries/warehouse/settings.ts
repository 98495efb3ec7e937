import {
  type CalendarCountry,
  type DeliverySettings,
  DomainError,
  defaultDeliverySettings,
  expectedOrderDates,
  isShopId,
  MARKETS,
  type MarketplaceFlags,
  marketplaceFlagsSchema,
  type OrderDates,
  warehouseSettingsSchema,
} from '@pp/domain';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../../platform/audit/service';
import type { RequestContext } from '../../../platform/context';
import type { DbOrTx } from '../../../platform/db/client';
import { validationError } from '../../../platform/errors';
import { rowId } from '../../partner/addresses';
import { settingsPartner } from '../../partner/contract';
import { partners } from '../../partner/tables';
import { partnerDeliverySettings } from './tables';

type Row = typeof partnerDeliverySettings.$inferSelect;

function fromRow(row: Row): DeliverySettings {
  return {
    calendarCountry: row.calendarCountry as CalendarCountry,
    calendarType: 'MP_WORKING_DAYS',
    supplyDelayFrom: row.supplyDelayFrom,
    supplyDelayTo: row.supplyDelayTo,
    carrierCloseTime: row.carrierCloseTime,
    postponementEnabled: row.postponementEnabled,
    codPaymentDisabled: row.codPaymentDisabled,
    transportV2: row.transportV2,
    exportToFeed: row.exportToFeed,
    exportToPPC: row.exportToPpc,
    exportToAffiliate: row.exportToAffiliate,
  };
}

/** The calendar country a partner starts with: its market's. */
function marketCountry(shopId: string): CalendarCountry {
  return isShopId(shopId) ? MARKETS[shopId].shortCode : 'CZ';
}

/**
 * A partner's delivery settings, its saved row or its market's defaults. For the server's own use (the order
 * intake, the home figures): the caller has checked the partner already.
 */
export async function loadDeliverySettings(db: DbOrTx, partnerId: number): Promise<DeliverySettings> {
  const [found] = await db
    .select({ settings: partnerDeliverySettings, shopId: partners.shopId })
    .from(partners)
    .leftJoin(partnerDeliverySettings, eq(partnerDeliverySettings.partnerId, partners.id))
    .where(eq(partners.id, partnerId));
  if (!found) throw new DomainError('NOT_FOUND');
  return found.settings ? fromRow(found.settings) : defaultDeliverySettings(marketCountry(found.shopId));
}

/**
 * The expected dispatch and delivery dates of an order arriving now for `partnerId`, by its settings and the
 * delivery method's delay: what the order intake stores as `dispatch_date` (dispatchBy) and `delivery_date`
 * (deliveryBy).
 */
export async function orderDatesFor(
  db: DbOrTx,
  partnerId: number,
  order: { createdAt: Date; deliveryDelay: number; deliveryCountry?: CalendarCountry },
): Promise<OrderDates> {
  const s = await loadDeliverySettings(db, partnerId);
  return expectedOrderDates({
    createdAt: order.createdAt,
    calendarCountry: s.calendarCountry,
    carrierCloseTime: s.carrierCloseTime,
    supplyDelayFrom: s.supplyDelayFrom,
    supplyDelayTo: s.supplyDelayTo,
    deliveryDelay: order.deliveryDelay,
    deliveryCountry: order.deliveryCountry,
  });
}

/** The selected partner's warehouse and delivery settings (the marketplace's flags read-only). */
export async function warehouseSettings(ctx: RequestContext): Promise<DeliverySettings> {
  const { partnerId } = await settingsPartner(ctx, 'deliveries', 'read');
  return loadDeliverySettings(ctx.db, partnerId);
}

/**
 * Saves the partner's warehouse settings with its cut-off, postponement and cash-on-delivery choice, in one
 * transaction with the audit of what changed. The marketplace's flags are not the partner's to set.
 */
export async function updateWarehouseSettings(ctx: RequestContext, input: unknown): Promise<DeliverySettings> {
  const { partnerId } = await settingsPartner(ctx, 'deliveries', 'update');
  const parsed = warehouseSettingsSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const next = parsed.data;
  return ctx.db.transaction(async (tx) => {
    const before = await loadDeliverySettings(tx, partnerId);
    const values = {
      calendarCountry: next.calendarCountry,
      calendarType: next.calendarType,
      supplyDelayFrom: next.supplyDelayFrom,
      supplyDelayTo: next.supplyDelayTo,
      carrierCloseTime: next.carrierCloseTime,
      postponementEnabled: next.postponementEnabled,
      codPaymentDisabled: next.codPaymentDisabled,
      updated: new Date(),
    };
    const [row] = await tx
      .insert(partnerDeliverySettings)
      .values({ partnerId, ...values })
      .onConflictDoUpdate({ target: partnerDeliverySettings.partnerId, set: values })
      .returning();
    const after = fromRow(row!);
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'warehouse.update',
      entity: 'partner_delivery_settings',
      entityId: partnerId,
      data: changes(before, after),
    });
    return after;
  });
}

/** Only what changed, as { field: [before, after] }: the audit trail reads as a list of edits. */
function changes<T extends object>(before: T, after: T): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (before[key] !== after[key]) out[String(key)] = [before[key], after[key]];
  }
  return out;
}

/** An operator reads a partner's delivery settings (cockpit). */
export async function cockpitDeliverySettings(ctx: RequestContext, id: string): Promise<DeliverySettings> {
  ctx.requireAdmin();
  return loadDeliverySettings(ctx.db, cockpitPartnerId(id));
}

function cockpitPartnerId(id: string): number {
  const partnerId = rowId(id);
  if (partnerId === null) throw new DomainError('NOT_FOUND');
  return partnerId;
}

/** An operator sets the marketplace's switches on a partner (transport v2, exports to feed, PPC, affiliate). */
export async function cockpitUpdateMarketplaceFlags(
  ctx: RequestContext,
  id: string,
  input: unknown,
): Promise<DeliverySettings> {
  ctx.requireAdmin();
  const partnerId = cockpitPartnerId(id);
  const parsed = marketplaceFlagsSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const flags: MarketplaceFlags = parsed.data;
  return ctx.db.transaction(async (tx) => {
    const before = await loadDeliverySettings(tx, partnerId);
    const values = {
      transportV2: flags.transportV2,
      exportToFeed: flags.exportToFeed,
      exportToPpc: flags.exportToPPC,
      exportToAffiliate: flags.exportToAffiliate,
      updated: new Date(),
    };
    const [row] = await tx
      .insert(partnerDeliverySettings)
      .values({ partnerId, calendarCountry: before.calendarCountry, ...values })
      .onConflictDoUpdate({ target: partnerDeliverySettings.partnerId, set: values })
      .returning();
    const after = fromRow(row!);
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'partner.marketplace-flags',
      entity: 'partner_delivery_settings',
      entityId: partnerId,
      data: changes(before, after),
    });
    return after;
  });
}
