import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { DomainError, type ErrorCode, type FieldIssue, IMAGE_RULES, imageIssue } from '@pp/domain';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Platform, RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { cleanFileName, fileStorageOf, publicMediaPath, storeFile } from '../../platform/files';
import { storedFiles } from '../../platform/files/tables';
import { runImageWork } from '../../platform/uploads/image-work';
import { type UploadBody, withSpooledUpload } from '../../platform/uploads/spool';

/**
 * What the upload accepts on the wire: twice the image limit, so a file a little too heavy is still read
 * whole and answered IMAGE_TOO_LARGE with its real size, while a huge one is cut off early.
 */
export const UPLOAD_TRANSPORT_MAX_BYTES = 3 * 1024 * 1024;
export const THUMB_PX = 300;

const CONTENT_TYPES: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };

export interface UploadedImage {
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
  fileName: string;
}

/** The thumbnail's file id, derived from its image's: a saved product finds it without a lookup table. */
export function thumbIdOf(imageId: string): string {
  const h = createHash('sha256').update(`product-thumb:${imageId}`).digest('hex');
  // Shaped as a version-4-like uuid so the column and the public route take it like any other id.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const MEDIA_PATH = /^\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The stored file an image URL names when it is one of the portal's own (`/media/{id}`), else null. */
export function mediaFileIdOf(url: string): string | null {
  return MEDIA_PATH.exec(url)?.[1] ?? null;
}

/** Unsupported formats are a wrong type; a known format that does not decode is a broken file. */
function decodeRefusal(error: unknown): ErrorCode {
  return /unsupported image format/i.test(String((error as Error)?.message))
    ? 'IMAGE_TYPE_NOT_ALLOWED'
    : 'IMAGE_UNREADABLE';
}

/** A product image judged by its decoded content and stored with its thumbnail as public files of the partner. */
export interface StoredProductImage {
  fileId: string;
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
  fileName: string;
  format: string;
}

/**
 * Judges a spooled picture by decoding it (never by its name or declared type), in a decode slot of the
 * partner (image-work.ts), with the spec's rules for product images, and stores it with a thumbnail. The
 * seller's upload and an image fetched from the seller's URL both come through here. Stored with the usual
 * lifetime: whatever first uses the picture keeps it (keepStoredFiles).
 */
export async function storeProductImage(
  platform: Platform,
  partnerId: number,
  spool: { path: string; bytes: number; fileName: string },
): Promise<StoredProductImage> {
  const { path, bytes } = spool;
  if (bytes === 0) throw new DomainError('IMAGE_UNREADABLE');
  const { format, width, height, thumb } = await runImageWork(partnerId, async () => {
    // Header only: a picture too big in pixels is refused before anything would allocate its pixels.
    const meta = await sharp(path)
      .metadata()
      .catch((error) => {
        throw new DomainError(decodeRefusal(error));
      });
    const format = meta.format ?? '';
    const width = meta.width ?? 0;
    // An animated GIF reports the height of all its frames; a frame is what the marketplace shows.
    const height = meta.pageHeight ?? meta.height ?? 0;
    const issue = imageIssue({ format, width, height, bytes });
    if (issue) throw new DomainError(issue);
    // A full decode (the thumbnail) also catches a file cut off after a valid header.
    const thumb = await sharp(path, { failOn: 'truncated', limitInputPixels: IMAGE_RULES.maxPx ** 2 })
      .rotate()
      .resize(THUMB_PX, THUMB_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer()
      .catch(() => {
        throw new DomainError('IMAGE_UNREADABLE');
      });
    return { format, width, height, thumb };
  });
  const fileName = cleanFileName(spool.fileName || `image.${format}`);
  const image = await storeFile(platform, {
    partnerId,
    accountId: null,
    kind: 'product-image',
    fileName,
    contentType: CONTENT_TYPES[format] ?? 'application/octet-stream',
    body: createReadStream(path),
  });
  const thumbFile = await storeFile(platform, {
    partnerId,
    accountId: null,
    kind: 'product-thumb',
    fileName: `${fileName.replace(/\.[^.]*$/, '')}-thumb.webp`,
    contentType: 'image/webp',
    body: thumb,
    id: thumbIdOf(image.id),
  });
  return {
    fileId: image.id,
    url: publicMediaPath(image.id),
    thumbUrl: publicMediaPath(thumbFile.id),
    width,
    height,
    fileName,
    format,
  };
}

/** The seller's upload of a product image (POST /media/upload, POST /upload): spooled, judged, stored. */
export async function uploadProductImage(
  ctx: RequestContext,
  upload: { body: UploadBody; fileName: string },
): Promise<UploadedImage> {
  const { partnerId } = await ctx.require('products', 'update');
  const limit = { maxBytes: UPLOAD_TRANSPORT_MAX_BYTES, tooLarge: 'IMAGE_TOO_LARGE' } as const;
  return withSpooledUpload(ctx.platform, upload.body, limit, async (path, bytes) => {
    const image = await storeProductImage(ctx.platform, partnerId, { path, bytes, fileName: upload.fileName });
    const accountId = ctx.auth?.account.id ?? null;
    ctx.log.info({ partnerId, accountId, fileId: image.fileId, bytes }, 'product image uploaded');
    return {
      url: image.url,
      thumbUrl: image.thumbUrl,
      width: image.width,
      height: image.height,
      fileName: image.fileName,
    };
  });
}

export interface SavedMediaFacts {
  fileId: string | null;
  thumbUrl: string | null;
  width: number | null;
  height: number | null;
}

/**
 * What the saved media rows carry for each URL: the portal's own images must be uploads of this partner
 * (anything else is a field issue at `media.<i>.url`); other http(s) URLs are kept as given, without a
 * thumbnail. Dimensions of known files come from the product's previous rows or from the image's header.
 */
export async function resolveMedia(
  db: DbOrTx,
  partnerId: number,
  urls: string[],
  previous: Map<string, { width: number | null; height: number | null }>,
  readDimensions: (fileId: string) => Promise<{ width: number; height: number } | null>,
): Promise<{ facts: SavedMediaFacts[]; issues: FieldIssue[] }> {
  const ids = [...new Set(urls.map(mediaFileIdOf).filter((id): id is string => id !== null))];
  const owned = new Set<string>();
  if (ids.length) {
    const rows = await db
      .select({ id: storedFiles.id })
      .from(storedFiles)
      .where(
        and(eq(storedFiles.partnerId, partnerId), inArray(storedFiles.id, ids), eq(storedFiles.kind, 'product-image')),
      );
    for (const row of rows) owned.add(row.id);
  }
  const facts: SavedMediaFacts[] = [];
  const issues: FieldIssue[] = [];
  for (const [i, url] of urls.entries()) {
    const fileId = mediaFileIdOf(url);
    if (fileId === null) {
      if (!/^https?:\/\//i.test(url)) issues.push({ field: `media.${i}.url`, rule: 'url' });
      facts.push({ fileId: null, thumbUrl: null, width: null, height: null });
      continue;
    }
    if (!owned.has(fileId)) {
      issues.push({ field: `media.${i}.url`, rule: 'invalid' });
      facts.push({ fileId: null, thumbUrl: null, width: null, height: null });
      continue;
    }
    const known = previous.get(url) ?? (await readDimensions(fileId));
    facts.push({
      fileId,
      thumbUrl: publicMediaPath(thumbIdOf(fileId)),
      width: known?.width ?? null,
      height: known?.height ?? null,
    });
  }
  return { facts, issues };
}

/** The pixel size of a stored image of the partner, read from its header (null when it cannot be read). */
export async function storedImageDimensions(
  ctx: RequestContext,
  partnerId: number,
  fileId: string,
): Promise<{ width: number; height: number } | null> {
  const [file] = await ctx.db
    .select({ storageKey: storedFiles.storageKey })
    .from(storedFiles)
    .where(and(eq(storedFiles.partnerId, partnerId), eq(storedFiles.id, fileId)));
  if (!file) return null;
  try {
    const body = await fileStorageOf(ctx.platform).get(file.storageKey);
    const reader = sharp();
    body.pipe(reader);
    const meta = await reader.metadata();
    body.destroy();
    return meta.width && meta.height ? { width: meta.width, height: meta.pageHeight ?? meta.height } : null;
  } catch {
    return null;
  }
}
