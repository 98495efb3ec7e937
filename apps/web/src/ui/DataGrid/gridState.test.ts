import { GRID_SETTINGS_VERSION, type GridSettings } from '@pp/domain';
import { describe, expect, it } from 'vitest';
import { parsePlainSearch, stringifyPlainSearch } from '../../app/searchParams';
import { STORAGE_KEYS } from '../../app/storage';
import { draftToFilter } from './FilterPanel';
import {
  buildGridRequest,
  defaultPerPage,
  INITIAL_SORT,
  loadGridSettings,
  moveColumn,
  readGridUrlState,
  saveGridSettings,
  toggleColumn,
  toggleSort,
  writeGridUrlState,
} from './gridState';

describe('grid state in the URL', () => {
  const state = {
    filters: [
      { field: 'partnerName', operator: 'LIKE' as const, value: 'a~b|c & d' },
      { field: 'shopId', operator: 'IN' as const, values: ['CZ10MA', 'SK10MA'] },
      { field: 'kam', operator: 'EMPTY' as const },
    ],
    sort: { field: 'created', direction: 'ASCENDING' as const },
    page: 3,
    search: 'shop',
  };

  it('survives a trip through the address bar', () => {
    const url = stringifyPlainSearch(writeGridUrlState({ tab: 'x' }, state, { defaultSort: INITIAL_SORT }));
    expect(url).toContain('f=');
    expect(url).toContain('sort=created%7EASCENDING');
    const back = parsePlainSearch(url);
    expect(back.tab).toBe('x');
    expect(readGridUrlState(back)).toEqual(state);
  });

  it('keeps clean URLs clean: defaults are left out', () => {
    const search = writeGridUrlState(
      {},
      { filters: [], sort: INITIAL_SORT, page: 1, search: '' },
      { defaultSort: INITIAL_SORT },
    );
    expect(stringifyPlainSearch(search)).toBe('');
    expect(readGridUrlState({})).toEqual({ filters: [], sort: null, page: 1, search: '' });
  });

  it('ignores broken parameters instead of failing', () => {
    const parsed = readGridUrlState({ f: ['nope', 'x~BOGUS~1', 'rating~GREATER_THAN~4'], page: '-2', sort: 'x~UP' });
    expect(parsed.filters).toEqual([{ field: 'rating', operator: 'GREATER_THAN', value: '4' }]);
    expect(parsed.page).toBe(1);
    expect(parsed.sort).toBeNull();
  });

  it('keeps two grids on one page apart with a prefix', () => {
    const search = writeGridUrlState({}, { ...state, page: 2 }, { prefix: 'a.' });
    expect(Object.keys(search).every((k) => k.startsWith('a.'))).toBe(true);
    expect(readGridUrlState(search, 'a.').page).toBe(2);
    expect(readGridUrlState(search).page).toBe(1);
  });

  it('sorts a new column ascending and flips the same one', () => {
    expect(toggleSort(INITIAL_SORT, 'name')).toEqual({ field: 'name', direction: 'ASCENDING' });
    expect(toggleSort({ field: 'name', direction: 'ASCENDING' }, 'name').direction).toBe('DESCENDING');
    expect(toggleSort({ field: 'name', direction: 'DESCENDING' }, 'name').direction).toBe('ASCENDING');
  });

  it('sends permanent filters with the user’s and the initial sort id descending', () => {
    const request = buildGridRequest(
      { filters: [{ field: 'kam', operator: 'EQUAL', value: 'Eva' }], sort: null, page: 1, search: '' },
      {
        permanentFilters: [{ field: 'status', operator: 'EQUAL', value: 'open' }],
        perPage: 50,
        initialSort: INITIAL_SORT,
      },
    );
    expect(request.filters.map((f) => f.field)).toEqual(['status', 'kam']);
    expect(request.sort).toEqual({ field: 'id', direction: 'DESCENDING' });
    expect(request.search).toBeNull();
  });

  it('turns filter drafts into valid filters only', () => {
    expect(draftToFilter({ field: 'kam', operator: 'LIKE', value: ' Eva ', values: [] })).toEqual({
      field: 'kam',
      operator: 'LIKE',
      value: 'Eva',
    });
    expect(draftToFilter({ field: 'kam', operator: 'LIKE', value: '', values: [] })).toBeNull();
    expect(draftToFilter({ field: 'created', operator: 'BETWEEN', value: '', values: ['2026-01-01'] })).toBeNull();
    expect(draftToFilter({ field: 'kam', operator: 'NEMPTY', value: '', values: [] })).toEqual({
      field: 'kam',
      operator: 'NEMPTY',
    });
  });
});

describe('grid settings in local storage', () => {
  const all = ['id', 'name', 'shop', 'created'];
  const defaults: GridSettings = { version: GRID_SETTINGS_VERSION, columns: ['id', 'name', 'shop'], perPage: 50 };

  it('starts from the defaults', () => {
    expect(loadGridSettings('partners', all, defaults)).toEqual(defaults);
    expect(defaultPerPage()).toBe(50);
  });

  it('keeps chosen columns, their order and the page size under the grid id, with version 1.0.1', () => {
    saveGridSettings('partners', { columns: ['shop', 'id'], perPage: 100 });
    const raw = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.gridSettings('partners'))!);
    expect(raw).toEqual({ version: '1.0.1', columns: ['shop', 'id'], perPage: 100 });
    expect(loadGridSettings('partners', all, defaults)).toEqual(raw);
    expect(loadGridSettings('other', all, defaults)).toEqual(defaults);
    // The last page size chosen anywhere seeds grids not tuned yet.
    expect(defaultPerPage()).toBe(100);
  });

  it('discards settings of another version and unknown columns', () => {
    window.localStorage.setItem(
      STORAGE_KEYS.gridSettings('partners'),
      JSON.stringify({ version: '1.0.0', columns: ['shop'], perPage: 10 }),
    );
    expect(loadGridSettings('partners', all, defaults)).toEqual(defaults);
    window.localStorage.setItem(
      STORAGE_KEYS.gridSettings('partners'),
      JSON.stringify({ version: '1.0.1', columns: ['gone', 'name'], perPage: 7 }),
    );
    expect(loadGridSettings('partners', all, defaults)).toEqual({ ...defaults, columns: ['name'] });
    window.localStorage.setItem(STORAGE_KEYS.gridSettings('partners'), '{not json');
    expect(loadGridSettings('partners', all, defaults)).toEqual(defaults);
  });

  it('moves and toggles columns, never hiding the last one', () => {
    expect(moveColumn(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moveColumn(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(toggleColumn(['id', 'shop'], 'name', all)).toEqual(['id', 'name', 'shop']);
    expect(toggleColumn(['id', 'shop'], 'shop', all)).toEqual(['id']);
    expect(toggleColumn(['id'], 'id', all)).toEqual(['id']);
  });
});
