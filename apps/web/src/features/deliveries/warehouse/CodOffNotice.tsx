import { Alert, Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../app/session/permission';
import { useWarehouseSettings } from './useWarehouseSettings';

/**
 * Says so where orders are handled and on a product's page when the shop has switched cash on delivery off
 * (its warehouse settings): customers cannot pay on delivery. Follows a change made elsewhere at once (the
 * stream). Nothing is shown to an account that may not read the deliveries settings.
 */
export function CodOffNotice() {
  const { t } = useTranslation();
  const mayRead = usePermission('deliveries', 'read').allowed;
  // Kept a minute: the stream reloads it when it changes, so a page change need not ask again.
  const settings = useWarehouseSettings({ enabled: mayRead, staleTime: 60_000 });
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
