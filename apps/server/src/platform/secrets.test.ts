import { describe, expect, it } from 'vitest';
import { secretBox } from './secrets';

const box = secretBox({ remoteLoginSecret: 'test-remote-login-secret-0123456789' });

describe('the secret box', () => {
  it('opens what it sealed, for the same context only', () => {
    const sealed = box.seal('pa$$ wörd', 'feed-basic-auth:1:MALL:PRODUCTS');
    expect(sealed).not.toContain('pa$$');
    expect(box.open(sealed, 'feed-basic-auth:1:MALL:PRODUCTS')).toBe('pa$$ wörd');
    expect(box.open(sealed, 'feed-basic-auth:2:MALL:PRODUCTS')).toBeNull();
    // Sealed twice, two different texts (a fresh nonce each time).
    expect(box.seal('same', 'c')).not.toBe(box.seal('same', 'c'));
  });

  it('answers null for a value sealed under another secret, altered, or cut short', () => {
    const sealed = box.seal('secret', 'c');
    const other = secretBox({ remoteLoginSecret: 'another-remote-login-secret-012345678' });
    expect(other.open(sealed, 'c')).toBeNull();
    const [version, id, iv, body, tag] = sealed.split('.');
    const flipped = body!.startsWith('A') ? `B${body!.slice(1)}` : `A${body!.slice(1)}`;
    expect(box.open([version, id, iv, flipped, tag].join('.'), 'c')).toBeNull();
    expect(box.open([version, id, iv, body, tag!.slice(0, 8)].join('.'), 'c')).toBeNull();
    expect(box.open('v1.garbage', 'c')).toBeNull();
    expect(box.open('', 'c')).toBeNull();
  });
});
