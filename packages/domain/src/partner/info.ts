import { z } from 'zod';
import type { ErrorCode } from '../errors/codes';
import { shopNameSchema } from '../registration/schema';

/**
 * The shop profile of the partner info tab. Everything but the public title is the marketplace's (mall
 * name, SAP id, rating, shop, provider are set by operators or by onboarding): a seller sets only the
 * public shop name, and only while it has none (spec §5 "publicTitle: unique name and cannot be changed").
 */
export const publicTitleSchema = shopNameSchema;

export const shopProfileSchema = z.object({ publicTitle: publicTitleSchema });
export type ShopProfileInput = z.infer<typeof shopProfileSchema>;

/**
 * Whether the public title may be set: a partner without one sets it once; after that only an operator
 * (signed in as the partner) may change it, e.g. after a trademark dispute.
 */
export function publicTitleRefusal(current: string | null, byOperator: boolean): ErrorCode | null {
  if (current === null || current.trim() === '' || byOperator) return null;
  return 'PUBLIC_TITLE_FIXED';
}

/**
 * The shop logo shown on the marketplace's shop page: PNG, JPEG or WebP, square-ish sizes from a small
 * badge to a print-quality file. Smaller than 64 px is unreadable on the page, larger than 4000 px or
 * 5 MB is a photo, not a logo.
 */
export const PARTNER_LOGO = {
  formats: ['png', 'jpeg', 'webp'],
  minPx: 64,
  maxPx: 4000,
  maxBytes: 5 * 1024 * 1024,
} as const;

/** Why a decoded logo is refused, or null. */
export function partnerLogoIssue(meta: {
  format: string;
  width: number;
  height: number;
  bytes: number;
}): ErrorCode | null {
  const format = meta.format.toLowerCase() === 'jpg' ? 'jpeg' : meta.format.toLowerCase();
  if (!(PARTNER_LOGO.formats as readonly string[]).includes(format)) return 'PARTNER_LOGO_TYPE';
  if (meta.bytes > PARTNER_LOGO.maxBytes) return 'PARTNER_LOGO_TOO_LARGE';
  const sides = [meta.width, meta.height];
  if (sides.some((px) => px < PARTNER_LOGO.minPx || px > PARTNER_LOGO.maxPx)) return 'PARTNER_LOGO_DIMENSIONS';
  return null;
}
