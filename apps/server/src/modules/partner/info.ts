import { DomainError, publicTitleRefusal, shopProfileSchema } from '@pp/domain';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { validationError } from '../../platform/errors';
import { publicMediaPath } from '../../platform/files';
import { storedFiles } from '../../platform/files/tables';
import { lockUniqueValues, publicTitleLockKey, publicTitleTaken } from '../registration/service';
import { partners } from './tables';

/** The shop profile of the partner info tab: the marketplace's facts and the partner's public title and logo. */
export interface ShopProfile {
  partnerId: number;
  partnerName: string;
  mallName: string | null;
  sapId: string | null;
  shopId: string;
  provider: string | null;
  pluginProvider: string | null;
  rating: number | null;
  workflowStatus: string;
  created: Date;
  updated: Date;
  /** The public shop name (urlSlug); null until the partner sets it. */
  publicTitle: string | null;
  /** Whether this caller may set or change the public title now. */
  publicTitleEditable: boolean;
  logo: { fileId: string; url: string; name: string } | null;
}

function byOperator(ctx: RequestContext): boolean {
  return ctx.auth?.admin != null;
}

export async function readShopProfile(db: DbOrTx, partnerId: number, operator: boolean): Promise<ShopProfile> {
  const [row] = await db
    .select({ partner: partners, logoName: storedFiles.fileName, logoExpires: storedFiles.expiresAt })
    .from(partners)
    .leftJoin(storedFiles, eq(storedFiles.id, partners.logoFileId))
    .where(eq(partners.id, partnerId));
  if (!row) throw new DomainError('ACCESS_DENIED');
  const p = row.partner;
  const logo =
    p.logoFileId && row.logoName !== null && row.logoExpires === null
      ? { fileId: p.logoFileId, url: publicMediaPath(p.logoFileId), name: row.logoName }
      : null;
  return {
    partnerId: p.id,
    partnerName: p.partnerName,
    mallName: p.mallName,
    sapId: p.sapId,
    shopId: p.shopId,
    provider: p.provider,
    pluginProvider: p.pluginProvider,
    rating: p.rating,
    workflowStatus: p.workflowStatus,
    created: p.created,
    updated: p.updated,
    publicTitle: p.urlSlug,
    publicTitleEditable: publicTitleRefusal(p.urlSlug, operator) === null,
    logo,
  };
}

export async function getShopProfile(ctx: RequestContext): Promise<ShopProfile> {
  const { partnerId } = await ctx.require('partner', 'read');
  return readShopProfile(ctx.db, partnerId, byOperator(ctx));
}

/**
 * Sets the public shop name. Unique per shop under the same advisory lock registration takes (so a
 * registration and this form cannot both win a name), and fixed once set: only an operator signed in as
 * the partner may change it afterwards. The partner row is locked, so two parallel first settings of one
 * partner cannot both pass the "not set yet" check.
 */
export async function setPublicTitle(ctx: RequestContext, input: unknown): Promise<ShopProfile> {
  const { partnerId } = await ctx.require('partner', 'update');
  const parsed = shopProfileSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const title = parsed.data.publicTitle;
  const operator = byOperator(ctx);
  return ctx.db.transaction(async (tx) => {
    const [partner] = await tx
      .select({ shopId: partners.shopId, urlSlug: partners.urlSlug })
      .from(partners)
      .where(eq(partners.id, partnerId))
      .for('update');
    if (!partner) throw new DomainError('ACCESS_DENIED');
    const refusal = publicTitleRefusal(partner.urlSlug, operator);
    if (refusal) throw new DomainError(refusal, {}, [{ field: 'publicTitle', rule: 'publicTitleFixed' }]);
    await lockUniqueValues(tx, [publicTitleLockKey(partner.shopId, title)]);
    if (await publicTitleTaken(tx, partner.shopId, title, partnerId)) {
      throw new DomainError('PUBLIC_TITLE_TAKEN', {}, [{ field: 'publicTitle', rule: 'uniquePublicTitle' }]);
    }
    await tx.update(partners).set({ urlSlug: title, updated: new Date() }).where(eq(partners.id, partnerId));
    await recordAudit(tx, ctx.actor(partnerId), {
      action: 'partner.publicTitle.set',
      entity: 'partner',
      entityId: partnerId,
      data: { from: partner.urlSlug, to: title },
    });
    return readShopProfile(tx, partnerId, operator);
  });
}
