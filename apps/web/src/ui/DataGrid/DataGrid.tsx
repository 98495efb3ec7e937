import {
  encodeFilter,
  GRID_SETTINGS_VERSION,
  type GridFilter,
  type GridPage,
  gridTotalLabel,
  type GridSettings,
  type GridSort,
  PAGE_SIZE_OPTIONS,
} from '@pp/domain';
import {
  Badge,
  Box,
  Button,
  CloseButton,
  Group,
  LoadingOverlay,
  Pagination,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { IconFilter, IconMoodEmpty, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api/apiError';
import { useFormat } from '../../app/i18n/format';
import { ErrorAlert } from '../ErrorAlert';
import { ColumnChooser } from './ColumnChooser';
import { ExportButton } from './ExportButton';
import classes from './DataGrid.module.css';
import { FilterPanel } from './FilterPanel';
import { GridCards } from './GridCards';
import { GridTable } from './GridTable';
import { SavedViews } from './SavedViews';
import {
  buildGridRequest,
  type ColumnsRevision,
  type CursorMemory,
  cursorFor,
  defaultPerPage,
  emptySelection,
  type GridRequestInput,
  type GridSelection,
  type GridUrlState,
  gridIdentity,
  INITIAL_SORT,
  loadGridSettings,
  NO_CURSORS,
  pageSelectionState,
  readGridUrlState,
  rememberCursor,
  type SearchParams,
  saveGridSettings,
  selectionFor,
  toggleRows,
  toggleSort,
  writeGridUrlState,
} from './gridState';
import type { DataGridCard, DataGridColumn, QuickFilter } from './types';

export type { ColumnsRevision } from './gridState';
export type { DataGridCard, DataGridColumn, QuickFilter } from './types';

function quickFiltersNow(quick: QuickFilter, now = new Date()): GridFilter[] {
  return typeof quick.filters === 'function' ? quick.filters(now) : quick.filters;
}

export interface DataGridProps<Row> {
  /** Names the grid's stored settings; keep it stable. */
  id: string;
  columns: readonly DataGridColumn<Row>[];
  /** A page may carry `nextCursor` (keyset paging); grids whose server has none page by OFFSET only. */
  fetch: (request: GridRequestInput, signal: AbortSignal) => Promise<GridPageOf<Row>>;
  /** Prefix of the query key; the request is appended. */
  queryKey: readonly unknown[];
  rowKey: (row: Row) => string;
  /** Filters of a tab: always sent, never shown or removable. */
  permanentFilters?: GridFilter[];
  quickFilters?: QuickFilter[];
  initialSort?: GridSort;
  rowActions?: (row: Row) => ReactNode;
  /** What a row's card shows on a phone (below 600 px), by column field; the first columns when not given. */
  card?: DataGridCard;
  searchable?: boolean;
  /** Saved views need a session; off for grids shown on public pages. */
  savedViews?: boolean;
  /** Keeps two grids on one page from sharing URL parameters. */
  urlPrefix?: string;
  /** A checkbox column: rows picked on any page of the same list stay picked for the bulk actions. */
  selectable?: boolean;
  /** What can be done with the picked rows; `clear` empties the selection once an action is done. */
  bulkActions?: (selected: Row[], clear: () => void) => ReactNode;
  /** The export kind (contract 3): the toolbar offers the filtered grid as CSV or XLSX. */
  exportKind?: string;
  /** What the export needs beyond the grid's filters, e.g. the tab of a grid whose tabs are not filters. */
  exportParams?: Record<string, unknown>;
  /** The date column whose interval (at most 3 months) the export needs; the button asks for it when unbounded. */
  exportInterval?: string;
  /** A page size the list imposes (e.g. the product errors: 100 by the spec); the per-page choice is hidden. */
  fixedPerPage?: number;
  /** The last change of the default columns that stored choices must follow (gridState `ColumnsRevision`). */
  columnsRevision?: ColumnsRevision;
}

/** Where rows become cards: below about 600 px (37.5em). */
const CARDS_QUERY = '(max-width: 37.49em)';

export type GridPageOf<Row> = Omit<GridPage<Row>, 'nextCursor'> & { nextCursor?: string | null };

/** A stale or foreign cursor: the server names the `after` field; the page is asked again by OFFSET. */
function isCursorRefused(error: unknown): boolean {
  return error instanceof ApiError && error.fields.some((f) => f.field === 'after');
}

function sameFilters(a: readonly GridFilter[], b: readonly GridFilter[]): boolean {
  const key = (list: readonly GridFilter[]) =>
    JSON.stringify(list.map((f) => [f.field, f.operator, f.value ?? null, f.values ?? null]).sort());
  return key(a) === key(b);
}

/** The one server-side grid of the portal (architecture guide, "Grids"). */
export function DataGrid<Row>(props: DataGridProps<Row>) {
  const { id, columns, rowKey, rowActions, quickFilters, permanentFilters, urlPrefix = '' } = props;
  const initialSort = props.initialSort ?? INITIAL_SORT;
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as SearchParams;
  const urlState = readGridUrlState(search, urlPrefix);

  const allFields = useMemo(() => columns.map((c) => c.field), [columns]);
  const defaults = useMemo(
    (): GridSettings => ({
      version: GRID_SETTINGS_VERSION,
      columns: columns.filter((c) => c.defaultVisible !== false).map((c) => c.field),
      perPage: defaultPerPage(),
    }),
    [columns],
  );
  const [settings, setSettings] = useState(() => loadGridSettings(id, allFields, defaults, props.columnsRevision));
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [searchText, setSearchText] = useState(urlState.search);

  const setUrlState = (patch: Partial<GridUrlState>) => {
    const next = { ...urlState, ...patch };
    // The same filter twice adds nothing and would give two chips one identity.
    next.filters = [...new Map(next.filters.map((f) => [encodeFilter(f), f])).values()];
    void navigate({
      to: '.',
      search: ((prev: SearchParams) =>
        writeGridUrlState(prev, next, { prefix: urlPrefix, defaultSort: initialSort })) as never,
      replace: true,
    });
  };
  const applySearch = useDebouncedCallback((value: string) => setUrlState({ search: value.trim(), page: 1 }), 400);

  const perPage = props.fixedPerPage ?? settings.perPage;
  const listRequest = buildGridRequest(urlState, { permanentFilters, perPage, initialSort });
  const identity = gridIdentity(listRequest);
  const [cursorMemory, setCursorMemory] = useState<CursorMemory>(NO_CURSORS);
  const after = cursorFor(cursorMemory, identity, urlState.page);
  const request: GridRequestInput = after ? { ...listRequest, after } : listRequest;
  const query = useQuery({
    queryKey: [...props.queryKey, 'grid', request],
    queryFn: ({ signal }) => props.fetch(request, signal),
    placeholderData: keepPreviousData,
  });
  const loaded = query.isPlaceholderData ? undefined : query.data;
  useEffect(() => {
    if (loaded?.nextCursor !== undefined) {
      setCursorMemory((memory) => rememberCursor(memory, identity, loaded.page, loaded.nextCursor, { after }));
    }
  }, [loaded, identity, after]);
  useEffect(() => {
    if (query.isError && after && isCursorRefused(query.error)) setCursorMemory(NO_CURSORS);
  }, [query.isError, query.error, after]);

  const [selectionState, setSelection] = useState<GridSelection<Row>>(() => emptySelection(identity));
  const selection = selectionFor(selectionState, identity);
  const selectable = !!props.selectable;
  const selectedRows = [...selection.rows.values()];
  const clearSelection = () => setSelection(emptySelection(identity));
  // The export takes the whole filtered list: the page and its cursor do not belong to it.
  const { after: _cursor, ...exportRequest } = request;

  const visibleColumns = settings.columns
    .map((field) => columns.find((c) => c.field === field))
    .filter((c): c is DataGridColumn<Row> => !!c);
  const sort = urlState.sort ?? initialSort;
  const page = query.data;
  const pageState = pageSelectionState(selection as GridSelection<unknown>, (page?.items ?? []).map(rowKey));
  const totalPages = page ? Math.max(1, Math.ceil(page.total / page.perPage)) : 1;
  const updateSettings = (patch: Partial<typeof settings>) =>
    setSettings(saveGridSettings(id, { ...settings, ...patch }, props.columnsRevision?.revision));
  // Below 600 px each row is a card; read at once so a phone never renders the table first.
  const cards = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false });
  const rowsProps = {
    rows: page?.items,
    rowKey,
    selectable,
    isSelected: (key: string) => selection.rows.has(key),
    pageState,
    onSelectPage: (selected: boolean) =>
      setSelection(
        toggleRows(
          selection,
          (page?.items ?? []).map((row) => ({ key: rowKey(row), row })),
          selected,
        ),
      ),
    onSelectRow: (row: Row, selected: boolean) =>
      setSelection(toggleRows(selection, [{ key: rowKey(row), row }], selected)),
    sort,
    onSort: (field: string) => setUrlState({ sort: toggleSort(sort, field), page: 1 }),
    rowActions,
  };

  const activeQuick = quickFilters?.find((q) => sameFilters(quickFiltersNow(q), urlState.filters));
  const labelOf = (field: string) => t(columns.find((c) => c.field === field)?.header ?? field);
  const valueLabel = (filter: GridFilter) => {
    const column = columns.find((c) => c.field === filter.field);
    const values = filter.values ?? (filter.value != null ? [filter.value] : []);
    return values.map((v) => column?.options?.find((o) => o.value === v)?.label ?? v).join(', ');
  };

  return (
    <Stack gap="sm" data-testid={`grid-${id}`}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap" miw={0} maw="100%">
          {props.searchable !== false && (
            <TextInput
              w={260}
              leftSection={<IconSearch size={16} />}
              placeholder={t('grid.search')}
              aria-label={t('grid.search')}
              value={searchText}
              onChange={(e) => {
                setSearchText(e.currentTarget.value);
                applySearch(e.currentTarget.value);
              }}
            />
          )}
          <Button
            variant={filtersOpen || urlState.filters.length ? 'light' : 'default'}
            leftSection={<IconFilter size={16} />}
            onClick={() => setFiltersOpen((open) => !open)}
            data-testid="grid-filters-toggle"
          >
            {t('grid.filters')}
            {urlState.filters.length > 0 && (
              <Badge size="sm" ml={6} circle>
                {urlState.filters.length}
              </Badge>
            )}
          </Button>
          {quickFilters?.length ? (
            <Group gap={6} role="group" aria-label={t('grid.quickFilters')} className={classes.quick}>
              <Button
                size="xs"
                radius="xl"
                variant={urlState.filters.length === 0 ? 'filled' : 'default'}
                onClick={() => setUrlState({ filters: [], page: 1 })}
              >
                {t('grid.all')}
              </Button>
              {quickFilters.map((q) => (
                <Button
                  key={q.id}
                  size="xs"
                  radius="xl"
                  variant={activeQuick?.id === q.id ? 'filled' : 'default'}
                  onClick={() => setUrlState({ filters: quickFiltersNow(q), page: 1 })}
                >
                  {t(q.label)}
                </Button>
              ))}
            </Group>
          ) : null}
        </Group>
        <Group gap="sm">
          <Text size="sm" c="dimmed" data-testid="grid-total">
            {page ? t('grid.total', { count: page.total, formatted: gridTotalLabel(page, format.number) }) : ''}
          </Text>
          {props.savedViews !== false && (
            <SavedViews
              gridId={id}
              current={{
                filters: urlState.filters,
                sort: urlState.sort,
                search: urlState.search,
                columns: settings.columns,
              }}
              knownColumns={allFields}
              onApply={({ columns: viewColumns, ...view }) => {
                setSearchText(view.search);
                setUrlState({ ...view, page: 1 });
                // A view with columns shows them, in its order; one saved without keeps the user's choice.
                if (viewColumns) updateSettings({ columns: viewColumns });
              }}
            />
          )}
          {props.exportKind && (
            <ExportButton
              kind={props.exportKind}
              request={exportRequest}
              params={props.exportParams}
              interval={props.exportInterval}
            />
          )}
          <ColumnChooser
            all={columns}
            visible={settings.columns}
            onChange={(cols) => updateSettings({ columns: cols })}
            onReset={() => updateSettings({ columns: defaults.columns })}
          />
        </Group>
      </Group>

      {filtersOpen && (
        <FilterPanel
          columns={columns}
          filters={urlState.filters}
          onApply={(filters) => setUrlState({ filters, page: 1 })}
          onClose={() => setFiltersOpen(false)}
        />
      )}

      {urlState.filters.length > 0 && !filtersOpen && (
        <Group gap={6} data-testid="grid-active-filters">
          {urlState.filters.map((f) => (
            <Badge
              key={encodeFilter(f)}
              variant="light"
              size="lg"
              radius="sm"
              tt="none"
              fw={500}
              rightSection={
                <CloseButton
                  size="xs"
                  variant="transparent"
                  aria-label={t('grid.removeFilter')}
                  onClick={() => setUrlState({ filters: urlState.filters.filter((other) => other !== f), page: 1 })}
                />
              }
            >
              {labelOf(f.field)} {t(`grid.operators.${f.operator}`)} {valueLabel(f)}
            </Badge>
          ))}
          <Button variant="subtle" size="compact-sm" onClick={() => setUrlState({ filters: [], page: 1 })}>
            {t('grid.clearFilters')}
          </Button>
        </Group>
      )}

      {selectable && selection.rows.size > 0 && (
        <Paper
          withBorder
          radius="md"
          px="md"
          py="xs"
          bg="var(--mantine-primary-color-light)"
          data-testid="grid-bulk-bar"
        >
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Group gap="sm" wrap="wrap">
              <Text size="sm" fw={600} data-testid="grid-selected-count">
                {t('grid.selected', { count: selection.rows.size })}
              </Text>
              {props.bulkActions?.(selectedRows, clearSelection)}
            </Group>
            <Button variant="subtle" size="compact-sm" onClick={clearSelection}>
              {t('grid.clearSelection')}
            </Button>
          </Group>
        </Paper>
      )}

      {query.isError && !page ? (
        <Stack gap="xs" align="flex-start">
          <ErrorAlert error={query.error} title={t('grid.loadFailed')} />
          <Button variant="light" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      ) : (
        <Paper withBorder={!cards} radius="md" pos="relative" style={{ overflow: 'hidden' }}>
          <LoadingOverlay
            visible={query.isFetching && !!page}
            overlayProps={{ blur: 1 }}
            loaderProps={{ size: 'sm' }}
          />
          {cards ? (
            <GridCards
              {...rowsProps}
              columns={columns}
              visibleFields={settings.columns}
              card={props.card}
              onSortChange={(next) => setUrlState({ sort: next, page: 1 })}
            />
          ) : (
            <GridTable {...rowsProps} columns={visibleColumns} />
          )}
          {page && page.items.length === 0 && (
            <Stack align="center" gap="xs" py={48} data-testid="grid-empty">
              <ThemeIcon size={48} radius="xl" variant="light" color="gray">
                <IconMoodEmpty size={28} />
              </ThemeIcon>
              <Text fw={600}>{t('grid.empty')}</Text>
              {(urlState.filters.length > 0 || urlState.search) && (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={() => {
                    setSearchText('');
                    setUrlState({ filters: [], search: '', page: 1 });
                  }}
                >
                  {t('grid.clearFilters')}
                </Button>
              )}
            </Stack>
          )}
        </Paper>
      )}

      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs" display={props.fixedPerPage ? 'none' : undefined}>
          <Text size="sm" c="dimmed">
            {t('grid.perPage')}
          </Text>
          <Select
            w={90}
            size="xs"
            aria-label={t('grid.perPage')}
            data={PAGE_SIZE_OPTIONS.map(String)}
            value={String(settings.perPage)}
            allowDeselect={false}
            onChange={(value) => {
              updateSettings({ perPage: Number(value) });
              setUrlState({ page: 1 });
            }}
            data-testid="grid-per-page"
          />
        </Group>
        <Box>
          {totalPages > 1 && (
            <Pagination
              total={totalPages}
              value={Math.min(urlState.page, totalPages)}
              onChange={(p) => setUrlState({ page: p })}
              size="sm"
              withEdges
              data-testid="grid-pagination"
            />
          )}
        </Box>
      </Group>
    </Stack>
  );
}
