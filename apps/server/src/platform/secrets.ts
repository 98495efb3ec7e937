import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from './config';

/**
 * Secrets the server must give back to someone else later (a seller's feed password, sent to the seller's
 * own server as basic auth) are stored sealed with AES-256-GCM, never in clear. The key is derived (HKDF) from
 * the server's REMOTE_LOGIN_SECRET with a label of its own, so no new setting is needed and the remote-login
 * hashes never share a key with this. A sealed value carries the key's id: after the secret changed, `open`
 * answers null (the seller enters the password again) rather than garbage.
 *
 * `context` binds a sealed value to its place (e.g. the feed's partner, format and type): copied into
 * another row it does not open.
 */
export interface SecretBox {
  seal(plain: string, context: string): string;
  /** The plain text, or null when the value was sealed with another key, for another context, or altered. */
  open(sealed: string, context: string): string | null;
}

const VERSION = 'v1';

export function secretBox(config: Pick<Config, 'remoteLoginSecret'>): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', config.remoteLoginSecret, 'pp-secret-box', 'stored-secrets/v1', 32));
  const keyId = createHash('sha256').update(key).digest('base64url').slice(0, 8);
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, keyId, iv.toString('base64url'), body.toString('base64url'), tag.toString('base64url')].join(
        '.',
      );
    },
    open(sealed, context) {
      const [version, id, iv, body, tag] = sealed.split('.');
      if (version !== VERSION || id !== keyId || iv === undefined || body === undefined || tag === undefined) {
        return null;
      }
      // A shortened tag would weaken the check: only the full 16 bytes are accepted.
      if (Buffer.from(tag, 'base64url').length !== 16) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
