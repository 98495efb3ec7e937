import { contactSchema, DomainError } from '@pp/domain';
import { and, asc, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import { validationError } from '../../platform/errors';
import { rowId } from './addresses';
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

/** Creates a contact person (no id) or changes one of the selected partner's; the phone follows the seat country. */
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
    const [row] = await tx
      .delete(partnerContacts)
      .where(and(eq(partnerContacts.partnerId, partnerId), eq(partnerContacts.id, contactId)))
      .returning({ id: partnerContacts.id, roles: partnerContacts.roles });
    if (!row) throw new DomainError('CONTACT_NOT_FOUND');
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'partner.contact.delete',
      entity: 'partner_contact',
      entityId: row.id,
      data: { roles: row.roles },
    });
    return true;
  });
}
