import {
  type FilterOperator,
  type FilterType,
  filterValueRule,
  type GridColumnSpec,
  type GridFilter,
  gridFilterSchema,
  OPERATORS_BY_TYPE,
} from '@pp/domain';
import {
  ActionIcon,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataGridColumn } from './DataGrid';

interface Draft {
  key: number;
  field: string;
  operator: FilterOperator;
  value: string;
  values: string[];
}

const NO_VALUE: readonly FilterOperator[] = ['EMPTY', 'NEMPTY'];
const LIST_VALUE: readonly FilterOperator[] = ['IN', 'NIN'];

let draftKey = 1;

function toDraft(filter: GridFilter): Draft {
  return {
    key: draftKey++,
    field: filter.field,
    operator: filter.operator,
    value: filter.value ?? '',
    values: filter.values ?? [],
  };
}

export function draftToFilter(draft: Omit<Draft, 'key'>): GridFilter | null {
  const filter: GridFilter = NO_VALUE.includes(draft.operator)
    ? { field: draft.field, operator: draft.operator }
    : LIST_VALUE.includes(draft.operator) || draft.operator === 'BETWEEN'
      ? { field: draft.field, operator: draft.operator, values: draft.values }
      : { field: draft.field, operator: draft.operator, value: draft.value.trim() };
  return gridFilterSchema.safeParse(filter).success ? filter : null;
}

/**
 * The domain's view of a column, so the panel refuses what the server would. A NUMBER column that does not
 * say what it holds is checked leniently here (`double`: finite numbers); the server knows its type.
 */
function columnSpec<Row>(column: DataGridColumn<Row>): GridColumnSpec {
  return {
    field: column.field,
    filterType: column.filterType,
    number: column.number ?? 'double',
    options: column.options?.map((o) => o.value),
  };
}

/** Why one entered value would be refused (a key under `validation.`), or null; blanks are `required`'s. */
export function filterValueIssue<Row>(column: DataGridColumn<Row> | undefined, value: string): string | null {
  if (!column?.filterType || value.trim() === '') return null;
  return filterValueRule(columnSpec(column), value.trim());
}

/** The first rule a draft breaks, as the server would name it, or null when it can be applied. */
export function draftIssue<Row>(draft: Omit<Draft, 'key'>, column: DataGridColumn<Row> | undefined): string | null {
  if (NO_VALUE.includes(draft.operator)) return draftToFilter(draft) ? null : 'required';
  const values = LIST_VALUE.includes(draft.operator) || draft.operator === 'BETWEEN' ? draft.values : [draft.value];
  if (values.length === 0 || values.some((v) => v.trim() === '')) return 'required';
  for (const value of values) {
    const rule = filterValueIssue(column, value);
    if (rule) return rule;
  }
  return draftToFilter(draft) ? null : 'required';
}

function inputType(filterType: FilterType): string {
  if (filterType.startsWith('DATETIME')) return 'datetime-local';
  if (filterType.startsWith('DATE')) return 'date';
  if (filterType.startsWith('NUMBER')) return 'number';
  return 'text';
}

interface FilterPanelProps<Row> {
  columns: readonly DataGridColumn<Row>[];
  filters: GridFilter[];
  onApply: (filters: GridFilter[]) => void;
  onClose: () => void;
}

