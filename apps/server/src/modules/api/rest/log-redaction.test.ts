import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../../platform/log';

describe('the v1 client id in the log', () => {
  it('never appears: it is the key itself', () => {
    const logged = redactUrl('/v1/orders?status=in:open&client_id=demo-partner-api-client-id-cz10ma');
    expect(logged).not.toContain('demo-partner-api-client-id-cz10ma');
    expect(logged).toBe('/v1/orders?status=in:open&client_id=[redacted]');
    expect(redactUrl('/v1/brands?CLIENT%5FID=abc')).not.toContain('abc');
  });
});
