import {
  addAccountSchema,
  DomainError,
  INVITE_DAILY_LIMIT,
  INVITE_MAILS_PER_ADDRESS,
  INVITE_RESEND_LIMIT,
  INVITE_TTL_MS,
  startingPolicies,
  withinGrantable,
} from '@pp/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import { announceInTransaction } from '../../platform/auth-cache';
import type { RequestContext } from '../../platform/context';
import { type DbOrTx, rowsOf } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { queueMail } from '../../platform/mail/service';
import { mailOutbox } from '../../platform/mail/tables';
import { takeAttempt } from '../auth/throttle';
import { accountPartners } from '../partner/tables';
import { ACCOUNT_INVITE_MAIL, ACCOUNT_JOIN_MAIL } from './mails';
import { heldPolicies, needsInvitation, removeMembership, spendInvitations, writePolicies } from './membership';
import { linkedAccount, lockPartner } from './people';
import { accountInvitations, accounts } from './tables';

/**
 * An invitation as the inviting partner sees it: the address it typed and the dates, nothing about any
 * account behind the address (whether one exists, its name, language or state stays the owner's business).
 */
export interface InvitationView {
  id: number;
  email: string;
  created: Date;
  expiresAt: Date;
}

const viewOf = (row: typeof accountInvitations.$inferSelect): InvitationView => ({
  id: row.id,
  email: row.email,
  created: row.created,
  expiresAt: row.expiresAt,
});

const accountByEmail = async (tx: DbOrTx, email: string) =>
  (
    await tx
      .select()
      .from(accounts)
      .where(eq(sql`lower(${accounts.email})`, email))
  )[0] ?? null;

/**
 * An invitation is waiting while its address is not a member that has a password: an unknown address's new
 * account is linked at once but has accepted only when it chose its first password.
 */
const waiting = sql`not exists (
  select 1 from ${accountPartners} ap join ${accounts} a on a.id = ap.account_id
  where ap.partner_id = ${accountInvitations.partnerId} and lower(a.email) = ${accountInvitations.email}
    and a.password_hash is not null)`;

export async function listPartnerInvitations(ctx: RequestContext): Promise<InvitationView[]> {
  const { partnerId } = await ctx.require('accounts', 'read');
  const rows = await ctx.db
    .select()
    .from(accountInvitations)
    .where(and(eq(accountInvitations.partnerId, partnerId), waiting))
    .orderBy(desc(accountInvitations.created), desc(accountInvitations.id));
  return rows.map(viewOf);
}

/**
 * Counts one invitation mail of the partner to the address, inside the command's transaction (a refused
 * or failed command gives it back): a daily cap for the partner and a short one per address.
 */
async function countInvitation(tx: DbOrTx, partnerId: number, email: string): Promise<void> {
  if (!(await takeAttempt(tx, `invite-partner:${partnerId}`, INVITE_DAILY_LIMIT))) {
    throw new DomainError('TOO_MANY_ATTEMPTS');
  }
  if (!(await takeAttempt(tx, `invite-address:${partnerId}:${email}`, INVITE_RESEND_LIMIT))) {
    throw new DomainError('TOO_MANY_ATTEMPTS');
  }
}

/**
 * Queues the invitation's mail unless the address has had its day's worth from all partners together. That
 * limit is silent: telling the inviter would tell it that someone else has been inviting the address.
 */
async function mailInvitation(
  tx: DbOrTx,
  account: typeof accounts.$inferSelect | null,
  invitation: { id: number; partnerId: number; email: string },
  firstPassword: boolean,
): Promise<void> {
  // An operator is never linked to a partner and a deactivated account cannot sign in to answer: no mail.
  if (!account || account.isAdmin || !account.isActive) return;
  if (!(await takeAttempt(tx, `invite-mail:${invitation.email}`, INVITE_MAILS_PER_ADDRESS))) return;
  await queueMail(tx, {
    to: account.email,
    template: firstPassword ? ACCOUNT_INVITE_MAIL : ACCOUNT_JOIN_MAIL,
    lang: account.lang,
    data: firstPassword
      ? { accountId: account.id, partnerId: invitation.partnerId }
      : { invitationId: invitation.id, partnerId: invitation.partnerId },
  });
}

/**
 * "Add account": invites an address to work for the partner. The answer and the list are the same whatever
 * the address is (unknown, an existing account, a deactivated one, an operator): a pending invitation with
 * the address only. An unknown address gets its account and link at once and a mail to choose its first
 * password (the link confirms it); an existing account is linked only when its owner, signed in, accepts.
 * The starting rights are cut to the pairs the inviter holds itself.
 */
