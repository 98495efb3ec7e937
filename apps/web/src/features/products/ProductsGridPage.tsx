import {
  DELIVERY_CHECK_FILTERS,
  type GridSort,
  PRODUCT_GRID_STATUSES,
  PRODUCT_STAGES,
  PRODUCT_STATUSES,
} from '@pp/domain';
import { ActionIcon, Anchor, Button, Group, Image, Menu, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconCopy,
  IconEdit,
  IconPackage,
  IconPlayerPause,
  IconPlayerPlay,
  IconRocket,
  IconTrash,
  IconWand,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage } from '../../app/api/apiError';
import { useFormat } from '../../app/i18n/format';
import { canAccess } from '../../app/session/access';
import { useSession } from '../../app/session/session';
import { CellBadge } from '../../ui/DataGrid/CellBadge';
import {
  type ColumnsRevision,
  type DataGridCard,
  type DataGridColumn,
  DataGrid,
  type QuickFilter,
} from '../../ui/DataGrid/DataGrid';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { RowMenu } from '../../ui/DataGrid/RowMenu';
import { useDocumentTitle } from '../../ui/PageFrame';
import { formatOrderMoney } from '../orders/orderLabels';
import { BatchApplyDialog } from './BatchApplyDialog';
import { CopyDialog } from './CopyDialog';
import {
  type ProductRow,
  ProductsDeleteMutation,
  ProductsQuery,
  ProductsSetLiveMutation,
  ProductsSetStatusMutation,
  type ProductsView,
} from './operations';
import { refreshProducts } from './useProductsLive';

/** The quick filters of the products grids (spec §2). */
export const PRODUCT_QUICK_FILTERS: QuickFilter[] = [
  {
    id: 'active',
    label: 'products.grid.quick.active',
    filters: [{ field: 'status', operator: 'EQUAL', value: 'ACTIVE' }],
  },
  { id: 'draft', label: 'products.grid.quick.draft', filters: [{ field: 'stage', operator: 'EQUAL', value: 'DRAFT' }] },
  {
    id: 'inactive',
    label: 'products.grid.quick.inactive',
    filters: [{ field: 'status', operator: 'EQUAL', value: 'INACTIVE' }],
  },
  { id: 'live', label: 'products.grid.quick.live', filters: [{ field: 'stage', operator: 'EQUAL', value: 'LIVE' }] },
  {
    id: 'deliveryProblem',
    label: 'products.grid.quick.deliveryProblem',
    filters: [{ field: 'delivery', operator: 'IN', values: ['PROBLEM'] }],
  },
];

/**
 * The server applies each tab (the `view`: sold-out = stock 0, last items = 1 to 5, blocked); the web only
 * gives the sold-out tab its own first sort, title descending (spec §2). One grid id for all tabs: columns
 * and saved views follow the seller from tab to tab.
 */
const VIEW_SORTS: Partial<Record<ProductsView, GridSort>> = { SOLD_OUT: { field: 'title', direction: 'DESCENDING' } };

const DEFAULT_SORT: GridSort = { field: 'id', direction: 'DESCENDING' };

/**
 * The columns the products grid showed by default before its set was made to fit 1440 px again (review of
 * issue 19, after the Delivery column came): settings stored before lose them (gridState `ColumnsRevision`).
 */
const PRODUCT_COLUMNS_REVISION: ColumnsRevision = {
  revision: 1,
  retired: ['thumbUrl', 'brandId', 'categoryId', 'variantCount', 'deliveryDelay', 'updatedAt'],
};

/** A product's card on a phone: picture, title and code, and the numbers a seller corrects. */
const PRODUCT_CARD: DataGridCard = {
  media: 'thumbUrl',
  title: 'title',
  subtitle: ['id'],
  fields: ['price', 'inStock', 'status', 'stage', 'gridStatus', 'delivery'],
};

const STATUS_COLORS: Record<string, string> = { ACTIVE: 'green', INACTIVE: 'gray', NOT_FOR_RESALE: 'orange' };
const GRID_STATUS_COLORS: Record<string, string> = {
  active: 'green',
  draft: 'blue',
  canceled: 'gray',
  confirm_error: 'orange',
  error: 'red',
};

