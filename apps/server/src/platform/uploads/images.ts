import sharp, { type Metadata } from 'sharp';
import { runImageWork } from './image-work';

/**
 * A scanned A4 page at 600 dpi is 35 megapixels, a phone's full-resolution photo 48: more is no document
 * or screenshot, and its decode would cost hundreds of megabytes. Refused from the header, never decoded.
 */
export const UPLOAD_IMAGE_MAX_PIXELS = 50_000_000;
/** The decode that proves a picture whole only needs a thumbnail's worth of pixels kept. */
const CHECK_PX = 64;

export type PictureFormat = 'png' | 'jpeg' | 'webp';
export type PictureVerdict = { format: PictureFormat; width: number; height: number } | { refused: 'type' | 'pixels' };

/**
 * A PNG, JPEG or WebP picture judged in a decode slot of its partner: the header says what it claims and how
 * many pixels it has (too many: refused before any pixel is allocated), then one decode to the end proves it
 * (a PNG cut in half has a header too). The decode shrinks on load (JPEG and WebP scale while decoding, PNG
 * streams row by row), so it keeps a few kilobytes, not the whole canvas.
 */
export function judgePicture(path: string, partnerId: number): Promise<PictureVerdict> {
  return runImageWork(partnerId, async (): Promise<PictureVerdict> => {
    let meta: Metadata;
    try {
      meta = await sharp(path).metadata();
    } catch {
      return { refused: 'type' };
    }
    const format = String(meta.format ?? '') === 'jpg' ? 'jpeg' : String(meta.format ?? '');
    if (format !== 'png' && format !== 'jpeg' && format !== 'webp') return { refused: 'type' };
    const width = meta.width ?? 0;
    // An animated picture reports all its frames' height; one frame is decoded.
    const height = meta.pageHeight ?? meta.height ?? 0;
    if (width * height > UPLOAD_IMAGE_MAX_PIXELS) return { refused: 'pixels' };
    try {
      await sharp(path, { failOn: 'truncated', limitInputPixels: UPLOAD_IMAGE_MAX_PIXELS, sequentialRead: true })
        .resize(CHECK_PX, CHECK_PX, { fit: 'inside' })
        .raw()
        .toBuffer();
    } catch {
      return { refused: 'type' };
    }
    return { format, width, height };
  });
}
