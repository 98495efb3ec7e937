import type { ErrorCode, FieldIssue } from '../errors/codes';

export const IMAGE_RULES = {
  formats: ['jpeg', 'gif', 'png'],
  maxPx: 2000,
  maxBytes: 1_572_864,
  recommended: { width: 1280, height: 1024 },
} as const;

/** Why a decoded product image is refused (spec §5), checked in the order the messages are most useful. */
export function imageIssue(meta: { format: string; width: number; height: number; bytes: number }): ErrorCode | null {
  const format = meta.format.toLowerCase() === 'jpg' ? 'jpeg' : meta.format.toLowerCase();
  if (!(IMAGE_RULES.formats as readonly string[]).includes(format)) return 'IMAGE_TYPE_NOT_ALLOWED';
  if (meta.width > IMAGE_RULES.maxPx) return 'IMAGE_TOO_WIDE';
  if (meta.height > IMAGE_RULES.maxPx) return 'IMAGE_TOO_HIGH';
  if (meta.bytes > IMAGE_RULES.maxBytes) return 'IMAGE_TOO_LARGE';
  return null;
}

export interface MediaInput {
  url: string;
  main: boolean;
  excluded?: boolean;
  energyLabel?: boolean;
  informationList?: boolean;
}

/** The media a save keeps: the ones the seller excluded are dropped (spec §5 "excluded media dropped"). */
export function mediaToSave(media: MediaInput[]): MediaInput[] {
  return media.filter((m) => !m.excluded);
}

/**
 * The problems of a product's media once excluded items are left out: exactly one main image, and no other
 * image repeating the main one's address. Issue paths use the index in the list as sent, which is the
 * list the form shows.
 */
export function mediaIssues(media: MediaInput[]): FieldIssue[] {
  const kept = media.map((m, index) => ({ m, index })).filter(({ m }) => !m.excluded);
  const mains = kept.filter(({ m }) => m.main);
  const main = mains[0];
  if (mains.length !== 1 || !main) return [{ field: 'media', rule: 'mainImageRequired' }];
  const mainUrl = main.m.url.trim();
  return kept
    .filter(({ m }) => !m.main && m.url.trim() === mainUrl)
    .map(({ index }) => ({ field: `media.${index}.url`, rule: 'imageDuplicatesMain' }));
}
