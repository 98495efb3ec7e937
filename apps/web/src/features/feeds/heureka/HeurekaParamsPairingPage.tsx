import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { useFormat } from '../../../app/i18n/format';
import { useStreamEvent } from '../../../app/stream/StreamProvider';
import { DataGrid, type DataGridColumn } from '../../../ui/DataGrid/DataGrid';
import { useDocumentTitle } from '../../../ui/PageFrame';
import { HeurekaBrandsPanel } from './HeurekaBrandsPanel';
import {
  HeurekaParamCategoriesQuery,
  type HeurekaParamCategoryRow,
  PARAM_PAIRING_KEYS,
} from './paramPairingOperations';

const SEPARATOR = ' › ';

/**
 * `heureka-feed/params-values-pairing`: the feed's categories paired with a marketplace category, with how many
 * of their PARAM names are paired (each opens its parameters), and the brand pairing of the manufacturers.
 */
export function HeurekaParamsPairingPage() {
  const { t } = useTranslation();
  const format = useFormat();
  useDocumentTitle('heurekaFeedParamsValuesPairing');
  const queryClient = useQueryClient();
  // A product run notes new names, values and manufacturers (and pairs the clear ones): show them as it ends.
  useStreamEvent('heureka_feed_run_progress', (event) => {
    const status = (event.data as { status?: string } | undefined)?.status;
    if (status === 'END') void queryClient.invalidateQueries({ queryKey: PARAM_PAIRING_KEYS.all });
  });

  const columns = useMemo(
    (): DataGridColumn<HeurekaParamCategoryRow>[] => [
      {
        field: 'categoryText',
        header: 'feeds.heureka.params.columns.categoryText',
        filterType: 'TEXT',
        sortable: true,
        wrap: true,
        render: (row) => (
          <Anchor
            renderRoot={(props) => (
              <Link
                {...props}
                to="/heureka-feed/params-values-pairing/$partnerCategoryId"
                params={{ partnerCategoryId: row.id }}
              />
            )}
            size="sm"
            style={{ overflowWrap: 'anywhere' }}
            data-testid="heureka-param-category-link"
          >
            {row.categoryText}
          </Anchor>
        ),
      },
      {
        field: 'categoryPath',
        header: 'feeds.heureka.params.columns.categoryPath',
        wrap: true,
        render: (row) => (
          <Text size="sm" c="dimmed">
            {row.categoryPath?.join(SEPARATOR) ?? '—'}
          </Text>
        ),
      },
      {
        field: 'itemCount',
        header: 'feeds.heureka.params.columns.itemCount',
        filterType: 'NUMBER',
        sortable: true,
        align: 'right',
        render: (row) => format.number(row.itemCount),
      },
      {
        field: 'params',
        header: 'feeds.heureka.params.columns.params',
        render: (row) =>
          row.params === 0 ? (
            <Text size="sm" c="dimmed">
              {t('feeds.heureka.params.noParams')}
            </Text>
          ) : (
            <Group gap={6} wrap="nowrap">
              <Text size="sm">
                {t('feeds.heureka.params.pairedOf', {
                  paired: format.number(row.paramsPaired),
                  total: format.number(row.params),
                })}
              </Text>
              {row.paramsUnpaired > 0 ? (
                <Badge color="orange" variant="light">
                  {t('feeds.heureka.params.unpairedCount', { count: row.paramsUnpaired })}
                </Badge>
              ) : (
                <Badge color="green" variant="light">
                  {t('feeds.heureka.params.allPaired')}
                </Badge>
              )}
            </Group>
          ),
      },
      {
        field: 'variantParams',
        header: 'feeds.heureka.params.columns.variantParams',
        align: 'right',
        render: (row) => format.number(row.variantParams),
      },
    ],
    [t, format],
  );

  return (
    <Stack gap="lg" data-testid="heureka-params-pairing">
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} size="h4">
              {t('feeds.heureka.params.title')}
            </Title>
            <Text size="sm" c="dimmed" maw={760}>
              {t('feeds.heureka.params.intro')}
            </Text>
          </Stack>
          <DataGrid
            id="heureka-param-categories"
            urlPrefix="params"
            columns={columns}
            queryKey={PARAM_PAIRING_KEYS.categories}
            rowKey={(row) => row.id}
            searchable
            card={{ title: 'categoryText', fields: ['categoryPath', 'itemCount', 'params'] }}
            fetch={(grid, signal) =>
              api.request(HeurekaParamCategoriesQuery, { grid }, { signal }).then((r) => r.heurekaParamCategories)
            }
          />
        </Stack>
      </Card>
      <HeurekaBrandsPanel />
    </Stack>
  );
}
