import { createReadStream } from 'node:fs';
import { extname } from 'node:path';
import { BRAND_LOGO, brandLogoIssue, DomainError } from '@pp/domain';
import sharp, { type Metadata } from 'sharp';
import type { RequestContext } from '../../platform/context';
import { publicMediaPath, storeFile } from '../../platform/files';
import { runImageWork } from '../../platform/uploads/image-work';
import { type UploadBody, withSpooledUpload } from '../../platform/uploads/spool';

/** The stored-file kind of brand logos: public (served at /media/{id}) and kept without expiry. */
export const LOGO_FILE_KIND = 'brand-logo';

/**
 * What the transport accepts before cutting the upload off: above the rule's 1.5 MB, so a file a little
 * too large is measured and refused with the rule's message rather than simply cut.
 */
export const LOGO_TRANSPORT_MAX_BYTES = 2 * 1024 * 1024;

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg' };
const EXTENSIONS: Record<string, string> = { png: '.png', jpeg: '.jpg' };

export interface UploadedLogo {
  fileId: string;
  url: string;
  width: number;
  height: number;
}

/**
 * The header says what the file claims to be; only a full decode proves it is that picture (a PNG cut in
 * half has a header too). The size is checked from the header first, so a huge canvas is never decoded.
 */
async function inspect(path: string): Promise<{ format: string; width: number; height: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(path).metadata();
  } catch {
    throw new DomainError('BRAND_LOGO_TYPE');
  }
  const format = String(meta.format ?? '') === 'jpg' ? 'jpeg' : String(meta.format ?? '');
  return { format, width: meta.width ?? 0, height: meta.height ?? 0 };
}

async function decodes(path: string): Promise<boolean> {
  try {
    await sharp(path, { failOn: 'truncated', limitInputPixels: BRAND_LOGO.maxPx ** 2 }).stats();
    return true;
  } catch {
    return false;
  }
}

/**
 * A brand logo for a request (POST /medias/brand/images): spooled to disk, decoded with sharp, checked by
 * the domain's rule (PNG or JPEG, 100–2000 px each side, 1.5 MB) and stored as a public kept file.
 */
export async function uploadBrandLogo(
  ctx: RequestContext,
  upload: { body: UploadBody; fileName: string },
): Promise<UploadedLogo> {
  const { partnerId } = await ctx.require('brands', 'create');
  const limit = { maxBytes: LOGO_TRANSPORT_MAX_BYTES, tooLarge: 'BRAND_LOGO_TOO_LARGE' } as const;
  return withSpooledUpload(ctx.platform, upload.body, limit, async (path, size) => {
    // Header, rule, then the full decode, in one decode slot of the partner.
    const meta = await runImageWork(partnerId, async () => {
      const meta = await inspect(path);
      const issue = brandLogoIssue({ ...meta, bytes: size });
      if (issue) throw new DomainError(issue);
      if (!(await decodes(path))) throw new DomainError('BRAND_LOGO_TYPE');
      return meta;
    });
    // The name is the person's, the extension the picture's: a GIF sent as .png never reaches here, and a
    // PNG sent as .jpg is stored as .png.
    const base = upload.fileName.slice(0, upload.fileName.length - extname(upload.fileName).length) || 'logo';
    const stored = await storeFile(ctx.platform, {
      partnerId,
      accountId: null,
      kind: LOGO_FILE_KIND,
      fileName: `${base}${EXTENSIONS[meta.format]}`,
      contentType: CONTENT_TYPES[meta.format]!,
      body: createReadStream(path),
    });
    return { fileId: stored.id, url: publicMediaPath(stored.id), width: meta.width, height: meta.height };
  });
}
