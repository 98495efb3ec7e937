import { createReadStream } from 'node:fs';
import { extname } from 'node:path';
import { DomainError, PARTNER_LOGO, partnerLogoIssue } from '@pp/domain';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { recordAudit } from '../../platform/audit/service';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { keepStoredFiles, storeFile } from '../../platform/files';
import { storedFiles } from '../../platform/files/tables';
import { runImageWork } from '../../platform/uploads/image-work';
import { type UploadBody, withSpooledUpload } from '../../platform/uploads/spool';
import { readShopProfile, type ShopProfile } from './info';
import { partners } from './tables';

/** The stored-file kind of shop logos: public (the marketplace's shop page shows it at /media/{id}). */
export const PARTNER_LOGO_KIND = 'partner-logo';

/**
 * What the transport reads before cutting the upload off: a little above the rule, so a file slightly too
 * large is measured and refused with the rule's own message.
 */
export const PARTNER_LOGO_TRANSPORT_MAX_BYTES = PARTNER_LOGO.maxBytes + 1024 * 1024;

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };
const EXTENSIONS: Record<string, string> = { png: '.png', jpeg: '.jpg', webp: '.webp' };

/**
 * The header says what the file claims to be (read first, so a huge canvas is refused before its pixels
 * are allocated); only a full decode proves it is that picture. Both in a decode slot of the partner.
 */
const inspect = (path: string, bytes: number, partnerId: number): Promise<string> =>
  runImageWork(partnerId, async () => {
    const meta = await sharp(path)
      .metadata()
      .catch(() => {
        throw new DomainError('PARTNER_LOGO_TYPE');
      });
    const format = String(meta.format ?? '') === 'jpg' ? 'jpeg' : String(meta.format ?? '');
    const issue = partnerLogoIssue({ format, width: meta.width ?? 0, height: meta.height ?? 0, bytes });
    if (issue) throw new DomainError(issue);
    await sharp(path, { failOn: 'truncated', limitInputPixels: PARTNER_LOGO.maxPx ** 2 })
      .stats()
      .catch(() => {
        throw new DomainError('PARTNER_LOGO_TYPE');
      });
    return format;
  });

/** A replaced or removed logo is released: it stops being served now and the daily clean-up deletes it. */
async function releaseLogo(tx: DbOrTx, partnerId: number, fileId: string | null): Promise<void> {
  if (!fileId) return;
  await tx
    .update(storedFiles)
    .set({ expiresAt: sql`now()` })
    .where(and(eq(storedFiles.partnerId, partnerId), eq(storedFiles.id, fileId)));
}

/**
 * POST /portal/partner/logo: spooled to disk, judged by decoding (PNG, JPEG or WebP, 64–4000 px a side,
 * 5 MB), stored as a public file, then made the partner's logo in one transaction that keeps it for good and
 * releases the previous one. A failed transaction leaves only an upload that expires by itself.
 */
export async function uploadPartnerLogo(
  ctx: RequestContext,
  upload: { body: UploadBody; fileName: string },
): Promise<ShopProfile> {
  const { partnerId } = await ctx.require('partner', 'update');
  const limit = { maxBytes: PARTNER_LOGO_TRANSPORT_MAX_BYTES, tooLarge: 'PARTNER_LOGO_TOO_LARGE' } as const;
  return withSpooledUpload(ctx.platform, upload.body, limit, async (path, size) => {
    if (size === 0) throw new DomainError('PARTNER_LOGO_TYPE');
    const format = await inspect(path, size, partnerId);
    // The person's name, the picture's extension: a WebP sent as logo.png is stored as .webp.
    const base = upload.fileName.slice(0, upload.fileName.length - extname(upload.fileName).length) || 'logo';
    const stored = await storeFile(ctx.platform, {
      partnerId,
      accountId: null,
      kind: PARTNER_LOGO_KIND,
      fileName: `${base}${EXTENSIONS[format]}`,
      contentType: CONTENT_TYPES[format]!,
      body: createReadStream(path),
    });
    return ctx.db.transaction(async (tx) => {
      const [partner] = await tx
        .select({ logoFileId: partners.logoFileId })
        .from(partners)
        .where(eq(partners.id, partnerId))
        .for('update');
      await keepStoredFiles(tx, partnerId, [stored.id]);
      await tx.update(partners).set({ logoFileId: stored.id, updated: new Date() }).where(eq(partners.id, partnerId));
      await releaseLogo(tx, partnerId, partner?.logoFileId ?? null);
      await recordAudit(tx, ctx.actor(partnerId), {
        action: 'partner.logo.set',
        entity: 'partner',
        entityId: partnerId,
        data: { fileId: stored.id, previous: partner?.logoFileId ?? null, bytes: size, format },
      });
      return readShopProfile(tx, partnerId, ctx.auth?.admin != null);
    });
  });
}

export async function removePartnerLogo(ctx: RequestContext): Promise<ShopProfile> {
  const { partnerId } = await ctx.require('partner', 'update');
  return ctx.db.transaction(async (tx) => {
    const [partner] = await tx
      .select({ logoFileId: partners.logoFileId })
      .from(partners)
      .where(eq(partners.id, partnerId))
      .for('update');
    if (partner?.logoFileId) {
      await tx.update(partners).set({ logoFileId: null, updated: new Date() }).where(eq(partners.id, partnerId));
      await releaseLogo(tx, partnerId, partner.logoFileId);
      await recordAudit(tx, ctx.actor(partnerId), {
        action: 'partner.logo.remove',
        entity: 'partner',
        entityId: partnerId,
        data: { fileId: partner.logoFileId },
      });
    }
    return readShopProfile(tx, partnerId, ctx.auth?.admin != null);
  });
}
