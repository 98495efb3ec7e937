import { DomainError, MAX_SANDBOX_ACCOUNTS, sandboxAccountSchema } from '@pp/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import { validationError } from '../../platform/errors';
import { accounts } from '../account/tables';
import { hashToken, newToken } from '../auth/tokens';
import { newClientId } from './keys';
import { ensureSandboxPartner } from './sandbox-partner';
import { sandboxAccounts } from './tables';

export interface SandboxAccountView {
  id: number;
  email: string;
  clientId: string;
  created: Date;
  createdByName: string | null;
}

const creatorName = sql<string | null>`nullif(trim(${accounts.firstName} || ' ' || ${accounts.lastName}), '')`;

function ownAccount(partnerId: number, id: number) {
  return and(eq(sandboxAccounts.partnerId, partnerId), eq(sandboxAccounts.id, id));
}

export async function listSandboxAccounts(ctx: RequestContext): Promise<SandboxAccountView[]> {
  const { partnerId } = await ctx.require('sandboxAccounts', 'read');
  const rows = await ctx.db
    .select({ row: sandboxAccounts, createdByName: creatorName })
    .from(sandboxAccounts)
    .leftJoin(accounts, eq(accounts.id, sandboxAccounts.createdBy))
    .where(eq(sandboxAccounts.partnerId, partnerId))
    .orderBy(asc(sandboxAccounts.id));
  return rows.map((r) => toView(r.row, r.createdByName));
}

function toView(row: typeof sandboxAccounts.$inferSelect, createdByName: string | null): SandboxAccountView {
  return { id: row.id, email: row.email, clientId: row.clientId, created: row.created, createdByName };
}

function callerName(ctx: RequestContext): string | null {
  const a = ctx.auth?.account;
  return a ? `${a.firstName} ${a.lastName}`.trim() || null : null;
}

/**
 * A sandbox account: the e-mail of whoever tries the integration, and a sandbox client id with a secret
 * shown once. The count and the e-mail's uniqueness are checked under a per-partner lock. The secret is the
 * `client_id` that opens the partner's sandbox in the REST API v1 (sandbox-partner.ts).
 */
export async function createSandboxAccount(
  ctx: RequestContext,
  input: unknown,
): Promise<{ account: SandboxAccountView; secret: string }> {
  const { partnerId } = await ctx.require('sandboxAccounts', 'create');
  const parsed = sandboxAccountSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const { email } = parsed.data;
  const secret = newToken();
  const row = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sandbox-accounts'), ${partnerId})`);
    const existing = await tx
      .select({ email: sandboxAccounts.email })
      .from(sandboxAccounts)
      .where(eq(sandboxAccounts.partnerId, partnerId));
    if (existing.some((r) => r.email.toLowerCase() === email.toLowerCase())) {
      throw new DomainError('API_SANDBOX_EMAIL_TAKEN', {}, [{ field: 'email', rule: 'uniqueAccountEmail' }]);
    }
    if (existing.length >= MAX_SANDBOX_ACCOUNTS) {
      throw new DomainError('API_SANDBOX_LIMIT_EXCEEDED', { max: MAX_SANDBOX_ACCOUNTS });
    }
    const [created] = await tx
      .insert(sandboxAccounts)
      .values({
        partnerId,
        email,
        clientId: newClientId('sb'),
        secretHash: hashToken(secret),
        createdBy: ctx.auth?.account.id ?? null,
      })
      .returning();
    // The partner's first sandbox account opens its sandbox: the shadow partner with its test data.
    await ensureSandboxPartner(tx, partnerId);
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'api.sandbox.create',
      entity: 'sandbox_account',
      entityId: created!.id,
      data: { email, clientId: created!.clientId },
    });
    return created!;
  });
  return { account: toView(row, callerName(ctx)), secret };
}

export async function deleteSandboxAccount(ctx: RequestContext, id: number): Promise<boolean> {
  const { partnerId } = await ctx.require('sandboxAccounts', 'delete');
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(sandboxAccounts).where(ownAccount(partnerId, id)).returning();
    if (!row) throw new DomainError('API_SANDBOX_ACCOUNT_NOT_FOUND');
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'api.sandbox.delete',
      entity: 'sandbox_account',
      entityId: row.id,
      data: { email: row.email, clientId: row.clientId },
    });
    return true;
  });
}

/** A new secret for the same client id; the old one stops working with the commit. */
export async function resetSandboxSecret(
  ctx: RequestContext,
  id: number,
): Promise<{ account: SandboxAccountView; secret: string }> {
  const { partnerId } = await ctx.require('sandboxAccounts', 'update');
  const secret = newToken();
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(sandboxAccounts)
      .set({ secretHash: hashToken(secret) })
      .where(ownAccount(partnerId, id))
      .returning();
    if (!updated) throw new DomainError('API_SANDBOX_ACCOUNT_NOT_FOUND');
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'api.sandbox.resetSecret',
      entity: 'sandbox_account',
      entityId: updated.id,
      data: { clientId: updated.clientId },
    });
    return updated;
  });
  const [creator] = row.createdBy
    ? await ctx.db.select({ name: creatorName }).from(accounts).where(eq(accounts.id, row.createdBy))
    : [];
  return { account: toView(row, creator?.name ?? null), secret };
}
