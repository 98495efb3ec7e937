import { Alert, Button, Group, Text } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOrderArrivals } from './useOrderArrivals';

/** "3 new orders have arrived — Show": the arrivals wait for the seller's click (useOrderArrivals). */
export function NewOrdersBanner() {
  const { t } = useTranslation();
  const { count, show } = useOrderArrivals();
  if (count === 0) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconBellRinging size={18} aria-hidden />}
      role="status"
      aria-live="polite"
      data-testid="orders-new-arrivals"
      py="xs"
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={500}>
          {t('orders.live.newOrders', { count })}
        </Text>
        <Button size="xs" variant="filled" onClick={show} data-testid="orders-new-arrivals-show">
          {t('orders.live.show')}
        </Button>
      </Group>
    </Alert>
  );
}
