import { ActionIcon, Badge, Button, Card, Group, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSend, IconUnlink, IconWand } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { errorMessage } from '../../../app/api/apiError';
import { useFormat } from '../../../app/i18n/format';
import { DataGrid, type DataGridColumn } from '../../../ui/DataGrid/DataGrid';
import { flash } from '../../../ui/flash';
import { HeurekaBrandRequestModal } from './HeurekaBrandRequestModal';
import { brandStateOf, canRequestBrand } from './paramPairingView';
import {
  HeurekaBrandPairMutation,
  HeurekaBrandRecommendationsQuery,
  type HeurekaBrandRow,
  HeurekaBrandSummaryQuery,
  HeurekaBrandsAutoPairMutation,
  HeurekaBrandsQuery,
  HeurekaBrandUnpairMutation,
  PARAM_PAIRING_KEYS,
} from './paramPairingOperations';

const STATE_COLOR = { paired: 'green', requested: 'blue', rejected: 'red', unpaired: 'orange' } as const;

/** Where a manufacturer stands: paired with an accepted brand, waiting for a requested one, or unpaired. */
function BrandState({ row }: { row: HeurekaBrandRow }) {
  const { t } = useTranslation();
  const state = brandStateOf(row);
  return (
    <Badge color={STATE_COLOR[state]} variant="light">
      {t(`feeds.heureka.brands.state.${state}`)}
    </Badge>
  );
}

