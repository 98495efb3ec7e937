import { DELIVERY_KINDS, METHOD_PACKAGE_SIZES, PRICING_TYPES } from '@pp/domain';
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { useFormat } from '../../../app/i18n/format';
import { usePermission } from '../../../app/session/permission';
import { DataGrid, type DataGridColumn } from '../../../ui/DataGrid/DataGrid';
import { useDocumentTitle } from '../../../ui/PageFrame';
import { PermissionGate } from '../../../ui/PermissionGate';
import { DeliveryAlerts } from '../DeliveryAlerts';
import { ConfirmDelete } from '../../onboarding/steps/settings/ConfirmDelete';
import { RowActions, useRemoveSetting } from '../../onboarding/steps/settings/editing';
import { refreshMethods } from './MethodForm';
import { DeleteDeliveryMethodMutation, DeliveriesGridQuery, type DeliveryMethodRow, METHODS_KEY } from './operations';
import { useMethodRules } from './useMethodRules';
import { usePartnerMarket } from './usePartnerMarket';

/** The deliveries overview (`/deliveries`): the partner's delivery methods as a grid, cards on a phone. */
export function MethodsPage() {
  const { t } = useTranslation();
  useDocumentTitle('deliveries');
  const format = useFormat();
  const navigate = useNavigate();
  const market = usePartnerMarket();
  const create = usePermission('deliveries', 'create');
  const update = usePermission('deliveries', 'update');
  const del = usePermission('deliveries', 'delete');
  // Open orders or an active MALL Delivery keep a method: its delete button says so before any click.
  const rules = useMethodRules();
  const [deleting, setDeleting] = useState<DeliveryMethodRow | null>(null);
  const remove = useRemoveSetting(
    (id) => api.request(DeleteDeliveryMethodMutation, { id }),
    t('deliveries.deleted'),
    () => setDeleting(null),
    refreshMethods,
  );
  const currency = market?.currency;

  const columns = useMemo((): DataGridColumn<DeliveryMethodRow>[] => {
    const money = (value: number | null) => (value === null || !currency ? '—' : format.money(value, currency));
    return [
      {
        field: 'title',
        header: 'deliveries.methods.fields.title',
        filterType: 'TEXT',
        sortable: true,
        render: (row) => (
          <Anchor
            size="sm"
            fw={500}
            renderRoot={(props) => <Link {...props} to="/deliveries/detail/{-$id}" params={{ id: row.id }} />}
          >
            {row.title}
          </Anchor>
        ),
      },
      { field: 'code', header: 'deliveries.methods.fields.code', filterType: 'TEXT', sortable: true },
      { field: 'transport', header: 'deliveries.methods.fields.transport', filterType: 'TEXT', sortable: true },
      {
        field: 'price',
        header: 'deliveries.fields.price',
        filterType: 'NUMBER',
        number: 'decimal',
        sortable: true,
        align: 'right',
        render: (row) => money(row.price),
      },
      {
        field: 'pricing',
        header: 'deliveries.methods.fields.pricing',
        filterType: 'ENUMS',
        options: PRICING_TYPES.map((p) => ({ value: p, label: t(`deliveries.methods.pricing.${p}`) })),
        sortable: true,
        render: (row) =>
          row.pricing === 'FIXED'
            ? t('deliveries.methods.pricing.FIXED')
            : `${t(`deliveries.methods.pricing.${row.pricing}`)} · ${row.priceLevels.length}`,
      },
      {
        field: 'codPrice',
        header: 'deliveries.fields.codPrice',
        filterType: 'NUMBER',
        number: 'decimal',
        sortable: true,
        align: 'right',
        defaultVisible: false,
        render: (row) => money(row.codPrice),
      },
      {
        field: 'freeLimit',
        header: 'deliveries.fields.freeLimit',
        filterType: 'NUMBER',
        number: 'decimal',
        sortable: true,
        align: 'right',
        render: (row) => money(row.freeLimit),
      },
      {
        field: 'deliveryDelay',
        header: 'deliveries.fields.deliveryDelay',
        filterType: 'NUMBER',
        sortable: true,
        align: 'right',
      },
      {
        field: 'packageSize',
        header: 'deliveries.methods.fields.packageSize',
        filterType: 'ENUMS',
        options: METHOD_PACKAGE_SIZES.map((s) => ({ value: s, label: t(`deliveries.methods.packageSizes.${s}`) })),
        sortable: true,
        render: (row) =>
          row.packageSize
            ? t(`deliveries.methods.packageSizes.${row.packageSize}`)
            : t('deliveries.methods.packageSizes.any'),
      },
      {
        field: 'deliveryKind',
        header: 'deliveries.methods.fields.deliveryKind',
        filterType: 'ENUMS',
        options: DELIVERY_KINDS.map((k) => ({ value: k, label: t(`deliveries.methods.kinds.${k}`) })),
        sortable: true,
        defaultVisible: false,
        render: (row) => t(`deliveries.methods.kinds.${row.deliveryKind}`),
      },
      {
        field: 'isPickupPoint',
        header: 'deliveries.methods.fields.isPickupPoint',
        filterType: 'BOOLEAN',
        sortable: true,
        render: (row) => (row.isPickupPoint ? t('deliveries.methods.yes') : t('deliveries.methods.no')),
      },
      {
        field: 'priority',
        header: 'deliveries.methods.fields.priority',
        filterType: 'NUMBER',
        sortable: true,
        defaultVisible: false,
      },
      {
        field: 'openOrders',
        header: 'deliveries.methods.fields.openOrders',
        align: 'right',
        render: (row) => format.number(row.openOrders),
      },
      {
        field: 'mdpAllowed',
        header: 'deliveries.methods.fields.mdpAllowed',
        filterType: 'BOOLEAN',
        sortable: true,
        render: (row) =>
          row.mdpAllowed ? (
            <Badge variant="light" color="orange" tt="none">
              {row.mallDeliveryType
                ? t(`deliveries.methods.mallTypes.${row.mallDeliveryType}`)
                : t('deliveries.methods.yes')}
            </Badge>
          ) : (
            t('deliveries.methods.no')
          ),
      },
    ];
  }, [t, currency, format]);

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Text size="sm" c="dimmed" maw={720}>
          {t('deliveries.methods.intro')}
        </Text>
        <PermissionGate permission={create}>
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => void navigate({ to: '/deliveries/detail/{-$id}', params: { id: undefined } })}
          >
            {t('deliveries.methods.create')}
          </Button>
        </PermissionGate>
      </Group>
      <DeliveryAlerts />
      <DataGrid
        id="delivery-methods"
        columns={columns}
        queryKey={METHODS_KEY}
        rowKey={(row) => row.id}
        card={{
          title: 'title',
          subtitle: ['transport', 'code'],
          fields: ['price', 'pricing', 'deliveryDelay', 'packageSize'],
        }}
        fetch={(grid, signal) => api.request(DeliveriesGridQuery, { grid }, { signal }).then((r) => r.deliveriesGrid)}
        rowActions={
          update.allowed || del.allowed
            ? (row) => (
                <RowActions
                  editLabel={t('deliveries.edit', { carrier: row.title })}
                  deleteLabel={t('deliveries.delete', { carrier: row.title })}
                  onEdit={() => void navigate({ to: '/deliveries/detail/{-$id}', params: { id: row.id } })}
                  onDelete={() => setDeleting(row)}
                  deletePermission={rules.deletePermission(row)}
                />
              )
            : undefined
        }
      />
      <ConfirmDelete
        opened={deleting !== null}
        text={t('deliveries.confirmDelete', { carrier: deleting?.title ?? '' })}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
