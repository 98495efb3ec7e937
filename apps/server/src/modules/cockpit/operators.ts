import { DomainError, type OperatorRole, operatorInviteSchema, operatorRolesSchema } from '@pp/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit/service';
import { announceInTransaction } from '../../platform/auth-cache';
import type { RequestContext } from '../../platform/context';
import { type DbOrTx, rowsOf } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { queueMail } from '../../platform/mail/service';
import { accounts } from '../account/tables';
import { rolesOf } from '../auth/service';
import { sessions } from '../auth/tables';

export interface OperatorView {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  lang: string;
  roles: OperatorRole[];
  isActive: boolean;
  /** False until the invited operator has chosen a password. */
  isConfirmed: boolean;
  lastSignIn: Date | null;
}

export const OPERATOR_INVITE_MAIL = 'operator-invite';

interface OperatorRow {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  lang: string;
  roles: string[];
  isActive: boolean;
  isConfirmed: boolean;
  lastSignIn: Date | string | null;
}

async function readOperators(db: DbOrTx, id?: number): Promise<OperatorView[]> {
  const rows = rowsOf<OperatorRow>(
    await db.execute(sql`
      select a.id, a.email, a.first_name as "firstName", a.last_name as "lastName", a.lang,
             a.operator_roles as roles, a.is_active as "isActive", a.is_confirmed as "isConfirmed",
             (select max(s.created_at) from ${sessions} s
               where s.account_id = a.id and s.admin_account_id is null) as "lastSignIn"
      from ${accounts} a
      where a.is_admin ${id === undefined ? sql`` : sql`and a.id = ${id}`}
      order by a.is_active desc, lower(a.last_name), lower(a.first_name), a.id`),
  );
  return rows.map((r) => ({
    ...r,
    roles: rolesOf(r.roles),
    lastSignIn: r.lastSignIn === null ? null : new Date(r.lastSignIn),
  }));
}

/** The cockpit's operators, active first. */
export async function cockpitOperators(ctx: RequestContext): Promise<OperatorView[]> {
  ctx.requireOperator('operators', 'read');
  return readOperators(ctx.db);
}

/**
 * The operators of the whole marketplace are changed one at a time: the rows of every administrator are locked, so
 * two administrators demoting each other at once cannot both succeed and leave nobody to run the cockpit.
 */
async function lockAdministrators(tx: DbOrTx): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`
      select id from ${accounts}
      where is_admin and is_active and 'administrator' = any(operator_roles)
      order by id
      for update`),
  );
  return rows.map((r) => r.id);
}

async function operatorFor(tx: DbOrTx, id: number): Promise<typeof accounts.$inferSelect> {
  const [row] = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, id), eq(accounts.isAdmin, true)))
    .for('update');
  if (!row) throw new DomainError('ENTITY_NOT_FOUND');
  return row;
}

/** Ends the operator's own sessions and its impersonations (all of them when `ownToo`). */
async function endSessions(tx: DbOrTx, accountId: number, ownToo: boolean): Promise<number[]> {
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        isNull(sessions.revokedAt),
        ownToo
          ? sql`(${sessions.accountId} = ${accountId} or ${sessions.adminAccountId} = ${accountId})`
          : eq(sessions.adminAccountId, accountId),
      ),
    )
    .returning({ id: sessions.id });
  return ended.map((r) => r.id);
}

/** An administrator invites an operator: a new account with its roles, and a mail to choose its password. */
export async function cockpitInviteOperator(ctx: RequestContext, input: unknown): Promise<OperatorView> {
  ctx.requireOperator('operators', 'update');
  const parsed = operatorInviteSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const invite = parsed.data;
  const id = await ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(sql`lower(${accounts.email})`, invite.email));
    // An operator is never also a partner's account (joining refuses it the other way round).
    if (existing) throw new DomainError('EMAIL_TAKEN');
    const [row] = await tx
      .insert(accounts)
      .values({
        email: invite.email,
        firstName: invite.firstName,
        lastName: invite.lastName,
        lang: invite.lang,
        isAdmin: true,
        operatorRoles: invite.roles,
        isConfirmed: false,
        isActive: true,
      })
      .returning({ id: accounts.id });
    await queueMail(tx, {
      to: invite.email,
      template: OPERATOR_INVITE_MAIL,
      lang: invite.lang,
      data: { accountId: row!.id },
    });
    await recordAudit(tx, ctx.actor(null), {
      action: 'cockpit.operator.invite',
      entity: 'account',
      entityId: row!.id,
      data: { after: { email: invite.email, roles: invite.roles } },
    });
    return row!.id;
  });
  return (await readOperators(ctx.db, id))[0]!;
}

