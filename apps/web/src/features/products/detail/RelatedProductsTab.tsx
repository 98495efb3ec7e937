import { ActionIcon, Select, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { type ProductOption, ProductOptionsQuery } from './operations';

/**
 * Related (recommended) products: a search over the partner's products, 20 at most (spec §7), and the
 * chosen ones with their titles.
 */
export function RelatedProductsTab({
  productId,
  value,
  onChange,
  error,
}: {
  productId: string;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const options = useQuery<ProductOption[]>({
    queryKey: ['productOptions', 'search', debounced],
    queryFn: ({ signal }) =>
      api.request(ProductOptionsQuery, { search: debounced || null }, { signal }).then((r) => r.productOptions),
    placeholderData: keepPreviousData,
  });
  const chosen = useQuery<ProductOption[]>({
    queryKey: ['productOptions', 'ids', value],
    queryFn: ({ signal }) => api.request(ProductOptionsQuery, { ids: value }, { signal }).then((r) => r.productOptions),
    enabled: value.length > 0,
    placeholderData: keepPreviousData,
  });
  const titleOf = (id: string) => chosen.data?.find((o) => o.id === id)?.title ?? '';
  const data = (options.data ?? [])
    .filter((o) => o.id !== productId && !value.includes(o.id))
    .map((o) => ({ value: o.id, label: `${o.id} · ${o.title}` }));

  return (
    <Stack gap="md">
      <Select
        label={t('products.detail.related.add')}
        placeholder={t('products.detail.related.search')}
        data={data}
        value={null}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        nothingFoundMessage={t('products.detail.related.nothing')}
        onChange={(id) => {
          if (id && !value.includes(id)) onChange([...value, id]);
          setSearch('');
        }}
        error={error}
        data-testid="related-picker"
      />
      {value.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('products.detail.related.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={400}>
          <Table data-testid="related-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('products.detail.fields.id')}</Table.Th>
                <Table.Th>{t('products.detail.fields.title')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('products.detail.related.remove')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {value.map((id) => (
                <Table.Tr key={id}>
                  <Table.Td>{id}</Table.Td>
                  <Table.Td>{titleOf(id)}</Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`${t('products.detail.related.remove')} ${id}`}
                      onClick={() => onChange(value.filter((x) => x !== id))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
