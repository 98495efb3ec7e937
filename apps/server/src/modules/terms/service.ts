import {
  agreementSchema,
  DomainError,
  isShopId,
  pickTermsLanguage,
  SHOP_IDS,
  type ShopId,
  shopOfTermsCountry,
  type TermsPath,
  termsCountryOfShop,
  termsVersionSchema,
} from '@pp/domain';
import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import { type DbOrTx, rowsOf } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { accounts } from '../account/tables';
import { changeWorkflowStatus } from '../onboarding/workflow';
import { agreements, businessTerms, businessTermsContents } from '../onboarding/tables';
import { partnerContracts, partners } from '../partner/tables';
import { sanitizeLongDesc } from '../products/sanitize';
import { isUniqueViolation } from '../../platform/db/pg-errors';

export interface TermsContent {
  id: number;
  lang: string;
  title: string;
  body: string;
  url: string | null;
}

export interface TermsVersionRow {
  id: number;
  shopId: string;
  country: string;
  version: string;
  validFrom: string;
  showInHistory: boolean;
  publishedAt: Date | null;
  approvedBy: string | null;
  created: Date;
  updated: Date;
  /** Languages the version is written in. */
  languages: string[];
}

/** One version as a reader sees it: in the language picked for them. */
export interface TermsPage extends TermsVersionRow {
  content: TermsContent;
}

export interface AgreementRow {
  id: number;
  termsId: number;
  contentId: number;
  version: string;
  names: string;
  email: string;
  phone: string;
  companyId: string;
  signed: Date;
}

const versionFields = {
  id: businessTerms.id,
  shopId: businessTerms.shopId,
  version: businessTerms.version,
  validFrom: businessTerms.validFrom,
  showInHistory: businessTerms.showInHistory,
  publishedAt: businessTerms.publishedAt,
  approvedBy: businessTerms.approvedBy,
  created: businessTerms.created,
  updated: businessTerms.updated,
};
type VersionFields = { [K in keyof typeof versionFields]: (typeof businessTerms.$inferSelect)[K] };

const contentFields = {
  id: businessTermsContents.id,
  termsId: businessTermsContents.termsId,
  lang: businessTermsContents.lang,
  title: businessTermsContents.title,
  body: businessTermsContents.body,
  url: businessTermsContents.url,
};

/** In force: published, and its first day has come (the database's day, so every process agrees). */
const inForce = and(isNotNull(businessTerms.publishedAt), lte(businessTerms.validFrom, sql`current_date`));

async function contentsOf(db: DbOrTx, termsIds: number[]) {
  if (!termsIds.length) return [];
  return db
    .select(contentFields)
    .from(businessTermsContents)
    .where(inArray(businessTermsContents.termsId, termsIds))
    .orderBy(asc(businessTermsContents.id));
}

function toVersion(row: VersionFields, languages: string[]): TermsVersionRow {
  const shopId = row.shopId as ShopId;
  return { ...row, country: termsCountryOfShop(shopId), languages };
}

async function pageOf(db: DbOrTx, row: VersionFields, lang: string | null | undefined): Promise<TermsPage | null> {
  const contents = await contentsOf(db, [row.id]);
  const languages = contents.map((c) => c.lang);
  const picked = pickTermsLanguage(row.shopId as ShopId, languages, lang);
  const content = contents.find((c) => c.lang === picked);
  if (!content) return null;
  const { termsId: _t, ...rest } = content;
  return { ...toVersion(row, languages), content: rest };
}

/** The version of a shop in force today: the latest first day, and of two on one day the later published. */
async function currentVersion(db: DbOrTx, shopId: string): Promise<VersionFields | null> {
  const [row] = await db
    .select(versionFields)
    .from(businessTerms)
    .where(and(eq(businessTerms.shopId, shopId), inForce))
    .orderBy(desc(businessTerms.validFrom), desc(businessTerms.publishedAt), desc(businessTerms.id))
    .limit(1);
  return row ?? null;
}

function shopOfCountry(country: string): ShopId {
  const shopId = shopOfTermsCountry(country);
  if (!shopId) throw new DomainError('TERMS_NOT_FOUND');
  return shopId;
}

/**
 * Public: the terms of a country in force today, or the version asked for when it is one of the country's
 * published versions shown in the history (the history page links to them).
 */
