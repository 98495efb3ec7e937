import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { errorMessage } from '../../../app/api/apiError';
import { useFormat } from '../../../app/i18n/format';
import { useStreamEvent } from '../../../app/stream/StreamProvider';
import { DataGrid, type DataGridColumn } from '../../../ui/DataGrid/DataGrid';
import { flash } from '../../../ui/flash';
import { useDocumentTitle } from '../../../ui/PageFrame';
import { CategoryPairingSelect } from './CategoryPairingSelect';
import {
  HEUREKA_FEED_KEYS,
  HeurekaCategoriesAutoPairMutation,
  HeurekaCategoriesQuery,
  type HeurekaCategoryRow,
} from './operations';

const PAIRED_BY = ['AUTO', 'PERSON'] as const;

/**
 * `heureka-feed/categories-pairing`: the categories the Heureka feed names (CATEGORYTEXT), each paired with a
 * marketplace category chosen among recommendations ranked by similarity; "pair automatically" pairs those whose
 * best match is clear.
 */
export function HeurekaCategoriesPairingPage() {
  const { t } = useTranslation();
  const format = useFormat();
  useDocumentTitle('heurekaFeedCategoriesPairing');
  const queryClient = useQueryClient();
  // A product run notes new categories (and pairs the clear ones): show them as it ends.
  useStreamEvent('heureka_feed_run_progress', (event) => {
    const status = (event.data as { status?: string } | undefined)?.status;
    if (status === 'END') void queryClient.invalidateQueries({ queryKey: HEUREKA_FEED_KEYS.categories });
  });
  const autoPair = useMutation({
    mutationFn: () => api.request(HeurekaCategoriesAutoPairMutation, {}).then((r) => r.heurekaCategoriesAutoPair),
    onSuccess: (count) => {
      flash.success(t('feeds.heureka.pairing.autoPaired', { count }));
      void queryClient.invalidateQueries({ queryKey: HEUREKA_FEED_KEYS.all });
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });

  const columns = useMemo(
    (): DataGridColumn<HeurekaCategoryRow>[] => [
      {
        field: 'categoryText',
        header: 'feeds.heureka.pairing.columns.categoryText',
        filterType: 'TEXT',
        sortable: true,
        wrap: true,
        render: (row) => (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {row.categoryText}
          </Text>
        ),
      },
      {
        field: 'itemCount',
        header: 'feeds.heureka.pairing.columns.itemCount',
        filterType: 'NUMBER',
        sortable: true,
        align: 'right',
        render: (row) => format.number(row.itemCount),
      },
      {
        field: 'pairing',
        header: 'feeds.heureka.pairing.columns.pairing',
        wrap: true,
        render: (row) => <CategoryPairingSelect row={row} />,
      },
      {
        field: 'paired',
        header: 'feeds.heureka.pairing.columns.paired',
        filterType: 'BOOLEAN',
        sortable: true,
        render: (row) =>
          row.categoryId === null ? (
            <Badge color="orange" variant="light">
              {t('feeds.heureka.pairing.state.unpaired')}
            </Badge>
          ) : (
            <Badge color="green" variant="light">
              {t('feeds.heureka.pairing.state.paired')}
            </Badge>
          ),
      },
      {
        field: 'pairedBy',
        header: 'feeds.heureka.pairing.columns.pairedBy',
        filterType: 'ENUMS',
        options: PAIRED_BY.map((v) => ({ value: v, label: t(`feeds.heureka.pairing.pairedBy.${v}`) })),
        render: (row) =>
          row.pairedBy
            ? row.pairedBy === 'AUTO' && row.pairedScore !== null
              ? t('feeds.heureka.pairing.autoScore', { score: format.number(Math.round(row.pairedScore * 100)) })
              : t(`feeds.heureka.pairing.pairedBy.${row.pairedBy}`)
            : '—',
      },
      {
        field: 'seenAt',
        header: 'feeds.heureka.pairing.columns.seenAt',
        filterType: 'DATETIME_BETWEEN',
        sortable: true,
        defaultVisible: false,
        render: (row) => format.dateTime(row.seenAt),
      },
    ],
    [t, format],
  );

  return (
    <Stack gap="md" data-testid="heureka-categories-pairing">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed" maw={760}>
          {t('feeds.heureka.pairing.intro')}
        </Text>
        <Button
          variant="default"
          leftSection={<IconWand size={16} aria-hidden />}
          loading={autoPair.isPending}
          onClick={() => autoPair.mutate()}
          data-testid="heureka-categories-auto-pair"
        >
          {t('feeds.heureka.pairing.autoPair')}
        </Button>
      </Group>
      <DataGrid
        id="heureka-categories"
        initialSort={{ field: 'itemCount', direction: 'DESCENDING' }}
        columns={columns}
        queryKey={HEUREKA_FEED_KEYS.categories}
        rowKey={(row) => row.id}
        searchable
        quickFilters={[
          {
            id: 'unpaired',
            label: 'feeds.heureka.pairing.quick.unpaired',
            filters: [{ field: 'paired', operator: 'EQUAL', value: 'false' }],
          },
          {
            id: 'paired',
            label: 'feeds.heureka.pairing.quick.paired',
            filters: [{ field: 'paired', operator: 'EQUAL', value: 'true' }],
          },
        ]}
        card={{ title: 'categoryText', fields: ['itemCount', 'pairing', 'pairedBy'] }}
        fetch={(grid, signal) =>
          api.request(HeurekaCategoriesQuery, { grid }, { signal }).then((r) => r.heurekaCategories)
        }
      />
    </Stack>
  );
}
