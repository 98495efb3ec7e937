import type { SlaBreach } from '@pp/domain';
import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconGauge } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../app/i18n/format';
import { SLA_TAB_OF } from './slaFormat';
import { SLA_BREACH_PARAM, SLA_TYPE_NAME_OF } from './slaBreach';

/**
 * Above the orders grid opened from an SLA figure: which figure's failed orders these are, with the way back to
 * the figure and to all orders. The filter itself is the grid's permanent one, so the total is the figure.
 */
export function SlaBreachBanner({ breach }: { breach: SlaBreach }) {
  const { t } = useTranslation();
  const format = useFormat();
  const tab = SLA_TAB_OF[SLA_TYPE_NAME_OF[breach.slaType]];
  // Noon UTC: the same calendar day in every time zone the reader may be in.
  const day = (value: string) => format.date(`${value}T12:00:00Z`);
  return (
    <Alert color="yellow" variant="light" icon={<IconGauge size={18} />} data-testid="sla-breach-banner">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">
          {t('sla.breach.banner', {
            indicator: t(`sla.indicators.${tab.key}.title`),
            meaning: t(`sla.indicators.${tab.key}.brokenMeaning`),
            from: day(breach.from),
            to: day(breach.to),
          })}
        </Text>
        <Group gap="md">
          <Anchor component={Link} to={tab.path} size="sm">
            {t('sla.breach.back')}
          </Anchor>
          <Anchor
            component={Link}
            to="."
            search={
              ((prev: Record<string, unknown>) => {
                const { [SLA_BREACH_PARAM]: _breach, ...rest } = prev;
                return rest;
              }) as never
            }
            size="sm"
            data-testid="sla-breach-clear"
          >
            {t('sla.breach.clear')}
          </Anchor>
        </Group>
      </Group>
    </Alert>
  );
}
