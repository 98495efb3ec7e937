import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { useFormat } from '../../../app/i18n/format';
import type { DataGridColumn } from '../../../ui/DataGrid/DataGrid';
import { OverridesManager } from './OverridesManager';
import {
  type BoxOverrideRow,
  type CategoryOverrideRow,
  HeurekaBoxOverridesQuery,
  HeurekaCategoryOverridesQuery,
  HeurekaMediaOverridesQuery,
  type MediaOverrideRow,
} from './overrideOperations';

/**
 * The three override pages of the Heureka feed (spec routes products-management, box-management,
 * media-management): each is the shared OverridesManager with its kind's grid columns.
 */

const BOX_TYPES = ['SMALLBOX', 'BIGBOX'] as const;

/** The columns every kind shares: the product id first, the last change at the end. */
function useCommonColumns<Row extends { partnerProductId: string; updated: string }>() {
  const { t } = useTranslation();
  const format = useFormat();
  return useMemo(
    () => ({
      product: {
        field: 'productId',
        header: 'feeds.heureka.overrides.columns.productId',
        filterType: 'TEXT',
        sortable: true,
        render: (row: Row) => (
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {row.partnerProductId}
          </Text>
        ),
      } satisfies DataGridColumn<Row>,
      updated: {
        field: 'updated',
        header: 'feeds.heureka.overrides.columns.updated',
        filterType: 'DATETIME_BETWEEN',
        sortable: true,
        render: (row: Row) => format.dateTime(row.updated),
      } satisfies DataGridColumn<Row>,
      flag: (field: string, value: (row: Row) => boolean): DataGridColumn<Row> => ({
        field,
        header: `feeds.heureka.overrides.columns.${field}`,
        filterType: 'BOOLEAN',
        sortable: true,
        render: (row) =>
          value(row) ? (
            <Badge variant="light" color="blue">
              {t('feeds.heureka.overrides.yes')}
            </Badge>
          ) : (
            <Text size="sm" c="dimmed">
              {t('feeds.heureka.overrides.no')}
            </Text>
          ),
      }),
    }),
    [t, format],
  );
}

export function HeurekaProductsManagementPage() {
  const common = useCommonColumns<CategoryOverrideRow>();
  const columns = useMemo(
    (): DataGridColumn<CategoryOverrideRow>[] => [
      common.product,
      {
        field: 'categoryId',
        header: 'feeds.heureka.overrides.columns.category',
        filterType: 'NUMBER',
        sortable: true,
        wrap: true,
        render: (row) => (
          <Stack gap={0}>
            <Text size="sm">{row.categoryPath.join(' › ')}</Text>
            <Text size="xs" c="dimmed">
              {row.categoryId} · {row.sapCategoryId}
            </Text>
          </Stack>
        ),
      },
      {
        field: 'param',
        header: 'feeds.heureka.overrides.columns.param',
        filterType: 'TEXT',
        sortable: true,
        render: (row) => row.param || '—',
      },
      {
        field: 'value',
        header: 'feeds.heureka.overrides.columns.value',
        filterType: 'TEXT',
        sortable: true,
        wrap: true,
        render: (row) => row.value || '—',
      },
      common.updated,
    ],
    [common],
  );
  return (
    <OverridesManager<CategoryOverrideRow>
      kind="CATEGORY"
      route="heurekaFeedProductsManagement"
      columns={columns}
      card={{ title: 'productId', fields: ['categoryId', 'param', 'value', 'updated'] }}
      fetch={(grid, signal) =>
        api.request(HeurekaCategoryOverridesQuery, { grid }, { signal }).then((r) => r.heurekaCategoryOverrides)
      }
    />
  );
}

export function HeurekaBoxManagementPage() {
  const { t } = useTranslation();
  const common = useCommonColumns<BoxOverrideRow>();
  const columns = useMemo(
    (): DataGridColumn<BoxOverrideRow>[] => [
      common.product,
      {
        field: 'boxType',
        header: 'feeds.heureka.overrides.columns.boxType',
        filterType: 'ENUMS',
        options: BOX_TYPES.map((value) => ({ value, label: t(`feeds.heureka.overrides.boxTypes.${value}`) })),
        render: (row) => (
          <Badge variant="light" color={row.boxType === 'BIGBOX' ? 'grape' : 'teal'}>
            {t(`feeds.heureka.overrides.boxTypes.${row.boxType}`)}
          </Badge>
        ),
      },
      common.updated,
    ],
    [common, t],
  );
  return (
    <OverridesManager<BoxOverrideRow>
      kind="BOX"
      route="heurekaFeedBoxManagement"
      columns={columns}
      card={{ title: 'productId', fields: ['boxType', 'updated'] }}
      fetch={(grid, signal) =>
        api.request(HeurekaBoxOverridesQuery, { grid }, { signal }).then((r) => r.heurekaBoxOverrides)
      }
    />
  );
}

export function HeurekaMediaManagementPage() {
  const common = useCommonColumns<MediaOverrideRow>();
  const columns = useMemo(
    (): DataGridColumn<MediaOverrideRow>[] => [
      common.product,
      {
        field: 'url',
        header: 'feeds.heureka.overrides.columns.url',
        filterType: 'TEXT',
        sortable: true,
        wrap: true,
        render: (row) => (
          <Anchor
            href={row.url}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            style={{ overflowWrap: 'anywhere' }}
          >
            {row.url}
          </Anchor>
        ),
      },
      common.flag('energyLabel', (row) => row.energyLabel),
      common.flag('informationList', (row) => row.informationList),
      common.flag('excluded', (row) => row.excluded),
      common.updated,
    ],
    [common],
  );
  return (
    <OverridesManager<MediaOverrideRow>
      kind="MEDIA"
      route="heurekaFeedMediaManagement"
      columns={columns}
      card={{ title: 'productId', fields: ['url', 'energyLabel', 'informationList', 'excluded'] }}
      fetch={(grid, signal) =>
        api.request(HeurekaMediaOverridesQuery, { grid }, { signal }).then((r) => r.heurekaMediaOverrides)
      }
    />
  );
}