function ProductThumb({ row }: { row: ProductRow }) {
  // Only the portal's own pictures: a seller's URL not fetched yet would be blocked by the CSP (a broken image).
  if (!row.thumbUrl?.startsWith('/media/')) {
    return (
      <ThemeIcon variant="light" color="gray" size={40} radius="sm" aria-hidden>
        <IconPackage size={20} />
      </ThemeIcon>
    );
  }
  return <Image src={row.thumbUrl} alt={row.title} w={40} h={40} fit="contain" radius="sm" loading="lazy" />;
}

function useProductColumns(): DataGridColumn<ProductRow>[] {
  const { t } = useTranslation();
  const format = useFormat();
  return useMemo((): DataGridColumn<ProductRow>[] => {
    const enums = (values: readonly string[], label: (v: string) => string) =>
      values.map((value) => ({ value, label: label(value) }));
    const count = (field: 'inStock' | 'variantCount' | 'deliveryDelay', sortable: boolean, visible = true) => ({
      field,
      header: `products.grid.columns.${field}`,
      filterType: 'NUMBER' as const,
      number: 'int4' as const,
      sortable,
      defaultVisible: visible,
      align: 'right' as const,
      render: (row: ProductRow) => <span data-testid={`product-${field}`}>{format.number(row[field])}</span>,
    });
    const when = (field: 'updatedAt' | 'createdAt', visible: boolean): DataGridColumn<ProductRow> => ({
      field,
      header: `products.grid.columns.${field}`,
      filterType: 'DATETIME',
      sortable: true,
      defaultVisible: visible,
      render: (row) => format.dateTime(row[field]),
    });
    return [
      // The default set fits 1440 px with the longest badges (review of issue 19); the columns moved to the picker
      // are PRODUCT_COLUMNS_REVISION's, in the order a chosen one comes back in.
      {
        field: 'thumbUrl',
        header: 'products.grid.columns.image',
        defaultVisible: false,
        render: (row) => <ProductThumb row={row} />,
      },
      {
        field: 'id',
        header: 'products.grid.columns.id',
        filterType: 'TEXT',
        sortable: true,
        render: (row) => (
          <Text size="sm" ff="monospace">
            {row.id}
          </Text>
        ),
      },
      {
        field: 'title',
        header: 'products.grid.columns.title',
        filterType: 'TEXT',
        sortable: true,
        render: (row) => (
          <Anchor
            fw={600}
            size="sm"
            renderRoot={(props) => <Link {...props} to="/products/detail/{-$id}" params={{ id: row.id }} />}
            data-testid="product-link"
            style={{ whiteSpace: 'normal', display: 'inline-block', minWidth: 200, maxWidth: 360 }}
          >
            {row.title}
          </Anchor>
        ),
      },
      {
        field: 'brandId',
        header: 'products.grid.columns.brand',
        filterType: 'TEXT',
        defaultVisible: false,
        render: (row) => row.brandName ?? row.brandId ?? '—',
      },
      {
        field: 'categoryId',
        header: 'products.grid.columns.category',
        filterType: 'NUMBER',
        number: 'int4',
        wrap: true,
        defaultVisible: false,
        render: (row) => row.categoryName ?? (row.categoryId != null ? String(row.categoryId) : '—'),
      },
      {
        field: 'price',
        header: 'products.grid.columns.price',
        filterType: 'NUMBER',
        number: 'decimal',
        sortable: true,
        align: 'right',
        render: (row) => (row.price != null ? formatOrderMoney(row.price, row.currency, format.locale) : '—'),
      },
      count('inStock', true),
      {
        field: 'status',
        header: 'products.grid.columns.status',
        filterType: 'ENUMS',
        options: enums(PRODUCT_STATUSES, (s) => t(`products.grid.status.${s}`)),
        render: (row) => (
          <CellBadge color={STATUS_COLORS[row.status] ?? 'gray'} testId="product-status">
            {t(`products.grid.status.${row.status}`)}
          </CellBadge>
        ),
      },
      {
        field: 'stage',
        header: 'products.grid.columns.stage',
        filterType: 'ENUMS',
        options: enums(PRODUCT_STAGES, (s) => t(`products.grid.stage.${s}`)),
        render: (row) => (
          <CellBadge variant="outline" color={row.stage === 'LIVE' ? 'teal' : 'gray'} testId="product-stage">
            {t(`products.grid.stage.${row.stage}`)}
          </CellBadge>
        ),
      },
      {
        field: 'gridStatus',
        header: 'products.grid.columns.gridStatus',
        filterType: 'ENUMS',
        options: enums(PRODUCT_GRID_STATUSES, (s) => t(`products.grid.gridStatus.${s}`)),
        render: (row) => (
          <CellBadge variant="dot" color={GRID_STATUS_COLORS[row.gridStatus] ?? 'gray'}>
            {t(`products.grid.gridStatus.${row.gridStatus}`, { defaultValue: row.gridStatus })}
          </CellBadge>
        ),
      },
      {
        // The partner's delivery methods against the product's package size, dimensions and weight (deliveries).
        field: 'delivery',
        header: 'products.grid.columns.delivery',
        filterType: 'ENUMS',
        options: enums(DELIVERY_CHECK_FILTERS, (v) => t(`deliveries.checks.filter.${v}`)),
        render: (row) => (
          <CellBadge
            variant="dot"
            color={row.delivery === 'OK' ? 'green' : 'red'}
            testId="product-delivery"
            state={row.delivery}
          >
            {t(`deliveries.checks.state.${row.delivery}`, { defaultValue: row.delivery })}
          </CellBadge>
        ),
      },
      count('variantCount', false, false),
      count('deliveryDelay', false, false),
      { field: 'barcode', header: 'products.grid.columns.barcode', filterType: 'TEXT', defaultVisible: false },
      {
        field: 'blocked',
        header: 'products.grid.columns.blocked',
        filterType: 'BOOLEAN',
        defaultVisible: false,
        render: (row) => t(row.blocked ? 'grid.boolean.true' : 'grid.boolean.false'),
      },
      {
        field: 'hasErrors',
        header: 'products.grid.columns.hasErrors',
        filterType: 'BOOLEAN',
        defaultVisible: false,
        render: (row) => t(row.hasErrors ? 'grid.boolean.true' : 'grid.boolean.false'),
      },
      when('updatedAt', false),
      when('createdAt', false),
    ];
  }, [t, format]);
}

