import {
  DomainError,
  isShopId,
  type MallDeliveryReadinessCode,
  mallDeliveryReadiness,
  type OpeningHours,
  type ShopId,
} from '@pp/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { readFeatureFlags } from '../../../platform/flags/service';
import { publishInTransaction } from '../../../platform/stream/hub';
import { partnerAddresses, partnerContacts, partners } from '../../partner/tables';
import { mallDeliveryConfigs, mallDeliveryRequests } from './tables';

export type MallDeliveryConfigRow = typeof mallDeliveryConfigs.$inferSelect;

export interface MallDeliveryView {
  partnerId: number;
  shopId: ShopId;
  state: string;
  config: {
    fee: number | null;
    registerBranch: string | null;
    returnBranch: string | null;
    returnPin: string | null;
    openingHours: OpeningHours | null;
    spectrumStatus: string;
    spectrumFee: number | null;
    labelType: string;
    collectionsEnabled: boolean;
    collectionsOnDemand: boolean;
    collectionsTimeStart: string | null;
    collectionsTimeEnd: string | null;
  };
  warehouse: { id: number; street: string; city: string; zip: string; state: string } | null;
  contact: { id: number; firstName: string; lastName: string; email: string; phone: string } | null;
  /** What still keeps the warehouse and the contact from being ready (catalogue codes); empty when ready. */
  readiness: MallDeliveryReadinessCode[];
  lastRequest: {
    id: number;
    status: string;
    requestedAt: Date;
    decidedAt: Date | null;
    reason: string | null;
  } | null;
}

const DEFAULT_CONFIG: MallDeliveryView['config'] = {
  fee: null,
  registerBranch: null,
  returnBranch: null,
  returnPin: null,
  openingHours: null,
  spectrumStatus: 'inactive',
  spectrumFee: null,
  labelType: 'pdf',
  collectionsEnabled: false,
  collectionsOnDemand: false,
  collectionsTimeStart: null,
  collectionsTimeEnd: null,
};

/**
 * Locks the partner row and reads its MALL Delivery state. The addresses and contacts writes take the same
 * lock (partner/addresses.ts lockPartnerForSettings), so a state change and a deletion of the warehouse or
 * the contact are never decided on each other's stale reads.
 */
export async function lockMallDelivery(tx: DbOrTx, partnerId: number): Promise<{ state: string; shopId: ShopId }> {
  const [row] = await tx
    .select({ state: partners.mdpStatus, shopId: partners.shopId })
    .from(partners)
    .where(eq(partners.id, partnerId))
    .for('update');
  if (!row || !isShopId(row.shopId)) throw new DomainError('ENTITY_NOT_FOUND');
  return { state: row.state, shopId: row.shopId };
}

/** The warehouse and contact the service depends on, and what keeps them from being ready. */
export async function loadReadiness(db: DbOrTx, partnerId: number) {
  const [addresses, contacts, flags] = await Promise.all([
    db
      .select({
        id: partnerAddresses.id,
        street: partnerAddresses.street,
        city: partnerAddresses.city,
        zip: partnerAddresses.zip,
        state: partnerAddresses.state,
        types: partnerAddresses.types,
      })
      .from(partnerAddresses)
      .where(eq(partnerAddresses.partnerId, partnerId)),
    db
      .select({
        id: partnerContacts.id,
        firstName: partnerContacts.firstName,
        lastName: partnerContacts.lastName,
        email: partnerContacts.email,
        phone: partnerContacts.phone,
        roles: partnerContacts.roles,
      })
      .from(partnerContacts)
      .where(eq(partnerContacts.partnerId, partnerId)),
    readFeatureFlags(db),
  ]);
  const readiness = mallDeliveryReadiness({ addresses, contacts, croatiaEnabled: flags.croatiaEnabled });
  const warehouse = addresses.find((a) => a.types.includes('MDP_WAREHOUSE')) ?? null;
  const contact = contacts.find((c) => c.roles.includes('MALL_DELIVERY')) ?? null;
  return { readiness, warehouse, contact };
}

/** Refuses with the first readiness problem: accepting or switching Spectrum on needs both pieces in order. */
export async function requireReady(db: DbOrTx, partnerId: number): Promise<void> {
  const { readiness } = await loadReadiness(db, partnerId);
  if (readiness.length) throw new DomainError(readiness[0]!, { problems: readiness.join(', ') });
}

export async function readConfig(db: DbOrTx, partnerId: number): Promise<MallDeliveryConfigRow | null> {
  const [row] = await db.select().from(mallDeliveryConfigs).where(eq(mallDeliveryConfigs.partnerId, partnerId));
  return row ?? null;
}

export async function mallDeliveryView(db: DbOrTx, partnerId: number): Promise<MallDeliveryView> {
  const [partner] = await db
    .select({ state: partners.mdpStatus, shopId: partners.shopId })
    .from(partners)
    .where(eq(partners.id, partnerId));
  if (!partner || !isShopId(partner.shopId)) throw new DomainError('ENTITY_NOT_FOUND');
  const [config, ready, [last]] = await Promise.all([
    readConfig(db, partnerId),
    loadReadiness(db, partnerId),
    db
      .select({
        id: mallDeliveryRequests.id,
        status: mallDeliveryRequests.status,
        requestedAt: mallDeliveryRequests.requestedAt,
        decidedAt: mallDeliveryRequests.decidedAt,
        reason: mallDeliveryRequests.reason,
      })
      .from(mallDeliveryRequests)
      .where(eq(mallDeliveryRequests.partnerId, partnerId))
      .orderBy(desc(mallDeliveryRequests.id))
      .limit(1),
  ]);
  const { partnerId: _p, updated: _u, ...stored } = config ?? { partnerId, updated: null, ...DEFAULT_CONFIG };
  return {
    partnerId,
    shopId: partner.shopId,
    state: partner.state,
    config: stored,
    warehouse: ready.warehouse,
    contact: ready.contact,
    readiness: ready.readiness,
    lastRequest: last ?? null,
  };
}

/** The partner's pages and the operators' queue follow a change live, from its commit on. */
export async function announceMallDelivery(tx: DbOrTx, partnerId: number, state: string): Promise<void> {
  const event = { type: 'mall_delivery_changed' as const, data: { state, partnerId } };
  await publishInTransaction(tx, { partnerId }, event);
  await publishInTransaction(tx, { operators: true }, event);
}

/** The pending request of a partner, locked; null when there is none. */
export async function lockPendingRequest(tx: DbOrTx, partnerId: number) {
  const [row] = await tx
    .select()
    .from(mallDeliveryRequests)
    .where(and(eq(mallDeliveryRequests.partnerId, partnerId), eq(mallDeliveryRequests.status, 'pending')))
    .for('update');
  return row ?? null;
}
