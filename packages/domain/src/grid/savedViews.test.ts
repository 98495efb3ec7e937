import { describe, expect, it } from 'vitest';
import { isSavedViewNameTaken, SAVED_VIEW_NAME_MAX, savedViewInputSchema } from './savedViews';

const state = { filters: [{ field: 'shopId', operator: 'EQUAL', value: 'CZ10MA' }] };

describe('saved views', () => {
  it('needs a name of 1 to 60 characters, trimmed', () => {
    expect(savedViewInputSchema.safeParse({ gridId: 'orders', name: '  ', state }).success).toBe(false);
    expect(
      savedViewInputSchema.safeParse({ gridId: 'orders', name: 'x'.repeat(SAVED_VIEW_NAME_MAX), state }).success,
    ).toBe(true);
    expect(
      savedViewInputSchema.safeParse({ gridId: 'orders', name: 'x'.repeat(SAVED_VIEW_NAME_MAX + 1), state }).success,
    ).toBe(false);
    expect(savedViewInputSchema.parse({ gridId: 'orders', name: ' Czech shops ', state }).name).toBe('Czech shops');
  });

  it('accepts only grid ids that name a list, and valid filters', () => {
    expect(savedViewInputSchema.safeParse({ gridId: 'Orders; drop', name: 'a', state }).success).toBe(false);
    expect(
      savedViewInputSchema.safeParse({
        gridId: 'orders',
        name: 'a',
        state: { filters: [{ field: 'x', operator: 'LIKE' }] },
      }).success,
    ).toBe(false);
  });

  it('treats names that differ only in case or spaces as the same', () => {
    expect(isSavedViewNameTaken(' czech SHOPS', [{ name: 'Czech shops' }])).toBe(true);
    expect(isSavedViewNameTaken('Slovak shops', [{ name: 'Czech shops' }])).toBe(false);
  });

  it('refuses control characters in the name, the search and the filters with invalidCharacters', () => {
    const rules = (input: object) =>
      savedViewInputSchema
        .safeParse({ gridId: 'orders', name: 'a', state, ...input })
        .error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(rules({ name: 'Czech\u0000shops' })).toEqual([['name', 'invalidCharacters']]);
    expect(rules({ state: { search: 'a\u0000' } })).toEqual([['state.search', 'invalidCharacters']]);
    expect(rules({ state: { filters: [{ field: 'shopId', operator: 'EQUAL', value: 'CZ\u0000' }] } })).toEqual([
      ['state.filters.0.value', 'invalidCharacters'],
    ]);
    expect(rules({ name: 'Czech shops ~|%' })).toBeUndefined();
  });
});
