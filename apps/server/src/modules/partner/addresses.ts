import {
  ADDRESS_TYPES,
  addressDeleteRefusal,
  addressSaveRefusal,
  addressSchema,
  addressStateAllowed,
  countryCodeSchema,
  DomainError,
  type GridPage,
  mdpWarehouseBlankFields,
} from '@pp/domain';
import { type AnyColumn, and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import type { Tx } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { readFeatureFlags } from '../../platform/flags/service';
import { accentInsensitive, buildGridQuery, cappedTotal, type GridColumn } from '../../platform/grid';
import { partnerAddresses, partners } from './tables';

export type AddressRow = typeof partnerAddresses.$inferSelect;

/** Spec §9: the addresses and contacts grids show 10 rows a page, whatever a caller asks for. */
export const PARTNER_GRID_PAGE = 10;

/** A caller-sent id: anything that is not a plain positive number cannot name one of the partner's rows. */
export function rowId(id: string | number | null | undefined): number | null {
  if (id === null || id === undefined) return null;
  const n = Number(id);
  return Number.isSafeInteger(n) && n > 0 ? n : -1;
}

/**
 * Locks the partner row for the rest of the transaction and answers whether MALL Delivery is active. Every
 * write of addresses or contacts takes this lock first, so two parallel writes read each other's result
 * before their rules decide (one warehouse, one MALL Delivery contact, the limits).
 */
export async function lockPartnerForSettings(tx: Tx, partnerId: number): Promise<{ mdpActive: boolean }> {
  const [row] = await tx
    .select({ mdpStatus: partners.mdpStatus })
    .from(partners)
    .where(eq(partners.id, partnerId))
    .for('update');
  if (!row) throw new DomainError('ACCESS_DENIED');
  return { mdpActive: row.mdpStatus === 'active' };
}

export async function listAddresses(ctx: RequestContext): Promise<AddressRow[]> {
  const { partnerId } = await ctx.require('partner', 'read');
  return ctx.db
    .select()
    .from(partnerAddresses)
    .where(eq(partnerAddresses.partnerId, partnerId))
    .orderBy(asc(partnerAddresses.id));
}

/** The array column as one sortable text: the types joined in catalogue order. */
const typesText = sql<string>`array_to_string(${partnerAddresses.types}, ',')`;

const ADDRESS_COLUMNS: readonly GridColumn[] = [
  { field: 'id', sql: partnerAddresses.id, filterType: 'NUMBER', sortable: true },
  { field: 'street', sql: partnerAddresses.street, filterType: 'TEXT', sortable: true, foldAccents: true },
  { field: 'city', sql: partnerAddresses.city, filterType: 'TEXT', sortable: true, foldAccents: true },
  { field: 'zip', sql: partnerAddresses.zip, filterType: 'TEXT', sortable: true },
  { field: 'state', sql: partnerAddresses.state, filterType: 'TEXT', sortable: true },
  {
    field: 'types',
    sql: typesText,
    notNull: true,
    filterType: 'MULTIPLE_ENUMS',
    options: ADDRESS_TYPES,
    sortable: true,
    filterSql: (f) => overlapFilter(partnerAddresses.types, f),
  },
];

/** A MULTIPLE_ENUMS filter over an array column: IN is "holds any of", NIN "holds none of". */
export function overlapFilter(column: AnyColumn, filter: { operator: string; values?: string[] | null }) {
  const values = sql`${sql.param(filter.values ?? [])}::text[]`;
  return filter.operator === 'NIN' ? sql`not (${column} && ${values})` : sql`${column} && ${values}`;
}

/** The selected partner's addresses as a grid (spec §9: 10 a page). */
export async function addressesGrid(ctx: RequestContext, grid: unknown): Promise<GridPage<AddressRow>> {
  const { partnerId } = await ctx.require('partner', 'read');
  const q = buildGridQuery({ ...(grid as object), perPage: PARTNER_GRID_PAGE }, ADDRESS_COLUMNS, {
    idColumn: partnerAddresses.id,
    defaultSort: { field: 'id', direction: 'DESCENDING' },
    searchColumns: [
      accentInsensitive(partnerAddresses.street),
      accentInsensitive(partnerAddresses.city),
      partnerAddresses.zip,
    ],
  });
  const where = and(eq(partnerAddresses.partnerId, partnerId), q.where);
  const [rows, total] = await Promise.all([
    q.readRows((seek, limit, offset) =>
      ctx.db
        .select({ row: partnerAddresses, ...q.cursorFields })
        .from(partnerAddresses)
        .where(and(where, seek))
        .orderBy(...q.orderBy)
        .limit(limit)
        .offset(offset),
    ),
    cappedTotal(ctx.db, partnerAddresses, where),
  ]);
  return q.toPage(
    rows.map((r) => ({ ...r.row, gridSortKey: r.gridSortKey, gridRowKey: r.gridRowKey })),
    total,
  );
}

const stateAllowedSchema = z.object({
  stateCode: countryCodeSchema,
  types: z.array(z.enum(ADDRESS_TYPES, 'invalid')).max(ADDRESS_TYPES.length),
});

/** The spec's state-allowed check: may an address of these types be in this country (MALL Delivery warehouse)? */
export async function stateAllowed(ctx: RequestContext, stateCode: string, types: string[]): Promise<boolean> {
  await ctx.require('partner', 'read');
  const parsed = stateAllowedSchema.safeParse({ stateCode, types });
  if (!parsed.success) throw validationError(parsed.error);
  const flags = await readFeatureFlags(ctx.db);
  return addressStateAllowed(parsed.data.stateCode, parsed.data.types, flags.croatiaEnabled);
}

/**
 * Creates an address (no id) or changes one of the selected partner's addresses, under the MALL Delivery
 * warehouse rules (one transaction, the partner locked). Onboarding step 3 and the partner area share it.
 */
export async function saveAddress(ctx: RequestContext, id: string | null, input: unknown): Promise<AddressRow> {
  const addressId = rowId(id);
  const { partnerId } = await ctx.require('partner', addressId === null ? 'create' : 'update');
  const blank = mdpWarehouseBlankFields(input);
  if (blank.length) {
    throw new DomainError(
      'MDP_WAREHOUSE_ALL_FIELDS_MANDATORY',
      {},
      blank.map((field) => ({ field, rule: 'required' })),
    );
  }
  const parsed = addressSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const data = parsed.data;
  const flags = await readFeatureFlags(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const { mdpActive } = await lockPartnerForSettings(tx, partnerId);
    const existing = await tx
      .select({ id: partnerAddresses.id, types: partnerAddresses.types })
      .from(partnerAddresses)
      .where(eq(partnerAddresses.partnerId, partnerId));
    const refusal = addressSaveRefusal(data, {
      id: addressId,
      existing,
      mdpActive,
      croatiaEnabled: flags.croatiaEnabled,
    });
    if (refusal === 'MDP_WAREHOUSE_UNSUPPORTED_COUNTRY') {
      throw new DomainError(refusal, {}, [{ field: 'state', rule: 'stateAllowed' }]);
    }
    if (refusal) throw new DomainError(refusal);
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
  const { partnerId } = await ctx.require('partner', 'delete');
  const addressId = rowId(id) ?? -1;
  return ctx.db.transaction(async (tx) => {
    const { mdpActive } = await lockPartnerForSettings(tx, partnerId);
    const [found] = await tx
      .select({ id: partnerAddresses.id, types: partnerAddresses.types })
      .from(partnerAddresses)
      .where(and(eq(partnerAddresses.partnerId, partnerId), eq(partnerAddresses.id, addressId)));
    if (!found) throw new DomainError('ADDRESS_NOT_FOUND');
    const refusal = addressDeleteRefusal(found, mdpActive);
    if (refusal) throw new DomainError(refusal);
    await tx.delete(partnerAddresses).where(eq(partnerAddresses.id, found.id));
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'partner.address.delete',
      entity: 'partner_address',
      entityId: found.id,
      data: { types: found.types },
    });
    return true;
  });
}
