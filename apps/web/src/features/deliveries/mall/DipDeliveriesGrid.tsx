import { type Currency, ORDER_STATUSES, SHIPMENT_STATUSES } from '@pp/domain';
import { Anchor, Badge } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { useFormat } from '../../../app/i18n/format';
import { DataGrid, type DataGridColumn } from '../../../ui/DataGrid/DataGrid';
import { type DipDelivery, DIP_GRID_KEY, DipDeliveriesQuery } from './operations';

/** Colours of the shipment statuses: on the way, waiting at the point, done, and coming back. */
function shipmentColor(status: string | null): string {
  if (!status) return 'gray';
  if (status === 'DELIVERED') return 'green';
  if (status.startsWith('RETURN') || status === 'EXPIRED') return 'orange';
  if (status === 'READY_FOR_PICKUP') return 'violet';
  return 'blue';
}

/** The partner's Spectrum/DIP orders with their latest shipment status (newest first). */
export function DipDeliveriesGrid() {
  const { t } = useTranslation();
  const format = useFormat();
  const columns = useMemo(
    (): DataGridColumn<DipDelivery>[] => [
      {
        field: 'id',
        header: 'deliveries.mall.dip.columns.id',
        filterType: 'NUMBER',
        // Order ids pass 2^31: the filter takes what the server's int8 column takes.
        number: 'int8',
        sortable: true,
        render: (row) => (
          <Anchor
            size="sm"
            renderRoot={(props) => <Link {...props} to="/orders/$orderId" params={{ orderId: row.id }} />}
          >
            {row.id}
          </Anchor>
        ),
      },
      {
        field: 'shipmentStatus',
        header: 'deliveries.mall.dip.columns.shipmentStatus',
        filterType: 'ENUMS',
        options: SHIPMENT_STATUSES.map((s) => ({
          value: s,
          label: t(`orders.shipmentStatus.${s}`, { defaultValue: s }),
        })),
        render: (row) =>
          row.shipmentStatus ? (
            <Badge variant="light" color={shipmentColor(row.shipmentStatus)} miw="max-content">
              {t(`orders.shipmentStatus.${row.shipmentStatus}`, { defaultValue: row.shipmentStatus })}
            </Badge>
          ) : (
            '—'
          ),
      },
      {
        field: 'shipmentAt',
        header: 'deliveries.mall.dip.columns.shipmentAt',
        render: (row) => (row.shipmentAt ? format.dateTime(row.shipmentAt) : '—'),
      },
      {
        field: 'status',
        header: 'deliveries.mall.dip.columns.status',
        filterType: 'ENUMS',
        options: ORDER_STATUSES.map((s) => ({ value: s, label: t(`orders.status.${s}`) })),
        render: (row) => t(`orders.status.${row.status}`, { defaultValue: row.status }),
      },
      {
        field: 'createdAt',
        header: 'deliveries.mall.dip.columns.createdAt',
        filterType: 'DATETIME',
        render: (row) => format.dateTime(row.createdAt),
      },
      { field: 'customerName', header: 'deliveries.mall.dip.columns.customerName', filterType: 'TEXT' },
      { field: 'deliveryCity', header: 'deliveries.mall.dip.columns.deliveryCity', filterType: 'TEXT' },
      { field: 'branchId', header: 'deliveries.mall.dip.columns.branchId', filterType: 'TEXT', defaultVisible: false },
      {
        field: 'total',
        header: 'deliveries.mall.dip.columns.total',
        align: 'right',
        render: (row) => format.money(row.total, row.currency as Currency),
      },
    ],
    [t, format],
  );
  return (
    <DataGrid
      id="dip-deliveries"
      columns={columns}
      queryKey={DIP_GRID_KEY}
      rowKey={(row) => row.id}
      fetch={(grid, signal) => api.request(DipDeliveriesQuery, { grid }, { signal }).then((r) => r.dipDeliveries)}
      initialSort={{ field: 'id', direction: 'DESCENDING' }}
      card={{ title: 'id', subtitle: ['createdAt'], fields: ['shipmentStatus', 'status', 'customerName', 'total'] }}
      searchable
    />
  );
}
