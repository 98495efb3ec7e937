import { INVITE_TTL_MS, startingPolicies } from '@pp/domain';
import type { DbOrTx } from '../../platform/db/client';
import { accessPolicies, accountInvitations, accounts } from '../../modules/account/tables';
import { accountPartners } from '../../modules/partner/tables';
import type { DemoIds } from './ids';

/**
 * Demo data of the accounts tab: the Czech shop has invited a colleague who has not set a password yet,
 * so the tab shows an invitation waiting (and its "send again" action), and has a colleague with read rights
 * whose own profile and password nobody else depends on (the profile spec changes them).
 */
export async function seedAccounts(tx: DbOrTx, ids: DemoIds): Promise<void> {
  const [colleague] = await tx
    .insert(accounts)
    .values({
      email: 'colleague@demo.test',
      firstName: 'Klára',
      lastName: 'Kolegová',
      lang: 'cs',
      isConfirmed: true,
      passwordHash: ids.demoPasswordHash,
    })
    .returning({ id: accounts.id });
  await tx
    .insert(accountPartners)
    .values({ partnerId: ids.cz, accountId: colleague!.id, isMaster: false, isDefault: true });
  await tx.insert(accessPolicies).values(
    startingPolicies('read').map((p) => ({
      partnerId: ids.cz,
      accountId: colleague!.id,
      subject: p.subject,
      action: p.action,
      isActive: true,
    })),
  );

  const [invited] = await tx
    .insert(accounts)
    .values({
      email: 'invited@demo.test',
      firstName: 'Ivana',
      lastName: 'Pozvaná',
      lang: 'cs',
      isConfirmed: false,
      passwordHash: null,
    })
    .returning({ id: accounts.id });
  await tx
    .insert(accountPartners)
    .values({ partnerId: ids.cz, accountId: invited!.id, isMaster: false, isDefault: true });
  await tx.insert(accessPolicies).values(
    startingPolicies('read').map((p) => ({
      partnerId: ids.cz,
      accountId: invited!.id,
      subject: p.subject,
      action: p.action,
      isActive: true,
    })),
  );
  // The tab lists it as an invitation waiting, by its address only.
  await tx.insert(accountInvitations).values({
    partnerId: ids.cz,
    email: 'invited@demo.test',
    policies: startingPolicies('read').map((p) => `${p.subject}:${p.action}`),
    invitedBy: ids.partnerAcc,
    expiresAt: new Date(Date.now() + INVITE_TTL_MS),
  });
}
