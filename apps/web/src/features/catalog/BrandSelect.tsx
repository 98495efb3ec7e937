import { Group, Loader, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { BrandsQuery } from './operations';

/** Brands offered at a time: the marketplace has thousands, the seller narrows them by typing. */
export const BRAND_OPTIONS = 20;

export interface BrandSelectProps {
  value: string | null;
  onChange: (id: string | null, name: string | null) => void;
  error?: string;
  label?: string;
}

/** A brand chosen by name or id, searched on the server as the seller types. */
export function BrandSelect({ value, onChange, error, label }: BrandSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<{ id: string; name: string } | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const query = debounced;

  const options = useQuery({
    queryKey: ['brands', 'select', query],
    queryFn: ({ signal }) =>
      api
        .request(BrandsQuery, { grid: { search: query || undefined, perPage: BRAND_OPTIONS, page: 1 } }, { signal })
        .then((r) => r.brands.items),
    placeholderData: (previous) => previous,
    staleTime: 60_000,
  });
  // A product opened for editing names its brand by id only.
  const current = useQuery({
    queryKey: ['brands', 'select', 'id', value],
    queryFn: ({ signal }) =>
      api
        .request(BrandsQuery, { grid: { search: value ?? '', perPage: BRAND_OPTIONS, page: 1 } }, { signal })
        .then((r) => r.brands.items.find((b) => b.id === value) ?? null),
    enabled: value != null && picked?.id !== value && !options.data?.some((b) => b.id === value),
    staleTime: 10 * 60_000,
  });

  const data = new Map<string, string>();
  const chosen = picked?.id === value ? picked : current.data;
  if (value && chosen) data.set(chosen.id, chosen.name);
  for (const brand of options.data ?? []) data.set(brand.id, brand.name);

  return (
    <Select
      label={label ?? t('brands.select.label')}
      placeholder={t('brands.select.placeholder')}
      searchable
      clearable
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => {
        const name = id ? (data.get(id) ?? null) : null;
        setPicked(id && name ? { id, name } : null);
        onChange(id, name);
      }}
      // The server has already filtered; Mantine would filter again by the label only (not the id).
      filter={({ options: all }) => all}
      data={[...data].map(([id, name]) => ({ value: id, label: name }))}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap" justify="space-between" w="100%">
          <Text size="sm">{option.label}</Text>
          <Text size="xs" c="dimmed">
            {option.value}
          </Text>
        </Group>
      )}
      nothingFoundMessage={options.isFetching ? t('common.loading') : t('brands.select.none')}
      rightSection={options.isFetching ? <Loader size="xs" /> : undefined}
      error={error}
      data-testid="brand-select"
    />
  );
}