/** A question before a change that cannot be undone (delete). */
function ConfirmDelete({ ids, onClose, onDone }: { ids: string[] | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (productIds: string[]) =>
      api.request(ProductsDeleteMutation, { ids: productIds }).then((r) => r.productsDelete),
    onSuccess: (count) => {
      refreshProducts(queryClient);
      flash.success(t('products.grid.deleted', { count }));
      onDone();
      close();
    },
  });
  function close() {
    remove.reset();
    onClose();
  }
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={ids !== null}
      onClose={close}
      title={t('products.grid.deleteTitle')}
      centered
    >
      <Stack gap="md" data-testid="product-delete-dialog">
        <Text size="sm">
          {ids?.length === 1
            ? t('products.grid.deleteOne', { id: ids[0] })
            : t('products.grid.deleteMany', { count: ids?.length ?? 0 })}
        </Text>
        {remove.isError && <ErrorAlert error={remove.error} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={remove.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            leftSection={<IconTrash size={16} />}
            loading={remove.isPending}
            onClick={() => ids && remove.mutate(ids)}
            data-testid="product-delete-submit"
          >
            {t('products.grid.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ProductsGrid({ view }: { view: ProductsView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const session = useSession();
  const columns = useProductColumns();
  const canUpdate = canAccess(session, 'products', 'update');
  const canCreate = canAccess(session, 'products', 'create');
  const canDelete = canAccess(session, 'products', 'delete');
  const [copyId, setCopyId] = useState<string | null>(null);
  const [deleteIds, setDeleteIds] = useState<string[] | null>(null);
  const [batchIds, setBatchIds] = useState<string[] | null>(null);
  const [afterBulk, setAfterBulk] = useState<() => void>(() => () => {});

  const bulk = useMutation({
    mutationFn: async (change: { ids: string[]; to: 'LIVE' | 'ACTIVE' | 'INACTIVE' }) =>
      change.to === 'LIVE'
        ? api.request(ProductsSetLiveMutation, { ids: change.ids }).then((r) => r.productsSetLive)
        : api
            .request(ProductsSetStatusMutation, { ids: change.ids, status: change.to })
            .then((r) => r.productsSetStatus),
    onSuccess: (count, change) => {
      refreshProducts(queryClient);
      flash.success(t(`products.grid.bulkDone.${change.to}`, { count }));
      afterBulk();
    },
    onError: (error) => flash.error(errorMessage(error, t)),
  });

  return (
    <>
      <DataGrid
        id="products"
        columns={columns}
        queryKey={['products', view]}
        rowKey={(row) => row.id}
        fetch={(grid, signal) => api.request(ProductsQuery, { view, grid }, { signal }).then((r) => r.products)}
        initialSort={VIEW_SORTS[view] ?? DEFAULT_SORT}
        quickFilters={PRODUCT_QUICK_FILTERS}
        card={PRODUCT_CARD}
        columnsRevision={PRODUCT_COLUMNS_REVISION}
        selectable={canUpdate || canDelete}
        bulkActions={(selected, clear) => {
          const ids = selected.map((row) => row.id);
          const run = (to: 'LIVE' | 'ACTIVE' | 'INACTIVE') => {
            setAfterBulk(() => clear);
            bulk.mutate({ ids, to });
          };
          return (
            <>
              {canUpdate && (
                <>
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconRocket size={14} />}
                    loading={bulk.isPending && bulk.variables?.to === 'LIVE'}
                    onClick={() => run('LIVE')}
                    data-testid="bulk-set-live"
                  >
                    {t('products.grid.setLive')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconPlayerPlay size={14} />}
                    loading={bulk.isPending && bulk.variables?.to === 'ACTIVE'}
                    onClick={() => run('ACTIVE')}
                    data-testid="bulk-activate"
                  >
                    {t('products.grid.activate')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconPlayerPause size={14} />}
                    loading={bulk.isPending && bulk.variables?.to === 'INACTIVE'}
                    onClick={() => run('INACTIVE')}
                    data-testid="bulk-deactivate"
                  >
                    {t('products.grid.deactivate')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconWand size={14} />}
                    onClick={() => {
                      setAfterBulk(() => clear);
                      setBatchIds(ids);
                    }}
                    data-testid="bulk-batch-apply"
                  >
                    {t('products.batch.open')}
                  </Button>
                </>
              )}
              {canDelete && (
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => {
                    setAfterBulk(() => clear);
                    setDeleteIds(ids);
                  }}
                  data-testid="bulk-delete"
                >
                  {t('products.grid.delete')}
                </Button>
              )}
            </>
          );
        }}
        rowActions={(row) => (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={t('products.grid.edit', { id: row.id })}
              renderRoot={(props) => <Link {...props} to="/products/detail/{-$id}" params={{ id: row.id }} />}
              data-testid="product-edit"
            >
              <IconEdit size={16} />
            </ActionIcon>
            {(canCreate || canDelete) && (
              <RowMenu label={t('products.grid.moreActions', { id: row.id })} testId="product-more">
                {canCreate && (
                  <Menu.Item
                    leftSection={<IconCopy size={14} />}
                    onClick={() => setCopyId(row.id)}
                    data-testid="product-copy"
                  >
                    {t('products.grid.copy')}
                  </Menu.Item>
                )}
                {canDelete && (
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    onClick={() => {
                      setAfterBulk(() => () => {});
                      setDeleteIds([row.id]);
                    }}
                    data-testid="product-delete"
                  >
                    {t('products.grid.delete')}
                  </Menu.Item>
                )}
              </RowMenu>
            )}
          </Group>
        )}
      />
      <CopyDialog sourceId={copyId} onClose={() => setCopyId(null)} />
      <ConfirmDelete ids={deleteIds} onClose={() => setDeleteIds(null)} onDone={() => afterBulk()} />
      <BatchApplyDialog productIds={batchIds} onClose={() => setBatchIds(null)} onDone={() => afterBulk()} />
    </>
  );
}

function ProductsTab({ view }: { view: ProductsView }) {
  useDocumentTitle('products');
  return <ProductsGrid view={view} />;
}

export const ProductsOverviewPage = () => <ProductsTab view="ALL" />;
export const ProductsSoldOutPage = () => <ProductsTab view="SOLD_OUT" />;
export const ProductsLastItemsPage = () => <ProductsTab view="LAST_ITEMS" />;
export const ProductsBlockedPage = () => <ProductsTab view="BLOCKED" />;
