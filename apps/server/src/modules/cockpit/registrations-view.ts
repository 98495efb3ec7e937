import { availableShopIds, DomainError, type GridPage } from '@pp/domain';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import { accentInsensitive, buildGridQuery, cappedTotal, type GridColumn } from '../../platform/grid';
import { accounts } from '../account/tables';
import { partners } from '../partner/tables';
import { queueConfirmationMail } from '../registration/confirmation-mail';
import { registrations } from '../registration/tables';
import { dayFilter } from './service';

export interface CockpitRegistrationRow {
  id: number;
  partnerId: number;
  created: Date;
  company: string;
  shopName: string;
  firstName: string;
  lastName: string;
  email: string;
  country: string;
  shopId: string;
  source: string;
  workflowStatus: string;
}

function columns(shopIds: readonly string[]): GridColumn[] {
  return [
    {
      field: 'created',
      sql: registrations.created,
      filterType: 'DATE',
      sortable: true,
      filterSql: (filter) => dayFilter(sql`(${registrations.created} at time zone 'UTC')::date`, filter),
    },
    { field: 'company', sql: registrations.company, filterType: 'TEXT', sortable: true, foldAccents: true },
    { field: 'shopName', sql: registrations.shopName, filterType: 'TEXT', sortable: true, foldAccents: true },
    { field: 'email', sql: registrations.email, filterType: 'TEXT', sortable: true },
    { field: 'country', sql: registrations.country, filterType: 'TEXT', sortable: true },
    { field: 'shopId', sql: registrations.shopId, filterType: 'ENUMS', options: shopIds, sortable: true },
    { field: 'source', sql: registrations.source, filterType: 'TEXT', sortable: true },
  ];
}

/** Not confirmed yet: the registration's link was not used and its account is still unconfirmed. */
const unconfirmed = and(isNull(registrations.confirmedAt), eq(accounts.isConfirmed, false));

/**
 * New sign-ups before they confirm their e-mail (the operators' "registrations to verify"): who registered,
 * when, for which market and from where. A confirmed one leaves the list and appears in the onboarding queue.
 */
export async function cockpitRegistrations(
  ctx: RequestContext,
  grid: unknown,
): Promise<GridPage<CockpitRegistrationRow>> {
  ctx.requireOperator('onboarding', 'read');
  const shopIds = availableShopIds(await ctx.flags());
  const q = buildGridQuery(grid, columns(shopIds), {
    idColumn: registrations.id,
    defaultSort: { field: 'created', direction: 'DESCENDING' },
    searchColumns: [
      accentInsensitive(registrations.company),
      accentInsensitive(registrations.shopName),
      registrations.email,
      registrations.companyId,
    ],
  });
  const where = and(unconfirmed, inArray(registrations.shopId, shopIds), q.where);
  const from = () =>
    ctx.db
      .select({
        id: registrations.id,
        partnerId: registrations.partnerId,
        created: registrations.created,
        company: registrations.company,
        shopName: registrations.shopName,
        firstName: registrations.firstName,
        lastName: registrations.lastName,
        email: registrations.email,
        country: registrations.country,
        shopId: registrations.shopId,
        source: registrations.source,
        workflowStatus: partners.workflowStatus,
        ...q.cursorFields,
      })
      .from(registrations)
      .innerJoin(accounts, eq(accounts.id, registrations.accountId))
      .innerJoin(partners, eq(partners.id, registrations.partnerId));
  const [rows, total] = await Promise.all([
    q.readRows((seek, limit, offset) =>
      from()
        .where(and(where, seek))
        .orderBy(...q.orderBy)
        .limit(limit)
        .offset(offset),
    ),
    countRegistrations(ctx, where),
  ]);
  return q.toPage(rows, total);
}

async function countRegistrations(ctx: RequestContext, where: SQL | undefined) {
  const joined = ctx.db
    .select({ one: sql`1` })
    .from(registrations)
    .innerJoin(accounts, eq(accounts.id, registrations.accountId))
    .where(where)
    .as('joined');
  return cappedTotal(ctx.db, joined, undefined);
}

/**
 * Mails the sign-up its confirmation link again, through the registration's own sender and its limit
 * (3 an hour per account: an operator cannot flood the mailbox either).
 */
export async function cockpitResendRegistrationConfirmation(ctx: RequestContext, registrationId: number) {
  ctx.requireOperator('onboarding', 'update');
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        partnerId: registrations.partnerId,
        confirmedAt: registrations.confirmedAt,
        account: { id: accounts.id, email: accounts.email, lang: accounts.lang, isConfirmed: accounts.isConfirmed },
      })
      .from(registrations)
      .innerJoin(accounts, eq(accounts.id, registrations.accountId))
      .where(eq(registrations.id, registrationId));
    if (!row) throw new DomainError('ENTITY_NOT_FOUND');
    if (row.confirmedAt || row.account.isConfirmed) throw new DomainError('ACCOUNT_ALREADY_CONFIRMED');
    if (!(await queueConfirmationMail(tx, row.account))) throw new DomainError('TOO_MANY_ATTEMPTS');
    await recordAudit(tx, ctx.actor(row.partnerId), {
      action: 'cockpit.registration.resend',
      entity: 'registration',
      entityId: registrationId,
    });
  });
  return true;
}
