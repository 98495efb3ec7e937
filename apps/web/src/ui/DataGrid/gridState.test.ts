import { GRID_SETTINGS_VERSION, type GridSettings } from '@pp/domain';
import { describe, expect, it } from 'vitest';
import { parsePlainSearch, stringifyPlainSearch } from '../../app/searchParams';
import { STORAGE_KEYS } from '../../app/storage';
import { draftToFilter } from './FilterPanel';
import {
  buildGridRequest,
  cursorFor,
  defaultPerPage,
  emptySelection,
  gridIdentity,
  NO_CURSORS,
  pageSelectionState,
  rememberCursor,
  selectionFor,
  toggleRows,
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

  it('takes the columns a grid moved into the picker out of settings stored before, and keeps the rest', () => {
    const change = { revision: 1, retired: ['shop'] };
    const narrower: GridSettings = { ...defaults, columns: ['id', 'name'] };
    // Stored before the change: the old defaults, and a seller's own choice with an extra column.
    window.localStorage.setItem(
      STORAGE_KEYS.gridSettings('partners'),
      JSON.stringify({ version: '1.0.1', columns: ['id', 'name', 'shop'], perPage: 100 }),
    );
    expect(loadGridSettings('partners', all, narrower, change)).toEqual({ ...narrower, perPage: 100 });
    window.localStorage.setItem(
      STORAGE_KEYS.gridSettings('partners'),
      JSON.stringify({ version: '1.0.1', columns: ['shop', 'created', 'id'], perPage: 20 }),
    );
    expect(loadGridSettings('partners', all, narrower, change)).toEqual({
      ...narrower,
      columns: ['created', 'id'],
      perPage: 20,
    });
    // Only retired columns chosen: the new defaults rather than an empty grid.
    window.localStorage.setItem(
      STORAGE_KEYS.gridSettings('partners'),
      JSON.stringify({ version: '1.0.1', columns: ['shop'], perPage: 50 }),
    );
    expect(loadGridSettings('partners', all, narrower, change)).toEqual(narrower);
    // Chosen again after the change: saved with the revision, the column stays.
    saveGridSettings('partners', { columns: ['id', 'shop'], perPage: 50 }, change.revision);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.gridSettings('partners'))!)).toEqual({
      version: '1.0.1',
      columns: ['id', 'shop'],
      perPage: 50,
      revision: 1,
    });
    expect(loadGridSettings('partners', all, narrower, change).columns).toEqual(['id', 'shop']);
    // A grid without a revision reads the same settings as they are.
    expect(loadGridSettings('partners', all, narrower).columns).toEqual(['id', 'shop']);
  });

  it('moves and toggles columns, never hiding the last one', () => {
    expect(moveColumn(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moveColumn(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(toggleColumn(['id', 'shop'], 'name', all)).toEqual(['id', 'name', 'shop']);
    expect(toggleColumn(['id', 'shop'], 'shop', all)).toEqual(['id']);
    expect(toggleColumn(['id'], 'id', all)).toEqual(['id']);
  });
});

describe('keyset paging', () => {
  const base = { filters: [], sort: null, page: 1, search: '' };
  const options = { perPage: 50, initialSort: INITIAL_SORT };
  const list = gridIdentity(buildGridRequest(base, options));
  const filtered = gridIdentity(
    buildGridRequest({ ...base, filters: [{ field: 'status', operator: 'EQUAL', value: 'open' }] }, options),
  );

  it('goes to the next page from the cursor the previous one answered with', () => {
    let memory = rememberCursor(NO_CURSORS, list, 1, 'c2');
    expect(cursorFor(memory, list, 2)).toBe('c2');
    memory = rememberCursor(memory, list, 2, 'c3', { after: 'c2' });
    expect(cursorFor(memory, list, 3)).toBe('c3');
    // Back to a page seen before: its cursor is still good.
    expect(cursorFor(memory, list, 2)).toBe('c2');
    // Page 1 never needs one.
    expect(cursorFor(memory, list, 1)).toBeNull();
  });

  it('uses OFFSET for a page jumped to, and seeks again from there', () => {
    let memory = rememberCursor(NO_CURSORS, list, 1, 'c2');
    memory = rememberCursor(memory, list, 2, 'c3', { after: 'c2' });
    expect(cursorFor(memory, list, 7)).toBeNull();
    // Page 7 read by OFFSET: the old trail is dropped, a new one starts there.
    memory = rememberCursor(memory, list, 7, 'c8', { after: null });
    expect(memory.cursors).toEqual({ 8: 'c8' });
    expect(cursorFor(memory, list, 8)).toBe('c8');
    expect(cursorFor(memory, list, 2)).toBeNull();
  });

  it('forgets every cursor when filters, sort, search or page size change', () => {
    const memory = rememberCursor(NO_CURSORS, list, 1, 'c2');
    expect(cursorFor(memory, filtered, 2)).toBeNull();
    const sorted = gridIdentity(
      buildGridRequest({ ...base, sort: { field: 'total', direction: 'ASCENDING' } }, options),
    );
    const searched = gridIdentity(buildGridRequest({ ...base, search: 'Novák' }, options));
    const bigger = gridIdentity(buildGridRequest(base, { ...options, perPage: 100 }));
    for (const other of [sorted, searched, bigger]) expect(cursorFor(memory, other, 2)).toBeNull();
    // The page number alone does not change the list.
    expect(gridIdentity(buildGridRequest({ ...base, page: 4 }, options))).toBe(list);
    const moved = rememberCursor(memory, filtered, 1, 'f2');
    expect(moved.cursors).toEqual({ 2: 'f2' });
  });

  it('keeps nothing for the last page, and sends `after` only with a cursor', () => {
    expect(rememberCursor(NO_CURSORS, list, 3, null).cursors).toEqual({});
    expect('after' in buildGridRequest(base, options)).toBe(false);
    expect(buildGridRequest({ ...base, page: 2 }, { ...options, after: 'c2' })).toMatchObject({ page: 2, after: 'c2' });
  });
});

describe('row selection', () => {
  const rows = ['1', '2', '3'].map((key) => ({ key, row: { id: key } }));

  it('picks a whole page, some rows or none, and keeps rows picked on other pages', () => {
    let selection = toggleRows(emptySelection<{ id: string }>('list'), rows, true);
    expect(pageSelectionState(selection, ['1', '2', '3'])).toBe('all');
    selection = toggleRows(selection, [rows[1]!], false);
    expect(pageSelectionState(selection, ['1', '2', '3'])).toBe('some');
    // The next page: nothing of it picked, but the first page's rows stay.
    expect(pageSelectionState(selection, ['4', '5'])).toBe('none');
    selection = toggleRows(selection, [{ key: '4', row: { id: '4' } }], true);
    expect([...selection.rows.keys()]).toEqual(['1', '3', '4']);
    expect(selectionFor(selection, 'list')).toBe(selection);
  });

  it('starts afresh when the list changes', () => {
    const selection = toggleRows(emptySelection<{ id: string }>('list'), rows, true);
    expect(selectionFor(selection, 'other list').rows.size).toBe(0);
  });
});
