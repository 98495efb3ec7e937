import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { absAmount, signOf, useBillingFormat } from './money';

/**
 * An offset's difference, said in words as well as by its sign: positive is paid out to the partner,
 * negative is what the partner pays (the server's diffPrice convention).
 */
export function DiffAmount({ amount, currency }: { amount: string; currency: string }) {
  const { t } = useTranslation();
  const money = useBillingFormat();
  const sign = signOf(amount);
  const label =
    sign > 0 ? t('billing.offset.toPartner') : sign < 0 ? t('billing.offset.byPartner') : t('billing.offset.settled');
  return (
    <Text span size="sm" c={sign > 0 ? 'teal.8' : sign < 0 ? 'red.8' : undefined} style={{ whiteSpace: 'nowrap' }}>
      {money.amount(absAmount(amount), currency)}{' '}
      <Text span size="xs" c="dimmed">
        ({label})
      </Text>
    </Text>
  );
}
