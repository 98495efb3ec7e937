import {
  allPolicies,
  DomainError,
  type ErrorCode,
  type FieldIssue,
  isDisposableEmail,
  isShopAvailable,
  isShopId,
  passwordResetSchema,
  REGISTRATION_ADDRESS_LIMIT,
  REGISTRATION_AVAILABILITY_LIMIT,
  REGISTRATION_BURST_LIMIT,
  REGISTRATION_CONFIRM_TTL_MS,
  REGISTRATION_PASSWORD_TTL_MS,
  registrationSchema,
  SECRET_CHECK_LIMIT,
} from '@pp/domain';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { Auth, RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { queueMail } from '../../platform/mail/service';
import { accessPolicies, accounts } from '../account/tables';
import { hashPassword } from '../auth/password';
import { createSession, resolveSession } from '../auth/service';
import { loginTokens } from '../auth/tables';
import { refundAttempt, takeAttempt } from '../auth/throttle';
import { hashToken, newToken } from '../auth/tokens';
import { partnerWorkflows } from '../onboarding/tables';
import { queueConfirmationMail } from './confirmation-mail';
import { companyDetailsError, companyNameTaken, lockCompanyNames } from '../partner/contract';
import { accountPartners, partnerContracts, partners } from '../partner/tables';
import { registrations } from './tables';

export interface RegistrationAvailability {
  email: boolean | null;
  companyName: boolean | null;
  publicTitle: boolean | null;
}

/** Names are unique per shop regardless of case and surrounding spaces. */
const norm = (value: string) => value.trim().toLowerCase();
const compactCompanyId = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

async function emailTaken(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(sql`lower(${accounts.email})`, norm(email)))
    .limit(1);
  return row !== undefined;
}

/**
 * The public title is the shop's name on the marketplace: existing partners hold it as their mall name or
 * slug. The partner info tab asks for another partner's (`exceptPartnerId`): its own mall name is no clash.
 */
