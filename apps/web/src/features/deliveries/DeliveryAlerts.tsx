import { Alert, Anchor, Group, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useFormat } from '../../app/i18n/format';
import { canAccess } from '../../app/session/access';
import { useSession } from '../../app/session/session';
import { writeGridUrlState } from '../../ui/DataGrid/gridState';
import { type DeliveryAlertRow, DeliveryAlertsQuery } from './checksOperations';
import { packageSizeLabel } from './deliveryCheckText';

/** The products grid with its "delivery" filter set to exactly an alert's products (ui/DataGrid/gridState). */
function productsSearch(alert: DeliveryAlertRow) {
  return writeGridUrlState(
    {},
    { filters: [{ field: 'delivery', operator: 'IN', values: [alert.filter] }], sort: null, page: 1, search: '' },
  );
}

/**
 * The deliveries page's alerts (spec §7 "alerts"): what keeps the partner's products from being delivered,
 * each with how many products and a link to the products grid filtered to exactly them. Nothing to say,
 * nothing shown. Refreshed with the methods: its key starts with 'deliveries'.
 */
export function DeliveryAlerts() {
  const { t } = useTranslation();
  const format = useFormat();
  const session = useSession();
  const query = useQuery({
    queryKey: ['deliveries', 'alerts'],
    queryFn: ({ signal }) => api.request(DeliveryAlertsQuery, {}, { signal }).then((r) => r.deliveryAlerts),
  });
  const alerts = query.data ?? [];
  if (!alerts.length) return null;
  const canSeeProducts = canAccess(session, 'products', 'read');
  const severe = alerts.some((a) => a.kind === 'NO_METHOD' || a.kind === 'UNDELIVERABLE');
  return (
    <Alert
      variant="light"
      color={severe ? 'red' : 'yellow'}
      title={t('deliveries.alerts.title')}
      icon={<IconAlertTriangle size={18} aria-hidden />}
      data-testid="delivery-alerts"
    >
      <List size="sm" spacing={4}>
        {alerts.map((alert) => (
          <List.Item key={`${alert.kind}-${alert.packageSize ?? ''}`} data-testid={`delivery-alert-${alert.filter}`}>
            <Group gap="xs" wrap="wrap">
              <Text size="sm" span>
                {t(`deliveries.alerts.${alert.kind}`, {
                  count: alert.count,
                  formattedCount: format.number(alert.count),
                  size: packageSizeLabel(alert.packageSize, t),
                })}
              </Text>
              {canSeeProducts && alert.count > 0 && (
                <Anchor
                  component={Link}
                  to="/products"
                  search={productsSearch(alert) as never}
                  size="sm"
                  data-testid="delivery-alert-link"
                >
                  {t('deliveries.alerts.show')}
                </Anchor>
              )}
            </Group>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
