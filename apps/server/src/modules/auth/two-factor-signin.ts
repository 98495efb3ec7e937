import {
  DomainError,
  passkeyResponseSchema,
  recoveryCodeSchema,
  SECRET_CHECK_LIMIT,
  type SecondFactorMethod,
  TWO_FACTOR_TICKET_LIMIT,
  totpCodeSchema,
} from '@pp/domain';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit/service';
import type { Auth, RequestContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { accounts } from '../account/tables';
import { passkeySignInOptions, verifyPasskeySignIn } from './passkeys';
import { createSession, resolveSession } from './service';
import { twoFactorAccounts, twoFactorRecoveryCodes, twoFactorTickets } from './tables';
import { clearAttempts, rememberClient, takeAttempt, takeDelayedAttempt } from './throttle';
import { hashToken } from './tokens';
import { totpSecretOf } from './two-factor';
import { matchTotp } from './two-factor-totp';

/**
 * The second step of a sign-in (docs/security.md): the ticket a right password (or login link) gave, and a
 * code of the authenticator app, a recovery code or a passkey's assertion. Every guess is counted before it is
 * checked, per ticket (a few, then the password again) and per account (growing delays, as for passwords), in
 * one statement each, so a parallel burst gets no more tries than the limit. A code's time step is taken at
 * most once per account, and the ticket once: of a burst with one right code, one session is made.
 */

export interface SecondFactorInput {
  ticket: string;
  code?: string | null;
  recoveryCode?: string | null;
  passkey?: string | null;
}

type Ticket = typeof twoFactorTickets.$inferSelect;

const SECOND_FACTOR_FIELDS = ['code', 'recoveryCode', 'passkey'] as const;

/** The one answer given, under its own name (an empty one is as good as left out). */
const answer = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

const secondFactorSchema = z.object({
  code: answer(totpCodeSchema),
  recoveryCode: answer(recoveryCodeSchema),
  passkey: answer(passkeyResponseSchema),
});

/** A live ticket, or TWO_FACTOR_EXPIRED; a dead one counts as a wrong secret of the address. */
async function liveTicket(ctx: RequestContext, ticket: string): Promise<Ticket> {
  const [row] =
    ticket.length > 0 && ticket.length <= 200
      ? await ctx.db
          .select()
          .from(twoFactorTickets)
          .where(
            and(
              eq(twoFactorTickets.tokenHash, hashToken(ticket)),
              isNull(twoFactorTickets.usedAt),
              gt(twoFactorTickets.expiresAt, sql`now()`),
            ),
          )
      : [];
  if (row) return row;
  if (!(await takeAttempt(ctx.db, `secret-ip:${ctx.ip}`, SECRET_CHECK_LIMIT))) {
    throw new DomainError('TOO_MANY_ATTEMPTS');
  }
  throw new DomainError('TWO_FACTOR_EXPIRED');
}

/** Options for the browser's passkey prompt during the second step. */
export async function secondFactorPasskeyOptions(ctx: RequestContext, ticket: string): Promise<string> {
  const row = await liveTicket(ctx, ticket);
  return passkeySignInOptions(ctx.db, ctx.platform.config, row);
}

/** The second step: a session, made with the second factor on record. */
export async function completeSecondFactor(
  ctx: RequestContext,
  input: SecondFactorInput,
): Promise<{ token: string; auth: Auth; via: 'password' | 'login-link' }> {
  const given = SECOND_FACTOR_FIELDS.filter((field) => input[field] != null && input[field] !== '');
  if (given.length === 0) throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'code', rule: 'required' }]);
  if (given.length > 1) {
    throw new DomainError(
      'VALIDATION_ERROR',
      {},
      given.slice(1).map((field) => ({ field, rule: 'invalid' })),
    );
  }
  const parsed = secondFactorSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const { code, recoveryCode } = parsed.data;

  const ticket = await liveTicket(ctx, input.ticket);
  // Counted before anything is checked: per ticket a few, per account growing delays (never a lock-out).
  if (!(await takeAttempt(ctx.db, `2fa-ticket:${ticket.id}`, TWO_FACTOR_TICKET_LIMIT))) {
    throw new DomainError('TOO_MANY_ATTEMPTS');
  }
  if (!(await takeDelayedAttempt(ctx.db, `2fa-account:${ticket.accountId}`))) {
    throw new DomainError('TOO_MANY_ATTEMPTS');
  }

  let method: SecondFactorMethod;
  let step: number | null = null;
  if (code) {
    method = 'totp';
    const secret = await totpSecretOf(ctx, ctx.db, ticket.accountId);
    step = secret === null ? null : matchTotp(secret, code);
    if (step === null) throw new DomainError('TWO_FACTOR_CODE_INVALID');
  } else if (recoveryCode) {
    method = 'recovery';
  } else {
    method = 'passkey';
    // Checked outside the session's transaction: the challenge it takes stays taken whatever follows.
    if (!(await verifyPasskeySignIn(ctx.db, ctx.platform.config, ticket, input.passkey!))) {
      throw new DomainError('TWO_FACTOR_CODE_INVALID');
    }
  }

  const created = await ctx.db.transaction(async (tx) => {
    if (method === 'totp') {
      // The replay guard: a time step is accepted once per account, whichever ticket brings it.
      const [taken] = await tx
        .update(twoFactorAccounts)
        .set({ totpLastStep: step, updated: sql`now()` })
        .where(
          and(
            eq(twoFactorAccounts.accountId, ticket.accountId),
            or(isNull(twoFactorAccounts.totpLastStep), lt(twoFactorAccounts.totpLastStep, step!)),
          ),
        )
        .returning({ accountId: twoFactorAccounts.accountId });
      if (!taken) throw new DomainError('TWO_FACTOR_CODE_INVALID');
    } else if (method === 'recovery') {
      const [spent] = await tx
        .update(twoFactorRecoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(twoFactorRecoveryCodes.accountId, ticket.accountId),
            eq(twoFactorRecoveryCodes.codeHash, hashToken(recoveryCode!)),
            isNull(twoFactorRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: twoFactorRecoveryCodes.id });
      if (!spent) throw new DomainError('TWO_FACTOR_CODE_INVALID');
    }
    const [spentTicket] = await tx
      .update(twoFactorTickets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(twoFactorTickets.id, ticket.id), isNull(twoFactorTickets.usedAt)))
      .returning({ id: twoFactorTickets.id });
    if (!spentTicket) throw new DomainError('TWO_FACTOR_EXPIRED');
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, ticket.accountId));
    if (!account?.isActive) throw new DomainError('DEACTIVATED');
    await rememberClient(tx, ticket.accountId, ctx.ip);
    await clearAttempts(tx, `2fa-account:${ticket.accountId}`);
    const session = await createSession(tx, ctx, { accountId: ticket.accountId, secondFactorMethod: method });
    await recordAudit(
      tx,
      { ...ctx.actor(null), accountId: ticket.accountId },
      {
        action: ticket.via === 'login-link' ? 'auth.login-token' : 'auth.login',
        data: { secondFactor: method },
        partnerId: null,
      },
    );
    return session;
  });
  const auth = await resolveSession(ctx.db as Db, created.token);
  if (!auth) throw new DomainError('INTERNAL');
  return { token: created.token, auth, via: ticket.via };
}
