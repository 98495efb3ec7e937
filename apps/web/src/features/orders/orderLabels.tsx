import { type Currency, CURRENCIES, formatMoney, type OrderChip, type OrderStatus } from '@pp/domain';
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Colours a seller learns once: open work blue, on the way violet/cyan, done green, trouble red/orange. */
const STATUS_COLORS: Record<OrderStatus, string> = {
  blocked: 'red',
  open: 'blue',
  shipping: 'violet',
  shipped: 'cyan',
  delivered: 'green',
  cancelled: 'gray',
  returned: 'orange',
  lost: 'red',
};

export function statusColor(status: string): string {
  return STATUS_COLORS[status as OrderStatus] ?? 'gray';
}

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={statusColor(status)} miw="max-content" data-testid="order-status">
      {t(`orders.status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

const CHIP_COLORS: Record<OrderChip, string> = {
  cashOnDelivery: 'orange',
  deliveryToAddress: 'blue',
  mallDelivery: 'grape',
  personalPickup: 'teal',
  readyToReturn: 'red',
  waitingForPayment: 'yellow',
};

/**
 * `wrap`: the badges wrap onto further lines within a narrow column (the grid) instead of widening it; a
 * label longer than the column ends in an ellipsis and says itself whole on hover.
 */
export function OrderChips({ chips, isTest, wrap }: { chips: readonly string[]; isTest?: boolean; wrap?: boolean }) {
  const { t } = useTranslation();
  if (!chips.length && !isTest) return '—';
  return (
    <Group gap={4} wrap={wrap ? 'wrap' : 'nowrap'} maw={wrap ? 180 : undefined} miw={wrap ? 110 : undefined}>
      {isTest && (
        <Badge size="xs" variant="filled" color="dark" tt="none" miw="max-content" data-testid="order-test-badge">
          {t('orders.grid.testBadge')}
        </Badge>
      )}
      {chips.map((chip) => (
        <Badge
          key={chip}
          size="xs"
          variant="light"
          color={CHIP_COLORS[chip as OrderChip] ?? 'gray'}
          tt="none"
          miw={wrap ? undefined : 'max-content'}
          maw={wrap ? '100%' : undefined}
          title={wrap ? t(`orders.chips.${chip}`, { defaultValue: chip }) : undefined}
        >
          {t(`orders.chips.${chip}`, { defaultValue: chip })}
        </Badge>
      ))}
    </Group>
  );
}

/** An amount in the order's currency; a code outside the markets' list is printed beside the number. */
export function formatOrderMoney(amount: number, currency: string, locale: string): string {
  if ((CURRENCIES as readonly string[]).includes(currency)) return formatMoney(amount, currency as Currency, locale);
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(amount)} ${currency}`;
}

/** Country names in the reader's language, from the browser's own list (no texts of ours to translate). */
export function countryName(code: string | null | undefined, locale: string): string {
  if (!code) return '—';
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
