import { describe, expect, it } from 'vitest';
import { BROADCAST_MAX_LENGTH, broadcastSchema } from './broadcast';

describe('broadcast', () => {
  it('needs some text, trimmed, and at most 500 characters', () => {
    expect(broadcastSchema.safeParse({ message: '   ' }).success).toBe(false);
    expect(broadcastSchema.parse({ message: '  Maintenance tonight  ' })).toEqual({
      message: 'Maintenance tonight',
      markets: null,
    });
    expect(broadcastSchema.safeParse({ message: 'x'.repeat(BROADCAST_MAX_LENGTH) }).success).toBe(true);
    expect(broadcastSchema.safeParse({ message: 'x'.repeat(BROADCAST_MAX_LENGTH + 1) }).success).toBe(false);
  });
});

describe('broadcast markets', () => {
  it('means everybody when none are chosen', () => {
    expect(broadcastSchema.parse({ message: 'Hi' }).markets).toBeNull();
    expect(broadcastSchema.parse({ message: 'Hi', markets: [] }).markets).toBeNull();
    expect(broadcastSchema.parse({ message: 'Hi', markets: null }).markets).toBeNull();
  });

  it('accepts known markets, each once', () => {
    expect(broadcastSchema.parse({ message: 'Hi', markets: ['CZ10MA', 'SK10MA'] }).markets).toEqual([
      'CZ10MA',
      'SK10MA',
    ]);
    expect(broadcastSchema.safeParse({ message: 'Hi', markets: ['XX10MA'] }).success).toBe(false);
    expect(broadcastSchema.safeParse({ message: 'Hi', markets: ['CZ10MA', 'CZ10MA'] }).success).toBe(false);
  });
});
