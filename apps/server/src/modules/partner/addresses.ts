import { addressSchema, DomainError } from '@pp/domain';
import { and, asc, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import { validationError } from '../../platform/errors';
import { partnerAddresses } from './tables';

export type AddressRow = typeof partnerAddresses.$inferSelect;

/** A caller-sent id: anything that is not a plain positive number cannot name one of the partner's rows. */
export function rowId(id: string | number | null | undefined): number | null {
  if (id === null || id === undefined) return null;
  const n = Number(id);
  return Number.isSafeInteger(n) && n > 0 ? n : -1;
}

export async function listAddresses(ctx: RequestContext): Promise<AddressRow[]> {
  const { partnerId } = await ctx.require('partner', 'read');
  return ctx.db
    .select()
    .from(partnerAddresses)
    .where(eq(partnerAddresses.partnerId, partnerId))
    .orderBy(asc(partnerAddresses.id));
}

/** Creates an address (no id) or changes one of the selected partner's addresses. */
export async function saveAddress(ctx: RequestContext, id: string | null, input: unknown): Promise<AddressRow> {
  const { partnerId } = await ctx.require('partner', 'update');
  const parsed = addressSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const data = parsed.data;
  const addressId = rowId(id);
  return ctx.db.transaction(async (tx) => {
    let row: AddressRow | undefined;
    if (addressId === null) {
      [row] = await tx
        .insert(partnerAddresses)
        .values({ partnerId, ...data })
        .returning();
    } else {
      [row] = await tx
        .update(partnerAddresses)
        .set({ ...data, updated: new Date() })
        .where(and(eq(partnerAddresses.partnerId, partnerId), eq(partnerAddresses.id, addressId)))
        .returning();
      if (!row) throw new DomainError('ADDRESS_NOT_FOUND');
    }
    await recordAudit(tx, ctx.actor(partnerId), {
      action: addressId === null ? 'partner.address.create' : 'partner.address.update',
      entity: 'partner_address',
      entityId: row!.id,
      data: { types: data.types, state: data.state, city: data.city },
    });
    return row!;
  });
}

export async function deleteAddress(ctx: RequestContext, id: string): Promise<boolean> {
  const { partnerId } = await ctx.require('partner', 'update');
  const addressId = rowId(id) ?? -1;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(partnerAddresses)
      .where(and(eq(partnerAddresses.partnerId, partnerId), eq(partnerAddresses.id, addressId)))
      .returning({ id: partnerAddresses.id, types: partnerAddresses.types });
    if (!row) throw new DomainError('ADDRESS_NOT_FOUND');
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'partner.address.delete',
      entity: 'partner_address',
      entityId: row.id,
      data: { types: row.types },
    });
    return true;
  });
}