/** Filters are edited as drafts and applied together, so the grid does not reload on every keystroke. */
export function FilterPanel<Row>({ columns, filters, onApply, onClose }: FilterPanelProps<Row>) {
  const { t } = useTranslation();
  const filterable = columns.filter((c) => c.filterType);
  const [drafts, setDrafts] = useState<Draft[]>(() => filters.map(toDraft));
  const [showErrors, setShowErrors] = useState(false);

  const columnOf = (field: string) => filterable.find((c) => c.field === field);
  const update = (key: number, patch: Partial<Draft>) =>
    setDrafts((list) => list.map((d) => (d.key === key ? { ...d, ...patch } : d)));

  const add = () => {
    const column = filterable[0];
    if (!column?.filterType) return;
    const operator = OPERATORS_BY_TYPE[column.filterType][0]!;
    setDrafts((list) => [...list, { key: draftKey++, field: column.field, operator, value: '', values: [] }]);
  };

  const apply = () => {
    const parsed = drafts.map(draftToFilter);
    if (parsed.some((f) => !f) || drafts.some((d) => draftIssue(d, columnOf(d.field)))) {
      setShowErrors(true);
      return;
    }
    onApply(parsed as GridFilter[]);
    onClose();
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="grid-filter-panel">
      <Stack gap="sm">
        {drafts.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('grid.noFilters')}
          </Text>
        )}
        {drafts.map((draft) => {
          const column = columnOf(draft.field);
          const type = column?.filterType ?? 'TEXT';
          const operators = OPERATORS_BY_TYPE[type];
          const options = column?.options?.map((o) => ({ value: o.value, label: o.label })) ?? [];
          const error = showErrors && draftIssue(draft, column) === 'required' ? t('validation.required') : undefined;
          // A value the server would refuse says why as soon as it is typed, in the server's words.
          const valueError = (...values: string[]) => {
            const rule = values.map((v) => filterValueIssue(column, v)).find(Boolean);
            return rule ? t(`validation.${rule}`) : error;
          };
          let valueInput: React.ReactNode = null;
          if (NO_VALUE.includes(draft.operator)) {
            valueInput = null;
          } else if (draft.operator === 'BETWEEN') {
            valueInput = (
              <Group gap="xs" grow style={{ flex: 1 }}>
                {[0, 1].map((i) => (
                  <TextInput
                    key={i}
                    type={inputType(type)}
                    aria-label={t(i === 0 ? 'grid.valueFrom' : 'grid.valueTo')}
                    placeholder={t(i === 0 ? 'grid.valueFrom' : 'grid.valueTo')}
                    value={draft.values[i] ?? ''}
                    error={valueError(draft.values[i] ?? '')}
                    onChange={(e) => {
                      const values = [draft.values[0] ?? '', draft.values[1] ?? ''];
                      values[i] = e.currentTarget.value;
                      update(draft.key, { values });
                    }}
                  />
                ))}
              </Group>
            );
          } else if (LIST_VALUE.includes(draft.operator)) {
            valueInput = options.length ? (
              <MultiSelect
                style={{ flex: 1 }}
                aria-label={t('grid.value')}
                data={options}
                value={draft.values}
                error={error}
                searchable
                onChange={(values) => update(draft.key, { values })}
              />
            ) : (
              <TagsInput
                style={{ flex: 1 }}
                aria-label={t('grid.value')}
                value={draft.values}
                error={valueError(...draft.values)}
                onChange={(values) => update(draft.key, { values })}
              />
            );
          } else if (options.length || type === 'BOOLEAN') {
            const data =
              type === 'BOOLEAN'
                ? [
                    { value: 'true', label: t('grid.boolean.true') },
                    { value: 'false', label: t('grid.boolean.false') },
                  ]
                : options;
            valueInput = (
              <Select
                style={{ flex: 1 }}
                aria-label={t('grid.value')}
                data={data}
                value={draft.value || null}
                error={error}
                searchable
                onChange={(value) => update(draft.key, { value: value ?? '' })}
              />
            );
          } else {
            valueInput = (
              <TextInput
                style={{ flex: 1 }}
                type={inputType(type)}
                aria-label={t('grid.value')}
                placeholder={t('grid.value')}
                value={draft.value}
                error={valueError(draft.value)}
                onChange={(e) => update(draft.key, { value: e.currentTarget.value })}
              />
            );
          }
          return (
            <Group key={draft.key} gap="xs" align="flex-start" wrap="wrap" data-testid="grid-filter-row">
              <Select
                w={200}
                aria-label={t('grid.column')}
                data={filterable.map((c) => ({ value: c.field, label: t(c.header) }))}
                value={draft.field}
                allowDeselect={false}
                onChange={(field) => {
                  const next = field ? columnOf(field) : undefined;
                  if (!next?.filterType) return;
                  update(draft.key, {
                    field: next.field,
                    operator: OPERATORS_BY_TYPE[next.filterType][0]!,
                    value: '',
                    values: [],
                  });
                }}
              />
              <Select
                w={180}
                aria-label={t('grid.operator')}
                data={operators.map((op) => ({ value: op, label: t(`grid.operators.${op}`) }))}
                value={draft.operator}
                allowDeselect={false}
                onChange={(operator) => {
                  if (operator) update(draft.key, { operator: operator as FilterOperator, value: '', values: [] });
                }}
              />
              {valueInput}
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('grid.removeFilter')}
                onClick={() => setDrafts((list) => list.filter((d) => d.key !== draft.key))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          );
        })}
        <Group justify="space-between">
          <Button variant="subtle" leftSection={<IconPlus size={14} />} onClick={add} disabled={!filterable.length}>
            {t('grid.addFilter')}
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button onClick={apply} data-testid="grid-apply-filters">
              {t('grid.apply')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
