import { describe, expect, it } from 'vitest';
import type { SavedView } from './operations';
import { viewMatches, viewState } from './SavedViews';

const view = (over: Partial<SavedView> = {}): SavedView => ({
  id: '1',
  name: 'Slovak shops',
  filters: [{ field: 'shopId', operator: 'EQUAL', value: 'SK10MA', values: null }],
  sort: { field: 'created', direction: 'DESCENDING' },
  search: null,
  columns: ['partnerName', 'shopId'],
  ...over,
});

describe('a saved view as grid state', () => {
  it('brings its columns in their order, without columns the grid no longer has', () => {
    expect(viewState(view(), ['shopId', 'partnerName', 'rating']).columns).toEqual(['partnerName', 'shopId']);
    expect(viewState(view({ columns: ['gone', 'shopId'] }), ['shopId']).columns).toEqual(['shopId']);
  });

  it("keeps the user's columns when the view has none the grid knows", () => {
    expect(viewState(view({ columns: null }), ['shopId']).columns).toBeNull();
    expect(viewState(view({ columns: ['gone'] }), ['shopId']).columns).toBeNull();
  });
});

describe('the applied view', () => {
  const current = {
    filters: [{ field: 'shopId', operator: 'EQUAL' as const, value: 'SK10MA' }],
    sort: { field: 'created', direction: 'DESCENDING' as const },
    search: '',
    columns: ['partnerName', 'shopId'],
  };

  it('is shown while the grid shows what it saved', () => {
    expect(viewMatches(viewState(view()), current)).toBe(true);
    // A view without columns does not care which columns are shown.
    expect(viewMatches(viewState(view({ columns: null })), { ...current, columns: ['rating'] })).toBe(true);
  });

  it('is no longer shown once filters, sort, search or columns change', () => {
    const state = viewState(view());
    expect(viewMatches(state, { ...current, filters: [] })).toBe(false);
    expect(viewMatches(state, { ...current, sort: null })).toBe(false);
    expect(viewMatches(state, { ...current, search: 'x' })).toBe(false);
    expect(viewMatches(state, { ...current, columns: ['shopId', 'partnerName'] })).toBe(false);
  });
});