export async function publicTitleTaken(
  db: DbOrTx,
  shopId: string,
  title: string,
  exceptPartnerId = 0,
): Promise<boolean> {
  const [row] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(
      and(
        eq(partners.shopId, shopId),
        ne(partners.id, exceptPartnerId),
        sql`(lower(trim(${partners.mallName})) = ${norm(title)} or lower(trim(${partners.urlSlug})) = ${norm(title)})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The advisory lock key of one public title of a shop: registration and the partner info tab share it. */
export function publicTitleLockKey(shopId: string, title: string): string {
  return `registration:title:${shopId}:${norm(title)}`;
}

async function companyIdRegistered(db: DbOrTx, shopId: string, companyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: partners.id })
    .from(partnerContracts)
    .innerJoin(partners, eq(partners.id, partnerContracts.partnerId))
    .where(
      and(
        eq(partners.shopId, shopId),
        eq(
          sql`upper(regexp_replace(${partnerContracts.companyId}, '[[:space:]-]', '', 'g'))`,
          compactCompanyId(companyId),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

async function throttle(db: DbOrTx, key: string, limit: { max: number; windowMs: number }) {
  if (!(await takeAttempt(db, key, limit))) throw new DomainError('TOO_MANY_ATTEMPTS');
}

async function assertRegistrationEnabled(ctx: RequestContext) {
  if (!(await ctx.flags()).registrationEnabled) throw new DomainError('REGISTRATION_DISABLED');
}

/**
 * The on-blur checks of the form. Only what was asked is answered; the same spec message the form shows
 * on submit ("E-mail is already taken") is all an answer tells, and the checks count per address.
 */
export async function registrationAvailability(
  ctx: RequestContext,
  input: { email?: string | null; shopId?: string | null; companyName?: string | null; publicTitle?: string | null },
): Promise<RegistrationAvailability> {
  await assertRegistrationEnabled(ctx);
  await throttle(ctx.db, `registration-check-ip:${ctx.ip}`, REGISTRATION_AVAILABILITY_LIMIT);
  const shopId = input.shopId && isShopId(input.shopId) ? input.shopId : null;
  const text = (v: string | null | undefined) => (v && v.trim().length > 0 && v.length <= 320 ? v : null);
  const email = text(input.email);
  const company = text(input.companyName);
  const title = text(input.publicTitle);
  return {
    email: email ? !(await emailTaken(ctx.db, email)) : null,
    companyName: company && shopId ? !(await companyNameTaken(ctx.db, shopId, company, 0)) : null,
    publicTitle: title && shopId ? !(await publicTitleTaken(ctx.db, shopId, title)) : null,
  };
}

/**
 * Serialises registrations that could collide: a transaction-scoped advisory lock per unique value, taken
 * in a fixed order (no deadlock between two registrations sharing two values) before anything is checked.
 */
export async function lockUniqueValues(tx: DbOrTx, keys: string[]) {
  for (const key of [...new Set(keys)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  }
}

/** A one-time token of the registration flow; only its hash is stored. */
export async function issueRegistrationToken(
  tx: DbOrTx,
  accountId: number,
  purpose: 'confirm' | 'password' | 'login',
  ttlMs: number,
): Promise<string> {
  const token = newToken();
  await tx
    .insert(loginTokens)
    .values({ tokenHash: hashToken(token), purpose, accountId, expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

/** The confirmation mail's token, made when the mail is sent (the outbox keeps only the account id). */
export function issueConfirmToken(tx: DbOrTx, accountId: number): Promise<string> {
  return issueRegistrationToken(tx, accountId, 'confirm', REGISTRATION_CONFIRM_TTL_MS);
}

/**
 * A new e-shop registers: its account (unconfirmed, no password yet), the partner in REGISTERED with its
 * contract and workflow, the registration as given, and the confirmation mail, all in one transaction.
 */
export async function register(ctx: RequestContext, input: unknown): Promise<true> {
  await assertRegistrationEnabled(ctx);
  const parsed = registrationSchema.safeParse(input);
  if (!parsed.success) throw companyDetailsError(parsed.error);
  const data = parsed.data;
  if (!isShopAvailable(data.shopId, await ctx.flags())) {
    throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'shopId', rule: 'invalid' }]);
  }
  if (isDisposableEmail(data.email)) {
    throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'email', rule: 'disposableEmail' }]);
  }
  // Counted per address before any lookup, so the refusals below cannot be used to test e-mails in bulk.
  await throttle(ctx.db, `registration-ip:${ctx.ip}`, REGISTRATION_ADDRESS_LIMIT);

  await ctx.db.transaction(async (tx) => {
    await lockUniqueValues(tx, [
      `registration:email:${norm(data.email)}`,
      `registration:company:${data.shopId}:${norm(data.company)}`,
      publicTitleLockKey(data.shopId, data.shopName),
      `registration:companyId:${data.shopId}:${compactCompanyId(data.companyId)}`,
    ]);
    // The contract form of onboarding step 1 renames partners under this lock too.
    await lockCompanyNames(tx, data.shopId);
    if (await companyIdRegistered(tx, data.shopId, data.companyId)) {
      throw new DomainError('PARTNER_ALREADY_REGISTERED', {}, [{ field: 'companyId', rule: 'partnerRegistered' }]);
    }
    const taken: { code: ErrorCode; field: FieldIssue }[] = [];
    if (await emailTaken(tx, data.email)) {
      taken.push({ code: 'EMAIL_TAKEN', field: { field: 'email', rule: 'uniqueAccountEmail' } });
    }
    if (await companyNameTaken(tx, data.shopId, data.company, 0)) {
      taken.push({ code: 'COMPANY_NAME_TAKEN', field: { field: 'company', rule: 'uniqueCompanyName' } });
    }
    if (await publicTitleTaken(tx, data.shopId, data.shopName)) {
      taken.push({ code: 'PUBLIC_TITLE_TAKEN', field: { field: 'shopName', rule: 'uniquePublicTitle' } });
    }
    if (taken.length > 0) {
      throw new DomainError(
        taken[0]!.code,
        {},
        taken.map((t) => t.field),
      );
    }
    // The budget of all registrations is spent only by one that creates something, so refusals from many
    // addresses cannot close registration for everyone. Counted in this transaction: the counter's row
    // stays locked until commit (parallel registrations queue on it) and a rollback gives the count back.
    await throttle(tx, 'registration-all', REGISTRATION_BURST_LIMIT);

    const [account] = await tx
      .insert(accounts)
      .values({
        email: data.email,
        firstName: data.firstName,
        lastName: data.lastName,
        lang: data.language,
        isConfirmed: false,
      })
      .returning({ id: accounts.id });
    const accountId = account!.id;
    const [partner] = await tx
      .insert(partners)
      .values({
        partnerName: data.company,
        mallName: data.shopName,
        urlSlug: data.shopName,
        shopId: data.shopId,
        provider: data.provider,
        workflowStatus: 'REGISTERED',
        country: data.country,
      })
      .returning({ id: partners.id });
    const partnerId = partner!.id;
    await tx.insert(accountPartners).values({ partnerId, accountId, isMaster: true, isDefault: true });
    await tx
      .insert(accessPolicies)
      .values(allPolicies().map((p) => ({ partnerId, accountId, subject: p.subject, action: p.action })));
    await tx.insert(partnerContracts).values({
      partnerId,
      company: data.company,
      firstName: data.firstName,
      lastName: data.lastName,
      email: data.email,
      phone: data.phone,
      companyId: data.companyId,
      vatId: data.vatId,
      bankAccount: data.bankAccount,
      street: data.street,
      city: data.city,
      state: data.country,
      zip: data.zip,
      web: data.web,
    });
    await tx.insert(partnerWorkflows).values({ partnerId });
    const [registration] = await tx
      .insert(registrations)
      .values({
        partnerId,
        accountId,
        shopId: data.shopId,
        provider: data.provider,
        firstName: data.firstName,
        lastName: data.lastName,
        email: data.email,
        phone: data.phone,
        language: data.language,
        shopName: data.shopName,
        web: data.web,
        company: data.company,
        companyId: data.companyId,
        vatId: data.vatId,
        street: data.street,
        city: data.city,
        zip: data.zip,
        country: data.country,
        bankAccount: data.bankAccount,
        annualTurnover: data.annualTurnover,
        salesCount: data.salesCount,
        offeredCount: data.offeredCount,
        divisions: data.divisions,
        otherDivisions: data.otherDivisions,
        countries: data.countries,
        productFeed: data.productFeed,
        availabilityFeed: data.availabilityFeed,
        hasCarrier: data.hasCarrier,
        ip: ctx.ip,
      })
      .returning({ id: registrations.id });
    await queueMail(tx, {
      to: data.email,
      template: 'registration-confirm',
      lang: data.language,
      data: { accountId },
    });
    await recordAudit(
      tx,
      { ...ctx.actor(partnerId), accountId },
      { action: 'registration.register', partnerId, entity: 'registration', entityId: registration!.id },
    );
  });
  return true;
}

/** Token links are secrets: wrong guesses count per address, a right one gives its attempt back. */
async function throttleSecret<T>(ctx: RequestContext, check: () => Promise<T>): Promise<T> {
  const key = `secret-ip:${ctx.ip}`;
  await throttle(ctx.db, key, SECRET_CHECK_LIMIT);
  const result = await check();
  await refundAttempt(ctx.db, key);
  return result;
}

type TokenRow = typeof loginTokens.$inferSelect;

async function findToken(db: DbOrTx, token: string, purpose: TokenRow['purpose']): Promise<TokenRow | null> {
  if (token.length === 0 || token.length > 200) return null;
  const [row] = await db
    .select()
    .from(loginTokens)
    .where(and(eq(loginTokens.tokenHash, hashToken(token)), eq(loginTokens.purpose, purpose)))
    .limit(1);
  return row ?? null;
}

/** Spends a token in the caller's transaction; a parallel use of the same token finds it spent. */
async function spendToken(tx: DbOrTx, row: TokenRow): Promise<void> {
  const spent = await tx
    .update(loginTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(loginTokens.id, row.id), isNull(loginTokens.usedAt)))
    .returning({ id: loginTokens.id });
  if (spent.length === 0) throw new DomainError('NOT_FOUND');
}

/**
 * registration-confirm/{token}: confirms the account and hands out the two links of the last step (set a
 * password, then sign in). An expired link mails a new one (spec: "Token expired. We have sent you a new
 * activation link"); an unknown or used one is NOT_FOUND.
 */
export async function confirmRegistration(
  ctx: RequestContext,
  token: string,
): Promise<{ passwordToken: string; loginToken: string }> {
  const row = await throttleSecret(ctx, async () => {
    const found = await findToken(ctx.db, token, 'confirm');
    if (!found || found.usedAt) throw new DomainError('NOT_FOUND');
    return found;
  });
  const [account] = await ctx.db.select().from(accounts).where(eq(accounts.id, row.accountId));
  if (!account) throw new DomainError('NOT_FOUND');
  if (!account.isActive) throw new DomainError('DEACTIVATED');
  if (row.expiresAt.getTime() < Date.now()) {
    await ctx.db.transaction(async (tx) => {
      await spendToken(tx, row);
      await queueConfirmationMail(tx, account);
      await recordAudit(
        tx,
        { ...ctx.actor(null), accountId: account.id },
        { action: 'registration.confirm-expired', partnerId: null },
      );
    });
    throw new DomainError('EXPIRED');
  }
  return ctx.db.transaction(async (tx) => {
    await spendToken(tx, row);
    // The other confirmation links of the account (re-sent ones) end with this one.
    await tx
      .update(loginTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(eq(loginTokens.accountId, account.id), eq(loginTokens.purpose, 'confirm'), isNull(loginTokens.usedAt)),
      );
    await tx.update(accounts).set({ isConfirmed: true, updated: sql`now()` }).where(eq(accounts.id, account.id));
    await tx
      .update(registrations)
      .set({ confirmedAt: sql`now()` })
      .where(and(eq(registrations.accountId, account.id), isNull(registrations.confirmedAt)));
    const passwordToken = await issueRegistrationToken(tx, account.id, 'password', REGISTRATION_PASSWORD_TTL_MS);
    const loginToken = await issueRegistrationToken(tx, account.id, 'login', REGISTRATION_PASSWORD_TTL_MS);
    await recordAudit(
      tx,
      { ...ctx.actor(null), accountId: account.id },
      { action: 'registration.confirm', partnerId: null },
    );
    return { passwordToken, loginToken };
  });
}

/**
 * registration-complete/{passwordToken}/{loginToken}: sets the first password under the policy, spends both
 * links and signs the new partner in, as login would.
 */
export async function completeRegistration(
  ctx: RequestContext,
  input: { passwordToken: string; loginToken: string; password: string; passwordRepeat: string },
): Promise<{ token: string; auth: Auth }> {
  const parsed = passwordResetSchema.safeParse({ password: input.password, passwordRepeat: input.passwordRepeat });
  if (!parsed.success) throw validationError(parsed.error);
  const [passwordRow, loginRow] = await throttleSecret(ctx, async () => {
    const p = await findToken(ctx.db, input.passwordToken, 'password');
    const l = await findToken(ctx.db, input.loginToken, 'login');
    // Both links come from one confirmation: a pair of two accounts' tokens is no pair.
    if (!p || !l || p.usedAt || l.usedAt || p.accountId !== l.accountId) throw new DomainError('NOT_FOUND');
    return [p, l] as const;
  });
  if (passwordRow.expiresAt.getTime() < Date.now() || loginRow.expiresAt.getTime() < Date.now()) {
    throw new DomainError('EXPIRED');
  }
  const [account] = await ctx.db.select().from(accounts).where(eq(accounts.id, passwordRow.accountId));
  if (!account?.isActive) throw new DomainError('DEACTIVATED');
  const passwordHash = await hashPassword(parsed.data.password);
  const { token } = await ctx.db.transaction(async (tx) => {
    await spendToken(tx, passwordRow);
    await spendToken(tx, loginRow);
    await tx
      .update(accounts)
      .set({ passwordHash, isConfirmed: true, updated: sql`now()` })
      .where(eq(accounts.id, account.id));
    const session = await createSession(tx, ctx, { accountId: account.id });
    await recordAudit(
      tx,
      { ...ctx.actor(null), accountId: account.id },
      { action: 'registration.complete', partnerId: null },
    );
    return session;
  });
  const auth = await resolveSession(ctx.db, token);
  if (!auth) throw new DomainError('INTERNAL');
  return { token, auth };
}
