import {
  allowedStatusMoves,
  BULK_STATUS_MAX,
  DEFAULT_PAGE_SIZE,
  encodeFilter,
  type GridFilter,
  type OrderChip,
  ORDER_STATUSES,
  type OrderStatus,
  PICKING_LIST_MAX,
} from '@pp/domain';
import { Button, Chip, Group, Menu, Switch } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconListCheck, IconPrinter } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { usePermission } from '../../app/session/permission';
import { DataGrid } from '../../ui/DataGrid/DataGrid';
import { ExportButton } from '../../ui/DataGrid/ExportButton';
import {
  buildGridRequest,
  INITIAL_SORT,
  readGridUrlState,
  type SearchParams,
  writeGridUrlState,
} from '../../ui/DataGrid/gridState';
import { useDocumentTitle } from '../../ui/PageFrame';
import { PermissionGate } from '../../ui/PermissionGate';
import { SlaBreachBanner } from '../sla/SlaBreachBanner';
import { slaBreachFilter, slaBreachOfSearch } from '../sla/slaBreach';
import { LabelsDialog } from './LabelsDialog';
import { type OrderRow, OrdersQuery, type OrdersView } from './operations';
import { ORDER_QUICK_FILTERS } from './quickFilters';
import { BulkShipDialog } from './BulkShipDialog';
import type { ShipOrder } from './bulkShip';
import { StatusChangeDialog, type StatusTarget } from './StatusChangeDialog';
import { ORDER_CARD, useOrderColumns } from './ordersColumns';

/**
 * The spec's six chips a seller filters by, each a BOOLEAN field of the grid (true = orders with the chip).
 * MALL Delivery and ready-to-return are the order's own flags, already columns: their chips use those fields,
 * so a filter reads with the column's name and the picker lists each column once.
 */
const CHIP_FIELDS = {
  cashOnDelivery: 'cashOnDelivery',
  deliveryToAddress: 'deliveryToAddress',
  mallDelivery: 'isMallDelivery',
  personalPickup: 'personalPickup',
  readyToReturn: 'readyToReturn',
  waitingForPayment: 'waitingForPayment',
} as const satisfies Record<OrderChip, string>;
const CHIP_FILTERS = Object.keys(CHIP_FIELDS) as OrderChip[];
const TEST_FILTER: GridFilter = { field: 'isTest', operator: 'EQUAL', value: 'true' };

