import { PICKING_LIST_MAX } from '@pp/domain';
import { Alert, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useFormat } from '../../app/i18n/format';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useDocumentTitle } from '../../ui/PageFrame';
import classes from './PickingListPage.module.css';
import { OrdersPickingListQuery } from './toolsOperations';

/** The order ids of the page's path (comma-separated), positive integers only, at most PICKING_LIST_MAX. */
export function pickingListIds(param: string | undefined): string[] {
  const ids = (param ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => /^\d{1,16}$/.test(id) && Number(id) > 0);
  return [...new Set(ids)].slice(0, PICKING_LIST_MAX);
}

/**
 * The printable picking list (orders-stock-export/{ids}): for each chosen order what to take from the
 * shelves — article ids, titles, quantities, serial numbers — with a print button; print hides the portal.
 */
export function PickingListPage() {
  const { t } = useTranslation();
  const format = useFormat();
  useDocumentTitle('ordersStockExport');
  const params = useParams({ strict: false }) as { ids?: string };
  const ids = pickingListIds(params.ids);
  const list = useQuery({
    queryKey: ['orders', 'pickingList', ids],
    queryFn: ({ signal }) => api.request(OrdersPickingListQuery, { orderIds: ids }, { signal }),
    enabled: ids.length > 0,
  });
  const orders = list.data?.ordersPickingList ?? [];
  const pieces = orders.reduce((sum, o) => sum + o.items.reduce((s, i) => s + i.quantity, 0), 0);

  return (
    <Stack gap="lg" className={classes.sheet} data-testid="picking-list">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {t('routes.ordersStockExport')}
          </Title>
          {list.isSuccess && (
            <Text size="sm" c="dimmed">
              {t('orders.picking.summary', { orders: orders.length, pieces })}
            </Text>
          )}
        </Stack>
        <Button
          className={classes.noPrint}
          leftSection={<IconPrinter size={16} />}
          onClick={() => window.print()}
          disabled={!list.isSuccess || orders.length === 0}
          data-testid="picking-print"
        >
          {t('orders.picking.print')}
        </Button>
      </Group>
      {ids.length === 0 && <Alert color="orange">{t('orders.picking.noIds')}</Alert>}
      {list.isPending && ids.length > 0 && <Loader size="sm" />}
      {list.isError && <ErrorAlert error={list.error} />}
      {list.isSuccess && orders.length < ids.length && (
        <Text size="sm" c="orange" className={classes.noPrint}>
          {t('orders.picking.missing', { n: ids.length - orders.length })}
        </Text>
      )}
      {orders.map((order) => (
        <Stack key={order.id} gap={6} className={classes.order} data-testid="picking-order">
          <Group gap="lg">
            <Text fw={700}>{t('orders.picking.order', { id: order.id })}</Text>
            {order.purchaseId && <Text size="sm">{order.purchaseId}</Text>}
            <Text size="sm">{order.customerName}</Text>
            <Text size="sm" c="dimmed">
              {format.date(order.createdAt)}
            </Text>
            <Text size="sm" c="dimmed">
              {t('orders.picking.parcels', { n: order.parcelCount })}
            </Text>
          </Group>
          <Table withTableBorder withColumnBorders>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>✓</Table.Th>
                <Table.Th>{t('orders.picking.article')}</Table.Th>
                <Table.Th>{t('orders.picking.title')}</Table.Th>
                <Table.Th w={90}>{t('orders.picking.quantity')}</Table.Th>
                <Table.Th>{t('orders.picking.serialNumbers')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>☐</Table.Td>
                  <Table.Td>{item.partnerArticleId ?? item.articleId ?? '—'}</Table.Td>
                  <Table.Td>{item.title}</Table.Td>
                  <Table.Td fw={700}>{item.quantity}</Table.Td>
                  <Table.Td>{item.serialNumbers.join(', ')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ))}
    </Stack>
  );
}
