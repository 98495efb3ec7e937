import { DomainError, passwordResetRequestSchema, RESET_ADDRESS_LIMIT, RESET_REQUEST_LIMIT } from '@pp/domain';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { queueMail } from '../../platform/mail/service';
import { accounts } from '../account/tables';
import { takeAttempt } from './throttle';

/** The job that looks an e-mail up and mails a sign-in link: the request does the same for any e-mail. */
export const LOGIN_LINK_JOB = 'auth.login-link-mail';

/**
 * "E-mail me a sign-in link", offered when sign-in answers TOO_MANY_ATTEMPTS. A guesser who keeps an
 * account's delays running from ever new addresses holds its owner off the password form; the owner's
 * mailbox is a way in the guesser does not have. The link (login/token/{token}, 1 h, single-use) is made
 * when the mail is sent and signs in past the account's and the address's sign-in counts, which only
 * slow guessing of the password.
 *
 * The request is a mail cannon's door as much as the reset form is: counted per e-mail and per address
 * before anything is looked up, and answered the same for every e-mail (the job looks it up).
 */
export async function requestLoginLink(ctx: RequestContext, input: unknown): Promise<true> {
  const parsed = passwordResetRequestSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const { email } = parsed.data;
  if (!(await takeAttempt(ctx.db, `login-link:${email}`, RESET_REQUEST_LIMIT))) {
    throw new DomainError('TOO_MANY_ATTEMPTS');
  }
  if (!(await takeAttempt(ctx.db, `login-link-ip:${ctx.ip}`, RESET_ADDRESS_LIMIT))) {
    throw new DomainError('TOO_MANY_ATTEMPTS');
  }
  await ctx.platform.jobs.send(LOGIN_LINK_JOB, { email, requestId: ctx.requestId });
  return true;
}

/**
 * The job behind a link request: an active, confirmed account gets the login-link mail. An account still
 * to be confirmed has its own way (the confirmation mail that sign-in sends); anything else gets nothing.
 */
export async function mailLoginLink(db: Db, input: { email: string; requestId: string }): Promise<boolean> {
  const [account] = await db
    .select()
    .from(accounts)
    .where(eq(sql`lower(${accounts.email})`, input.email));
  if (!account?.isActive || !account.isConfirmed) return false;
  await db.transaction(async (tx) => {
    await queueMail(tx, {
      to: account.email,
      template: 'login-link',
      lang: account.lang,
      data: { accountId: account.id },
    });
    await recordAudit(
      tx,
      { accountId: account.id, adminAccountId: null, partnerId: null, requestId: input.requestId },
      { action: 'auth.login-link-request', partnerId: null },
    );
  });
  return true;
}
