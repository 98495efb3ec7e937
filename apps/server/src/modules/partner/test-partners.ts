import { allPolicies } from '@pp/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { accessPolicies, accounts } from '../account/tables';
import { accountPartners, partners } from './tables';

/** A Czech partner without a public title whose master is partner@demo.test (reached by x-partner-id). */
export async function czPartnerWithoutTitle(db: DbOrTx, name: string): Promise<number> {
  const [row] = await db
    .insert(partners)
    .values({ partnerName: name, shopId: 'CZ10MA', country: 'CZ', workflowStatus: 'PRODUCTION' })
    .returning({ id: partners.id });
  const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, 'partner@demo.test'));
  await db.insert(accountPartners).values({ partnerId: row!.id, accountId: account!.id, isMaster: true });
  await db
    .insert(accessPolicies)
    .values(
      allPolicies().map((p) => ({ partnerId: row!.id, accountId: account!.id, subject: p.subject, action: p.action })),
    );
  return row!.id;
}

/** The contacts the contact tests (the PGlite file and the PostgreSQL race file) save. */
export const courierContact = {
  firstName: 'Karel',
  lastName: 'Rychlý',
  email: 'karel@demo.cz',
  phone: '602 123 456',
  roles: ['MALL_DELIVERY'],
};
export const sellerContact = {
  firstName: 'Jitka',
  lastName: 'Malá',
  email: 'jitka@demo.cz',
  phone: '',
  roles: ['SALES'],
};
