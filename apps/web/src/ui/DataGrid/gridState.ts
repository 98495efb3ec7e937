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

/**
 * A change of a grid's default columns that choices stored before it must follow. The stored settings keep
 * the spec's version 1.0.1 (another version would throw every grid's choices away); the revision travels
 * beside it, per grid. Settings stored under an older revision lose the retired columns: a seller who kept
 * the old defaults is not left with a set wider than the screen, and one who wants a column back ticks it.
 */
export interface ColumnsRevision {
  /** Counts up from 1 with each such change of the grid. */
  revision: number;
  /** Every column shown by default before and in the column picker since (of all revisions so far). */
  retired: readonly string[];
}

function storedRevision(raw: unknown): number {
  const revision = raw && typeof raw === 'object' ? (raw as { revision?: unknown }).revision : undefined;
  return typeof revision === 'number' && Number.isInteger(revision) ? revision : 0;
}

export function loadGridSettings(
  gridId: string,
  allColumns: readonly string[],
  defaults: GridSettings,
  change?: ColumnsRevision,
): GridSettings {
  const raw = readStoredJson(STORAGE_KEYS.gridSettings(gridId));
  const settings = readGridSettings(raw, allColumns, defaults);
  if (!change || settings === defaults || storedRevision(raw) >= change.revision) return settings;
  const columns = settings.columns.filter((c) => !change.retired.includes(c));
  return { ...settings, columns: columns.length ? columns : defaults.columns };
}

export function saveGridSettings(gridId: string, settings: Omit<GridSettings, 'version'>, revision = 0): GridSettings {
  const stored: GridSettings = { version: GRID_SETTINGS_VERSION, columns: settings.columns, perPage: settings.perPage };
  // The revision is stored only by grids that have one, so the others keep the spec's exact shape.
  writeStored(STORAGE_KEYS.gridSettings(gridId), JSON.stringify(revision > 0 ? { ...stored, revision } : stored));
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
  options: { permanentFilters?: readonly GridFilter[]; perPage: number; initialSort: GridSort; after?: string | null },
) {
  const request = {
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
  // `after` is sent only with a cursor: grids whose server answers without cursors never see the field.
  return options.after ? { ...request, after: options.after } : request;
}
export type GridRequestInput = Omit<ReturnType<typeof buildGridRequest>, 'after'> & { after?: string | null };

/**
 * What makes two requests ask for the same ordered list: filters, sort, search and page size. Cursors and
 * selections are valid only while this stays the same.
 */
export function gridIdentity(request: Pick<GridRequestInput, 'filters' | 'sort' | 'search' | 'perPage'>): string {
  return JSON.stringify([request.filters, request.sort, request.search, request.perPage]);
}

/**
 * Cursors of pages already seen (contract: keyset paging). The cursor stored under page N is the
 * `nextCursor` page N-1 answered with: going there seeks from it instead of counting OFFSET rows.
 */
export interface CursorMemory {
  identity: string;
  cursors: Readonly<Record<number, string>>;
}

export const NO_CURSORS: CursorMemory = { identity: '', cursors: {} };

/** The cursor to ask for `page` with, or null to use OFFSET (page 1, an unseen page, another list). */
export function cursorFor(memory: CursorMemory, identity: string, page: number): string | null {
  if (page <= 1 || memory.identity !== identity) return null;
  return memory.cursors[page] ?? null;
}

/**
 * Remembers where the page after `page` starts. A changed list (filters, sort, search, page size) forgets
 * every cursor first: a cursor is valid only for the order it was made in. So does a jump: a page past 1
 * read without a cursor (by OFFSET) starts a new trail of cursors from where the person landed.
 */
export function rememberCursor(
  memory: CursorMemory,
  identity: string,
  page: number,
  nextCursor: string | null | undefined,
  readWith: { after: string | null | undefined } = { after: null },
): CursorMemory {
  const jumped = page > 1 && !readWith.after;
  const base = memory.identity === identity && !jumped ? memory : { identity, cursors: {} };
  if (!nextCursor) return base;
  if (base.cursors[page + 1] === nextCursor) return base;
  return { identity, cursors: { ...base.cursors, [page + 1]: nextCursor } };
}

/** The rows picked for a bulk action, kept by row key; only valid for the list they were picked in. */
export interface GridSelection<Row> {
  identity: string;
  rows: ReadonlyMap<string, Row>;
}

export function emptySelection<Row>(identity = ''): GridSelection<Row> {
  return { identity, rows: new Map() };
}

/** The selection as it stands for the list now shown: another filter, sort or search starts afresh. */
export function selectionFor<Row>(selection: GridSelection<Row>, identity: string): GridSelection<Row> {
  return selection.identity === identity ? selection : emptySelection(identity);
}

export function toggleRows<Row>(
  selection: GridSelection<Row>,
  rows: readonly { key: string; row: Row }[],
  selected: boolean,
): GridSelection<Row> {
  const next = new Map(selection.rows);
  for (const { key, row } of rows) {
    if (selected) next.set(key, row);
    else next.delete(key);
  }
  return { identity: selection.identity, rows: next };
}

/** The header checkbox: all rows of the page picked, some of them, or none. */
export type PageSelectionState = 'all' | 'some' | 'none';

export function pageSelectionState(selection: GridSelection<unknown>, keys: readonly string[]): PageSelectionState {
  const picked = keys.filter((key) => selection.rows.has(key)).length;
  if (picked === 0) return 'none';
  return picked === keys.length ? 'all' : 'some';
}