/** Chips and the test-orders switch above the grid: each one filter of the grid, kept in the address. */
function ChipFilters({
  filters,
  onChange,
  extra,
}: {
  filters: GridFilter[];
  onChange: (next: GridFilter[]) => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const has = (field: string) => filters.some((f) => f.field === field && f.operator === 'EQUAL' && f.value === 'true');
  const toggle = (field: string, on: boolean) => {
    const rest = filters.filter((f) => f.field !== field);
    onChange(on ? [...rest, { field, operator: 'EQUAL', value: 'true' }] : rest);
  };
  return (
    <Group gap="xs" wrap="wrap" justify="space-between">
      <Group gap={6} wrap="wrap" role="group" aria-label={t('orders.grid.chipFilters')}>
        {CHIP_FILTERS.map((chip) => (
          <Chip
            key={chip}
            size="xs"
            checked={has(CHIP_FIELDS[chip])}
            onChange={(on) => toggle(CHIP_FIELDS[chip], on)}
            data-testid={`chip-filter-${chip}`}
          >
            {t(`orders.chips.${chip}`)}
          </Chip>
        ))}
      </Group>
      <Group gap="sm" wrap="wrap">
        {extra}
        <Switch
          label={t('orders.grid.showTestOrders')}
          checked={has(TEST_FILTER.field)}
          onChange={(e) => toggle(TEST_FILTER.field, e.currentTarget.checked)}
          data-testid="orders-test-switch"
        />
      </Group>
    </Group>
  );
}

/**
 * The spec's other order files (commerce §7): Zásilkovna's (Packeta's) import layout of the pickup-point
 * orders and the billing export (one row per item), of the same filtered list the grid shows.
 */
function OrderExports({ view, filters }: { view: OrdersView; filters: GridFilter[] }) {
  const { t } = useTranslation();
  const search = useSearch({ strict: false }) as SearchParams;
  const request = buildGridRequest(
    { ...readGridUrlState(search), filters },
    { perPage: DEFAULT_PAGE_SIZE, initialSort: INITIAL_SORT },
  );
  return (
    <>
      <ExportButton
        kind={view === 'MISSING' ? 'orders-missing-zasilkovna' : 'orders-zasilkovna'}
        request={request}
        params={{ view }}
        interval="createdAt"
        label={t('orders.exports.zasilkovna')}
        testId="export-zasilkovna"
      />
      <ExportButton
        kind="billing-orders"
        request={request}
        params={{ view }}
        interval="createdAt"
        label={t('orders.exports.billing')}
        testId="export-billing"
      />
    </>
  );
}

/** The statuses at least one picked order may move to; the server still judges each order. */
function bulkMoves(rows: readonly OrderRow[]): OrderStatus[] {
  const moves = new Set<OrderStatus>();
  for (const row of rows) {
    for (const to of allowedStatusMoves({
      status: row.status,
      confirmed: row.confirmed,
      mallDelivery: row.isMallDelivery,
    })) {
      moves.add(to);
    }
  }
  return ORDER_STATUSES.filter((s) => moves.has(s));
}

function OrdersGrid({ view, gridId, exportKind }: { view: OrdersView; gridId: string; exportKind: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as SearchParams;
  const urlState = readGridUrlState(search);
  // Opened from an SLA figure: its failed orders, a filter the grid always sends (the banner says which).
  const slaBreach = slaBreachOfSearch(search);
  const columns = useOrderColumns();
  const [statusTarget, setStatusTarget] = useState<StatusTarget | null>(null);
  const [shipOrders, setShipOrders] = useState<ShipOrder[] | null>(null);
  const [labelIds, setLabelIds] = useState<string[]>([]);
  const [labelsOpened, labels] = useDisclosure(false);
  const [clearSelection, setClearSelection] = useState<() => void>(() => () => {});
  const mayUpdate = usePermission('orders', 'update');

  const setFilters = (filters: GridFilter[]) => {
    const unique = [...new Map(filters.map((f) => [encodeFilter(f), f])).values()];
    void navigate({
      to: '.',
      search: ((prev: SearchParams) => writeGridUrlState(prev, { ...urlState, filters: unique, page: 1 })) as never,
      replace: true,
    });
  };

  return (
    <>
      {slaBreach && <SlaBreachBanner breach={slaBreach} />}
      <ChipFilters
        filters={urlState.filters}
        onChange={setFilters}
        extra={<OrderExports view={view} filters={urlState.filters} />}
      />
      <DataGrid
        id={gridId}
        columns={columns}
        queryKey={['orders', view]}
        permanentFilters={slaBreach ? [slaBreachFilter(slaBreach)] : undefined}
        rowKey={(row) => row.id}
        fetch={(grid, signal) => api.request(OrdersQuery, { view, grid }, { signal }).then((r) => r.orders)}
        quickFilters={[...ORDER_QUICK_FILTERS]}
        card={ORDER_CARD}
        selectable
        exportKind={exportKind}
        exportParams={{ view }}
        exportInterval="createdAt"
        bulkActions={(selected, clear) => {
          const moves = bulkMoves(selected);
          const tooMany = selected.length > BULK_STATUS_MAX;
          return (
            <>
              {!mayUpdate.allowed ? (
                <PermissionGate permission={mayUpdate}>
                  <Button
                    size="compact-sm"
                    variant="light"
                    rightSection={<IconChevronDown size={14} />}
                    data-testid="bulk-status"
                  >
                    {t('orders.bulk.changeStatus')}
                  </Button>
                </PermissionGate>
              ) : (
                <Menu position="bottom-start" withinPortal>
                  <Menu.Target>
                    <Button
                      size="compact-sm"
                      variant="light"
                      rightSection={<IconChevronDown size={14} />}
                      data-testid="bulk-status"
                    >
                      {t('orders.bulk.changeStatus')}
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {tooMany && <Menu.Label>{t('orders.bulk.tooMany', { max: BULK_STATUS_MAX })}</Menu.Label>}
                    {!tooMany && moves.length === 0 && <Menu.Label>{t('orders.bulk.noMoves')}</Menu.Label>}
                    {moves.map((to) => (
                      <Menu.Item
                        key={to}
                        disabled={tooMany}
                        data-testid={`bulk-status-${to}`}
                        onClick={() => {
                          setClearSelection(() => clear);
                          // Shipping asks each order's own tracking number (typed or pasted), not one for all.
                          if (to === 'shipped') return setShipOrders([...selected]);
                          setStatusTarget({
                            orderIds: selected.map((r) => r.id),
                            createdAt: selected.map((r) => r.createdAt),
                            status: to,
                          });
                        }}
                      >
                        {t(`orders.status.${to}`)}
                      </Menu.Item>
                    ))}
                  </Menu.Dropdown>
                </Menu>
              )}
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconPrinter size={14} />}
                onClick={() => {
                  setLabelIds(selected.map((r) => r.id));
                  labels.open();
                }}
                data-testid="bulk-labels"
              >
                {t('orders.bulk.printLabels')}
              </Button>
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconListCheck size={14} />}
                disabled={selected.length > PICKING_LIST_MAX}
                title={
                  selected.length > PICKING_LIST_MAX
                    ? t('orders.bulk.pickingListMax', { max: PICKING_LIST_MAX })
                    : undefined
                }
                renderRoot={(props) => (
                  <Link
                    {...props}
                    to="/orders-stock-export/$ids"
                    params={{ ids: selected.map((r) => r.id).join(',') }}
                    target="_blank"
                  />
                )}
                data-testid="bulk-picking-list"
              >
                {t('orders.bulk.pickingList')}
              </Button>
            </>
          );
        }}
      />
      <StatusChangeDialog target={statusTarget} onClose={() => setStatusTarget(null)} onDone={() => clearSelection()} />
      <BulkShipDialog orders={shipOrders} onClose={() => setShipOrders(null)} onDone={() => clearSelection()} />
      <LabelsDialog orderIds={labelIds} opened={labelsOpened} onClose={labels.close} />
    </>
  );
}

function OrdersTab({ view, exportKind = 'orders' }: { view: OrdersView; exportKind?: string }) {
  useDocumentTitle('orders');
  // One grid id for the status tabs: columns and saved views follow the seller from tab to tab.
  return <OrdersGrid view={view} gridId={view === 'MISSING' ? 'orders-missing' : 'orders'} exportKind={exportKind} />;
}

export const OrdersOverviewPage = () => <OrdersTab view="ALL" />;
export const OrdersOpenPage = () => <OrdersTab view="OPEN" />;
export const OrdersShippingPage = () => <OrdersTab view="SHIPPING" />;
export const OrdersShippedPage = () => <OrdersTab view="SHIPPED" />;
export const OrdersDeliveredPage = () => <OrdersTab view="DELIVERED" />;
export const OrdersMissingPage = () => <OrdersTab view="MISSING" exportKind="orders-missing" />;
