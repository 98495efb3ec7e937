import { Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Branches offered at a time: a network has thousands, the seller narrows them by typing. */
export const BRANCH_OPTIONS = 20;

export interface BranchOption {
  id: string;
  carrierTitle: string;
  code: string;
  name: string;
  street: string;
  zip: string;
  city: string;
}

export interface BranchSelectProps {
  /** What the options are searched in (an order's destination, a country's network): part of the cache key. */
  scope: readonly unknown[];
  /** The server's search: active branches whose name, city, zip or street hold every typed word. */
  load: (search: string, signal: AbortSignal) => Promise<BranchOption[]>;
  value: BranchOption | null;
  onChange: (branch: BranchOption | null) => void;
  label: string;
  error?: string;
}

/**
 * A pickup point chosen by typing its town, zip, street or name: the server searches (ignoring case and
 * diacritics, so "plzen" finds Plzeň) and answers the first matches in name order.
 */
export function BranchSelect({ scope, load, value, onChange, label, error }: BranchSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  // Typing the chosen option's label back into the box is not a new search.
  const query = value && debounced === optionLabel(value) ? '' : debounced;
  const options = useQuery({
    queryKey: ['branches', 'select', ...scope, query],
    queryFn: ({ signal }) => load(query, signal),
    placeholderData: (previous) => previous,
    staleTime: 60_000,
  });
  const byId = new Map<string, BranchOption>();
  if (value) byId.set(value.id, value);
  for (const branch of options.data ?? []) byId.set(branch.id, branch);
  const more = (options.data?.length ?? 0) >= BRANCH_OPTIONS;

  return (
    <Stack gap={4}>
      <Select
        label={label}
        placeholder={t('deliveries.branches.searchPlaceholder')}
        description={t('deliveries.branches.searchHelp')}
        searchable
        value={value?.id ?? null}
        searchValue={search}
        onSearchChange={setSearch}
        onChange={(id) => onChange(id ? (byId.get(id) ?? null) : null)}
        // The server has already searched name, city, zip and street; Mantine would filter the label again.
        filter={({ options: all }) => all}
        data={[...byId.values()].map((b) => ({ value: b.id, label: optionLabel(b) }))}
        renderOption={({ option }) => {
          const branch = byId.get(option.value);
          return (
            <Stack gap={0}>
              <Text size="sm">{option.label}</Text>
              {branch && (
                <Group gap="xs" wrap="nowrap">
                  <Text size="xs" c="dimmed">
                    {branch.carrierTitle} · {branch.street}, {branch.zip} {branch.city}
                  </Text>
                </Group>
              )}
            </Stack>
          );
        }}
        maxDropdownHeight={320}
        nothingFoundMessage={options.isFetching ? t('common.loading') : t('deliveries.branches.none')}
        rightSection={options.isFetching ? <Loader size="xs" /> : undefined}
        error={error}
        comboboxProps={{ withinPortal: true }}
        data-testid="branch-select"
      />
      {more && (
        <Text size="xs" c="dimmed">
          {t('deliveries.branches.more', { count: BRANCH_OPTIONS })}
        </Text>
      )}
    </Stack>
  );
}

export function optionLabel(branch: Pick<BranchOption, 'name' | 'code'>): string {
  return `${branch.name} (${branch.code})`;
}