export async function addPartnerAccount(ctx: RequestContext, input: unknown): Promise<InvitationView> {
  const access = await ctx.require('accounts', 'create');
  const { partnerId } = access;
  const parsed = addAccountSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const data = parsed.data;
  const { view, createdId } = await ctx.db.transaction(async (tx) => {
    await lockPartner(tx, partnerId);
    const pairs = withinGrantable(startingPolicies(data.rights), await heldPolicies(tx, ctx, access));
    let account = await accountByEmail(tx, data.email);
    // The partner's own people and its own waiting invitations are no secret: it sees them in its lists.
    if (account && (await linkedAccount(tx, partnerId, account.id))) throw new DomainError('ENTITY_ALREADY_EXISTS');
    const [pending] = await tx
      .select({ id: accountInvitations.id })
      .from(accountInvitations)
      .where(and(eq(accountInvitations.partnerId, partnerId), eq(accountInvitations.email, data.email)));
    if (pending) throw new DomainError('ENTITY_ALREADY_EXISTS');
    await countInvitation(tx, partnerId, data.email);

    let createdId: number | null = null;
    if (!account) {
      // Two partners inviting one new address at once: the unique e-mail index decides; the other one's
      // invitation waits for the owner's consent like any existing account's.
      createdId =
        rowsOf<{ id: number }>(
          await tx.execute(sql`
            insert into ${accounts} (email, first_name, last_name, lang, is_confirmed, password_hash)
            values (${data.email}, ${data.firstName}, ${data.lastName}, ${data.lang}, false, null)
            on conflict (lower(email)) do nothing
            returning id`),
        )[0]?.id ?? null;
      account = await accountByEmail(tx, data.email);
      if (!account) throw new DomainError('INTERNAL');
    }
    if (createdId !== null) {
      await tx.insert(accountPartners).values({ partnerId, accountId: createdId, isMaster: false, isDefault: true });
      await writePolicies(tx, partnerId, createdId, pairs);
    }
    const [row] = await tx
      .insert(accountInvitations)
      .values({
        partnerId,
        email: data.email,
        policies: pairs.map((p) => `${p.subject}:${p.action}`),
        invitedBy: ctx.auth?.account.id ?? null,
        expiresAt: new Date(Date.now() + INVITE_TTL_MS),
      })
      .returning();
    if (!row) throw new DomainError('INTERNAL');
    await mailInvitation(tx, account, row, createdId !== null);
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'account.invite',
      entity: 'account-invitation',
      entityId: row.id,
      data: { rights: data.rights, granted: row.policies.length },
    });
    if (createdId !== null) await announceInTransaction(tx, { accounts: [createdId] });
    return { view: viewOf(row), createdId };
  });
  if (createdId !== null) await ctx.platform.authCache.changed({ accounts: [createdId] });
  return view;
}

async function invitationOf(tx: DbOrTx, partnerId: number, invitationId: number) {
  const [row] = await tx
    .select()
    .from(accountInvitations)
    .where(and(eq(accountInvitations.id, invitationId), eq(accountInvitations.partnerId, partnerId)))
    .for('update');
  if (!row) throw new DomainError('ENTITY_NOT_FOUND');
  const account = await accountByEmail(tx, row.email);
  const linked = account ? await linkedAccount(tx, partnerId, account.id) : null;
  return { row, account, linked };
}

/**
 * Sends an invitation again with a fresh validity; the older link stops working. Counted like a new one,
 * so the button cannot be turned into a way of mailing someone endlessly.
 */
export async function resendInvitation(ctx: RequestContext, invitationId: number): Promise<boolean> {
  const { partnerId } = await ctx.require('accounts', 'update');
  await ctx.db.transaction(async (tx) => {
    await lockPartner(tx, partnerId);
    const { row, account, linked } = await invitationOf(tx, partnerId, invitationId);
    if (linked && !needsInvitation(linked.account)) throw new DomainError('ACCOUNT_ALREADY_CONFIRMED');
    await countInvitation(tx, partnerId, row.email);
    await tx
      .update(accountInvitations)
      .set({ tokenHash: null, expiresAt: new Date(Date.now() + INVITE_TTL_MS) })
      .where(eq(accountInvitations.id, row.id));
    if (linked) await spendInvitations(tx, linked.account.id);
    await mailInvitation(tx, account, row, linked !== null);
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'account.invite-resend',
      entity: 'account-invitation',
      entityId: row.id,
    });
  });
  return true;
}

/**
 * Withdraws a waiting invitation: its link stops working and its unsent mail is not sent. An unknown
 * address's new account, linked at once, loses this partner again (it never chose a password here).
 */
export async function cancelInvitation(ctx: RequestContext, invitationId: number): Promise<boolean> {
  const { partnerId } = await ctx.require('accounts', 'delete');
  const concerned = await ctx.db.transaction(async (tx) => {
    await lockPartner(tx, partnerId);
    const { row, linked } = await invitationOf(tx, partnerId, invitationId);
    await tx.delete(accountInvitations).where(eq(accountInvitations.id, row.id));
    await tx
      .delete(mailOutbox)
      .where(
        and(
          eq(mailOutbox.template, ACCOUNT_JOIN_MAIL),
          sql`${mailOutbox.sentAt} is null`,
          sql`${mailOutbox.data}->>'invitationId' = ${String(row.id)}`,
        ),
      );
    let removed: number | null = null;
    if (linked && needsInvitation(linked.account)) {
      await removeMembership(tx, partnerId, linked.account.id, linked.isDefault);
      removed = linked.account.id;
    }
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'account.invite-cancel',
      entity: 'account-invitation',
      entityId: row.id,
    });
    if (removed !== null) await announceInTransaction(tx, { accounts: [removed] });
    return removed;
  });
  if (concerned !== null) await ctx.platform.authCache.changed({ accounts: [concerned] });
  return true;
}
