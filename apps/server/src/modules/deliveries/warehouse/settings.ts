import {
  type CalendarCountry,
  type DeliverySettings,
  DomainError,
  defaultDeliverySettings,
  expectedOrderDates,
  isCalendarCountry,
  isShopId,
  MARKETS,
  type MarketplaceFlags,
  marketplaceFlagsSchema,
  type OrderDates,
  warehouseSettingsSchema,
} from '@pp/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../../../platform/audit/service';
import type { RequestContext } from '../../../platform/context';
import type { DbOrTx } from '../../../platform/db/client';
import { validationError } from '../../../platform/errors';
import { publishInTransaction } from '../../../platform/stream/hub';
import { rowId } from '../../partner/addresses';
import { settingsPartner } from '../../partner/contract';
import { partnerDeliveries, partners } from '../../partner/tables';
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

/** Dates of an order by the partner's settings and the carrier's delay (the one place the settings meet the calendar). */
function datesWith(
  s: DeliverySettings,
  order: { createdAt: Date; deliveryDelay: number; deliveryCountry?: CalendarCountry },
): OrderDates {
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
  return datesWith(await loadDeliverySettings(db, partnerId), order);
}

/** What dates a new order of a partner: its market, its warehouse settings and its active methods' delays. */
export interface NewOrderFacts {
  shopId: string;
  settings: DeliverySettings;
  /** Working days the carrier takes, per transport (carrier code) of the partner's active delivery methods. */
  methodDelays: ReadonlyMap<string, number>;
}

/**
 * The facts that date new orders, for several partners in one query (the intake reads them once per batch, so
 * a settings or method change applies to the next batch). Partners that do not exist are missing from the map.
 * Of several active methods on one transport (one per package size, say) the longest delay counts: the expected
 * delivery date must not come before the slowest of them (the missing-status rule counts from it).
 */
export async function newOrderFactsOf(db: DbOrTx, partnerIds: readonly number[]): Promise<Map<number, NewOrderFacts>> {
  const facts = new Map<number, NewOrderFacts>();
  if (partnerIds.length === 0) return facts;
  const rows = await db
    .select({
      id: partners.id,
      shopId: partners.shopId,
      settings: partnerDeliverySettings,
      delays: sql<[string, number][] | null>`(select json_agg(json_build_array(d.transport, d.delay)) from (
          select ${partnerDeliveries.transport} as transport, max(${partnerDeliveries.deliveryDelay}) as delay
          from ${partnerDeliveries}
          where ${partnerDeliveries.partnerId} = ${partners.id} and ${partnerDeliveries.active}
            and ${partnerDeliveries.deliveryDelay} >= 0
          group by ${partnerDeliveries.transport}) d)`,
    })
    .from(partners)
    .leftJoin(partnerDeliverySettings, eq(partnerDeliverySettings.partnerId, partners.id))
    .where(inArray(partners.id, [...new Set(partnerIds)]));
  for (const row of rows) {
    facts.set(row.id, {
      shopId: row.shopId,
      settings: row.settings ? fromRow(row.settings) : defaultDeliverySettings(marketCountry(row.shopId)),
      methodDelays: new Map((row.delays ?? []).map(([transport, delay]) => [transport, Number(delay)])),
    });
  }
  return facts;
}

/** The marketplace's promise when the partner has no method on the order's transport: one working day. */
const DEFAULT_CARRIER_DELAY = 1;

/**
 * The ship-by and expected delivery dates of a new order (docs/decisions.md, "Orders from the marketplace"):
 * dispatch by the warehouse calendar, cut-off and supply delay; delivery after the delay of the partner's method
 * on the order's transport, one working day when it has none, the same day for a personal pickup. The carrier
 * keeps the customer's market's working days when it has a calendar, the warehouse's otherwise.
 */
export function newOrderDates(
  facts: NewOrderFacts,
  order: { createdAt: Date; deliveryType: string | null; transportId: string | null; deliveryCountry: string | null },
): OrderDates {
  const own = order.transportId ? facts.methodDelays.get(order.transportId) : undefined;
  const deliveryDelay = order.deliveryType === 'PERSONAL_PICKUP' ? 0 : (own ?? DEFAULT_CARRIER_DELAY);
  const country = order.deliveryCountry;
  return datesWith(facts.settings, {
    createdAt: order.createdAt,
    deliveryDelay,
    ...(country && isCalendarCountry(country) ? { deliveryCountry: country } : {}),
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
    const changed = changes(before, after);
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'warehouse.update',
      entity: 'partner_delivery_settings',
      entityId: partnerId,
      data: changed,
    });
    await announceSettings(tx, partnerId, changed);
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

/**
 * Tells the partner's open pages (those holding deliveries read) that its settings changed, delivered at commit:
 * the warehouse page, the cash-on-delivery notices of orders and products, the home's activity. Only the names
 * of what changed travel; a page reads the settings again with its own rights. A save that changed nothing
 * announces nothing.
 */
async function announceSettings(tx: DbOrTx, partnerId: number, changed: Record<string, unknown>): Promise<void> {
  const fields = Object.keys(changed);
  if (fields.length === 0) return;
  await publishInTransaction(tx, { partnerId }, { type: 'delivery_settings_changed', data: { fields } });
}

/** An operator reads a partner's delivery settings (cockpit). */
export async function cockpitDeliverySettings(ctx: RequestContext, id: string): Promise<DeliverySettings> {
  ctx.requireOperator('deliveries', 'read');
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
  ctx.requireOperator('deliveries', 'update');
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
    const changed = changes(before, after);
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'partner.marketplace-flags',
      entity: 'partner_delivery_settings',
      entityId: partnerId,
      data: changed,
    });
    await announceSettings(tx, partnerId, changed);
    return after;
  });
}
