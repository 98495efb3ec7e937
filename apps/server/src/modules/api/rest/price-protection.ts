import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { DomainError } from '@pp/domain';
import type { Config } from '../../../platform/config';
import type { RequestContext } from '../../../platform/context';

/**
 * The marketplace's price protection on v1 (issue 20 point 3): a save whose price moves by more than 30 %
 * answers PRICE_PROTECTION_ERROR with a force token, and the same request again with `?force_token=` goes
 * through. The rule and its confirmation are the catalogue's (products/price-confirm.ts): the save refuses
 * with the portal's confirmation token, which names the partner, the product and every changed price old →
 * new. The API's token wraps it:
 *
 *   `<expiry>.<the catalogue's token>.<signature>`
 *
 * signed with a key derived from the server's secret for this one use (as webhook secrets are), over the
 * partner, the product, the variant the call is about, the expiry and the catalogue's token. So it is
 * unforgeable, bound to the partner and the product or variant of the call, good for 15 minutes, and, through
 * the catalogue's token checked inside the save's transaction, only for exactly the change it was given for.
 */

export const FORCE_TOKEN_TTL_SECONDS = 15 * 60;

export interface ForceTokenScope {
  partnerId: number;
  productId: string;
  /** The variant the call is about, '' for the product's own calls. */
  variantId: string;
}

/** Why a given token was not taken: a stale one, a forged or mangled one, or one for another change. */
export type ForceTokenRefusal = 'expired' | 'invalid' | 'changed';

function keyOf(config: Pick<Config, 'remoteLoginSecret'>): Buffer {
  return Buffer.from(hkdfSync('sha256', config.remoteLoginSecret, '', 'api-v1-price-protection', 32));
}

function signature(key: Buffer, scope: ForceTokenScope, expiry: number, inner: string): string {
  return createHmac('sha256', key)
    .update(JSON.stringify([scope.partnerId, scope.productId, scope.variantId, expiry, inner]))
    .digest('base64url');
}

/** The API's force token around the catalogue's confirmation token, valid until `now` + 15 minutes. */
export function issueForceToken(
  config: Pick<Config, 'remoteLoginSecret'>,
  scope: ForceTokenScope,
  inner: string,
  now: Date = new Date(),
): string {
  const expiry = Math.floor(now.getTime() / 1000) + FORCE_TOKEN_TTL_SECONDS;
  return `${expiry}.${inner}.${signature(keyOf(config), scope, expiry, inner)}`;
}

/** The catalogue's token inside a force token of this scope, or why it is not taken. */
export function openForceToken(
  config: Pick<Config, 'remoteLoginSecret'>,
  scope: ForceTokenScope,
  token: string,
  now: Date = new Date(),
): { inner: string } | { refused: ForceTokenRefusal } {
  const parts = token.split('.');
  if (parts.length !== 3 || !/^\d{1,12}$/.test(parts[0]!)) return { refused: 'invalid' };
  const [expiryText, inner, given] = parts as [string, string, string];
  const expiry = Number(expiryText);
  const wanted = Buffer.from(signature(keyOf(config), scope, expiry, inner));
  const sent = Buffer.from(given);
  if (sent.length !== wanted.length || !timingSafeEqual(sent, wanted)) return { refused: 'invalid' };
  if (expiry * 1000 <= now.getTime()) return { refused: 'expired' };
  return { inner };
}

/** The longest force token taken from a query: anything longer is no token of ours. */
export const FORCE_TOKEN_MAX = 200;

/**
 * Runs a catalogue save under price protection: the force token, when given and valid, is handed to the
 * save as its confirmation; a save the catalogue refuses for the price comes out as PRICE_PROTECTION_ERROR
 * with a new token (`errorAttributes.forceToken`, `percent`, and `forceTokenRefused` when a token was
 * sent but not taken).
 */
export async function withPriceProtection<T>(
  ctx: RequestContext,
  scope: ForceTokenScope,
  forceToken: string | undefined,
  save: (confirmation: string | null) => Promise<T>,
): Promise<T> {
  const config = ctx.platform.config;
  const opened = forceToken ? openForceToken(config, scope, forceToken) : null;
  const confirmation = opened && 'inner' in opened ? opened.inner : null;
  try {
    return await save(confirmation);
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'MPAPI_PRICE_DIFFERENCE_VALIDATION') throw error;
    const inner = String(error.params.forceToken ?? '');
    const refused: ForceTokenRefusal | null = opened ? ('refused' in opened ? opened.refused : 'changed') : null;
    throw new DomainError('PRICE_PROTECTION_ERROR', {
      forceToken: issueForceToken(config, scope, inner),
      percent: Number(error.params.percent ?? 0),
      ...(refused ? { forceTokenRefused: refused } : {}),
    });
  }
}