export async function businessTermsOf(
  ctx: RequestContext,
  country: string,
  lang: string | null | undefined,
  versionId?: number | null,
): Promise<TermsPage | null> {
  const shopId = shopOfCountry(country);
  if (versionId == null) {
    const row = await currentVersion(ctx.db, shopId);
    return row ? pageOf(ctx.db, row, lang) : null;
  }
  const [row] = await ctx.db
    .select(versionFields)
    .from(businessTerms)
    .where(
      and(
        eq(businessTerms.shopId, shopId),
        eq(businessTerms.id, versionId),
        eq(businessTerms.showInHistory, true),
        inForce,
      ),
    );
  if (!row) throw new DomainError('TERMS_NOT_FOUND');
  return pageOf(ctx.db, row, lang);
}

/** Public: the country's published versions that are shown in the history, newest first. */
export async function businessTermsHistory(ctx: RequestContext, country: string): Promise<TermsVersionRow[]> {
  const shopId = shopOfCountry(country);
  const rows = await ctx.db
    .select(versionFields)
    .from(businessTerms)
    .where(and(eq(businessTerms.shopId, shopId), eq(businessTerms.showInHistory, true), inForce))
    .orderBy(desc(businessTerms.validFrom), desc(businessTerms.publishedAt), desc(businessTerms.id));
  const contents = await contentsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    toVersion(
      r,
      contents.filter((c) => c.termsId === r.id).map((c) => c.lang),
    ),
  );
}

async function partnerOf(db: DbOrTx, partnerId: number) {
  const [row] = await db
    .select({ id: partners.id, shopId: partners.shopId, workflowStatus: partners.workflowStatus })
    .from(partners)
    .where(eq(partners.id, partnerId));
  if (!row || !isShopId(row.shopId)) throw new DomainError('ACCESS_DENIED');
  return row;
}

const agreementFields = {
  id: agreements.id,
  termsId: agreements.termsId,
  contentId: agreements.contentId,
  version: agreements.version,
  names: agreements.names,
  email: agreements.email,
  phone: agreements.phone,
  companyId: agreements.companyId,
  signed: agreements.signed,
};

async function agreementOf(db: DbOrTx, partnerId: number, termsId: number): Promise<AgreementRow | null> {
  const [row] = await db
    .select(agreementFields)
    .from(agreements)
    .where(and(eq(agreements.partnerId, partnerId), eq(agreements.termsId, termsId)))
    .orderBy(asc(agreements.id))
    .limit(1);
  return row ?? null;
}

export interface TermsState {
  terms: TermsPage | null;
  agreed: boolean;
  agreement: AgreementRow | null;
}

/** The selected partner's current terms (in the caller's language) and whether it agreed to them. */
export async function currentTerms(ctx: RequestContext): Promise<TermsState> {
  const { partnerId } = await ctx.require('partner', 'read');
  const partner = await partnerOf(ctx.db, partnerId);
  const row = await currentVersion(ctx.db, partner.shopId);
  if (!row) return { terms: null, agreed: false, agreement: null };
  const agreement = await agreementOf(ctx.db, partnerId, row.id);
  return { terms: await pageOf(ctx.db, row, ctx.lang), agreed: agreement !== null, agreement };
}

/**
 * Whether the portal must ask the partner to agree after sign-in: a version is in force that the partner
 * has not agreed to. A REGISTERED partner agrees in step 2 of onboarding instead, and an operator signed in
 * as the partner is never asked (consent is the partner's own).
 */
export async function mustAgreeToTerms(
  db: DbOrTx,
  partner: { id: number; shopId: string; workflowStatus: string },
  impersonating: boolean,
): Promise<boolean> {
  if (impersonating || partner.workflowStatus === 'REGISTERED') return false;
  const result = await db.execute(sql`
    select exists (
      select 1 from (
        select id from business_terms
        where shop_id = ${partner.shopId} and published_at is not null and valid_from <= current_date
        order by valid_from desc, published_at desc, id desc limit 1
      ) t
      where not exists (select 1 from agreements a where a.partner_id = ${partner.id} and a.terms_id = t.id)
    ) as missing`);
  return rowsOf<{ missing: boolean }>(result)[0]?.missing === true;
}

const PATH_STATUS: Record<TermsPath, 'VENDOR_CHECK_STANDARD' | 'VENDOR_CHECK_VIP'> = {
  STANDARD: 'VENDOR_CHECK_STANDARD',
  VIP: 'VENDOR_CHECK_VIP',
};

/**
 * The partner agrees to the version in force (the consent dialog of step 2, or the sign-in prompt). It
 * records who signed what: the version, the names typed, the account's e-mail, the contract's phone and
 * company id, the time. Once per partner and version; the partner row is locked so that two parallel
 * clicks cannot both pass. A REGISTERED partner chooses its path here, which moves the workflow on.
 */
