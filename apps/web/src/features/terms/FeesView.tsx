import { Badge, Card, Group, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Currency, isShopId, MARKETS } from '@pp/domain';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useFormat } from '../../app/i18n/format';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { FeesQuery } from './operations';

const PAGE_SIZE = 25;

/** The partner's price list: the five fees of its market and the commission list over the category tree. */
export function FeesView({ shopId }: { shopId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['fees', shopId, debounced, page],
    queryFn: ({ signal }) =>
      api.request(
        FeesQuery,
        { search: debounced || null, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
  const fees = query.data?.fees;
  const pages = Math.max(1, Math.ceil((fees?.commissions.total ?? 0) / PAGE_SIZE));
  const percent = (value: number) => `${format.number(value)} %`;
  const currency = isShopId(shopId) ? MARKETS[shopId].currency : undefined;
  return (
    <Stack gap="lg">
      {query.error && <ErrorAlert error={query.error} />}
      <Card withBorder padding="lg">
        <Title order={3} fz="lg" mb="sm">
          {t('fees.title')}
        </Title>
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing="xs" data-testid="fees-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fees.fee')}</Table.Th>
                <Table.Th ta="right">{t('fees.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fees?.fees.map((fee) => (
                <Table.Tr key={fee.type}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {t(`fees.types.${fee.type}`)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(`fees.hints.${fee.type}`)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">
                      {t(`fees.per.${fee.per}`, {
                        amount: format.money(fee.amount, (currency ?? fee.currency) as Currency),
                      })}
                    </Text>
                    {fee.freeMonths > 0 && (
                      <Text size="xs" c="teal">
                        {t('fees.freeMonths', { months: fee.freeMonths })}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      <Card withBorder padding="lg">
        <Group justify="space-between" align="flex-end" mb="sm" gap="sm">
          <Stack gap={2}>
            <Title order={3} fz="lg">
              {t('fees.commissionTitle')}
            </Title>
            <Text size="xs" c="dimmed">
              {t('fees.commissionHint')}
            </Text>
          </Stack>
          <TextInput
            aria-label={t('fees.search')}
            placeholder={t('fees.search')}
            leftSection={<IconSearch size={14} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', xs: 260 }}
            data-testid="commission-search"
          />
        </Group>
        <Table.ScrollContainer minWidth={560}>
          <Table striped verticalSpacing="xs" data-testid="commission-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fees.division')}</Table.Th>
                <Table.Th>{t('fees.category')}</Table.Th>
                <Table.Th>{t('fees.subcategory')}</Table.Th>
                <Table.Th>{t('fees.brands')}</Table.Th>
                <Table.Th ta="right">{t('fees.commission')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fees?.commissions.items.map((row) => (
                <Table.Tr key={`${row.division}/${row.category}/${row.subcategory}/${row.brands.join(',')}`}>
                  <Table.Td>{row.division}</Table.Td>
                  <Table.Td>{row.category}</Table.Td>
                  <Table.Td>{row.subcategory}</Table.Td>
                  <Table.Td>
                    {row.brands.length ? (
                      <Group gap={4}>
                        {row.brands.map((b) => (
                          <Badge key={b} variant="light" size="sm">
                            {b}
                          </Badge>
                        ))}
                      </Group>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('fees.allBrands')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{percent(row.commission)}</Table.Td>
                </Table.Tr>
              ))}
              {fees && fees.commissions.items.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text size="sm" c="dimmed">
                      {t('fees.noMatch')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {pages > 1 && (
          <Group justify="center" mt="sm">
            <Pagination total={pages} value={page} onChange={setPage} size="sm" />
          </Group>
        )}
      </Card>
    </Stack>
  );
}
