import {
  availableShopIds,
  CURRENCIES,
  DELIVERY_METHODS,
  MARKETS,
  ORDER_STATUSES,
  ORDER_TYPES,
  PAYMENT_GROUPS,
  PAYMENT_TYPE_CODES,
} from '@pp/domain';
import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeatureFlags } from '../../app/flags';
import { useFormat } from '../../app/i18n/format';
import type { DataGridCard, DataGridColumn } from '../../ui/DataGrid/DataGrid';
import type { OrderRow } from './operations';
import { countryName, formatOrderMoney, OrderChips, StatusBadge } from './orderLabels';

// The orders grid's columns and its phone card, shared by every orders tab.

/** The chips that are no flag of their own get a column (hidden at first). */
const CHIP_COLUMNS = ['cashOnDelivery', 'deliveryToAddress', 'personalPickup', 'waitingForPayment'] as const;
/** An order's card on a phone: its number, when and who, and what a seller acts on. */
export const ORDER_CARD: DataGridCard = {
  title: 'id',
  subtitle: ['createdAt', 'customerName'],
  fields: ['total', 'status', 'deliveryDate', 'trackingNumber', 'chips'],
};

export function useOrderColumns(): DataGridColumn<OrderRow>[] {
  const { t } = useTranslation();
  const format = useFormat();
  const flags = useFeatureFlags();
  return useMemo((): DataGridColumn<OrderRow>[] => {
    const text = (field: keyof OrderRow, visible = true, sortable = false): DataGridColumn<OrderRow> => ({
      field,
      header: `orders.columns.${field}`,
      filterType: 'TEXT',
      sortable,
      defaultVisible: visible,
      render: (row) => (row[field] as string | null) || '—',
    });
    const when = (field: 'createdAt' | 'shippedAt' | 'deliveredAt', visible: boolean): DataGridColumn<OrderRow> => ({
      field,
      header: `orders.columns.${field}`,
      filterType: 'DATETIME',
      sortable: true,
      defaultVisible: visible,
      render: (row) => (row[field] ? format.dateTime(row[field]) : '—'),
    });
    const flag = (field: 'isTest' | 'isMallDelivery' | 'readyToReturn' | 'confirmed'): DataGridColumn<OrderRow> => ({
      field,
      header: `orders.columns.${field}`,
      filterType: 'BOOLEAN',
      defaultVisible: false,
      render: (row) => t(row[field] ? 'grid.boolean.true' : 'grid.boolean.false'),
    });
    const chip = (field: (typeof CHIP_COLUMNS)[number]): DataGridColumn<OrderRow> => ({
      field,
      header: `orders.chips.${field}`,
      filterType: 'BOOLEAN',
      defaultVisible: false,
      render: (row) => t(row.chips.includes(field) ? 'grid.boolean.true' : 'grid.boolean.false'),
    });
    const enums = (values: readonly string[], label: (v: string) => string) =>
      values.map((value) => ({ value, label: label(value) }));
    return [
      // The shipping view fits 1440 px (issue 18): order, date, customer, total, expected delivery, status,
      // tracking and the labels; the rest waits in the column picker, in the order a chosen column comes back in.
      {
        field: 'id',
        header: 'orders.columns.id',
        filterType: 'NUMBER',
        number: 'int8',
        sortable: true,
        render: (row) => (
          <Anchor
            fw={600}
            size="sm"
            renderRoot={(props) => <Link {...props} to="/orders/$orderId" params={{ orderId: row.id }} />}
            data-testid="order-link"
          >
            {row.id}
          </Anchor>
        ),
      },
      when('createdAt', true),
      {
        ...text('customerName', true, true),
        render: (row) => (
          <Text size="sm" fw={500}>
            {row.customerName || '—'}
          </Text>
        ),
      },
      {
        field: 'total',
        header: 'orders.columns.total',
        filterType: 'NUMBER',
        number: 'decimal',
        sortable: true,
        align: 'right',
        render: (row) => formatOrderMoney(row.total, row.currency, format.locale),
      },
      {
        field: 'deliveryDate',
        header: 'orders.columns.deliveryDate',
        filterType: 'DATE',
        sortable: true,
        render: (row) => (row.deliveryDate ? format.date(row.deliveryDate) : '—'),
      },
      {
        // The ship-by date of the working-day calendar: the home page's "to ship today" and "overdue" filter by it.
        field: 'dispatchDate',
        header: 'orders.columns.dispatchDate',
        filterType: 'DATE',
        defaultVisible: false,
        render: (row) => (row.dispatchDate ? format.date(row.dispatchDate) : '—'),
      },
      {
        field: 'status',
        header: 'orders.columns.status',
        filterType: 'ENUMS',
        options: enums(ORDER_STATUSES, (s) => t(`orders.status.${s}`)),
        render: (row) => <StatusBadge status={row.status} />,
      },
      text('trackingNumber'),
      {
        field: 'chips',
        header: 'orders.columns.chips',
        // Whether an order may travel yet (waiting for payment) or is a test: kept in view, its badges wrap
        // within the column so the shipping view still fits.
        render: (row) => <OrderChips chips={row.chips} isTest={row.isTest} wrap />,
      },
      {
        field: 'orderType',
        header: 'orders.columns.orderType',
        filterType: 'ENUMS',
        defaultVisible: false,
        options: enums(ORDER_TYPES, (type) => t(`orders.orderType.${type}`)),
        render: (row) => t(`orders.orderType.${row.orderType}`, { defaultValue: row.orderType }),
      },
      {
        field: 'deliveryType',
        header: 'orders.columns.deliveryType',
        defaultVisible: false,
        filterType: 'ENUMS',
        options: enums(DELIVERY_METHODS, (m) => t(`orders.deliveryMethod.${m}`)),
        render: (row) =>
          row.deliveryType ? t(`orders.deliveryMethod.${row.deliveryType}`, { defaultValue: row.deliveryType }) : '—',
      },
      {
        field: 'paymentType',
        header: 'orders.columns.paymentType',
        defaultVisible: false,
        filterType: 'ENUMS',
        options: enums(PAYMENT_TYPE_CODES, (c) => `${c} · ${t(`orders.paymentType.${c}`)}`),
        render: (row) => (
          <Text span size="sm" title={row.paymentType}>
            {t(`orders.paymentType.${row.paymentType}`, { defaultValue: row.paymentType })}
          </Text>
        ),
      },
      text('deliveryCity', false),
      {
        field: 'deliveryCountry',
        header: 'orders.columns.deliveryCountry',
        filterType: 'ENUMS',
        defaultVisible: false,
        options: enums(
          availableShopIds(flags).map((id) => MARKETS[id].shortCode),
          (c) => countryName(c, format.locale),
        ),
        render: (row) => countryName(row.deliveryCountry, format.locale),
      },
      {
        field: 'paymentGroup',
        header: 'orders.columns.paymentGroup',
        filterType: 'ENUMS',
        defaultVisible: false,
        options: enums(PAYMENT_GROUPS, (g) => t(`orders.paymentGroup.${g}`)),
        render: (row) => t(`orders.paymentGroup.${row.paymentGroup}`, { defaultValue: row.paymentGroup }),
      },
      {
        field: 'cod',
        header: 'orders.columns.cod',
        filterType: 'NUMBER',
        number: 'decimal',
        align: 'right',
        defaultVisible: false,
        render: (row) => (row.cod ? formatOrderMoney(row.cod, row.currency, format.locale) : '—'),
      },
      {
        field: 'currency',
        header: 'orders.columns.currency',
        filterType: 'ENUMS',
        defaultVisible: false,
        options: enums(CURRENCIES, (c) => c),
      },
      when('shippedAt', false),
      when('deliveredAt', false),
      {
        field: 'parcelCount',
        header: 'orders.columns.parcelCount',
        filterType: 'NUMBER',
        number: 'int4',
        align: 'right',
        defaultVisible: false,
      },
      text('purchaseId', false),
      text('externalId', false),
      { ...text('branchId', false), filterType: undefined },
      flag('isTest'),
      flag('isMallDelivery'),
      flag('readyToReturn'),
      flag('confirmed'),
      ...CHIP_COLUMNS.map(chip),
    ];
  }, [t, format, flags]);
}
