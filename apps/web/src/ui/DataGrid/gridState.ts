import {
  DEFAULT_PAGE_SIZE,
  decodeFilter,
  decodeSort,
  encodeFilter,
  encodeSort,
  GRID_SETTINGS_VERSION,
  type GridFilter,
  type GridSettings,
  type GridSort,
  PAGE_SIZE_OPTIONS,
  readGridSettings,
} from '@pp/domain';
import { readStored, readStoredJson, STORAGE_KEYS, writeStored } from '../../app/storage';

/** What of a grid lives in the address bar: filters, sort, page and search can be shared and bookmarked. */
export interface GridUrlState {
  filters: GridFilter[];
  sort: GridSort | null;
  page: number;
  search: string;
}

export type SearchParams = Record<string, unknown>;

/** Parameter names of one grid; a prefix keeps two grids on one page apart. */
export function gridParamNames(prefix = '') {
  return { filter: `${prefix}f`, sort: `${prefix}sort`, page: `${prefix}page`, search: `${prefix}q` };
}

function asStrings(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (value === undefined || value === null || value === '') return [];
  return [String(value)];
}

export function readGridUrlState(search: SearchParams, prefix = ''): GridUrlState {
  const names = gridParamNames(prefix);
  const filters = asStrings(search[names.filter]).flatMap((text) => {
    const filter = decodeFilter(text);
    return filter ? [filter] : [];
  });
  const page = Number(asStrings(search[names.page])[0] ?? 1);
  return {
    filters,
    sort: decodeSort(asStrings(search[names.sort])[0]),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    search: asStrings(search[names.search])[0] ?? '',
  };
}

/** The search params for a grid state; defaults are left out so clean URLs stay clean. */
export function writeGridUrlState(
  search: SearchParams,
  state: GridUrlState,
  options: { prefix?: string; defaultSort?: GridSort | null } = {},
): SearchParams {
  const names = gridParamNames(options.prefix);
  const next: SearchParams = { ...search };
  for (const name of Object.values(names)) delete next[name];
  if (state.filters.length) next[names.filter] = state.filters.map(encodeFilter);
  const isDefaultSort =
    !state.sort ||
    (options.defaultSort &&
      options.defaultSort.field === state.sort.field &&
      options.defaultSort.direction === state.sort.direction);
  if (state.sort && !isDefaultSort) next[names.sort] = encodeSort(state.sort);
  if (state.page > 1) next[names.page] = String(state.page);
  if (state.search) next[names.search] = state.search;
  return next;
}

/** Clicking a header: a new column sorts ascending, the same column flips direction. */
export function toggleSort(current: GridSort | null, field: string): GridSort {
  if (current?.field === field) {
    return { field, direction: current.direction === 'ASCENDING' ? 'DESCENDING' : 'ASCENDING' };
  }
  return { field, direction: 'ASCENDING' };
}

/** Grids start sorted by id, newest first, unless the screen says otherwise (spec §9). */
export const INITIAL_SORT: GridSort = { field: 'id', direction: 'DESCENDING' };

/** The page size a grid starts with when the user has not chosen one for it. */
export function defaultPerPage(): number {
  const stored = Number(readStored(STORAGE_KEYS.itemsPerPage));
  return (PAGE_SIZE_OPTIONS as readonly number[]).includes(stored) ? stored : DEFAULT_PAGE_SIZE;
}

export function loadGridSettings(gridId: string, allColumns: readonly string[], defaults: GridSettings): GridSettings {
  return readGridSettings(readStoredJson(STORAGE_KEYS.gridSettings(gridId)), allColumns, defaults);
}

export function saveGridSettings(gridId: string, settings: Omit<GridSettings, 'version'>): GridSettings {
  const stored: GridSettings = { version: GRID_SETTINGS_VERSION, columns: settings.columns, perPage: settings.perPage };
  writeStored(STORAGE_KEYS.gridSettings(gridId), JSON.stringify(stored));
  // The last choice also seeds grids the user has not tuned yet ("items per page" of spec §3).
  writeStored(STORAGE_KEYS.itemsPerPage, String(settings.perPage));
  return stored;
}

/** Moves a visible column one place; used by the column chooser. */
export function moveColumn(columns: readonly string[], field: string, offset: -1 | 1): string[] {
  const index = columns.indexOf(field);
  const target = index + offset;
  if (index < 0 || target < 0 || target >= columns.length) return [...columns];
  const next = [...columns];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** Shows or hides a column; hiding the last one is refused, a grid without columns helps nobody. */
export function toggleColumn(columns: readonly string[], field: string, allColumns: readonly string[]): string[] {
  if (columns.includes(field)) return columns.length > 1 ? columns.filter((c) => c !== field) : [...columns];
  // A column comes back at its catalogue position relative to the visible ones.
  const order = new Map(allColumns.map((c, i) => [c, i]));
  return [...columns, field].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
}

/** The request the server receives: the tab's permanent filters always apply on top of the user's. */
export function buildGridRequest(
  state: GridUrlState,
  options: { permanentFilters?: readonly GridFilter[]; perPage: number; initialSort: GridSort },
) {
  return {
    filters: [...(options.permanentFilters ?? []), ...state.filters].map((f) => ({
      field: f.field,
      operator: f.operator,
      value: f.value ?? null,
      values: f.values ?? null,
    })),
    sort: state.sort ?? options.initialSort,
    page: state.page,
    perPage: options.perPage,
    search: state.search || null,
  };
}
export type GridRequestInput = ReturnType<typeof buildGridRequest>;
