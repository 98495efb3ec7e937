import type { GridSort } from '@pp/domain';
import { Checkbox, Group, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './DataGrid.module.css';
import type { PageSelectionState } from './gridState';
import type { DataGridColumn } from './types';

export interface GridRowsProps<Row> {
  /** The columns to show (the table: the chosen ones; the cards: all, the card picks). */
  columns: readonly DataGridColumn<Row>[];
  /** Undefined while the first page loads. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  selectable: boolean;
  isSelected: (key: string) => boolean;
  pageState: PageSelectionState;
  onSelectPage: (selected: boolean) => void;
  onSelectRow: (row: Row, selected: boolean) => void;
  sort: GridSort;
  onSort: (field: string) => void;
  rowActions?: (row: Row) => ReactNode;
}

/** A cell as the column renders it, or its plain value. */
export function cellContent<Row>(column: DataGridColumn<Row>, row: Row): ReactNode {
  return column.render ? column.render(row) : String((row as Record<string, unknown>)[column.field] ?? '—');
}

/**
 * The grid as a table. Nothing is pinned over other cells: a pinned action column covered the columns that
 * scrolled under it, so 236 read "23" (issue 18). Columns are as wide as their content needs; when the
 * chosen ones are wider than the screen the table scrolls sideways inside its own box, actions included.
 */
export function GridTable<Row>(props: GridRowsProps<Row>) {
  const { columns, rows, rowKey, selectable, sort, rowActions } = props;
  const { t } = useTranslation();
  return (
    <div className={classes.scroller}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="sm"
        horizontalSpacing="sm"
        className={classes.table}
        // Placeholder rows until the page of rows arrives: assistive technology waits for the real ones.
        aria-busy={!rows || undefined}
      >
        <Table.Thead bg="var(--mantine-color-gray-0)">
          <Table.Tr>
            {selectable && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('grid.selectPage')}
                  data-testid="grid-select-page"
                  checked={props.pageState === 'all'}
                  indeterminate={props.pageState === 'some'}
                  disabled={!rows?.length}
                  onChange={() => props.onSelectPage(props.pageState !== 'all')}
                />
              </Table.Th>
            )}
            {columns.map((column) => {
              const sorted = sort.field === column.field ? sort.direction : null;
              return (
                <Table.Th
                  key={column.field}
                  ta={column.align}
                  aria-sort={sorted ? (sorted === 'ASCENDING' ? 'ascending' : 'descending') : undefined}
                >
                  {column.sortable ? (
                    <UnstyledButton onClick={() => props.onSort(column.field)} data-testid={`sort-${column.field}`}>
                      <Group gap={4} wrap="nowrap" justify={column.align === 'right' ? 'flex-end' : undefined}>
                        <Text size="sm" fw={600}>
                          {t(column.header)}
                        </Text>
                        {sorted === 'ASCENDING' ? (
                          <IconArrowUp size={14} aria-label={t('grid.sortedAscending')} />
                        ) : sorted === 'DESCENDING' ? (
                          <IconArrowDown size={14} aria-label={t('grid.sortedDescending')} />
                        ) : (
                          <IconSelector size={14} color="var(--mantine-color-gray-5)" />
                        )}
                      </Group>
                    </UnstyledButton>
                  ) : (
                    <Text size="sm" fw={600}>
                      {t(column.header)}
                    </Text>
                  )}
                </Table.Th>
              );
            })}
            {rowActions && (
              <Table.Th ta="right">
                <Text size="sm" fw={600}>
                  {t('grid.actions')}
                </Text>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {!rows &&
            Array.from({ length: 6 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
              <Table.Tr key={i} data-testid="grid-skeleton">
                {selectable && <Table.Td />}
                {columns.map((c) => (
                  <Table.Td key={c.field}>
                    <Skeleton h={14} radius="sm" />
                  </Table.Td>
                ))}
                {rowActions && <Table.Td />}
              </Table.Tr>
            ))}
          {rows?.map((row) => {
            const key = rowKey(row);
            const selected = props.isSelected(key);
            return (
              <Table.Tr
                key={key}
                data-testid="grid-row"
                data-row-id={key}
                bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
              >
                {selectable && (
                  <Table.Td>
                    <Checkbox
                      aria-label={t('grid.selectRow', { id: key })}
                      data-testid="grid-select-row"
                      checked={selected}
                      onChange={(event) => props.onSelectRow(row, event.currentTarget.checked)}
                    />
                  </Table.Td>
                )}
                {columns.map((column) => (
                  <Table.Td
                    key={column.field}
                    ta={column.align}
                    className={(column.wrap ?? column.filterType === 'TEXT') ? classes.wrap : classes.nowrap}
                  >
                    {cellContent(column, row)}
                  </Table.Td>
                ))}
                {rowActions && (
                  <Table.Td ta="right" className={classes.nowrap}>
                    {rowActions(row)}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}
