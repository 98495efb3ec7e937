import { Alert, Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/api';
import { usePermission } from '../../../app/session/permission';
import { WAREHOUSE_KEY, WarehouseSettingsQuery } from './operations';

/**
 * Says so where orders are handled when the shop has switched cash on delivery off (its warehouse settings):
 * new orders then come without COD. Nothing is shown to an account that may not read the deliveries settings.
 */
export function CodOffNotice() {
  const { t } = useTranslation();
  const mayRead = usePermission('deliveries', 'read').allowed;
  const settings = useQuery({
    queryKey: WAREHOUSE_KEY,
    queryFn: () => api.request(WarehouseSettingsQuery, {}).then((r) => r.warehouseSettings),
    enabled: mayRead,
    staleTime: 60_000,
  });
  if (!settings.data?.codPaymentDisabled) return null;
  return (
    <Alert color="yellow" variant="light" data-testid="cod-off-notice">
      {t('deliveries.warehouse.codOff')}{' '}
      <Anchor component={Link} to="/deliveries/warehouse" size="sm">
        {t('deliveries.warehouse.codOffLink')}
      </Anchor>
    </Alert>
  );
}
