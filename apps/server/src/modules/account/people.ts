import { ADMINISTRATOR_PAIRS, DomainError } from '@pp/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/client';
import { accountPartners, partners } from '../partner/tables';
import { accessPolicies, accounts } from './tables';

/**
 * Commands that change who belongs to a partner, who is its master or what its people may do take the
 * partner's row lock first: two of them never decide on the same picture of the partner's administrators,
 * so two parallel unlinks cannot both see "another administrator is left" and leave none.
 */
export async function lockPartner(tx: DbOrTx, partnerId: number): Promise<void> {
  await tx.execute(sql`select 1 from ${partners} where ${partners.id} = ${partnerId} for update`);
}

/** An account linked to the partner, with its link; null when it is not linked (another partner's account). */
export async function linkedAccount(tx: DbOrTx, partnerId: number, accountId: number) {
  const [row] = await tx
    .select({ account: accounts, isMaster: accountPartners.isMaster, isDefault: accountPartners.isDefault })
    .from(accountPartners)
    .innerJoin(accounts, eq(accounts.id, accountPartners.accountId))
    .where(and(eq(accountPartners.partnerId, partnerId), eq(accountPartners.accountId, accountId)));
  return row ?? null;
}

/**
 * How many administrators the partner has as the transaction sees it: the master, and every active,
 * confirmed account holding all of the domain's administrator pairs (an invitation nobody accepted
 * cannot manage anyone).
 */
export async function administratorCount(tx: DbOrTx, partnerId: number): Promise<number> {
  const pairs = sql.join(
    ADMINISTRATOR_PAIRS.map((p) => sql`(p.subject = ${p.subject} and p.action = ${p.action})`),
    sql` or `,
  );
  const result = await tx.execute(sql`
    select count(*)::int as n
    from ${accountPartners} ap
    join ${accounts} a on a.id = ap.account_id
    where ap.partner_id = ${partnerId} and a.is_active
      and (ap.is_master or (a.is_confirmed and (
        select count(distinct (p.subject, p.action)) from ${accessPolicies} p
        where p.partner_id = ap.partner_id and p.account_id = ap.account_id and p.is_active and (${pairs})
      ) = ${ADMINISTRATOR_PAIRS.length}))`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** Refuses the change being made in `tx` when it left the partner without an administrator (it rolls back). */
export async function assertAdministratorLeft(tx: DbOrTx, partnerId: number): Promise<void> {
  if ((await administratorCount(tx, partnerId)) < 1) throw new DomainError('AT_LEAST_ONE_ADMIN_REQUIRED');
}