/** A manufacturer's brand: chosen among the accepted brands most like it (or found by typing), paired at once. */
function BrandPairingSelect({ row }: { row: HeurekaBrandRow }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const recommendations = useQuery({
    queryKey: PARAM_PAIRING_KEYS.brandRecommendations(row.id, debounced),
    queryFn: ({ signal }) =>
      api
        .request(HeurekaBrandRecommendationsQuery, { id: row.id, search: debounced || null }, { signal })
        .then((r) => r.heurekaBrandRecommendations),
    enabled: opened,
  });
  const pair = useMutation({
    mutationFn: (brandId: string) => api.request(HeurekaBrandPairMutation, { id: row.id, brandId }),
    onSuccess: () => {
      flash.success(t('feeds.heureka.brands.paired'));
      void queryClient.invalidateQueries({ queryKey: PARAM_PAIRING_KEYS.all });
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });
  const current = row.brandId && row.brandName ? [{ value: row.brandId, label: row.brandName }] : [];
  const offered = (recommendations.data ?? [])
    .filter((b) => b.id !== row.brandId)
    .map((b) => ({ value: b.id, label: b.name }));
  return (
    <Select
      aria-label={t('feeds.heureka.brands.chooseFor', { manufacturer: row.manufacturer })}
      placeholder={t('feeds.heureka.brands.choose')}
      data={[...current, ...offered]}
      value={row.brandName ? row.brandId : null}
      searchable
      searchValue={opened ? search : undefined}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      onDropdownOpen={() => {
        setSearch('');
        setOpened(true);
      }}
      onDropdownClose={() => setOpened(false)}
      nothingFoundMessage={recommendations.isFetching ? t('common.loading') : t('feeds.heureka.brands.nothing')}
      onChange={(value) => {
        if (value && value !== row.brandId) pair.mutate(value);
      }}
      disabled={pair.isPending}
      comboboxProps={{ width: 'target', position: 'bottom-start' }}
      miw={200}
      data-testid="heureka-brand-select"
    />
  );
}

/**
 * Brand pairing of the feed's manufacturers (MANUFACTURER → an accepted brand, or a brand request), a panel of
 * the params-values-pairing page: the spec gives it no route of its own.
 */
export function HeurekaBrandsPanel() {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const [requesting, setRequesting] = useState<HeurekaBrandRow | null>(null);
  const summary = useQuery({
    queryKey: PARAM_PAIRING_KEYS.brandSummary,
    queryFn: ({ signal }) => api.request(HeurekaBrandSummaryQuery, {}, { signal }).then((r) => r.heurekaBrandSummary),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: PARAM_PAIRING_KEYS.all });
  const autoPair = useMutation({
    mutationFn: () => api.request(HeurekaBrandsAutoPairMutation, {}).then((r) => r.heurekaBrandsAutoPair),
    onSuccess: (count) => {
      flash.success(t('feeds.heureka.brands.autoPaired', { count }));
      refresh();
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });
  const unpair = useMutation({
    mutationFn: (id: string) => api.request(HeurekaBrandUnpairMutation, { id }),
    onSuccess: () => {
      flash.success(t('feeds.heureka.brands.unpaired'));
      refresh();
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });

  const columns = useMemo(
    (): DataGridColumn<HeurekaBrandRow>[] => [
      {
        field: 'manufacturer',
        header: 'feeds.heureka.brands.columns.manufacturer',
        filterType: 'TEXT',
        sortable: true,
        wrap: true,
        render: (row) => (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {row.manufacturer}
          </Text>
        ),
      },
      {
        field: 'itemCount',
        header: 'feeds.heureka.brands.columns.itemCount',
        filterType: 'NUMBER',
        sortable: true,
        align: 'right',
        render: (row) => format.number(row.itemCount),
      },
      {
        field: 'brand',
        header: 'feeds.heureka.brands.columns.brand',
        wrap: true,
        render: (row) => <BrandPairingSelect row={row} />,
      },
      {
        field: 'state',
        header: 'feeds.heureka.brands.columns.state',
        render: (row) => <BrandState row={row} />,
      },
    ],
    [format],
  );

  return (
    <Card withBorder padding="lg" data-testid="heureka-brands-panel">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4} maw={760}>
            <Title order={2} size="h4">
              {t('feeds.heureka.brands.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('feeds.heureka.brands.intro')}
            </Text>
            {summary.data && (
              <Text size="sm" data-testid="heureka-brands-summary">
                {t('feeds.heureka.brands.summary', {
                  paired: format.number(summary.data.paired),
                  total: format.number(summary.data.total),
                  requested: format.number(summary.data.requested),
                  items: format.number(summary.data.unpairedItems),
                })}
              </Text>
            )}
          </Stack>
          <Button
            variant="default"
            leftSection={<IconWand size={16} aria-hidden />}
            loading={autoPair.isPending}
            onClick={() => autoPair.mutate()}
          >
            {t('feeds.heureka.brands.autoPair')}
          </Button>
        </Group>
        <DataGrid
          id="heureka-brands"
          urlPrefix="brands"
          columns={columns}
          queryKey={PARAM_PAIRING_KEYS.brands}
          rowKey={(row) => row.id}
          searchable
          rowActions={(row) => (
            <Group gap={4} wrap="nowrap">
              {canRequestBrand(row) && (
                <Tooltip label={t('feeds.heureka.brands.request')}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('feeds.heureka.brands.requestFor', { manufacturer: row.manufacturer })}
                    onClick={() => setRequesting(row)}
                    data-testid="heureka-brand-request-open"
                  >
                    <IconSend size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              )}
              {(row.brandId !== null || row.requested) && (
                <Tooltip label={t('feeds.heureka.brands.unpair')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('feeds.heureka.brands.unpairFor', { manufacturer: row.manufacturer })}
                    loading={unpair.isPending && unpair.variables === row.id}
                    onClick={() => unpair.mutate(row.id)}
                  >
                    <IconUnlink size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          )}
          card={{ title: 'manufacturer', fields: ['itemCount', 'brand', 'state'] }}
          fetch={(grid, signal) => api.request(HeurekaBrandsQuery, { grid }, { signal }).then((r) => r.heurekaBrands)}
        />
      </Stack>
      {requesting && <HeurekaBrandRequestModal row={requesting} onClose={() => setRequesting(null)} />}
    </Card>
  );
}
