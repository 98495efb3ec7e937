import {
  CONTACT_GROUPS,
  contactDeleteRefusal,
  contactSaveRefusal,
  contactSchema,
  DomainError,
  type GridPage,
} from '@pp/domain';
import { and, arrayOverlaps, asc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { accentInsensitive, buildGridQuery, cappedTotal, type GridColumn } from '../../platform/grid';
import { lockPartnerForSettings, overlapFilter, PARTNER_GRID_PAGE, rowId } from './addresses';
import { settingsPartner } from './contract';
import { partnerContacts } from './tables';

export type ContactRow = typeof partnerContacts.$inferSelect;

export async function listContacts(ctx: RequestContext): Promise<ContactRow[]> {
  const { partnerId } = await ctx.require('partnerContacts', 'read');
  return ctx.db
    .select()
    .from(partnerContacts)
    .where(eq(partnerContacts.partnerId, partnerId))
    .orderBy(asc(partnerContacts.id));
}

const fullName = sql<string>`${partnerContacts.firstName} || ' ' || ${partnerContacts.lastName}`;

const CONTACT_COLUMNS: readonly GridColumn[] = [
  { field: 'id', sql: partnerContacts.id, filterType: 'NUMBER', sortable: true },
  { field: 'name', sql: fullName, notNull: true, filterType: 'TEXT', sortable: true, foldAccents: true },
  { field: 'email', sql: partnerContacts.email, filterType: 'TEXT', sortable: true },
  { field: 'phone', sql: partnerContacts.phone, filterType: 'TEXT', sortable: true },
  {
    field: 'roles',
    sql: sql<string>`array_to_string(${partnerContacts.roles}, ',')`,
    notNull: true,
    filterType: 'MULTIPLE_ENUMS',
    options: CONTACT_GROUPS,
    sortable: true,
    filterSql: (f) => overlapFilter(partnerContacts.roles, f),
  },
];

/** The selected partner's contact people as a grid (spec §9: 10 a page), searched by name and e-mail. */
export async function contactsGrid(ctx: RequestContext, grid: unknown): Promise<GridPage<ContactRow>> {
  const { partnerId } = await ctx.require('partnerContacts', 'read');
  const q = buildGridQuery({ ...(grid as object), perPage: PARTNER_GRID_PAGE }, CONTACT_COLUMNS, {
    idColumn: partnerContacts.id,
    defaultSort: { field: 'id', direction: 'DESCENDING' },
    searchColumns: [accentInsensitive(fullName), partnerContacts.email],
  });
  const where = and(eq(partnerContacts.partnerId, partnerId), q.where);
  const [rows, total] = await Promise.all([
    q.readRows((seek, limit, offset) =>
      ctx.db
        .select({ row: partnerContacts, ...q.cursorFields })
        .from(partnerContacts)
        .where(and(where, seek))
        .orderBy(...q.orderBy)
        .limit(limit)
        .offset(offset),
    ),
    cappedTotal(ctx.db, partnerContacts, where),
  ]);
  return q.toPage(
    rows.map((r) => ({ ...r.row, gridSortKey: r.gridSortKey, gridRowKey: r.gridRowKey })),
    total,
  );
}

/**
 * Creates a contact person (no id) or changes one of the selected partner's, under the MALL Delivery contact
 * rules and the contact limit (one transaction, the partner locked); the phone follows the seat country.
 * Onboarding step 3 and the partner area share it.
 */
export async function saveContact(ctx: RequestContext, id: string | null, input: unknown): Promise<ContactRow> {
  const contactId = rowId(id);
  const { partnerId, country } = await settingsPartner(
    ctx,
    'partnerContacts',
    contactId === null ? 'create' : 'update',
  );
  const parsed = contactSchema(country).safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const data = parsed.data;
  return ctx.db.transaction(async (tx) => {
    const { mdpActive } = await lockPartnerForSettings(tx, partnerId);
    const existing = await tx
      .select({ id: partnerContacts.id, roles: partnerContacts.roles })
      .from(partnerContacts)
      .where(eq(partnerContacts.partnerId, partnerId));
    const refusal = contactSaveRefusal(data, { id: contactId, existing, mdpActive });
    if (refusal === 'MALL_DELIVERY_CONTACT_INCONSISTENT') {
      throw new DomainError(refusal, {}, [{ field: 'phone', rule: 'required' }]);
    }
    if (refusal) throw new DomainError(refusal);
    let row: ContactRow | undefined;
    if (contactId === null) {
      [row] = await tx
        .insert(partnerContacts)
        .values({ partnerId, ...data })
        .returning();
    } else {
      [row] = await tx
        .update(partnerContacts)
        .set({ ...data, updated: new Date() })
        .where(and(eq(partnerContacts.partnerId, partnerId), eq(partnerContacts.id, contactId)))
        .returning();
      if (!row) throw new DomainError('CONTACT_NOT_FOUND');
    }
    await recordAudit(tx, ctx.actor(partnerId), {
      action: contactId === null ? 'partner.contact.create' : 'partner.contact.update',
      entity: 'partner_contact',
      entityId: row!.id,
      data: { roles: data.roles },
    });
    return row!;
  });
}

export async function deleteContact(ctx: RequestContext, id: string): Promise<boolean> {
  const { partnerId } = await ctx.require('partnerContacts', 'delete');
  const contactId = rowId(id) ?? -1;
  return ctx.db.transaction(async (tx) => {
    const { mdpActive } = await lockPartnerForSettings(tx, partnerId);
    const [found] = await tx
      .select({ id: partnerContacts.id, roles: partnerContacts.roles })
      .from(partnerContacts)
      .where(and(eq(partnerContacts.partnerId, partnerId), eq(partnerContacts.id, contactId)));
    if (!found) throw new DomainError('CONTACT_NOT_FOUND');
    const refusal = contactDeleteRefusal(found, mdpActive);
    if (refusal) throw new DomainError(refusal);
    await tx.delete(partnerContacts).where(eq(partnerContacts.id, found.id));
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'partner.contact.delete',
      entity: 'partner_contact',
      entityId: found.id,
      data: { roles: found.roles },
    });
    return true;
  });
}

/** E-mails of the partner's contacts holding any of the groups: distinct and lower-cased (the notification recipients). */
export async function contactEmailsOfGroups(
  db: DbOrTx,
  partnerId: number,
  groups: readonly string[],
): Promise<string[]> {
  if (groups.length === 0) return [];
  const rows = await db
    .selectDistinct({ email: sql<string>`lower(${partnerContacts.email})` })
    .from(partnerContacts)
    .where(and(eq(partnerContacts.partnerId, partnerId), arrayOverlaps(partnerContacts.roles, [...groups])));
  return rows.map((r) => r.email).sort();
}

/** Those of the groups no contact of the partner holds (a notification to them would reach nobody). */
export async function groupsWithoutContact(
  db: DbOrTx,
  partnerId: number,
  groups: readonly string[],
): Promise<string[]> {
  if (groups.length === 0) return [];
  const rows = await db
    .select({ roles: partnerContacts.roles })
    .from(partnerContacts)
    .where(and(eq(partnerContacts.partnerId, partnerId), arrayOverlaps(partnerContacts.roles, [...groups])));
  const held = new Set(rows.flatMap((r) => r.roles));
  return groups.filter((g) => !held.has(g));
}