export async function agreeToTerms(ctx: RequestContext, input: unknown): Promise<AgreementRow> {
  const { partnerId } = await ctx.require('partner', 'update');
  const auth = ctx.requireAuth();
  if (auth.admin) throw new DomainError('UNAUTHORIZED_ACTION');
  const parsed = agreementSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const data = parsed.data;
  return ctx.db.transaction(async (tx) => {
    const [partner] = await tx
      .select({ id: partners.id, shopId: partners.shopId, workflowStatus: partners.workflowStatus })
      .from(partners)
      .where(eq(partners.id, partnerId))
      .for('update');
    if (!partner) throw new DomainError('ACCESS_DENIED');
    const current = await currentVersion(tx, partner.shopId);
    if (!current) throw new DomainError('TERMS_NOT_FOUND');
    const [content] = await tx
      .select(contentFields)
      .from(businessTermsContents)
      .where(and(eq(businessTermsContents.id, data.contentId), eq(businessTermsContents.termsId, current.id)));
    // A content of another version (older, another shop's, a draft) is not what is in force here.
    if (!content) throw new DomainError('TERMS_NOT_FOUND');
    if (await agreementOf(tx, partnerId, current.id)) throw new DomainError('TERMS_ALREADY_AGREED');
    const registered = partner.workflowStatus === 'REGISTERED';
    if (registered && !data.path) {
      throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'path', rule: 'required' }]);
    }
    const [contract] = await tx
      .select({ phone: partnerContracts.phone, companyId: partnerContracts.companyId })
      .from(partnerContracts)
      .where(eq(partnerContracts.partnerId, partnerId));
    const [account] = await tx.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, auth.account.id));
    const [row] = await tx
      .insert(agreements)
      .values({
        partnerId,
        termsId: current.id,
        contentId: content.id,
        accountId: auth.account.id,
        version: current.version,
        names: data.names,
        email: account?.email ?? auth.account.email,
        phone: contract?.phone ?? '',
        companyId: contract?.companyId ?? '',
      })
      .returning(agreementFields);
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'terms.agree',
      entity: 'agreement',
      entityId: row!.id,
      data: { termsId: current.id, version: current.version, lang: content.lang, path: registered ? data.path : null },
    });
    if (registered && data.path) {
      await changeWorkflowStatus(tx, ctx.platform, {
        partnerId,
        to: PATH_STATUS[data.path],
        actor: 'partner',
        accountId: auth.account.id,
        requestId: ctx.requestId,
        path: data.path,
      });
    }
    return row!;
  });
}

/** Operators: every version of one shop or of all, newest first, with every language's content. */
export async function cockpitTerms(
  ctx: RequestContext,
  shopId: string | null | undefined,
): Promise<(TermsVersionRow & { contents: TermsContent[] })[]> {
  ctx.requireOperator('terms', 'read');
  if (shopId != null && !isShopId(shopId)) {
    throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'shopId', rule: 'invalid' }]);
  }
  const rows = await ctx.db
    .select(versionFields)
    .from(businessTerms)
    .where(shopId ? eq(businessTerms.shopId, shopId) : undefined)
    .orderBy(
      asc(sql`array_position(${sql.param([...SHOP_IDS])}::text[], ${businessTerms.shopId})`),
      desc(businessTerms.validFrom),
      desc(businessTerms.id),
    );
  const contents = await contentsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const own = contents.filter((c) => c.termsId === r.id).map(({ termsId: _t, ...c }) => c);
    return {
      ...toVersion(
        r,
        own.map((c) => c.lang),
      ),
      contents: own,
    };
  });
}

const idSchema = z.coerce.number().int().positive();

/**
 * Operators write a new version, or change one not yet published (a published version is what partners
 * agreed to: it never changes). Bodies go through the same allow-list as sellers' rich text. A new
 * version starts today or later: a past first day would make partners' earlier consent look stale.
 */
