import { describe, expect, it } from 'vitest';
import { SAVED_VIEW_COLUMN_NAME_MAX, SAVED_VIEW_COLUMNS_MAX, savedViewStateSchema } from './savedViews';

describe("a saved view's columns", () => {
  it('are optional, and keep their order', () => {
    expect(savedViewStateSchema.parse({ filters: [] }).columns).toBeUndefined();
    expect(savedViewStateSchema.parse({ columns: ['rating', 'sapId', 'partnerName'] }).columns).toEqual([
      'rating',
      'sapId',
      'partnerName',
    ]);
  });

  it('are names of 1 to 64 characters', () => {
    expect(savedViewStateSchema.safeParse({ columns: ['x'.repeat(SAVED_VIEW_COLUMN_NAME_MAX)] }).success).toBe(true);
    expect(savedViewStateSchema.safeParse({ columns: ['x'.repeat(SAVED_VIEW_COLUMN_NAME_MAX + 1)] }).success).toBe(
      false,
    );
    expect(savedViewStateSchema.safeParse({ columns: [''] }).success).toBe(false);
    expect(savedViewStateSchema.safeParse({ columns: ['name\u0000'] }).success).toBe(false);
    expect(savedViewStateSchema.safeParse({ columns: ['a b'] }).success).toBe(false);
  });

  it('are at most 100', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`);
    expect(savedViewStateSchema.safeParse({ columns: many(SAVED_VIEW_COLUMNS_MAX) }).success).toBe(true);
    expect(savedViewStateSchema.safeParse({ columns: many(SAVED_VIEW_COLUMNS_MAX + 1) }).success).toBe(false);
  });
});
