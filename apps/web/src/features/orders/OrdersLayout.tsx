import { Badge, Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileImport, IconFlask } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useFormat } from '../../app/i18n/format';
import { usePermission } from '../../app/session/permission';
import { PermissionGate } from '../../ui/PermissionGate';
import { activeTab } from '../../ui/SectionTabs';
import { ImportStatusesDialog } from './ImportStatusesDialog';
import { NewOrdersBanner } from './NewOrdersBanner';
import { type OrderStatusCounts, OrderStatusCountsQuery } from './operations';
import { CodOffNotice } from '../deliveries/warehouse/CodOffNotice';
import { TestOrderDialog } from './TestOrderDialog';
import { useOrdersLive } from './useOrdersLive';

/** The tabs of the orders area (spec §2), each with its count. */
export const ORDER_TABS = [
  { to: '/orders', label: 'orders.tabs.all', count: 'all' },
  { to: '/orders/open-status', label: 'orders.tabs.open', count: 'open' },
  { to: '/orders/shipping-status', label: 'orders.tabs.shipping', count: 'shipping' },
  { to: '/orders/shipped-status', label: 'orders.tabs.shipped', count: 'shipped' },
  { to: '/orders/delivered-status', label: 'orders.tabs.delivered', count: 'delivered' },
  { to: '/orders/missing-statuses', label: 'orders.tabs.missing', count: 'missing' },
] as const satisfies readonly { to: string; label: string; count: keyof OrderStatusCounts }[];

export const orderStatusCountsQuery = {
  queryKey: ['orderStatusCounts'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.request(OrderStatusCountsQuery, {}, { signal }).then((r) => r.orderStatusCounts),
};

export function OrdersLayout() {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const counts = useQuery(orderStatusCountsQuery);
  const [importOpened, importDialog] = useDisclosure(false);
  const [testOpened, testDialog] = useDisclosure(false);
  const mayImport = usePermission('orders', 'update');
  const mayCreateTest = usePermission('orders', 'create');
  useOrdersLive();

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('routes.orders')}
        </Title>
        <Group gap="xs">
          <PermissionGate permission={mayImport}>
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} />}
              onClick={importDialog.open}
              data-testid="orders-import-statuses"
            >
              {t('orders.toolbar.importStatuses')}
            </Button>
          </PermissionGate>
          <PermissionGate permission={mayCreateTest}>
            <Button
              variant="default"
              leftSection={<IconFlask size={16} />}
              onClick={testDialog.open}
              data-testid="orders-test-order"
            >
              {t('orders.toolbar.createTestOrder')}
            </Button>
          </PermissionGate>
        </Group>
      </Group>
      <Tabs
        value={activeTab(ORDER_TABS, pathname)}
        onChange={(to) => {
          if (to) void navigate({ to });
        }}
        keepMounted={false}
      >
        <Tabs.List style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
          {ORDER_TABS.map((tab) => {
            const count = counts.data?.[tab.count];
            return (
              <Tabs.Tab
                key={tab.to}
                value={tab.to}
                data-testid={`tab-${tab.to}`}
                rightSection={
                  count === undefined ? null : (
                    <Badge
                      size="sm"
                      variant={tab.count === 'missing' && count > 0 ? 'filled' : 'light'}
                      color={tab.count === 'missing' && count > 0 ? 'red' : 'gray'}
                      miw="max-content"
                      data-testid={`tab-count-${tab.count}`}
                    >
                      {format.number(count)}
                    </Badge>
                  )
                }
                style={{ whiteSpace: 'nowrap', flexShrink: 0 }}
              >
                {t(tab.label)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
      </Tabs>
      <NewOrdersBanner />
      <CodOffNotice />
      <Outlet />
      <ImportStatusesDialog opened={importOpened} onClose={importDialog.close} />
      <TestOrderDialog opened={testOpened} onClose={testDialog.close} />
    </Stack>
  );
}
