import type { Action, Resource } from '@pp/domain';
import { eq } from 'drizzle-orm';
import type { TestServer } from '../../test/harness';
import { accessPolicies, accounts } from '../account/tables';
import { orders } from '../orders/tables';
import { accountPartners } from '../partner/tables';

let nextOrderId = 7_000_000_000_000;

/** Inserts an order as the marketplace delivers it (defaults: open, bank transfer, CZK); returns its id. */
export async function insertOrder(
  server: TestServer,
  partnerId: number,
  values: Partial<typeof orders.$inferInsert> = {},
): Promise<number> {
  const id = nextOrderId++;
  await server.database.db.insert(orders).values({
    partnerId,
    id,
    status: 'open',
    paymentType: 'B',
    currency: 'CZK',
    customerName: 'Jana Nováková',
    ...values,
  });
  return id;
}

/** Many alike orders in one statement. */
export async function insertOrders(
  server: TestServer,
  partnerId: number,
  count: number,
  values: Partial<typeof orders.$inferInsert>,
): Promise<void> {
  const rows = Array.from({ length: count }, () => ({
    partnerId,
    id: nextOrderId++,
    status: 'open',
    paymentType: 'B',
    currency: 'CZK',
    customerName: 'Jana Nováková',
    ...values,
  }));
  await server.database.db.insert(orders).values(rows);
}

/**
 * A member of a partner holding exactly the given permissions (the demo's accounts hold all, or all but orders),
 * signing in with the demo password.
 */
export async function memberWith(
  server: TestServer,
  email: string,
  partnerId: number,
  policies: [Resource, Action][],
): Promise<string> {
  const db = server.database.db;
  const [template] = await db
    .select({ hash: accounts.passwordHash })
    .from(accounts)
    .where(eq(accounts.email, 'partner@demo.test'));
  const [account] = await db
    .insert(accounts)
    .values({ email, passwordHash: template!.hash, firstName: 'Test', lastName: 'Member', isConfirmed: true })
    .returning({ id: accounts.id });
  await db.insert(accountPartners).values({ partnerId, accountId: account!.id, isMaster: false, isDefault: true });
  if (policies.length) {
    await db
      .insert(accessPolicies)
      .values(policies.map(([subject, action]) => ({ partnerId, accountId: account!.id, subject, action })));
  }
  return (await server.login(email)).token;
}
