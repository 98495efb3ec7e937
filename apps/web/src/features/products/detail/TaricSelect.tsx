import { Group, Loader, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { TaricCodesQuery } from './operations';

/** Codes offered at a time: the seller narrows them by typing digits or a word. */
const TARIC_OPTIONS = 20;

/** A CN code as it is usually written: "9403 60 10". */
export const spacedTaric = (code: string) => `${code.slice(0, 4)} ${code.slice(4, 6)} ${code.slice(6)}`.trim();

/**
 * The product's TARIC code, picked from the marketplace's list (spec "taric codes") rather than typed: the
 * seller types the code's first digits ("9403") or a word of its description in any language, with or
 * without diacritics ("nabytek"), and the server answers the matching codes.
 */
export function TaricSelect({
  value,
  onChange,
  label,
  error,
}: {
  value: string;
  onChange: (code: string) => void;
  label: string;
  error?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [picked, setPicked] = useState<{ code: string; description: string } | null>(null);

  // A product opened for editing names its code only: its description is asked for once.
  const current = useQuery({
    queryKey: ['taricCodes', 'code', value],
    queryFn: ({ signal }) =>
      api
        .request(TaricCodesQuery, { search: value, first: 1 }, { signal })
        .then((r) => r.taricCodes.find((c) => c.code === value) ?? null),
    enabled: value !== '' && picked?.code !== value,
    staleTime: 10 * 60_000,
  });
  const chosen = picked?.code === value ? picked : (current.data ?? null);
  const labelOf = (c: { code: string; description: string }) => `${spacedTaric(c.code)} – ${c.description}`;
  // Once a code is chosen the box shows its label: that is not a search for more codes.
  const query = chosen && debounced === labelOf(chosen) ? '' : debounced;
  const options = useQuery({
    queryKey: ['taricCodes', 'search', query],
    queryFn: ({ signal }) =>
      api
        .request(TaricCodesQuery, { search: query || undefined, first: TARIC_OPTIONS }, { signal })
        .then((r) => r.taricCodes),
    placeholderData: (previous) => previous,
    staleTime: 10 * 60_000,
  });

  const data = new Map<string, { code: string; description: string }>();
  if (value && chosen) data.set(chosen.code, chosen);
  // A stored code the list no longer holds (the nomenclature changed) stays visible, so the refusal makes sense.
  else if (value) data.set(value, { code: value, description: '' });
  for (const c of options.data ?? []) data.set(c.code, c);

  return (
    <Select
      label={label}
      placeholder={t('products.detail.taric.placeholder')}
      description={t('products.detail.taric.hint')}
      searchable
      clearable
      value={value || null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(code) => {
        const option = code ? (data.get(code) ?? null) : null;
        setPicked(option);
        onChange(code ?? '');
      }}
      // The server has already matched by code and by description in every language.
      filter={({ options: all }) => all}
      data={[...data.values()].map((c) => ({ value: c.code, label: c.description ? labelOf(c) : spacedTaric(c.code) }))}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Text size="sm" ff="monospace" style={{ flexShrink: 0 }}>
            {spacedTaric(option.value)}
          </Text>
          <Text size="sm">{data.get(option.value)?.description}</Text>
        </Group>
      )}
      nothingFoundMessage={options.isFetching ? t('common.loading') : t('products.detail.taric.none')}
      rightSection={options.isFetching ? <Loader size="xs" /> : undefined}
      error={error}
      data-testid="product-taricCode"
    />
  );
}