export async function cockpitSaveTerms(ctx: RequestContext, id: string | null | undefined, input: unknown) {
  const admin = ctx.requireOperator('terms', 'update');
  const parsed = termsVersionSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const data = parsed.data;
  const existingId = id == null ? null : idSchema.safeParse(id);
  if (existingId && !existingId.success) throw new DomainError('TERMS_NOT_FOUND');
  const contents = data.contents.map((c) => ({ ...c, body: sanitizeLongDesc(c.body) }));
  const emptied = contents.findIndex((c) => c.body.replace(/<[^>]*>/g, '').trim() === '');
  if (emptied >= 0)
    throw new DomainError('VALIDATION_ERROR', {}, [{ field: `contents.${emptied}.body`, rule: 'required' }]);
  try {
    const savedId = await ctx.db.transaction(async (tx) => {
      const [{ today } = { today: '' }] = rowsOf<{ today: string }>(
        await tx.execute(sql`select current_date::text as today`),
      );
      if (data.validFrom < today) {
        throw new DomainError('VALIDATION_ERROR', {}, [{ field: 'validFrom', rule: 'termsValidFromPast' }]);
      }
      const [taken] = await tx
        .select({ id: businessTerms.id })
        .from(businessTerms)
        .where(and(eq(businessTerms.shopId, data.shopId), eq(businessTerms.version, data.version)));
      let termsId: number;
      if (existingId) {
        const [row] = await tx
          .select({ id: businessTerms.id, publishedAt: businessTerms.publishedAt })
          .from(businessTerms)
          .where(eq(businessTerms.id, existingId.data))
          .for('update');
        if (!row) throw new DomainError('TERMS_NOT_FOUND');
        if (row.publishedAt) throw new DomainError('INVALID_OPERATION');
        if (taken && taken.id !== row.id) throw new DomainError('TERMS_VERSION_EXISTS', { 0: data.version });
        await tx
          .update(businessTerms)
          .set({
            shopId: data.shopId,
            version: data.version,
            validFrom: data.validFrom,
            showInHistory: data.showInHistory,
            updated: new Date(),
          })
          .where(eq(businessTerms.id, row.id));
        await tx.delete(businessTermsContents).where(eq(businessTermsContents.termsId, row.id));
        termsId = row.id;
      } else {
        if (taken) throw new DomainError('TERMS_VERSION_EXISTS', { 0: data.version });
        const [row] = await tx
          .insert(businessTerms)
          .values({
            shopId: data.shopId,
            version: data.version,
            validFrom: data.validFrom,
            showInHistory: data.showInHistory,
            createdBy: admin.account.id,
          })
          .returning({ id: businessTerms.id });
        termsId = row!.id;
      }
      await tx.insert(businessTermsContents).values(contents.map((c) => ({ termsId, ...c })));
      await recordAudit(tx, ctx.actor(null), {
        action: existingId ? 'terms.update' : 'terms.create',
        entity: 'business_terms',
        entityId: termsId,
        data: { shopId: data.shopId, version: data.version, validFrom: data.validFrom },
      });
      return termsId;
    });
    return cockpitVersion(ctx, savedId);
  } catch (error) {
    if (isUniqueViolation(error, 'business_terms_version_uq')) {
      throw new DomainError('TERMS_VERSION_EXISTS', { 0: data.version });
    }
    throw error;
  }
}

async function cockpitVersion(ctx: RequestContext, id: number) {
  const [row] = await ctx.db.select(versionFields).from(businessTerms).where(eq(businessTerms.id, id));
  if (!row) throw new DomainError('TERMS_NOT_FOUND');
  const own = (await contentsOf(ctx.db, [id])).map(({ termsId: _t, ...c }) => c);
  return {
    ...toVersion(
      row,
      own.map((c) => c.lang),
    ),
    contents: own,
  };
}

/**
 * An operator publishes a draft: from its first day it is the shop's terms, and partners who have not
 * agreed are asked at their next sign-in (the session's mustAgreeToTerms is computed, not stored).
 */
export async function cockpitPublishTerms(ctx: RequestContext, id: string) {
  const admin = ctx.requireOperator('terms', 'update');
  const parsedId = idSchema.safeParse(id);
  if (!parsedId.success) throw new DomainError('TERMS_NOT_FOUND');
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: businessTerms.id,
        publishedAt: businessTerms.publishedAt,
        shopId: businessTerms.shopId,
        version: businessTerms.version,
      })
      .from(businessTerms)
      .where(eq(businessTerms.id, parsedId.data))
      .for('update');
    if (!row) throw new DomainError('TERMS_NOT_FOUND');
    if (row.publishedAt) throw new DomainError('INVALID_OPERATION');
    const [operator] = await tx
      .select({ firstName: accounts.firstName, lastName: accounts.lastName, email: accounts.email })
      .from(accounts)
      .where(eq(accounts.id, admin.account.id));
    const approvedBy = [operator?.firstName, operator?.lastName].filter(Boolean).join(' ') || (operator?.email ?? '');
    await tx
      .update(businessTerms)
      .set({ publishedAt: new Date(), approvedBy, updated: new Date() })
      .where(eq(businessTerms.id, row.id));
    await recordAudit(tx, ctx.actor(null), {
      action: 'terms.publish',
      entity: 'business_terms',
      entityId: row.id,
      data: { shopId: row.shopId, version: row.version },
    });
  });
  return cockpitVersion(ctx, parsedId.data);
}
