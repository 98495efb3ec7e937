import { describe, expect, it } from 'vitest';
import { BROADCAST_MAX_LENGTH, broadcastSchema } from './broadcast';

describe('broadcast', () => {
  it('needs some text, trimmed, and at most 500 characters', () => {
    expect(broadcastSchema.safeParse({ message: '   ' }).success).toBe(false);
    expect(broadcastSchema.parse({ message: '  Maintenance tonight  ' })).toEqual({ message: 'Maintenance tonight' });
    expect(broadcastSchema.safeParse({ message: 'x'.repeat(BROADCAST_MAX_LENGTH) }).success).toBe(true);
    expect(broadcastSchema.safeParse({ message: 'x'.repeat(BROADCAST_MAX_LENGTH + 1) }).success).toBe(false);
  });
});