/** Changes an operator's roles. Its impersonations end (they were opened with the old roles' rights). */
export async function cockpitSetOperatorRoles(ctx: RequestContext, id: number, input: unknown): Promise<OperatorView> {
  const me = ctx.requireOperator('operators', 'update');
  // Parsed under the argument's name, so a refusal names the field `roles` as the invitation's does.
  const parsed = z.object({ roles: operatorRolesSchema }).safeParse({ roles: input });
  if (!parsed.success) throw validationError(parsed.error);
  const { roles } = parsed.data;
  const ended = await ctx.db.transaction(async (tx) => {
    const administrators = await lockAdministrators(tx);
    const operator = await operatorFor(tx, id);
    const before = rolesOf(operator.operatorRoles);
    const losesAdministrator = before.includes('administrator') && !roles.includes('administrator');
    // Nobody takes the administrator role from themself: another administrator must, so one always remains.
    if (losesAdministrator && id === me.account.id) throw new DomainError('OPERATOR_SELF_CHANGE');
    if (losesAdministrator && operator.isActive && administrators.filter((a) => a !== id).length === 0) {
      throw new DomainError('OPERATOR_LAST_ADMINISTRATOR');
    }
    await tx.update(accounts).set({ operatorRoles: roles, updated: sql`now()` }).where(eq(accounts.id, id));
    const revoked = await endSessions(tx, id, false);
    await recordAudit(tx, ctx.actor(null), {
      action: 'cockpit.operator.roles',
      entity: 'account',
      entityId: id,
      data: { before: { roles: before }, after: { roles } },
    });
    await announceInTransaction(tx, { accounts: [id] });
    return revoked;
  });
  await ctx.platform.authCache.changed({ accounts: [id] });
  await ctx.platform.sessionsEnded(ended);
  return (await readOperators(ctx.db, id))[0]!;
}

/** Deactivates an operator (every session ends at once) or lets it sign in again. */
export async function cockpitSetOperatorActive(
  ctx: RequestContext,
  id: number,
  active: boolean,
): Promise<OperatorView> {
  const me = ctx.requireOperator('operators', 'update');
  if (!active && id === me.account.id) throw new DomainError('OPERATOR_SELF_CHANGE');
  const ended = await ctx.db.transaction(async (tx) => {
    const administrators = await lockAdministrators(tx);
    const operator = await operatorFor(tx, id);
    if (operator.isActive === active) return [];
    if (!active && administrators.includes(id) && administrators.length === 1) {
      throw new DomainError('OPERATOR_LAST_ADMINISTRATOR');
    }
    await tx.update(accounts).set({ isActive: active, updated: sql`now()` }).where(eq(accounts.id, id));
    const revoked = active ? [] : await endSessions(tx, id, true);
    await recordAudit(tx, ctx.actor(null), {
      action: active ? 'cockpit.operator.reactivate' : 'cockpit.operator.deactivate',
      entity: 'account',
      entityId: id,
      data: { before: { isActive: operator.isActive }, after: { isActive: active }, sessionsEnded: revoked.length },
    });
    await announceInTransaction(tx, { accounts: [id] });
    return revoked;
  });
  await ctx.platform.authCache.changed({ accounts: [id] });
  await ctx.platform.sessionsEnded(ended);
  return (await readOperators(ctx.db, id))[0]!;
}

/** Sends an invited operator who has not chosen a password yet a fresh link (the old ones stay valid until used). */
export async function cockpitResendOperatorInvite(ctx: RequestContext, id: number): Promise<boolean> {
  ctx.requireOperator('operators', 'update');
  await ctx.db.transaction(async (tx) => {
    const operator = await operatorFor(tx, id);
    if (operator.isConfirmed || !operator.isActive) throw new DomainError('ENTITY_NOT_FOUND');
    await queueMail(tx, {
      to: operator.email,
      template: OPERATOR_INVITE_MAIL,
      lang: operator.lang,
      data: { accountId: operator.id },
    });
    await recordAudit(tx, ctx.actor(null), { action: 'cockpit.operator.resend', entity: 'account', entityId: id });
  });
  return true;
}
