import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as hashes: a leaked table opens no session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The hash part of a remote-login link binds its token to one partner and one administrator. */
export function remoteLoginHash(secret: string, token: string, partnerId: number, adminAccountId: number): string {
  return createHmac('sha256', secret).update(`${token}.${partnerId}.${adminAccountId}`).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
