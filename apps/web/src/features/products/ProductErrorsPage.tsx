import { PRODUCT_ERRORS_PAGE } from '@pp/domain';
import { Anchor, Badge, List, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useFormat } from '../../app/i18n/format';
import { type DataGridColumn, DataGrid } from '../../ui/DataGrid/DataGrid';
import { useDocumentTitle } from '../../ui/PageFrame';
import { issueFieldLabel, issueMessage } from './issueText';
import { type ProductErrorRow, ProductErrorsQuery } from './operations';

const SOURCES = ['IMPORT', 'FORM', 'MARKETPLACE', 'MEDIA'] as const;
const SOURCE_COLORS: Record<string, string> = { IMPORT: 'blue', FORM: 'grape', MARKETPLACE: 'orange', MEDIA: 'teal' };

function useErrorColumns(): DataGridColumn<ProductErrorRow>[] {
  const { t } = useTranslation();
  const format = useFormat();
  return useMemo(
    (): DataGridColumn<ProductErrorRow>[] => [
      {
        field: 'productId',
        header: 'products.grid.errors.productId',
        filterType: 'TEXT',
        render: (row) => (
          <Anchor
            size="sm"
            fw={600}
            ff="monospace"
            renderRoot={(props) => <Link {...props} to="/products/detail/{-$id}" params={{ id: row.productId }} />}
            data-testid="product-error-link"
          >
            {row.productId}
          </Anchor>
        ),
      },
      {
        field: 'issues',
        header: 'products.grid.errors.issues',
        render: (row) => (
          <List
            size="sm"
            spacing={2}
            style={{ whiteSpace: 'normal', minWidth: 280 }}
            data-testid="product-error-issues"
          >
            {row.issues.map((issue, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: issues have no identity; the same rule may repeat
              <List.Item key={i}>
                <Text span size="sm" fw={600}>
                  {issueFieldLabel(issue.field, t)}:
                </Text>{' '}
                {issueMessage(issue.rule, issue.params, t)}
              </List.Item>
            ))}
          </List>
        ),
      },
      {
        field: 'source',
        header: 'products.grid.errors.source',
        filterType: 'ENUMS',
        options: SOURCES.map((value) => ({ value, label: t(`products.grid.errors.sources.${value}`) })),
        render: (row) => (
          <Badge miw="max-content" variant="light" color={SOURCE_COLORS[row.source] ?? 'gray'}>
            {t(`products.grid.errors.sources.${row.source}`, { defaultValue: row.source })}
          </Badge>
        ),
      },
      {
        field: 'createdAt',
        header: 'products.grid.errors.createdAt',
        filterType: 'DATETIME',
        render: (row) => format.dateTime(row.createdAt),
      },
    ],
    [t, format],
  );
}

/** The errors tab (spec §2): every refused item with its reasons, 100 per page. */
export function ProductErrorsPage() {
  useDocumentTitle('products');
  const columns = useErrorColumns();
  return (
    <DataGrid
      id="product-errors"
      columns={columns}
      queryKey={['productErrors']}
      rowKey={(row) => row.id}
      fetch={(grid, signal) => api.request(ProductErrorsQuery, { grid }, { signal }).then((r) => r.productErrors)}
      // The newest refusals first: the server's order (by id), the only sort of this list.
      initialSort={{ field: 'id', direction: 'DESCENDING' }}
      fixedPerPage={PRODUCT_ERRORS_PAGE}
    />
  );
}
