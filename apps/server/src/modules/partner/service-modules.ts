import {
  DomainError,
  isServiceModule,
  type Resource,
  SERVICE_MODULE_RESOURCES,
  SERVICE_MODULES,
  type ServiceModule,
} from '@pp/domain';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import { announceInTransaction } from '../../platform/auth-cache';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { publishInTransaction } from '../../platform/stream/hub';
import { partnerServiceModules } from './service-modules-tables';
import { accountPartners, livePartner, partners } from './tables';

/** One module of a partner as the cockpit's card and the permission editor show it. */
export interface ServiceModuleView {
  module: ServiceModule;
  enabled: boolean;
  /** The partner resources it covers (none for availability and marketplace delivery: see requireModuleOn). */
  resources: readonly Resource[];
  /** When an operator last switched it; null while it has never been touched (on by default). */
  updated: Date | null;
}

async function storedSwitches(db: DbOrTx, partnerId: number) {
  return db
    .select({
      module: partnerServiceModules.module,
      enabled: partnerServiceModules.enabled,
      updated: partnerServiceModules.updated,
    })
    .from(partnerServiceModules)
    .where(eq(partnerServiceModules.partnerId, partnerId));
}

/** The modules switched off at a partner: what its policies are judged with (partner/service.ts `policiesFor`). */
export async function switchedOffModules(db: DbOrTx, partnerId: number): Promise<ServiceModule[]> {
  const rows = await storedSwitches(db, partnerId);
  return rows.flatMap((r) => (!r.enabled && isServiceModule(r.module) ? [r.module] : []));
}

/**
 * Refuses a partner's command of a switched-off module, as a disabled policy refuses (ACCESS_DENIED). For the
 * modules that take no whole resource away (availability: stock lives in products; marketplace delivery: MALL
 * Delivery lives in deliveries), so their policies cannot say it: each writing path asks here, reads do not.
 * One key look-up, read at the command's moment: a switch applies to the next command at once.
 */
export async function requireModuleOn(db: DbOrTx, partnerId: number, module: ServiceModule): Promise<void> {
  if (!(await isModuleOn(db, partnerId, module))) throw new DomainError('ACCESS_DENIED');
}

/** Whether a module is on at the partner (a module nobody switched is). */
export async function isModuleOn(db: DbOrTx, partnerId: number, module: ServiceModule): Promise<boolean> {
  const [row] = await db
    .select({ enabled: partnerServiceModules.enabled })
    .from(partnerServiceModules)
    .where(and(eq(partnerServiceModules.partnerId, partnerId), eq(partnerServiceModules.module, module)));
  return row?.enabled ?? true;
}

async function modulesOf(db: DbOrTx, partnerId: number): Promise<ServiceModuleView[]> {
  const stored = new Map((await storedSwitches(db, partnerId)).map((r) => [r.module, r]));
  return SERVICE_MODULES.map((module) => ({
    module,
    enabled: stored.get(module)?.enabled ?? true,
    resources: SERVICE_MODULE_RESOURCES[module],
    updated: stored.get(module)?.updated ?? null,
  }));
}

async function existingPartner(db: DbOrTx, partnerId: number, lock = false) {
  // A sandbox (issue 20) is nobody's partner: no operator switches its modules.
  const query = db
    .select({ id: partners.id })
    .from(partners)
    .where(and(eq(partners.id, partnerId), livePartner));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new DomainError('ENTITY_NOT_FOUND');
  return row;
}

/** Operators (`partners` read): a partner's modules. */
export async function cockpitServiceModules(ctx: RequestContext, partnerId: number): Promise<ServiceModuleView[]> {
  ctx.requireOperator('partners', 'read');
  await existingPartner(ctx.db, partnerId);
  return modulesOf(ctx.db, partnerId);
}

/** Any member of the selected partner: its modules, for the permission editor's reasons. */
export async function ownServiceModules(ctx: RequestContext): Promise<ServiceModuleView[]> {
  const { partnerId } = await ctx.requirePartner();
  return modulesOf(ctx.db, partnerId);
}

/**
 * Operators (`partners` update): switches one module of a partner, audited. The partner's people forget their
 * cached policies in every process at commit (their next request, their stream sockets and, through the
 * `service_modules_changed` event, their open portals follow at once). Switching to the state it is in
 * changes and records nothing.
 */
export async function cockpitSetServiceModule(
  ctx: RequestContext,
  partnerId: number,
  module: string,
  enabled: boolean,
): Promise<ServiceModuleView[]> {
  ctx.requireOperator('partners', 'update');
  if (!isServiceModule(module)) throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'module', rule: 'in' }]);
  const members = await ctx.db.transaction(async (tx) => {
    // Serialises two operators switching the same partner, so the trail's before/after stay true.
    await existingPartner(tx, partnerId, true);
    const current = (await storedSwitches(tx, partnerId)).find((r) => r.module === module)?.enabled ?? true;
    if (current === enabled) return null;
    await tx
      .insert(partnerServiceModules)
      .values({ partnerId, module, enabled, updatedBy: ctx.auth?.account.id ?? null })
      .onConflictDoUpdate({
        target: [partnerServiceModules.partnerId, partnerServiceModules.module],
        set: { enabled, updated: new Date(), updatedBy: ctx.auth?.account.id ?? null },
      });
    await recordAudit(tx, ctx.actor(partnerId), {
      action: enabled ? 'partner.service-module.enable' : 'partner.service-module.disable',
      entity: 'partner',
      entityId: partnerId,
      partnerId,
      data: { module, before: { enabled: current }, after: { enabled } },
    });
    const accounts = (
      await tx
        .select({ accountId: accountPartners.accountId })
        .from(accountPartners)
        .where(eq(accountPartners.partnerId, partnerId))
    ).map((r) => r.accountId);
    if (accounts.length) await announceInTransaction(tx, { accounts });
    await publishInTransaction(tx, { partnerId }, { type: 'service_modules_changed', data: { module, enabled } });
    return accounts;
  });
  // Other processes forget at commit; this one before it answers.
  if (members?.length) await ctx.platform.authCache.changed({ accounts: members });
  return modulesOf(ctx.db, partnerId);
}
