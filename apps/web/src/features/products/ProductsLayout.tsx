import { Badge, Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileExport, IconFileImport, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage } from '../../app/api/apiError';
import { useFormat } from '../../app/i18n/format';
import { canAccess } from '../../app/session/access';
import { useSession } from '../../app/session/session';
import { flash } from '../../ui/flash';
import { activeTab } from '../../ui/SectionTabs';
import { downloadStoredFile } from '../../app/api/files';
import { ActivateAllButton } from './ActivateAllButton';
import { ImportDialog } from './ImportDialog';
import { type ProductCounts, ProductCountsQuery } from './operations';
import { useProductsLive } from './useProductsLive';

/** The tabs of the products area (spec §2), each with its count. */
export const PRODUCT_TABS = [
  { to: '/products', label: 'products.grid.tabs.all', count: 'all' },
  { to: '/products/sold-out', label: 'products.grid.tabs.soldOut', count: 'soldOut' },
  { to: '/products/last-items', label: 'products.grid.tabs.lastItems', count: 'lastItems' },
  { to: '/products/blocked', label: 'products.grid.tabs.blocked', count: 'blocked' },
  { to: '/products/errors', label: 'products.grid.tabs.errors', count: 'errors' },
] as const satisfies readonly { to: string; label: string; count: keyof ProductCounts }[];

/** Tabs whose non-zero count asks for attention. */
const ALERT_TABS: readonly (keyof ProductCounts)[] = ['blocked', 'errors'];

const EXPORT_URL = '/portal/export/partner-products';

export function ProductsLayout() {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const session = useSession();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const counts = useQuery({
    queryKey: ['productCounts'],
    queryFn: ({ signal }) => api.request(ProductCountsQuery, {}, { signal }).then((r) => r.productCounts),
  });
  const [importOpened, importDialog] = useDisclosure(false);
  const exportFile = useMutation({
    mutationFn: () => downloadStoredFile(EXPORT_URL, 'products.xml'),
    onError: (error) => flash.error(errorMessage(error, t)),
  });
  useProductsLive();
  const canCreate = canAccess(session, 'products', 'create');
  const canUpdate = canAccess(session, 'products', 'update');

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('routes.products')}
        </Title>
        <Group gap="xs" wrap="wrap">
          {canCreate && (
            <Button
              leftSection={<IconPlus size={16} />}
              renderRoot={(props) => <Link {...props} to="/products/detail/{-$id}" params={{ id: undefined }} />}
              data-testid="products-new"
            >
              {t('products.grid.newProduct')}
            </Button>
          )}
          {canUpdate && <ActivateAllButton />}
          {canCreate && canUpdate && (
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} />}
              onClick={importDialog.open}
              data-testid="products-import"
            >
              {t('products.import.open')}
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconFileExport size={16} />}
            loading={exportFile.isPending}
            onClick={() => exportFile.mutate()}
            data-testid="products-export"
          >
            {t('products.grid.export')}
          </Button>
        </Group>
      </Group>
      <Tabs
        value={activeTab(PRODUCT_TABS, pathname)}
        onChange={(to) => {
          if (to) void navigate({ to });
        }}
        keepMounted={false}
      >
        <Tabs.List style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
          {PRODUCT_TABS.map((tab) => {
            const count = counts.data?.[tab.count];
            const alert = ALERT_TABS.includes(tab.count) && !!count;
            return (
              <Tabs.Tab
                key={tab.to}
                value={tab.to}
                data-testid={`tab-${tab.to}`}
                rightSection={
                  count === undefined ? null : (
                    <Badge
                      size="sm"
                      variant={alert ? 'filled' : 'light'}
                      color={alert ? 'red' : 'gray'}
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
      <Outlet />
      <ImportDialog opened={importOpened} onClose={importDialog.close} />
    </Stack>
  );
}
