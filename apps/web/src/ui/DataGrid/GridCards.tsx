import type { GridSort } from '@pp/domain';
import { Checkbox, Group, Select, Skeleton } from '@mantine/core';
import { Fragment, useId } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './DataGrid.module.css';
import { cardLayout } from './gridCard';
import { cellContent, type GridRowsProps } from './GridTable';
import type { DataGridCard } from './types';

interface GridCardsProps<Row> extends GridRowsProps<Row> {
  /** The chosen columns: the card falls back to them where the grid names no card fields. */
  visibleFields: readonly string[];
  card?: DataGridCard;
  onSortChange: (sort: GridSort) => void;
}

/**
 * The grid on a phone: each row a card (a list of articles, each headed by the row's title cell, usually its
 * link), with its key fields, its checkbox and its actions. Sorting has its own control, since there are no
 * column headers to click.
 */
export function GridCards<Row>(props: GridCardsProps<Row>) {
  const { columns, rows, rowKey, selectable, sort, rowActions } = props;
  const { t } = useTranslation();
  const ids = useId();
  const byField = new Map(columns.map((c) => [c.field, c]));
  const layout = cardLayout(
    columns.map((c) => c.field),
    props.visibleFields,
    props.card,
  );
  const column = (field: string | null) => (field ? byField.get(field) : undefined);
  const title = column(layout.title);
  const media = column(layout.media);
  const subtitle = layout.subtitle.flatMap((f) => column(f) ?? []);
  const fields = layout.fields.flatMap((f) => column(f) ?? []);
  const sortable = columns.filter((c) => c.sortable);

  return (
    <div data-layout="cards">
      <Group justify="space-between" gap="xs" wrap="wrap" mb="xs">
        {selectable && (
          <Checkbox
            label={t('grid.selectPage')}
            data-testid="grid-select-page"
            checked={props.pageState === 'all'}
            indeterminate={props.pageState === 'some'}
            disabled={!rows?.length}
            onChange={() => props.onSelectPage(props.pageState !== 'all')}
          />
        )}
        {sortable.length > 0 && (
          // The two selects share the row's width (up to a comfortable one) instead of leaving its start empty.
          <Group gap={6} wrap="nowrap" ml="auto" style={{ flex: '1 1 260px', maxWidth: 420 }}>
            <Select
              size="xs"
              style={{ flex: '3 1 0', minWidth: 0 }}
              label={t('grid.sortBy')}
              data={sortable.map((c) => ({ value: c.field, label: t(c.header) }))}
              value={sortable.some((c) => c.field === sort.field) ? sort.field : null}
              allowDeselect={false}
              onChange={(field) => field && props.onSortChange({ field, direction: sort.direction })}
              data-testid="grid-sort-field"
            />
            <Select
              size="xs"
              style={{ flex: '2 1 0', minWidth: 0 }}
              label={t('grid.sortOrder')}
              data={[
                { value: 'ASCENDING', label: t('grid.ascending') },
                { value: 'DESCENDING', label: t('grid.descending') },
              ]}
              value={sort.direction}
              allowDeselect={false}
              onChange={(direction) =>
                direction && props.onSortChange({ field: sort.field, direction: direction as GridSort['direction'] })
              }
              data-testid="grid-sort-direction"
            />
          </Group>
        )}
      </Group>
      <ul className={classes.cards} aria-label={t('grid.cards')} aria-busy={!rows || undefined}>
        {!rows &&
          Array.from({ length: 3 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity
            <li key={i} className={classes.card} data-testid="grid-skeleton">
              <Skeleton h={16} w="60%" radius="sm" mb="sm" />
              <Skeleton h={12} radius="sm" />
            </li>
          ))}
        {rows?.map((row, index) => {
          const key = rowKey(row);
          const selected = props.isSelected(key);
          const headingId = `${ids}-${index}`;
          return (
            <li key={key} data-testid="grid-row" data-row-id={key}>
              <article className={classes.card} aria-labelledby={headingId} data-selected={selected || undefined}>
                <div className={classes.cardHead}>
                  {selectable && (
                    <Checkbox
                      aria-label={t('grid.selectRow', { id: key })}
                      data-testid="grid-select-row"
                      checked={selected}
                      onChange={(event) => props.onSelectRow(row, event.currentTarget.checked)}
                      mt={2}
                    />
                  )}
                  {media && (
                    <div className={classes.cardMedia} data-testid="grid-card-media">
                      {cellContent(media, row)}
                    </div>
                  )}
                  <div className={classes.cardTitle}>
                    <h3 id={headingId} className={classes.cardHeading}>
                      {title ? cellContent(title, row) : key}
                    </h3>
                    {subtitle.length > 0 && (
                      <div className={classes.cardSubtitle}>
                        {subtitle.map((c, i) => (
                          <Fragment key={c.field}>
                            {i > 0 && <span aria-hidden> · </span>}
                            <span data-field={c.field}>{cellContent(c, row)}</span>
                          </Fragment>
                        ))}
                      </div>
                    )}
                  </div>
                </div>
                {fields.length > 0 && (
                  <dl className={classes.cardFields}>
                    {fields.map((c) => (
                      <div key={c.field} data-field={c.field}>
                        <dt>{t(c.header)}</dt>
                        <dd>{cellContent(c, row)}</dd>
                      </div>
                    ))}
                  </dl>
                )}
                {rowActions && <div className={classes.cardActions}>{rowActions(row)}</div>}
              </article>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
